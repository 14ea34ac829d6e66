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

It runs after :mod:`sitebuild.pycache`, which lists the ``.pyc`` files in
the configs, and before the offline manifest, which hashes the archives.
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


def write_archive(dist: Path, files: dict[str, str], target: Path) -> None:
    """Pack ``files`` (dist-relative URL -> path in the page) into ``target``."""
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for url, destination in sorted(files.items(), key=lambda item: member(item[1])):
            source = dist / url.removeprefix("./")
            if not source.is_file():
                raise BuildError(f"{source} is listed in a PyScript config but was not built")
            info = zipfile.ZipInfo(member(destination), date_time=MEMBER_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
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
