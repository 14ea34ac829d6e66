"""The end of a hand and of the match on screen: the hand's summary (each
player's tiles left drawn as tiles, what they counted, each side's score),
"Look at the table", which closes it without dealing and leaves the Next
hand button under the table, and the match's story (its scores hand by hand
and the best hand). What they say comes from :mod:`story`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from allfives import HandEnded

from game import deal_proof, landing, story, words
from game.coach import screen as coach_screen
from game.dialogs import screen as dialogs_screen
from game.dialogs import words as dialogs_words

if TYPE_CHECKING:
    from game.roles import Playing

__all__ = ["deal_next", "install", "render_next", "show_hand_end", "show_match_end"]


def install(page: Playing) -> None:
    """The Next hand button under the table (index.html) deals the next hand."""
    page.listen("#next-hand", lambda _data: deal_next(page))


def render_next(page: Playing) -> None:
    """The Next hand button shows while a hand has ended and its summary was
    closed to look at the table; the summary's own Next hand does the same."""
    game = page.game
    waits = game is not None and game.needs_deal and game.dealt and not game.is_over
    waits = waits and game is not None and game.daily is None  # a daily deal is one hand
    page.reveal("next-hand", waits and not page.state.busy and not page.state.waiting)


def deal_next(page: Playing) -> None:
    """Deal the next hand, once the one on the table has ended."""
    game = page.game
    if game is None or not game.needs_deal or game.is_over or page.state.busy:
        return
    page.state.revealed = None
    page.apply_events(game.start())
    page.save()
    page.render()
    page.after_move()


def show_hand_end(page: Playing) -> None:
    """The hand's summary. Next hand deals; Look at the table (and Escape)
    closes it and leaves the finished table, with Next hand under it."""
    game = page.game
    assert game is not None
    end = next((e for e in reversed(game.hand_log) if isinstance(e, HandEnded)), None)
    if end is None:
        return
    said = story.hand_summary(page.t, game, end, game.view(page.shown_seat()).shown)
    body = dialogs_words.hand_end_markup(said, deal_proof.check_this_deal(page.t, game.history, end.hand))

    def done(value: str) -> None:
        if value == dialogs_screen.DAILY_RESULT:
            return  # game.daily.screen answers it
        if value == "review" and page.game is game:
            page.spawn(coach_screen.show_review(page, game, end.hand, lambda: show_hand_end(page)))
        elif value == "next" and page.game is game:
            deal_next(page)
        else:  # Look at the table, or Escape: the table stays as it ended, Next hand under it
            render_next(page)
            page.dialog_return = "#next-hand"

    first = (
        ("next", page.t("next_hand"))
        if game.daily is None
        else (dialogs_screen.DAILY_RESULT, page.t("daily_see_result"))
    )
    buttons = [first, ("look", page.t("look_at_table"))]
    if coach_screen.can_review(game):
        buttons.append(("review", page.t("review")))
    page.open_dialog(landing.hand_over(page.t, game, end.hand), body, buttons, done)


def show_match_end(page: Playing) -> None:
    """The match's end: who won, the final scores, the match hand by hand and its best hand."""
    game = page.game
    assert game is not None
    result = game.result()
    assert result is not None
    winner, _scores = result
    said = words.said_to_you(page.t, game, "winner", game.rules.seats_of(winner))
    body = dialogs_words.match_end_markup(page.t(said, name=game.side_name(winner)), story.match_story(page.t, game))

    last_hand = game.hands_dealt

    def done(value: str) -> None:
        if value == "new":
            dialogs_screen.show_new_match(page)
        elif value == "review" and page.game is game:
            page.spawn(coach_screen.show_review(page, game, last_hand, lambda: show_match_end(page)))

    buttons = [("new", page.t("new_match"))]
    if coach_screen.can_review(game) and last_hand:
        buttons.append(("review", page.t("review_last_hand")))
    buttons.append(("close", page.t("close")))
    page.open_dialog(page.t("match_over"), body, buttons, done)
