"""What the board says in the player's language: one place for the game,
the replay and the poster, so the three cannot drift apart. :class:`Labels`
is what :mod:`table.board` asks for; :data:`ENGLISH` its words before a
language is chosen (and a developer's)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from allfives import End, OpenEnd, Tile

from table.i18n import Translator

__all__ = ["ENGLISH", "Labels", "board_labels", "end_name", "end_words", "tile_name"]

_NAMES: Final = ("blank", "one", "two", "three", "four", "five", "six")
_END_NAMES: Final = {End.W: "West", End.E: "East", End.N: "North", End.S: "South"}


def tile_name(tile: Tile) -> str:
    """The tile's spoken name: ``five-three``, ``six-blank``, ``double four``."""
    if tile.is_double:
        return f"double {_NAMES[tile.high]}"
    return f"{_NAMES[tile.high]}-{_NAMES[tile.low]}"


def end_name(end: End) -> str:
    """``West``, ``East``, ``North`` or ``South``."""
    return _END_NAMES[end]


def _target_words(end: End, points: int | None) -> str:
    return f"Play on the {end_name(end)} end" + (f", scores {points}" if points else "")


def _layout_words(count: int, total: int) -> str:
    return "The layout: no tiles yet" if not count else f"The layout: {count} tiles, the ends count {total}"


def _end_words(end: OpenEnd) -> str:
    where = end_name(end.end)
    if end.waiting:
        return f"{where} {end.pips} (not counting yet)"
    if end.shared:
        return f"{where} {end.pips} (the same double)"
    if end.double:
        return f"{where} {end.pips}-{end.pips} counts {end.counts}"
    return f"{where} {end.pips}"


@dataclass(frozen=True, slots=True)
class Labels:
    """What the board says in the player's language: a tile's name, a drop
    target's name, an end ring's description (its tooltip) and the layout's
    summary."""

    tile: Callable[[Tile], str] = tile_name
    target: Callable[[End, int | None], str] = _target_words
    layout: Callable[[int, int], str] = _layout_words
    end: Callable[[OpenEnd], str] = _end_words


ENGLISH: Final = Labels()


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


def board_labels(t: Translator) -> Labels:
    """What the board says, in ``t``'s language: a tile's name, a drop
    target's name, an end ring's description and the layout's summary."""

    def target(end: End, points: int | None) -> str:
        where = t("end_" + end.name)
        return t("target_scores", end=where, points=points) if points else t("target_play", end=where)

    def layout(count: int, total: int) -> str:
        return t("layout_summary", count=count, total=total) if count else t("layout_empty")

    return Labels(tile=t.tile, target=target, layout=layout, end=lambda end: end_words(t, end))
