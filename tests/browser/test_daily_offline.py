"""The daily deal offline (issue 34): once the game has installed itself,
with the network gone, Menu, Daily deal deals the day's hand on a fixed
clock, it plays to its end, and the Expert's play of the player's tiles is
worked out and shown, all on the device."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .player import Player
from .test_daily import NOON, TITLE, TODAY, golden, play_to_the_end, see_the_result
from .test_offline import OwnSite, own_site, reopened_offline, worker_state

__all__ = ["own_site"]  # the fixture, served a copy of dist/ it can stop


def test_the_daily_is_dealt_played_and_scored_against_the_expert_offline(sw_page: Page, own_site: OwnSite) -> None:
    sw_page.clock.set_fixed_time(NOON)
    reopened_offline(sw_page, own_site)
    assert worker_state(sw_page)["controlled"], "the cache answers: the server is gone"

    player = Player(sw_page)
    sw_page.get_by_role("button", name="Menu").click()
    player.dialog("Menu").get_by_role("button", name="Daily deal").click()
    expect(player.scores).to_contain_text("Daily deal of 6 December 2026")
    play_to_the_end(player)
    said, shared = see_the_result(player)
    you, expert, margin = (int(part) for part in said.groups())
    assert expert == golden(TODAY)["expert_score"]  # the command line's, worked out offline
    assert margin == you - expert
    assert shared[0] == f"All Fives, daily deal of 6 December 2026: {margin:+d} against the Expert"
    expect(player.dialog(TITLE)).to_contain_text("Daily deals in a row: 1")
