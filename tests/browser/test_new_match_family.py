"""The New match form offers All Fives' family, as a person sees it: a game
of the family is a preset, with a line saying where it is played; it fills
in the game's rules, a rule that contradicts them is refused in the player's
words (the form kept as it was), and Start begins that game."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Page, expect

from .player import Player

if TYPE_CHECKING:
    from .conftest import App

SEED = 7
#: Fives and Threes' line in the form.
PUB_GAME = re.compile(r"^The pub game of England, of its pub leagues and of the British National Dominoes Championship")
#: Winning at the end of a hand, refused with a target reached exactly.
REFUSED = (
    "These rules cannot be played: a target to be reached exactly ends the match the moment it is reached: "
    "it cannot wait for the end of a hand."
)


@pytest.fixture
def player(app: App, page: Page) -> Player:
    app.open()
    app.wait_until_ready()
    return Player(page)


def test_fives_and_threes_is_chosen_from_the_form_which_says_where_it_is_played(player: Player, page: Page) -> None:
    page.get_by_role("button", name="New match").click()
    form = player.dialog("New match")
    rules = form.get_by_role("combobox", name="Rules")
    expect(form.get_by_text(PUB_GAME)).to_have_count(0)
    rules.select_option(label="Fives and Threes")

    expect(form.get_by_text(PUB_GAME)).to_be_visible()
    expect(rules).to_have_accessible_description(PUB_GAME)
    expect(form.get_by_role("spinbutton", name="Tiles each")).to_have_value("7")
    expect(form.get_by_role("spinbutton", name="Points to win")).to_have_value("61")
    end_of_a_hand = form.get_by_role("combobox", name="End of a hand").locator("option:checked")
    expect(end_of_a_hand).to_have_text("One point for going out")

    # A rule the game cannot be played by is refused in words, and the form stays as it was.
    winning = form.get_by_role("combobox", name="Winning")
    winning.select_option(label="At the end of a hand")
    player.fill_in_deal_number(form, SEED)
    form.get_by_role("button", name="Start").click()
    expect(form.get_by_role("alert")).to_have_text(REFUSED)
    expect(rules).to_have_value("fives-and-threes")
    expect(form.get_by_role("spinbutton", name="Points to win")).to_have_value("61")

    winning.select_option(label="As soon as the target is reached")
    player.start(form)
    expect(player.scores).to_contain_text("of 61")
    player.play_my_turns(1)  # and the game plays on
