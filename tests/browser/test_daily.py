"""The daily deal (issue 34) in the page, on a fixed clock: Menu, Daily deal
deals the day's hand against the Expert, its fingerprint in the Menu and its
seed revealed at the end under "Check this deal"; at the end the Expert plays the player's tiles on
the device and the result reads "You scored 35, the Expert 25 with your
tiles: +10", with the streak (across two days on the clock) and a share
text that gives nothing away and says what its squares mean. The daily
names itself on the table: "Daily deal of 6 December 2026". The day's second play is practice; a bad date
in a link is refused in words."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Page, expect

from .conftest import DESKTOP, PHONE
from .player import HAND_OVER, Player
from .test_accessibility import serious_problems

if TYPE_CHECKING:
    from .conftest import App, Screenshot

GOLDEN = Path(__file__).parents[1] / "golden" / "daily.jsonl"
#: Noon on 6 December 2026, UTC (the browser's timezone here): the day's deal is 2026-12-06.
NOON = datetime(2026, 12, 6, 12, 0, tzinfo=UTC)
TODAY = "2026-12-06"
#: The daily's name: its date as the page writes every date.
TITLE = "Daily deal of 6 December 2026"
KEY = "One square a decision: 🟩 best or good, 🟨 inaccuracy, 🟧 mistake, 🟥 blunder"
#: The Expert's play of the player's seat takes a few seconds in the page.
DUPLICATE_TIMEOUT_MS = 120_000
RESULT = re.compile(r"^You scored (-?\d+), the Expert (-?\d+) with your tiles: ([+-]\d+)$")
TILE = re.compile(r"\b[0-6]-[0-6]\b")
#: Every text the header's status line shows, kept in window.statusSaid
#: (a passing message gives way to whose turn it is after a while).
WATCH_STATUS = """() => {
  window.statusSaid = [];
  const status = document.getElementById("status");
  new MutationObserver(() => window.statusSaid.push(status.textContent))
    .observe(status, {childList: true, characterData: true, subtree: true});
}"""


def golden(day: str) -> dict[str, object]:
    lines = (json.loads(line) for line in GOLDEN.read_text(encoding="utf-8").splitlines())
    found: dict[str, object] = next(line for line in lines if line["date"] == day)
    return found


def open_on(app: App, page: Page, path: str = "", dailies: dict[str, list[int]] | None = None) -> Player:
    """The game opened at noon on 6 December 2026, with ``dailies`` already played."""
    page.clock.set_fixed_time(NOON)
    if dailies is not None:
        page.context.add_init_script(f"localStorage.setItem('allfives.dailies', {json.dumps(json.dumps(dailies))})")
    app.open(path)
    app.wait_until_ready()
    return Player(page)


def play_to_the_end(player: Player) -> None:
    player.set_computer_speed("Fast")
    while True:
        player.wait_for_turn()
        if player.hand_is_over():
            return
        player.play_a_tile()


def see_the_result(player: Player, title: str = TITLE) -> tuple[re.Match[str], list[str]]:
    """From the summary, the Expert's play of the player's tiles: the result
    line, and the share text's lines."""
    summary = player.dialog(HAND_OVER)
    expect(summary.get_by_role("button", name="Next hand")).to_have_count(0)  # a daily is one hand
    summary.get_by_role("button", name="See how the Expert did").click()
    dialog = player.dialog(title)
    expect(dialog.get_by_role("progressbar", name="The Expert plays your tiles")).to_be_visible()
    copy = dialog.get_by_role("button", name="Copy the result")
    expect(copy).to_be_visible(timeout=DUPLICATE_TIMEOUT_MS)
    expect(copy).to_be_focused()
    said = RESULT.match(dialog.locator(".daily-result").inner_text())
    assert said is not None, dialog.locator(".daily-result").inner_text()
    return said, dialog.get_by_label("What you can share").inner_text().splitlines()


def test_the_daily_played_to_its_end_against_the_expert_on_your_tiles(
    app: App, page: Page, screenshot: Screenshot
) -> None:
    player = open_on(app, page, dailies={"2026-12-05": [20, 15]})
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=app.site.url.rstrip("/"))
    page.get_by_role("button", name="Menu").click()
    player.dialog("Menu").get_by_role("button", name="Daily deal").click()
    expect(player.scores).to_contain_text(TITLE)
    expect(player.opponents).to_contain_text("Expert")
    # The deal's fingerprint, fixed before the first tile, is in the Menu; the log keeps to the moves.
    page.get_by_role("button", name="Menu").click()
    menu = player.dialog("Menu")
    expect(menu).to_contain_text(f"Hand 1's deal has the fingerprint {golden(TODAY)['fingerprint']}:")
    menu.get_by_role("button", name="Close").click()
    expect(menu).to_be_hidden()
    play_to_the_end(player)
    # The daily says it is the daily at its end too (issue 44, item 7), not "Hand 1 is over".
    summary = player.dialog("The daily deal is over")
    expect(page.get_by_role("status")).to_have_text("The daily deal is over")
    check = summary.get_by_text("Check this deal")
    seed = f"This hand was dealt from the seed “daily/{TODAY}”. Its fingerprint, {golden(TODAY)['fingerprint']},"
    expect(summary.get_by_text(seed)).to_be_hidden()  # closed until asked for
    check.click()
    expect(summary.get_by_text(seed)).to_be_visible()
    expect(summary).to_contain_text("python -m allfives verify")
    moves = page.get_by_role("complementary", name="Moves")
    expect(moves).to_contain_text("Hand 1: you lead.")
    expect(moves).not_to_contain_text("fingerprint")
    expect(moves).not_to_contain_text(f"daily/{TODAY}")
    screenshot(page, "daily-summary")

    said, shared = see_the_result(player)
    you, expert, margin = (int(part) for part in said.groups())
    # The Expert's score with your tiles is the command line's (the golden file's).
    assert expert == golden(TODAY)["expert_score"]
    assert margin == you - expert
    dialog = player.dialog(TITLE)
    expect(dialog).to_contain_text("Daily deals in a row: 2")  # yesterday's, and today's
    assert shared[0] == f"All Fives, daily deal of 6 December 2026: {margin:+d} against the Expert"
    assert re.fullmatch("[🟩🟨🟧🟥]+", shared[1]), shared
    assert shared[2] == KEY  # what each square means
    assert shared[3].endswith(f"/?daily={TODAY}")
    assert not TILE.search("\n".join(shared)), "the share text gives no tile away"
    screenshot(page, "daily-result")
    assert serious_problems(page) == []

    page.evaluate(WATCH_STATUS)
    dialog.get_by_role("button", name="Copy the result").click()
    page.wait_for_function("async (text) => (await navigator.clipboard.readText()) === text", arg="\n".join(shared))
    page.wait_for_function("window.statusSaid.includes('Result copied: paste it to your friends.')")
    stored = json.loads(page.evaluate("localStorage.getItem('allfives.dailies')"))
    assert stored == {"2026-12-05": [20, 15], TODAY: [you, expert]}


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_daily_says_it_is_the_daily_on_the_table(
    app: App, page: Page, screenshot: Screenshot, request: pytest.FixtureRequest
) -> None:
    """Its name and date where a match's score cards say "of 250" (a daily
    is one hand, with no target), and in the window's title; its opponent
    is the Expert, said once ("Expert", not "Expert / Expert")."""
    player = open_on(app, page, f"?daily={TODAY}")
    player.wait_for_turn()
    expect(player.scores).to_contain_text(TITLE)
    expect(player.scores).not_to_contain_text("of 250")
    expect(player.scores.get_by_text(TITLE)).to_be_in_viewport()
    expect(page).to_have_title(f"{TITLE} \u2013 All Fives")
    expect(player.opponents.get_by_text("Expert", exact=True)).to_have_count(1)
    player.wait_until_still()
    screenshot(page, f"daily-table-{request.node.callspec.id}")


def test_the_streak_runs_across_two_days_on_the_clock(app: App, page: Page) -> None:
    """The daily of 5 December played on the 5th, then the next day's on
    the 6th: two in a row."""
    page.clock.set_fixed_time(datetime(2026, 12, 5, 12, 0, tzinfo=UTC))
    app.open()
    app.wait_until_ready()
    player = Player(page)
    for day, name, streak in (("2026-12-05", "Daily deal of 5 December 2026", 1), (TODAY, TITLE, 2)):
        page.clock.set_fixed_time(datetime.fromisoformat(f"{day}T12:00:00+00:00"))
        page.get_by_role("button", name="Menu").click()
        player.dialog("Menu").get_by_role("button", name="Daily deal").click()
        expect(player.scores).to_contain_text(name)
        play_to_the_end(player)
        see_the_result(player, name)
        dialog = player.dialog(name)
        expect(dialog).to_contain_text(f"Daily deals in a row: {streak}")
        expect(dialog).not_to_contain_text("Practice")
        dialog.get_by_role("button", name="Close").click()
        expect(dialog).to_be_hidden()
    assert sorted(json.loads(page.evaluate("localStorage.getItem('allfives.dailies')"))) == ["2026-12-05", TODAY]


def test_the_days_second_play_is_practice_and_does_not_count(app: App, page: Page) -> None:
    player = open_on(app, page, f"?daily={TODAY}", dailies={TODAY: [40, 30]})
    expect(player.scores).to_contain_text(TITLE)
    expect(player.log.filter(has_text=re.compile(r"^Hand \d+:"))).to_have_count(1)  # one hand dealt
    expect(page).not_to_have_url(re.compile(r"daily="))  # taken off the address: a reload resumes
    play_to_the_end(player)
    _said, shared = see_the_result(player)
    dialog = player.dialog(TITLE)
    expect(dialog).to_contain_text("Practice: only the first play of today's deal counts.")
    expect(dialog).to_contain_text("Daily deals in a row: 1")
    assert shared[0].endswith("against the Expert (practice)")
    # The coach's review of the hand opens from the result, and goes back to the summary.
    dialog.get_by_role("button", name="Review").click()
    back = player.dialog("Review of hand 1").get_by_role("button", name="Back to the summary")
    expect(back).to_be_visible(timeout=DUPLICATE_TIMEOUT_MS)
    back.click()
    expect(player.dialog(HAND_OVER).get_by_role("button", name="See how the Expert did")).to_be_visible()
    assert json.loads(page.evaluate("localStorage.getItem('allfives.dailies')")) == {TODAY: [40, 30]}


@pytest.mark.parametrize(
    ("written", "said"),
    [
        ("hello", "The link asks for the daily deal of “hello”, which is not a date"),
        ("2026-02-30", "The link asks for the daily deal of “2026-02-30”, a day that does not exist."),
        ("2026-12-08", "The daily deal of 8 December 2026 is not out yet: come back on that day."),
    ],
    ids=["malformed", "impossible", "future"],
)
def test_a_bad_date_in_a_link_is_refused_in_words_and_the_game_goes_on(
    app: App, page: Page, written: str, said: str
) -> None:
    player = open_on(app, page, f"?daily={written}")
    problem = player.dialog("Something needs your attention")
    expect(problem).to_contain_text(said)
    expect(problem).to_contain_text("Your game goes on.")
    problem.get_by_role("button", name="OK").click()
    expect(problem).to_be_hidden()
    player.wait_for_turn()
    expect(player.opponents).not_to_contain_text("Expert")  # the usual match, not a daily


@pytest.mark.first_visit
def test_a_newcomer_opening_a_shared_daily_meets_the_introduction_and_then_that_daily(app: App, page: Page) -> None:
    player = open_on(app, page, f"?daily={TODAY}")
    intro = page.get_by_role("dialog")
    expect(intro).to_be_visible()
    intro.get_by_role("button", name="Skip").click()
    expect(intro).to_be_hidden()
    expect(player.scores).to_contain_text(TITLE)
    expect(player.opponents).to_contain_text("Expert")
    player.wait_for_turn()
