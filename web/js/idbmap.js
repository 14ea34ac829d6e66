// PyScript's cache of Pyodide packages, kept in memory: no page of the site
// needs the browser's storage to start.
//
// Before it loads Pyodide, PyScript 0.7 opens an IndexedDB database named
// "IDBMap/<the interpreter's folder>@<version>" and waits for its contents:
// the lock files of the packages a page installs, to skip resolving them the
// next time. The game installs no package, so the database stays empty; but
// where the frame is given no storage the wait never ends. A third-party
// frame with storage blocked (Chromium without partitioning) fails the open
// with an error event, which PyScript's handler then dispatches again ("The
// event is already being dispatched"); a frame sandboxed without
// allow-same-origin throws from indexedDB.open. Either way the page stays at
// "Loading the game…".
//
// So these databases, and only these (PyScript's prefix), are opened here as
// a map in memory with the few calls PyScript's IDBMap makes (open; a
// transaction's object store: count, get, getKey, getAllKeys, put, delete,
// clear), answered after the caller has set its handlers, as IndexedDB
// answers. Every other database is the browser's own. The module runs before
// PyScript asks: runtime.js imports it, and PyScript imports runtime.js (the
// interpreter) before it opens its cache.
"use strict";

const PREFIX = "IDBMap/";
const tables = new Map(); // a database's name: its one table, for this page's life

function answer(value) {
  const request = { result: value, error: null, readyState: "pending", onsuccess: null, onerror: null };
  queueMicrotask(() => {
    request.readyState = "done";
    if (request.onsuccess) request.onsuccess({ type: "success", target: request });
  });
  return request;
}

function objectStore(table) {
  return {
    count: () => answer(table.size),
    get: (key) => answer(table.get(key)),
    getKey: (key) => answer(table.has(key) ? key : undefined),
    getAllKeys: () => answer([...table.keys()]),
    put: (value, key) => answer((table.set(key, value), key)),
    delete: (key) => answer((table.delete(key), undefined)),
    clear: () => answer((table.clear(), undefined)),
  };
}

function database(name) {
  if (!tables.has(name)) tables.set(name, new Map());
  const store = objectStore(tables.get(name));
  return {
    name,
    objectStoreNames: { length: 1, contains: () => true, item: (index) => (index === 0 ? "entries" : null) },
    createObjectStore: () => store,
    transaction: () => ({ objectStore: () => store, oncomplete: null, onerror: null, onabort: null }),
    close() {},
    onabort: null,
    onclose: null,
    onerror: null,
    onversionchange: null,
  };
}

function openInMemory(name) {
  const request = answer(null);
  request.result = database(name);
  request.onupgradeneeded = null;
  return request;
}

const factory = globalThis.IDBFactory && globalThis.IDBFactory.prototype;
if (factory && typeof factory.open === "function") {
  const plainOpen = factory.open;
  factory.open = function (name, version) {
    if (String(name).startsWith(PREFIX)) return openInMemory(String(name));
    return plainOpen.call(this, name, version);
  };
} else {
  // No IndexedDB here at all: PyScript's cache is all there is to open.
  globalThis.indexedDB = { open: (name) => openInMemory(String(name)) };
}
