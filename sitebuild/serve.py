"""A local HTTP server for dist/: the MIME types the site needs, no caching,
every file readable from any origin (as GitHub Pages serves them), and, if
asked, the cross-origin isolation headers."""

from __future__ import annotations

import functools
import http.server
import sys
from pathlib import Path
from typing import Any

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


def serve(host: str, port: int, *, isolated: bool, directory: Path = DIST) -> None:
    """Serve ``directory`` until Ctrl-C."""
    with make_server(directory, host, port, isolated=isolated) as server:
        shown = directory.relative_to(ROOT) if directory.is_relative_to(ROOT) else directory
        print(f"Serving {shown}/ at {server_url(server)}  (Ctrl-C stops)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            print("\nStopped.")
