"""What one seat may see: its own hand, the layout, how many tiles everyone
holds and the boneyard has, the scores, and the public history of the hand
(other seats' draws without their tiles), and, once the hand is over, every
hand, for the tiles left are counted in the open. The computer players decide
from a :class:`SeatView` alone; that is what makes them honest."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .claims import Waiting
from .events import Drew, Event, Played
from .hand import points_for
from .layout import Layout
from .match import Match
from .rules import Rules
from .tiles import TILES, Move, Tile

__all__ = ["SeatView", "view_of"]


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: int
    rules: Rules
    hand: tuple[Tile, ...]
    layout: Layout
    to_move: int | None
    hand_sizes: tuple[int, ...]
    boneyard_size: int
    scores: tuple[int, ...]
    hand_number: int
    leader: int
    history: tuple[Event, ...]
    legal_moves: tuple[Move, ...]
    #: Every seat's tiles once the hand is over (the end of a hand counts
    #: them in the open); empty while it is in play.
    shown: tuple[tuple[Tile, ...], ...] = ()
    #: Under ``claims="called"``: the play's count waiting for its claim,
    #: or the claim waiting for the opponents' calls (every seat sees it:
    #: the count is on the board); None otherwise.
    waiting: Waiting | None = None

    @property
    def step(self) -> Literal["play", "claim", "call"] | None:
        """What this seat is to do, when it is to move: ``"play"``,
        ``"claim"`` or ``"call"`` (:attr:`allfives.Match.step`)."""
        if self.to_move != self.seat:
            return None
        if self.waiting is None:
            return "play"
        return "claim" if self.waiting.claimed is None else "call"

    @property
    def side(self) -> int:
        return self.rules.side_of(self.seat)

    def points_for(self, move: Move) -> int:
        """What a legal ``move`` would score by the rules (under
        ``finish="exact"``, nothing if it would pass the target)."""
        points = points_for(self.layout, move, self.rules)
        if points and self.rules.finish == "exact" and self.scores[self.side] + points > self.rules.points_to_win:
            return 0
        return points

    @property
    def last_played(self) -> Tile | None:
        """The tile played last in the hand (what a board marks), or None."""
        return next((e.move.tile for e in reversed(self.history) if isinstance(e, Played)), None)

    def unseen(self) -> tuple[Tile, ...]:
        """The tiles this seat cannot see: in other hands or the boneyard."""
        seen = set(self.hand) | set(self.layout.tiles())
        return tuple(t for t in TILES if t not in seen)


def view_of(match: Match, seat: int) -> SeatView:
    """The view of the hand in play (or just ended) from ``seat``."""
    hand = match.hand
    if hand is None:
        raise ValueError("no hand has been dealt")
    history = tuple(Drew(e.seat, None) if isinstance(e, Drew) and e.seat != seat else e for e in match.log)
    mine = hand.to_move == seat and not hand.is_over
    return SeatView(
        seat=seat,
        rules=match.rules,
        hand=tuple(hand.hands[seat]),
        layout=hand.layout.copy(),
        to_move=None if hand.is_over else hand.to_move,
        hand_sizes=tuple(len(h) for h in hand.hands),
        boneyard_size=len(hand.boneyard),
        scores=tuple(hand.scores),
        hand_number=hand.number,
        leader=hand.leader,
        history=history,
        legal_moves=tuple(hand.legal_moves()) if mine else (),
        shown=tuple(tuple(h) for h in hand.hands) if hand.is_over else (),
        waiting=hand.waiting,
    )
