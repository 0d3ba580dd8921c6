// The service worker: keeps every file of the site so the game works
// offline once loaded, and serves them from its copy first (a later visit
// downloads nothing but this file, which the browser checks for a new
// build). `cargo xtask site` fills in the list and a hash of the build, so
// each new build is a new cache, filled when it installs, and the old one
// is dropped when it takes over.
//
// The engine's file is large and the page has just downloaded it on a
// first visit: the page hands it over (offline.js) rather than it being
// downloaded twice. It comes in two builds, with WebAssembly SIMD and
// without (wasm.js picks one); a first visit keeps only the one its page
// hands over. A new build (an older cache is there) downloads the SIMD one
// when it installs, as a later visit's page is served from the cache and
// hands nothing over; a browser without SIMD fetches the other at its
// next visit, and keeps it then (`fromNetwork`).

/** @import { KeepMessage } from './messages.js' */

/** This worker's global scope: a service worker's (the `webworker` lib types `self` as any worker's). */
const scope = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

const VERSION = "__VERSION__";
const FILES = ["__FILES__"];
const CACHE = `oware-${VERSION}`;
/** The files the page hands over on a first visit: the engine's builds, with SIMD and without. */
const HANDED = ['./oware_web.wasm', './oware_web_nosimd.wasm'];
/** The engine without SIMD: a new build does not fetch it ahead (few browsers need it). */
const FALLBACK = HANDED[1];

/** @type {(key: string) => boolean} */
const ours = (key) => key.startsWith('oware-');

scope.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const upgrade = (await caches.keys()).some((key) => ours(key) && key !== CACHE);
    const cache = await caches.open(CACHE);
    await cache.addAll(FILES.filter((file) => (upgrade ? file !== FALLBACK : !HANDED.includes(file))));
    await scope.skipWaiting();
  })());
});

scope.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((key) => ours(key) && key !== CACHE).map((key) => caches.delete(key))))
      .then(() => scope.clients.claim()),
  );
});

scope.addEventListener('message', (event) => {
  /** @type {Partial<KeepMessage>} */
  const { keep, body, type } = event.data ?? {};
  const handed = HANDED.map((file) => new URL(file, scope.registration.scope).href);
  if (keep === undefined || !handed.includes(keep) || !(body instanceof ArrayBuffer) || typeof type !== 'string') return;
  event.waitUntil(caches.open(CACHE).then(async (cache) => {
    if (!(await cache.match(keep))) await cache.put(keep, new Response(body, { headers: { 'Content-Type': type } }));
  }));
});

scope.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== location.origin) return;
  event.respondWith(fromCache(request).then((hit) => hit ?? fromNetwork(request)));
});

/** The kept copy of `request`, or null. @param {Request} request */
async function fromCache(request) {
  const cache = await caches.open(CACHE);
  return (await cache.match(request, { ignoreSearch: true })) ?? null;
}

/** `request` from the network, kept when it succeeds; offline, a page asked for by its name without `.html`, or the friendly 404. @param {Request} request */
async function fromNetwork(request) {
  try {
    const response = await fetch(request);
    if (response.ok) {
      const copy = response.clone();
      caches.open(CACHE).then((cache) => cache.put(request, copy));
    }
    return response;
  } catch (error) {
    if (request.mode !== 'navigate') throw error;
    const cache = await caches.open(CACHE);
    const url = new URL(request.url);
    const page = await cache.match(new URL(`${url.pathname.replace(/\/$/, '')}.html`, url.origin))
      ?? await cache.match(new URL('404.html', scope.registration.scope));
    return page ?? Response.error();
  }
}
