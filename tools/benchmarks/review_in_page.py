"""How long the coach's review of a hand takes in the page, and whether it
ever holds the main thread (issue 33's speed goal: 5 s or less for a 9-tile
two-player hand, no main-thread task over 200 ms).

    python build.py && python tools/benchmarks/review_in_page.py --hands 5 --seed 21

Each hand is dealt from the seed and played to its end on CPython (you and
the Beginner, both by the Beginner's rule), saved as the game saves it, and
opened in the built game (dist/, served on loopback, Chromium headless): the
page resumes at the hand's summary, Review is pressed, and the time to the
review's result is measured in the page, with every long task (the
``longtask`` PerformanceObserver: 50 ms or more) while it ran. Prints each
hand's figures, then the median and the longest; the machine is shared, so
quote it with the load it ran under.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "web")]

from allfives import Rules  # noqa: E402
from allfives.players import make_player  # noqa: E402
from allfives.view import view_of  # noqa: E402
from sitebuild.serve import serving  # noqa: E402
from sitebuild.testing import CHROMIUM_ARGS  # noqa: E402

from table.game import Game, GameSetup, SeatSetup  # noqa: E402

DIST = ROOT / "dist"
#: Installed before any script of the page: no introduction, the saved hand,
#: and every long task noted.
INIT = """
localStorage.setItem("allfives.intro-seen", "1");
localStorage.setItem("allfives.game", %s);
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
}).observe({ type: "longtask", buffered: true });
"""


def a_finished_hand(seed: int, number: int) -> str:
    """The save of a 9-tile hand against the Beginner, played to its end."""
    setup = GameSetup(Rules(), (SeatSetup("You"), SeatSetup("Computer", "beginner")), seed=seed * 1000 + number)
    game = Game(setup)
    game.start()
    players = [make_player("beginner", random.Random(f"review-in-page:{seed}:{number}:{s}")) for s in range(2)]
    while not game.match.needs_deal:
        seat = game.match.to_move
        assert seat is not None
        game.match.play(players[seat].choose(view_of(game.match, seat)).move)
    return game.save_text()


def measure(browser: object, url: str, saved: str) -> tuple[float, float, int]:
    """Seconds from Review to its result, the longest task meanwhile (ms), and the decisions shown."""
    import json

    from playwright.sync_api import Browser, expect

    assert isinstance(browser, Browser)
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.add_init_script(INIT % json.dumps(saved))
        page.goto(url)
        page.locator("body[data-ready='1']").wait_for(state="attached", timeout=120_000)
        review = page.get_by_role("dialog").get_by_role("button", name="Review")
        review.wait_for(timeout=60_000)
        started = float(page.evaluate("performance.now()"))
        review.click()
        back = page.get_by_role("button", name="Back to the summary")
        expect(back).to_be_visible(timeout=120_000)
        ended = float(page.evaluate("performance.now()"))
        tasks = page.evaluate("window.__longTasks")
        longest = max((d for s, d in tasks if s + d >= started and s <= ended), default=0.0)
        decisions = page.get_by_role("dialog").get_by_role("listitem").count()
        return (ended - started) / 1000, float(longest), decisions
    finally:
        context.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=5)
    parser.add_argument("--seed", type=int, default=21)
    args = parser.parse_args(argv)
    if not (DIST / "index.html").is_file():
        print("dist/ is not built: run python build.py first", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    executable = os.environ.get("ALLFIVES_CHROMIUM", "/usr/bin/chromium")
    times: list[float] = []
    longest: list[float] = []
    with serving(DIST) as url, sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS, headless=True)
        for number in range(args.hands):
            seconds, task, decisions = measure(browser, url, a_finished_hand(args.seed, number))
            times.append(seconds)
            longest.append(task)
            print(f"hand {number + 1}: {seconds:.2f} s, {decisions} decisions, longest task {task:.0f} ms", flush=True)
        browser.close()
    print(
        f"review in the page, {args.hands} hands (seed {args.seed}): median {statistics.median(times):.2f} s,"
        f" longest {max(times):.2f} s; longest main-thread task {max(longest):.0f} ms"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
