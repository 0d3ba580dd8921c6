// The page's side of working offline: registers the service worker (sw.js),
// and on a first visit hands it the engine's file the page has just
// downloaded, so the service worker keeps it without downloading it again.

/** @import { KeepMessage } from './messages.js' */

/**
 * Registers the service worker. When the page was not served by it (a
 * first visit), `copy`, the unread response the engine at `url` came in,
 * is posted to it once it is active, to keep.
 * @param {string} url
 * @param {Response} copy
 */
export function keepOffline(url, copy) {
  if (!('serviceWorker' in navigator) || location.protocol === 'file:') return;
  const served = navigator.serviceWorker.controller !== null;
  navigator.serviceWorker.register('sw.js')
    .then(() => (served ? null : navigator.serviceWorker.ready))
    .then(async (registration) => {
      if (!registration?.active) return;
      const body = await copy.arrayBuffer();
      const type = copy.headers.get('Content-Type') ?? 'application/wasm';
      /** @type {KeepMessage} */
      const message = { keep: new URL(url, location.href).href, body, type };
      registration.active.postMessage(message, [body]);
    })
    .catch(() => {});
}
