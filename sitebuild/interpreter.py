"""The interpreter the pages start, as the build prepares it (web/js/runtime.js
starts it in the page): Pyodide's standard library precompiled, and the
sizes the loading screen counts its progress in.

It is the build step (:data:`sitebuild.steps.STEPS`) that runs once dist/ holds the vendored
Pyodide and the web/ files, and before the offline manifest (which must hash
what it writes). It

- replaces dist/vendor/pyodide/python_stdlib.zip with the same zip trimmed,
  module by module, to what the pages import (sitebuild/stdlib_modules.txt,
  sitebuild/stdlib_trim.py) and compiled to ``.pyc`` without docstrings by
  Pyodide's own Python in Node (sitebuild/stdlib.mjs): most of a plain start
  is compiling the standard library. Its entries are stored, not deflated:
  the whole zip is gzipped later (sitebuild/packing.py), which sends less
  than deflating each entry and spares Python inflating them;
- makes the memory snapshot that web/js/runtime.js (the pages' interpreter
  module) restores on a return visit instead of starting Python: Python
  just after start-up, with the rules engine and every page module that
  needs no browser imported (sitebuild/snapshot.mjs).
  It freezes the engine's code, so every build makes it anew; it is checked
  against the size Pyodide can restore and restored once in Node;
- and, as a step of its own once the zips are gzipped
  (:func:`write_loading_sizes`), stamps dist/loading.js with the size of
  each runtime file a first visit fetches, so its progress bar is bytes
  fetched out of a known total.

Needs Node.js and the ``pyodide`` npm package.
"""

from __future__ import annotations

import ast
import json
import shutil
import subprocess
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Final

from .files import ROOT, BuildError
from .packing import gzipped_name
from .site import WEB_ENTRY_SCRIPTS, web_packages
from .stdlib_trim import read_module_list
from .vendor import PYODIDE_DIR, VENDOR_PYODIDE

__all__ = [
    "RUNTIME_FILES",
    "RuntimeBuildError",
    "browser_free_modules",
    "loading_sizes",
    "make_snapshot",
    "stamp_loading_script",
    "write_loading_sizes",
    "write_runtime",
]

HERE: Final = Path(__file__).resolve().parent
STDLIB_SCRIPT: Final = HERE / "stdlib.mjs"
STDLIB_NAME: Final = "python_stdlib.zip"
#: The standard library modules the pages import (tests/browser/test_stdlib.py sees them).
USED_MODULES: Final = HERE / "stdlib_modules.txt"
#: The page script that shows the loading progress, and the mark in it that
#: the build replaces with the sizes (a comment: the file runs unstamped too).
LOADING_SCRIPT: Final = "loading.js"
SIZES_MARK: Final = "/*RUNTIME_SIZES*/"
#: The memory snapshot, beside runtime.js at the top of dist/ (a return visit
#: reads it from the service worker's cache; a first visit never fetches it).
SNAPSHOT_SCRIPT: Final = HERE / "snapshot.mjs"
SNAPSHOT_NAME: Final = "runtime-snapshot.gz"
#: What the snapshot imports besides the pages' own modules: the engine and
#: the standard library modules the pages and PyScript import.
SNAPSHOT_MODULES: Final = (
    "allfives",
    "allfives.players",
    "allfives.record",
    "allfives.view",
    "asyncio",
    "base64",
    "encodings.cp437",  # zipfile reads the pages' archive's names with it
    "json",
    "urllib.parse",
    "zlib",
)
#: Modules that only exist in the page: a web/ module that imports one, or
#: imports a module that does, cannot be imported in Node.
BROWSER_MODULES: Final = frozenset({"js", "pyscript", "pyodide"})
#: Pyodide 314 copies a snapshot into its heap as created, 30 MiB, without
#: growing it (pyodide issue 6254); the snapshot's header adds a few bytes.
SNAPSHOT_LIMIT: Final = 30 * 1024 * 1024 + 4096
#: The runtime files a start fetches, the bulk of a first visit's bytes, as
#: shipped: the standard library gzipped (sitebuild/packing.py).
RUNTIME_FILES: Final = ("pyodide.asm.wasm", "pyodide.asm.mjs", gzipped_name(STDLIB_NAME), "pyodide-lock.json")


class RuntimeBuildError(BuildError):
    """A runtime build step failed; the message says why."""


def node() -> str:
    """The ``node`` executable, or a clear error."""
    found = shutil.which("node")
    if found is None:
        raise RuntimeBuildError("node is not on PATH: install Node.js 20+ (the build runs Pyodide in it)")
    return found


def precompile_stdlib(source: Path, target: Path, *, cwd: Path, roots: Iterable[str] | None = None) -> None:
    """Write ``target``: the zip ``source`` with each module compiled to .pyc,
    and with ``roots``, only the modules they can import."""
    with tempfile.TemporaryDirectory() as scratch:
        command = [node(), str(STDLIB_SCRIPT), str(source), str(target)]
        if roots is not None:
            roots_file = Path(scratch) / "roots.json"
            roots_file.write_text(json.dumps(sorted(roots)), encoding="utf-8")
            command.append(str(roots_file))
        result = subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise RuntimeBuildError(f"precompiling the standard library failed:\n{result.stderr.strip()[-2000:]}")
    print(result.stdout.strip())


def module_level_imports(source: Path) -> set[str]:
    """The modules ``source`` imports when it is imported (not in a
    function, nor under ``if TYPE_CHECKING:``), by their dotted names; a
    ``from a import b`` counts ``a`` and ``a.b`` (``b`` may be a module)."""
    names: set[str] = set()
    for node in ast.parse(source.read_text(encoding="utf-8"), str(source)).body:
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def browser_free_modules(folder: Path, skip: Iterable[str] = (), packages: Iterable[str] = ()) -> list[str]:
    """The modules at the top of ``folder`` and in its ``packages`` that can
    be imported outside a browser: none of them imports, directly or through
    another of these modules, one of :data:`BROWSER_MODULES`. ``skip`` names
    scripts (run by their page, never imported)."""
    sources = [path for path in folder.glob("*.py") if path.name not in skip]
    sources += [path for name in packages for path in (folder / name).glob("*.py")]
    imports: dict[str, set[str]] = {}
    for path in sources:
        parts = path.relative_to(folder).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        imports[name] = module_level_imports(path)

    def prefixes(name: str) -> set[str]:
        parts = name.split(".")
        return {".".join(parts[:depth]) for depth in range(1, len(parts) + 1)}

    blocked = set(BROWSER_MODULES)
    changed = True
    while changed:  # a module that imports a blocked one is blocked too
        changed = False
        for name, found in imports.items():
            if name not in blocked and any(prefixes(module) & blocked for module in found):
                blocked.add(name)
                changed = True
    return sorted(name for name in imports if name not in blocked)


def snapshot_modules(dist: Path) -> list[str]:
    """Every module the snapshot imports: :data:`SNAPSHOT_MODULES` and the
    pages' modules that need no browser (the board, the words, the
    controller...), so that a restored page imports only the rest."""
    return [*SNAPSHOT_MODULES, *browser_free_modules(dist, WEB_ENTRY_SCRIPTS, web_packages())]


def make_snapshot(dist: Path, *, cwd: Path) -> Path:
    """Write the gzipped memory snapshot into ``dist``; return its path."""
    target = dist / SNAPSHOT_NAME
    command = [node(), str(SNAPSHOT_SCRIPT), str(dist), str(target), str(SNAPSHOT_LIMIT), *snapshot_modules(dist)]
    result = subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise RuntimeBuildError(f"making the memory snapshot failed:\n{result.stderr.strip()[-2000:]}")
    print(result.stdout.strip())
    return target


def loading_sizes(dist: Path, files: Iterable[str] = RUNTIME_FILES) -> dict[str, int]:
    """Bytes of each runtime file, by its path relative to dist/."""
    sizes = {}
    for name in files:
        path = dist / VENDOR_PYODIDE / name
        if not path.is_file():
            raise RuntimeBuildError(f"{path} is missing")
        sizes[(VENDOR_PYODIDE / name).as_posix()] = path.stat().st_size
    return sizes


def stamp_loading_script(text: str, sizes: dict[str, int]) -> str:
    """The loading script with its table of sizes filled in."""
    if text.count(SIZES_MARK) != 1:
        raise RuntimeBuildError(f"web/js/{LOADING_SCRIPT} must hold {SIZES_MARK} exactly once")
    return text.replace(SIZES_MARK, json.dumps(sizes, sort_keys=True)[1:-1])


def write_runtime(dist: Path, pyodide_dir: Path = PYODIDE_DIR, *, cwd: Path = ROOT) -> list[Path]:
    """Precompile the standard library into dist/, in place, and make the
    snapshot from it; return the files this adds to ``dist``."""
    stdlib = dist / VENDOR_PYODIDE / STDLIB_NAME
    roots = set(read_module_list(USED_MODULES.read_text(encoding="utf-8"))) | set(SNAPSHOT_MODULES)
    precompile_stdlib(pyodide_dir / STDLIB_NAME, stdlib, cwd=cwd, roots=roots)
    return [make_snapshot(dist, cwd=cwd)]


def write_loading_sizes(dist: Path) -> list[Path]:
    """Stamp the loading script in ``dist``, in place, with the size of each
    runtime file as shipped (after :func:`sitebuild.packing.gzip_archives`);
    it adds no file."""
    loading = dist / LOADING_SCRIPT
    loading.write_text(stamp_loading_script(loading.read_text(encoding="utf-8"), loading_sizes(dist)), encoding="utf-8")
    return []
