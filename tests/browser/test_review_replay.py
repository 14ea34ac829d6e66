"""The coach's review in the replay (issue 33, items 4 and 5): a record that
keeps its review shows each decision graded in a word, the best move on the
table at a press, a line per hand with its margin graph, and the key moments
to jump to; the game's Review opens the hand there ("Step through it") and
keeps the review with the game, so asking again shows it at once."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import Page, expect

from allfives import Deal, Match, Move, Rules, record
from allfives.review import review

from .conftest import DESKTOP, PHONE
from .player import HAND_OVER, MATCH_OVER, Player
from .test_embed import open_embed
from .test_history import matches, open_history
from .test_look import win_the_match
from .test_review import REVIEW_TIMEOUT_MS, REVIEW_TITLE, play_a_hand

if TYPE_CHECKING:
    from .conftest import App, Screenshot, Site

GRADE = re.compile(r"^(Best|Good|Inaccuracy|Mistake|Blunder)$")


def a_missed_ten() -> dict[str, Any]:
    """Ann leads 6-1 holding 5-5, which would have scored ten at once; then
    Bo and Ann play on."""
    match = Match(Rules(players=2, hand_size=3))
    match.start_hand(Deal.from_text([["5-5", "5-2", "6-1"], ["5-0", "3-3", "6-6"]], leader=0))
    for move in ("6-1", "6-6 W"):
        match.play(Move.parse(move))
    data = record.to_record(match)
    seats = [{"name": "Ann"}, {"name": "Bo"}]
    return {**data, "meta": {"setup": {"seats": seats}, "review": review(data, samples=60, seed=1).to_json()}}


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_an_annotated_record_marks_the_blunder_and_shows_the_best_move(
    page: Page, site: Site, screenshot: Screenshot, request: pytest.FixtureRequest
) -> None:
    open_embed(page, site, record=a_missed_ten())
    marks = page.get_by_role("region", name="The coach's review")
    expect(marks).to_be_visible()
    moments = marks.get_by_role("navigation", name="Key moments")
    moments.get_by_role("button", name=re.compile(r"^Hand 1, move 1 \(Ann\): Blunder, [\d.]+ points lost$")).click()
    expect(page.locator("#position")).to_have_text("Hand 1, move 1 of 2")
    expect(marks.locator(".mark .grade")).to_have_text("Blunder")
    expect(marks.locator(".mark")).to_contain_text(
        re.compile(r"Ann played 6-1\. Best: 5-5, about [\d.]+ points more by the end of the hand\.")
    )
    expect(page.get_by_role("group", name=re.compile(r"^The layout: 1 tile, the ends count 7$"))).to_be_visible()

    show = marks.get_by_role("button", name="Show the best move")
    show.click()
    expect(page.get_by_role("group", name=re.compile(r"^The layout: 1 tile, the ends count 10$"))).to_be_visible()
    expect(marks.locator(".mark")).to_contain_text("On the table now: the best move, 5-5.")
    expect(marks.get_by_role("button", name="Show the move played")).to_have_attribute("aria-pressed", "true")
    screenshot(page, f"replay-marks-{request.node.callspec.id}")

    page.get_by_role("button", name="Next").click()
    expect(page.locator("#position")).to_have_text("Hand 1, move 2 of 2")
    expect(page.get_by_role("group", name=re.compile(r"^The layout: 2 tiles, "))).to_be_visible()
    expect(marks.get_by_role("button", name=re.compile("^Show the"))).to_be_hidden()
    expect(marks).to_contain_text(re.compile(r"Ann: 1 decision, [\d.]+ points lost"))


def test_a_review_of_another_game_is_said_and_the_replay_goes_on(page: Page, site: Site) -> None:
    damaged = a_missed_ten()
    damaged["hands"][0]["moves"] = ["5-5", "5-0 E"]
    open_embed(page, site, record=damaged)
    expect(page.get_by_role("region", name="The coach's review")).to_have_text(
        re.compile("This game's review could not be read, so the game is shown without it.")
    )
    page.get_by_role("button", name="Next").click()
    expect(page.locator("#position")).to_have_text("Hand 1, move 1 of 2")


def test_the_game_opens_a_reviewed_hand_in_the_replay_and_keeps_the_review(
    app: App, page: Page, screenshot: Screenshot
) -> None:
    app.open()
    app.wait_until_ready()
    player = Player(page)
    play_a_hand(player)
    player.dialog(HAND_OVER).get_by_role("button", name="Review").click()
    dialog = player.dialog(REVIEW_TITLE)
    back = dialog.get_by_role("button", name="Back to the summary")
    expect(back).to_be_visible(timeout=REVIEW_TIMEOUT_MS)
    rows = dialog.get_by_role("listitem").all_inner_texts()
    step_through = dialog.get_by_role("link", name="Step through it")
    expect(step_through).to_have_attribute("target", "_blank")
    href = str(step_through.get_attribute("href"))

    back.click()
    page.reload()  # the review is saved with the game
    app.wait_until_ready()
    player.dialog(HAND_OVER).get_by_role("button", name="Review").click()
    again = player.dialog(REVIEW_TITLE)
    expect(again).to_be_visible()
    # Worked out again, the review would show its progress for seconds first.
    assert again.get_by_role("progressbar").count() == 0, "the kept review is shown at once"
    expect(again.get_by_role("button", name="Back to the summary")).to_be_visible()
    assert again.get_by_role("listitem").all_inner_texts() == rows, "the same review"

    page.goto(href)
    page.locator("body[data-ready='1']").wait_for(state="attached", timeout=60_000)
    marks = page.get_by_role("region", name="The coach's review")
    expect(marks).to_be_visible()
    expect(marks).to_contain_text(re.compile(r"You: \d+ decisions?, [\d.]+ points lost"))
    expect(page.get_by_role("group", name="Your hand")).to_be_visible()
    while not page.get_by_role("button", name="Next").is_disabled():
        page.get_by_role("button", name="Next").click()
        if marks.locator(".mark .grade").count():
            break
    expect(marks.locator(".mark .grade")).to_have_text(GRADE)
    expect(marks.locator(".mark")).to_contain_text(re.compile(r"You played "))
    screenshot(page, "replay-from-the-game")


def test_the_marks_are_read_by_keyboard(page: Page, site: Site) -> None:
    open_embed(page, site, record=a_missed_ten())
    moment = page.get_by_role("button", name=re.compile(r"^Hand 1, move 1 \(Ann\): Blunder"))
    for _ in range(20):
        page.keyboard.press("Tab")
        if moment.evaluate("node => node === document.activeElement"):
            break
    expect(moment).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#position")).to_have_text("Hand 1, move 1 of 2")
    page.keyboard.press("Shift+Tab")
    expect(page.get_by_role("button", name="Show the best move")).to_be_focused()
    page.keyboard.press("Space")
    expect(page.get_by_role("group", name=re.compile(r"^The layout: 1 tile, the ends count 10$"))).to_be_visible()


def test_a_reviewed_record_without_a_decision_says_nobody_had_a_choice(page: Page, site: Site) -> None:
    data = a_missed_ten()
    data["meta"]["review"] = review({k: v for k, v in data.items() if k != "meta"}, seats=(1,), samples=20).to_json()
    open_embed(page, site, record=data)
    marks = page.get_by_role("region", name="The coach's review")
    expect(marks).to_contain_text("Nobody had a choice to make here: every move was forced.")
    expect(marks.get_by_role("navigation", name="Key moments")).to_be_hidden()


def test_a_hand_reviewed_at_the_match_end_is_marked_in_the_history_replay(page: Page, app: App) -> None:
    win_the_match(page, app)
    player = Player(page)
    player.dialog(MATCH_OVER).get_by_role("button", name="Review the last hand").click()
    back = player.dialog(REVIEW_TITLE).get_by_role("button", name="Back to the summary")
    expect(back).to_be_visible(timeout=REVIEW_TIMEOUT_MS)
    back.click()
    player.dialog(MATCH_OVER).get_by_role("button", name="Close").click()
    expect(player.dialog(MATCH_OVER)).to_be_hidden()
    history = open_history(player)
    with page.context.expect_page() as opened:
        matches(history).first.get_by_role("link", name=re.compile(r"^Replay the match of ")).click()
    replay = opened.value
    replay.locator("body[data-ready='1']").wait_for(state="attached", timeout=60_000)
    marks = replay.get_by_role("region", name="The coach's review")
    expect(marks).to_be_visible()
    jump = replay.get_by_role("slider", name="Move")
    jump.fill(str(jump.get_attribute("max")))  # the last hand: the one reviewed
    expect(marks).to_contain_text(re.compile(r"(You: \d+ decisions?, [\d.]+ points lost|You had no choice)"))
    replay.close()
