"""The local server (``build.py serve``, and the browser tests' server) serves
dist/ as GitHub Pages does, where it matters to the game."""

from __future__ import annotations

import gzip
import threading
import urllib.request
from email.message import Message
from pathlib import Path

from sitebuild.serve import make_server, server_url


def test_every_file_may_be_read_from_any_origin_as_on_github_pages(tmp_path: Path) -> None:
    # A replay framed with sandbox="allow-scripts" asks for its scripts from
    # the origin "null": it starts only where the answer allows any origin.
    (tmp_path / "runtime.js").write_text("export {};", encoding="utf-8")
    server = make_server(tmp_path, "127.0.0.1", 0, verbose=False)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        request = urllib.request.Request(server_url(server) + "runtime.js", headers={"Origin": "null"})
        with urllib.request.urlopen(request, timeout=10) as response:
            assert response.headers["Access-Control-Allow-Origin"] == "*"
            assert response.headers["Content-Type"] == "text/javascript; charset=utf-8"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


def _get(url: str, encoding: str) -> tuple[Message, bytes]:
    """The headers (their names in any case) and the body of ``url``."""
    request = urllib.request.Request(url, headers={"Accept-Encoding": encoding})
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.headers, response.read()


def test_served_like_github_pages_files_are_gzipped_as_mime_db_says_and_cached_for_ten_minutes(
    tmp_path: Path,
) -> None:
    # What the benchmark measures a first visit against (tools/benchmarks/lighthouse_bench.py):
    # GitHub Pages gzips a type that mime-db (pinned in the lock file) calls
    # compressible: WebAssembly and a Python source yes, an archive or an image no.
    runtime = b"\0asm module bytes " * 1000
    library = b"PK stored module bytes " * 1000
    (tmp_path / "pyodide.asm.wasm").write_bytes(runtime)
    (tmp_path / "python_stdlib.zip").write_bytes(library)
    (tmp_path / "play.py").write_bytes(b"print('hello')\n" * 100)
    (tmp_path / "icon-192.png").write_bytes(b"\x89PNG already compressed")
    shipped = gzip.compress(library)
    (tmp_path / "pages-game.zip.gz").write_bytes(shipped)
    server = make_server(tmp_path, "127.0.0.1", 0, verbose=False, like_pages=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        url = server_url(server)
        headers, body = _get(url + "pyodide.asm.wasm", "gzip, deflate, br")
        assert headers["Content-Encoding"] == "gzip"
        assert headers["Cache-Control"] == "max-age=600"
        assert headers["Access-Control-Allow-Origin"] == "*"
        assert int(headers["Content-Length"]) == len(body) < len(runtime) / 10
        assert gzip.decompress(body) == runtime
        headers, body = _get(url + "play.py", "gzip")
        assert headers["Content-Encoding"] == "gzip"
        # A browser that takes no gzip, an archive and an image get the bytes as they are.
        headers, body = _get(url + "pyodide.asm.wasm", "identity")
        assert "Content-Encoding" not in headers
        assert body == runtime
        headers, body = _get(url + "python_stdlib.zip", "gzip, deflate, br")
        assert "Content-Encoding" not in headers
        assert body == library
        # A gzipped zip, as the site ships its zips (sitebuild/packing.py): a
        # gzip, sent as it is (the page inflates it: web/js/runtime.js).
        headers, body = _get(url + "pages-game.zip.gz", "gzip, deflate, br")
        assert "Content-Encoding" not in headers
        assert headers["Content-Type"] == "application/gzip"
        assert body == shipped
        headers, body = _get(url + "icon-192.png", "gzip")
        assert "Content-Encoding" not in headers
        assert body == b"\x89PNG already compressed"
        assert headers["Cache-Control"] == "max-age=600"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)
