// All Fives service worker: the whole site, offline.
//
// The one JavaScript file of the project (a service worker cannot be Python).
// build.py stamps VERSION with the hash of precache.json, the list of every
// file of the site with its SHA-256, so any changed file makes a new worker.
//
// - install: fetch every file of the manifest past the HTTP cache, checked
//   against its hash, into the cache of this version;
// - fetch: answer from that cache first, the network only for what is not in
//   it (a record fetched with ?src=, say);
// - activate: drop the caches of older versions;
// - updates: a new version waits while a page of the old one is open, and
//   takes over at the next reload of the only open page (never under a game
//   in progress), or at once when a page asks ({type: "allfives:skip-waiting"}).
"use strict";

const VERSION = "__PRECACHE_VERSION__";
const PREFIX = "allfives-";
const CACHE = PREFIX + VERSION;
const MANIFEST = "precache.json";
const SKIP_WAITING = "allfives:skip-waiting";

self.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

self.addEventListener("activate", (event) => {
  event.waitUntil(dropOldCaches().then(() => self.clients.claim()));
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === SKIP_WAITING) self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(respond(request));
});

async function precache() {
  const response = await fetch(MANIFEST, { cache: "no-store" });
  if (!response.ok) throw new Error(`${MANIFEST}: HTTP ${response.status}`);
  const manifest = await response.json();
  if (manifest.version !== VERSION) {
    // A deploy is half done: fail this install; the browser tries again later.
    throw new Error(`${MANIFEST} is version ${manifest.version}, this worker ${VERSION}`);
  }
  const cache = await caches.open(CACHE);
  try {
    await Promise.all(Object.entries(manifest.files).map(([path, integrity]) => store(cache, path, integrity)));
  } catch (error) {
    await caches.delete(CACHE);
    throw error;
  }
}

// What the site ships gzipped is kept inflated: the runtime's memory
// snapshot, so a return visit reads its 30 MB in one piece (web/runtime.js)
// instead of inflating them on the page's main thread while the player
// waits, and the zips (NAME.zip.gz, sitebuild/packing.py), which runtime.js
// would otherwise inflate at every start. The header says it is inflated.
const INFLATED = "X-Allfives-Inflated";

async function store(cache, path, integrity) {
  const response = await fetch(new Request(path, { cache: "reload", integrity }));
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  if (!path.endsWith(".gz")) return cache.put(path, response);
  const inflated = await new Response(response.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
  const headers = { "Content-Type": "application/octet-stream", [INFLATED]: "1" };
  await cache.put(path, new Response(inflated, { headers }));
}

async function dropOldCaches() {
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(PREFIX) && name !== CACHE).map((name) => caches.delete(name)));
}

// What a reload that switches versions gets: load again a second later, when
// the new version answers. Not at once: the new worker can only take over once
// this one has no fetch in flight, and a page that reloaded without a pause
// would keep one in flight (a busy machine could loop for a minute). The icon
// link keeps the browser from asking for an icon meanwhile.
const RELOAD = '<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>All Fives</title>';
const RELOAD_AFTER_S = "1";

async function respond(request) {
  const navigation = request.mode === "navigate";
  if (navigation && request.destination === "document" && (await updateOnReload())) {
    return new Response(RELOAD, { headers: { Refresh: RELOAD_AFTER_S, "Content-Type": "text/html; charset=utf-8" } });
  }
  const cache = await caches.open(CACHE);
  const cached = await cache.match(cacheKey(request), { ignoreSearch: navigation });
  return cached || fetch(request);
}

function cacheKey(request) {
  // A folder is its index page: ".../" is ".../index.html".
  const url = new URL(request.url);
  if (!url.pathname.endsWith("/")) return request;
  url.pathname += "index.html";
  url.search = "";
  return url.href;
}

async function updateOnReload() {
  // A new version waits; if the page being loaded is the only page of the
  // site open (a reload, or a first visit), it is safe to switch: no game is
  // in progress. Frames inside a page do not count (nor switch: only a page
  // loaded in a tab of its own does).
  const waiting = self.registration.waiting;
  if (!waiting) return false;
  const windows = await self.clients.matchAll({ type: "window" });
  if (windows.filter((client) => client.frameType !== "nested").length > 1) return false;
  waiting.postMessage({ type: SKIP_WAITING });
  return true;
}
