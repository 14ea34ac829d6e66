// Precompile Pyodide's standard library: python_stdlib.zip with every .py
// replaced by its .pyc, compiled by Pyodide's own Python (so the magic number
// and the bytecode are the ones the browser's interpreter runs).
//
//   node sitebuild/stdlib.mjs IN.zip OUT.zip [ROOTS.json] [stored|deflated]
//
// With ROOTS.json (a list of module names: the modules the pages import,
// sitebuild/runtime.py), the new zip holds only those modules and what
// importing them imports (sitebuild/stdlib_trim.py's used_closure, run here
// because it parses the 3.14 standard library with 3.14's own ast). Its
// entries are stored uncompressed (the default: the build then gzips the
// whole zip, sitebuild/packing.py, smaller than deflating each on its own,
// and Python reads a stored entry without inflating it) or deflated.
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

const [input, output, rootsFile, packing = "stored"] = process.argv.slice(2);
if (!input || !output || !["stored", "deflated"].includes(packing)) {
  console.error("usage: node sitebuild/stdlib.mjs IN.zip OUT.zip [ROOTS.json] [stored|deflated]");
  process.exit(2);
}

const COMPILE = `
import _imp, ast, importlib.util, io, json, os, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

prefix = next(p for p in sys.path if p.endswith(".zip"))
DATE = (2020, 1, 1, 0, 0, 0)
source = zipfile.ZipFile("/tmp/in.zip")
keep = None
if os.path.exists("/tmp/roots.json"):
    sys.path.insert(0, "/tmp/trim")
    import stdlib_trim
    modules = stdlib_trim.used_closure(source, json.load(open("/tmp/roots.json")))
    # A frozen module (os, codecs, io, ...) is imported from the WebAssembly,
    # never from the zip.
    # importlib's own two are frozen under other names.
    frozen = set(_imp._frozen_module_names())
    if {"_frozen_importlib", "_frozen_importlib_external"} <= frozen:
        frozen |= {"importlib._bootstrap", "importlib._bootstrap_external"}
    modules -= frozen
    keep = set(stdlib_trim.kept_entries(source, modules))


def without_docstrings(tree):
    """The module with no docstrings (its __doc__ and its classes' and
    functions' are None, as under python -OO, which the standard library
    supports) and everything else, asserts too, as written."""
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if not isinstance(node, DOCUMENTED) or not body:
            continue
        first = body[0]
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
            node.body = body[1:] or [ast.copy_location(ast.Pass(), first)]
    return tree


DOCUMENTED = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
#: Pyodide's own packages read their docstrings (_pyodide.docstring): kept.
KEEPS_DOCSTRINGS = ("pyodide/", "_pyodide/")
buffer = io.BytesIO()
compiled = 0
with zipfile.ZipFile(buffer, "w") as target:
    for info in source.infolist():
        if keep is not None and info.filename not in keep:
            continue
        data = source.read(info)
        name = info.filename
        if name.endswith(".py"):
            tree = ast.parse(data, f"{prefix}/{name}")
            if not name.startswith(KEEPS_DOCSTRINGS):
                tree = without_docstrings(tree)
            code = compile(tree, f"{prefix}/{name}", "exec", dont_inherit=True, optimize=0)
            data = bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))
            name += "c"
            compiled += 1
        entry = zipfile.ZipInfo(name, DATE)
        entry.external_attr = info.external_attr
        stored = PACKING == "stored" or name.endswith("/")
        entry.compress_type = zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED
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
const compiled = builder.runPython(`PACKING = ${JSON.stringify(packing)}\n` + COMPILE);
writeFileSync(output, builder.FS.readFile("/tmp/out.zip"));

// Prove the new zip starts an interpreter and serves compiled modules.
const check = await loadPyodide({ stdLibURL: resolve(output), stderr: (line) => console.error(line) });
const origin = check.runPython(
  "import asyncio, json, random, zipfile, importlib.util; importlib.util.find_spec('json.decoder').origin",
);
if (!String(origin).endsWith(".pyc")) {
  console.error(`${output}: json.decoder came from ${origin}, not a .pyc`);
  process.exit(1);
}
const bytes = readFileSync(output).length;
const before = readFileSync(input).length;
console.log(`${output}: ${compiled} modules kept and precompiled, ${bytes} bytes (the source zip: ${before} bytes)`);
