"""What a reader's visit to the rules tutorial costs: the runtime fetches and
the main-thread long tasks over loading rules.html, scrolling through it and
25 s of reading, then stepping every replay once.

    python -m tools.benchmarks.rules_bench [--page rules.html] [--runs 1]

Serves dist/ (build it first), opens the page in headless Chromium (the
system's /usr/bin/chromium when there is one) in a fresh context, with the
service worker blocked (a first visit: no memory snapshot), and prints the
number of pyodide.asm.wasm fetches, the longest main-thread task (a
``longtask`` PerformanceObserver) and the sum of the long tasks.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from sitebuild.files import DIST  # noqa: E402
from sitebuild.serve import make_server, server_url  # noqa: E402

OBSERVE = """
window.longTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.longTasks.push(entry.duration);
}).observe({ type: "longtask", buffered: true });
"""


def visit(url: str, executable: str | None) -> dict[str, float]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=executable, args=["--no-sandbox", "--disable-gpu"])
        context = browser.new_context(viewport={"width": 1280, "height": 800}, service_workers="block")
        context.add_init_script(OBSERVE)
        fetched: list[str] = []
        context.on("request", lambda request: fetched.append(request.url))
        page = context.new_page()
        page.goto(url)
        page.wait_for_load_state("load")
        for figure in page.locator("figure.tutorial").all():
            figure.scroll_into_view_if_needed()
            page.mouse.wheel(0, 300)
            page.wait_for_timeout(400)
        page.wait_for_timeout(25_000)
        reading: list[float] = page.evaluate("window.longTasks")
        for figure in page.locator("figure.tutorial .embed").all():
            figure.locator("xpath=self::*[@data-live='1']").wait_for(state="attached", timeout=120_000)
            figure.scroll_into_view_if_needed()
            step = figure.get_by_role("button", name="Next")
            (step if step.is_enabled() else figure.get_by_role("button", name="Back")).click()
        page.wait_for_timeout(1000)
        stepping: list[float] = page.evaluate("window.longTasks")[len(reading) :]
        browser.close()
    runtimes = [u for u in fetched if u.split("?")[0].endswith("/pyodide.asm.wasm")]
    return {
        "runtime fetches": len(runtimes),
        "longest task, reading (ms)": max(reading, default=0),
        "long tasks in all, reading (ms)": sum(reading),
        "long tasks over 1 s, reading": sum(1 for d in reading if d > 1000),
        "longest task, stepping every replay (ms)": max(stepping, default=0),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--page", default="rules.html")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--dist", type=Path, default=DIST, help="the built site to serve (default: dist/)")
    args = parser.parse_args()
    server = make_server(args.dist, port=0, verbose=False)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    executable = "/usr/bin/chromium" if shutil.which("/usr/bin/chromium") else None
    try:
        for run in range(1, args.runs + 1):
            figures = visit(server_url(server) + args.page, executable)
            print(f"run {run}: " + ", ".join(f"{k} {v:.0f}" for k, v in figures.items()))
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
