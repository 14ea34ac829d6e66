"""The coach on the game page: from a hand's summary, "Review" has the
Expert weigh each of the player's choices in that hand (in slices, so the
page never freezes, with a progress bar and Cancel), then shows a line for
the hand, a line for its luck and a row for each decision, its grade in a
word and a colour (in hot-seat, each person's under their name), and
"Step through it" opens the match in the replay
(embed.html, in a new tab) with each decision marked there (in hot-seat,
a link under each name, from that person's seat). The review is
kept with the game, so asking again shows it at once. Closing it goes back
to the hand's summary.

The judging is :mod:`allfives.review` (its steps from :mod:`table.coaching`, run
in slices by :class:`table.work.Slices`); the words are :mod:`table.coach_words`."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from pyscript import document, window

from game.history import History
from page.dom import by_id, el, js_object
from table import coach_words
from table.controller import Game, think

if TYPE_CHECKING:
    from allfives.review import HandReview

    from game.roles import Table
    from table.i18n import Translator

__all__ = ["can_review", "show_review"]

#: The Expert's weighing of a hand, from Review to its end (finished, or
#: given up at the first slice after Cancel), as a performance measure: the
#: browser's performance tools show it, and the browser tests read its end to
#: know that a cancelled review has really stopped.
REVIEW_MEASURE: Final = "allfives:review"
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
    """A review speaks to the people at the table: a game with a person in
    it (in hot-seat, each person's decisions under their name)."""
    return bool(game.people)


async def show_review(page: Table, game: Game, hand: int, back: Callable[[], None]) -> None:
    """Review hand ``hand`` of ``game`` for its people; ``back`` reopens the
    hand's summary when the review closes (finished or cancelled)."""
    t = page.t
    people = game.people
    work = page.state.ticket()

    def closed(_value: str) -> None:
        work.cancel()
        back()

    result = game.review_kept_of(hand)
    if result is None:
        reviewing = game.review_of_hand(hand)
        bar = el("progress", None, max="100", value="0", aria_label=t("review_progress"))
        page.open_dialog(
            t("review_title", hand=hand), [el("p", t("reviewing")), bar], [("cancel", t("cancel"))], closed
        )

        def still_wanted() -> bool:
            bar.value = str(round(100 * reviewing.progress))
            return work.live

        performance = window.performance
        started = performance.now()
        try:
            result = await think(reviewing, still_wanted)
        finally:
            performance.measure(REVIEW_MEASURE, js_object({"start": started}))
        if result is None or not work.live:
            return
        game.keep_review(result)  # kept with the game: asked again, it is shown at once
        page.save()
        History(page.store).keep_review(game)  # and with the match in the history, once it is there
    else:
        page.open_dialog(t("review_title", hand=hand), [], [("cancel", t("cancel"))], closed)
    (reviewed,) = result.hands
    sides = [game.side_name(side) for side in range(game.rules.sides)]
    # The luck is said to the people's side, or to onlookers where they sit on several.
    their_sides = {game.rules.side_of(seat) for seat in people}
    luck = coach_words.luck_line(t, reviewed, sides, their_sides.pop() if len(their_sides) == 1 else None)
    if len(people) == 1:
        (seat,) = people
        said = coach_words.hand_summary(t, reviewed, seat)
        body: list[Any] = [el("p", said, class_="review-summary")]
        if luck:
            body.append(el("p", luck, class_="review-luck"))
        listing = decisions(t, reviewed, seat)
        if listing is not None:
            body.append(listing)
        any_rows = listing is not None
    else:
        # Hot-seat: each person's summary and decisions, under their name.
        body = [el("p", luck, class_="review-luck")] if luck else []
        spoken = []
        any_rows = False
        for seat in people:
            name = game.seats[seat].name
            summary = coach_words.hand_summary(t, reviewed, seat)
            spoken.append(t("review_person", name=name, summary=summary))
            part = el("section", None, class_="review-person", aria_labelledby=f"review-person-{seat}")
            part.append(el("h3", name, id=f"review-person-{seat}"))
            part.append(el("p", summary, class_="review-summary"))
            listing = decisions(t, reviewed, seat)
            if listing is not None:
                part.append(listing)
                any_rows = True
            # Each person steps through the hand from their own seat, their tiles face up.
            link = game.reviewed_link(str(window.location.href), hand, lang=t.language, seat=seat)
            part.append(step_through(t("review_step_through_as", name=name), link))
            body.append(part)
        said = " ".join(spoken)
    if any_rows:
        body.append(el("p", t("review_values"), class_="review-note"))
    by_id("dialog-body").replaceChildren(*body)
    button = el("button", t("back_to_summary"), value="back", type="submit")
    button.formNoValidate = True
    if len(people) == 1:
        link = game.reviewed_link(str(window.location.href), hand, lang=t.language)
        by_id("dialog-buttons").replaceChildren(button, step_through(t("review_step_through"), link))
    else:
        by_id("dialog-buttons").replaceChildren(button)
    button.focus()
    page.announce(said)


def step_through(label: str, link: str) -> Any:
    """A link opening ``link`` (the hand in the replay) in a new tab."""
    return el("a", label, href=link, target="_blank", rel="noopener", class_="btn")


def decisions(t: Translator, reviewed: HandReview, seat: int) -> Any | None:
    """``seat``'s decisions in the hand, a graded row each, as a list (None if it had no choice)."""
    rows = [coach_words.decision_row(t, judgement) for judgement in reviewed.of(seat)]
    if not rows:
        return None
    listing = el("ol", None, class_="review-decisions")
    for row in rows:
        item = el("li", None, class_=f"review-decision grade-{row.grade}")
        item.append(el("span", row.grade_word, class_="grade"))
        item.append(kept_whole(" " + row.text))
        listing.append(item)
    return listing
