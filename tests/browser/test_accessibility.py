"""Accessibility: axe-core finds no serious or critical problem on the game,
its dialogs, the embeddable replay and the rules tutorial; and a whole hand
can be played by keyboard alone, followed through the live region."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from .conftest import ZOOMED
from .player import SEVERAL_ENDS, Player

if TYPE_CHECKING:
    from .conftest import App, Screenshot

SERIOUS = ("serious", "critical")


def serious_problems(page: Page, context: str | None = None) -> list[str]:
    """Each serious or critical axe-core violation, with where it is."""
    results = Axe().run(page, context=context)
    violations: list[dict[str, Any]] = results.response["violations"]
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:3]}"
        for v in violations
        if v.get("impact") in SERIOUS
    ]


@pytest.fixture
def ready(app: App, page: Page) -> Page:
    app.open()
    app.wait_until_ready()
    return page


def test_the_game_and_its_dialogs_pass_axe(ready: Page) -> None:
    page = ready
    assert serious_problems(page) == []
    page.get_by_role("button", name="New match").click()
    expect(page.get_by_role("dialog")).to_be_visible()
    assert serious_problems(page) == []
    page.get_by_role("button", name="Cancel").click()
    page.get_by_role("button", name="Menu").click()
    expect(page.get_by_role("dialog")).to_be_visible()
    assert serious_problems(page) == []
    page.get_by_role("button", name="Close").click()
    expect(page.get_by_role("dialog")).to_be_hidden()


def test_the_replay_and_the_tutorial_pass_axe(app: App, page: Page) -> None:
    app.open("rules.html")
    page.wait_for_load_state("load")
    assert serious_problems(page) == []
    app.open("embed.html?src=tutorial/spinner.json")
    # The controls are drawn, greyed, before the replay starts: axe reads the live replay.
    expect(page.get_by_role("button", name="Next")).to_be_enabled(timeout=120_000)
    assert serious_problems(page) == []


@pytest.mark.parametrize("language", ["de", "gl", "hu", "lb"])
def test_the_tutorial_in_each_language_passes_axe(app: App, page: Page, language: str) -> None:
    app.open(f"rules.{language}.html")
    page.wait_for_load_state("load")
    assert page.locator("html").get_attribute("lang") == language
    assert serious_problems(page) == []


#: Every line said in the live region from now on, in order.
HEARD = """() => {
    window.heard = [];
    new MutationObserver(changes => {
        for (const change of changes) {
            for (const node of change.addedNodes) window.heard.push(node.textContent);
        }
    }).observe(document.getElementById("announce"), {childList: true});
}"""


def test_a_whole_hand_by_keyboard_alone(ready: Page) -> None:
    """Tab to a playable tile (the game puts the focus in the hand when it is
    your turn), Enter to play it, Enter on the end when it fits several;
    every play is announced in the live region."""
    page = ready
    player = Player(page)
    page.evaluate(HEARD)
    # Lines logged before the listener (the computer may have led while the
    # page opened, on a busy machine) are not this test's to hear.
    logged_before = player.log.count()
    focused = page.locator(":focus")
    for _ in range(300):
        player.wait_for_turn()  # a tile to play, or the hand's summary
        if page.get_by_role("dialog").is_visible():
            break  # the hand is over: its summary takes the focus
        for _ in range(40):
            if focused.evaluate("node => node.classList.contains('playable')"):
                break
            page.keyboard.press("Tab")
        before = player.log.count()
        several = SEVERAL_ENDS.search(str(focused.get_attribute("aria-label")))
        page.keyboard.press("Enter")
        if several:  # its ends are lit, the focus on the first, as the page answers
            expect(focused).to_have_class("end-target")
            page.keyboard.press("Enter")
        expect(player.log).not_to_have_count(before)  # the play is made
    else:
        pytest.fail("the hand did not end")
    expect(page.get_by_role("dialog")).to_contain_text("is over")
    heard = page.evaluate("window.heard")
    plays = [line for line in player.log.all_inner_texts()[logged_before:] if "the ends count" in line]
    assert plays, "the hand had plays"
    assert [line for line in plays if line not in heard] == [], "every play in the log was announced"


def test_after_a_move_by_keyboard_the_focus_stays_in_the_hand(ready: Page) -> None:
    """The tile played (or the end chosen) leaves the page with the move:
    the focus waits on the hand, never on the page's body, and comes back
    to a playable tile at the player's next turn."""
    page = ready
    player = Player(page)
    for _ in range(2):
        player.wait_for_turn()
        tile = player.playable_tiles.first
        tile.focus()
        before = player.log.count()
        several = SEVERAL_ENDS.search(str(tile.get_attribute("aria-label")))
        page.keyboard.press("Enter")
        if several:  # its ends lit, the focus on the first, as the page answers
            expect(page.locator(":focus")).to_have_class("end-target")
            page.keyboard.press("Enter")
        expect(player.log).not_to_have_count(before)
        assert page.evaluate("document.activeElement.closest('#hand') !== null"), "the focus is in the hand"
        player.wait_for_turn()
        if player.page.get_by_role("dialog").is_visible():
            break
        expect(player.playable_tiles.first).to_be_focused()


@pytest.mark.parametrize("viewport", [ZOOMED], ids=["200% zoom"])
def test_at_200_percent_zoom_the_page_reflows_and_plays(app: App, page: Page, screenshot: Screenshot) -> None:
    app.open()
    app.wait_until_ready()
    player = Player(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= ZOOMED["width"], "no sideways scrolling"
    for name in ("Hint", "Undo", "New match", "Menu"):
        button = page.get_by_role("button", name=name)
        expect(button).to_be_visible()
        box = button.bounding_box()
        assert box is not None
        assert 0 <= box["x"] <= box["x"] + box["width"] <= ZOOMED["width"], f"{name} is cut off"
    player.wait_for_turn()
    player.play_a_tile()
    player.wait_for_turn()
    expect(player.board.get_by_role("img").first).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= ZOOMED["width"]
    screenshot(page, "zoom-200-percent")
