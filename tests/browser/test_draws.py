"""Draws, the header and New match, as a person at the table sees them: a
seat that cannot play draws its tiles one at a time under a line saying so;
the header says whose turn it is, and a passing message ("The link is
copied.") gives way at the next move; New match in the middle of a match
says, just above Start, that Start ends it (and never before anyone has
moved), and Cancel leaves the match as it was.

Seed 24 with three tiles each against Easy: the computer leads 6-4, you
play 6-0, it plays 5-4, you play 4-0; it cannot play and draws two tiles
(then plays 5-0), and you cannot play and draw two; later you draw three."""

from __future__ import annotations

import itertools
import re
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import Page, expect

from .player import Player

if TYPE_CHECKING:
    from .conftest import App, Site

SEED = 24
TILES_EACH = 3

#: Notes, in the order they happen, every line the header shows, how many
#: tiles the hand on screen holds and what the computer's card says it holds (the line a screen reader reads).
WATCH = """() => {
  window.seen = [];
  const note = (kind, value) => {
    const last = window.seen.filter((entry) => entry[0] === kind).pop();
    if (!last || last[1] !== value) window.seen.push([kind, value]);
  };
  new MutationObserver(() => {
    note("status", document.querySelector('[role="status"]').textContent);
    note("hand", document.querySelectorAll('[aria-label="Your hand"][role="group"] button').length);
    const card = document.querySelector('[aria-label="Other players"] .opponent .visually-hidden');
    if (card) note("computer", card.textContent);
  }).observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
}"""


@pytest.fixture
def player(app: App, page: Page) -> Player:
    app.open()
    app.wait_until_ready()
    return Player(page)


def start_seed_24(player: Player) -> None:
    """A new match, asked for before anyone has moved: nothing to end, nothing said of it."""
    player.page.get_by_role("button", name="New match").click()
    expect(player.dialog("New match")).to_be_visible()
    expect(player.dialog("New match").get_by_text("ends the match in progress")).to_have_count(0)
    player.dialog("New match").get_by_role("button", name="Cancel").click()
    form = player.fill_in_new_match(seed=SEED)
    form.get_by_role("spinbutton", name="Tiles each").fill(str(TILES_EACH))
    player.start(form)


def table_state(player: Player) -> tuple[list[str], list[str], list[int], list[str]]:
    """Everything a player could see change: hand, board, scores, the log."""
    return player.tiles_in_hand(), player.tiles_on_board(), player.score_values(), player.log.all_inner_texts()


def rises(values: list[int]) -> list[int]:
    """How much each change of a count added (the falls left out)."""
    return [b - a for a, b in itertools.pairwise(values) if b > a]


def test_a_draw_lands_tile_by_tile_and_the_header_says_whose_turn_it_is(player: Player, page: Page, site: Site) -> None:
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site.url.rstrip("/"))
    start_seed_24(player)
    page.evaluate(WATCH)
    status = page.get_by_role("status")
    player.wait_for_turn()
    expect(status).to_have_text("Your turn")

    # A passing message gives way to whose turn it is at the next move.
    player.page.get_by_role("button", name="Menu").click()
    player.dialog("Menu").get_by_role("button", name="Copy a link to this deal").click()
    expect(status).to_have_text("The link is copied.")
    player.play_a_tile()
    # At the move itself, not when the message's own time (6 s) runs out.
    expect(status).not_to_have_text("The link is copied.", timeout=3_000)

    player.play_out_the_hand()

    seen: list[list[Any]] = page.evaluate("window.seen")
    said = [value for kind, value in seen if kind == "status"]
    hand = [value for kind, value in seen if kind == "hand"]
    counts = [re.search(r"(\d+) tiles? in hand", value) for kind, value in seen if kind == "computer"]
    computer = [int(found.group(1)) for found in counts if found is not None]

    # Each tile drawn arrives on its own, under a line that counts them.
    assert rises(hand) == [1, 1, 1, 1, 1], hand  # two tiles, then three, one at a time
    assert rises(computer) == [1, 1], computer
    for line in (
        "Computer cannot play: draws 1 tile",
        "Computer cannot play: draws 2 tiles",
        "You cannot play: you draw 1 tile",
        "You cannot play: you draw 2 tiles",
        "You cannot play: you draw 3 tiles",
    ):
        assert line in said, said
    assert said.index("You cannot play: you draw 1 tile") < said.index("You cannot play: you draw 2 tiles")
    # The header says whose turn it is, never a stale "Ready".
    assert "Computer to play" in said
    assert "Your turn" in said
    assert "Ready" not in said
    assert said[-1] == "Hand 1 is over"


#: What the New match form says, above Start, of a match in progress.
ENDS_THE_MATCH = re.compile(
    r"^Start ends the match in progress \(You \d+, Computer \d+\)\. Your History keeps it, to replay\.$"
)


def test_new_match_says_it_ends_a_match_only_when_one_is_in_progress_and_cancel_keeps_it(
    player: Player, page: Page
) -> None:
    # Before anyone has moved (start_seed_24 opened the form then): nothing to
    # say. With a move made, the form says what Start will do, beside Start.
    start_seed_24(player)
    player.play_my_turns(1)
    before = table_state(player)
    page.get_by_role("button", name="New match").click()
    form = player.dialog("New match")
    expect(form).to_be_visible()
    note = form.get_by_text(ENDS_THE_MATCH)
    expect(note).to_be_in_viewport(ratio=1)
    expect(form.get_by_role("button", name="Start")).to_have_accessible_description(ENDS_THE_MATCH)

    # Cancel keeps the match, and says nothing more.
    form.get_by_role("button", name="Cancel").click()
    expect(page.get_by_role("dialog")).to_have_count(0)
    assert table_state(player) == before

    # Escape keeps it too.
    page.get_by_role("button", name="New match").click()
    expect(note).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.get_by_role("dialog")).to_have_count(0)
    assert table_state(player) == before
    player.play_a_tile()  # and the match plays on

    # Start, once the form is filled in, ends it for the new one.
    player.wait_for_turn()
    lines = player.log.count()
    form = player.fill_in_new_match(seed=SEED)
    expect(form.get_by_text(ENDS_THE_MATCH)).to_be_visible()
    player.start(form)
    player.wait_for_turn()
    assert player.log.count() < lines, "the new match's log starts afresh"
