// The glue between JavaScript and oware_web.wasm: requests go in as text
// through memory the module hands out (oware_alloc), answers come back as
// JSON (oware_output). Events of a search arrive through the imported
// env.oware_event while the search runs.
//
// The file is fetched and compiled once, on the page (`engineModule`); the
// compiled module is posted to each worker (a WebAssembly.Module can be
// cloned into a worker), which makes an instance of its own
// (`engineFromPage`): one download, one compilation, whatever restarts.

/** @import { SearchEvent, Info, StateAnswer, SearchAnswer, SaveAnswer, OpenAnswer, BuildAnswer, ProbeAnswer, PuzzleAnswer, ProveAnswer, PracticeAnswer, PracticeGrades } from './messages.js' */
/** @import { StateText, SearchText, SaveText, ProbeText, PuzzleText, ProveText, PracticeText } from './messages.js' */

/**
 * What oware_web.wasm exports (wasm.rs): its memory, a buffer for a
 * request (`oware_alloc(len)`, its address) and the last answer's address
 * (`oware_output()`); each call takes a request's address and length and
 * returns the answer's length.
 * @typedef {object} EngineExports
 * @property {WebAssembly.Memory} memory
 * @property {(len: number) => number} oware_alloc
 * @property {() => number} oware_output
 * @property {() => number} oware_info
 * @property {(ptr: number, len: number) => number} oware_state
 * @property {(ptr: number, len: number) => number} oware_search
 * @property {() => void} oware_new_game
 * @property {(ptr: number, len: number) => number} oware_save
 * @property {(ptr: number, len: number) => number} oware_open
 * @property {(ptr: number, len: number) => number} oware_use_endgames
 * @property {(ptr: number, len: number) => number} oware_read_endgame_slice
 * @property {() => number} oware_grow_endgames
 * @property {(seeds: number) => number} oware_endgame_file
 * @property {() => number} oware_bytes
 * @property {(ptr: number, len: number) => number} oware_probe
 * @property {(ptr: number, len: number) => number} oware_puzzle
 * @property {(ptr: number, len: number) => number} oware_prove
 * @property {() => number} oware_practice_grades
 * @property {(ptr: number, len: number) => number} oware_practice
 */

/**
 * The engine as the page and the workers call it (see `loadEngine`): each
 * request is text (the requests of a game, a search, a save, a probe, a
 * puzzle and a proof only as requests.js writes them), each answer the module's JSON, parsed.
 * @typedef {object} Engine
 * @property {() => Info} info
 * @property {(request: StateText) => StateAnswer} state
 * @property {(request: SearchText) => SearchAnswer} search
 * @property {() => void} newGame
 * @property {(request: SaveText) => SaveAnswer} save
 * @property {(ogn: string) => OpenAnswer} open
 * @property {(rules: string) => BuildAnswer} useEndgames
 * @property {(file: Uint8Array) => BuildAnswer} readEndgameSlice
 * @property {() => BuildAnswer} growEndgames
 * @property {(seeds: number) => Uint8Array | null} endgameFile
 * @property {(request: ProbeText) => ProbeAnswer} probe
 * @property {(request: PuzzleText) => PuzzleAnswer} puzzle
 * @property {(request: ProveText) => ProveAnswer} prove
 * @property {() => PracticeGrades} practiceGrades
 * @property {(request: PracticeText) => PracticeAnswer} practice
 */

/** The compiled engine and an unread copy of the response it came in. @typedef {{ module: WebAssembly.Module, copy: Response }} Compiled */

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * A module of one function, `i32.const 0; i32x4.splat`, returning a v128:
 * it validates only where the browser has WebAssembly SIMD (the probe
 * wasm-feature-detect makes, written out here: sections type, function
 * and code).
 */
const SIMD_PROBE = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 8, 1, 6, 0, 65, 0, 253, 17, 11]);

/**
 * The engine's file, beside the page: the build with WebAssembly SIMD
 * (`simd128`, as every current browser has), or, in a browser without it,
 * the one without (`cargo xtask site` builds both).
 */
export const ENGINE_URL = WebAssembly.validate(SIMD_PROBE) ? 'oware_web.wasm' : 'oware_web_nosimd.wasm';

/** @type {Promise<Compiled> | null} */
let compiled = null;

/**
 * On the page: { module, copy }, the engine compiled from ENGINE_URL, and
 * an unread copy of the response it came in (for the service worker to
 * keep: see offline.js). Fetched and compiled at the first call only.
 */
export function engineModule() {
  compiled ??= compileEngine(ENGINE_URL);
  return compiled;
}

/** @param {string} url @returns {Promise<Compiled>} */
async function compileEngine(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`could not load ${url}: ${response.status}`);
  const copy = response.clone();
  try {
    return { module: await WebAssembly.compileStreaming(response), copy };
  } catch {
    // A host that serves .wasm with the wrong type: compile from bytes.
    return { module: await WebAssembly.compile(await copy.clone().arrayBuffer()), copy };
  }
}

/**
 * In a worker: the engine (see `loadEngine`) made from the compiled module
 * the page posts first ({ module }). `onEvent` receives each search event.
 * @param {(event: SearchEvent) => void} [onEvent]
 * @returns {Promise<Engine>}
 */
export function engineFromPage(onEvent) {
  return new Promise((resolve, reject) => {
    /** @param {MessageEvent} message */
    const take = ({ data }) => {
      if (!(data?.module instanceof WebAssembly.Module)) return;
      removeEventListener('message', take);
      loadEngine(data.module, onEvent).then(resolve, reject);
    };
    addEventListener('message', take);
  });
}

/**
 * An instance of the compiled `module`. `onEvent` receives each search
 * event, parsed. Returns { info(), state(request), search(request),
 * newGame(), save(request), open(ogn), the endgame database's
 * useEndgames(rules), readEndgameSlice(file), growEndgames(),
 * endgameFile(seeds), and probe(request) }. `info()` gives the page's
 * choices: { levels: { min, max }, endgameSeeds, endgameMaxSeeds, rules:
 * [{ name, about }] }.
 * @param {WebAssembly.Module} module
 * @param {(event: SearchEvent) => void} [onEvent]
 * @returns {Promise<Engine>}
 */
export async function loadEngine(module, onEvent = () => {}) {
  /** The module's memory: set once the instance is made, before any call reads it. @type {WebAssembly.Memory} */
  let memory;
  /** @type {(ptr: number, len: number) => string} */
  const read = (ptr, len) => decoder.decode(new Uint8Array(memory.buffer, ptr, len));
  const imports = {
    env: {
      /** @type {(ptr: number, len: number) => void} */
      oware_event: (ptr, len) => onEvent(JSON.parse(read(ptr, len))),
      oware_now_ms: () => performance.now(),
    },
  };
  const instance = await WebAssembly.instantiate(module, imports);
  // The module's exports are what wasm.rs declares: the one place their
  // types are taken on trust.
  const exports = /** @type {EngineExports} */ (/** @type {unknown} */ (instance.exports));
  memory = exports.memory;

  /**
   * Writes `text` where the module says, calls `fn` with it, and parses the
   * answer (whose shape is the caller's `T`, as messages.js writes it).
   * @template T
   * @param {(ptr: number, len: number) => number} fn
   * @param {string} text
   * @returns {T}
   */
  const call = (fn, text) => callWith(fn, encoder.encode(text));

  /**
   * `call` with bytes rather than text (a slice file).
   * @template T
   * @param {(ptr: number, len: number) => number} fn
   * @param {Uint8Array} bytes
   * @returns {T}
   */
  const callWith = (fn, bytes) => {
    const ptr = exports.oware_alloc(bytes.length);
    new Uint8Array(memory.buffer, ptr, bytes.length).set(bytes);
    const len = fn(ptr, bytes.length);
    return JSON.parse(read(exports.oware_output(), len));
  };

  /** @type {Engine} */
  const engine = {
    info: () => {
      const len = exports.oware_info();
      return JSON.parse(read(exports.oware_output(), len));
    },
    state: (request) => call(exports.oware_state, request),
    search: (request) => call(exports.oware_search, request),
    newGame: () => exports.oware_new_game(),
    save: (request) => call(exports.oware_save, request),
    open: (text) => call(exports.oware_open, text),
    useEndgames: (rules) => call(exports.oware_use_endgames, rules),
    readEndgameSlice: (file) => callWith(exports.oware_read_endgame_slice, file),
    growEndgames: () => {
      const len = exports.oware_grow_endgames();
      return JSON.parse(read(exports.oware_output(), len));
    },
    endgameFile: (seeds) => {
      const len = exports.oware_endgame_file(seeds);
      // A copy: the module's memory moves when it grows.
      return len === 0 ? null : new Uint8Array(memory.buffer, exports.oware_bytes(), len).slice();
    },
    probe: (request) => call(exports.oware_probe, request),
    puzzle: (request) => call(exports.oware_puzzle, request),
    prove: (request) => call(exports.oware_prove, request),
    practiceGrades: () => {
      const len = exports.oware_practice_grades();
      return JSON.parse(read(exports.oware_output(), len));
    },
    practice: (request) => call(exports.oware_practice, request),
  };
  return engine;
}
