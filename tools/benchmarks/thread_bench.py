"""Where the game's Python runs, side by side in one run: on the page's
thread (PyScript, the default) or in a worker (``?python=worker``, issue 46).

    python -m tools.benchmarks.thread_bench [--runs 5] [--dist DIST]

Serves the built site (dist/, as ``python build.py`` left it) from the
Pages-like server and opens the game cold (a new browser context, nothing
cached), alternating the two ways, in one headless Chromium. For each visit
it measures, until the page is ready (``performance.mark("allfives-ready")``):
the longest task on the page's thread and the total blocking time (each long
task's time over 50 ms, summed, as Lighthouse counts it), both from a
``longtask`` PerformanceObserver; and the worst delay of a timer due every
16 ms on the page's thread, which is how long a tap could wait for an answer
at that moment. Prints medians and min-max, and the ratio worker / page.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # run as a script: sitebuild is beside tools/
    sys.path.insert(0, str(ROOT))

from sitebuild import testing  # noqa: E402
from sitebuild.files import DIST  # noqa: E402
from sitebuild.serve import serving  # noqa: E402

#: Installed before the page's scripts: long tasks and a timer's worst delay.
WATCH = """
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
}).observe({ type: "longtask", buffered: true });
window.__lag = 0;
let due = performance.now() + 16;
(function tick() {
  const now = performance.now();
  window.__lag = Math.max(window.__lag, now - due);
  due = now + 16;
  if (!document.body || document.body.dataset.ready !== "1") setTimeout(tick, 16);
})();
"""

READ = """() => {
  const ready = performance.getEntriesByName("allfives-ready")[0].startTime;
  const tasks = window.__longTasks.filter(([start]) => start < ready);
  const longest = Math.max(0, ...tasks.map(([, length]) => length));
  const blocking = tasks.reduce((sum, [, length]) => sum + Math.max(0, length - 50), 0);
  return [ready, longest, blocking, window.__lag, document.documentElement.dataset.python || ""];
}"""

WAYS = {"page": "index.html", "worker": "index.html?python=worker"}


def visit(browser: Any, url: str) -> list[float | str]:
    context = browser.new_context(service_workers="block", viewport={"width": 1280, "height": 800})
    context.add_init_script(WATCH)
    try:
        page = context.new_page()
        page.goto(url)
        page.locator("body[data-ready='1']").wait_for(state="attached", timeout=120_000)
        page.wait_for_timeout(100)
        return list(page.evaluate(READ))
    finally:
        context.close()


def summary(values: list[float]) -> str:
    return f"{statistics.median(values):,.0f} ms ({min(values):,.0f}-{max(values):,.0f})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--dist", type=Path, default=DIST)
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    executable = os.environ.get("ALLFIVES_CHROMIUM", "/usr/bin/chromium")
    results: dict[str, list[list[float | str]]] = {way: [] for way in WAYS}
    with serving(args.dist, like_pages=True) as url, sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=executable, args=list(testing.CHROMIUM_ARGS))
        for _ in range(args.runs):
            for way, path in WAYS.items():  # alternating, so load on the machine hits both alike
                results[way].append(visit(browser, f"{url}/{path}"))
        browser.close()
    print("| Python runs | ready | longest task on the page's thread | total blocking time | worst timer delay |")
    print("|---|---|---|---|---|")
    medians: dict[str, list[float]] = {}
    for way, rows in results.items():
        wrong = {str(row[4]) for row in rows} - {way}
        if wrong:
            print(f"{way}: the page said it ran Python in {', '.join(sorted(wrong))}")
            return 1
        columns = [[float(row[i]) for row in rows] for i in range(4)]
        medians[way] = [statistics.median(column) for column in columns]
        print(f"| {way} | " + " | ".join(summary(column) for column in columns) + " |")
    names = ("ready", "longest task", "blocking time", "timer delay")
    page, worker = medians["page"], medians["worker"]
    ratios = ", ".join(
        f"{name} {w / p:.2f}" if p else f"{name} -" for name, p, w in zip(names, page, worker, strict=True)
    )
    print(f"\nworker / page (medians, {args.runs} cold visits each, alternating): {ratios}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
