"""The build, step by step: each step writes its part of dist/ and returns
the files it wrote. A new step is one more entry in :data:`STEPS`."""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from . import bundle, first_paint, interpreter, offline, packing, pycache, site, tutorial, vendor
from .files import DIST

Step = Callable[[Path], list[Path]]

#: The steps in the order they run. The offline files come last: the
#: precache manifest hashes every file written before it.
STEPS: tuple[Step, ...] = (
    vendor.write_vendor,  # PyScript and Pyodide, from node_modules
    site.write_site,  # the allfives package, web/ (pages, modules, icons), the pages' configs
    first_paint.write_first_paint,  # the game page's first screen, drawn into index.html
    tutorial.write_tutorial,  # rules*.html and the scenarios' records
    interpreter.write_runtime,  # the precompiled standard library, the memory snapshot
    pycache.write_pycache,  # a .pyc of every module the pages import, PyScript's own included
    bundle.write_bundles,  # each page's Python files packed into one archive its config names
    packing.gzip_archives,  # every zip shipped gzipped (NAME.zip.gz; runtime.js inflates it)
    interpreter.write_loading_sizes,  # the runtime files' sizes, as shipped, for the progress bar
    offline.write_offline_files,  # precache.json and sw.js
)


def build(dist: Path = DIST, *, install: bool = True, steps: Iterable[Step] = STEPS) -> list[Path]:
    """Build the site into ``dist`` (emptied first); return every file written.

    ``install`` runs ``npm ci`` first when node_modules differs from the lock.
    """
    if install:
        vendor.ensure_node_modules()
    if dist.exists():
        shutil.rmtree(dist)
    dist.mkdir(parents=True)
    written: list[Path] = []
    for step in steps:
        written += step(dist)
    # A later step may take an earlier one's files away (the archives take
    # the .pyc files): what is listed is what dist/ holds.
    return [path for path in written if path.exists()]


def describe(files: Iterable[Path], dist: Path = DIST) -> Iterator[str]:
    """Lines listing each file under ``dist`` with its size, then the total."""
    total = 0
    for path in sorted(files):
        size = path.stat().st_size
        total += size
        yield f"{size:>12,}  {path.relative_to(dist).as_posix()}"
    yield f"{total:>12,}  total"
