"""What the board says in the player's language: one place for the game,
the replay and the poster, so the three cannot drift apart."""

from __future__ import annotations

from allfives import End, OpenEnd

from table import board
from table.i18n import Translator


def end_words(t: Translator, end: OpenEnd) -> str:
    """One open end as the ends line says it: its number, and what it counts
    where that is not just its number (the engine's
    :meth:`~allfives.Layout.open_end_counts` decides which)."""
    where = t("end_" + end.end.name)
    if end.waiting:
        key = "end_waiting"
    elif end.shared:
        key = "end_shared"
    elif end.double:
        key = "end_double"
    else:
        key = "end_plain"
    return t(key, end=where, pips=t.number(end.pips), counts=t.number(end.counts))


def board_labels(t: Translator) -> board.Labels:
    """What the board says, in ``t``'s language: a tile's name, a drop
    target's name, an end ring's description and the layout's summary."""

    def target(end: End, points: int | None) -> str:
        where = t("end_" + end.name)
        return t("target_scores", end=where, points=points) if points else t("target_play", end=where)

    def layout(count: int, total: int) -> str:
        return t("layout_summary", count=count, total=total) if count else t("layout_empty")

    return board.Labels(tile=t.tile, target=target, layout=layout, end=lambda end: end_words(t, end))
