"""The replay checks a record's seeds (issue 34): each deal and draw is
dealt again from its seed by the engine, in the page, and one quiet line
under the replay says so; a deal changed after it was dealt is named by its
hand and marked, and the record still plays; a record without seeds says
nothing."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from helpers import changed, seeded_record
from playwright.sync_api import Page, expect

from .test_embed import COUNTING, open_embed

if TYPE_CHECKING:
    from .conftest import Screenshot, Site

POSITION = re.compile(r"^Move (\d+) of (\d+)$")


def test_a_record_whose_deals_follow_from_their_seeds_says_so_under_the_replay(page: Page, site: Site) -> None:
    open_embed(page, site, record=seeded_record())
    expect(page.locator("#seeds")).to_have_text("Every deal follows from its seed.")
    expect(page.locator("#seeds")).not_to_have_class(re.compile("seeds-failed"))


def test_a_changed_deal_is_named_and_marked_and_the_record_still_plays(
    page: Page, site: Site, screenshot: Screenshot
) -> None:
    open_embed(page, site, record=changed(seeded_record(), 2))
    said = page.locator("#seeds")
    expect(said).to_have_text("Hand 2's deal does not follow from its seed: it was changed after it was dealt.")
    expect(said).to_have_class(re.compile("seeds-failed"))
    page.get_by_role("button", name="Next").click()
    expect(page.locator("#position")).to_have_text(re.compile(r"^Hand 1, move 1 of \d+$"))
    screenshot(page, "replay-seed-changed")


def test_a_record_without_seeds_says_nothing_of_them(page: Page, site: Site) -> None:
    open_embed(page, site, record=COUNTING)
    expect(page.locator("#position")).to_have_text(re.compile("Hand 1: the deal"))
    expect(page.locator("#seeds")).to_be_hidden()
    expect(page.locator("#seeds")).to_have_text("")


def test_the_replay_says_it_in_the_readers_language(page: Page, site: Site) -> None:
    open_embed(page, site, query="?lang=de", record=seeded_record())
    expect(page.locator("#seeds")).to_have_text("Jedes Geben folgt aus seinem Startwert.")
