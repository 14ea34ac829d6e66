// The interpreter module PyScript loads (pyscript.json "interpreter"): Pyodide
// as vendored, except that loadPyodide restores the build's memory snapshot
// when this browser already holds it, instead of starting Python afresh.
//
// The snapshot (runtime-snapshot.gz, made by sitebuild/snapshot.mjs)
// is Python's memory just after start-up with the rules engine and the page
// modules that need no browser imported. It is used only from the service
// worker's cache: a first visit starts plainly from the precompiled standard
// library (fetching 5 MB more first would make it slower on a slow link)
// while the worker keeps the snapshot for the next visit. A restore that
// fails for any reason falls back to a plain start.
//
// Every visit starts the runtime's downloads at once: the game's and the
// replay's pages load this module before PyScript (PyScript's later import
// of it is the same module), and its first lines fetch and compile the
// runtime's WebAssembly, fetch the standard library and import Pyodide's
// JavaScript while PyScript starts and reads its config (0.3-0.5 s here,
// which a plain start spends before it asks for any of them); loadPyodide's
// own fetches of these are then answered from what is already here, so
// each arrives once. A return visit begins reading the snapshot from the
// cache as well (14 MB, its pages of zeros left out: web/sparse.js); that
// read alone took 0.35-0.55 s when it waited for loadPyodide.

// Restored state is frozen at build time, so it is made fresh here: the
// random generator is reseeded from the browser's entropy (new matches must
// not repeat). The string hash seed stays the build's; nothing in the game
// depends on it.
// PyScript's package cache is kept in memory (web/js/idbmap.js), so a
// frame without storage starts as well as any.
import "./idbmap.js";
import { unpack } from "./sparse.js";
import { loadPyodide as plainLoad } from "./vendor/pyodide/pyodide.mjs";

export * from "./vendor/pyodide/pyodide.mjs";

const SITE_URL = new URL("./", import.meta.url).href;
const INDEX_URL = new URL("./vendor/pyodide/", import.meta.url).href;
const WASM_URL = new URL("pyodide.asm.wasm", INDEX_URL).href;
const STDLIB_URL = new URL("python_stdlib.zip", INDEX_URL).href;
const SNAPSHOT_URL = new URL("./runtime-snapshot.gz", import.meta.url).href;
const RESEED = "import random as _r\n_r.seed()\ndel _r";

// Every zip of the site (the standard library, each page's Python archive)
// is shipped gzipped as NAME.zip.gz (sitebuild/packing.py): GitHub Pages
// sends a .zip as it is, the stored archives' 4.5 MB, where their gzip is
// 1.8 MB. So a fetch of a zip of this site, by Pyodide or by PyScript (the
// config's "./pages-game.zip"), gets NAME.zip.gz, inflated here.
const networkFetch = globalThis.fetch;

function siteZip(input) {
  const url = new URL(input instanceof Request ? input.url : String(input), location.href);
  return url.href.startsWith(SITE_URL) && url.pathname.endsWith(".zip") ? url : null;
}

async function fetchZip(url) {
  const gzipped = new URL(url);
  gzipped.pathname += ".gz";
  const response = await networkFetch.call(globalThis, gzipped.href);
  if (!response.ok) return response;
  const bytes = new Uint8Array(await response.arrayBuffer());
  // The service worker keeps it inflated (web/sw.js), and a host that sends
  // a .gz with Content-Encoding: gzip has the browser inflate it: then it is
  // the zip itself, which begins "PK", not gzip's 1f 8b.
  const inflated = bytes[0] === 0x1f && bytes[1] === 0x8b
    ? await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer()
    : bytes.buffer;
  return new Response(inflated, { headers: { "Content-Type": "application/zip" } });
}

globalThis.fetch = function (input, init) {
  const zip = siteZip(input);
  return zip ? fetchZip(zip) : networkFetch.call(this, input, init);
};

// What is fetched before loadPyodide is called: the compiled runtime, the
// standard library's bytes, the runtime's JavaScript, and on a return visit
// the snapshot's bytes (null on a first visit: there is no worker yet, and
// it keeps the snapshot for the next visit). Taken by the one loadPyodide
// call of the page, which lets go of its 30 MB once Python holds them.
let early = readEarly();

// Whether the site's service worker controls this page (a return visit).
// In a frame sandboxed without allow-same-origin even asking throws: there
// is no worker and no cache there, only the network.
function controlled() {
  // In the game's worker (web/js/worker.js) the page says (a worker cannot see the page's controller).
  if ("allfivesReturning" in globalThis) return Boolean(globalThis.allfivesReturning);
  try {
    return Boolean("caches" in globalThis && navigator.serviceWorker && navigator.serviceWorker.controller);
  } catch {
    return false;
  }
}

function readEarly() {
  const returning = controlled();
  const snapshot = returning
    ? caches.match(SNAPSHOT_URL).then((response) => (response && response.body ? snapshotBytes(response) : null))
    : Promise.resolve(null);
  const compiled = WebAssembly.compileStreaming(fetch(WASM_URL));
  const stdlib = fetchZip(new URL(STDLIB_URL)).then((response) => {
    if (!response.ok) throw new Error(`the standard library did not arrive (${response.status})`);
    return response.arrayBuffer();
  });
  // Pyodide's JavaScript half: loadPyodide imports it by the same address,
  // so this import is the one it gets, parsed by then.
  const glue = import(new URL("pyodide.asm.mjs", INDEX_URL).href);
  // Each is awaited only when used; a failure then is a plain start.
  for (const promise of [snapshot, compiled, stdlib, glue]) promise.catch(() => {});
  return { snapshot, compiled, stdlib };
}

async function snapshotBytes(response) {
  // The service worker keeps it inflated (web/sw.js); an older cache gzipped.
  // Either way it is stored without its pages of zeros (web/sparse.js).
  if (response.headers.get("X-Allfives-Inflated") === "1") return unpack(new Uint8Array(await response.arrayBuffer()));
  const memory = response.body.pipeThrough(new DecompressionStream("gzip"));
  return unpack(new Uint8Array(await new Response(memory).arrayBuffer()));
}

// Run ``load`` with Pyodide's one call of WebAssembly.instantiateStreaming
// answered from the module compiled early, its fetch of the runtime's
// WebAssembly (which that call would have compiled) not made again, and its
// fetch of the standard library answered with the bytes fetched early.
// Should an early download have failed (a host that served the WebAssembly
// under another type, say), that file is fetched again, as Pyodide would
// have. Pyodide itself never settles a start whose instantiation failed, so
// should that fail too, the start fails with it here (and the loading
// screen says so, web/js/loading.js) rather than wait for ever.
async function withEarly(ready, load) {
  const instantiate = WebAssembly.instantiateStreaming;
  const plainFetch = globalThis.fetch;
  const again = (url, error) => {
    console.warn(`All Fives: ${url} is fetched again; the early download failed.`, error);
    return plainFetch.call(globalThis, url);
  };
  let refuse = () => {};
  const refused = new Promise((_resolve, reject) => {
    refuse = reject;
  });
  refused.catch(() => {});
  const instantiateEarly = async (imports) => {
    let module;
    try {
      module = await ready.compiled;
    } catch (error) {
      return instantiate(again(WASM_URL, error), imports);
    }
    return { module, instance: await WebAssembly.instantiate(module, imports) };
  };
  WebAssembly.instantiateStreaming = async (_source, imports) => {
    WebAssembly.instantiateStreaming = instantiate;
    try {
      return await instantiateEarly(imports);
    } catch (error) {
      refuse(error);
      throw error;
    }
  };
  globalThis.fetch = function (input, init) {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href).href;
    if (url === WASM_URL) {
      return Promise.resolve(new Response(new Uint8Array(0), { headers: { "Content-Type": "application/wasm" } }));
    }
    if (url === STDLIB_URL) {
      return ready.stdlib.then(
        (bytes) => new Response(bytes),
        (error) => again(STDLIB_URL, error),
      );
    }
    return plainFetch.call(this, input, init);
  };
  try {
    return await Promise.race([load(), refused]);
  } finally {
    WebAssembly.instantiateStreaming = instantiate;
    globalThis.fetch = plainFetch;
  }
}

export async function loadPyodide(options = {}) {
  const settings = { ...options, indexURL: INDEX_URL };
  const ready = early;
  early = null;
  if (!ready) return plainLoad(settings);
  let snapshot = null;
  try {
    snapshot = await ready.snapshot;
  } catch (error) {
    console.warn("All Fives: the saved start could not be read; starting afresh.", error);
  }
  if (snapshot) {
    try {
      const pyodide = await withEarly(ready, () => plainLoad({ ...settings, _loadSnapshot: snapshot }));
      pyodide.runPython(RESEED);
      globalThis.performance.mark("allfives-snapshot-restored");
      return pyodide;
    } catch (error) {
      console.warn("All Fives: the saved start did not restore; starting afresh.", error);
      return plainLoad(settings);
    }
  }
  return withEarly(ready, () => plainLoad(settings));
}
