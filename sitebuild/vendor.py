"""PyScript and Pyodide from node_modules: the lock checked, ``npm ci`` run
when node_modules differs from it, and only the files a page loads copied."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from .files import LOCKFILE, NODE_MODULES, PACKAGE_JSON, ROOT, BuildError, copy_files, read_json

PYSCRIPT_PACKAGE = NODE_MODULES / "@pyscript" / "core"
PYSCRIPT_DIST = PYSCRIPT_PACKAGE / "dist"
PYODIDE_DIR = NODE_MODULES / "pyodide"
IDIOMORPH_PACKAGE = NODE_MODULES / "idiomorph"
VENDOR_PYSCRIPT = Path("vendor") / "pyscript"
VENDOR_PYODIDE = Path("vendor") / "pyodide"
VENDOR_IDIOMORPH = Path("vendor") / "idiomorph"

#: PyScript entry points named by the pages.
PYSCRIPT_ENTRIES = ("core.js", "core.css")
#: Chunks that core.js imports on start-up whatever the page holds: the plugin
#: entry points (core loads every plugin once for each interpreter type, so a
#: ``"!name"`` in the py config alone does not stop them). Their heavy lazy
#: parts (xterm, codemirror, the TOML parser, zip) are not shipped.
PYSCRIPT_EAGER_CHUNKS = ("error", "deprecations-manager", "donkey", "py-editor", "py-game", "py-terminal")
#: Shipped beside the code, never fetched: the Apache-2.0 licence asks for it.
PYSCRIPT_NOTICES = ("LICENSE",)
#: The DOM-morphing library the page's shell (web/js/shell.js) draws its
#: regions with, as an ES module, and its licence (BSD-2-Clause) beside it.
IDIOMORPH_FILES = ("dist/idiomorph.esm.js", "LICENSE")
#: What Pyodide fetches to run pure-Python code (no package wheels).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")

#: Pyodide's ``pyodide.asm.mjs`` builds, as soon as it loads, a one-page
#: *shared* WebAssembly memory for ``syncSleep``, its wait for a busy file
#: descriptor, which only Node reaches. In a page that is not cross-origin
#: isolated (GitHub Pages cannot send the headers that make it so) Chromium
#: reports that as a deprecation, "SharedArrayBuffer will require cross-origin
#: isolation", which costs Lighthouse's best-practices score. There the page
#: gets a plain buffer instead: ``Atomics.wait`` refuses it, as it refuses any
#: wait on a page's main thread, and ``syncSleep`` returns false, as it did.
#: Node and isolated pages keep the shared memory. The build fails if the
#: pinned Pyodide's text differs, so an upgrade looks at this again.
PYODIDE_PATCHES: tuple[tuple[str, str, str], ...] = (
    (
        "pyodide.asm.mjs",
        "new Int32Array(new WebAssembly.Memory({shared:!0,initial:1,maximum:1}).buffer)",
        "new Int32Array(globalThis.crossOriginIsolated===!1?new ArrayBuffer(4)"
        ":new WebAssembly.Memory({shared:!0,initial:1,maximum:1}).buffer)",
    ),
)

_STATIC_IMPORT = re.compile(r"""(?:\bfrom|\bimport)\s*["'](\./[^"']+)["']""")


# --------------------------------------------------------------------------
# node_modules


def _locked_packages(lock: dict[str, Any]) -> dict[str, tuple[str, str]]:
    """Map each installed package path in a lockfile to its (version, integrity)."""
    packages: dict[str, dict[str, Any]] = lock.get("packages", {})
    return {
        path: (str(meta.get("version")), str(meta.get("integrity")))
        for path, meta in packages.items()
        if path  # "" is the project itself
    }


def check_lock_matches_manifest() -> None:
    """Fail if package.json names dependencies that package-lock.json lacks."""
    wanted = read_json(PACKAGE_JSON).get("dependencies", {})
    locked = read_json(LOCKFILE)["packages"][""].get("dependencies", {})
    if wanted != locked:
        raise BuildError("package-lock.json does not match package.json: run `npm install` and commit the lock")


def node_modules_stale_reason() -> str | None:
    """Say why node_modules does not match package-lock.json, or None if it does.

    npm records what it installed in node_modules/.package-lock.json; each
    package there must have the version and integrity that the lock pins.
    """
    installed_lock = NODE_MODULES / ".package-lock.json"
    if not installed_lock.is_file():
        return "node_modules is missing"
    wanted = _locked_packages(read_json(LOCKFILE))
    installed = _locked_packages(read_json(installed_lock))
    for path, pin in sorted(wanted.items()):
        if installed.get(path) != pin:
            return f"{path} is not the locked version"
        if not (ROOT / path).is_dir():
            return f"{path} is missing"
    return None


def ensure_node_modules() -> None:
    """Run ``npm ci`` when node_modules is missing or differs from the lock."""
    check_lock_matches_manifest()
    reason = node_modules_stale_reason()
    if reason is None:
        print("node_modules matches package-lock.json: skipping npm ci")
        return
    npm = shutil.which("npm")
    if npm is None:
        raise BuildError(f"{reason}, and npm is not on PATH: install Node.js 20+")
    command = [npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund"]
    print(f"{reason}: running npm {' '.join(command[1:])}", flush=True)
    subprocess.run(command, cwd=ROOT, check=True)


# --------------------------------------------------------------------------
# selecting files


def static_imports(script: Path) -> list[str]:
    """Relative modules that a bundled ES module imports statically.

    Dynamic ``import("./x.js")`` calls do not match: those chunks load only
    when the feature that needs them is used.
    """
    text = script.read_text(encoding="utf-8")
    return sorted({match.group(1) for match in _STATIC_IMPORT.finditer(text)})


def import_closure(directory: Path, entries: Iterable[str]) -> list[str]:
    """Every .js file in ``directory`` reached from ``entries`` by static imports."""
    seen: set[str] = set()
    pending = [entry for entry in entries if entry.endswith(".js")]
    while pending:
        name = pending.pop()
        if name in seen:
            continue
        path = directory / name
        if not path.is_file():
            raise BuildError(f"{path} is imported but missing")
        seen.add(name)
        pending.extend(Path(spec).name for spec in static_imports(path))
    return sorted(seen)


def chunk_named(directory: Path, stem: str) -> str:
    """The one bundler chunk ``<stem>-<hash>.js`` in ``directory``."""
    pattern = re.compile(rf"{re.escape(stem)}-[A-Za-z0-9_-]{{8}}\.js")
    matches = sorted(path.name for path in directory.iterdir() if pattern.fullmatch(path.name))
    if len(matches) != 1:
        raise BuildError(f"expected one {stem}-<hash>.js chunk in {directory}, found {matches}")
    return matches[0]


def pyscript_files() -> list[str]:
    """The PyScript files a py (main thread or worker) page loads."""
    eager = [chunk_named(PYSCRIPT_DIST, stem) for stem in PYSCRIPT_EAGER_CHUNKS]
    scripts = import_closure(PYSCRIPT_DIST, [*PYSCRIPT_ENTRIES, *eager])
    return sorted({*PYSCRIPT_ENTRIES, *scripts})


def write_vendor(dist: Path) -> list[Path]:
    """Copy the PyScript, Pyodide and Idiomorph files a page loads into dist/vendor/."""
    written = copy_files(PYSCRIPT_DIST, pyscript_files(), dist / VENDOR_PYSCRIPT)
    written += copy_files(PYSCRIPT_PACKAGE, PYSCRIPT_NOTICES, dist / VENDOR_PYSCRIPT)
    written += copy_files(PYODIDE_DIR, PYODIDE_FILES, dist / VENDOR_PYODIDE)
    for name in IDIOMORPH_FILES:
        written += copy_files((IDIOMORPH_PACKAGE / name).parent, (Path(name).name,), dist / VENDOR_IDIOMORPH)
    for name, old, new in PYODIDE_PATCHES:
        patch_once(dist / VENDOR_PYODIDE / name, old, new)
    write_lock_without_packages(dist / VENDOR_PYODIDE / "pyodide-lock.json")
    return written


def write_lock_without_packages(lock: Path) -> None:
    """Keep of Pyodide's lock file what its start reads (the ABI and Python
    versions it checks) and none of its 356 package entries: the pages load
    no package wheels, and a first visit fetches 26 kB less (gzipped)."""
    info = read_json(lock)["info"]
    lock.write_text(json.dumps({"info": info, "packages": {}}, separators=(",", ":")) + "\n", encoding="utf-8")


def patch_once(path: Path, old: str, new: str) -> None:
    """Replace the one occurrence of ``old`` in ``path`` with ``new``; fail the
    build when ``old`` occurs other than once (the vendored file changed)."""
    text = path.read_text(encoding="utf-8")
    found = text.count(old)
    if found != 1:
        raise BuildError(f"{path.name}: expected the text to patch once, found it {found} times: {old[:60]}...")
    path.write_text(text.replace(old, new), encoding="utf-8")
