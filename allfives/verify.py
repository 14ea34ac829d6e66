"""Verifying a record's deals against their seeds.

A hand dealt from a seed (:meth:`allfives.Deal.from_seed`) carries the seed
in the record. Dealing it again must give the same tiles to every seat, the
same leader where chance chose it, and the same boneyard in the same order;
and every tile drawn in the hand must be the next tile of that boneyard. When
all of that holds, the deal and every draw were fixed by the seed, and the
seed's fingerprint, shown when the hand started, fixed the seed: nothing was
changed after the first move. What this does and does not prove is in
docs/rules.md ("Verifiable deals").

>>> from allfives import Match, Rules, record
>>> match = Match(Rules(hand_size=3))
>>> _ = match.deal_seed("7/hand/1")
>>> [check.line for check in verify(record.to_record(match))]
['hand 1: verified (seed "7/hand/1", fingerprint 2ab32222a1a7e91c)']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .events import Drew
from .match import Deal, HandHistory, Match, fingerprint
from .record import from_record
from .tiles import Tile

__all__ = ["Check", "all_verified", "verify"]


@dataclass(frozen=True, slots=True)
class Check:
    """What was found for one hand: ``verified`` is True when the seed gives
    the deal and its draws, False when it does not, and None when the hand
    has no seed (a record from before deals carried one). ``line`` says it."""

    hand: int
    verified: bool | None
    line: str


def verify(data: object) -> list[Check]:
    """One check per hand of the record ``data`` (the parsed JSON, or its
    text); a hand whose seed does not give its deal may have several, one
    per difference. A record that cannot be read raises
    :class:`allfives.record.RecordError`."""
    match = from_record(data)
    checks: list[Check] = []
    for index, hand in enumerate(match.history):
        checks.extend(_check_hand(match, index, hand))
    return checks


def all_verified(checks: Sequence[Check]) -> bool:
    """Whether there was a hand to check, and every one was verified."""
    return bool(checks) and all(check.verified for check in checks)


def _check_hand(match: Match, index: int, hand: HandHistory) -> list[Check]:
    number = hand.number
    seed = hand.deal.seed
    if seed is None:
        return [
            Check(number, None, f"hand {number}: no seed (dealt before deals carried one), so it cannot be checked")
        ]
    # Whether chance chose this hand's leader is the engine's rule, read
    # from the match as it stood before the deal.
    by_chance = match.until(index).leader_by_chance
    dealt = Deal.from_seed(match.rules, seed, choose_leader=by_chance)
    where = f'hand {number}: the seed "{seed}"'
    failures: list[str] = []
    for seat, (expected, recorded) in enumerate(zip(dealt.hands, hand.deal.hands, strict=True)):
        # A seat's tiles are a set: the order they are held in changes nothing.
        if sorted(expected) != sorted(recorded):
            failures.append(
                f"{where} deals seat {seat + 1} {_tiles(expected)}, but the record gives it {_tiles(recorded)}"
            )
    if dealt.boneyard != hand.deal.boneyard:
        failures.append(
            f"{where} leaves the boneyard {_tiles(dealt.boneyard)} in this order, "
            f"but the record's is {_tiles(hand.deal.boneyard)}"
        )
    if by_chance and dealt.leader != hand.deal.leader:
        recorded_leader = "nobody" if hand.deal.leader is None else f"seat {hand.deal.leader + 1}"
        failures.append(f"{where} chooses seat {(dealt.leader or 0) + 1} to lead, but the record has {recorded_leader}")
    drawn = [event.tile for event in hand.events if isinstance(event, Drew) and event.tile is not None]
    if list(dealt.boneyard[: len(drawn)]) != drawn:
        failures.append(f"{where}: the tiles drawn, {_tiles(drawn)}, are not the boneyard's first tiles in order")
    if failures:
        return [Check(number, False, line) for line in failures]
    return [Check(number, True, f'hand {number}: verified (seed "{seed}", fingerprint {fingerprint(seed)})')]


def _tiles(tiles: Sequence[Tile]) -> str:
    return " ".join(str(t) for t in tiles) or "nothing"
