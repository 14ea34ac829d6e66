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
// A return visit starts at once: the game's and the replay's pages load this
// module before PyScript (PyScript's later import of it is the same module),
// and its first lines begin reading the snapshot from the cache (14 MB, its
// pages of zeros left out: web/sparse.js), compiling the runtime's
// WebAssembly and importing its JavaScript, while PyScript starts and reads
// its config. The read alone took 0.35-0.55 s when it waited for loadPyodide.
//
// Restored state is frozen at build time, so it is made fresh here: the
// random generator is reseeded from the browser's entropy (new matches must
// not repeat). The string hash seed stays the build's; nothing in the game
// depends on it.
import { unpack } from "./sparse.js";
import { loadPyodide as plainLoad } from "./vendor/pyodide/pyodide.mjs";

export * from "./vendor/pyodide/pyodide.mjs";

const INDEX_URL = new URL("./vendor/pyodide/", import.meta.url).href;
const WASM_URL = new URL("pyodide.asm.wasm", INDEX_URL).href;
const SNAPSHOT_URL = new URL("./runtime-snapshot.gz", import.meta.url).href;
const RESEED = "import random as _r\n_r.seed()\ndel _r";

// What a return visit reads before loadPyodide is called: the snapshot's
// bytes, the compiled runtime and its JavaScript; null on a first visit (no
// worker yet: the runtime then arrives once, through Pyodide's own fetch).
const early = readEarly();

function readEarly() {
  if (!("caches" in globalThis) || !navigator.serviceWorker || !navigator.serviceWorker.controller) return null;
  const snapshot = caches.match(SNAPSHOT_URL).then((response) => (response && response.body ? snapshotBytes(response) : null));
  const compiled = WebAssembly.compileStreaming(fetch(WASM_URL));
  // Pyodide's JavaScript half: loadPyodide imports it by the same address,
  // so this import is the one it gets, parsed by then.
  const glue = import(new URL("pyodide.asm.mjs", INDEX_URL).href);
  // Each is awaited only when used; a failure then is a plain start.
  for (const promise of [snapshot, compiled, glue]) promise.catch(() => {});
  return { snapshot, compiled };
}

async function snapshotBytes(response) {
  // The service worker keeps it inflated (web/sw.js); an older cache gzipped.
  // Either way it is stored without its pages of zeros (web/sparse.js).
  if (response.headers.get("X-Allfives-Inflated") === "1") return unpack(new Uint8Array(await response.arrayBuffer()));
  const memory = response.body.pipeThrough(new DecompressionStream("gzip"));
  return unpack(new Uint8Array(await new Response(memory).arrayBuffer()));
}

// Run ``load`` with Pyodide's one call of WebAssembly.instantiateStreaming
// answered from the module compiled early, and its fetch of the runtime's
// WebAssembly (which that call would have compiled) not made again.
async function withCompiled(compiled, load) {
  const instantiate = WebAssembly.instantiateStreaming;
  const plainFetch = globalThis.fetch;
  WebAssembly.instantiateStreaming = async (_source, imports) => {
    WebAssembly.instantiateStreaming = instantiate;
    const module = await compiled;
    return { module, instance: await WebAssembly.instantiate(module, imports) };
  };
  globalThis.fetch = function (input, init) {
    const url = input instanceof Request ? input.url : String(input);
    if (new URL(url, location.href).href !== WASM_URL) return plainFetch.call(this, input, init);
    return Promise.resolve(new Response(new Uint8Array(0), { headers: { "Content-Type": "application/wasm" } }));
  };
  try {
    return await load();
  } finally {
    WebAssembly.instantiateStreaming = instantiate;
    globalThis.fetch = plainFetch;
  }
}

export async function loadPyodide(options = {}) {
  const settings = { ...options, indexURL: INDEX_URL };
  let snapshot = null;
  try {
    snapshot = early && (await early.snapshot);
  } catch (error) {
    console.warn("All Fives: the saved start could not be read; starting afresh.", error);
  }
  if (snapshot) {
    try {
      const pyodide = await withCompiled(early.compiled, () => plainLoad({ ...settings, _loadSnapshot: snapshot }));
      pyodide.runPython(RESEED);
      globalThis.performance.mark("allfives-snapshot-restored");
      return pyodide;
    } catch (error) {
      console.warn("All Fives: the saved start did not restore; starting afresh.", error);
    }
  }
  return plainLoad(settings);
}
