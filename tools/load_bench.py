"""Load time of the game against bare Pyodide, in one run, side by side.

    python build.py bench [--runs 5]

Serves dist/ and, beside it, a bare page that loads the same Pyodide and
runs one line of Python; opens each in the same headless Chromium,
alternating, cold (a new browser context: nothing cached) and warm (a second
visit in the same context: caches and service worker in place). For each it
measures the first paint and the moment the page is ready: for the game,
when it accepts a move (``performance.mark("allfives-ready")`` in main.py);
for the bare page, when its line of Python has run. Prints medians, min-max
and the ratio game / bare, and writes them into docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import gzip
import os
import statistics
import sys
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script: sitebuild is beside tools/
    sys.path.insert(0, str(ROOT))

from sitebuild.files import DIST  # noqa: E402
from sitebuild.serve import make_server, server_url  # noqa: E402

MARK_START = "<!-- load-bench:start -->"
MARK_END = "<!-- load-bench:end -->"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

BARE_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Bare Pyodide</title></head>
<body><h1>Bare Pyodide</h1><p id="status">Loading Python…</p>
<script type="module" src="./bare.mjs"></script></body></html>
"""
BARE_SCRIPT = """import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
const pyodide = await loadPyodide({ indexURL: "./vendor/pyodide/" });
pyodide.runPython("1 + 1");
performance.mark("bare-ready");
document.getElementById("status").textContent = "Ready";
"""


@contextmanager
def served(dist: Path) -> Iterator[str]:
    """dist/ at /game/ and the bare page at /bare/, on one loopback origin."""
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        (root / "game").symlink_to(dist, target_is_directory=True)
        bare = root / "bare"
        bare.mkdir()
        (bare / "index.html").write_text(BARE_HTML, encoding="utf-8")
        (bare / "bare.mjs").write_text(BARE_SCRIPT, encoding="utf-8")
        (bare / "vendor").symlink_to(dist / "vendor", target_is_directory=True)
        server = make_server(root, "127.0.0.1", 0, verbose=False)
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        try:
            yield server_url(server)
        finally:
            server.shutdown()
            server.server_close()


def visit(page: Any, url: str, mark: str) -> tuple[float, float]:
    """(first paint, ready) in ms after navigation starts."""
    page.goto(url)
    page.wait_for_function(f"performance.getEntriesByName({mark!r}).length > 0", timeout=180_000)
    paint, ready = page.evaluate(
        """(mark) => {
            const paint = performance.getEntriesByName("first-paint")[0] || performance.getEntriesByName("first-contentful-paint")[0];
            return [paint ? paint.startTime : NaN, performance.getEntriesByName(mark)[0].startTime];
        }""",
        mark,
    )
    return float(paint), float(ready)


def measure(browser: Any, url: str, mark: str, warm: bool) -> tuple[float, float]:
    context = browser.new_context(service_workers="allow")
    try:
        page = context.new_page()
        result = visit(page, url, mark)
        if warm:
            page.wait_for_timeout(1500)  # let the service worker finish precaching
            page.close()
            page = context.new_page()
            result = visit(page, url, mark)
        return result
    finally:
        context.close()


def summary(values: list[float]) -> str:
    return f"{statistics.median(values):,.0f} ms ({min(values):,.0f}-{max(values):,.0f})"


def run(dist: Path, runs: int, write: bool) -> int:
    from playwright.sync_api import sync_playwright

    executable = os.environ.get("ALLFIVES_CHROMIUM", "/usr/bin/chromium")
    rows: list[str] = []
    with served(dist) as url, sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS, headless=True)
        results: dict[tuple[str, str], list[tuple[float, float]]] = {}
        pages: list[tuple[str, str, str]] = [
            ("game", url + "game/", "allfives-ready"),
            ("bare", url + "bare/", "bare-ready"),
        ]
        for state in ("cold", "warm"):
            for _ in range(runs):
                for name, address, mark in pages:  # alternating, so load on the machine hits both alike
                    results.setdefault((state, name), []).append(measure(browser, address, mark, state == "warm"))
        browser.close()
    header = "| visit | page | first paint | ready | ready: game / bare |"
    rows += [header, "|---|---|---|---|---|"]
    for state in ("cold", "warm"):
        game_ready = [r for _, r in results[(state, "game")]]
        bare_ready = [r for _, r in results[(state, "bare")]]
        ratio = statistics.median(game_ready) / statistics.median(bare_ready)
        for name in ("game", "bare"):
            paints = [p for p, _ in results[(state, name)]]
            ready = [r for _, r in results[(state, name)]]
            shown = f"{ratio:.2f}" if name == "game" else ""
            rows.append(f"| {state} | {name} | {summary(paints)} | {summary(ready)} | {shown} |")
    size, packed = own_size(dist)
    rows.append("")
    rows.append(
        f"The game's own files (everything in dist/ but Pyodide's runtime): {size / 1024:,.0f} KiB,"
        f" {packed / 1024:,.0f} KiB gzipped as GitHub Pages serves them. {runs} runs of each."
    )
    text = "\n".join(rows)
    print(text)
    if write:
        write_section(text, runs)
    return 0


def own_size(dist: Path) -> tuple[int, int]:
    """Bytes of every file in dist/ except Pyodide's own runtime: as they
    are, and gzipped (what a server that compresses sends)."""
    pyodide = dist / "vendor" / "pyodide"
    files = [p for p in dist.rglob("*") if p.is_file() and not p.is_relative_to(pyodide)]
    return sum(p.stat().st_size for p in files), sum(len(gzip.compress(p.read_bytes(), 9)) for p in files)


def write_section(table: str, runs: int) -> None:
    path = ROOT / "docs" / "benchmarks.md"
    text = path.read_text(encoding="utf-8") if path.exists() else "# Benchmarks\n"
    section = (
        f"{MARK_START}\n## Load time\n\nCommand: `python build.py bench --runs {runs}` (headless Chromium, "
        f"this machine; medians and min-max).\n\n{table}\n{MARK_END}"
    )
    if MARK_START in text:
        before, rest = text.split(MARK_START, 1)
        after = rest.split(MARK_END, 1)[1]
        text = before + section + after
    else:
        text = text.rstrip() + "\n\n" + section + "\n"
    path.write_text(text, encoding="utf-8")


def main(argv: list[str] | None = None, *, built: bool = False) -> int:
    """Build dist/ (unless ``built``: build.py bench just did), then time it."""
    parser = argparse.ArgumentParser(description="Load time of the game against bare Pyodide.")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--no-write", action="store_true", help="print only; leave docs/benchmarks.md alone")
    args = parser.parse_args(argv)
    if not built:
        from sitebuild import steps

        steps.build(DIST)
    return run(DIST, args.runs, not args.no_write)


if __name__ == "__main__":
    sys.exit(main())
