"""Which of Pyodide's standard library the pages import: the modules the
build keeps in python_stdlib.zip, module by module.

The list is seen, not guessed: sitebuild/stdlib_modules.txt names every
module the pages imported from the zip while tests/browser/test_stdlib.py
used every feature of the game, the replay and the rules page on Pyodide's
whole standard library (that test fails, naming the module, when the pages
import one the list lacks). The build keeps those modules, the packages they
are in, and what importing any of them imports, transitively: the statements
that run when a module is imported, at its top level, in its classes, inside
``try`` and ``if`` blocks (a margin for a branch the tour did not take), not
in its functions' bodies. Never followed: the bodies of
``if __name__ == "__main__":`` and of tests for Windows, which never run in
Pyodide. Names that are not in the zip (built-in and compiled modules, the
site's own modules) end the walk there; frozen modules are dropped by
sitebuild/stdlib.mjs, which asks Pyodide's interpreter for their names.
"""

from __future__ import annotations

import ast
import zipfile
from collections.abc import Iterable, Iterator
from typing import Final

__all__ = ["imports_in_source", "kept_entries", "module_index", "read_module_list", "used_closure"]

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


#: What runs only when called, not when the module is imported.
FUNCTIONS: Final = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)


def reachable(tree: ast.AST, *, at_import: bool = False) -> Iterator[ast.AST]:
    """Every node of ``tree`` but the bodies of ``if`` blocks that never run
    (and with ``at_import``, but the bodies of functions: what runs when the
    module is imported)."""
    pending = [tree]
    while pending:
        node = pending.pop()
        yield node
        if isinstance(node, ast.If) and never_runs(node.test):
            pending.extend([node.test, *node.orelse])
        elif at_import and isinstance(node, FUNCTIONS):
            # Evaluated when the function is defined: its defaults and decorators.
            defaults = [*node.args.defaults, *node.args.kw_defaults, *getattr(node, "decorator_list", [])]
            pending.extend(default for default in defaults if default is not None)
        else:
            pending.extend(ast.iter_child_nodes(node))


def imports_in_source(source: str | bytes, package: str = "", *, at_import: bool = False) -> set[str]:
    """Every module a Python source may import, wherever the statement is
    (in functions too, not in blocks that never run in Pyodide); ``package``
    resolves relative imports. With ``at_import``, only what importing the
    module imports (not what its functions import when called)."""
    names: set[str] = set()
    for node in reachable(ast.parse(source), at_import=at_import):
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


def used_closure(archive: zipfile.ZipFile, used: Iterable[str], whole: Iterable[str] = ()) -> set[str]:
    """The modules of the zip to keep, module by module: ``used`` (the
    modules the pages were seen to import), the packages they are in, what
    importing any of them imports, transitively (a margin for imports inside
    ``try`` blocks or behind a test the pages did not take), and the packages
    of ``whole`` complete (Pyodide's JavaScript imports them by name)."""
    index = module_index(archive)
    tops = set(whole)
    pending = [part for name in used for part in with_parents(name)]
    pending += [name for name in index if name.split(".")[0] in tops]
    kept: set[str] = set()
    while pending:
        name = pending.pop()
        if name in kept or name not in index:
            continue
        kept.add(name)
        entry = index[name]
        package = name if entry.endswith("/__init__.py") else name.rpartition(".")[0]
        found = imports_in_source(archive.read(entry), package, at_import=True)
        pending.extend(part for found_name in found for part in with_parents(found_name))
    return kept


def read_module_list(text: str) -> list[str]:
    """The module names of a list like sitebuild/stdlib_modules.txt: one a
    line, ``#`` starts a comment."""
    names = (line.split("#", 1)[0].strip() for line in text.splitlines())
    return [name for name in names if name]


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
        elif "/" not in entry and not entry.endswith(".py"):
            kept.append(entry)  # a top-level data file: keep it, it costs nothing
        elif entry.split("/")[0] in tops or entry.split("/")[0] == "site-packages":
            kept.append(entry)
    return kept
