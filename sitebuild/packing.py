"""The site's zip archives, sent gzipped: every ``.zip`` of dist/ (Pyodide's
standard library, each page's Python) is written as ``NAME.zip.gz``, and the
pages' runtime module (web/js/runtime.js) answers a fetch of ``NAME.zip`` with
that file inflated, so Pyodide and PyScript still read a zip.

GitHub Pages gzips a file only when the npm package mime-db calls its type
compressible (sitebuild/serve.py), and ``application/zip`` is not: a zip
travels as it is. No compressible type names a zip (``application/octet-stream``
is compressible only since mime-db 1.54.0, so a ``.bin`` would depend on the
version Pages runs), while ``.gz`` is sent as it is by any host. The members
stay stored, not deflated: gzip across the whole archive sends less (1.77 MB
for the standard library and the game's archive, against 1.92 MB deflated
member by member), and Python reads a stored member without inflating it at
every import (docs/benchmarks.md has the three measured side by side).

It runs after every step that writes or reads a zip (the memory snapshot is
made from the standard library's zip, the archives are packed) and before
the loading sizes and the offline manifest, which name and hash the
``.gz`` files.
"""

from __future__ import annotations

import gzip
import io
import zipfile
from pathlib import Path
from typing import Final

__all__ = ["GZIP_SUFFIX", "gzip_archives", "gzipped_name", "open_shipped_zip"]

GZIP_SUFFIX: Final = ".gz"
#: As small as gzip makes it: the build pays once, every first visit gains.
LEVEL: Final = 9


def gzipped_name(name: str) -> str:
    """``python_stdlib.zip`` -> ``python_stdlib.zip.gz``: what the site ships for a zip."""
    return name + GZIP_SUFFIX


def gzip_archives(dist: Path) -> list[Path]:
    """Replace each ``.zip`` of ``dist`` by its gzip (no name, no time in
    the header: the same zip gives the same bytes); return the new files."""
    written = []
    for archive in sorted(dist.rglob("*.zip")):
        target = archive.with_name(gzipped_name(archive.name))
        target.write_bytes(gzip.compress(archive.read_bytes(), LEVEL, mtime=0))
        print(
            f"{target.relative_to(dist).as_posix()}: {archive.stat().st_size:,} bytes gzipped to {target.stat().st_size:,}"
        )
        archive.unlink()
        written.append(target)
    return written


def open_shipped_zip(path: Path) -> zipfile.ZipFile:
    """The zip at ``path`` (``dist/pages-game.zip``) as the site ships it,
    ``NAME.zip.gz``, inflated: what the page reads when it asks for ``path``."""
    return zipfile.ZipFile(io.BytesIO(gzip.decompress(path.with_name(gzipped_name(path.name)).read_bytes())))
