"""What the end of a hand scores, and who has won the match then: the
rules' hand-end options (``subtract-own``, ``winner-takes``, ``chip-out``),
rounding and marking, as pure functions of the rules and the pips left."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .rules import Rules

__all__ = ["HandCount", "hand_count", "hand_end_change", "match_winner"]


@dataclass(frozen=True, slots=True)
class HandCount:
    """What the end of a hand counted, as the rules score it.

    ``pips`` is each seat's remaining pips and ``side_pips`` each side's
    total. Under ``marking="count"`` every rounded figure is written as one
    point per five (15 pips: 3). ``rounded`` is each seat's pips rounded to 5 on their own where
    the rule rounds them so ("subtract-own"), and ``None`` where it rounds
    only a total ("winner-takes": the scorer takes the others' pips,
    totalled, then rounded). ``scorer`` is the side that takes the others'
    pips (``None`` under "subtract-own", and in a blocked hand tied for
    fewest); ``change`` is how each side's score moves."""

    pips: tuple[int, ...]
    side_pips: tuple[int, ...]
    rounded: tuple[int, ...] | None
    scorer: int | None
    change: tuple[int, ...]


def hand_count(rules: Rules, pips: Sequence[int], out: int | None) -> HandCount:
    """What the end of a hand counts: see :class:`HandCount` and
    :func:`hand_end_change`.

    >>> hand_count(Rules(hand_end="winner-takes"), (0, 7), 0).change
    (5, 0)
    """
    sides = rules.sides
    side_pips = [0] * sides
    for seat, p in enumerate(pips):
        side_pips[rules.side_of(seat)] += p
    change = [0] * sides
    if rules.hand_end == "chip-out":
        # One point for going out; a blocked hand scores nothing.
        chipped = None if out is None else rules.side_of(out)
        if chipped is not None:
            change[chipped] = 1
        return HandCount(tuple(pips), tuple(side_pips), None, chipped, tuple(change))
    if rules.hand_end == "subtract-own":
        rounded = tuple(rules.hand_points(p) for p in pips)
        for seat, r in enumerate(rounded):
            change[rules.side_of(seat)] -= r
        return HandCount(tuple(pips), tuple(side_pips), rounded, None, tuple(change))
    scorer: int | None
    if out is not None:
        scorer = rules.side_of(out)
    else:
        fewest = min(side_pips)
        lowest = [s for s in range(sides) if side_pips[s] == fewest]
        scorer = lowest[0] if len(lowest) == 1 else None
    if scorer is not None:
        change[scorer] = rules.hand_points(sum(side_pips) - side_pips[scorer])
    return HandCount(tuple(pips), tuple(side_pips), None, scorer, tuple(change))


def hand_end_change(rules: Rules, pips: Sequence[int], out: int | None) -> tuple[int, ...]:
    """How each side's score changes when the hand ends.

    "subtract-own": every player's pips, rounded to the nearest 5 on their
    own, come off their side's score. "winner-takes": the side that went out
    scores the opponents' pips, totalled and then rounded; in a blocked hand
    the side with the fewest pips scores the others' total, and a tie for
    fewest scores nothing. "chip-out": one point to the side that went out
    (every partner out, in partnerships); a blocked hand scores nothing.
    Under ``marking="count"`` pips are written one point per five.
    """
    sides = rules.sides
    change = [0] * sides
    if rules.hand_end == "subtract-own":
        for seat, p in enumerate(pips):
            change[rules.side_of(seat)] -= rules.hand_points(p)
        return tuple(change)
    return hand_count(rules, pips, out).change


def match_winner(rules: Rules, scores: Sequence[int]) -> int | None:
    """After a hand's end scoring: the side that has won, if any. Under
    "hand-end" the highest side at or over the target wins; a tie plays on."""
    target = rules.points_to_win
    best = max(scores)
    if best < target:
        return None
    leaders = [s for s, v in enumerate(scores) if v == best]
    return leaders[0] if len(leaders) == 1 else None
