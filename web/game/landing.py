"""What the page shows while the engine's events land one after another:
the table before the draws still to come have arrived, whether the hands
left are shown yet, and the words of the header (whose turn it is, who is
drawing). Pure Python (no DOM), so pytest runs it on CPython; the timing
lives in :mod:`pacing`.

The engine has already made the whole move when the page starts to show it:
a draw "still to come" is only held back from the screen for a moment, so
each tile can be seen arriving. Nothing here decides a rule: the tiles, the
counts and the hands left all come from the :class:`~allfives.view.SeatView`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from allfives import Drew, HandEnded, Tile
from allfives.view import SeatView

from game import words
from table.game import Game
from table.i18n import Translator

__all__ = ["draw_status", "hand_over", "hands_left_label", "pips_left", "seat_status", "staged", "turn_status"]


def staged(seen: SeatView, pending: Sequence[Drew], *, reveal: bool) -> SeatView:
    """``seen`` as it looked before the ``pending`` draws (already made)
    arrived: the tiles drawn are back in the boneyard, nobody may move yet;
    and the hands left are shown only once ``reveal`` says the last move
    has landed."""
    if not pending and (reveal or not seen.shown):
        return seen
    sizes = list(seen.hand_sizes)
    mine = [e.tile for e in pending if e.seat == seen.seat and e.tile is not None]
    for event in pending:
        sizes[event.seat] -= 1
    hand = tuple(t for t in seen.hand if t not in mine)
    return replace(
        seen,
        hand=hand,
        hand_sizes=tuple(sizes),
        boneyard_size=seen.boneyard_size + len(pending),
        legal_moves=() if pending else seen.legal_moves,
        shown=seen.shown if reveal else (),
    )


def hand_over(t: Translator, game: Game, hand: int) -> str:
    """That hand ``hand`` is over: the daily deal says it is the daily (it is
    one hand, with no "hand 1" to count)."""
    return t("daily_over") if game.daily is not None else t("hand_over", hand=hand)


def turn_status(t: Translator, game: Game) -> str:
    """The header's line: whose turn it is, or that the hand or match is over."""
    if game.is_over:
        return t("match_over")
    if game.needs_deal:
        return hand_over(t, game, game.hands_dealt) if game.dealt else ""
    seat = game.to_move
    if seat is None:
        return ""
    return seat_status(t, game, seat)


def seat_status(t: Translator, game: Game, seat: int) -> str:
    """ "Ben to play", or "Your turn"."""
    return t(words.said_to_you(t, game, "status_turn", [seat]), name=game.seats[seat].name)


def draw_status(t: Translator, game: Game, seat: int, count: int) -> str:
    """ "Ben cannot play: draws 2 tiles", as the tiles arrive."""
    key = words.said_to_you(t, game, "status_draws", [seat])
    return t(key, name=game.seats[seat].name, count=count)


def pips_left(t: Translator, end: HandEnded | None, seat: int) -> str:
    """What a seat's hand counts at the end of the hand: "9 pips left"."""
    if end is None:
        return ""
    return t("pips_left", count=end.pips[seat])


def hands_left_label(t: Translator, name: str, tiles: Sequence[Tile]) -> str:
    """The accessible name of a hand shown face up: "Ben holds six-four, three-one"."""
    if not tiles:
        return t("holds_nothing", name=name)
    return t("holds", name=name, tiles=", ".join(t.tile(tile) for tile in tiles))
