"""The coach in the game (issue 33): from a hand's summary, Review has the
Expert weigh each of the player's choices in that hand, with a progress bar
and Cancel, and shows a line for the hand, one for its luck and a row per
decision, each graded in a word (best, good, inaccuracy, mistake, blunder);
closing it goes back to the summary, which still deals the next hand."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Page, expect

from .conftest import DESKTOP, PHONE
from .player import HAND_OVER, MATCH_OVER, SEVERAL_ENDS, Player
from .test_look import win_the_match

if TYPE_CHECKING:
    from .conftest import App, Screenshot

#: A review of a hand takes a few seconds in the page (docs/benchmarks.md).
REVIEW_TIMEOUT_MS = 60_000
GRADES = ("Best", "Good", "Inaccuracy", "Mistake", "Blunder")
#: The tile names ("1-1") of the review's lines that break over two lines at
#: some width of the list: the list is narrowed a pixel at a time, so any
#: name that may break at its hyphen does at one of the widths.
BROKEN_TILE_NAMES = """(list) => {
  const broken = new Set();
  const texts = [];
  const walker = document.createTreeWalker(list, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) texts.push(walker.currentNode);
  for (let width = 140; width <= 360; width += 1) {
    list.style.width = width + "px";
    for (const node of texts) {
      for (const found of node.textContent.matchAll(/[0-6]-[0-6]/g)) {
        const range = document.createRange();
        range.setStart(node, found.index);
        range.setEnd(node, found.index + 3);
        if (range.getClientRects().length > 1) broken.add(found[0]);
      }
    }
  }
  list.style.width = "";
  return [...broken];
}"""
REVIEW_TITLE = re.compile(r"^Review of hand \d+$")


@pytest.fixture
def player(app: App, page: Page) -> Player:
    app.open()
    app.wait_until_ready()
    return Player(page)


def play_a_hand(player: Player, seed: int = 5) -> None:
    """A hand of the usual nine tiles against the Beginner, played to its summary."""
    player.start_match(seed=seed, seats=(("You", "Person"), ("Computer", "Beginner")))
    player.set_computer_speed("Fast")
    while True:
        player.wait_for_turn()
        if player.hand_is_over():
            return
        player.play_a_tile()


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_hand_reviewed_grades_each_choice_and_goes_back_to_the_summary(
    player: Player, page: Page, screenshot: Screenshot, request: pytest.FixtureRequest
) -> None:
    play_a_hand(player)
    player.dialog(HAND_OVER).get_by_role("button", name="Review").click()
    review = player.dialog(REVIEW_TITLE)
    expect(review).to_be_visible()
    back = review.get_by_role("button", name="Back to the summary")
    expect(back).to_be_visible(timeout=REVIEW_TIMEOUT_MS)
    expect(back).to_be_focused()

    summary = review.locator(".review-summary")
    expect(summary).to_have_text(re.compile(r"^\d+ decisions?, [\d.]+ points lost( in all)?: .+\.$"))
    expect(review.locator(".review-luck")).to_have_text(re.compile(r"^The deal and the draws favoured "))
    rows = review.get_by_role("listitem")
    assert rows.count() >= 1
    for text in rows.all_inner_texts():
        assert re.match(rf"^({'|'.join(GRADES)}) Move \d+: you played ", text), text
    # The grade is a word, not only a colour.
    expect(rows.first.locator(".grade")).to_have_text(re.compile(f"^({'|'.join(GRADES)})$"))
    screenshot(page, f"review-{request.node.callspec.id}")
    # A tile's name stays on one line ("1-1", never "1-" then "1").
    assert review.get_by_role("list").evaluate(BROKEN_TILE_NAMES) == []

    back.click()
    expect(player.dialog(HAND_OVER)).to_be_visible()
    player.next_hand()
    player.wait_for_turn()


def test_a_review_can_be_cancelled_and_the_summary_stays(player: Player, page: Page) -> None:
    play_a_hand(player)
    # A slow phone's review: the page's CPU slowed twentyfold, so there is
    # time to press Cancel while the Expert is still weighing.
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 20})
    player.dialog(HAND_OVER).get_by_role("button", name="Review").click()
    review = player.dialog(REVIEW_TITLE)
    expect(review.get_by_role("progressbar", name="How far the review is")).to_be_visible()
    review.get_by_role("button", name="Cancel").click()
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    expect(player.dialog(HAND_OVER)).to_be_visible()
    # The Expert has stopped weighing (web/game/coach/screen.py, REVIEW_MEASURE):
    # a review that ran on would have put its findings over the summary as
    # it ended, in the same task.
    page.wait_for_function("performance.getEntriesByName('allfives:review', 'measure').length === 1")
    expect(player.dialog(HAND_OVER)).to_be_visible()
    expect(page.get_by_role("button", name="Back to the summary")).to_have_count(0)


def test_the_review_speaks_german(app: App, player: Player, page: Page) -> None:
    """The summary outlasts a reload; reloaded in German, so is the review."""
    play_a_hand(player)
    page.evaluate(
        "localStorage.setItem('allfives.prefs', JSON.stringify("
        "{...JSON.parse(localStorage.getItem('allfives.prefs') || '{}'), language: 'de'}))"
    )
    page.reload(wait_until="domcontentloaded")
    app.wait_until_ready()
    summary = page.get_by_role("dialog", name=re.compile(r"^Runde \d+ ist vorbei$"))
    summary.get_by_role("button", name="Analyse").click()
    review = page.get_by_role("dialog", name=re.compile(r"^Analyse von Runde \d+$"))
    expect(review.get_by_role("button", name="Zurück zur Übersicht")).to_be_visible(timeout=REVIEW_TIMEOUT_MS)
    expect(review.locator(".review-summary")).to_contain_text("Punkte verloren")
    expect(review.locator(".review-luck")).to_contain_text("Verteilung und Ziehen begünstigten")


def test_the_last_hand_of_a_match_is_reviewed_from_the_match_end(page: Page, app: App) -> None:
    win_the_match(page, app)
    player = Player(page)
    player.dialog(MATCH_OVER).get_by_role("button", name="Review the last hand").click()
    review = player.dialog(REVIEW_TITLE)
    back = review.get_by_role("button", name="Back to the summary")
    expect(back).to_be_visible(timeout=REVIEW_TIMEOUT_MS)
    expect(review.locator(".review-summary")).to_be_visible()
    back.click()
    expect(player.dialog(MATCH_OVER)).to_be_visible()
    expect(player.dialog(MATCH_OVER)).to_contain_text("You win")


@pytest.mark.parametrize("viewport", [PHONE], ids=["phone"])
def test_a_hot_seat_hand_is_reviewed_for_each_person_under_their_name(
    player: Player, page: Page, screenshot: Screenshot
) -> None:
    """Ann and Ben share the device: the review weighs both people's choices,
    each under their name, and says the luck to both as onlookers."""
    player.start_match(seed=5, seats=(("Ann", "Person"), ("Ben", "Person")))
    while not player.hand_is_over():
        pass_screen = player.dialog(re.compile(r"^Pass the device to (Ann|Ben)$"))
        name = pass_screen.get_by_role("heading").inner_text().removeprefix("Pass the device to ")
        pass_screen.get_by_role("button", name=f"I am {name}: show my hand").click()
        player.play_a_tile()
        player.wait_for_turn()
    player.dialog(HAND_OVER).get_by_role("button", name="Review").click()
    review = player.dialog(REVIEW_TITLE)
    back = review.get_by_role("button", name="Back to the summary")
    expect(back).to_be_visible(timeout=REVIEW_TIMEOUT_MS)
    expect(review.locator(".review-luck")).to_have_text(
        re.compile(r"^The deal and the draws favoured (nobody much|Ann by about \d+ points|Ben by about \d+ points)\.$")
    )
    for name in ("Ann", "Ben"):
        part = review.get_by_role("region", name=name)
        expect(part.locator(".review-summary")).to_have_text(
            re.compile(r"^(\d+ decisions?, [\d.]+ points lost( in all)?: .+|You had no choice to make .+)\.$")
        )
        for text in part.get_by_role("listitem").all_inner_texts():
            assert re.match(rf"^({'|'.join(GRADES)}) Move \d+: you played ", text), text
        # Each steps through the hand from their own seat, their tiles face up.
        link = part.get_by_role("link", name=f"Step through it as {name}")
        expect(link).to_have_attribute("href", re.compile(rf"[?&]seat={0 if name == 'Ann' else 1}&"))
    expect(review.get_by_role("link", name="Step through it", exact=True)).to_have_count(0)
    assert review.get_by_role("listitem").count() >= 2
    expect(page.locator("#announce")).to_contain_text(re.compile(r"Ann: .+ Ben: |Ben: .+ Ann: "))
    screenshot(page, "review-hot-seat-phone")
    back.click()
    expect(player.dialog(HAND_OVER)).to_be_visible()


#: The hint's move: "Hint: play 2-2 on the East end: ..." or a lead's tile alone.
HINTED = re.compile(r"^Hint: play (\d)-(\d)(?: on the (\w+) end)?[:;,.]")
PIPS = ("blank", "one", "two", "three", "four", "five", "six")


def spoken(high: str, low: str) -> str:
    """A tile as the hand names it: "three-two", "double four"."""
    return f"double {PIPS[int(high)]}" if high == low else f"{PIPS[int(high)]}-{PIPS[int(low)]}"


def test_a_hand_played_by_the_hint_is_graded_best_at_every_choice(player: Player, page: Page) -> None:
    """Hint and Review are one advisor: a player who follows the hint at
    every turn of a hand finds every choice graded Best in its review, in
    the hint's own words."""
    player.start_match(seed=44, seats=(("You", "Person"), ("Computer", "Beginner")))
    player.set_computer_speed("Fast")
    hints: list[str] = []
    while True:
        player.wait_for_turn()
        if player.hand_is_over():
            break
        page.get_by_role("button", name="Hint").click()
        expect(player.prompt).to_have_text(HINTED, timeout=REVIEW_TIMEOUT_MS)
        said = player.prompt.inner_text()
        hints.append(said)
        found = HINTED.match(said)
        assert found is not None, said
        high, low, end = found.groups()
        before = player.log.count()
        name = player.choose_tile(player.hand.get_by_role("button", name=re.compile(rf"^{spoken(high, low)}\b")))
        if SEVERAL_ENDS.search(name):
            assert end is not None, f"the hint names no end for {name}"
            player.board.get_by_role("button", name=re.compile(rf"^Play on the {end} end")).click()
        expect(player.log).not_to_have_count(before)
    assert any("points more by the end of the hand" in h or "about as good" in h for h in hints), hints
    player.dialog(HAND_OVER).get_by_role("button", name="Review").click()
    review = player.dialog(REVIEW_TITLE)
    expect(review.get_by_role("button", name="Back to the summary")).to_be_visible(timeout=REVIEW_TIMEOUT_MS)
    rows = review.get_by_role("listitem")
    assert rows.count() >= 1
    for text in rows.all_inner_texts():
        assert re.match(r"^Best\s+Move \d+: you played .+, the best move\.$", text), text
