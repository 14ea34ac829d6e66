// Run a Python script in Pyodide under Node, with the allfives package in
// its file system: the same interpreter the browser runs.
//
//   node tools/pyodide_run.mjs SCRIPT.py [ARGS...]
//
// The pinned `pyodide` npm package comes from `npm ci`. What the script
// prints goes to standard output; a Python exception exits with status 1.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { basename, dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const [script, ...args] = process.argv.slice(2);
if (!script) {
  console.error("usage: node tools/pyodide_run.mjs SCRIPT.py [ARGS...]");
  process.exit(2);
}

function pythonFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "__pycache__" ? [] : pythonFiles(path);
    return name.endsWith(".py") || name === "py.typed" ? [path] : [];
  });
}

const pyodide = await loadPyodide({ stdout: (line) => console.log(line), stderr: (line) => console.error(line) });
const home = "/home/pyodide/run";
for (const path of pythonFiles(join(root, "allfives"))) {
  const target = join(home, relative(root, path));
  pyodide.FS.mkdirTree(dirname(target));
  pyodide.FS.writeFile(target, readFileSync(path, "utf8"));
}
pyodide.FS.writeFile(join(home, basename(script)), readFileSync(resolve(script), "utf8"));
pyodide.globals.set("script_args", pyodide.toPy([basename(script), ...args]));
try {
  await pyodide.runPythonAsync(`
import os, runpy, sys
os.chdir("${home}")
sys.path.insert(0, "${home}")
sys.argv = list(script_args)
runpy.run_path(sys.argv[0], run_name="__main__")
`);
} catch (error) {
  console.error(String(error));
  process.exit(1);
}
