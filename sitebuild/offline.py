"""Offline play: the precache manifest (every file of dist/ with its hash)
and the service worker, stamped with the manifest's version (a changed byte
is how browsers learn of a new version)."""

from __future__ import annotations

import base64
import hashlib
import json
from collections.abc import Mapping
from pathlib import Path

from .files import WEB, BuildError
from .site import SERVICE_WORKER, WEB_SCRIPTS

SW_VERSION_MARK = "__PRECACHE_VERSION__"
#: The offline manifest: every other file of dist/ with its SHA-256.
PRECACHE_NAME = "precache.json"


def integrity(data: bytes) -> str:
    """A Subresource Integrity value (``sha256-<base64>``): the service
    worker's fetch checks each file against it."""
    return "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode("ascii")


def precache_files(dist: Path) -> dict[str, str]:
    """Every file of ``dist`` but the service worker and the manifest, by
    path relative to dist/, with its integrity value."""
    skip = {SERVICE_WORKER, PRECACHE_NAME}
    return {
        path.relative_to(dist).as_posix(): integrity(path.read_bytes())
        for path in sorted(dist.rglob("*"))
        if path.is_file() and path.relative_to(dist).as_posix() not in skip
    }


def precache_version(files: Mapping[str, str]) -> str:
    """A hash of every path and hash: it changes when any file does."""
    digest = hashlib.sha256()
    for path, value in sorted(files.items()):
        digest.update(f"{path}\0{value}\n".encode())
    return digest.hexdigest()[:16]


def stamp_service_worker(template: str, version: str) -> str:
    """The service worker with its version filled in."""
    if template.count(SW_VERSION_MARK) != 1:
        raise BuildError(f"web/{WEB_SCRIPTS}/{SERVICE_WORKER} must hold {SW_VERSION_MARK} exactly once")
    return template.replace(SW_VERSION_MARK, version)


def write_offline_files(dist: Path, template: Path = WEB / WEB_SCRIPTS / SERVICE_WORKER) -> list[Path]:
    """Write dist/precache.json and dist/sw.js for what is in ``dist`` now
    (so this runs last; run it again after changing a file of dist/)."""
    files = precache_files(dist)
    version = precache_version(files)
    manifest = dist / PRECACHE_NAME
    manifest.write_text(json.dumps({"version": version, "files": files}, indent=1) + "\n", encoding="utf-8")
    worker = dist / SERVICE_WORKER
    worker.write_text(stamp_service_worker(template.read_text(encoding="utf-8"), version), encoding="utf-8")
    return [manifest, worker]
