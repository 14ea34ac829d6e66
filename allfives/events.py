"""What happened: the events a match reports, for the UI to animate and the log
and ``python -m allfives replay`` to print. The UI never diffs states."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from .tiles import Move, Tile

__all__ = [
    "Called",
    "Claimed",
    "Drew",
    "Event",
    "HandEnded",
    "HandStarted",
    "LetPass",
    "MatchEnded",
    "Passed",
    "Played",
]


@dataclass(frozen=True, slots=True)
class HandStarted:
    hand: int
    leader: int

    def to_json(self) -> dict[str, Any]:
        return {"event": "hand_start", "hand": self.hand, "leader": self.leader}


@dataclass(frozen=True, slots=True)
class Drew:
    """``seat`` could not play and drew ``tile`` from the boneyard. In another
    seat's view the tile is hidden: ``None``."""

    seat: int
    tile: Tile | None

    def to_json(self) -> dict[str, Any]:
        return {"event": "draw", "seat": self.seat, "tile": None if self.tile is None else str(self.tile)}


@dataclass(frozen=True, slots=True)
class Passed:
    """``seat`` could not play and the boneyard was empty, or knocked (under
    ``boneyard="closed"`` nobody draws)."""

    seat: int

    def to_json(self) -> dict[str, Any]:
        return {"event": "pass", "seat": self.seat}


@dataclass(frozen=True, slots=True)
class Played:
    """``seat`` played ``move``; the ends then totalled ``total`` and the
    seat's side scored ``points`` (what the rules count for that total: by
    All Fives' rules, 0 unless a positive multiple of 5). ``over``: the count
    would have passed a target that must be reached exactly, so it was not
    counted. ``waits`` (under ``claims="called"``): ``points`` is the count
    the play made, not yet scored: it waits for its player's claim
    (:class:`Claimed`), and ``scores`` are as before the play."""

    seat: int
    move: Move
    total: int
    points: int
    scores: tuple[int, ...]
    over: bool = False
    waits: bool = False

    def to_json(self) -> dict[str, Any]:
        end = None if self.move.end is None else self.move.end.name
        return (
            {
                "event": "play",
                "seat": self.seat,
                "tile": str(self.move.tile) if self.move.end is not None else str(self.move),
                "end": end,
                "total": self.total,
                "points": self.points,
                "scores": list(self.scores),
            }
            | ({"over": True} if self.over else {})
            | ({"waits": True} if self.waits else {})
        )


@dataclass(frozen=True, slots=True)
class Claimed:
    """``seat`` claimed ``count`` for its play, which made ``made``; its
    side scored ``points``: the claim when it is no more than the count
    made, nothing when it is more (``over``: a target that must be reached
    exactly would have been passed, so nothing was counted)."""

    seat: int
    count: int
    made: int
    points: int
    scores: tuple[int, ...]
    over: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "event": "claim",
            "seat": self.seat,
            "count": self.count,
            "made": self.made,
            "points": self.points,
            "scores": list(self.scores),
        } | ({"over": True} if self.over else {})


@dataclass(frozen=True, slots=True)
class Called:
    """``seat`` called "Muggins" on ``player``'s claim and its side scored
    ``points``: the count missed (``reason`` "missed"), or the overstatement
    as a penalty ("overstated"); ``over`` as for :class:`Claimed`."""

    seat: int
    player: int
    reason: Literal["missed", "overstated"]
    points: int
    scores: tuple[int, ...]
    over: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "event": "muggins",
            "seat": self.seat,
            "player": self.player,
            "reason": self.reason,
            "points": self.points,
            "scores": list(self.scores),
        } | ({"over": True} if self.over else {})


@dataclass(frozen=True, slots=True)
class LetPass:
    """``seat`` did not call "Muggins" on ``player``'s wrong claim."""

    seat: int
    player: int

    def to_json(self) -> dict[str, Any]:
        return {"event": "let_pass", "seat": self.seat, "player": self.player}


@dataclass(frozen=True, slots=True)
class HandEnded:
    """The hand is over: someone went out (``"domino"``) or nobody could play
    (``"blocked"``). ``pips`` is per seat; ``change`` and ``scores`` per side."""

    hand: int
    reason: Literal["domino", "blocked"]
    out: int | None
    pips: tuple[int, ...]
    change: tuple[int, ...]
    scores: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "event": "hand_end",
            "hand": self.hand,
            "reason": self.reason,
            "out": self.out,
            "pips": list(self.pips),
            "change": list(self.change),
            "scores": list(self.scores),
        }


@dataclass(frozen=True, slots=True)
class MatchEnded:
    """``winner`` (a side) reached the target."""

    winner: int
    scores: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"event": "match_end", "winner": self.winner, "scores": list(self.scores)}


Event = HandStarted | Drew | Passed | Played | Claimed | Called | LetPass | HandEnded | MatchEnded
