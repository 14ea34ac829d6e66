// Precompile Pyodide's standard library: python_stdlib.zip with every .py
// replaced by its .pyc, compiled by Pyodide's own Python (so the magic number
// and the bytecode are the ones the browser's interpreter runs).
//
//   node sitebuild/stdlib.mjs IN.zip OUT.zip [ROOTS.json]
//
// With ROOTS.json (a list of module names: what the site's Python and
// JavaScript import, sitebuild/runtime.py), the new zip holds only the import
// closure of those roots (sitebuild/stdlib_trim.py, run here because it
// parses the 3.14 standard library with 3.14's own ast).
//
// Pyodide 314 ships the zip as source only, so each start compiles every
// module it imports. The .pyc files are unchecked hash-based (PEP 552): the
// zip holds no source to check them against, and the file names inside the
// code objects are those of the zip Pyodide mounts (/lib/python314.zip/...),
// so tracebacks name the modules as before. Everything else in the zip is
// copied as it is; entries keep their order and get one fixed date, so the
// same input gives the same output. Finally a fresh interpreter is started on
// the new zip and imports a few modules from it, to prove it loads.
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { loadPyodide } from "pyodide";

const [input, output, rootsFile] = process.argv.slice(2);
if (!input || !output) {
  console.error("usage: node sitebuild/stdlib.mjs IN.zip OUT.zip [ROOTS.json]");
  process.exit(2);
}

const COMPILE = `
import importlib.util, io, json, os, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

prefix = next(p for p in sys.path if p.endswith(".zip"))
DATE = (2020, 1, 1, 0, 0, 0)
source = zipfile.ZipFile("/tmp/in.zip")
keep = None
if os.path.exists("/tmp/roots.json"):
    sys.path.insert(0, "/tmp/trim")
    import stdlib_trim
    modules = stdlib_trim.closure(source, json.load(open("/tmp/roots.json")))
    keep = set(stdlib_trim.kept_entries(source, modules))
buffer = io.BytesIO()
compiled = 0
with zipfile.ZipFile(buffer, "w") as target:
    for info in source.infolist():
        if keep is not None and info.filename not in keep:
            continue
        data = source.read(info)
        name = info.filename
        if name.endswith(".py"):
            code = compile(data, f"{prefix}/{name}", "exec", dont_inherit=True, optimize=0)
            data = bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))
            name += "c"
            compiled += 1
        entry = zipfile.ZipInfo(name, DATE)
        entry.external_attr = info.external_attr
        entry.compress_type = zipfile.ZIP_STORED if name.endswith("/") else zipfile.ZIP_DEFLATED
        target.writestr(entry, data, compresslevel=9)
with open("/tmp/out.zip", "wb") as file:
    file.write(buffer.getvalue())
f"{compiled} of {sum(name.endswith('.py') for name in source.namelist())}"
`;

const builder = await loadPyodide({ stderr: (line) => console.error(line) });
builder.FS.writeFile("/tmp/in.zip", readFileSync(input));
if (rootsFile) {
  builder.FS.mkdirTree("/tmp/trim");
  builder.FS.writeFile("/tmp/trim/stdlib_trim.py", readFileSync(new URL("./stdlib_trim.py", import.meta.url)));
  builder.FS.writeFile("/tmp/roots.json", readFileSync(rootsFile));
}
const compiled = builder.runPython(COMPILE);
writeFileSync(output, builder.FS.readFile("/tmp/out.zip"));

// Prove the new zip starts an interpreter and serves compiled modules.
const check = await loadPyodide({ stdLibURL: resolve(output), stderr: (line) => console.error(line) });
const origin = check.runPython(
  "import asyncio, json, random, dataclasses, importlib.util; importlib.util.find_spec('json.decoder').origin",
);
if (!String(origin).endsWith(".pyc")) {
  console.error(`${output}: json.decoder came from ${origin}, not a .pyc`);
  process.exit(1);
}
const bytes = readFileSync(output).length;
const before = readFileSync(input).length;
console.log(`${output}: ${compiled} modules kept and precompiled, ${bytes} bytes (the source zip: ${before} bytes)`);
