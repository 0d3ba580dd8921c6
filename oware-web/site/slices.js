// The endgame database's kept files, one a seed count as oware-egdb writes
// them (`abapa-07.egdb`), in the Origin Private File System, or in
// IndexedDB where that is missing: where they are, and how they are read
// back into a database, each checked in full by the module. Both workers
// read them this way: the endgame worker (endgame-worker.js), which
// builds, writes and deletes them, and the search's worker (worker.js),
// which only reads them, so that the bot plays with what is kept.

/** @import { BuildAnswer } from './messages.js' */
/** @import { Engine } from './wasm.js' */

/**
 * Where the slice files are kept: a folder of the Origin Private File
 * System, or an IndexedDB store, behind the same four calls.
 * @typedef {object} Store
 * @property {(name: string) => Promise<Uint8Array | null>} read
 * @property {(name: string, bytes: Uint8Array) => Promise<void>} write
 * @property {(name: string) => Promise<void>} remove
 * @property {() => Promise<void>} clear
 */

/** A database the module holds (its answer). @typedef {BuildAnswer & { ok: true, ruleset: string, seeds: number }} Held */

/** The folder of the Origin Private File System the files are kept in. */
const FOLDER = 'endgames';

/** The kept files in the Origin Private File System's FOLDER. @returns {Promise<Store>} */
async function fileSystemStore() {
  const root = await navigator.storage.getDirectory();
  // Looked up at each call, made only by a write: a reader never creates
  // it, and sees it once the writer has.
  /** @param {boolean} create */
  const folder = (create) => root.getDirectoryHandle(FOLDER, { create });
  return {
    async read(name) {
      try {
        const file = await (await (await folder(false)).getFileHandle(name)).getFile();
        return new Uint8Array(await file.arrayBuffer());
      } catch {
        return null;
      }
    },
    async write(name, bytes) {
      const handle = await (await (await folder(true)).getFileHandle(name, { create: true })).createSyncAccessHandle();
      try {
        handle.truncate(0);
        handle.write(bytes, { at: 0 });
        handle.flush();
      } finally {
        handle.close();
      }
    },
    async remove(name) {
      try {
        await (await folder(false)).removeEntry(name);
      } catch {
        // Not there: nothing to remove.
      }
    },
    async clear() {
      await root.removeEntry(FOLDER, { recursive: true }).catch((error) => {
        if (error?.name !== 'NotFoundError') throw error;
      });
    },
  };
}

/** The kept files in IndexedDB, for a browser without the Origin Private File System. @returns {Promise<Store>} */
async function indexedStore() {
  /** @type {IDBDatabase} */
  const db = await new Promise((resolve, reject) => {
    const request = indexedDB.open('oware-endgames', 1);
    request.onupgradeneeded = () => request.result.createObjectStore('slices');
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  /**
   * @param {IDBTransactionMode} mode
   * @param {(store: IDBObjectStore) => IDBRequest} act
   * @returns {Promise<any>}
   */
  const run = (mode, act) => new Promise((resolve, reject) => {
    const request = act(db.transaction('slices', mode).objectStore('slices'));
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  return {
    read: async (name) => {
      const found = await run('readonly', (s) => s.get(name));
      return found instanceof Uint8Array ? found : null;
    },
    write: (name, bytes) => run('readwrite', (s) => s.put(bytes, name)),
    remove: (name) => run('readwrite', (s) => s.delete(name)),
    clear: () => run('readwrite', (s) => s.clear()),
  };
}

/**
 * The store, or why nothing can be kept: the Origin Private File System
 * where the browser can write it from a worker, else IndexedDB (both
 * workers see the same browser, so both pick the same one).
 * @returns {Promise<Store | string>}
 */
export async function openStore() {
  const why = [];
  if (typeof FileSystemFileHandle !== 'undefined' && 'createSyncAccessHandle' in FileSystemFileHandle.prototype) {
    try {
      return await fileSystemStore();
    } catch (error) {
      why.push(String(error));
    }
  }
  if (typeof indexedDB !== 'undefined') {
    try {
      return await indexedStore();
    } catch (error) {
      why.push(String(error));
    }
  }
  return why.join('; ') || 'this browser has no storage for it';
}

/** The file of slice `seeds` of `ruleset`, as oware-egdb names it. @param {string} ruleset @param {number} seeds */
export const fileName = (ruleset, seeds) => `${ruleset}-${String(seeds).padStart(2, '0')}.egdb`;

/**
 * Reads the kept files above what the module holds (`held`, its answer) in
 * seed order, up to `most` seeds, each into the module's database checked
 * in full (`readEndgameSlice`: format version, length, checksum, every
 * value). It stops at the first file missing or refused, the database
 * holding what was read before it: a file is never misread.
 * Answers what the module holds, the files read, and the first file
 * refused (its seed count and the module's reason), if one was.
 * @param {Engine} module
 * @param {Store} store
 * @param {Held} held
 * @param {number} most
 * @returns {Promise<{ held: Held, loaded: number, refused: { seeds: number, why: string } | null }>}
 */
export async function readKept(module, store, held, most) {
  let loaded = 0;
  for (let n = held.seeds + 1; n <= most; n += 1) {
    const bytes = await store.read(fileName(held.ruleset, n));
    if (!bytes) break;
    const read = module.readEndgameSlice(bytes);
    if (!read.ok || read.ruleset === null) return { held, loaded, refused: { seeds: n, why: read.ok ? 'no database' : read.error } };
    held = read;
    loaded += 1;
  }
  return { held, loaded, refused: null };
}
