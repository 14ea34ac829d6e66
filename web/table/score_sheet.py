"""The score sheet: a row per hand of a match, read from its history, for
the summary's sheet and the match's story. Browser-free."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from allfives import HandHistory, Played, Rules

__all__ = ["SheetRow", "sheet_of"]


@dataclass(slots=True)
class SheetRow:
    """A line of the score sheet."""

    hand: int
    play: list[int]
    change: list[int] | None
    scores: list[int]


def sheet_of(rules: Rules, history: Sequence[HandHistory]) -> list[SheetRow]:
    """One row per hand of ``history``: the points each side scored in
    play, the end of hand change (None while the hand is in play), and the
    scores after."""
    rows: list[SheetRow] = []
    for hand in history:
        play = [0] * rules.sides
        for event in hand.events:
            if isinstance(event, Played):
                play[rules.side_of(event.seat)] += event.points
        ended = hand.ended
        change = None if ended is None else list(ended.change)
        rows.append(SheetRow(hand.number, play, change, list(hand.scores_after)))
    return rows
