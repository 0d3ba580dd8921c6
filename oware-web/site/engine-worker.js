// The search's worker (worker.js), seen from the page: started, sent
// requests once its module has loaded, and ended to stop a search at once
// (a search is synchronous inside the module, so nothing else can stop it),
// with a fresh one started in its place. Each worker is handed the module
// the page compiled (wasm.js): starting one fetches nothing.

import { engineModule } from './wasm.js';

/** @import { SearchMessage, FromSearchWorker, ToSearchWorker } from './messages.js' */

export class EngineWorker {
  /**
   * `onMessage` receives each message of a search ({ id, event } or
   * { id, result }); `onFail` a sentence when the worker cannot start or dies.
   * @param {object} hooks
   * @param {(message: SearchMessage) => void} hooks.onMessage
   * @param {(sentence: string) => void} hooks.onFail
   */
  constructor({ onMessage, onFail }) {
    this.onMessage = onMessage;
    this.onFail = onFail;
    /** The worker; null until `start`. @type {Worker | null} */
    this.worker = null;
    /** Settles once the worker's module has loaded (or failed to); null until `start`. @type {Promise<void> | null} */
    this.ready = null;
  }

  /** Starts a worker; messages sent before its module has loaded wait for it. */
  start() {
    const worker = new Worker('worker.js', { type: 'module' });
    this.worker = worker;
    engineModule().then(({ module }) => worker.postMessage(/** @satisfies {ToSearchWorker} */ ({ module })), (error) => this.onFail(`The engine could not start: ${error.message}`));
    this.ready = new Promise((resolve, reject) => {
      /** @param {MessageEvent<FromSearchWorker>} message */
      worker.onmessage = ({ data }) => {
        if ('ready' in data) resolve();
        else if ('failed' in data) reject(new Error(data.failed));
        else this.onMessage(data);
      };
    });
    this.ready.catch((error) => this.onFail(`The engine could not start: ${error.message}`));
    worker.onerror = (event) => this.onFail(`The engine stopped: ${event.message}`);
  }

  /** Ends the worker, and whatever it was doing, and starts a fresh one. */
  restart() {
    this.worker?.terminate();
    this.start();
  }

  /** Sends `message` once the worker is ready (to the one running then). @param {ToSearchWorker} message */
  send(message) {
    if (!this.ready) throw new Error('the search\'s worker is sent a message before it is started');
    this.ready.then(() => this.worker?.postMessage(message));
  }
}
