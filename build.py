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

Standard library only.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import importlib.util
import json
import re
import shutil
import subprocess
import sys
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
WEB = ROOT / "web"
PACKAGE = ROOT / "allfives"
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
WEB_SUFFIXES = frozenset({".html", ".css", ".py", ".toml", ".json", ".svg", ".webmanifest"})
#: The PyScript config: a template in web/, written to dist/ with its ``files``.
CONFIG_NAME = "pyscript.json"
#: web/ scripts that pages load with ``<script type="py" src=...>``; every
#: other web/*.py is a module put into the Pyodide file system for import.
WEB_ENTRY_SCRIPTS = frozenset({"main.py"})

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

    The config template is left out: :func:`write_config` writes it.
    """
    return [
        path.relative_to(web)
        for path in sorted(web.iterdir())
        if path.is_file() and path.suffix in WEB_SUFFIXES and path.name != CONFIG_NAME
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


def write_config(dist: Path, modules: Sequence[Path]) -> Path:
    """Write dist/pyscript.json from web/pyscript.json and the module list."""
    template = _read_json(WEB / CONFIG_NAME)
    path = dist / CONFIG_NAME
    path.write_text(json.dumps(pyscript_config(template, modules), indent=2) + "\n", encoding="utf-8")
    return path


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
    written.append(write_config(dist, importable_modules(package, pages)))
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
    args, rest = parser.parse_known_args(argv)
    if rest and args.command != "test":
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    return args, rest


#: What the tests import, from the ``test`` extra of pyproject.toml.
TEST_MODULES = ("pytest", "hypothesis", "playwright", "axe_playwright_python")


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
    except (BuildError, OSError, subprocess.CalledProcessError) as error:
        print(f"build failed: {error}", file=sys.stderr)
        return 1
    print(f"Built {DIST.relative_to(ROOT)}/: {len(files)} files")
    vendor = [path for path in files if path.is_relative_to(DIST / "vendor")]
    print("\n".join(describe(vendor)))
    if args.command == "serve":
        serve(args.host, args.port, isolated=args.isolated)
    elif args.command == "test":
        return run_pytest(rest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
