// The service worker: keeps every file of the site so the game works
// offline once loaded. `cargo xtask site` fills in the list and a hash of
// the build, so each new build is a new cache and the old one is dropped.
// Online, files come from the network (and refresh the copy); offline, from
// the copy.

const VERSION = "__VERSION__";
const FILES = ["__FILES__"];
const CACHE = `oware-${VERSION}`;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith('oware-') && key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== location.origin) return;
  event.respondWith(fromNetwork(request).catch(() => fromCache(request)));
});

async function fromNetwork(request) {
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    caches.open(CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}

async function fromCache(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request, { ignoreSearch: true });
  if (hit) return hit;
  if (request.mode === 'navigate') {
    const url = new URL(request.url);
    const page = await cache.match(new URL(`${url.pathname.replace(/\/$/, '')}.html`, url.origin))
      ?? await cache.match('./404.html');
    if (page) return page;
  }
  return Response.error();
}
