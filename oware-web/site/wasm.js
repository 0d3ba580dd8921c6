// The glue between JavaScript and oware_web.wasm: requests go in as text
// through memory the module hands out (oware_alloc), answers come back as
// JSON (oware_output). Events of a search arrive through the imported
// env.oware_event while the search runs.
//
// The file is fetched and compiled once, on the page (`engineModule`); the
// compiled module is posted to each worker (a WebAssembly.Module can be
// cloned into a worker), which makes an instance of its own
// (`engineFromPage`): one download, one compilation, whatever restarts.

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The engine's file, beside the page. */
export const ENGINE_URL = 'oware_web.wasm';

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
 */
export function engineFromPage(onEvent) {
  return new Promise((resolve, reject) => {
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
 * newGame(), save(request), open(ogn), buildEndgames(seeds, rules),
 * probe(request) }. `info()` gives the page's choices: { levels: { min,
 * max }, endgameSeeds, rules: [{ name, about }] }.
 */
export async function loadEngine(module, onEvent = () => {}) {
  let memory = null;
  const read = (ptr, len) => decoder.decode(new Uint8Array(memory.buffer, ptr, len));
  const imports = {
    env: {
      oware_event: (ptr, len) => onEvent(JSON.parse(read(ptr, len))),
      oware_now_ms: () => performance.now(),
    },
  };
  const instance = await WebAssembly.instantiate(module, imports);
  const exports = instance.exports;
  memory = exports.memory;

  const call = (fn, text) => {
    const bytes = encoder.encode(text);
    const ptr = exports.oware_alloc(bytes.length);
    new Uint8Array(memory.buffer, ptr, bytes.length).set(bytes);
    const len = fn(ptr, bytes.length);
    return JSON.parse(read(exports.oware_output(), len));
  };

  return {
    info: () => {
      const len = exports.oware_info();
      return JSON.parse(read(exports.oware_output(), len));
    },
    state: (request) => call(exports.oware_state, request),
    search: (request) => call(exports.oware_search, request),
    newGame: () => exports.oware_new_game(),
    save: (request) => call(exports.oware_save, request),
    open: (text) => call(exports.oware_open, text),
    buildEndgames: (seeds, rules) => call((ptr, len) => exports.oware_build_endgames(seeds, ptr, len), rules),
    probe: (request) => call(exports.oware_probe, request),
  };
}
