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

Each visit is a first visit, so the introduction is on screen from the first
paint; the bench taps its Next (a mouse click where the button is) as soon
as it shows, and times the tap (the event's own time stamp, when the
browser took it) to the first frame that shows step 2 (issue 46, item 2). A
tap that never brings step 2 before the page is ready and a second more is
"dropped". With ``--before DIR``, a build from before (its dist/) is
visited too, served the same way, taking turns with the others.

Then, for each way, matches against the Expert (deals ``--seed`` on, one a
run): the person plays a tile, and while the Expert thinks ("thinking…" on
its card) Menu is tapped; the tap is timed to the Menu on screen. (A tap
that cannot be timed, the Expert never seen thinking in eight moves, is
"dropped".)
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
from contextlib import ExitStack
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
window.__tap = null;
window.__step2 = null;
document.addEventListener("pointerdown", (event) => {
  if (window.__tap === null) window.__tap = event.timeStamp;
}, true);
new MutationObserver(() => {
  const dialog = document.getElementById("dialog");
  if (window.__step2 !== null || !dialog || !/Step 2 of 4/i.test(dialog.innerText)) return;
  window.__step2 = -1;
  requestAnimationFrame(() => { window.__step2 = performance.now(); });
}).observe(document, { subtree: true, childList: true, characterData: true });
"""

READ = """() => {
  const ready = performance.getEntriesByName("allfives-ready")[0].startTime;
  const tasks = window.__longTasks.filter(([start]) => start < ready);
  const longest = Math.max(0, ...tasks.map(([, length]) => length));
  const blocking = tasks.reduce((sum, [, length]) => sum + Math.max(0, length - 50), 0);
  const answered = window.__tap !== null && window.__step2 > 0 ? window.__step2 - window.__tap : -1;
  return [ready, longest, blocking, window.__lag, answered, document.documentElement.dataset.python || "page"];
}"""

WAYS = {"page": "index.html", "worker": "index.html?python=worker"}
#: Where the page says its Python ran, by way (a build from before says nothing: the page's thread).
RUNS_IN = {"page": "page", "worker": "worker", "before": "page"}
#: The columns read, after the way's name.
COLUMNS = ("ready", "longest task", "blocking time", "timer delay", "tap to step 2")


def visit(browser: Any, url: str) -> list[float | str]:
    context = browser.new_context(service_workers="block", viewport={"width": 1280, "height": 800})
    context.add_init_script(WATCH)
    try:
        page = context.new_page()
        page.goto(url, wait_until="commit")
        # The introduction's Next, tapped as soon as it shows, where it is (it may not answer yet).
        button = page.locator("#dialog-buttons button:visible").first
        button.wait_for(state="visible", timeout=120_000)
        box = button.bounding_box()
        if box is not None:
            page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.locator("body[data-ready='1']").wait_for(state="attached", timeout=120_000)
        page.wait_for_timeout(1000)
        return list(page.evaluate(READ))
    finally:
        context.close()


#: Installed before the page's scripts for the Expert's visits: a tap on Menu, timed to the Menu on screen.
WATCH_MENU = """
localStorage.setItem("allfives.intro-seen", "1");
window.__menuTap = null;
window.__menuShown = null;
document.addEventListener("pointerdown", (event) => {
  if (event.target.closest && event.target.closest("#menu")) window.__menuTap = event.timeStamp;
}, true);
new MutationObserver(() => {
  const dialog = document.getElementById("dialog");
  if (window.__menuTap === null || window.__menuShown !== null || !dialog || !dialog.open) return;
  if (!/^Menu$/.test(document.getElementById("dialog-title").textContent)) return;
  window.__menuShown = -1;
  requestAnimationFrame(() => { window.__menuShown = performance.now(); });
}).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["open"] });
"""


def menu_while_the_expert_thinks(browser: Any, url: str, seed: int) -> float:
    """A match against the Expert (deal ``seed``): the person plays, and while
    the Expert thinks, Menu is tapped. How long from the tap to the Menu on
    screen, in ms (-1: the Expert never seemed to think for long enough)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    context = browser.new_context(service_workers="block", viewport={"width": 1280, "height": 800})
    context.add_init_script(WATCH_MENU)
    try:
        page = context.new_page()
        page.goto(url)
        page.locator("body[data-ready='1']").wait_for(state="attached", timeout=120_000)
        page.get_by_role("button", name="New match").click()
        form = page.get_by_role("dialog", name="New match")
        form.get_by_role("combobox", name="Who plays seat 2").select_option(label="Expert")
        form.get_by_text("Advanced", exact=True).click()
        form.get_by_role("spinbutton", name="Deal number").fill(str(seed))
        form.get_by_role("button", name="Start").click()
        hand = page.get_by_role("group", name="Your hand")
        thinking = page.locator("#opponents").get_by_text("thinking…", exact=True)
        for _ in range(8):
            tile = hand.get_by_role("button", disabled=False).first
            if page.get_by_role("dialog").count():
                return -1.0  # the hand ended first (its summary is up)
            try:
                tile.wait_for(state="visible", timeout=60_000)
                several = re.search(r", fits \w+(, \w+)* and \w+", str(tile.get_attribute("aria-label")))
                tile.click(timeout=5_000)
                if several:  # the ends it fits are lit: the first
                    page.get_by_role("button", name=re.compile(r"^Play on the \w+ end")).first.click(timeout=5_000)
            except PlaywrightTimeout:  # the tile went out of play as it was reached for: look again
                continue
            try:
                thinking.wait_for(state="visible", timeout=3_000)
            except PlaywrightTimeout:  # the Expert answered before it was seen thinking: the next move
                continue
            page.locator("#menu").click()
            page.wait_for_function("window.__menuShown > 0", timeout=60_000)
            return float(page.evaluate("window.__menuShown - window.__menuTap"))
        return -1.0
    finally:
        context.close()


def summary(values: list[float]) -> str:
    dropped = sum(value < 0 for value in values)
    if dropped == len(values):
        return "dropped"
    kept = [value for value in values if value >= 0]
    said = f"{statistics.median(kept):,.0f} ms ({min(kept):,.0f}-{max(kept):,.0f})"
    return said + (f", {dropped} of {len(values)} dropped" if dropped else "")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--dist", type=Path, default=DIST)
    parser.add_argument("--before", type=Path, help="a build from before (its dist/), visited the same way")
    parser.add_argument("--seed", type=int, default=1000, help="the first deal of the Expert's matches")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    executable = os.environ.get("ALLFIVES_CHROMIUM", "/usr/bin/chromium")
    results: dict[str, list[list[float | str]]] = {way: [] for way in (*WAYS, *(["before"] if args.before else []))}
    menus: dict[str, list[float]] = {way: [] for way in results}
    with ExitStack() as stack:
        url = stack.enter_context(serving(args.dist, like_pages=True))
        urls = {way: f"{url}/{path}" for way, path in WAYS.items()}
        if args.before:
            urls["before"] = stack.enter_context(serving(args.before, like_pages=True)) + "/index.html"
        driver = stack.enter_context(sync_playwright())
        browser = driver.chromium.launch(executable_path=executable, args=list(testing.CHROMIUM_ARGS))
        for _ in range(args.runs):
            for way, address in urls.items():  # taking turns, so load on the machine hits each alike
                results[way].append(visit(browser, address))
        for run in range(args.runs):
            for way, address in urls.items():
                menus[way].append(menu_while_the_expert_thinks(browser, address, args.seed + run))
        browser.close()
    print(
        "| Python runs | ready | longest task on the page's thread | total blocking time | worst timer delay |"
        " a tap on Next at first paint, to step 2 on screen |"
    )
    print("|---|---|---|---|---|---|")
    medians: dict[str, list[float]] = {}
    for way, rows in results.items():
        wrong = {str(row[-1]) for row in rows} - {RUNS_IN[way]}
        if wrong:
            print(f"{way}: the page said it ran Python in {', '.join(sorted(wrong))}")
            return 1
        columns = [[float(row[i]) for row in rows] for i in range(len(COLUMNS))]
        medians[way] = [statistics.median(column) for column in columns[:4]]
        print(f"| {way} | " + " | ".join(summary(column) for column in columns) + " |")
    page, worker = medians["page"], medians["worker"]
    ratios = ", ".join(
        f"{name} {w / p:.2f}" if p else f"{name} -" for name, p, w in zip(COLUMNS, page, worker, strict=False)
    )
    print(f"\nworker / page (medians, {args.runs} cold visits each, taking turns): {ratios}")
    last = args.seed + args.runs - 1
    print(f"\nA tap on Menu while the Expert thinks, to the Menu on screen (deals {args.seed}-{last}, one tap each):")
    for way, values in menus.items():
        print(f"- {way}: {summary(values)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
