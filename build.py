#!/usr/bin/env python3
"""Build the static All Fives site into dist/ and serve it locally.

Usage::

    python build.py                  # build dist/
    python build.py serve [--port N] [--host H] [--isolated]
    python build.py test [PYTEST_ARGS...]

The site is plain static files: the web/ pages, the allfives/ package, and the
parts of PyScript and Pyodide (from node_modules, pinned by package-lock.json)
that a page running pure-Python code actually loads. Nothing is fetched from a
CDN at run time, and every URL is relative, so dist/ works from any sub-path.

Besides copying, the build writes: a PyScript config per page (the game's and
the embed's), the app icons (drawn here, PNG and SVG), the rules tutorial
(rules.html from docs/rules.md, with a replay of each scenario in
docs/tutorial-scenarios.json), and, last, the offline manifest
(precache.json: every file with its hash) and the service worker stamped with
that manifest's version.

Standard library only.
"""

from __future__ import annotations

import argparse
import base64
import fnmatch
import functools
import hashlib
import html
import http.server
import importlib.util
import json
import math
import re
import shutil
import struct
import subprocess
import sys
import urllib.parse
import zlib
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from sitebuild import runtime

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
WEB = ROOT / "web"
PACKAGE = ROOT / "allfives"
DOCS = ROOT / "docs"
RULES_MARKDOWN = DOCS / "rules.md"
TUTORIAL_SCENARIOS = DOCS / "tutorial-scenarios.json"
NODE_MODULES = ROOT / "node_modules"
LOCKFILE = ROOT / "package-lock.json"
PACKAGE_JSON = ROOT / "package.json"

PYSCRIPT_PACKAGE = NODE_MODULES / "@pyscript" / "core"
PYSCRIPT_DIST = PYSCRIPT_PACKAGE / "dist"
PYODIDE_DIR = NODE_MODULES / "pyodide"
VENDOR_PYSCRIPT = Path("vendor") / "pyscript"
VENDOR_PYODIDE = Path("vendor") / "pyodide"

#: PyScript entry points named by the pages.
PYSCRIPT_ENTRIES = ("core.js", "core.css")
#: Chunks that core.js imports on start-up whatever the page holds: the plugin
#: entry points (core loads every plugin once for each interpreter type, so a
#: ``"!name"`` in the py config alone does not stop them). Their heavy lazy
#: parts (xterm, codemirror, the TOML parser, zip) are not shipped.
PYSCRIPT_EAGER_CHUNKS = ("error", "deprecations-manager", "donkey", "py-editor", "py-game", "py-terminal")
#: Shipped beside the code, never fetched: the Apache-2.0 licence asks for it.
PYSCRIPT_NOTICES = ("LICENSE",)
#: What Pyodide fetches to run pure-Python code (no package wheels).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")

#: Files of web/ copied into dist/, by suffix.
WEB_SUFFIXES = frozenset({".html", ".css", ".py", ".toml", ".json", ".svg", ".webmanifest", ".js", ".png"})
#: The PyScript config template in web/: each page's config is written from it.
CONFIG_NAME = "pyscript.json"
#: The service worker, a template in web/ that the build stamps with the
#: precache version (a changed byte is how browsers learn of a new version).
SERVICE_WORKER = "sw.js"
SW_VERSION_MARK = "__PRECACHE_VERSION__"
#: The offline manifest: every other file of dist/ with its SHA-256.
PRECACHE_NAME = "precache.json"
#: web/ files that are templates, written into dist/ by the build, not copied.
WEB_TEMPLATES = frozenset({CONFIG_NAME, SERVICE_WORKER})
#: web/ scripts that pages load with ``<script type="py" src=...>``; every
#: other web/*.py is a module put into the Pyodide file system for import.
WEB_ENTRY_SCRIPTS = frozenset({"main.py", "embed.py"})


@dataclass(frozen=True)
class PageConfig:
    """A PyScript config written into dist/: its file name, and the web/
    modules (``fnmatch`` patterns) its page imports. Every page gets the
    whole allfives package."""

    name: str
    web_modules: tuple[str, ...]


#: The game (index.html) imports every web/ module; the embed only what it needs.
PAGE_CONFIGS = (
    PageConfig(CONFIG_NAME, ("*.py",)),
    PageConfig(
        "pyscript-embed.json",
        ("board.py", "controller.py", "dom.py", "i18n.py", "lang_*.py", "offline.py", "replay.py"),
    ),
)

#: Files of the allfives package copied into dist/.
PACKAGE_EXTRA_FILES = frozenset({"py.typed"})

MIME_TYPES: dict[str, str] = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".toml": "application/toml",
    ".py": "text/x-python; charset=utf-8",
    ".typed": "text/plain; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".webmanifest": "application/manifest+json",
    "": "application/octet-stream",
}

_STATIC_IMPORT = re.compile(r"""(?:\bfrom|\bimport)\s*["'](\./[^"']+)["']""")


class BuildError(RuntimeError):
    """A build step cannot go on; the message says why."""


# --------------------------------------------------------------------------
# node_modules


def _read_json(path: Path) -> Any:
    """Parse the JSON file at ``path``."""
    return json.loads(path.read_text(encoding="utf-8"))


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
    wanted = _read_json(PACKAGE_JSON).get("dependencies", {})
    locked = _read_json(LOCKFILE)["packages"][""].get("dependencies", {})
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
    wanted = _locked_packages(_read_json(LOCKFILE))
    installed = _locked_packages(_read_json(installed_lock))
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


def package_files(package: Path = PACKAGE) -> list[Path]:
    """The allfives files to ship, relative to the package's parent directory."""
    if not (package / "__init__.py").is_file():
        raise BuildError(f"{package}/__init__.py is missing")
    files = [
        path.relative_to(package.parent)
        for path in sorted(package.rglob("*"))
        if path.is_file()
        and "__pycache__" not in path.parts
        and (path.suffix == ".py" or path.name in PACKAGE_EXTRA_FILES)
    ]
    return files


def web_files(web: Path = WEB) -> list[Path]:
    """The web/ files to copy as they are (top level only), relative to web/.

    The templates are left out: :func:`write_configs` and
    :func:`write_offline_files` write them.
    """
    return [
        path.relative_to(web)
        for path in sorted(web.iterdir())
        if path.is_file() and path.suffix in WEB_SUFFIXES and path.name not in WEB_TEMPLATES
    ]


def importable_modules(package: Iterable[Path], pages: Iterable[Path]) -> list[Path]:
    """The shipped .py files that Python code imports, as opposed to page scripts."""
    return [
        *(path for path in package if path.suffix == ".py"),
        *(path for path in pages if path.suffix == ".py" and path.name not in WEB_ENTRY_SCRIPTS),
    ]


# --------------------------------------------------------------------------
# writing dist/


def copy_files(source: Path, names: Iterable[Path | str], target: Path) -> list[Path]:
    """Copy each relative path in ``names`` from ``source`` to ``target``."""
    copied = []
    for name in names:
        destination = target / name
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source / name, destination)
        copied.append(destination)
    return copied


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


def page_modules(page: PageConfig, modules: Iterable[Path]) -> list[Path]:
    """The importable modules a page's config lists: the package's, and the
    web/ ones (at the top level) that match the page's patterns."""
    return [
        module
        for module in modules
        if module.parent != Path(".") or any(fnmatch.fnmatchcase(module.name, p) for p in page.web_modules)
    ]


def write_configs(dist: Path, modules: Sequence[Path], pages: Iterable[PageConfig] = PAGE_CONFIGS) -> list[Path]:
    """Write each page's PyScript config from web/pyscript.json and its modules."""
    template = _read_json(WEB / CONFIG_NAME)
    written = []
    for page in pages:
        path = dist / page.name
        config = pyscript_config(template, page_modules(page, modules))
        path.write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")
        written.append(path)
    return written


def build(dist: Path = DIST, *, install: bool = True) -> list[Path]:
    """Build the site into ``dist`` (emptied first); return every file written."""
    if install:
        ensure_node_modules()
    if dist.exists():
        shutil.rmtree(dist)
    dist.mkdir(parents=True)
    written = copy_files(PYSCRIPT_DIST, pyscript_files(), dist / VENDOR_PYSCRIPT)
    written += copy_files(PYSCRIPT_PACKAGE, PYSCRIPT_NOTICES, dist / VENDOR_PYSCRIPT)
    written += copy_files(PYODIDE_DIR, PYODIDE_FILES, dist / VENDOR_PYODIDE)
    package = package_files()
    written += copy_files(ROOT, package, dist)
    pages = web_files()
    written += copy_files(WEB, pages, dist)
    written += write_configs(dist, importable_modules(package, pages))
    written += write_icons(dist)
    written += write_tutorial(dist)
    written += runtime.write_runtime(dist, PYODIDE_DIR, cwd=ROOT)
    # Last: the manifest hashes every file written before it.
    written += write_offline_files(dist)
    return written


def describe(files: Iterable[Path], dist: Path = DIST) -> Iterator[str]:
    """Lines listing each file under ``dist`` with its size, then the total."""
    total = 0
    for path in sorted(files):
        size = path.stat().st_size
        total += size
        yield f"{size:>12,}  {path.relative_to(dist).as_posix()}"
    yield f"{total:>12,}  total"


# --------------------------------------------------------------------------
# the app icons: a 5-5 domino on felt, drawn as SVG and rasterised to PNG

#: The icons, by file name: pixel size (None: SVG), and whether the image is
#: "maskable" (felt to the edges, the domino inside the safe circle).
ICONS: tuple[tuple[str, int | None, bool], ...] = (
    ("icon.svg", None, False),
    ("icon-192.png", 192, False),
    ("icon-512.png", 512, False),
    ("icon-maskable-512.png", 512, True),
)
ICON_CANVAS = 512.0
FELT = "#1f6b45"
IVORY = "#fbf7ec"
EDGE = "#5a4e3c"
PIP = "#1d1a16"
_PIP_GRID = (0.26, 0.5, 0.74)
_FIVE = ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2))


@dataclass(frozen=True)
class RoundRect:
    """A rectangle with rounded corners, in canvas units."""

    x: float
    y: float
    width: float
    height: float
    radius: float
    colour: str


@dataclass(frozen=True)
class Circle:
    """A disc, in canvas units."""

    cx: float
    cy: float
    r: float
    colour: str


Shape = RoundRect | Circle


def domino_shapes(*, maskable: bool = False) -> list[Shape]:
    """The icon on a 512 x 512 canvas: felt, and a 5-5 domino standing on it
    (ivory with a dark edge, a divider, and five pips a half)."""
    scale = 0.8 if maskable else 1.0

    def at(x: float, y: float) -> tuple[float, float]:
        return 256 + (x - 256) * scale, 256 + (y - 256) * scale

    def rect(x: float, y: float, width: float, height: float, radius: float, colour: str) -> RoundRect:
        left, top = at(x, y)
        return RoundRect(left, top, width * scale, height * scale, radius * scale, colour)

    shapes: list[Shape] = [RoundRect(0, 0, ICON_CANVAS, ICON_CANVAS, 0 if maskable else 96, FELT)]
    shapes.append(rect(164, 72, 184, 368, 30, EDGE))
    shapes.append(rect(172, 80, 168, 352, 23, IVORY))
    shapes.append(rect(190, 252, 132, 8, 4, EDGE))
    for top in (72.0, 256.0):
        for column, row in _FIVE:
            cx, cy = at(164 + 184 * _PIP_GRID[column], top + 184 * _PIP_GRID[row])
            shapes.append(Circle(cx, cy, 17 * scale, PIP))
    return shapes


def icon_svg(shapes: Iterable[Shape]) -> str:
    """The shapes as a standalone SVG document."""
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {ICON_CANVAS:g} {ICON_CANVAS:g}">']
    for shape in shapes:
        if isinstance(shape, RoundRect):
            parts.append(
                f'<rect x="{shape.x:g}" y="{shape.y:g}" width="{shape.width:g}" height="{shape.height:g}"'
                f' rx="{shape.radius:g}" fill="{shape.colour}"/>'
            )
        else:
            parts.append(f'<circle cx="{shape.cx:g}" cy="{shape.cy:g}" r="{shape.r:g}" fill="{shape.colour}"/>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _centre(shape: Shape) -> tuple[float, float]:
    if isinstance(shape, RoundRect):
        return shape.x + shape.width / 2, shape.y + shape.height / 2
    return shape.cx, shape.cy


def _half_height(shape: Shape) -> float:
    return shape.height / 2 if isinstance(shape, RoundRect) else shape.r


def _half_width(shape: Shape, dy: float) -> float:
    """How far the shape reaches left and right of its centre, ``dy`` above
    or below it (negative: the row misses the shape)."""
    dy = abs(dy)
    if isinstance(shape, Circle):
        return math.sqrt(shape.r * shape.r - dy * dy) if dy <= shape.r else -1.0
    hx, hy, r = shape.width / 2, shape.height / 2, shape.radius
    if dy > hy:
        return -1.0
    if dy <= hy - r:
        return hx
    t = dy - (hy - r)
    return hx - r + math.sqrt(max(r * r - t * t, 0.0))


def _distance(shape: Shape, x: float, y: float) -> float:
    """Signed distance from (x, y) to the shape's outline (negative inside)."""
    cx, cy = _centre(shape)
    if isinstance(shape, Circle):
        return math.hypot(x - cx, y - cy) - shape.r
    r = shape.radius
    qx = abs(x - cx) - (shape.width / 2 - r)
    qy = abs(y - cy) - (shape.height / 2 - r)
    return math.hypot(max(qx, 0.0), max(qy, 0.0)) + min(max(qx, qy), 0.0) - r


def _rgb(colour: str) -> tuple[float, float, float]:
    return int(colour[1:3], 16) / 255, int(colour[3:5], 16) / 255, int(colour[5:7], 16) / 255


class Canvas:
    """Square RGBA pixels, premultiplied floats, transparent to start."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.scale = ICON_CANVAS / size  # canvas units per pixel
        self.channels = [[0.0] * (size * size) for _ in range(4)]

    def paint(self, shape: Shape) -> None:
        """Draw ``shape`` over what is there, anti-aliased by its distance
        to each pixel's centre. Pixels well inside or outside are decided by
        the shape's width on the rows a pixel spans (the shapes are convex),
        so only the outline's pixels need the distance."""
        s = self.scale
        cx, cy = _centre(shape)
        colour = (*_rgb(shape.colour), 1.0)
        reach = _half_height(shape)
        first = max(0, math.floor((cy - reach) / s) - 1)
        last = min(self.size - 1, math.ceil((cy + reach) / s) + 1)
        for row in range(first, last + 1):
            y = (row + 0.5) * s
            dy = abs(y - cy)
            inner = min(_half_width(shape, dy - s), _half_width(shape, dy + s)) - s
            outer = _half_width(shape, max(dy - s, 0.0)) + s
            if outer < s:
                continue
            for column in range(max(0, math.floor((cx - outer) / s)), min(self.size, math.ceil((cx + outer) / s))):
                dx = abs((column + 0.5) * s - cx)
                if dx <= inner:
                    cover = 1.0
                elif dx >= outer:
                    continue
                else:
                    cover = min(max(0.5 - _distance(shape, (column + 0.5) * s, y) / s, 0.0), 1.0)
                if cover > 0:
                    self._blend(row * self.size + column, colour, cover)

    def _blend(self, index: int, colour: tuple[float, float, float, float], cover: float) -> None:
        keep = 1.0 - cover
        for channel, value in zip(self.channels, colour, strict=True):
            channel[index] = value * cover + channel[index] * keep

    def rgba(self) -> bytes:
        """The pixels as 8-bit RGBA, straight alpha, rows top to bottom."""
        out = bytearray()
        red, green, blue, alpha = self.channels
        for index in range(self.size * self.size):
            a = alpha[index]
            if a <= 0:
                out += b"\0\0\0\0"
                continue
            out += bytes(round(min(c[index] / a, 1.0) * 255) for c in (red, green, blue))
            out.append(round(a * 255))
        return bytes(out)


def png_bytes(width: int, height: int, rgba: bytes) -> bytes:
    """A PNG file of 8-bit RGBA pixels (no filtering; zlib does the work)."""
    stride = width * 4
    if len(rgba) != stride * height:
        raise ValueError(f"{len(rgba)} bytes of pixels for {width} x {height}")
    rows = b"".join(b"\0" + rgba[y * stride : (y + 1) * stride] for y in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")


def icon_png(size: int, *, maskable: bool = False) -> bytes:
    """The icon as a ``size`` x ``size`` PNG."""
    canvas = Canvas(size)
    for shape in domino_shapes(maskable=maskable):
        canvas.paint(shape)
    return png_bytes(size, size, canvas.rgba())


def write_icons(dist: Path) -> list[Path]:
    """Write every icon of :data:`ICONS` into ``dist``."""
    written = []
    for name, size, maskable in ICONS:
        path = dist / name
        if size is None:
            path.write_text(icon_svg(domino_shapes(maskable=maskable)), encoding="utf-8")
        else:
            path.write_bytes(icon_png(size, maskable=maskable))
        written.append(path)
    return written


# --------------------------------------------------------------------------
# Markdown: the subset docs/rules.md is written in

_HEADING = re.compile(r"(#{1,6})\s+(.*?)\s*#*\s*$")
_LIST_ITEM = re.compile(r"(\s*)([-*+]|\d+[.)])\s+(.*)")
_TABLE_RULE = re.compile(r"\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*")
_FENCE = re.compile(r"\s*(```+|~~~+)\s*([\w+-]*)\s*")
_CODE_SPAN = re.compile(r"(`+)(.+?)\1", re.S)
_BOLD = re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*|__(?=\S)(.+?)(?<=\S)__")
_ITALIC = re.compile(r"(?<![*\w])\*(?=\S)(.+?)(?<=\S)\*(?![*\w])|(?<![_\w])_(?=\S)(.+?)(?<=\S)_(?![_\w])")
_LINK = re.compile(r"\[([^\]]+)\]\(([^)\s]+)\)")
_SAFE_URL = re.compile(r"(https?:|mailto:|#|\./|\.\./|[\w.-]+(/|$|#))", re.I)


@dataclass(frozen=True)
class Block:
    """One block of a Markdown document as HTML; a heading keeps its text
    (``heading``) and level, so a page can place things after its section."""

    html: str
    heading: str = ""
    level: int = 0


def inline(text: str) -> str:
    """Markdown inline markup as HTML: code spans, bold, italic and links;
    everything else is escaped. Code spans are set aside first, so that
    emphasis may wrap them but never reaches into them."""
    codes: list[str] = []

    def keep(match: re.Match[str]) -> str:
        codes.append(f"<code>{html.escape(match.group(2).strip())}</code>")
        return f"\0{len(codes) - 1}\0"

    out = html.escape(_CODE_SPAN.sub(keep, text.replace("\0", "")))
    out = _LINK.sub(_link, out)
    out = _BOLD.sub(lambda m: f"<strong>{m.group(1) or m.group(2)}</strong>", out)
    out = _ITALIC.sub(lambda m: f"<em>{m.group(1) or m.group(2)}</em>", out)
    return re.sub("\0(\\d+)\0", lambda m: codes[int(m.group(1))], out)


def _link(match: re.Match[str]) -> str:
    """A link, if its (already escaped) URL is a web, mail or relative one."""
    label, url = match.group(1), match.group(2)
    if not _SAFE_URL.match(url):
        return label
    return f'<a href="{url}">{label}</a>'


def slug(text: str) -> str:
    """A heading's anchor: ``Counting the ends`` -> ``counting-the-ends``,
    ``A végek számolása`` -> ``a-végek-számolása`` (letters of any language
    are kept, as GitHub keeps them)."""
    return re.sub(r"[\W_]+", "-", text.lower()).strip("-") or "section"


def markdown_blocks(text: str) -> list[Block]:
    """``text`` (Markdown) as HTML blocks: headings, paragraphs, lists,
    tables, fenced and indented code."""
    lines = text.splitlines()
    blocks: list[Block] = []
    slugs: dict[str, int] = {}
    index = 0
    while index < len(lines):
        line = lines[index]
        if not line.strip():
            index += 1
            continue
        if heading := _HEADING.fullmatch(line):
            level, title = len(heading.group(1)), heading.group(2)
            anchor = slug(title)
            slugs[anchor] = slugs.get(anchor, 0) + 1
            if slugs[anchor] > 1:
                anchor += f"-{slugs[anchor]}"
            blocks.append(Block(f'<h{level} id="{anchor}">{inline(title)}</h{level}>', title, level))
            index += 1
        elif fence := _FENCE.fullmatch(line):
            index = _fenced_code(lines, index, fence, blocks)
        elif line.startswith("    "):
            index = _indented_code(lines, index, blocks)
        elif line.lstrip().startswith("|") and index + 1 < len(lines) and _TABLE_RULE.fullmatch(lines[index + 1]):
            index = _table(lines, index, blocks)
        elif _LIST_ITEM.fullmatch(line):
            index = _list(lines, index, blocks)
        else:
            index = _paragraph(lines, index, blocks)
    return blocks


def _starts_block(line: str) -> bool:
    return bool(_HEADING.fullmatch(line) or _FENCE.fullmatch(line) or _LIST_ITEM.fullmatch(line))


def _fenced_code(lines: list[str], index: int, fence: re.Match[str], blocks: list[Block]) -> int:
    marker, language = fence.group(1), fence.group(2)
    body = []
    index += 1
    while index < len(lines) and not lines[index].strip().startswith(marker):
        body.append(lines[index])
        index += 1
    css = f' class="language-{html.escape(language)}"' if language else ""
    blocks.append(Block(f"<pre><code{css}>{html.escape(chr(10).join(body))}</code></pre>"))
    return index + 1


def _indented_code(lines: list[str], index: int, blocks: list[Block]) -> int:
    body = []
    while index < len(lines) and (lines[index].startswith("    ") or not lines[index].strip()):
        body.append(lines[index][4:])
        index += 1
    blocks.append(Block(f"<pre><code>{html.escape(chr(10).join(body).rstrip())}</code></pre>"))
    return index


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def _table(lines: list[str], index: int, blocks: list[Block]) -> int:
    head = _cells(lines[index])
    rows = []
    index += 2
    while index < len(lines) and lines[index].lstrip().startswith("|"):
        rows.append(_cells(lines[index]))
        index += 1
    parts = ["<table>", "<thead><tr>", *(f'<th scope="col">{inline(c)}</th>' for c in head), "</tr></thead>"]
    parts.append("<tbody>")
    for row in rows:
        parts.append("<tr>" + "".join(f"<td>{inline(c)}</td>" for c in row) + "</tr>")
    parts.append("</tbody></table>")
    blocks.append(Block("".join(parts)))
    return index


def _list(lines: list[str], index: int, blocks: list[Block]) -> int:
    first = _LIST_ITEM.fullmatch(lines[index])
    assert first is not None
    ordered = first.group(2)[0].isdigit()
    items: list[list[str]] = []
    while index < len(lines):
        line = lines[index]
        item = _LIST_ITEM.fullmatch(line)
        if item and item.group(2)[0].isdigit() == ordered:
            items.append([item.group(3)])
        elif line.strip() and line.startswith(" ") and items:
            items[-1].append(line.strip())
        else:
            break
        index += 1
    tag = "ol" if ordered else "ul"
    body = "".join(f"<li>{inline(' '.join(item))}</li>" for item in items)
    blocks.append(Block(f"<{tag}>{body}</{tag}>"))
    return index


def _paragraph(lines: list[str], index: int, blocks: list[Block]) -> int:
    body: list[str] = []
    while index < len(lines) and lines[index].strip() and (not body or not _starts_block(lines[index])):
        if body and lines[index].lstrip().startswith("|"):
            break
        body.append(lines[index].strip())
        index += 1
    blocks.append(Block(f"<p>{inline(' '.join(body))}</p>"))
    return index


def markdown_to_html(text: str) -> str:
    """A Markdown document as an HTML fragment."""
    return "\n".join(block.html for block in markdown_blocks(text))


# --------------------------------------------------------------------------
# the rules tutorial: rules.html, with a replay after each scenario's section

RULES_PAGE = "rules.html"
TUTORIAL_DIR = "tutorial"
EMBED_PAGE = "embed.html"
#: The embed options a scenario may set (see docs/embedding.md).
SCENARIO_OPTIONS = frozenset({"move", "seat", "autoplay", "theme", "lang"})
_SCENARIO_ID = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")


@dataclass(frozen=True)
class Scenario:
    """A tutorial scenario: a record shown after the rules' section ``after``."""

    id: str
    after: str
    title: str
    caption: str
    options: Mapping[str, str]
    record: Mapping[str, Any]

    @staticmethod
    def from_json(data: object, where: str) -> Scenario:
        """Read one scenario, refusing anything the page could not show."""
        if not isinstance(data, Mapping):
            raise BuildError(f"{where}: a scenario is an object")
        texts = {key: data.get(key) for key in ("id", "after", "title", "caption")}
        for key, value in texts.items():
            if not isinstance(value, str) or not value.strip():
                raise BuildError(f"{where}: {key!r} must be a non-empty string")
        ident = str(texts["id"])
        if not _SCENARIO_ID.fullmatch(ident):
            raise BuildError(f"{where}: the id {ident!r} must be lower-case words joined by '-'")
        options = data.get("options", {})
        if not isinstance(options, Mapping) or not set(options) <= SCENARIO_OPTIONS:
            raise BuildError(f"{where}: options may only be {', '.join(sorted(SCENARIO_OPTIONS))}")
        record = data.get("record")
        if not isinstance(record, Mapping) or record.get("format") != "allfives-record":
            raise BuildError(f"{where}: the record must be an allfives-record object")
        return Scenario(
            ident,
            str(texts["after"]),
            str(texts["title"]),
            str(texts["caption"]),
            {str(k): str(int(v)) if isinstance(v, bool) else str(v) for k, v in options.items()},
            record,
        )

    @property
    def record_path(self) -> str:
        """Where the record is written, relative to dist/."""
        return f"{TUTORIAL_DIR}/{self.id}.json"

    def embed_url(self) -> str:
        """The embed page showing this scenario, relative to rules.html."""
        query = urllib.parse.urlencode({"src": self.record_path, **self.options}, safe="/")
        return f"./{EMBED_PAGE}?{query}"

    def in_language(self, language: str, words: Mapping[str, Any], where: str) -> Scenario:
        """This scenario as a page in ``language`` shows it: its heading,
        title and caption from ``words`` (the language's entry for this id),
        and the replay speaking the same language."""
        if not isinstance(words, Mapping):
            raise BuildError(f"{where}: no words for the scenario {self.id!r}")
        texts = {key: words.get(key) for key in ("after", "title", "caption")}
        for key, value in texts.items():
            if not isinstance(value, str) or not value.strip():
                raise BuildError(f"{where}: scenario {self.id!r}: {key!r} must be a non-empty string")
        return Scenario(
            self.id,
            str(texts["after"]),
            str(texts["title"]),
            str(texts["caption"]),
            {**self.options, "lang": language},
            self.record,
        )


def read_scenarios(path: Path = TUTORIAL_SCENARIOS) -> list[Scenario]:
    """The tutorial scenarios, each checked for shape (the records' rules are
    checked by the tests, which can import the engine)."""
    data = _read_json(path)
    items = data.get("scenarios") if isinstance(data, Mapping) else None
    if not isinstance(items, list):
        raise BuildError(f'{path.name}: expected {{"scenarios": [...]}}')
    scenarios = [Scenario.from_json(item, f"{path.name}, scenario {n}") for n, item in enumerate(items, start=1)]
    seen: set[str] = set()
    for scenario in scenarios:
        if scenario.id in seen:
            raise BuildError(f"{path.name}: the id {scenario.id!r} is used twice")
        seen.add(scenario.id)
    return scenarios


def scenario_figure(scenario: Scenario, replay: str = "{title}: a replay") -> str:
    """The replay of one scenario, framed, with its caption; ``replay`` is
    the frame's title, in the page's language."""
    title = html.escape(scenario.title)
    frame_title = html.escape(replay.format(title=scenario.title))
    return (
        f'<figure class="tutorial" id="try-{scenario.id}">'
        f'<iframe src="{html.escape(scenario.embed_url())}" title="{frame_title}" loading="lazy"></iframe>'
        f"<figcaption><strong>{title}.</strong> {inline(scenario.caption)}</figcaption></figure>"
    )


def tutorial_body(blocks: Sequence[Block], scenarios: Sequence[Scenario], replay: str = "{title}: a replay") -> str:
    """The rules as HTML, each scenario's figure at the end of the section it
    names (before the next heading of any level)."""
    headings = {block.heading for block in blocks if block.heading}
    missing = [s.after for s in scenarios if s.after not in headings]
    if missing:
        raise BuildError(f"tutorial scenarios name sections the rules do not have: {', '.join(missing)}")
    parts: list[str] = []
    section = ""
    for block in [*blocks, Block("", "\0end")]:
        if block.heading:
            parts.extend(scenario_figure(s, replay) for s in scenarios if s.after == section)
            section = block.heading
        if block.html:
            parts.append(block.html)
    return "\n".join(parts)


RULES_TEMPLATE = """<!doctype html>
<html lang="{lang}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'none'; object-src 'none'; base-uri 'self'; form-action 'none'">
  <title>{title}</title>
  <meta name="description" content="{description}">
  <meta name="theme-color" content="#1f6b45">
  <link rel="icon" href="./favicon.svg" type="image/svg+xml">
  <link rel="manifest" href="./manifest.webmanifest">
  <link rel="stylesheet" href="./rules.css">
{alternates}
</head>
<body>
  <header class="masthead">
    <a class="home" href="./">{home}</a>
    <nav class="languages" aria-label="{languages}">{switcher}</nav>
  </header>
  <main class="rules">
{body}
  </main>
</body>
</html>
"""


#: The tutorial's languages, each named in itself, English first: English
#: is docs/rules.md with the words of tutorial-scenarios.json; every other
#: language is docs/rules.<code>.md with docs/tutorial.<code>.json.
TUTORIAL_LANGUAGES: Final = {"en": "English", "de": "Deutsch", "hu": "Magyar", "gl": "Galego", "lb": "Lëtzebuergesch"}
#: What the English page says around the rules (the other languages' come
#: from the "page" of their docs/tutorial.<code>.json).
ENGLISH_PAGE_WORDS: Final = {
    "home": "Play All Fives",
    "description": "How to play All Fives dominoes, rule by rule, with replays to step through and try.",
    "replay": "{title}: a replay",
    "languages": "Languages",
}


@dataclass(frozen=True)
class Tutorial:
    """The rules tutorial in one language: its Markdown, scenarios and words."""

    language: str
    markdown: str
    scenarios: Sequence[Scenario]
    words: Mapping[str, str]

    @property
    def page_name(self) -> str:
        """``rules.html`` for English, ``rules.de.html`` and so on."""
        return rules_page_name(self.language)


def rules_page_name(language: str) -> str:
    """The tutorial page of ``language``, relative to the site."""
    return RULES_PAGE if language == "en" else f"rules.{language}.html"


def read_tutorials(docs: Path = DOCS) -> list[Tutorial]:
    """The tutorial in every language of :data:`TUTORIAL_LANGUAGES`, checked:
    each translation has words for every scenario, each after a heading of
    its own rules (see :func:`tutorial_body`), and all of the page's words."""
    scenarios = read_scenarios(docs / TUTORIAL_SCENARIOS.name)
    english = (docs / RULES_MARKDOWN.name).read_text(encoding="utf-8")
    tutorials = [Tutorial("en", english, scenarios, ENGLISH_PAGE_WORDS)]
    for language in TUTORIAL_LANGUAGES:
        if language == "en":
            continue
        where = f"tutorial.{language}.json"
        data = _read_json(docs / where)
        if not isinstance(data, Mapping) or data.get("language") != language:
            raise BuildError(f'{where}: expected {{"language": "{language}", "page": ..., "scenarios": ...}}')
        page = data.get("page")
        if not isinstance(page, Mapping) or set(page) != set(ENGLISH_PAGE_WORDS):
            raise BuildError(f"{where}: the page's words must be {', '.join(ENGLISH_PAGE_WORDS)}")
        if not all(isinstance(value, str) and value.strip() for value in page.values()):
            raise BuildError(f"{where}: each of the page's words must be a non-empty string")
        if "{title}" not in page["replay"]:
            raise BuildError(f"{where}: the replay's title must hold {{title}}")
        words = data.get("scenarios")
        if not isinstance(words, Mapping) or set(words) != {s.id for s in scenarios}:
            raise BuildError(f"{where}: the scenarios must be exactly {', '.join(s.id for s in scenarios)}")
        translated = [s.in_language(language, words[s.id], where) for s in scenarios]
        markdown = (docs / f"rules.{language}.md").read_text(encoding="utf-8")
        tutorials.append(Tutorial(language, markdown, translated, {k: str(v) for k, v in page.items()}))
    return tutorials


def language_switcher(current: str) -> tuple[str, str]:
    """The links between the languages' pages (the current one marked), and
    the ``<link rel="alternate">`` lines that tell search engines of them."""
    links = []
    alternates = []
    for language, name in TUTORIAL_LANGUAGES.items():
        page = rules_page_name(language)
        here = ' aria-current="page"' if language == current else ""
        links.append(f'<a href="./{page}" hreflang="{language}" lang="{language}"{here}>{html.escape(name)}</a>')
        alternates.append(f'  <link rel="alternate" hreflang="{language}" href="./{page}">')
    return " ".join(links), "\n".join(alternates)


def rules_page(
    markdown: str, scenarios: Sequence[Scenario], language: str = "en", words: Mapping[str, str] = ENGLISH_PAGE_WORDS
) -> str:
    """A rules page: the rules from ``markdown`` with the scenarios' replays,
    in ``language``, with links to the other languages' pages."""
    blocks = markdown_blocks(markdown)
    title = next((b.heading for b in blocks if b.level == 1), "The rules of All Fives")
    switcher, alternates = language_switcher(language)
    return RULES_TEMPLATE.format(
        lang=language,
        title=html.escape(title),
        description=html.escape(words["description"]),
        home=html.escape(words["home"]),
        languages=html.escape(words["languages"]),
        switcher=switcher,
        alternates=alternates,
        body=tutorial_body(blocks, scenarios, words["replay"]),
    )


def write_tutorial(dist: Path) -> list[Path]:
    """Write the rules page of every language and each scenario's record under dist/tutorial/."""
    tutorials = read_tutorials()
    (dist / TUTORIAL_DIR).mkdir(exist_ok=True)
    written = []
    for scenario in tutorials[0].scenarios:
        path = dist / scenario.record_path
        path.write_text(json.dumps(scenario.record, indent=1) + "\n", encoding="utf-8")
        written.append(path)
    for tutorial in tutorials:
        page = dist / tutorial.page_name
        page.write_text(
            rules_page(tutorial.markdown, tutorial.scenarios, tutorial.language, tutorial.words), encoding="utf-8"
        )
        written.append(page)
    return written


# --------------------------------------------------------------------------
# offline: the precache manifest and the service worker


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
        raise BuildError(f"web/{SERVICE_WORKER} must hold {SW_VERSION_MARK} exactly once")
    return template.replace(SW_VERSION_MARK, version)


def write_offline_files(dist: Path, template: Path = WEB / SERVICE_WORKER) -> list[Path]:
    """Write dist/precache.json and dist/sw.js for what is in ``dist`` now
    (so this runs last; run it again after changing a file of dist/)."""
    files = precache_files(dist)
    version = precache_version(files)
    manifest = dist / PRECACHE_NAME
    manifest.write_text(json.dumps({"version": version, "files": files}, indent=1) + "\n", encoding="utf-8")
    worker = dist / SERVICE_WORKER
    worker.write_text(stamp_service_worker(template.read_text(encoding="utf-8"), version), encoding="utf-8")
    return [manifest, worker]


# --------------------------------------------------------------------------
# serving dist/


class DistRequestHandler(http.server.SimpleHTTPRequestHandler):
    """Serves a directory with the MIME types the site needs and no caching."""

    extensions_map = MIME_TYPES
    #: Send COOP/COEP so the page is cross-origin isolated (SharedArrayBuffer).
    isolated = False
    #: Log each request to stderr.
    verbose = True

    def end_headers(self) -> None:
        """Add the no-cache (and, if asked, isolation) headers to each response."""
        self.send_header("Cache-Control", "no-cache")
        if self.isolated:
            self.send_header("Cross-Origin-Opener-Policy", "same-origin")
            self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        """Log like the base class, unless quiet."""
        if self.verbose:
            super().log_message(format, *args)


class DistServer(http.server.ThreadingHTTPServer):
    """A threading HTTP server that shrugs off clients hanging up mid-response."""

    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        """Report an error, unless the client just went away (a reload, a closed tab)."""
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


def make_server(
    directory: Path = DIST,
    host: str = "127.0.0.1",
    port: int = 8000,
    *,
    isolated: bool = False,
    verbose: bool = True,
) -> DistServer:
    """An HTTP server for ``directory``; port 0 picks a free port."""
    handler = type("Handler", (DistRequestHandler,), {"isolated": isolated, "verbose": verbose})
    return DistServer((host, port), functools.partial(handler, directory=str(directory)))


def server_url(server: http.server.HTTPServer) -> str:
    """The base URL (with a trailing slash) that ``server`` answers on."""
    host, port = server.server_address[:2]
    return f"http://{host!s}:{port}/"


def serve(host: str, port: int, *, isolated: bool) -> None:
    """Serve dist/ until Ctrl-C."""
    with make_server(DIST, host, port, isolated=isolated) as server:
        print(f"Serving {DIST.relative_to(ROOT)}/ at {server_url(server)}  (Ctrl-C stops)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            print("\nStopped.")


# --------------------------------------------------------------------------
# command line


def parse_args(argv: Sequence[str]) -> tuple[argparse.Namespace, list[str]]:
    """Parse the command line; the second item is what ``test`` passes to pytest."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    commands = parser.add_subparsers(dest="command")
    commands.add_parser("build", help="build dist/ (the default)")
    serve_parser = commands.add_parser("serve", help="build, then serve dist/ over HTTP")
    serve_parser.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    serve_parser.add_argument("--port", type=int, default=8000, help="port (default 8000; 0 picks one)")
    serve_parser.add_argument(
        "--isolated", action="store_true", help="send COOP/COEP headers (needed by PyScript workers that use the DOM)"
    )
    commands.add_parser("test", help="build, then run pytest with the remaining arguments")
    commands.add_parser("bench", help="build, then time the game's load against bare Pyodide (tools/load_bench.py)")
    args, rest = parser.parse_known_args(argv)
    if rest and args.command not in ("test", "bench"):
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    return args, rest


#: What the tests import, from the ``test`` extra of pyproject.toml.
TEST_MODULES = ("pytest", "pytest_timeout", "hypothesis", "playwright", "axe_playwright_python")


def ensure_test_tools() -> None:
    """Install the ``test`` extra when a module the tests need is missing."""
    missing = [name for name in TEST_MODULES if importlib.util.find_spec(name) is None]
    if not missing:
        return
    print(f"{', '.join(missing)} not installed: running pip install -e '.[test]'", flush=True)
    command = [sys.executable, "-m", "pip", "install", "--disable-pip-version-check", "-q", "-e", ".[test]"]
    subprocess.run(command, cwd=ROOT, check=True)


def run_pytest(pytest_args: Sequence[str]) -> int:
    """Run pytest with ``pytest_args`` and return its exit code."""
    ensure_test_tools()
    return subprocess.run([sys.executable, "-m", "pytest", *pytest_args], cwd=ROOT, check=False).returncode


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code."""
    args, rest = parse_args(sys.argv[1:] if argv is None else argv)
    try:
        files = build()
    except (BuildError, runtime.RuntimeBuildError, OSError, subprocess.CalledProcessError) as error:
        print(f"build failed: {error}", file=sys.stderr)
        return 1
    print(f"Built {DIST.relative_to(ROOT)}/: {len(files)} files")
    vendor = [path for path in files if path.is_relative_to(DIST / "vendor")]
    print("\n".join(describe(vendor)))
    if args.command == "serve":
        serve(args.host, args.port, isolated=args.isolated)
    elif args.command == "test":
        return run_pytest(rest)
    elif args.command == "bench":
        return run_load_bench(rest)
    return 0


def run_load_bench(bench_args: Sequence[str]) -> int:
    """Run tools/load_bench.py on the dist/ just built."""
    spec = importlib.util.spec_from_file_location("allfives_load_bench", ROOT / "tools" / "load_bench.py")
    if spec is None or spec.loader is None:
        raise BuildError("tools/load_bench.py is missing")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    code: int = bench.main(list(bench_args), build=sys.modules[__name__])
    return code


if __name__ == "__main__":
    sys.exit(main())
