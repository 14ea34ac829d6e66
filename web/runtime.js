// The interpreter module PyScript loads (pyscript.json "interpreter"): Pyodide
// as vendored, except that loadPyodide restores the build's memory snapshot
// when this browser already holds it, instead of starting Python afresh.
//
// The snapshot (runtime-snapshot.gz, made by sitebuild/snapshot.mjs)
// is Python's memory just after start-up with the rules engine imported. It
// is used only from the service worker's cache: a first visit starts plainly
// from the precompiled standard library (fetching 5 MB more first would make
// it slower on a slow link) while the worker keeps the snapshot for the next
// visit. A restore that fails for any reason falls back to a plain start.
//
// Restored state is frozen at build time, so it is made fresh here: the
// random generator is reseeded from the browser's entropy (new matches must
// not repeat). The string hash seed stays the build's; nothing in the game
// depends on it.
import { loadPyodide as plainLoad } from "./vendor/pyodide/pyodide.mjs";

export * from "./vendor/pyodide/pyodide.mjs";

const INDEX_URL = new URL("./vendor/pyodide/", import.meta.url).href;
const SNAPSHOT_URL = new URL("./runtime-snapshot.gz", import.meta.url).href;
const RESEED = "import random as _r\n_r.seed()\ndel _r";

// The snapshot's response in the service worker's cache, or null. Only the
// lookup is awaited: its 30 MB are read while Pyodide loads its own module.
async function cachedSnapshot() {
  if (!("caches" in globalThis) || !navigator.serviceWorker || !navigator.serviceWorker.controller) return null;
  const response = await caches.match(SNAPSHOT_URL);
  return response && response.body ? response : null;
}

async function snapshotBytes(response) {
  // The service worker keeps it inflated (web/sw.js); an older cache gzipped.
  if (response.headers.get("X-Allfives-Inflated") === "1") return new Uint8Array(await response.arrayBuffer());
  const memory = response.body.pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(memory).arrayBuffer());
}

export async function loadPyodide(options = {}) {
  const settings = { ...options, indexURL: INDEX_URL };
  let snapshot = null;
  try {
    snapshot = await cachedSnapshot();
  } catch (error) {
    console.warn("All Fives: the saved start could not be read; starting afresh.", error);
  }
  if (snapshot) {
    try {
      const bytes = snapshotBytes(snapshot);
      bytes.catch(() => {}); // a failed read fails the restore below, which says so
      const pyodide = await plainLoad({ ...settings, _loadSnapshot: bytes });
      pyodide.runPython(RESEED);
      globalThis.performance.mark("allfives-snapshot-restored");
      return pyodide;
    } catch (error) {
      console.warn("All Fives: the saved start did not restore; starting afresh.", error);
    }
  }
  return plainLoad(settings);
}
