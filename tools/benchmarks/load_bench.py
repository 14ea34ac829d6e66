"""Load time of the game against bare Pyodide, in one run, side by side.

    python build.py bench [--runs 5]
    python -m tools.benchmarks.load_bench --built --before ../old/dist --runs 5   # a refactor beside the build it replaces
    python -m tools.benchmarks.load_bench --built --before stored=/tmp/a/dist --before deflated=/tmp/b/dist

Serves dist/ (and each ``--before`` build) as GitHub Pages serves it
(sitebuild/serve.py, ``like_pages``: gzipped where mime-db calls the type
compressible) and, beside it, a bare page that loads Pyodide exactly as npm
ships it (node_modules/pyodide, unmodified: not the game's precompiled
standard library) and runs one line of Python; opens each in the same
headless Chromium, alternating, cold (a new browser context: nothing cached),
warm (a second visit in the same context: caches and service worker in
place) and a first visit over a slow link (cold, the network throttled to
20 Mbit/s down and up with 40 ms latency by CDP
``Network.emulateNetworkConditions``). For each it measures the first paint
and the moment the page is ready: for the game, when it accepts a move
(``performance.mark("allfives-ready")`` in main.py); for the bare page, when
its line of Python has run; and the longest main-thread task until then (a
``longtask`` PerformanceObserver). Prints medians, min-max and the ratio
game / bare, the bytes a cold visit fetched as they crossed the network
(each response's ``transferSize``, as Lighthouse counts them: the page's own
fetches, until it was ready) and the whole site as Pages sends it (what the
service worker then fetches in the background), and writes them into
docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import gzip
import os
import statistics
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # run as a script: sitebuild is beside tools/
    sys.path.insert(0, str(ROOT))

from sitebuild import testing  # noqa: E402
from sitebuild.files import DIST  # noqa: E402
from sitebuild.serve import gzipped, serving  # noqa: E402
from sitebuild.vendor import PYODIDE_DIR  # noqa: E402

MARK_START = "<!-- load-bench:start -->"
MARK_END = "<!-- load-bench:end -->"
CHROMIUM_ARGS = list(testing.CHROMIUM_ARGS)

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
def served(builds: dict[str, Path]) -> Iterator[str]:
    """Each build of the game at /NAME/ (dist/ at /game/) and the bare page
    at /bare/, on one loopback origin, served as GitHub Pages serves them."""
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for name, folder in builds.items():
            (root / name).symlink_to(folder.resolve(), target_is_directory=True)
        bare = root / "bare"
        bare.mkdir()
        (bare / "index.html").write_text(BARE_HTML, encoding="utf-8")
        (bare / "bare.mjs").write_text(BARE_SCRIPT, encoding="utf-8")
        (bare / "vendor" / "pyodide").parent.mkdir()
        (bare / "vendor" / "pyodide").symlink_to(PYODIDE_DIR, target_is_directory=True)
        with serving(root, like_pages=True) as url:
            yield url


#: Installed before any script of the page: note every long main-thread task.
LONG_TASKS = """
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
}).observe({ type: "longtask", buffered: true });
"""
#: The slow link of a first visit on a poor connection: 20 Mbit/s, 40 ms.
SLOW_LINK = {"offline": False, "latency": 40, "downloadThroughput": 20e6 / 8, "uploadThroughput": 20e6 / 8}

#: Whether the game's service worker controls the page and holds the snapshot.
HOLDS_SNAPSHOT = """async () => navigator.serviceWorker.controller !== null
    && (await caches.match(new URL("runtime-snapshot.gz", location.href).href)) !== undefined"""

Visit = tuple[float, float, float, float, bool]


def visit(page: Any, url: str, mark: str) -> Visit:
    """(first paint, ready, longest task before ready) in ms after navigation
    starts, the bytes the page's fetches took on the network (headers
    included: 0 for what came from a cache), and whether it restored the
    snapshot."""
    page.goto(url)
    page.wait_for_function(f"performance.getEntriesByName({mark!r}).length > 0", timeout=300_000)
    paint, ready, longest, fetched, restored = page.evaluate(
        """(mark) => {
            const paint = performance.getEntriesByName("first-paint")[0] || performance.getEntriesByName("first-contentful-paint")[0];
            const ready = performance.getEntriesByName(mark)[0].startTime;
            const longest = Math.max(0, ...window.__longTasks.filter(([start]) => start < ready).map(([, length]) => length));
            const entries = [...performance.getEntriesByType("navigation"), ...performance.getEntriesByType("resource")];
            const fetched = entries.reduce((sum, entry) => sum + (entry.transferSize || 0), 0);
            const restored = performance.getEntriesByName("allfives-snapshot-restored").length > 0;
            return [paint ? paint.startTime : NaN, ready, longest, fetched, restored];
        }""",
        mark,
    )
    return paint, ready, longest, fetched, restored


def measure(browser: Any, url: str, mark: str, state: str) -> Visit:
    context = browser.new_context(service_workers="allow")
    context.add_init_script(LONG_TASKS)
    try:
        page = context.new_page()
        if state == "slow":
            session = context.new_cdp_session(page)
            session.send("Network.enable")
            session.send("Network.emulateNetworkConditions", SLOW_LINK)
        result = visit(page, url, mark)
        if state == "warm":
            page.wait_for_timeout(1500)  # let the service worker finish precaching
            if mark == "allfives-ready":  # the game's worker keeps the snapshot too: wait for it
                for _ in range(240):
                    if page.evaluate(HOLDS_SNAPSHOT):
                        break
                    page.wait_for_timeout(250)
            page.close()
            page = context.new_page()
            result = visit(page, url, mark)
        return result
    finally:
        context.close()


def summary(values: list[float]) -> str:
    return f"{statistics.median(values):,.0f} ms ({min(values):,.0f}-{max(values):,.0f})"


def run(runs: int, write: bool, before: dict[str, Path] | None = None) -> int:
    from playwright.sync_api import sync_playwright

    executable = os.environ.get("ALLFIVES_CHROMIUM", "/usr/bin/chromium")
    before = before or {}
    builds = {**before, "game": DIST}
    rows: list[str] = []
    with served(builds) as url, sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS, headless=True)
        results: dict[tuple[str, str], list[Visit]] = {}
        pages = [(name, f"{url}{name}/", "allfives-ready") for name in builds]
        pages.append(("bare", url + "bare/", "bare-ready"))
        for _name, address, mark in pages:  # not counted: the server gzips each file once, on its first request
            measure(browser, address, mark, "cold")
        for state in STATES:
            for _ in range(runs if state != "slow" else max(1, (runs + 1) // 2)):
                for name, address, mark in pages:  # alternating, so load on the machine hits each alike
                    results.setdefault((state, name), []).append(measure(browser, address, mark, state))
        browser.close()
    header = "| visit | page | first paint | ready | ready: game / bare | longest task before ready |"
    rows += [header, "|---|---|---|---|---|---|"]
    for state in STATES:
        bare_ready = [r for _, r, *_ in results[(state, "bare")]]
        for name in [name for name, *_ in pages]:
            paints = [p for p, *_ in results[(state, name)]]
            ready = [r for _, r, *_ in results[(state, name)]]
            longest = [t for _, _, t, *_ in results[(state, name)]]
            mine = statistics.median(ready) / statistics.median(bare_ready)
            shown = f"{mine:.2f}" if name != "bare" else ""
            rows.append(
                f"| {STATES[state]} | {name} | {summary(paints)} | {summary(ready)} | {shown} | {summary(longest)} |"
            )
    restored = [v[4] for v in results[("warm", "game")]]
    rows.append("")
    for name in before:
        ratios = []
        for state in STATES:
            game = statistics.median(r for _, r, *_ in results[(state, "game")])
            then = statistics.median(r for _, r, *_ in results[(state, name)])
            ratios.append(f"{STATES[state]} {game / then:.2f}")
        rows.append(f"Ready, this build / {name} ({before[name]}) (medians, side by side): {', '.join(ratios)}.")
    rows.append(f"Warm game visits that restored the memory snapshot: {sum(restored)} of {len(restored)}.")
    for name, *_ in pages:
        fetched = statistics.median(v[3] for v in results[("cold", name)])
        whole = (
            f"; the whole site as GitHub Pages sends it, which the service worker then fetches: {pages_size(builds[name]) / 1e6:,.2f} MB"
            if name in builds
            else ""
        )
        rows.append(
            f"A cold visit to the {name} page took {fetched / 1e6:,.2f} MB from the network until ready{whole}."
        )
    size, packed = own_size(DIST)
    rows.append("")
    rows.append(
        f"The game's own files (everything in dist/ but Pyodide's runtime and its snapshot, which is"
        f" {(DIST / 'runtime-snapshot.gz').stat().st_size / 1e6:,.2f} MB): {size / 1024:,.0f} KiB,"
        f" {packed / 1024:,.0f} KiB as GitHub Pages sends them. {runs} runs of each"
        f" (cold, warm), {max(1, (runs + 1) // 2)} of the slow first visit."
    )
    text = "\n".join(rows)
    print(text)
    if write:
        write_section(text, runs)
    return 0


#: The visits measured, with their names in the table.
STATES = {"cold": "cold", "warm": "warm", "slow": "first, 20 Mbit/s 40 ms"}


def sent_size(path: Path) -> int:
    """The bytes of the body GitHub Pages sends for the file at ``path``:
    gzipped where mime-db calls its type compressible, else as it is."""
    data = path.read_bytes()
    return len(gzip.compress(data, 6)) if gzipped(str(path)) else len(data)


def pages_size(dist: Path) -> int:
    """Every file of ``dist`` as GitHub Pages sends it."""
    return sum(sent_size(path) for path in dist.rglob("*") if path.is_file())


def own_size(dist: Path) -> tuple[int, int]:
    """Bytes of every file in dist/ except Pyodide's own runtime and the
    snapshot of its memory: as they are, and as GitHub Pages sends them."""
    pyodide = dist / "vendor" / "pyodide"
    snapshot = dist / "runtime-snapshot.gz"  # Pyodide's memory, not the game's files
    files = [p for p in dist.rglob("*") if p.is_file() and not p.is_relative_to(pyodide) and p != snapshot]
    return sum(p.stat().st_size for p in files), sum(sent_size(p) for p in files)


def write_section(table: str, runs: int) -> None:
    path = ROOT / "docs" / "benchmarks.md"
    text = path.read_text(encoding="utf-8") if path.exists() else "# Benchmarks\n"
    section = (
        f"{MARK_START}\n## Load time\n\nCommand: `python build.py bench --runs {runs}` (headless Chromium, "
        f"this machine; medians and min-max). The bare page is Pyodide 314.0.5 exactly as npm ships it "
        f"(node_modules/pyodide); the game is dist/ as built.\n\n{table}\n{MARK_END}"
    )
    if MARK_START in text:
        before, rest = text.split(MARK_START, 1)
        after = rest.split(MARK_END, 1)[1]
        text = before + section + after
    else:
        text = text.rstrip() + "\n\n" + section + "\n"
    path.write_text(text, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    """Build dist/ (unless ``--built``: build.py bench just did), then time it."""
    parser = argparse.ArgumentParser(description="Load time of the game against bare Pyodide.")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--no-write", action="store_true", help="print only; leave docs/benchmarks.md alone")
    parser.add_argument("--built", action="store_true", help="time dist/ as it is (build.py bench has just built it)")
    parser.add_argument(
        "--before",
        action="append",
        default=[],
        metavar="[NAME=]FOLDER",
        help="another build's dist/ to time beside this one (a refactor's keep); again for more",
    )
    args = parser.parse_args(argv)
    before = parse_builds(args.before)
    if not args.built:
        from sitebuild import steps

        steps.build(DIST)
    return run(args.runs, not args.no_write and not before, before)


def parse_builds(values: list[str]) -> dict[str, Path]:
    """``--before`` values, ``NAME=FOLDER`` or a lone FOLDER (named "before"), by name."""
    builds: dict[str, Path] = {}
    for value in values:
        name, _, folder = value.partition("=") if "=" in value else ("before", "", value)
        if not name.isidentifier() or name in builds or name in ("game", "bare"):
            raise SystemExit(f"--before wants NAME=FOLDER with a new name, not {value!r}")
        if not (Path(folder) / "index.html").is_file():
            raise SystemExit(f"--before {value!r}: {folder} holds no built site")
        builds[name] = Path(folder)
    return builds


if __name__ == "__main__":
    sys.exit(main())
