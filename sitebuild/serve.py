"""A local HTTP server for dist/: the MIME types the site needs, no caching,
every file readable from any origin (as GitHub Pages serves them), and, if
asked, the cross-origin isolation headers, or GitHub Pages' own way of
sending files (gzipped on the fly where mime-db calls the file's type
compressible, cached for ten minutes: what the benchmark measures a first
visit against)."""

from __future__ import annotations

import contextlib
import functools
import gzip
import http.server
import json
import os
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

from .files import DIST, ROOT

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
    ".gz": "application/gzip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".webmanifest": "application/manifest+json",
    "": "application/octet-stream",
}


class DistRequestHandler(http.server.SimpleHTTPRequestHandler):
    """Serves a directory with the MIME types the site needs and no caching."""

    extensions_map = MIME_TYPES
    #: Send COOP/COEP so the page is cross-origin isolated (SharedArrayBuffer).
    isolated = False
    #: Log each request to stderr.
    verbose = True

    def end_headers(self) -> None:
        """Add the no-cache (and, if asked, isolation) headers to each response,
        and let any page read the files, as GitHub Pages does: a frame
        sandboxed without allow-same-origin asks for its scripts from the
        origin "null", so the replay starts there only with this header."""
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Access-Control-Allow-Origin", "*")
        if self.isolated:
            self.send_header("Cross-Origin-Opener-Policy", "same-origin")
            self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        """Log like the base class, unless quiet."""
        if self.verbose:
            super().log_message(format, *args)


#: The list of media types GitHub Pages reads (the npm package mime-db,
#: pinned in package.json and the lock file): a file is sent gzipped when
#: its type, found by its extension, is marked ``compressible``.
MIME_DB: Path = ROOT / "node_modules" / "mime-db" / "db.json"


@functools.cache
def pages_gzips() -> dict[str, bool]:
    """Whether GitHub Pages gzips a file, by its extension (without the
    dot): from mime-db, the type an extension names (a type IANA lists
    first, where several name it), and that type's ``compressible`` flag; a
    type with no flag is sent as it is. An extension mime-db does not know
    is ``application/octet-stream``'s (:func:`gzipped`)."""
    try:
        db = json.loads(MIME_DB.read_text(encoding="utf-8"))
    except OSError as error:
        raise SystemExit(f"{MIME_DB} is missing: run `npm ci` first ({error.strerror})") from None
    found: dict[str, tuple[bool, bool]] = {}  # extension: (named by IANA, compressible)
    for entry in db.values():
        iana = entry.get("source") == "iana"
        for extension in entry.get("extensions", ()):
            if extension not in found or (iana and not found[extension][0]):
                found[extension] = (iana, entry.get("compressible") is True)
    flags = {extension: compressible for extension, (_iana, compressible) in found.items()}
    flags[""] = db.get("application/octet-stream", {}).get("compressible") is True
    return flags


def gzipped(path: str) -> bool:
    """Whether GitHub Pages sends the file at ``path`` gzipped (to a browser that takes gzip)."""
    flags = pages_gzips()
    extension = os.path.splitext(path)[1].lstrip(".").lower()
    return flags.get(extension, flags[""])


class PagesRequestHandler(DistRequestHandler):
    """Serves a directory as GitHub Pages does: a file gzipped when mime-db
    calls its type compressible and the browser accepts it (no brotli), and
    ``Cache-Control: max-age=600``."""

    #: Each file's gzipped bytes, by path and modification time.
    packed: ClassVar[dict[tuple[str, float], bytes]] = {}

    def end_headers(self) -> None:
        """GitHub Pages' headers, not the no-cache of :class:`DistRequestHandler`."""
        self.send_header("Cache-Control", "max-age=600")
        self.send_header("Access-Control-Allow-Origin", "*")
        http.server.SimpleHTTPRequestHandler.end_headers(self)

    def do_GET(self) -> None:
        """Send the file gzipped where the browser takes it, else as it is."""
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            path = os.path.join(path, "index.html")
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        if not accepts or not os.path.isfile(path) or not gzipped(path):
            super().do_GET()
            return
        key = (path, os.path.getmtime(path))
        if key not in self.packed:
            with open(path, "rb") as file:
                self.packed[key] = gzip.compress(file.read(), 6, mtime=0)
        body = self.packed[key]
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


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
    like_pages: bool = False,
) -> DistServer:
    """An HTTP server for ``directory``; port 0 picks a free port. With
    ``like_pages``, files are sent as GitHub Pages sends them."""
    base = PagesRequestHandler if like_pages else DistRequestHandler
    handler = type("Handler", (base,), {"isolated": isolated, "verbose": verbose})
    return DistServer((host, port), functools.partial(handler, directory=str(directory)))


def server_url(server: http.server.HTTPServer) -> str:
    """The base URL (with a trailing slash) that ``server`` answers on."""
    host, port = server.server_address[:2]
    return f"http://{host!s}:{port}/"


@contextlib.contextmanager
def serving(directory: Path, *, like_pages: bool = False) -> Iterator[str]:
    """``directory`` served quietly on a free loopback port, in a thread,
    while the block runs; gives its base URL (for the benchmarks)."""
    server = make_server(directory, "127.0.0.1", 0, verbose=False, like_pages=like_pages)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server_url(server)
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


def serve(host: str, port: int, *, isolated: bool, directory: Path = DIST) -> None:
    """Serve ``directory`` until Ctrl-C."""
    with make_server(directory, host, port, isolated=isolated) as server:
        shown = directory.relative_to(ROOT) if directory.is_relative_to(ROOT) else directory
        print(f"Serving {shown}/ at {server_url(server)}  (Ctrl-C stops)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            print("\nStopped.")
