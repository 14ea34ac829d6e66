"""The page never freezes while the computer thinks: the Expert's search
runs in slices (``THINK_SLICE_MS`` in web/table/game.py) that give the page back
to the browser between them.

What a person feels is the longest stretch the main thread is held, so that
is what is checked: the browser's own long-task reports (every task over
50 ms, from a ``longtask`` PerformanceObserver), cut to the computer's
thinking. The page marks its thinking as a performance measure
(``allfives:thinking``, from before the search starts to its decision), so
the pause before each move, when the page waits and does nothing, and the
drawing of the move afterwards are not counted, and cannot hide a freeze.
"""

from __future__ import annotations

import statistics
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Page

from .player import Player

if TYPE_CHECKING:
    from .conftest import App

#: The measure web/game/main.py's ``think`` puts around the computer's thinking.
THINKING = "allfives:thinking"
#: A think this long was a real search (the Expert thinks 0.1-0.3 s when it
#: has a choice, less on a fast machine: it stops at its cap of sampled deals).
REAL_SEARCH_MS = 100
#: The most one task may hold the page in a typical think: a slice is 40 ms,
#: and measured here the longest task in a think was 25-100 ms.
HELD_BOUND_MS = 150
#: The most of a typical think one task may hold. A search run in one step
#: holds nearly all of every think (0.9 and more), whatever the machine's
#: speed; a sliced one holds one slice and a little of a think's setup.
HELD_SHARE_BOUND = 0.75

#: Every long task from now on: when it began and how long it took.
WATCH_LONG_TASKS = """() => {
    window.longTasks = [];
    window.longTaskObserver = new PerformanceObserver(list => {
        for (const entry of list.getEntries()) {
            window.longTasks.push({start: entry.startTime, duration: entry.duration});
        }
    });
    window.longTaskObserver.observe({type: "longtask"});
}"""

#: Each think: how long it lasted, and the longest time one task held the
#: main thread inside it (a long task cut to the think; 0 when none).
HELD_WHILE_THINKING = """async (name) => {
    // Long tasks are reported after they end: let the last ones in.
    await new Promise(resolve => setTimeout(resolve, 200));
    window.longTasks.push(...window.longTaskObserver.takeRecords()
        .map(entry => ({start: entry.startTime, duration: entry.duration})));
    return performance.getEntriesByName(name, "measure").map(think => {
        const start = think.startTime, end = think.startTime + think.duration;
        const held = window.longTasks.map(
            task => Math.min(end, task.start + task.duration) - Math.max(start, task.start));
        return {thinking: think.duration, held: Math.max(0, ...held)};
    });
}"""


@pytest.fixture
def player(app: App, page: Page) -> Player:
    app.open()
    app.wait_until_ready()
    return Player(page)


def test_no_long_task_while_the_expert_thinks(
    player: Player, page: Page, record_property: pytest.RecordProperty
) -> None:
    player.start_match(seed=21, seats=(("You", "Person"), ("Computer", "Expert")))
    player.set_computer_speed("Fast")
    page.evaluate(WATCH_LONG_TASKS)
    player.play_my_turns(5)
    thinks = page.evaluate(HELD_WHILE_THINKING, THINKING)
    figures = ", ".join(f"{t['held']:.0f} of {t['thinking']:.0f}" for t in thinks)
    print(f"\nlongest task in each think (ms): {figures}")
    record_property("longest_task_in_each_think_ms", figures)
    searches = [t for t in thinks if t["thinking"] >= REAL_SEARCH_MS]
    assert len(searches) >= 3, f"the Expert searched too little to tell: {figures}"
    # The median, not the longest: on a shared 2-core machine a sliced think
    # is now and then held longer (up to 174 ms measured, under a load of 10).
    # A search run in one step holds the page through every real think.
    held = statistics.median(t["held"] for t in searches)
    share = statistics.median(t["held"] / t["thinking"] for t in searches)
    assert held < HELD_BOUND_MS, f"the page froze while the Expert thought: {figures}"
    assert share < HELD_SHARE_BOUND, f"one task held most of each think: {figures}"
