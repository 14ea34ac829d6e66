// What each way of packing the site's zips costs the page once the bytes
// have arrived (issue 46 item 5), in Pyodide in Node:
//
//   node tools/benchmarks/zip_bench.mjs [--runs 15] NAME=DIST...
//
// For each built site DIST (its zips stored, deflated, or gzipped whole as
// NAME.zip.gz by sitebuild/packing.py) it times
// - inflating each NAME.zip.gz as web/js/runtime.js does (DecompressionStream;
//   a first visit only: the service worker keeps them inflated);
// - reading every module of the standard library's zip in Python, as
//   zipimport reads one at each import (a deflated entry is inflated then,
//   on the page's main thread, at every start);
// - unpacking the game's archive where PyScript does (Pyodide's
//   unpackArchive), at every start.
// Each is the least of --runs tries, the builds taking turns: the cost
// itself, with as little as can be of the other jobs sharing the machine.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { loadPyodide } from "pyodide";

const args = process.argv.slice(2);
let runs = 15;
const builds = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--runs") runs = Number(args[++i]);
  else builds.push(args[i].split("="));
}
if (!builds.length || !(runs > 0) || builds.some(([name, dist]) => !name || !dist)) {
  console.error("usage: node tools/benchmarks/zip_bench.mjs [--runs 15] NAME=DIST...");
  process.exit(2);
}

async function inflate(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

// A zip of DIST as the page gets it, and the ms spent inflating it.
async function zipOf(path) {
  if (existsSync(path)) return [new Uint8Array(readFileSync(path)), 0];
  const gzipped = readFileSync(path + ".gz");
  const start = performance.now();
  const bytes = await inflate(gzipped);
  return [bytes, performance.now() - start];
}

const READ_ALL = `
import time, zipfile
archive = zipfile.ZipFile("/tmp/stdlib.zip")
start = time.perf_counter()
for info in archive.infolist():
    archive.read(info)
(time.perf_counter() - start) * 1000
`;

const pyodide = await loadPyodide();
const least = Object.fromEntries(builds.map(([name]) => [name, { inflate: Infinity, read: Infinity, unpack: Infinity }]));
for (let run = 0; run < runs; run++) {
  for (const [name, dist] of builds) {
    const [stdlib, inflateStdlib] = await zipOf(join(dist, "vendor", "pyodide", "python_stdlib.zip"));
    const [archive, inflateArchive] = await zipOf(join(dist, "pages-game.zip"));
    pyodide.FS.writeFile("/tmp/stdlib.zip", stdlib);
    const read = pyodide.runPython(READ_ALL);
    const start = performance.now();
    pyodide.unpackArchive(archive, "zip", { extractDir: `/tmp/page-${run}-${name}` });
    const unpack = performance.now() - start;
    const best = least[name];
    best.inflate = Math.min(best.inflate, inflateStdlib + inflateArchive);
    best.read = Math.min(best.read, read);
    best.unpack = Math.min(best.unpack, unpack);
  }
}

console.log(
  "| build | inflating the .gz files (a first visit) | reading every standard library module | unpacking the game's archive |",
);
console.log("|---|---|---|---|");
for (const [name] of builds) {
  const { inflate: inflating, read, unpack } = least[name];
  console.log(`| ${name} | ${inflating.toFixed(1)} ms | ${read.toFixed(1)} ms | ${unpack.toFixed(1)} ms |`);
}
console.log(`The least of ${runs} tries of each, the builds taking turns.`);
