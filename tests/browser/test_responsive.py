"""The page never freezes while the computer thinks: the Expert's search
runs in slices that give the page back to the browser, which keeps
painting. The longest main-thread task is recorded as a figure (a
benchmark, not an assertion: the machines are shared and noisy)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Page

from .player import Player

if TYPE_CHECKING:
    from .conftest import App

WATCH = """() => {
    window.__watch = {longest: 0, tasks: [], frames: 0, thinking: false, framesWhileThinking: 0};
    new PerformanceObserver(list => {
        for (const entry of list.getEntries()) {
            window.__watch.tasks.push(entry.duration);
            window.__watch.longest = Math.max(window.__watch.longest, entry.duration);
        }
    }).observe({type: "longtask"});
    const tick = () => {
        window.__watch.frames++;
        if (document.querySelector(".opponent-state")?.textContent.includes("thinking")) window.__watch.framesWhileThinking++;
        requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
}"""


@pytest.fixture
def player(app: App, page: Page) -> Player:
    app.open()
    app.wait_until_ready()
    return Player(page)


def test_the_page_keeps_painting_while_the_expert_thinks(
    player: Player, page: Page, record_property: pytest.RecordProperty
) -> None:
    player.start_match(seed=21, seats=(("You", "Person"), ("Computer", "Expert")))
    player.set_computer_speed("Fast")
    page.evaluate(WATCH)
    player.play_my_turns(4)
    watch = page.evaluate("window.__watch")
    record_property("longest_task_ms", round(watch["longest"]))
    print(
        f"longest main-thread task during 4 Expert turns: {watch['longest']:.0f} ms; long tasks: {len(watch['tasks'])}"
    )
    # While the Expert searched (about 0.3 s of thinking a move), the browser
    # kept drawing frames: the search gave the main thread back many times.
    assert watch["framesWhileThinking"] >= 8
