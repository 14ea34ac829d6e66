"""The pages' Python, compiled at build time: a ``__pycache__`` ``.pyc`` for
every module a page's PyScript config lists (the allfives package and the
web/ modules) and for PyScript's own package, which PyScript writes from its
bundle into ./pyscript/ at every start and imports before the page's script.

Without them every start compiles all of that from source in the browser
(about 10,000 lines: PyScript's package, the engine, the page modules).
Each config gets a ``files`` entry per ``.pyc`` at the place Python's
import looks (the ``__pycache__`` folder beside each source); then
:mod:`sitebuild.bundle` packs every file a config lists, these included,
into the page's one archive. The compiling is done by Pyodide's own Python
in Node (sitebuild/pycache.mjs): the magic number and bytecode are the ones
the page runs.

It runs after :mod:`sitebuild.interpreter` (the snapshot freezes the engine's
code objects either way) and before :mod:`sitebuild.bundle`.
"""

from __future__ import annotations

import json
import subprocess
import tempfile
from pathlib import Path
from typing import Any, Final

from .files import ROOT, BuildError, read_json
from .interpreter import node
from .site import PAGE_CONFIGS
from .vendor import PYSCRIPT_PACKAGE

__all__ = ["PYSCRIPT_ARTIFACT", "PycacheBuildError", "add_to_config", "source_of", "write_pycache"]

HERE: Final = Path(__file__).resolve().parent
PYCACHE_SCRIPT: Final = HERE / "pycache.mjs"
#: PyScript's Python package as its bundle writes it (a build artifact of
#: @pyscript/core; the script checks it against the bundle dist ships).
PYSCRIPT_ARTIFACT: Final = PYSCRIPT_PACKAGE / "src" / "stdlib" / "pyscript.js"


class PycacheBuildError(BuildError):
    """Compiling the pages' Python failed; the message says why."""


def config_modules(config: dict[str, Any]) -> list[str]:
    """The dist-relative .py files a PyScript config has the page write."""
    files: dict[str, str] = config.get("files", {})
    return [url.removeprefix("./") for url in files if url.endswith(".py")]


def add_to_config(config: dict[str, Any], modules: dict[str, str], pyscript: dict[str, str]) -> dict[str, Any]:
    """``config`` with a ``files`` entry for the .pyc of each module it lists
    (``modules``: source -> .pyc, the same path in dist and in the page) and
    for each of PyScript's (``pyscript``: dist path -> path in the page)."""
    files = dict(config.get("files", {}))
    for module in config_modules(config):
        if module in modules:
            files["./" + modules[module]] = "./" + modules[module]
    for target, home in pyscript.items():
        files["./" + target] = "./" + home
    return {**config, "files": files}


def compile_modules(dist: Path, modules: list[str], *, cwd: Path = ROOT) -> list[tuple[str, str]]:
    """Run sitebuild/pycache.mjs; return (dist path, page path) of each .pyc."""
    if not PYSCRIPT_ARTIFACT.is_file():
        raise PycacheBuildError(f"{PYSCRIPT_ARTIFACT} is missing: run npm ci")
    with tempfile.TemporaryDirectory() as scratch:
        listing = Path(scratch) / "modules.json"
        listing.write_text(json.dumps(modules), encoding="utf-8")
        command = [node(), str(PYCACHE_SCRIPT), str(dist), str(PYSCRIPT_ARTIFACT), str(listing)]
        result = subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise PycacheBuildError(f"compiling the pages' Python failed:\n{result.stderr.strip()[-2000:]}")
    report = json.loads(result.stdout.strip().splitlines()[-1])
    return [(str(target), str(home)) for target, home in report["files"]]


def write_pycache(dist: Path) -> list[Path]:
    """Compile the pages' Python into ``dist`` and list the .pyc files in
    each page's config; return the .pyc files written."""
    configs = [dist / page.name for page in PAGE_CONFIGS]
    modules = sorted({module for path in configs for module in config_modules(read_json(path))})
    pairs = compile_modules(dist, modules)
    pyscript = {target: home for target, home in pairs if target != home}
    compiled = {source_of(target): target for target, home in pairs if target == home}
    for path in configs:
        config = add_to_config(read_json(path), compiled, pyscript)
        path.write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")
    written = [dist / target for target, _ in pairs]
    total = sum(path.stat().st_size for path in written)
    print(f"{len(written)} modules precompiled for the pages ({total:,} bytes of .pyc)")
    return written


def source_of(pyc: str) -> str:
    """``allfives/__pycache__/tiles.cpython-314.pyc`` -> ``allfives/tiles.py``."""
    folder, _, name = pyc.rpartition("/")
    parent = folder.removesuffix("__pycache__").rstrip("/")
    stem = name.split(".", 1)[0]
    return (parent + "/" if parent else "") + stem + ".py"
