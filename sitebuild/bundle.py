"""Each page's Python in one archive: the files a PyScript config lists (the
engine, the page modules, their ``.pyc``, PyScript's own package) packed
into one zip that the page fetches and unpacks where the files went.

PyScript fetches the files a config lists one by one, and only once the
interpreter has started: about 110 requests for the game, which took
0.4 s after the interpreter was ready even from the service worker's
cache. One archive is one request; Pyodide unpacks it in a few
milliseconds (``"files": {"./pages-game.zip": "./*"}``, PyScript's form
for an archive to unpack). The sources stay in dist/ beside it, the site's
readable Python; the ``.pyc`` files, which only the archives use now, are
taken out of dist/ (and so out of what the service worker caches).

The archive holds one form of each module: its ``.pyc``, where the source
would be (``table/board.pyc``: Python imports a module from a lone ``.pyc``
there, and a ``.pyc`` in ``__pycache__`` only beside its source). A source
gzips to less than half its ``.pyc``, but the page would compile it at every
start, which is what the ``.pyc`` files are for (docs/benchmarks.md has
both measured). A traceback still names the file and the line; the line's
text is in the source, in dist/ at the same path. PyScript's own package is
the exception: PyScript writes its sources from its bundle at every start,
so its ``.pyc`` stay in ``__pycache__`` beside them. Members are stored, not
deflated: the build then gzips the whole archive (sitebuild/packing.py:
``pages-game.zip.gz``, which the page's runtime module inflates when
PyScript asks for ``pages-game.zip``), which sends less.

It runs after :mod:`sitebuild.pycache`, which lists the ``.pyc`` files in
the configs, and before :mod:`sitebuild.packing` gzips the archives.
"""

from __future__ import annotations

import json
import zipfile
from pathlib import Path
from typing import Any, Final

from .files import BuildError, read_json
from .site import PAGE_CONFIGS

__all__ = ["ARCHIVE_TARGET", "archive_name", "bundle_config", "write_bundles"]

#: PyScript's target for an archive: unpacked into the working directory.
ARCHIVE_TARGET: Final = "./*"
#: Where PyScript writes its own package in the page.
PYSCRIPT_HOME: Final = "pyscript/"
#: A fixed time for every member, so the same files make the same bytes.
MEMBER_TIME: Final = (2026, 1, 1, 0, 0, 0)


def archive_name(config_name: str) -> str:
    """``pyscript.json`` -> ``pages-game.zip``; ``pyscript-embed.json`` -> ``pages-embed.zip``."""
    stem = config_name.removesuffix(".json").removeprefix("pyscript")
    return f"pages-{stem.removeprefix('-') or 'game'}.zip"


def member(target: str) -> str:
    """A config's target (``./allfives/tiles.py``) as an archive member name."""
    name = target.removeprefix("./")
    if not name or name.startswith("/") or ".." in Path(name).parts:
        raise BuildError(f"a PyScript config writes {target!r}, outside the page's folder")
    return name


def compiled_in_place(name: str) -> str | None:
    """``table/__pycache__/board.cpython-314.pyc`` -> ``table/board.pyc``,
    where Python imports a ``.pyc`` that has no source beside it; None for
    any other member."""
    folder, _, file = name.rpartition("/")
    if not file.endswith(".pyc") or not (folder == "__pycache__" or folder.endswith("/__pycache__")):
        return None
    parent = folder.removesuffix("__pycache__")
    return f"{parent}{file.split('.', 1)[0]}.pyc"


def one_form(files: dict[str, str]) -> dict[str, str]:
    """Each member of ``files`` (path in the page -> dist-relative URL) with
    one form of each module: a source that has a ``.pyc`` goes, and the
    ``.pyc`` moves to where the source was. PyScript's package keeps its
    ``.pyc`` in ``__pycache__``: PyScript writes its sources beside them."""
    members = dict(files)
    for name, url in files.items():
        in_place = compiled_in_place(name)
        if in_place is None or name.startswith(PYSCRIPT_HOME):
            continue
        source = in_place.removesuffix("c")
        if source in members:
            del members[source], members[name]
            members[in_place] = url
    return members


def write_archive(dist: Path, files: dict[str, str], target: Path) -> None:
    """Pack ``files`` (dist-relative URL -> path in the page) into ``target``,
    one form of each module, stored."""
    members = one_form({member(destination): url for url, destination in files.items()})
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_STORED) as archive:
        for name, url in sorted(members.items()):
            source = dist / url.removeprefix("./")
            if not source.is_file():
                raise BuildError(f"{source} is listed in a PyScript config but was not built")
            info = zipfile.ZipInfo(name, date_time=MEMBER_TIME)
            info.compress_type = zipfile.ZIP_STORED
            info.external_attr = 0o644 << 16
            archive.writestr(info, source.read_bytes())


def bundle_config(config: dict[str, Any], archive: str) -> dict[str, Any]:
    """``config`` with its files replaced by the one archive that holds them."""
    return {**config, "files": {"./" + archive: ARCHIVE_TARGET}}


def write_bundles(dist: Path) -> list[Path]:
    """Pack each page's files into its archive and point its config at it,
    then take the packed ``.pyc`` files out of ``dist``; return the archives."""
    written = []
    packed: set[Path] = set()
    for page in PAGE_CONFIGS:
        path = dist / page.name
        config = read_json(path)
        files: dict[str, str] = config.get("files", {})
        if not files:
            raise BuildError(f"{page.name} lists no files to pack")
        archive = dist / archive_name(page.name)
        write_archive(dist, files, archive)
        packed |= {dist / url.removeprefix("./") for url in files}
        path.write_text(json.dumps(bundle_config(config, archive.name), indent=2) + "\n", encoding="utf-8")
        written.append(archive)
        print(f"{archive.name}: {len(files)} files, {archive.stat().st_size:,} bytes")
    for path in sorted(packed):
        if path.suffix == ".pyc":
            path.unlink()
    for folder in sorted({path.parent for path in packed if path.suffix == ".pyc"}, key=lambda p: -len(p.parts)):
        while folder != dist and folder.is_dir() and not any(folder.iterdir()):
            folder.rmdir()
            folder = folder.parent
    return written
