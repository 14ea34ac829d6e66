// Precompile the Python a page imports at start: the game's modules (dist's
// .py files) and PyScript's own package (which PyScript writes from its
// bundle into ./pyscript/ at every start), each into a __pycache__ .pyc.
//
//   node sitebuild/pycache.mjs DIST PYSCRIPT_ARTIFACT MODULES.json
//
// MODULES.json lists dist-relative .py paths. Each is compiled by Pyodide's
// own Python (the magic number and bytecode the browser runs) into
// DIST/<dir>/__pycache__/<name>.<tag>.pyc, with the file name the page will
// give it (/home/pyodide/<path>), so tracebacks name the source as before.
// PyScript's modules come from its build artifact (src/stdlib/pyscript.js);
// each must appear byte for byte in the bundle dist ships, or the build
// stops: a stale .pyc would run other code than PyScript's. They go to
// DIST/vendor/pyscript/pycache/.
//
// The engine's and the pages' .pyc leave out their modules' and functions'
// docstrings (the source in dist/ keeps them; nothing in the page reads
// them); PyScript's are compiled as they are.
//
// The .pyc files are unchecked hash-based (PEP 552): PyScript writes every
// source afresh at start, so a timestamp-based .pyc would never match it; an
// unchecked one is used as it is, which is safe because the build makes the
// sources and their .pyc together. Prints a JSON object: the cache tag and,
// for each .pyc, its dist path and where the page writes it.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { loadPyodide } from "pyodide";

const [dist, artifact, modulesFile] = process.argv.slice(2);
if (!dist || !artifact || !modulesFile) {
  console.error("usage: node sitebuild/pycache.mjs DIST PYSCRIPT_ARTIFACT MODULES.json");
  process.exit(2);
}

const HOME = "/home/pyodide";
const bundleDir = join(dist, "vendor", "pyscript");
const bundle = readdirSync(bundleDir)
  .filter((name) => name.endsWith(".js"))
  .map((name) => readFileSync(join(bundleDir, name), "utf8"))
  .join("\n");
const pyscript = (await import(pathToFileURL(artifact).href)).default.pyscript;

const jobs = [];
for (const path of JSON.parse(readFileSync(modulesFile, "utf8"))) {
  jobs.push({ text: readFileSync(join(dist, path), "utf8"), source: `${HOME}/${path}`, home: path, dist: path });
}
for (const [name, text] of Object.entries(pyscript)) {
  if (typeof text !== "string" || !name.endsWith(".py")) continue;
  if (!bundle.includes(JSON.stringify(name) + ":" + JSON.stringify(text))) {
    console.error(`PyScript's ${name} in ${artifact} is not the one its bundle in ${bundleDir} writes`);
    process.exit(1);
  }
  jobs.push({ text, source: `${HOME}/pyscript/${name}`, home: `pyscript/${name}`, dist: `vendor/pyscript/pycache/${name}` });
}

const COMPILE = `
import ast, importlib.util, json, sys
from importlib._bootstrap_external import _code_to_hash_pyc


def without_docstrings(tree):
    """The module without its own docstring and its functions': the page
    reads none of them, and they are a tenth of the .pyc once gzipped.
    Classes keep theirs: a dataclass without one gets one made from its
    signature when the class is created, which would cost each start time."""
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if not isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef)) or not body:
            continue
        first = body[0]
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
            node.body = body[1:] or [ast.copy_location(ast.Pass(), first)]
    return tree

tag = sys.implementation.cache_tag
written = []
for job in json.loads(pycache_jobs):
    data = job["text"].encode("utf-8")
    tree = ast.parse(data, job["source"])
    if not job["home"].startswith("pyscript/"):
        tree = without_docstrings(tree)
    code = compile(tree, job["source"], "exec", dont_inherit=True, optimize=0)
    folder, _, name = job["dist"].rpartition("/")
    stem = name.removesuffix(".py")
    target = (folder + "/" if folder else "") + f"__pycache__/{stem}.{tag}.pyc"
    home_folder = job["home"].rpartition("/")[0]
    home = (home_folder + "/" if home_folder else "") + f"__pycache__/{stem}.{tag}.pyc"
    with open("/tmp/out/" + target.replace("/", "|"), "wb") as file:
        file.write(_code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))
    written.append([target, home])
json.dumps({"tag": tag, "files": written})
`;

const python = await loadPyodide({ stderr: (line) => console.error(line) });
python.FS.mkdirTree("/tmp/out");
python.globals.set("pycache_jobs", JSON.stringify(jobs));
const result = JSON.parse(python.runPython(COMPILE));
const { mkdirSync, writeFileSync } = await import("node:fs");
const { dirname } = await import("node:path");
for (const [target] of result.files) {
  const out = join(dist, target);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, python.FS.readFile("/tmp/out/" + target.replaceAll("/", "|")));
}
console.log(JSON.stringify(result));
