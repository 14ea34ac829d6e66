// Make the memory snapshot a page restores instead of starting Python: the
// interpreter after start-up, with the game's rules engine and the page
// modules that need no browser imported.
//
//   node sitebuild/snapshot.mjs DIST OUT.gz LIMIT MODULE...
//
// It starts Pyodide in Node on DIST's own python_stdlib.zip (a snapshot must
// be restored with the byte-identical zip it was made with), writes DIST's
// allfives package and its top-level modules where PyScript writes them in
// the page (the home folder, which is on sys.path), imports each MODULE, collects the garbage, and writes
// pyodide.makeMemorySnapshot() without its pages of zeros (web/js/sparse.js),
// gzipped. A private API of Pyodide 314: the page
// falls back to a plain start whenever a restore fails.
//
// Then it checks what the browser will do: a snapshot of more than LIMIT
// bytes is refused (Pyodide 314 copies it into a heap of 30 MiB without
// growing it, pyodide issue 6254), and the snapshot is restored in a fresh
// interpreter here, which must import the engine from it.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { gzipSync } from "node:zlib";
import { loadPyodide } from "pyodide";
import { pack, unpack } from "../web/js/sparse.js";

const [dist, output, limitText, ...modules] = process.argv.slice(2);
const limit = Number(limitText);
if (!dist || !output || !(limit > 0)) {
  console.error("usage: node sitebuild/snapshot.mjs DIST OUT.gz LIMIT MODULE...");
  process.exit(2);
}

function pythonFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return pythonFiles(path);
    return name.endsWith(".py") ? [path] : [];
  });
}

const stdLibURL = join(dist, "vendor", "pyodide", "python_stdlib.zip");
const pyodide = await loadPyodide({
  _makeSnapshot: true,
  stdLibURL,
  stderr: (line) => console.error(line),
});
const home = "/home/pyodide";
// The page's modules: those at the top of dist/ and the rooms' packages
// (web/table, web/lang...) the module list names.
const rooms = [...new Set(modules.map((name) => name.split(".")[0]))].filter(
  (name) => name !== "allfives" && existsSync(join(dist, name, "__init__.py")),
);
const pageModules = [
  ...readdirSync(dist).filter((name) => name.endsWith(".py")).map((name) => join(dist, name)),
  ...rooms.flatMap((name) => pythonFiles(join(dist, name))),
];
for (const path of [...pythonFiles(join(dist, "allfives")), ...pageModules]) {
  const target = join(home, relative(dist, path));
  pyodide.FS.mkdirTree(dirname(target));
  pyodide.FS.writeFile(target, readFileSync(path));
}
pyodide.globals.set("snapshot_modules", pyodide.toPy(modules));
pyodide.runPython(`
import gc, importlib, sys
for name in snapshot_modules:
    importlib.import_module(name)
del snapshot_modules
# The files go again: PyScript writes the page's own copies after the restore.
gc.collect()
`);
const snapshot = pyodide.makeMemorySnapshot();
if (snapshot.length > limit) {
  console.error(`the snapshot is ${snapshot.length} bytes, over the ${limit} that Pyodide can restore`);
  process.exit(1);
}
// Stored without its pages of zeros (web/js/sparse.js); what is restored here is
// the stored form unpacked, as the page will unpack it.
const stored = pack(snapshot);
const unpacked = unpack(stored);
if (unpacked.length !== snapshot.length || Buffer.compare(Buffer.from(unpacked), Buffer.from(snapshot)) !== 0) {
  console.error("the snapshot does not unpack to itself");
  process.exit(1);
}
const restored = await loadPyodide({ _loadSnapshot: unpacked, stdLibURL, stderr: (line) => console.error(line) });
const check = restored.runPython("import sys; 'allfives.players' in sys.modules and 'allfives' in sys.modules");
if (!check) {
  console.error("the restored snapshot lacks the engine's modules");
  process.exit(1);
}
writeFileSync(output, gzipSync(stored, { level: 6 }));
console.log(`${output}: ${snapshot.length} bytes of memory, ${stored.length} stored without its pages of zeros (restores in Node)`);
