"""The coach on the game page: from a hand's summary, "Review" has the
Expert weigh each of the player's choices in that hand (in slices, so the
page never freezes, with a progress bar and Cancel), then shows a line for
the hand, a line for its luck and a row for each decision, its grade in a
word and a colour. Closing it goes back to the hand's summary.

The judging is :mod:`allfives.review` (through the controller's
:class:`~table.controller.Reviewing`); the words are :mod:`game.coach_words`."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from pyscript import document

from game import coach_words
from page.dom import by_id, el
from table.controller import Game, think

if TYPE_CHECKING:
    from game.main import Page

__all__ = ["can_review", "show_review"]

#: A tile's name in a line ("1-1"), which must not break at its hyphen ("1-" / "1").
TILE_NAME: Final = re.compile(r"\b[0-6]-[0-6]\b")


def kept_whole(text: str) -> Any:
    """A span of ``text`` whose tile names are each kept on one line."""
    span = el("span")
    at = 0
    for found in TILE_NAME.finditer(text):
        span.append(document.createTextNode(text[at : found.start()]))
        span.append(el("span", found.group(), class_="tile-name"))
        at = found.end()
    span.append(document.createTextNode(text[at:]))
    return span


def can_review(game: Game) -> bool:
    """A review speaks to one player: a game with one person in it."""
    return len(game.people) == 1


async def show_review(page: Page, game: Game, hand: int, back: Callable[[], None]) -> None:
    """Review hand ``hand`` of ``game`` for its person; ``back`` reopens the
    hand's summary when the review closes (finished or cancelled)."""
    t = page.t
    seat = game.people[0]
    reviewing = game.review_of_hand(hand)
    bar = el("progress", None, max="100", value="0", aria_label=t("review_progress"))
    state = {"running": True}

    def closed(_value: str) -> None:
        state["running"] = False
        back()

    page.open_dialog(t("review_title", hand=hand), [el("p", t("reviewing")), bar], [("cancel", t("cancel"))], closed)

    def still_wanted() -> bool:
        bar.value = str(round(100 * reviewing.progress))
        return state["running"] and page.game is game

    result = await think(reviewing, still_wanted)
    if result is None or not state["running"]:
        return
    (reviewed,) = result.hands
    body: list[Any] = [el("p", coach_words.hand_summary(t, reviewed, seat), class_="review-summary")]
    luck = coach_words.luck_line(t, game, reviewed, seat)
    if luck:
        body.append(el("p", luck, class_="review-luck"))
    rows = [coach_words.decision_row(t, judgement) for judgement in reviewed.of(seat)]
    if rows:
        listing = el("ol", None, class_="review-decisions")
        for row in rows:
            item = el("li", None, class_=f"review-decision grade-{row.grade}")
            item.append(el("span", row.grade_word, class_="grade"))
            item.append(kept_whole(" " + row.text))
            listing.append(item)
        body.append(listing)
        body.append(el("p", t("review_values"), class_="review-note"))
    by_id("dialog-body").replaceChildren(*body)
    button = el("button", t("back_to_summary"), value="back", type="submit")
    button.formNoValidate = True
    by_id("dialog-buttons").replaceChildren(button)
    button.focus()
    page.announce(coach_words.hand_summary(t, reviewed, seat))
