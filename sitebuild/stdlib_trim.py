"""Which of Pyodide's standard library the pages can import: the static
import closure the build trims python_stdlib.zip to.

The roots are every module the site ships (dist/**/*.py, read with ast), the
modules an interpreter imports as it starts, Pyodide's own packages
(``pyodide``, ``_pyodide``), and the Python PyScript and Pyodide carry inside
their JavaScript (PyScript's ``pyscript`` package is strings in its bundle):
every ``import x`` / ``from x import`` / ``pyimport("x")`` those files spell.
From there the closure follows each module's imports through the zip's own
sources, function-level ones too, and string literals handed to
``importlib.import_module`` or ``__import__``. A closure covers code paths no
test exercises, which a record of ``sys.modules`` would not.

The margin is generous: the top-level package of every root is kept whole
(all of encodings/, asyncio/, importlib/, json/, ...: codecs and importlib
find their modules by computed names), and what its other modules import is
kept as well. Never followed: the bodies of ``if __name__ == "__main__":``
and of tests for Windows, which never run in Pyodide. Names that are not in the zip (built-in and
compiled modules, the site's own modules) end the walk there.
"""

from __future__ import annotations

import ast
import re
import zipfile
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Final

__all__ = ["START_MODULES", "closure", "imports_in_source", "imports_in_text", "kept_entries", "module_index"]

#: What an interpreter imports before any page code: site and what it needs,
#: the codecs, the import system, tracebacks (an error anywhere prints one),
#: and the modules Pyodide's start-up and the memory snapshot import; and what
#: the interpreter's C code imports when asked (_pylong for huge ints,
#: _strptime for time.strptime, _compat_pickle for pickle).
START_MODULES: Final = (
    "__future__",
    "_collections_abc",
    "_compat_pickle",
    "_pydatetime",
    "_pylong",
    "_strptime",
    "_colorize",
    "_py_abc",
    "_py_warnings",
    "_sitebuiltins",
    "_weakrefset",
    "abc",
    "ast",
    "codecs",
    "copyreg",
    "encodings",
    "genericpath",
    "importlib",
    "io",
    "keyword",
    "linecache",
    "os",
    "posixpath",
    "random",
    "site",
    "stat",
    "token",
    "tokenize",
    "traceback",
    "types",
    "warnings",
    "weakref",
    "zipimport",
)
#: Pyodide's own Python, kept whole: its JavaScript imports these by name.
PYODIDE_PACKAGES: Final = ("pyodide", "_pyodide")

IMPORT_TEXT: Final = re.compile(r"\bimport\s+([\w.]+(?:\s*,\s*[\w.]+)*)")
FROM_TEXT: Final = re.compile(r"\bfrom\s+([\w.]+)\s+import\b")
PYIMPORT_TEXT: Final = re.compile(r"""\bpyimport\(\s*["']([\w.]+)["']""")
DYNAMIC_IMPORTS: Final = frozenset({"import_module", "__import__"})


def module_name(entry: str) -> str | None:
    """The module a zip entry holds (``json/__init__.py`` is ``json``), or None."""
    if not entry.endswith(".py"):
        return None
    parts = entry[: -len(".py")].split("/")
    if parts[-1] == "__init__":
        parts.pop()
    if not parts or not all(part.isidentifier() for part in parts):
        return None
    return ".".join(parts)


def module_index(archive: zipfile.ZipFile) -> dict[str, str]:
    """Each module in the zip by name, to its entry's name."""
    index = {}
    for entry in archive.namelist():
        name = module_name(entry)
        if name is not None:
            index[name] = entry
    return index


def with_parents(name: str) -> Iterator[str]:
    """``a.b.c`` and the packages importing it imports: ``a``, ``a.b``."""
    parts = name.split(".")
    for end in range(1, len(parts) + 1):
        yield ".".join(parts[:end])


def resolve(module: str | None, level: int, package: str) -> str | None:
    """The absolute name of ``from <level dots><module> import``, in ``package``."""
    if level == 0:
        return module
    base = package.split(".") if package else []
    if level > 1:
        base = base[: len(base) - (level - 1)]
    if not base:
        return None
    return ".".join([*base, module] if module else base)


def never_runs(test: ast.expr) -> bool:
    """Whether an ``if`` test is false whenever a page imports the module:
    ``__name__ == "__main__"`` (only a script run as the main module is), or a
    test for Windows (Pyodide's ``sys.platform`` is ``emscripten``, ``os.name``
    is ``posix``)."""
    text = ast.unparse(test).replace("'", '"')
    return text in {
        '__name__ == "__main__"',
        'sys.platform == "win32"',
        '_sys.platform == "win32"',
        'sys.platform.startswith("win")',
        'os.name == "nt"',
        '_os.name == "nt"',
        'sys.platform == "darwin"',
    }


def reachable(tree: ast.AST) -> Iterator[ast.AST]:
    """Every node of ``tree`` but the bodies of ``if`` blocks that never run."""
    pending = [tree]
    while pending:
        node = pending.pop()
        yield node
        if isinstance(node, ast.If) and never_runs(node.test):
            pending.extend([node.test, *node.orelse])
        else:
            pending.extend(ast.iter_child_nodes(node))


def imports_in_source(source: str | bytes, package: str = "") -> set[str]:
    """Every module a Python source may import, wherever the statement is
    (in functions too, not in blocks that never run in Pyodide); ``package``
    resolves relative imports."""
    names: set[str] = set()
    for node in reachable(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = resolve(node.module, node.level, package)
            if base is not None:
                names.add(base)
                # ``from package import name`` may name a submodule.
                names.update(f"{base}.{alias.name}" for alias in node.names if alias.name != "*")
        elif isinstance(node, ast.Call) and node.args:
            function = node.func
            called = function.attr if isinstance(function, ast.Attribute) else getattr(function, "id", None)
            first = node.args[0]
            if called in DYNAMIC_IMPORTS and isinstance(first, ast.Constant) and isinstance(first.value, str):
                target = first.value
                if target.startswith("."):
                    level = len(target) - len(target.lstrip("."))
                    target = resolve(target.lstrip(".") or None, level, package) or ""
                if target:
                    names.add(target)
    return names


def imports_in_text(text: str) -> set[str]:
    """Every module name a JavaScript file spells in an import statement or a
    ``pyimport`` call (PyScript's Python is strings in its bundle)."""
    # In a JavaScript string a line ends in the two characters \n, which
    # would run into the next line's first word.
    text = text.replace("\\n", "\n").replace("\\t", "\t")
    names: set[str] = set()
    for match in IMPORT_TEXT.finditer(text):
        names.update(part.strip() for part in match.group(1).split(","))
    names.update(match.group(1) for match in FROM_TEXT.finditer(text))
    names.update(match.group(1) for match in PYIMPORT_TEXT.finditer(text))
    return {name.strip(".") for name in names if name.strip(".")}


def closure(archive: zipfile.ZipFile, roots: Iterable[str]) -> set[str]:
    """The modules of the zip that ``roots`` can import: each root's whole
    top-level package (the margin: all of encodings/, asyncio/, json/, ...),
    and everything their modules import, transitively."""
    index = module_index(archive)
    packages: dict[str, list[str]] = {}
    for name in index:
        packages.setdefault(name.split(".")[0], []).append(name)
    pending = [part for root in roots for part in with_parents(root)]
    pending += [name for root in roots for name in packages.get(root.split(".")[0], [])]
    kept: set[str] = set()
    while pending:
        name = pending.pop()
        if name in kept or name not in index:
            continue
        kept.add(name)
        entry = index[name]
        package = name if entry.endswith("/__init__.py") else name.rpartition(".")[0]
        found = imports_in_source(archive.read(entry), package)
        pending.extend(part for found_name in found for part in with_parents(found_name))
    return kept


def site_roots(dist: Path) -> set[str]:
    """The roots in a built dist/: its Python's imports, the names its
    JavaScript spells, the start-up modules and Pyodide's packages."""
    roots = set(START_MODULES) | set(PYODIDE_PACKAGES)
    for path in sorted(dist.rglob("*.py")):
        relative = path.relative_to(dist).with_suffix("").parts
        package = ".".join(relative if relative[-1] == "__init__" else relative[:-1])
        package = package.removesuffix(".__init__")
        roots |= imports_in_source(path.read_bytes(), package)
    for path in sorted([*dist.rglob("*.js"), *dist.rglob("*.mjs")]):
        roots |= imports_in_text(path.read_text(encoding="utf-8", errors="replace"))
    return roots


def kept_entries(archive: zipfile.ZipFile, modules: set[str]) -> list[str]:
    """The zip's entries to keep: the kept modules, and every other file and
    folder of a top-level package any of them is in (data files,
    ``py.typed``)."""
    tops = {name.split(".")[0] for name in modules}
    kept = []
    for entry in archive.namelist():
        name = module_name(entry)
        if name is not None:
            if name in modules:
                kept.append(entry)
        elif "/" not in entry.rstrip("/") and not entry.endswith("/"):
            kept.append(entry)  # a top-level data file: keep it, it costs nothing
        elif entry.split("/")[0] in tops or entry.split("/")[0] == "site-packages":
            kept.append(entry)
    return kept
