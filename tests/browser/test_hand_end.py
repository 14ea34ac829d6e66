"""The end of a hand, as a person at the table sees it: the last tile lands,
the score cards count, every hand left is turned face up, and only then does
the summary open, with the figures the cards show; a reload on the summary
shows it again rather than dealing the next hand.

Seed 7 with three tiles each against Easy: the computer leads 6-1, you play
6-5, 2-1 and 6-2 (each fits one end only) and go out after three moves; the computer is left with
6-0 and 4-2, whose 12 pips (rounded to 10) come off its score (5 becomes -5)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import Page, expect

from .conftest import DESKTOP, PHONE, ZOOMED, App
from .player import HAND_OVER, MATCH_OVER, Player
from .test_phone import phone

if TYPE_CHECKING:
    from .conftest import Screenshot, Site

__all__ = ["phone"]  # the touch phone's fixture, from test_phone.py

SEED = 7
TILES_EACH = 3

#: Watches the page and notes, in the order they happen, when the hands left
#: are turned face up and when the summary opens; and what the table showed
#: at the moment the summary opened: the hands, the score cards (and whether
#: they were still counting), the tiles on the board, what still moved.
WATCH = """() => {
  window.seen = {order: [], atSummary: null};
  const dialog = document.getElementById("dialog");
  // A hand shown on a player's card (the summary draws them too, but later):
  // a card's tiles turned up, whether drawn anew or morphed in place.
  const shown = () => document.querySelector('[aria-label="Other players"] [aria-label*=" holds "]') !== null;
  new MutationObserver((records) => {
    for (const record of records) {
      if (shown() && !window.seen.order.includes("hands shown")) {
        window.seen.order.push("hands shown");
      }
      if (record.target === dialog && record.attributeName === "open" && dialog.open
          && !window.seen.order.includes("summary")) {
        window.seen.order.push("summary");
        const scores = document.querySelector('[aria-label="Scores"]');
        window.seen.atSummary = {
          hands: [...document.querySelectorAll('[aria-label="Other players"] .backs')]
            .map((node) => node.getAttribute("aria-label")),
          cards: [...scores.querySelectorAll(".score-value")].map((node) => node.textContent),
          counting: scores.querySelectorAll(".counting").length,
          board: [...document.querySelectorAll("#board .tile")].map((node) => node.dataset.tile),
          moving: document.getAnimations().filter((a) => a.playState === "running").length,
        };
      }
    }
  }).observe(document.body, {subtree: true, childList: true, attributes: true, attributeFilter: ["open", "aria-label"]});
}"""


@pytest.fixture
def player(app: App, page: Page) -> Player:
    app.open()
    app.wait_until_ready()
    return Player(page)


def play_the_hand_out(player: Player, on_hands_shown: Callable[[], None] | None = None) -> list[str]:
    """Seed 7, three tiles each: play until the summary opens; return the
    log lines of the tiles played. ``on_hands_shown`` is called when the
    hands left are turned up, if the summary is not open yet."""
    form = player.fill_in_new_match(seed=SEED)
    form.get_by_role("spinbutton", name="Tiles each").fill(str(TILES_EACH))
    player.start(form)
    player.page.evaluate(WATCH)
    shown = player.opponents.get_by_role("img", name=re.compile(" holds "))
    played = []
    while True:
        player.wait_for_turn()
        if player.hand_is_over():
            return played
        played.append(player.play_a_tile())
        expect(player.playable_tiles.or_(player.page.get_by_role("dialog")).or_(shown).first).to_be_visible()
        if on_hands_shown is not None and shown.count() and not player.hand_is_over():
            on_hands_shown()


def summary_figures(player: Player) -> list[str]:
    """Each side's line under the summary's "The scores": its name, what the
    hand's end did to its score, and its score now."""
    scores = player.dialog(HAND_OVER).get_by_role("list", name="The scores").get_by_role("listitem")
    return [" ".join(text.split()) for text in scores.all_inner_texts()]


#: What seed 7's hand ends with: you went out; the computer's 12 pips, rounded to 10, come off its 5.
FIGURES = ["You nothing for the tiles left 0", "Computer -10 for the tiles left -5"]


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE, ZOOMED], ids=["desktop", "phone", "zoom-200"])
def test_the_hand_ends_on_the_table_before_its_summary_which_a_reload_keeps(
    app: App, player: Player, page: Page, screenshot: Screenshot, request: pytest.FixtureRequest
) -> None:
    name = request.node.callspec.id
    # A picture of the finished table before the summary opens over it (the
    # checks of that order are below, not on this picture's timing).
    played = play_the_hand_out(player, lambda: screenshot(page, f"{name}-hand-end-table"))
    seen: dict[str, Any] = page.evaluate("window.seen")
    summary = player.dialog(HAND_OVER)
    expect(summary).to_be_visible()

    # The hands left were face up on the table before the summary opened, and
    # nothing was still moving or counting when it did.
    assert seen["order"] == ["hands shown", "summary"]
    at_summary = seen["atSummary"]
    assert at_summary["hands"] == ["Computer holds six-blank, four-two"]
    assert at_summary["counting"] == 0
    assert at_summary["moving"] == 0
    assert len(at_summary["board"]) == len(
        [line for line in player.log.all_inner_texts() if " the ends count " in line]
    )
    assert len(played) == 3
    assert all(line.startswith("You: ") for line in played)

    # The summary says what the cards say, in a player's words: no table of
    # "Player / Pips left / Rounded" or "Side / Change / Score".
    figures = summary_figures(player)
    assert figures == FIGURES
    assert at_summary["cards"] == ["0", "-5"]
    expect(summary).to_contain_text("You went out.")
    expect(summary.get_by_role("table")).to_have_count(0)
    # Each player's tiles left, drawn as tiles large enough to count, and what they counted.
    left = summary.get_by_role("list", name="What each player had left").get_by_role("listitem")
    expect(left).to_have_count(2)
    expect(left.filter(has_text="You")).to_contain_text("No tiles left")
    computer = left.filter(has_text="Computer")
    expect(computer).to_contain_text("12 pips, counted as 10")
    drawn = computer.get_by_role("img", name="Computer holds six-blank, four-two")
    expect(drawn).to_be_visible()
    tiles = drawn.locator("svg")
    expect(tiles).to_have_count(2)
    for box in (tiles.nth(i).bounding_box() for i in range(2)):
        assert box is not None
        assert box["width"] >= 30, f"a tile left is drawn large: {box}"
    expect(drawn.locator(".pip")).to_have_count(6 + 0 + 4 + 2)
    # Behind it: the finished board, the computer's tiles face up with their count.
    expect(player.opponents.get_by_role("img", name="Computer holds six-blank, four-two")).to_be_attached()
    expect(player.opponents).to_contain_text("12 pips left")
    expect(player.prompt).to_have_text("You went out. Left in your hand: 0 pips.")
    expect(page.get_by_role("status")).to_have_text("Hand 1 is over")
    summary.get_by_role("button", name="Next hand").focus()
    screenshot(page, f"{name}-hand-end-summary")

    # A reload on the summary shows the same summary, not the next deal.
    board = player.tiles_on_board()
    page.reload(wait_until="domcontentloaded")
    app.wait_until_ready()
    expect(player.dialog(HAND_OVER)).to_be_visible()
    assert summary_figures(player) == figures
    assert player.tiles_on_board() == board
    assert player.score_values() == [0, -5]
    expect(player.opponents.get_by_role("img", name="Computer holds six-blank, four-two")).to_be_attached()
    expect(player.log.filter(has_text=re.compile(r"^Hand 2:"))).to_have_count(0)

    # Closed, the finished table stays in view until the next hand is dealt.
    player.next_hand()
    expect(player.log.filter(has_text=re.compile(r"^Hand 2:"))).to_have_count(1)
    expect(player.opponents.get_by_role("img", name=re.compile(" holds "))).to_have_count(0)


def test_under_reduced_motion_the_hand_ends_at_once_in_the_same_order(app: App, page: Page) -> None:
    page.emulate_media(reduced_motion="reduce")
    app.open()
    app.wait_until_ready()
    player = Player(page)
    play_the_hand_out(player)
    seen: dict[str, Any] = page.evaluate("window.seen")
    assert seen["order"] == ["hands shown", "summary"]
    assert seen["atSummary"]["cards"] == ["0", "-5"]
    assert seen["atSummary"]["counting"] == 0
    assert summary_figures(player) == FIGURES


def test_once_the_match_is_over_hint_and_undo_are_off_and_say_why_even_after_a_reload(
    app: App, player: Player, page: Page
) -> None:
    """A won match stands: Undo would reopen it after it is counted in the
    statistics, and Hint has no move to hint at. Both are off, and their
    description says why; a reload on the finished match keeps them off."""
    form = player.fill_in_new_match(seed=SEED, target=5)
    form.get_by_role("spinbutton", name="Tiles each").fill(str(TILES_EACH))
    player.start(form)
    while True:
        player.wait_for_turn()
        if player.match_is_over():
            break
        if player.hand_is_over():
            player.next_hand()
            continue
        player.play_a_tile()
    hint = page.get_by_role("button", name="Hint")
    undo = page.get_by_role("button", name="Undo")

    def both_off() -> None:
        expect(hint).to_be_disabled()
        expect(hint).to_have_accessible_description("No hint: the match is over.")
        expect(undo).to_be_disabled()
        expect(undo).to_have_accessible_description("The match is over: its result stands.")

    player.dialog(MATCH_OVER).get_by_role("button", name="Close").click()
    both_off()
    lines = player.log.count()
    page.keyboard.press("u")
    # R reads the position aloud: once it is said, the U before it was handled.
    page.keyboard.press("r")
    expect(page.locator("#announce")).to_contain_text("Scores:")
    expect(player.log).to_have_count(lines)

    page.reload(wait_until="domcontentloaded")
    app.wait_until_ready()
    player.dialog(MATCH_OVER).get_by_role("button", name="Close").click()
    both_off()
    # Counted once, the reload notwithstanding: the statistics are on the History screen.
    page.get_by_role("button", name="Menu").click()
    player.dialog("Menu").get_by_role("button", name="History").click()
    statistics = player.dialog("History").get_by_role("row", name=re.compile("^Easy"))
    expect(statistics.get_by_role("cell").nth(1)).to_have_text("1")


def look_then_go_on(app: App, player: Player, page: Page, screenshot: Screenshot, name: str) -> None:
    """Look at the table closes the summary and deals nothing; Next hand under the table goes on."""
    play_the_hand_out(player)
    summary = player.dialog(HAND_OVER)
    next_hand = page.get_by_role("button", name="Next hand")
    summary.get_by_role("button", name="Look at the table").click()
    expect(summary).to_be_hidden()
    # The finished table, as it ended: nothing dealt, the hands left face up.
    expect(player.opponents.get_by_role("img", name="Computer holds six-blank, four-two")).to_be_visible()
    expect(player.log.filter(has_text=re.compile(r"^Hand 2:"))).to_have_count(0)
    expect(next_hand).to_be_visible()
    expect(next_hand).to_be_focused()
    expect(next_hand).to_be_in_viewport()
    player.wait_until_still()
    screenshot(page, f"{name}-hand-end-look")

    # Reloaded, the summary is back; Escape closes it the same way, and deals nothing.
    page.reload(wait_until="domcontentloaded")
    app.wait_until_ready()
    expect(summary).to_be_visible()
    page.keyboard.press("Escape")
    expect(summary).to_be_hidden()
    expect(next_hand).to_be_visible()
    expect(player.log.filter(has_text=re.compile(r"^Hand 2:"))).to_have_count(0)
    assert player.score_values() == [0, -5]

    next_hand.click()
    expect(player.log.filter(has_text=re.compile(r"^Hand 2:"))).to_have_count(1)
    expect(next_hand).to_be_hidden()
    expect(player.opponents.get_by_role("img", name=re.compile(" holds "))).to_have_count(0)
    player.wait_for_turn()


@pytest.mark.parametrize("viewport", [DESKTOP], ids=["desktop"])
def test_look_at_the_table_closes_the_summary_without_dealing_and_next_hand_goes_on(
    app: App, player: Player, page: Page, screenshot: Screenshot
) -> None:
    look_then_go_on(app, player, page, screenshot, "desktop")


def test_on_a_touch_phone_look_at_the_table_closes_the_summary_and_next_hand_goes_on(
    phone: Page, site: Site, screenshot: Screenshot
) -> None:
    look_then_go_on(App(page=phone, site=site), Player(phone), phone, screenshot, "phone")


def test_undo_at_the_start_of_the_next_hand_says_it_reopens_the_last_one(player: Player, page: Page) -> None:
    """Undo before any move of hand 2 takes back your last move, which was
    in hand 1: the header says that hand is in play again, the scores go
    back to what they were before that move, and the log is hand 1's."""
    play_the_hand_out(player)
    player.next_hand()
    expect(player.log.filter(has_text=re.compile(r"^Hand 2:"))).to_have_count(1)
    player.wait_for_turn()
    page.get_by_role("button", name="Undo").click()
    expect(page.get_by_role("status")).to_have_text(
        "Your last move was taken back: it was in hand 1, which is in play again."
    )
    expect(player.log.filter(has_text=re.compile(r"^Hand 2:"))).to_have_count(0)
    expect(player.log.filter(has_text=re.compile(r"^Hand 1:"))).to_have_count(1)
    # Seed 7 ended 0 to -5: the computer's 5 in play less 10 for its tiles
    # left. That end is taken back with the move that went out.
    assert player.score_values() == [0, 5]
