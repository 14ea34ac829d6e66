"""Where the build reads and writes, and the helpers every step shares."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
WEB = ROOT / "web"
PACKAGE = ROOT / "allfives"
DOCS = ROOT / "docs"
NODE_MODULES = ROOT / "node_modules"
LOCKFILE = ROOT / "package-lock.json"
PACKAGE_JSON = ROOT / "package.json"
PYPROJECT = ROOT / "pyproject.toml"


class BuildError(RuntimeError):
    """A build step cannot go on; the message says why."""


def read_json(path: Path) -> Any:
    """Parse the JSON file at ``path``."""
    return json.loads(path.read_text(encoding="utf-8"))


def copy_files(source: Path, names: Iterable[Path | str], target: Path) -> list[Path]:
    """Copy each relative path in ``names`` from ``source`` to ``target``."""
    copied = []
    for name in names:
        destination = target / name
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source / name, destination)
        copied.append(destination)
    return copied
