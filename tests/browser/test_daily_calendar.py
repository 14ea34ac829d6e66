"""The calendar of past dailies on the History screen (issue 34), on a
fixed clock (noon on 6 December 2026): the streak above a month's table,
each day a button named with its date and how its daily went, today
marked, no month after this one, a day still to come disabled with the
reason; choosing a past day offers Play this daily, which says it is
practice and deals that day's deal, asking first over a match in progress.
And a counted daily left by New match: kept in the history as that day's
daily, left unfinished; the day is played (a second play is practice) but
it ends the streak."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Locator, Page, expect

from .conftest import DESKTOP, PHONE
from .test_accessibility import serious_problems
from .test_daily import TODAY, open_on
from .test_history import matches, open_history

if TYPE_CHECKING:
    from .conftest import App, Screenshot

PLAYED = {"2026-12-01": [30, 20], "2026-12-04": [25, 25], "2026-12-05": [20, 35]}


def calendar(history: Locator) -> Locator:
    return history.get_by_role("table", name="Daily deals of December 2026")


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_calendar_shows_each_days_daily_in_words_and_no_day_to_come(
    app: App, page: Page, screenshot: Screenshot, request: pytest.FixtureRequest
) -> None:
    player = open_on(app, page, dailies=PLAYED)
    history = open_history(player)
    expect(history.locator(".calendar-streak")).to_have_text("Daily deals in a row: 2")
    month = calendar(history)
    expect(month).to_be_visible()
    expect(month.get_by_role("columnheader")).to_have_count(7)
    expect(month.get_by_role("columnheader").first).to_have_text("MonMonday")
    first = month.get_by_role("button", name="1 December 2026: you scored +10 against the Expert", exact=True)
    expect(first).to_contain_text("+10")
    expect(
        month.get_by_role("button", name="5 December 2026: you scored -15 against the Expert", exact=True)
    ).to_be_visible()
    expect(month.get_by_role("button", name="2 December 2026: not played", exact=True)).to_be_enabled()
    today = month.get_by_role("button", name="6 December 2026, today: not played", exact=True)
    expect(today).to_have_attribute("aria-current", "date")
    tomorrow = month.get_by_role("button", name="7 December 2026: not out yet", exact=True)
    expect(tomorrow).to_be_disabled()
    expect(tomorrow).to_have_accessible_description("A day still to come has no daily deal yet: come back on that day.")
    expect(history.get_by_role("button", name="Next month")).to_be_disabled()
    # Keyboard: the month is one stop for Tab, on today; the arrow keys
    # move among the days, into the month before too, as a date picker's.
    history.get_by_role("button", name="Previous month").focus()
    page.keyboard.press("Tab")  # Next month is disabled: past it
    expect(today).to_be_focused()
    for _ in range(4):
        page.keyboard.press("ArrowLeft")
    expect(month.get_by_role("button", name="2 December 2026: not played", exact=True)).to_be_focused()
    page.keyboard.press("Home")  # Monday, 30 November: the month before
    expect(
        history.get_by_role("table", name="Daily deals of November 2026").get_by_role(
            "button", name="30 November 2026: not played", exact=True
        )
    ).to_be_focused()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")  # the 9th is still to come: today instead
    expect(today).to_be_focused()
    page.keyboard.press("ArrowRight")  # nothing after today
    expect(today).to_be_focused()
    page.keyboard.press("PageUp")
    sixth = history.get_by_role("table", name="Daily deals of November 2026").get_by_role(
        "button", name="6 November 2026: not played", exact=True
    )
    expect(sixth).to_be_focused()
    page.keyboard.press("PageDown")
    expect(month.get_by_role("button", name="6 December 2026, today: not played", exact=True)).to_be_focused()
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Enter")
    expect(history.get_by_role("button", name="Play this daily")).to_be_visible()
    expect(
        month.get_by_role("button", name="5 December 2026: you scored -15 against the Expert", exact=True)
    ).to_be_focused()
    # Readable: no day's button is cut off at this width.
    boxes = [month.locator("button").nth(i).bounding_box() for i in range(3)]
    assert all(box is not None and box["width"] >= 40 for box in boxes), boxes
    history.locator(".calendar").scroll_into_view_if_needed()
    screenshot(page, f"daily-calendar-{request.node.callspec.id}")
    assert serious_problems(page) == []

    history.get_by_role("button", name="Previous month").click()
    november = history.get_by_role("table", name="Daily deals of November 2026")
    expect(november.get_by_role("button", name="30 November 2026: not played", exact=True)).to_be_visible()
    expect(history.get_by_role("button", name="Next month")).to_be_enabled()


def test_a_past_day_is_played_from_the_calendar_as_practice_after_asking_to_leave_the_match(
    app: App, page: Page, screenshot: Screenshot
) -> None:
    player = open_on(app, page, dailies=PLAYED)
    player.wait_for_turn()
    player.play_a_tile()  # a match in progress: it is not left without asking
    history = open_history(player)
    calendar(history).get_by_role("button", name="2 December 2026: not played", exact=True).click()
    play = history.get_by_role("button", name="Play this daily")
    expect(play).to_have_accessible_description("Practice: a past day's deal never counts.")
    expect(history.locator("#calendar-chosen")).to_contain_text("2 December 2026")
    screenshot(page, "daily-calendar-chosen")
    play.click()
    leave = player.dialog("Leave this match?")
    leave.get_by_role("button", name="Open the link").click()
    expect(player.scores).to_contain_text("Daily deal of 2 December 2026")
    expect(player.opponents).to_contain_text("Expert")
    player.wait_for_turn()
    # The match left is kept in the history; the past day's play changed no count.
    history = open_history(player)
    expect(matches(history)).to_have_count(1)
    assert json.loads(page.evaluate("localStorage.getItem('allfives.dailies')")) == PLAYED


def test_todays_first_play_from_the_calendar_counts_and_says_so(app: App, page: Page) -> None:
    player = open_on(app, page, dailies=PLAYED)
    history = open_history(player)
    calendar(history).get_by_role("button", name="6 December 2026, today: not played", exact=True).click()
    play = history.get_by_role("button", name="Play this daily")
    expect(play).to_have_accessible_description("It counts: your first play of today's deal.")
    play.click()
    expect(player.scores).to_contain_text("Daily deal of 6 December 2026")
    player.wait_for_turn()
    stored = json.loads(page.evaluate("localStorage.getItem('allfives.dailies')"))
    assert stored == {**PLAYED, TODAY: "begun"}  # dealt: the day is taken
    history = open_history(player)
    expect(
        calendar(history).get_by_role(
            "button", name="6 December 2026, today: your counted play is on the table", exact=True
        )
    ).to_be_visible()


@pytest.mark.parametrize("moves", [1, 0], ids=["after-a-move", "before-any-move"])
def test_a_counted_daily_left_by_new_match_is_that_days_daily_left_unfinished(
    app: App, page: Page, screenshot: Screenshot, moves: int
) -> None:
    """Left after a move or before any: the day was played once it was dealt,
    so the history keeps the match either way."""
    player = open_on(app, page, dailies=PLAYED)
    page.get_by_role("button", name="Menu").click()
    player.dialog("Menu").get_by_role("button", name="Daily deal").click()
    expect(player.scores).to_contain_text("Daily deal of 6 December 2026")
    player.wait_for_turn()
    for _ in range(moves):
        player.play_a_tile()
        player.wait_for_turn()
    player.start_match(seed=1)
    history = open_history(player)
    expect(matches(history)).to_have_count(1)
    expect(matches(history).first).to_contain_text("Daily deal of 6 December 2026: Left unfinished at")
    month = calendar(history)
    today = month.get_by_role(
        "button", name="6 December 2026, today: left unfinished, so the day counts as played", exact=True
    )
    expect(today).to_contain_text("unfinished")
    expect(history.locator(".calendar-streak")).to_have_text("Daily deals in a row: 0")
    if moves:
        screenshot(page, "daily-calendar-left")
    today.click()
    play = history.get_by_role("button", name="Play this daily")
    expect(play).to_have_accessible_description("Practice: today's deal has been played already.")
    stored = json.loads(page.evaluate("localStorage.getItem('allfives.dailies')"))
    assert stored == {**PLAYED, TODAY: "left"}
