"""How much a stronger evaluator inside the search could win (issue 18):
two peeking Experts, one judging each candidate on a sampled deal with
Easy's playout, the other with a deeper look at the same deal.

Both see the other hand (only the boneyard's order is sampled), so what
separates them is the evaluator alone, not the inference: their margin per
hand is what better evaluation could buy a player who knew the hand, and
about the most it could buy an honest one, whose deals are noisier.

    python -m tools.experiments.variants expert-peek-deep expert-peek-capped \\
        --deals 1000 --seed 1 --jobs 2 --budget-ms 0

The deeper evaluator (:class:`Deep`), on a sampled deal after a candidate:

* once the tiles left (in the hands and the boneyard) are few, the exact
  result of the rest of the hand, the boneyard drawn in the deal's order
  (:func:`solve_drawn`: the endgame's alpha-beta, which then also follows
  the draws);
* otherwise, and when that search passes its node limit, the next player's
  best reply on the deal, each reply played out with Easy's policy
  (:class:`~tools.experiments.variants.Answered`: a 2-ply look, then greedy).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from allfives.hand import HandState
from allfives.players.endgame import TooBig, _Solver
from allfives.players.search import Playout, Result
from allfives.tiles import Move

__all__ = ["BOUND_DEALS", "DEEP_NODES", "DEEP_TILES", "Deep", "Solved", "solve_drawn"]

BOUND_DEALS = 200  # sampled deals (boneyard orders) per move for both peeking players, at most
DEEP_TILES = 14  # solve a deal exactly when this many tiles or fewer are left to play or draw
DEEP_NODES = 4000  # positions one exact search may visit before the 2-ply look takes over


class _DrawingSolver(_Solver):
    """The endgame's search with tiles still to draw: the boneyard's order
    is the deal's, so what is left of it is known from how many are left,
    and the position is keyed by that too."""

    def _key(self, state: HandState) -> tuple[object, ...]:
        return (*super()._key(state), len(state.boneyard))


def solve_drawn(state: HandState, moves: list[Move], node_limit: int) -> list[float]:
    """The exact margin for the side to move after each of ``moves``, the
    boneyard (if any) drawn in its order (see :func:`~allfives.players.endgame.solve`);
    raises :class:`~allfives.players.endgame.TooBig` past ``node_limit``."""
    if state.rules.sides != 2:
        raise ValueError("exact search needs two sides")
    return _DrawingSolver(state, node_limit, None).root(moves)


@dataclass(frozen=True, slots=True)
class Solved:
    """An exact search's margin as a search result: the side to move's
    points ahead of the other side's, as scores, the match bonus in it
    (the margins are whole numbers of points)."""

    scores: Sequence[int]
    winner: int | None = None


class Deep:
    """The deeper evaluator (see the module's text): exact once at most
    ``tiles`` are left, else (or past ``nodes``) ``otherwise`` (the
    variants give it the 2-ply look then greedy). Counts how often each
    was used (``exact``, ``otherwise_used``)."""

    def __init__(self, otherwise: Playout, tiles: int = DEEP_TILES, nodes: int = DEEP_NODES) -> None:
        self.otherwise = otherwise
        self.tiles = tiles
        self.nodes = nodes
        self.exact = 0
        self.otherwise_used = 0

    def __call__(self, deal: HandState, move: Move) -> Result:
        left = sum(len(h) for h in deal.hands) + len(deal.boneyard)
        if left <= self.tiles and deal.rules.sides == 2:
            try:
                value = solve_drawn(deal, [move], self.nodes)[0]
            except TooBig:
                pass
            else:
                self.exact += 1
                scores = list(deal.scores)
                scores[deal.sides[deal.to_move]] += int(value)
                return Solved(scores)
        self.otherwise_used += 1
        return self.otherwise(deal, move)
