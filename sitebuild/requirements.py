"""Installs a pyproject.toml extra (the build's, the tests') when one of the
modules it brings is missing: the pins come from pyproject.toml, so a fresh
machine gets exactly the versions CI runs. Standard library only: this runs
before anything it installs can be imported."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
import tomllib
from collections.abc import Mapping

from .files import PYPROJECT, ROOT

#: The modules each extra's code imports, to tell whether it is installed.
EXTRA_MODULES: Mapping[str, tuple[str, ...]] = {
    "build": ("markdown_it", "mdit_py_plugins"),
    "test": ("pytest", "pytest_timeout", "xdist", "hypothesis", "playwright", "axe_playwright_python", "ruff", "mypy"),
    "icons": ("PIL",),
}


def _extras() -> tuple[str, dict[str, list[str]]]:
    """The project's name and its extras' requirements, from pyproject.toml."""
    with PYPROJECT.open("rb") as file:
        project = tomllib.load(file)["project"]
    return str(project["name"]), {str(k): [str(r) for r in v] for k, v in project["optional-dependencies"].items()}


def included_extras(extra: str) -> list[str]:
    """``extra`` and, in order, every extra of the project that it names
    (the ``test`` extra names ``allfives[build]``)."""
    name, extras = _extras()
    own = re.compile(rf"{re.escape(name)}\[([^\]]+)\]")
    reached = [extra]
    for wanted in reached:
        for requirement in extras[wanted]:
            if match := own.fullmatch(requirement):
                reached += [e.strip() for e in match.group(1).split(",") if e.strip() not in reached]
    return reached


def requirements(extra: str) -> list[str]:
    """The pinned requirements of ``extra`` and of the project's extras it names."""
    name, extras = _extras()
    own = f"{name}["
    found: list[str] = []
    for included in included_extras(extra):
        found += [r for r in extras[included] if not r.startswith(own) and r not in found]
    return found


def missing_modules(extra: str) -> list[str]:
    """The modules of ``extra`` (and of the project's extras it names) that cannot be imported."""
    names = [module for included in included_extras(extra) for module in EXTRA_MODULES.get(included, ())]
    return [module for module in names if importlib.util.find_spec(module) is None]


def ensure(extra: str) -> None:
    """``pip install`` the pinned requirements of ``extra`` if any of its modules is missing."""
    missing = missing_modules(extra)
    if not missing:
        return
    wanted = requirements(extra)
    print(f"{', '.join(missing)} not installed: running pip install {' '.join(wanted)}", flush=True)
    command = [sys.executable, "-m", "pip", "install", "--disable-pip-version-check", "-q", *wanted]
    subprocess.run(command, cwd=ROOT, check=True)
