"""What a seat knows about the tiles it cannot see, and sampled deals
consistent with it.

The tiles a seat cannot see are those in no hand of its own and not on the
layout: they are in the other hands and the boneyard. What narrows them down
is the public history: a player who draws or passes holds no tile matching
any open end at that moment. That holds for every tile it held then, and for
the tiles it drew without being able to play them; tiles drawn later may show
any number. So each hidden hand is a set of *slots*, each slot with the
numbers it cannot hold (a void mask, one bit per number), and a sampled deal
puts a hidden tile in every slot that allows it.

Which tiles a player has played since a draw is not known, so the slots are
given the most recent (weakest) constraints the counts allow: every hand the
seat could really hold can be sampled, and almost nothing it could not.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol, TypeVar

from ..chance import shuffle
from ..events import Drew, Passed, Played
from ..hand import MOVES, HandState, points_for
from ..layout import Layout
from ..rules import Rules
from ..tiles import TILES, Move, Tile
from ..view import SeatView

__all__ = ["Deals", "Knowledge", "since_draws"]

T = TypeVar("T")

_TRIES = 24  # sampling attempts before a too-tight picture is relaxed
PASSED_UP = 0.25  # how likely a sampled hand is for each bigger score it says another player passed up


class Deals(Protocol):
    """Where a search gets its sampled deals, and what each one counts."""

    def sample(self, rng: random.Random) -> HandState: ...

    def likelihood(self, deal: HandState) -> float: ...


@dataclass(frozen=True, slots=True)
class Knowledge:
    """A seat's picture of the hidden tiles, read from its :class:`SeatView`."""

    seat: int
    rules: Rules
    layout: Layout
    hand: tuple[Tile, ...]
    hidden: tuple[Tile, ...]
    hand_sizes: tuple[int, ...]
    boneyard_size: int
    # For each seat, one void mask per tile it holds (empty for this seat).
    slots: tuple[tuple[int, ...], ...]
    scores: tuple[int, ...]
    leader: int
    number: int
    moves: tuple[Move, ...]
    # The other players' plays since their last draws, as (seat, what each tile could
    # have scored then, the best score among the tiles it has played since,
    # what it scored): see :meth:`likelihood`.
    plays: tuple[tuple[int, tuple[int, ...], int, int], ...] = ()
    # The slots as (seat, slot), the most constrained first: the order a
    # sample fills them in (worked out once, not for every sample).
    order: tuple[tuple[int, int], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        order = sorted(
            ((s, i) for s, voids in enumerate(self.slots) for i in range(len(voids))),
            key=lambda si: -self.slots[si[0]][si[1]].bit_count(),
        )
        object.__setattr__(self, "order", tuple(order))  # a frozen dataclass sets its fields so

    @staticmethod
    def from_view(view: SeatView) -> Knowledge:
        """What ``view`` shows."""
        slots = tuple(() if s == view.seat else _slots(view, s) for s in range(view.rules.players))
        return Knowledge(
            seat=view.seat,
            rules=view.rules,
            layout=view.layout,
            hand=view.hand,
            hidden=view.unseen(),
            hand_sizes=view.hand_sizes,
            boneyard_size=view.boneyard_size,
            slots=slots,
            scores=view.scores,
            leader=view.leader,
            number=view.hand_number,
            moves=tuple(e.move for e in view.history if isinstance(e, Played)),
            plays=_plays(view),
        )

    def likelihood(self, deal: HandState) -> float:
        """How well ``deal`` (a sample) explains the other players' plays, up
        to a constant: each one's hand is known back to its last draw (the
        tiles it holds in the sample and those it has played since), and a
        hand that held a tile scoring more than the player did is less
        likely, by :data:`PASSED_UP` for each such play. Most players take
        the biggest score on offer most of the time."""
        weight = 1.0
        hands = deal.hands
        for seat, could, since, scored in self.plays:
            best = since
            for t in hands[seat]:
                p = could[t.index]
                if p > best:
                    best = p
            if best > scored:
                weight *= PASSED_UP
        return weight

    def void_mask(self, seat: int) -> int:
        """The numbers ``seat`` surely holds none of (every slot lacks them)."""
        mask = 0b1111111
        for void in self.slots[seat]:
            mask &= void
        return mask if self.slots[seat] else 0

    def chances(self, seat: int) -> dict[Tile, float]:
        """A rough chance that ``seat`` holds each hidden tile: its slots
        share the tiles they allow, weighed against the boneyard and the
        other hands. Good enough for a one-move evaluation."""
        allowed = {void: sum(1 for t in self.hidden if not t.mask & void) for void in set(self._all_slots())}
        weight: dict[Tile, list[float]] = {t: [0.0, 0.0] for t in self.hidden}  # [this seat, everyone]
        spread = self.boneyard_size / len(self.hidden) if self.hidden else 0.0
        for s, voids in enumerate(self.slots):
            for void in voids:
                share = 1.0 / allowed[void] if allowed[void] else 0.0
                for t in self.hidden:
                    if not t.mask & void:
                        w = weight[t]
                        w[1] += share
                        if s == seat:
                            w[0] += share
        out: dict[Tile, float] = {}
        for t, (mine, everyone) in weight.items():
            total = everyone + spread
            out[t] = min(1.0, mine / total) if total else 0.0
        return out

    def _all_slots(self) -> list[int]:
        return [void for voids in self.slots for void in voids]

    def sample(self, rng: random.Random) -> HandState:
        """A deal of the hidden tiles consistent with what this seat has seen,
        as a hand ready to play on from this seat's turn."""
        order = self.order
        for attempt in range(_TRIES + 1):
            relax = attempt == _TRIES  # the last try ignores the voids
            pool = list(self.hidden)
            shuffle(pool, rng)
            hands: list[list[Tile]] = [[] for _ in self.slots]
            ok = True
            for s, i in order:
                void = 0 if relax else self.slots[s][i]
                for k, t in enumerate(pool):
                    if not t.mask & void:
                        hands[s].append(pool.pop(k))
                        break
                else:
                    ok = False
                    break
            if ok:
                hands[self.seat] = list(self.hand)
                return self.position(hands, pool)
        raise AssertionError("an unconstrained deal always succeeds")

    def position(self, hands: list[list[Tile]], boneyard: list[Tile]) -> HandState:
        """The hand as this seat sees it, with the hidden tiles dealt as
        ``hands`` (this seat's own included) and ``boneyard`` (in draw order),
        ready to play on from this seat's turn."""
        return HandState.from_position(
            self.rules,
            self.layout,
            hands,
            boneyard,
            self.seat,
            leader=self.leader,
            scores=self.scores,
            number=self.number,
            moves=self.moves,
        )


def _plays(view: SeatView) -> tuple[tuple[int, tuple[int, ...], int, int], ...]:
    """The other players' plays since each one's last draw, each with what
    every tile could have scored on the layout as it was."""

    def could(layout: Layout, moves: tuple[Move, ...], event: Played, sizes: list[int]) -> tuple[int, ...] | None:
        if layout.lead is None:
            return None
        table = tuple(_best_points(layout, t, view.rules) for t in TILES)
        rules = view.rules
        if rules.finish == "exact":
            # A count that would have passed the target scores nothing.
            before = event.scores[rules.side_of(event.seat)] - (0 if event.waits else event.points)
            table = tuple(p if before + p <= rules.points_to_win else 0 for p in table)
        return table

    return tuple(
        (seat, table, max((table[t.index] for t in later), default=0), event.points)
        for seat, table, event, later in since_draws(view, could)
    )


def since_draws(
    view: SeatView, read: Callable[[Layout, tuple[Move, ...], Played, list[int]], T | None]
) -> list[tuple[int, T, Played, list[Tile]]]:
    """The other players' plays since each one's last draw (their hands then
    are known from a sampled deal: the tiles they hold and those they have
    played since). Each play is read by ``read`` from the layout as it was,
    the moves that made it and the hand sizes then (``None``: not counted),
    and comes with the tiles its player has played since, itself included."""
    layout = Layout(spinner=view.rules.spinner)
    moves: list[Move] = []
    sizes = [view.rules.deal_size] * view.rules.players
    found: list[tuple[int, T, Played, list[Tile]]] = []
    for event in view.history:
        if isinstance(event, Played):
            if event.seat != view.seat:
                reading = read(layout, tuple(moves), event, sizes)
                if reading is not None:
                    found.append((event.seat, reading, event, []))
            for seat, _, _, later in found:
                if seat == event.seat:
                    later.append(event.move.tile)
            layout.place(event.move)
            moves.append(event.move)
            sizes[event.seat] -= 1
        elif isinstance(event, Drew):
            sizes[event.seat] += 1
            # What it drew is not known: its hand before then is not either.
            found = [f for f in found if f[0] != event.seat]
    return found


def _best_points(layout: Layout, t: Tile, rules: Rules) -> int:
    """The most ``t`` could score on ``layout`` by ``rules`` (0 if it does not fit)."""
    best = 0
    for end in layout.ends_for(t):
        p = points_for(layout, MOVES[t.index][end], rules)
        if p > best:
            best = p
    return best


def _slots(view: SeatView, seat: int) -> tuple[int, ...]:
    """The void mask of each tile ``seat`` holds, from the public history."""
    # Layers of tiles by when they entered the hand: [void mask, how many].
    layers: list[list[int]] = [[0, view.rules.deal_size]]
    drawing = False
    layout = Layout(spinner=view.rules.spinner)
    for event in view.history:
        if isinstance(event, Played):
            if event.seat == seat and drawing:
                # Drawing stops at the first tile that fits, and it is played.
                layers[-1][1] -= 1
                drawing = False
            layout.place(event.move)
        elif isinstance(event, Drew) and event.seat == seat:
            if not drawing:
                # It could not play: nothing it held matched an open end.
                for layer in layers:
                    layer[0] |= layout.mask
                layers.append([layout.mask, 0])
                drawing = True
            layers[-1][1] += 1
        elif isinstance(event, Passed) and event.seat == seat:
            drawing = False
            for layer in layers:
                layer[0] |= layout.mask
    # Give the hand's tiles the most recent layers the counts allow.
    out: list[int] = []
    left = view.hand_sizes[seat]
    for void, count in reversed(layers):
        take = min(left, max(count, 0))
        out.extend([void] * take)
        left -= take
    out.extend([0] * left)
    return tuple(out)
