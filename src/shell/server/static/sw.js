'use strict';
// The page's service worker (docs/web.md): after the first visit the page
// works offline. It keeps a copy of every file of the page, the library's
// .wasm included, and answers from the network when it can (so a new build
// is seen at once), from that copy when it cannot. No rule of the game
// here: this file only moves files.

const CACHE = 'tysiac-site';
const FILES = ['./', 'index.html', 'style.css', 'app.js', 'play.js', 'worker.js',
  'tysiac_web.wasm', 'manifest.webmanifest', 'icon.svg'];

self.addEventListener('install', e => {
  e.waitUntil(caches.open(CACHE).then(c => c.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', e => {
  e.waitUntil(self.clients.claim());
});

self.addEventListener('fetch', e => {
  const req = e.request;
  if (req.method !== 'GET' || new URL(req.url).origin !== self.location.origin) return;
  e.respondWith(
    fetch(req)
      .then(res => {
        if (res.ok) {
          const copy = res.clone();
          caches.open(CACHE).then(c => c.put(req, copy));
        }
        return res;
      })
      .catch(() => caches.open(CACHE)
        .then(c => c.match(req, { ignoreSearch: true }))
        .then(hit => hit || Response.error()))
  );
});
