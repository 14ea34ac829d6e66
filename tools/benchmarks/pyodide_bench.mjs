// Time the computer players in Pyodide, as the browser runs them.
//
//   node tools/benchmarks/pyodide_bench.mjs [--level expert] [--hands 20] [--seed 1] [--players 2] [--budget-ms 300]
//
// Loads the pinned `pyodide` npm package (npm install), copies allfives/
// and tools/benchmarks/move_times.py into Pyodide's file system, and runs
// tools/benchmarks/move_times.py there with the same arguments: it prints one JSON line
// with the median, 95th percentile and maximum time per move.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

function pythonFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "__pycache__" ? [] : pythonFiles(path);
    return name.endsWith(".py") || name === "py.typed" ? [path] : [];
  });
}

const pyodide = await loadPyodide();
const home = "/home/pyodide/allfives-bench";
for (const path of [...pythonFiles(join(root, "allfives")), join(root, "tools", "benchmarks", "move_times.py")]) {
  const target = join(home, relative(root, path));
  pyodide.FS.mkdirTree(dirname(target));
  pyodide.FS.writeFile(target, readFileSync(path, "utf8"));
}
pyodide.globals.set("bench_args", pyodide.toPy(process.argv.slice(2)));
await pyodide.runPythonAsync(`
import sys
sys.argv = ["move_times.py"]
sys.path.insert(0, "${home}/tools/benchmarks")
import move_times
move_times.main(list(bench_args))
`);
