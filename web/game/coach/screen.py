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
in slices by :class:`table.work.Slices`); the dialog's markup is
:mod:`game.coach.words`, its words :mod:`table.coach_words`."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from game.coach.words import PROGRESS, review_markup, working_markup
from game.history.model import History
from page import browser
from page.dom import draw
from table.game import Game, think

if TYPE_CHECKING:
    from game.roles import Playing

__all__ = ["can_review", "show_review"]

#: The Expert's weighing of a hand, from Review to its end (finished, or
#: given up at the first slice after Cancel), as a performance measure: the
#: browser's performance tools show it, and the browser tests read its end to
#: know that a cancelled review has really stopped.
REVIEW_MEASURE: Final = "allfives:review"


def can_review(game: Game) -> bool:
    """A review speaks to the people at the table: a game with a person in
    it (in hot-seat, each person's decisions under their name)."""
    return bool(game.people)


async def show_review(page: Playing, game: Game, hand: int, back: Callable[[], None]) -> None:
    """Review hand ``hand`` of ``game`` for its people; ``back`` reopens the
    hand's summary when the review closes (finished or cancelled)."""
    t = page.t
    work = page.state.ticket()

    def closed(_value: str) -> None:
        work.cancel()
        back()

    result = game.review_kept_of(hand)
    if result is None:
        reviewing = game.review_of_hand(hand)
        body = working_markup(t("reviewing"), t("review_progress"))
        page.open_dialog(t("review_title", hand=hand), body, [("cancel", t("cancel"))], closed)

        def still_wanted() -> bool:
            page.progress(PROGRESS, reviewing.progress)
            return work.live

        started = browser.timing.now()
        try:
            result = await think(reviewing, still_wanted)
        finally:
            browser.timing.measure(REVIEW_MEASURE, started)
        if result is None or not work.live:
            return
        game.keep_review(result)  # kept with the game: asked again, it is shown at once
        page.save()
        History(page.store).keep_review(game)  # and with the match in the history, once it is there
    else:
        page.open_dialog(t("review_title", hand=hand), [], [("cancel", t("cancel"))], closed)
    (reviewed,) = result.hands
    shown = review_markup(t, game, reviewed, browser.address().href)
    draw("dialog-body", shown.body)
    draw("dialog-buttons", shown.buttons)
    page.focus("#dialog-buttons button", over_dialog=True)
    page.announce(shown.said)
