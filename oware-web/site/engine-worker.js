// The search's worker (worker.js), seen from the page: started, sent
// requests once its module has loaded, and ended to stop a search at once
// (a search is synchronous inside the module, so nothing else can stop it),
// with a fresh one started in its place. Each worker is handed the module
// the page compiled (wasm.js): starting one fetches nothing.

import { engineModule } from './wasm.js';

export class EngineWorker {
  /**
   * `onMessage` receives each message of a search ({ id, event } or
   * { id, result }); `onFail` a sentence when the worker cannot start or dies.
   */
  constructor({ onMessage, onFail }) {
    this.onMessage = onMessage;
    this.onFail = onFail;
    this.worker = null;
    this.ready = null;
  }

  /** Starts a worker; messages sent before its module has loaded wait for it. */
  start() {
    const worker = new Worker('worker.js', { type: 'module' });
    this.worker = worker;
    engineModule().then(({ module }) => worker.postMessage({ module }), (error) => this.onFail(`The engine could not start: ${error.message}`));
    this.ready = new Promise((resolve, reject) => {
      worker.onmessage = ({ data }) => {
        if (data.ready) resolve();
        else if (data.failed) reject(new Error(data.failed));
        else this.onMessage(data);
      };
    });
    this.ready.catch((error) => this.onFail(`The engine could not start: ${error.message}`));
    worker.onerror = (event) => this.onFail(`The engine stopped: ${event.message}`);
  }

  /** Ends the worker, and whatever it was doing, and starts a fresh one. */
  restart() {
    this.worker.terminate();
    this.start();
  }

  /** Sends `message` once the worker is ready. */
  send(message) {
    this.ready.then(() => this.worker.postMessage(message));
  }
}
