"""Never lose a game (issue 32): every match finished, or left by New match,
is kept on the device, and Menu, History lists it, newest first, with the
statistics worked out from the same matches; a match opens in the replay,
saves to a file alone or with all the others, and comes back in from a file,
a bad entry refused in words and the rest kept. It outlasts a reload. The
screen opens on the matches and their statistics; the calendar of dailies
has a section of its own below them."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Locator, Page, expect

from allfives import Rules

from .conftest import DESKTOP, PHONE
from .player import MATCH_OVER, Player
from .test_accessibility import serious_problems
from .test_look import win_the_match
from table.game import Game, GameSetup, SeatSetup

if TYPE_CHECKING:
    from .conftest import App, Screenshot

GOLDEN = Path(__file__).parents[1] / "golden"
#: The match won by win_the_match: against the Beginner, to 15 points.
WON = re.compile(r"You won \d+ \u2013 \d+")
PERSISTENCE = re.compile(r"^This browser (keeps the game's storage for good|may clear|does not say)")


def open_history(player: Player) -> Locator:
    """Menu, then History: the History screen."""
    player.page.get_by_role("button", name="Menu").click()
    player.dialog("Menu").get_by_role("button", name="History").click()
    history = player.dialog("History")
    expect(history).to_be_visible()
    return history


def matches(history: Locator) -> Locator:
    """The matches the History screen lists."""
    return history.get_by_role("list", name="Matches").get_by_role("listitem")


def bring_in(history: Locator, name: str, text: str) -> None:
    history.get_by_label("Bring in matches from a file").set_input_files(
        files=[{"name": name, "mimeType": "application/json", "buffer": text.encode()}]
    )


def a_match_in_progress(app: App, page: Page) -> Player:
    """A match against the Easy computer, one tile played: one to leave."""
    app.open()
    app.wait_until_ready()
    player = Player(page)
    player.start_match(seed=7, seats=(("You", "Person"), ("Computer", "Easy")))
    player.wait_for_turn()
    player.play_a_tile()
    return player


@pytest.fixture
def won(page: Page, app: App) -> Player:
    """A match just won against the Beginner, its summary closed."""
    win_the_match(page, app)
    player = Player(page)
    player.dialog(MATCH_OVER).get_by_role("button", name="Close").click()
    return player


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_won_match_is_in_the_history_with_its_statistics_and_outlasts_a_reload(
    won: Player, page: Page, app: App, screenshot: Screenshot, request: pytest.FixtureRequest
) -> None:
    history = open_history(won)
    expect(matches(history)).to_have_count(1)
    expect(matches(history).first).to_contain_text("You against Computer (Beginner)")
    expect(matches(history).first).to_contain_text(WON)
    stats = history.get_by_role("table", name="Statistics")
    expect(stats.get_by_role("row").nth(1)).to_have_text(
        re.compile(r"^Beginner\s*2 players, 15 points\s*1\s*1\s*[\d.]+$")
    )
    expect(history).to_contain_text("The newest 200 matches are kept on this device")
    screenshot(page, f"history-{request.node.callspec.id}")
    history.get_by_role("button", name="Close").click()

    page.reload(wait_until="domcontentloaded")
    app.wait_until_ready()
    expect(won.dialog(MATCH_OVER)).to_be_visible()
    won.dialog(MATCH_OVER).get_by_role("button", name="Close").click()
    history = open_history(won)
    expect(matches(history)).to_have_count(1)
    expect(matches(history).first).to_contain_text(WON)


@pytest.mark.parametrize("viewport", [PHONE], ids=["phone"])
def test_the_history_opens_on_the_matches_and_their_statistics_the_dailies_in_a_section_of_their_own(
    app: App, page: Page
) -> None:
    """What you came for first: the statistics and the matches, each dated
    as the page writes dates ("6 December 2026, 09:00"); then the calendar of
    dailies under its own heading; then how the matches are kept."""
    app.open()
    app.wait_until_ready()
    history = open_history(Player(page))
    bring_in(history, "history.jsonl", (GOLDEN / "history_v1.jsonl").read_text(encoding="utf-8"))
    expect(matches(history)).to_have_count(2)
    expect(history.get_by_role("heading", level=3)).to_have_text(
        ["Statistics", "Matches", "Daily deals", "Kept on this device"]
    )
    expect(history.get_by_role("table", name="Statistics")).to_be_in_viewport()
    expect(matches(history).first).to_have_text(
        re.compile(r"^\d{1,2} December 2026, \d{2}:\d{2} · Ann against Computer \(Easy\)")
    )
    dailies = history.get_by_role("region", name="Daily deals")
    expect(dailies.get_by_role("table", name=re.compile(r"^Daily deals of "))).to_have_count(1)
    expect(dailies.get_by_role("list", name="Matches")).to_have_count(0)
    expect(history.get_by_role("region", name="Kept on this device")).to_contain_text("The newest 200 matches")


def test_a_match_left_by_new_match_is_kept_unfinished(app: App, page: Page) -> None:
    player = a_match_in_progress(app, page)
    player.start_match(seed=8, seats=(("You", "Person"), ("Computer", "Hard")))
    history = open_history(player)
    expect(matches(history)).to_have_count(1)
    expect(matches(history).first).to_contain_text("You against Computer (Easy)")
    expect(matches(history).first).to_contain_text(re.compile(r"Left unfinished at \d+ \u2013 \d+"))


def test_a_match_left_by_loading_a_saved_game_is_kept_unfinished(app: App, page: Page) -> None:
    player = a_match_in_progress(app, page)
    saved = Game(GameSetup(Rules(), (SeatSetup("You"), SeatSetup("Computer", "hard")), 8))
    saved.start()
    page.get_by_role("button", name="Menu").click()
    player.dialog("Menu").get_by_label("Load a game from a file").set_input_files(
        files=[{"name": "saved.json", "mimeType": "application/json", "buffer": json.dumps(saved.to_record()).encode()}]
    )
    expect(page.locator("#announce")).to_contain_text("The game was loaded.")
    history = open_history(player)
    expect(matches(history)).to_have_count(1)
    expect(matches(history).first).to_contain_text("You against Computer (Easy)")
    expect(matches(history).first).to_contain_text(re.compile(r"Left unfinished at \d+ \u2013 \d+"))


def test_the_history_saved_to_a_file_comes_back_in_and_a_bad_line_is_refused(
    won: Player, page: Page, app: App, tmp_path: Path
) -> None:
    history = open_history(won)
    with page.expect_download() as download:
        history.get_by_role("button", name="Save the whole history").click()
    saved = tmp_path / "history.jsonl"
    download.value.save_as(saved)
    (line,) = saved.read_text(encoding="utf-8").splitlines()
    assert json.loads(line)["format"] == "allfives-history"

    # One match saved alone is an allfives-record, the replay's and the game's own file.
    history = open_history(won)
    with page.expect_download() as download:
        matches(history).first.get_by_role("button", name=re.compile(r"^Save the match of ")).click()
    record = tmp_path / "match.json"
    download.value.save_as(record)
    assert json.loads(record.read_text(encoding="utf-8"))["format"] == "allfives-record"

    # The device loses its storage (the page opened again after it); the file brings the match
    # back, and its bad line is refused.
    page.evaluate(
        "() => Object.keys(localStorage).filter(k => k.startsWith('allfives.match.')).forEach(k => localStorage.removeItem(k))"
    )
    page.reload()
    app.wait_until_ready()
    won.dialog(MATCH_OVER).get_by_role("button", name="Close").click()  # the won match's summary, shown again
    history = open_history(won)
    expect(history).to_contain_text("No match is kept yet")
    bring_in(history, "history.jsonl", line + "\nthis line is not a match\n")
    report = history.get_by_role("status")
    expect(report).to_contain_text("1 match brought in.")
    expect(report).to_contain_text("1 entry was refused:")
    expect(report).to_contain_text("line 2: it is not a game record (it is not JSON)")
    expect(matches(history)).to_have_count(1)
    expect(matches(history).first).to_contain_text(WON)


def test_the_filter_shows_one_opponent_and_the_statistics_agree(app: App, page: Page) -> None:
    # Counted before the history was kept: carried over, beside the list.
    page.add_init_script("localStorage.setItem('allfives.stats', JSON.stringify({easy: [3, 2]}))")
    app.open()
    app.wait_until_ready()
    player = Player(page)
    history = open_history(player)
    bring_in(history, "history.jsonl", (GOLDEN / "history_v1.jsonl").read_text(encoding="utf-8"))
    expect(history.get_by_role("status")).to_contain_text("2 matches brought in.")
    expect(matches(history)).to_have_count(2)
    earlier = history.get_by_role("table", name="Earlier matches, not in the list")
    expect(earlier).to_contain_text(re.compile(r"Easy\s*3\s*2"))
    opponent = history.get_by_role("combobox", name="Opponent")

    opponent.select_option(label="Easy")
    expect(matches(history)).to_have_count(1)
    expect(matches(history).first).to_contain_text("(Easy)")
    statistics = history.get_by_role("table", name="Statistics")
    expect(statistics.get_by_role("row")).to_have_count(2)
    expect(statistics.get_by_role("row").nth(1)).to_contain_text("Easy")

    opponent.select_option(label="Medium")
    expect(matches(history)).to_have_count(1)
    expect(matches(history).first).to_contain_text("Left unfinished")
    expect(statistics).to_have_count(0)  # no match finished against Medium

    opponent.select_option(label="Expert")
    expect(matches(history)).to_have_count(0)
    expect(history).to_contain_text("No match against this opponent yet.")


def test_a_match_opens_in_the_replay(won: Player, page: Page) -> None:
    history = open_history(won)
    with page.context.expect_page() as opened:
        matches(history).first.get_by_role("link", name=re.compile(r"^Replay the match of ")).click()
    replay = opened.value
    replay.locator("body[data-ready='1']").wait_for(state="attached")
    expect(replay.locator("#position")).to_have_text(re.compile("Hand 1: the deal"))
    expect(replay.get_by_role("button", name="Next")).to_be_enabled()
    replay.close()


def test_an_entry_that_cannot_be_read_is_kept_and_offered_as_a_download(app: App, page: Page, tmp_path: Path) -> None:
    page.add_init_script("localStorage.setItem('allfives.match.0123456789abcdef0123', '{\"format\": \"allfives-hist')")
    app.open()
    app.wait_until_ready()
    player = Player(page)
    history = open_history(player)
    expect(history).to_contain_text("1 match in the history cannot be read. It is kept as it was")
    with page.expect_download() as download:
        history.get_by_role("button", name="Download what cannot be read").click()
    kept = tmp_path / "unreadable.jsonl"
    download.value.save_as(kept)
    assert kept.read_text(encoding="utf-8") == '{"format": "allfives-hist\n'


def test_the_menu_says_whether_the_browser_keeps_the_storage(app: App, page: Page) -> None:
    app.open()
    app.wait_until_ready()
    page.get_by_role("button", name="Menu").click()
    expect(Player(page).dialog("Menu").locator(".storage-note")).to_have_text(PERSISTENCE)


def test_the_history_screen_passes_axe(app: App, page: Page) -> None:
    app.open()
    app.wait_until_ready()
    history = open_history(Player(page))
    bring_in(history, "history.jsonl", (GOLDEN / "history_v1.jsonl").read_text(encoding="utf-8") + "not json\n")
    expect(matches(history)).to_have_count(2)
    assert serious_problems(page) == []
