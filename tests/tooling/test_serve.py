"""The local server (``build.py serve``, and the browser tests' server) serves
dist/ as GitHub Pages does, where it matters to the game."""

from __future__ import annotations

import threading
import urllib.request
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
