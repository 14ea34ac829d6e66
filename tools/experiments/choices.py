"""How strong players choose a move, as odds: a finer reading of the other
players' plays than the scores they passed up, read by an Expert given
:class:`ChoiceReading` (the ``expert-choices`` variant; an experiment: it
measured within the noise of the shipped reading, see docs/ai.md).

A player's choice among its legal moves is modelled as a *conditional logit*:
each move gets a value from what anyone watching could work out, and the
player takes a move with odds ``exp(value)``. The value weighs

* the points the move scores,
* what it hands the next player: that player's expected best score off the
  ends left, judging every tile not on the layout equally likely to be in
  its hand (as the mover would, not knowing its hand),
* the tile's pips and whether it is a double (heavy tiles and doubles are
  the ones to be rid of).

:data:`WEIGHTS` are fitted by maximum likelihood to the reference level's
and Expert's own choices (``python -m tools.experiments.fit_choices``; the
figures are in docs/benchmarks.md). A sampled deal in which another player
held tiles that were much better, by this model, than the one it played is
then correspondingly less likely (:meth:`ChoiceKnowledge.likelihood`). A
lead counts too, unless the rules chose the tile.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import lru_cache

from allfives.events import Played
from allfives.hand import MOVES, HandState, points_for
from allfives.layout import Layout
from allfives.players.expert import FromView
from allfives.players.knowledge import Deals, Knowledge, since_draws
from allfives.tiles import TILES, Move, Tile
from allfives.view import SeatView

__all__ = ["WEIGHTS", "ChoiceKnowledge", "ChoiceReading", "Weights", "chosen", "features", "odds"]

Features = tuple[float, float, float, float]
"""A move's points, the next player's expected best reply, the tile's pips
(over 10), and 1 for a double."""


@dataclass(frozen=True, slots=True)
class Weights:
    # Fitted to 6,382 choices (python -m tools.experiments.fit_choices --hands 400 --seed 1 --jobs 2).
    points: float = 0.204  # per point scored
    reply: float = -0.157  # per point the next player can be expected to score off the ends left
    pips: float = 0.186  # per 10 pips on the tile
    double: float = 0.851  # a double

    def value(self, f: Features) -> float:
        return self.points * f[0] + self.reply * f[1] + self.pips * f[2] + self.double * f[3]


WEIGHTS = Weights()


def moves_for(layout: Layout, t: Tile) -> list[Move]:
    """Every way to play ``t`` on ``layout`` (one move for a lead)."""
    if layout.lead is None:
        return [Move(t)]
    return [MOVES[t.index][end] for end in layout.ends_for(t)]


def features(layout: Layout, move: Move, held: int, hidden: int, off: frozenset[Tile] | None = None) -> Features:
    """What anyone can see of ``move`` on ``layout``: the next player holds
    ``held`` tiles, and ``hidden`` tiles are out of the mover's sight.
    ``off`` is the tiles not on the layout (worked out if not given)."""
    t = move.tile
    if off is None:
        off = frozenset(TILES) - frozenset(layout.tiles())
    after = layout.copy()
    after.place(move)
    scores: list[int] = []
    mask = after.mask
    for u in off:
        if u is t or not u.mask & mask:
            continue
        best = 0
        for end in after.ends_for(u):
            p = points_for(after, MOVES[u.index][end])
            if p > best:
                best = p
        if best:
            scores.append(best)
    reply = 0.0
    if scores and hidden > 0:
        q = min(1.0, held / hidden)
        miss = 1.0
        for s in sorted(scores, reverse=True):
            reply += s * q * miss
            miss *= 1.0 - q
    return (float(points_for(layout, move)), reply, t.pips / 10, 1.0 if t.is_double else 0.0)


@lru_cache(maxsize=4096)
def odds(before: tuple[Move, ...], played: Move, held: int, hidden: int) -> tuple[float, ...]:
    """For every tile, the odds (against the move made, ``played``) that a
    player would have played it instead, summed over the ways it fits:
    the layout is ``before``'s moves. Zero for a tile that does not fit."""
    layout = Layout()
    for m in before:
        layout.place(m)
    off = frozenset(TILES) - frozenset(layout.tiles())
    made = WEIGHTS.value(features(layout, played, held, hidden, off))
    out = [0.0] * len(TILES)
    for t in off:
        total = 0.0
        for m in moves_for(layout, t):
            total += math.exp(min(50.0, WEIGHTS.value(features(layout, m, held, hidden, off)) - made))
        out[t.index] = total
    return tuple(out)


Chosen = tuple[tuple[int, tuple[float, ...], float], ...]
"""The other players' plays since their last draws, read with the model:
(seat, the odds for each tile that it would have been played instead, the
odds summed over the tiles it has played since)."""


def chosen(view: SeatView) -> Chosen:
    """Each play since its player's last draw with the odds of every tile
    against the one played (:func:`odds`). A lead counts too, unless the
    rules chose the tile."""
    rules = view.rules

    def chances(layout: Layout, moves: tuple[Move, ...], event: Played, sizes: list[int]) -> tuple[float, ...] | None:
        if not moves and rules.lead != "random":
            return None
        held = sizes[(event.seat + 1) % rules.players]
        hidden = len(TILES) - len(moves) - sizes[event.seat]
        return odds(moves, event.move, held, hidden)

    return tuple(
        (seat, table, sum(table[t.index] for t in later)) for seat, table, _, later in since_draws(view, chances)
    )


@dataclass(frozen=True, slots=True)
class ChoiceKnowledge:
    """:class:`~allfives.players.knowledge.Knowledge`'s deals, each weighed by
    the model's odds of the plays made rather than by the scores passed up."""

    know: Knowledge
    plays: Chosen

    @staticmethod
    def from_view(view: SeatView) -> ChoiceKnowledge:
        return ChoiceKnowledge(Knowledge.from_view(view), chosen(view))

    def sample(self, rng: random.Random) -> HandState:
        return self.know.sample(rng)

    def likelihood(self, deal: HandState) -> float:
        """Up to a constant, for each play read: the odds of the move made
        against every move the hand then allowed."""
        weight = 1.0
        hands = deal.hands
        for seat, chances, since_odds in self.plays:
            total = since_odds
            for t in hands[seat]:
                total += chances[t.index]
            weight /= total
        return weight


class ChoiceReading(FromView):
    """Expert's inference with the plays read by the model (:class:`ChoiceKnowledge`)."""

    def knowledge(self, view: SeatView) -> Deals:
        return ChoiceKnowledge.from_view(view)
