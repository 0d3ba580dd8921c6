// The glue between JavaScript and oware_web.wasm: requests go in as text
// through memory the module hands out (oware_alloc), answers come back as
// JSON (oware_output). Events of a search arrive through the imported
// env.oware_event while the search runs.

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Loads the module at `url`. `onEvent` receives each search event, parsed.
 * Returns { info(), state(request), search(request), newGame(),
 * save(request), open(ogn), buildEndgames(seeds, rules), probe(request) }.
 * `info()` gives the page's choices: { levels: { min, max }, endgameSeeds,
 * rules: [{ name, about }] }.
 */
export async function loadEngine(url, onEvent = () => {}) {
  let memory = null;
  const read = (ptr, len) => decoder.decode(new Uint8Array(memory.buffer, ptr, len));
  const imports = {
    env: {
      oware_event: (ptr, len) => onEvent(JSON.parse(read(ptr, len))),
      oware_now_ms: () => performance.now(),
    },
  };
  let instance;
  try {
    ({ instance } = await WebAssembly.instantiateStreaming(fetch(url), imports));
  } catch (streamingError) {
    // A host that serves .wasm with the wrong type: compile from bytes.
    const response = await fetch(url);
    if (!response.ok) throw new Error(`could not load ${url}: ${response.status}`);
    ({ instance } = await WebAssembly.instantiate(await response.arrayBuffer(), imports));
  }
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
