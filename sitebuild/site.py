"""The game's own files: the allfives package, the web/ pages, modules and
icons, and a PyScript config for each page listing the modules it imports.

web/ is in rooms (docs/architecture.md): the entry scripts, pages, styles
and icons at its top; the page's Python in packages (``table/``, ``game/``,
``page/``, ``replay/``, ``lang/``), shipped at the same paths, so the page
imports ``from table import board`` as the tests do; the JavaScript in
``js/``, shipped at the site's root, where the pages, the embedders
(``facade.js``) and the service worker's scope (``sw.js``) expect it."""

from __future__ import annotations

import ast
import fnmatch
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .files import PACKAGE, ROOT, WEB, BuildError, copy_files, read_json

#: Files of web/ copied into dist/, by suffix (the icons are committed PNG
#: and SVG files: tools/generators/make_icons.py draws them).
WEB_SUFFIXES = frozenset({".html", ".css", ".py", ".toml", ".json", ".svg", ".webmanifest", ".js", ".png"})
#: The folder of web/ whose files (the JavaScript) the build puts at the site's root.
WEB_SCRIPTS = "js"
#: The PyScript config template in web/: each page's config is written from it.
CONFIG_NAME = "pyscript.json"
#: The service worker template, which :mod:`sitebuild.offline` stamps.
SERVICE_WORKER = "sw.js"
#: The SVG gradients the dominoes are painted with (web/tiles.css), which
#: the build puts into each page where it says :data:`TILE_DEFS_MARK`.
TILE_DEFS = "tile-defs.svg"
TILE_DEFS_MARK = "<!--TILE_DEFS-->"
#: web/ files that are templates, written into dist/ by the build, not copied.
WEB_TEMPLATES = frozenset({CONFIG_NAME, SERVICE_WORKER, TILE_DEFS})
#: web/ scripts that pages load with ``<script type="py" src=...>``; every
#: other .py of web/ (in its packages) is a module put into the Pyodide file
#: system for import.
WEB_ENTRY_SCRIPTS = frozenset({"play.py", "embed.py", "tutorial_live.py"})
#: Files of the allfives package copied into dist/ besides its modules.
PACKAGE_EXTRA_FILES = frozenset({"py.typed"})


@dataclass(frozen=True)
class PageConfig:
    """A PyScript config written into dist/: its file name, and the page
    scripts that load it (``None``: every web/ module, for the game). Its web/
    modules are what those scripts import (:func:`web_imports`); every page
    gets the allfives modules the pages import (:func:`page_imports`)."""

    name: str
    scripts: tuple[str, ...] | None = None


#: The game (index.html) gets every web/ module; the replays (embed.html,
#: and the tutorial's rules*.html, started by rules.js) only what their
#: scripts import.
PAGE_CONFIGS = (
    PageConfig(CONFIG_NAME),
    PageConfig("pyscript-embed.json", ("embed.py", "tutorial_live.py")),
)


def imported_modules(source: Path, package: str, root: Path = ROOT) -> set[str]:
    """The modules of ``package`` (dotted names) that the Python file
    ``source`` under ``root`` imports, anywhere in it (a function's own
    imports too)."""
    tree = ast.parse(source.read_text(encoding="utf-8"), str(source))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:  # relative: from the module's own package, up level - 1
                here = source.resolve().relative_to(root.resolve()).parent.parts
                base = ".".join(here[: len(here) - node.level + 1])
                module = f"{base}.{module}" if module else base
            names.add(module)
            # ``from allfives import players`` imports a submodule.
            names.update(f"{module}.{alias.name}" for alias in node.names)
    return {name for name in names if name == package or name.startswith(package + ".")}


def _module_file(name: str, root: Path = ROOT) -> Path | None:
    """The file of the module ``name`` under ``root``, if it is one."""
    path = root.joinpath(*name.split("."))
    for candidate in (path / "__init__.py", path.with_suffix(".py")):
        if candidate.is_file():
            return candidate
    return None


def page_imports(package: Path = PACKAGE, web: Path = WEB) -> list[Path]:
    """The files of ``package`` that the pages need: every module a web/
    module imports, and what those import in turn, with the ``__init__.py``
    of each package on the way. The command line (``allfives.cli``) is
    imported by no page, so it is not shipped."""
    root = package.parent
    pending = {name for page in sorted(web_python(web)) for name in imported_modules(page, package.name, root)}
    seen: set[Path] = set()
    while pending:
        name = pending.pop()
        parts = name.split(".")
        for depth in range(1, len(parts) + 1):  # importing a.b.c runs a and a.b first
            path = _module_file(".".join(parts[:depth]), root)
            if path is None or path in seen:
                continue
            seen.add(path)
            pending |= imported_modules(path, package.name, root)
    return sorted(seen)


def web_packages(web: Path = WEB) -> list[str]:
    """The Python packages of web/, relative to it: its rooms with an
    ``__init__.py``, and the rooms inside them (``game/daily``)."""
    return sorted(path.parent.relative_to(web).as_posix() for path in web.glob("*/**/__init__.py"))


def web_python(web: Path = WEB) -> list[Path]:
    """The Python of web/: the entry scripts at its top and its packages' modules."""
    return [*web.glob("*.py"), *(path for name in web_packages(web) for path in (web / name).glob("*.py"))]


def package_files(package: Path = PACKAGE, web: Path = WEB) -> list[Path]:
    """The allfives files to ship, relative to the package's parent directory:
    the modules the pages import (:func:`page_imports`) and the extra files."""
    if not (package / "__init__.py").is_file():
        raise BuildError(f"{package}/__init__.py is missing")
    extras = [package / name for name in sorted(PACKAGE_EXTRA_FILES) if (package / name).is_file()]
    return [path.relative_to(package.parent) for path in sorted([*page_imports(package, web), *extras])]


def web_files(web: Path = WEB) -> list[Path]:
    """The web/ files to copy as they are, relative to web/: its top level,
    its packages' modules and its JavaScript (:data:`WEB_SCRIPTS`).

    The templates are left out: :func:`write_configs` and
    :func:`sitebuild.offline.write_offline_files` write them, and
    :func:`write_site` puts the tiles' gradients into the pages.
    """
    folders = [web, web / WEB_SCRIPTS, *(web / name for name in web_packages(web))]
    return [
        path.relative_to(web)
        for folder in folders
        if folder.is_dir()
        for path in sorted(folder.iterdir())
        if path.is_file() and path.suffix in WEB_SUFFIXES and path.name not in WEB_TEMPLATES
    ]


def site_path(name: Path) -> Path:
    """Where the web/ file ``name`` (relative to web/) goes in dist/: the
    JavaScript at the root (the pages load ``./runtime.js``, embedders
    ``facade.js``, and a service worker controls only the folder it is
    served from), everything else at the same path."""
    return Path(name.name) if name.parts[0] == WEB_SCRIPTS and len(name.parts) == 2 else name


def importable_modules(package: Iterable[Path], pages: Iterable[Path]) -> list[Path]:
    """The shipped .py files that Python code imports, as opposed to page scripts."""
    return [
        *(path for path in package if path.suffix == ".py"),
        *(path for path in pages if path.suffix == ".py" and path.as_posix() not in WEB_ENTRY_SCRIPTS),
    ]


def pyscript_config(template: dict[str, Any], modules: Iterable[Path]) -> dict[str, Any]:
    """The PyScript config: ``template`` plus a ``files`` entry for each module.

    Each module is fetched from its URL relative to the config and written at
    the same relative path under the interpreter's working directory, which is
    on ``sys.path``, so ``import allfives`` works.
    """
    config = dict(template)
    files = dict(config.get("files", {}))
    for module in modules:
        url = "./" + module.as_posix()
        files[url] = url
    config["files"] = files
    return config


def web_imports(scripts: Iterable[str], web: Path = WEB) -> list[str]:
    """The web/ modules (paths relative to web/) that the page scripts
    ``scripts`` import, and what those import in turn, with the
    ``__init__.py`` of each room on the way: found like the engine's
    (:func:`page_imports`), every import anywhere in a module
    (``from table import board``, ``import table.board``), and the modules one
    loads by a name it makes (``importlib.import_module(f"lang.{language}")``:
    every module of ``lang/``). The scripts themselves are loaded by their
    page, not imported."""
    modules = {
        ".".join(path.relative_to(web).with_suffix("").parts).removesuffix(".__init__"): path
        for path in web_python(web)
        if path.parent != web
    }
    pending = {name for script in scripts for name in _web_names(web / script, modules)}
    seen: set[str] = set()
    while pending:
        name = pending.pop()
        if name not in seen:
            seen.add(name)
            pending |= _web_names(modules[name], modules)
    return sorted(modules[name].relative_to(web).as_posix() for name in seen)


def _web_names(source: Path, modules: Iterable[str]) -> set[str]:
    """The modules among ``modules`` (web/'s, by dotted name) that ``source``
    imports, with the rooms they are in (importing ``table.board`` runs
    ``table`` first)."""
    patterns: set[str] = set()
    for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"), str(source))):
        if isinstance(node, ast.Import):
            patterns.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            patterns.add(node.module)
            # ``from table import board`` imports a module of the room.
            patterns.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "import_module"
            and node.args
        ):
            pattern = _name_pattern(node.args[0])
            if pattern is not None:
                patterns.add(pattern)
    found = {name for name in modules if any(fnmatch.fnmatchcase(name, pattern) for pattern in patterns)}
    rooms = {".".join(name.split(".")[:depth]) for name in found for depth in range(1, name.count(".") + 1)}
    return found | {room for room in rooms if room in modules}


def _name_pattern(argument: ast.expr) -> str | None:
    """``import_module``'s argument as an ``fnmatch`` pattern: ``"lang.en"``
    as it is, ``f"lang.{language}"`` as ``lang.*``; None for a name held in
    a variable (the module that does that must import it plainly too)."""
    if isinstance(argument, ast.Constant) and isinstance(argument.value, str):
        return argument.value
    if isinstance(argument, ast.JoinedStr):
        return "".join(
            part.value if isinstance(part, ast.Constant) and isinstance(part.value, str) else "*"
            for part in argument.values
        )
    return None


def page_modules(page: PageConfig, modules: Iterable[Path], web: Path = WEB) -> list[Path]:
    """The importable modules a page's config lists: the package's, and the
    web/ ones that the page's scripts import."""
    wanted = None if page.scripts is None else set(web_imports(page.scripts, web))
    return [
        module for module in modules if module.parts[0] == PACKAGE.name or wanted is None or module.as_posix() in wanted
    ]


def write_configs(dist: Path, modules: Sequence[Path], pages: Iterable[PageConfig] = PAGE_CONFIGS) -> list[Path]:
    """Write each page's PyScript config from web/pyscript.json and its modules."""
    template = read_json(WEB / CONFIG_NAME)
    written = []
    for page in pages:
        path = dist / page.name
        config = pyscript_config(template, page_modules(page, modules))
        path.write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")
        written.append(path)
    return written


def with_tile_defs(page: str, defs: str) -> str:
    """``page`` with the tiles' SVG gradients where it marks their place
    (once at most: an id may appear only once in a page)."""
    if page.count(TILE_DEFS_MARK) > 1:
        raise BuildError(f"a page holds {TILE_DEFS_MARK} more than once")
    body = "\n".join(line for line in defs.strip().splitlines() if not line.startswith("<!--"))
    return page.replace(TILE_DEFS_MARK, body)


def write_site(dist: Path) -> list[Path]:
    """Copy the allfives package and the web/ files into ``dist``, and write the pages' configs."""
    package = package_files()
    pages = [site_path(name) for name in web_files()]
    written = copy_files(ROOT, package, dist)
    for name in web_files():
        written += copy_files(WEB / name.parent, [name.name], dist / site_path(name).parent)
    defs = (WEB / TILE_DEFS).read_text(encoding="utf-8")
    for page in (dist / name for name in pages if Path(name).suffix == ".html"):
        text = page.read_text(encoding="utf-8")
        if TILE_DEFS_MARK in text:
            page.write_text(with_tile_defs(text, defs), encoding="utf-8")
    written += write_configs(dist, importable_modules(package, pages))
    return written
