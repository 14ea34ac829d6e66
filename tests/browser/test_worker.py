"""The game's Python in a worker (issue 46): the page asks for it with
``?python=worker``; Pyodide, the engine, the players and the page's state
run off the page's thread, and the page's shell applies what they say.
Where no worker starts, the page plays with Python on its own thread.

These start Pyodide for real (a few seconds each on this machine)."""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Page, Route, expect

from allfives import Rules

from .player import MATCH_OVER, SEVERAL_ENDS, Player
from .test_bad_input import REFUSE_HISTORY
from .test_look import one_move_from_winning
from table.board import tile_name
from table.game import Game, GameSetup, SeatSetup

if TYPE_CHECKING:
    from .conftest import App, PageLog, Site

WORKER = "index.html?python=worker"


def skip_the_introduction(page: Page) -> None:
    """A newcomer's introduction, skipped (a first visit: these tests see what a newcomer sees)."""
    page.get_by_role("dialog").get_by_role("button", name="Skip").click()
    expect(page.get_by_role("dialog")).to_have_count(0)


@pytest.mark.first_visit
def test_a_game_in_a_worker_is_played_as_on_the_page(app: App, page: Page) -> None:
    """The introduction, a tile played and the computer's answer, all said on
    the page by Python that runs in the worker."""
    app.open(WORKER)
    app.wait_until_ready()
    expect(page.locator("html")).to_have_attribute("data-python", "worker")
    skip_the_introduction(page)
    player = Player(page)
    player.wait_for_turn()
    before = player.log.count()
    line = player.play_a_tile()
    assert line.startswith("You: ")
    # The computer answers: its move is logged after the person's.
    expect(player.log.nth(before + 1)).to_contain_text("Computer: ", timeout=60_000)


@pytest.mark.first_visit
def test_the_page_plays_where_no_worker_starts(app: App, page: Page, page_log: PageLog) -> None:
    """A worker that cannot load (its script refused here) leaves the game to
    Python on the page's own thread: the game starts all the same."""

    def refuse(route: Route) -> None:
        route.fulfill(status=404, body="")

    page.route("**/worker.js", refuse)
    app.open(WORKER)
    app.wait_until_ready()
    expect(page.locator("html")).to_have_attribute("data-python", "page")
    skip_the_introduction(page)
    Player(page).wait_for_turn()
    # The refused script is the browser's to report; nothing else may be.
    page_log.console_errors[:] = [text for text in page_log.console_errors if "worker" not in text]


def test_by_default_python_runs_on_the_page(app: App, page: Page) -> None:
    """Until the worker is the default, a plain visit runs Python on the page's thread."""
    app.open()
    app.wait_until_ready()
    expect(page.locator("html")).to_have_attribute("data-python", "page")


def test_a_game_in_a_worker_is_saved_and_resumed(app: App, page: Page) -> None:
    """The worker has no storage of its own: its saves go through the page
    (page/browser.py's Mirror), and a reload resumes the match where it was."""
    app.open(WORKER)
    app.wait_until_ready()
    player = Player(page)
    player.wait_for_turn()
    line = player.play_a_tile()
    player.wait_for_turn()
    moves = player.log.count()
    page.reload()
    app.wait_until_ready()
    expect(page.locator("html")).to_have_attribute("data-python", "worker")
    expect(player.log).to_have_count(moves)
    expect(player.log.filter(has_text=line)).to_have_count(1)


def test_a_return_visit_in_a_worker_restores_the_snapshot_and_plays(sw_page: Page, site: Site) -> None:
    """The service worker keeps the runtime's memory snapshot; the page tells
    the worker it is a return visit, and the worker restores it."""
    sw_page.goto(site.url + WORKER)
    sw_page.locator("body[data-ready='1']").wait_for(state="attached")
    assert not restored(sw_page), "a first visit has no snapshot to restore"
    sw_page.wait_for_function("navigator.serviceWorker.controller !== null")
    sw_page.reload()
    sw_page.locator("body[data-ready='1']").wait_for(state="attached")
    expect(sw_page.locator("html")).to_have_attribute("data-python", "worker")
    assert restored(sw_page)
    Player(sw_page).wait_for_turn()


def test_the_loading_bar_counts_what_the_worker_fetches(app: App, page: Page) -> None:
    """The runtime's bytes arrive in the worker; the page's loading bar counts them all the same."""
    page.add_init_script(RECORD_BAR)
    app.open(WORKER)
    app.wait_until_ready()
    values = page.evaluate("window.__bar")
    assert values, "the bar moved"
    assert max(values) > 1_000_000, f"the bar moved with the bytes: {values[:5]}...{values[-5:]}"


def test_a_file_nested_thousands_deep_is_refused_in_words_and_the_worker_plays_on(app: App, page: Page) -> None:
    """A worker's stack is smaller than the page's: text nested 5,000 deep
    once overflowed it and stopped Pyodide for good. It is refused unread
    (allfives/json_text.py), and the good line beside it is kept."""
    game = Game(GameSetup(Rules(), (SeatSetup("You"), SeatSetup("Computer", "easy")), 4))
    game.start()
    app.open(WORKER)
    app.wait_until_ready()
    player = Player(page)
    page.get_by_role("button", name="Menu").click()
    player.dialog("Menu").get_by_role("button", name="History").click()
    history = player.dialog("History")
    lines = [json.dumps(game.to_record()), "[" * 5000]
    history.get_by_label("Bring in matches from a file").set_input_files(
        files=[{"name": "deep.jsonl", "mimeType": "application/json", "buffer": "\n".join(lines).encode()}]
    )
    report = history.get_by_role("status")
    expect(report).to_contain_text("1 match brought in.")
    expect(report).to_contain_text("line 2: it is not a game record (it is not JSON)")
    history.get_by_role("button", name="Close").click()
    player.wait_for_turn()
    assert player.play_a_tile().startswith("You: ")


#: The page's storage full: every write refused, as a full ``localStorage`` refuses it.
STORAGE_FULL = """Storage.prototype.setItem = function () {
    throw new DOMException("The quota has been exceeded.", "QuotaExceededError"); };"""


def test_a_save_the_pages_storage_refuses_is_said_as_on_the_page(app: App, page: Page) -> None:
    """The worker's writes reach the page's storage after the worker made
    them: a refused one is said back, and the player is told at once that
    the game is not saved, as on the page's own thread; the game plays on."""
    page.add_init_script(STORAGE_FULL)
    app.open(WORKER)
    app.wait_until_ready()
    player = Player(page)
    player.wait_for_turn()
    # The match's first save, refused: said before any move, as the page's own thread says it.
    expect(page.get_by_role("status")).to_contain_text("will not let the game be saved")
    player.play_a_tile()
    player.wait_for_turn()
    expect(page.get_by_role("status")).to_contain_text("will not let the game be saved")


def test_a_match_the_pages_storage_will_not_keep_is_said_as_on_the_page(app: App, page: Page) -> None:
    """A match won, whose history entry the page's storage refuses after the
    worker kept it: the player is told, as on the page's own thread."""
    save, move = one_move_from_winning()
    page.add_init_script(REFUSE_HISTORY)
    page.add_init_script(f"localStorage.setItem('allfives.game', {json.dumps(save)})")
    app.open(WORKER)
    app.wait_until_ready()
    player = Player(page)
    player.wait_for_turn()
    tile = player.hand.get_by_role("button", name=re.compile(f"^{tile_name(move.tile)},"))
    if SEVERAL_ENDS.search(player.choose_tile(tile)):
        end = {"W": "West", "E": "East", "N": "North", "S": "South"}[move.end.name]
        player.board.get_by_role("button", name=re.compile(f"^Play on the {end} end")).click()
    expect(player.dialog(MATCH_OVER)).to_contain_text("You win")
    expect(page.get_by_role("status")).to_contain_text("This match could not be kept in the history")


def restored(page: Page) -> bool:
    return bool(page.evaluate("performance.getEntriesByName('allfives-snapshot-restored').length > 0"))


#: Every value the loading bar takes while the page starts.
RECORD_BAR = """
window.__bar = [];
document.addEventListener("DOMContentLoaded", () => {
  const bar = document.getElementById("loading");
  new MutationObserver(() => window.__bar.push(Number(bar.value))).observe(bar, { attributes: true });
});
"""
