"""One game, one writer: the game open in two tabs of one browser.

The newest tab to open has the game; the other covers its table with "This
game continues in another tab" and a "Play here" button that brings the
newest game back to it. A move made in one tab is never lost to the other:
not after a reload in either tab, not after a New match, not with a tab
offline. The two tabs are two pages of one browser context, so they share
the site's storage as two tabs of one browser do.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Locator, Page, expect

from .player import Player

if TYPE_CHECKING:
    from .conftest import Screenshot, Site

ELSEWHERE = "This game continues in another tab"
#: A seeded match against Easy: the person leads, so a tile can be played at once.
SEED = 7
OTHER_SEED = 11


@dataclass(frozen=True)
class Tab:
    """One tab of the game, and the person looking at it."""

    page: Page
    site: Site

    @property
    def player(self) -> Player:
        return Player(self.page)

    @property
    def notice(self) -> Locator:
        return self.player.dialog(ELSEWHERE)

    def open(self) -> None:
        self.page.goto(self.site.url, wait_until="domcontentloaded")
        self.page.locator("body[data-ready='1']").wait_for(state="attached")

    def reload(self) -> None:
        self.page.reload(wait_until="domcontentloaded")
        self.page.locator("body[data-ready='1']").wait_for(state="attached")

    def moves(self) -> list[str]:
        """The move log as the player reads it."""
        return self.player.log.all_inner_texts()

    def play(self) -> str:
        """Play a tile and wait for the computer's reply; return the move's log line."""
        self.player.wait_for_turn()
        line = self.player.play_a_tile()
        self.player.wait_for_turn()
        return line

    def play_here(self) -> None:
        expect(self.notice).to_be_visible()
        self.notice.get_by_role("button", name="Play here").click()
        expect(self.notice).to_be_hidden()

    def shows(self, other: Tab) -> None:
        """This tab shows the same game as ``other``, move for move."""
        expect(self.player.log).to_have_text(other.moves())


@pytest.fixture
def first(page: Page, site: Site) -> Tab:
    """The first tab, with a seeded match begun and its first move played."""
    tab = Tab(page, site)
    tab.open()
    tab.player.set_computer_speed("Fast")
    tab.player.start_match(seed=SEED)
    tab.play()
    return tab


@pytest.fixture
def second(second_page: Page, site: Site) -> Tab:
    """A second tab of the same browser, not opened yet."""
    return Tab(second_page, site)


def test_a_second_tab_takes_the_game_over_and_play_here_brings_it_back(
    first: Tab, second: Tab, screenshot: Screenshot
) -> None:
    second.open()
    expect(first.notice).to_be_visible()
    screenshot(first.page, "tabs-game-continues-elsewhere")
    second.shows(first)  # it resumes the first tab's hand, its move included
    expect(second.notice).to_be_hidden()
    moved = second.play()
    assert moved in second.moves()

    first.play_here()
    first.shows(second)  # the second tab's move is there
    expect(second.notice).to_be_visible()
    first.play()
    second.play_here()
    second.shows(first)


def test_the_covered_tab_does_nothing_to_its_old_match(first: Tab, second: Tab) -> None:
    second.open()
    expect(first.notice).to_be_visible()
    before = first.moves()
    first.page.keyboard.press("Escape")  # the notice stays: it is not a dialog to dismiss
    first.page.keyboard.press("u")  # nor does Undo reach the old match through the keyboard
    expect(first.notice).to_be_visible()
    second.play()
    assert first.moves() == before
    second.reload()
    expect(second.player.log).not_to_have_count(0)
    assert second.moves()[: len(before)] == before
    assert len(second.moves()) > len(before), "the second tab's move is kept"


def test_a_reload_in_either_tab_keeps_the_newest_move(first: Tab, second: Tab) -> None:
    second.open()
    second.play()
    newest = second.moves()

    first.reload()  # the first tab again: it reads the second tab's move, and has the game
    expect(first.player.log).to_have_text(newest)
    expect(second.notice).to_be_visible()
    first.play()
    newest = first.moves()

    second.reload()
    expect(second.player.log).to_have_text(newest)
    expect(first.notice).to_be_visible()
    second.play()
    first.reload()
    first.shows(second)


def test_a_new_match_in_one_tab_is_never_overwritten_by_the_other_mid_hand(first: Tab, second: Tab) -> None:
    mid_hand = first.moves()
    second.open()
    expect(first.notice).to_be_visible()
    second.player.start_match(seed=OTHER_SEED)
    second.player.wait_for_turn()
    new_match = second.moves()
    assert new_match != mid_hand

    second.reload()  # what is saved is the new match, not the first tab's hand
    expect(second.player.log).to_have_text(new_match)
    first.play_here()  # the first tab asks for the game back: it gets the new match
    first.shows(second)
    first.play()
    second.play_here()
    second.shows(first)


def test_a_tab_offline_hands_the_game_over_and_back_the_same(first: Tab, second: Tab) -> None:
    network = first.page.context.new_cdp_session(first.page)
    network.send("Network.enable")
    network.send(
        "Network.emulateNetworkConditions",
        {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1},
    )
    assert first.page.evaluate("navigator.onLine") is False
    second.open()
    expect(first.notice).to_be_visible()
    second.play()

    first.play_here()  # offline, the first tab still reads the second tab's move
    first.shows(second)
    expect(second.notice).to_be_visible()
    first.play()
    second.play_here()
    second.shows(first)
    assert first.page.evaluate("navigator.onLine") is False
