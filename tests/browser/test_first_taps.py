"""A newcomer's first taps are answered at once (issue 46, item 2): the
introduction works from the first paint, before Python has started
(web/js/first.js turns the steps the build drew), and when Python starts it
goes on from where the person is. A choice made before then is the match
that starts; a tap at the moment Python takes over is neither lost nor
counted twice. The same with Python on the page's thread and in a worker.

To see the page before Python, the runtime's files are held back (the
requests wait, unanswered) until the test lets them go."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from playwright.sync_api import Page, Route, expect

from .conftest import READY_TIMEOUT_MS, App
from .player import Player

#: The runtime's files, fetched by the page or by its worker.
RUNTIME = "**/vendor/pyodide/**"
#: Where Python runs: on the page's thread (the default) or in a worker.
WHERE = {"page": "", "worker": "?python=worker"}

pytestmark = [pytest.mark.first_visit, pytest.mark.parametrize("where", WHERE.keys())]


@contextmanager
def held_back(page: Page, files: str) -> Iterator[None]:
    """The requests for ``files`` (the page's or its worker's) wait,
    unanswered, until the block ends."""
    held: list[Route] = []

    def hold(route: Route) -> None:
        held.append(route)

    page.context.route(files, hold)
    yield
    page.context.unroute(files, hold)
    for route in held:
        route.fallback()


def python_held(page: Page) -> Any:
    """Python cannot start until the block ends."""
    return held_back(page, RUNTIME)


def started(page: Page) -> bool:
    return page.locator("body[data-ready]").count() > 0


def test_the_introduction_turns_its_steps_before_python_starts(app: App, where: str) -> None:
    page = app.page
    with python_held(page):
        app.open(WHERE[where])
        step = page.locator("#dialog")
        expect(step.get_by_text("Step 1 of 4")).to_be_visible()
        step.get_by_role("button", name="Next").click()
        expect(step.get_by_text("Step 2 of 4")).to_be_visible()
        expect(step.get_by_role("heading", name="Score in fives")).to_be_visible()
        expect(step.get_by_role("button", name="Next")).to_be_focused()  # Enter goes on, as Next says
        step.get_by_role("button", name="Back").click()
        expect(step.get_by_text("Step 1 of 4")).to_be_visible()
        page.keyboard.press("Enter")
        page.keyboard.press("Enter")
        expect(step.get_by_text("Step 3 of 4")).to_be_visible()
        assert not started(page), "Python started while its runtime was held"
    app.wait_until_ready(READY_TIMEOUT_MS)
    # Python goes on from there: the same step, as its own dialog.
    live = Player(page).dialog("Win the match")
    expect(live.get_by_text("Step 3 of 4")).to_be_visible()
    live.get_by_role("button", name="Next").click()
    choice = Player(page).dialog("Choose your opponent")
    expect(choice.get_by_role("radio", name="Medium")).to_be_checked()


def test_a_tap_before_the_introduction_can_answer_is_kept_and_answered(app: App, where: str) -> None:
    """Between the first paint and the moment the introduction's script has
    run, a tap is kept (loading.js) and answered as soon as it can be."""
    page = app.page
    with held_back(page, "**/first.js"):
        page.goto(app.site.url + WHERE[where], wait_until="commit")  # its module scripts wait on first.js
        step = page.locator("#dialog")
        step.get_by_role("button", name="Next").click()
        expect(step.get_by_text("Step 1 of 4")).to_be_visible()  # nothing can answer it yet
    expect(step.get_by_text("Step 2 of 4")).to_be_visible()
    app.wait_until_ready(READY_TIMEOUT_MS)
    expect(Player(page).dialog("Score in fives").get_by_text("Step 2 of 4")).to_be_visible()


def test_an_opponent_chosen_before_python_starts_is_the_match_that_starts(app: App, where: str) -> None:
    page = app.page
    with python_held(page):
        app.open(WHERE[where])
        step = page.locator("#dialog")
        for _ in range(3):
            step.get_by_role("button", name="Next").click()
        expect(step.get_by_text("Step 4 of 4")).to_be_visible()
        step.get_by_role("radio", name="Hard").check()
        step.get_by_role("button", name="Play").click()
        expect(step).to_be_hidden()
        expect(page.get_by_role("status")).to_have_text("Loading the game…")
        assert not started(page)
    app.wait_until_ready(READY_TIMEOUT_MS)
    player = Player(page)
    expect(player.opponents).to_contain_text("Hard")
    expect(player.hand_tiles.first).to_be_visible()
    expect(page.get_by_role("dialog")).to_have_count(0)
    # Seen: a reload goes straight to the match.
    page.reload()
    app.wait_until_ready(READY_TIMEOUT_MS)
    expect(player.opponents).to_contain_text("Hard")
    expect(page.get_by_role("dialog")).to_have_count(0)


def test_skip_before_python_starts_plays_the_medium_computer(app: App, where: str) -> None:
    page = app.page
    with python_held(page):
        app.open(WHERE[where])
        expect(page.locator("#dialog").get_by_text("Step 1 of 4")).to_be_visible()
        page.keyboard.press("Escape")
        expect(page.locator("#dialog")).to_be_hidden()
    app.wait_until_ready(READY_TIMEOUT_MS)
    player = Player(page)
    expect(player.opponents).to_contain_text("Medium")
    player.wait_for_turn()
    expect(page.get_by_role("dialog")).to_have_count(0)


def test_a_tap_as_python_takes_over_is_answered_once(app: App, where: str) -> None:
    """Tapped the moment the game is ready, while the introduction passes
    from the first screen to Python: one step on, neither lost nor doubled."""
    page = app.page
    app.open(WHERE[where])
    page.locator("body[data-ready]").wait_for(state="attached", timeout=READY_TIMEOUT_MS)
    page.locator("#dialog-buttons button:visible").first.click()
    live = Player(page).dialog("Score in fives")
    expect(live.get_by_text("Step 2 of 4")).to_be_visible()
    page.wait_for_timeout(300)  # a doubled tap would have moved it on by now
    expect(live.get_by_text("Step 2 of 4")).to_be_visible()


#: A person's tap on Next in the instant the first screen hands the
#: introduction over to Python (between handOver and Python's drawing of it).
TAP_DURING_HAND_OVER = """
Object.defineProperty(globalThis, "allfivesFirst", {
  configurable: true,
  get() { return this.__first; },
  set(first) {
    this.__first = Object.freeze({ ...first, handOver() {
      const handed = first.handOver();
      const next = [...document.querySelectorAll("#dialog-buttons button")]
        .find((button) => button.value === "next" && button.getClientRects().length);
      window.__tapped = Boolean(next);
      if (next) next.click();
      return handed;
    } });
  },
});
"""


def test_a_tap_during_the_hand_over_is_held_for_python_and_answered_once(app: App, where: str) -> None:
    page = app.page
    page.add_init_script(TAP_DURING_HAND_OVER)
    app.open(WHERE[where])
    app.wait_until_ready(READY_TIMEOUT_MS)
    live = Player(page).dialog("Score in fives")
    expect(live.get_by_text("Step 2 of 4")).to_be_visible()
    assert page.evaluate("window.__tapped") is True, "the tap was made during the hand-over"
    page.wait_for_timeout(300)  # a doubled tap would have moved it on by now
    expect(live.get_by_text("Step 2 of 4")).to_be_visible()


def test_how_to_play_answers_before_python_starts_and_python_goes_on_from_there(app: App, where: str) -> None:
    """A return visit (the introduction seen): "How to play" opens it before
    Python starts, its last step listing the levels as it does once a match
    is on; Python then shows the step the person reached."""
    page = app.page
    page.add_init_script('localStorage.setItem("allfives.intro-seen", "1")')
    with python_held(page):
        app.open(WHERE[where])
        page.get_by_role("button", name="How to play").click()
        step = page.locator("#dialog")
        expect(step.get_by_text("Step 1 of 4")).to_be_visible()
        for _ in range(3):
            step.get_by_role("button", name="Next").click()
        expect(step.get_by_text("New match chooses whom you play:")).to_be_visible()
        expect(step.get_by_role("radio")).to_have_count(0)
        step.get_by_role("button", name="Back").click()
        expect(step.get_by_text("Step 3 of 4")).to_be_visible()
        assert not started(page)
    app.wait_until_ready(READY_TIMEOUT_MS)
    live = Player(page).dialog("Win the match")
    expect(live.get_by_text("Step 3 of 4")).to_be_visible()
    live.get_by_role("button", name="Next").click()
    last = Player(page).dialog("Choose your opponent")
    expect(last.get_by_text("New match chooses whom you play:")).to_be_visible()
    last.get_by_role("button", name="Let's play").click()
    expect(page.get_by_role("dialog")).to_have_count(0)
    Player(page).wait_for_turn()
