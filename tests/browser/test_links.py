"""Links never destroy a match.

A shared link (``#game=…``) opened while a match is in progress (a person
has moved in it and it is not over) asks first, as New match does: "Keep my
match" leaves the match exactly as it was and takes the link off the
address; "Open the link" deals the linked hand. A link pasted into the
address of the tab already open is acted on the same way, and a damaged one
is refused in words, changing nothing. With no match in progress a link
opens at once.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Locator, Page, expect

from allfives import Rules

from .player import Player
from table.game import Game, GameSetup, SeatSetup

if TYPE_CHECKING:
    from .conftest import App

QUESTION = "Leave this match?"
PROBLEM = "Something needs your attention"
SEED = 7


def _link() -> str:
    """A shared hand between Ana and the computer Bo, as Menu → Copy link makes it."""
    game = Game(GameSetup(Rules(), (SeatSetup("Ana"), SeatSetup("Bo", "easy")), 11))
    game.start()
    return game.share_link()


LINK = _link()
LINKED = re.compile(r"Ana\s*0\s*of")


def _match_in_progress(app: App, page: Page) -> Player:
    """The page open on a seeded match with two of the person's moves played."""
    app.open()
    app.wait_until_ready()
    player = Player(page)
    player.set_computer_speed("Fast")
    player.start_match(seed=SEED)
    player.play_my_turns(2)
    return player


def _table(player: Player) -> tuple[list[str], str]:
    """The match as the person reads it: the move log and the scores."""
    return player.log.all_inner_texts(), player.scores.inner_text()


def _open_in_a_new_load(app: App, page: Page, fragment: str) -> None:
    """Open the site with ``fragment`` as a fresh page load (not a jump within the page)."""
    page.goto("about:blank")
    app.open(fragment)
    app.wait_until_ready()


def _paste(page: Page, fragment: str) -> None:
    """Paste ``fragment`` into the address of the tab already open."""
    page.evaluate("(fragment) => { location.hash = fragment; }", fragment)


def _question(player: Player) -> Locator:
    question = player.dialog(QUESTION)
    expect(question).to_be_visible()
    expect(question).to_contain_text("in place of the match in progress")
    expect(question.get_by_role("button", name="Keep my match")).to_be_focused()
    return question


def test_opening_a_link_during_a_match_asks_and_keep_leaves_the_match(app: App, page: Page) -> None:
    player = _match_in_progress(app, page)
    page.reload()  # the log as a fresh load draws it
    app.wait_until_ready()
    before = _table(player)

    _open_in_a_new_load(app, page, LINK)
    question = _question(player)
    question.get_by_role("button", name="Keep my match").click()
    expect(question).to_be_hidden()

    assert _table(player) == before, "the same moves and scores"
    assert "#game=" not in page.url, "the link is taken off the address"
    page.reload()
    app.wait_until_ready()
    expect(player.dialog(QUESTION)).to_be_hidden()
    assert _table(player) == before, "a reload resumes the match kept"


def test_open_the_link_deals_the_linked_hand(app: App, page: Page) -> None:
    player = _match_in_progress(app, page)

    _open_in_a_new_load(app, page, LINK)
    question = _question(player)
    question.get_by_role("button", name="Open the link").click()
    expect(question).to_be_hidden()

    expect(player.scores).to_contain_text(LINKED)
    assert "#game=" not in page.url


@pytest.mark.parametrize("answer", ["Keep my match", "Open the link"])
def test_a_link_pasted_into_the_open_tab_asks_and_is_acted_on(app: App, page: Page, answer: str) -> None:
    player = _match_in_progress(app, page)
    before = _table(player)

    _paste(page, LINK)
    question = _question(player)
    question.get_by_role("button", name=answer).click()
    expect(question).to_be_hidden()

    if answer == "Keep my match":
        assert _table(player) == before
    else:
        expect(player.scores).to_contain_text(LINKED)
    assert "#game=" not in page.url


def test_a_damaged_pasted_link_is_refused_and_the_match_goes_on(app: App, page: Page) -> None:
    player = _match_in_progress(app, page)
    before = _table(player)

    _paste(page, LINK[:-30])
    problem = player.dialog(PROBLEM)
    expect(problem).to_contain_text("The link could not be opened: it is damaged and holds no game.")
    expect(problem).to_contain_text("Your match goes on where you left it.")
    problem.get_by_role("button", name="OK").click()
    expect(problem).to_be_hidden()

    assert _table(player) == before
    assert "#game=" not in page.url


def test_with_no_match_in_progress_a_link_opens_at_once(app: App, page: Page) -> None:
    app.open(LINK)
    app.wait_until_ready()
    player = Player(page)
    expect(player.scores).to_contain_text(LINKED)
    expect(page.get_by_role("dialog")).to_have_count(0)
    assert "#game=" not in page.url


def test_with_no_match_in_progress_a_pasted_link_opens_at_once(app: App, page: Page) -> None:
    app.open()
    app.wait_until_ready()
    player = Player(page)
    expect(player.scores).not_to_contain_text(LINKED)

    _paste(page, LINK)
    expect(player.scores).to_contain_text(LINKED)
    expect(page.get_by_role("dialog")).to_have_count(0)
    assert "#game=" not in page.url


# --------------------------------------------------------------------------
# Copying the link where the browser will not allow it

# A browser that answers the copy only when the test says so, and then with
# a refusal, as one does that keeps its clipboard to itself.
REFUSING_CLIPBOARD = """
navigator.clipboard.writeText = () => new Promise((_, reject) => {
    window.refuseTheCopy = () => reject(new DOMException("Write permission denied.", "NotAllowedError"));
});
"""


def _ask_for_the_link(player: Player) -> None:
    player.page.get_by_role("button", name="Menu").click()
    player.dialog("Menu").get_by_role("button", name="Copy a link to this deal").click()
    player.page.wait_for_function("() => typeof window.refuseTheCopy === 'function'")


def test_a_refused_copy_shows_the_link_to_copy_by_hand(app: App, page: Page) -> None:
    page.add_init_script(REFUSING_CLIPBOARD)
    player = _match_in_progress(app, page)

    _ask_for_the_link(player)
    page.evaluate("() => window.refuseTheCopy()")

    by_hand = player.dialog("Copy a link to this deal")
    expect(by_hand).to_contain_text("Copy this link:")
    field = by_hand.get_by_role("textbox", name="Copy a link to this deal")
    expect(field).to_have_value(re.compile(r"#game="))
    expect(field).to_be_focused()  # selected, for Ctrl+C
    by_hand.get_by_role("button", name="OK").click()
    expect(by_hand).to_be_hidden()


def test_a_copy_refused_while_a_pasted_link_asks_leaves_the_question_open(app: App, page: Page) -> None:
    page.add_init_script(REFUSING_CLIPBOARD)
    player = _match_in_progress(app, page)

    _ask_for_the_link(player)
    _paste(page, LINK)  # before the browser has answered the copy
    question = _question(player)
    page.evaluate("() => window.refuseTheCopy()")

    expect(page.get_by_role("status")).to_have_text(
        "This browser would not copy it: ask again once this is answered, to copy it by hand."
    )
    expect(question).to_be_visible()
    question.get_by_role("button", name="Open the link").click()
    expect(player.scores).to_contain_text(LINKED)
