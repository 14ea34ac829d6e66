"""How much a stronger evaluator inside the search could win (issue 18):
two peeking Experts, one judging each candidate on a sampled deal with
Easy's playout, the other with a deeper look at the same deal.

Both see the other hand (only the boneyard's order is sampled), so what
separates them is the evaluator alone, not the inference: their margin per
hand is what better evaluation could buy a player who knew the hand, and
roughly the most it could buy an honest one, whose deals put the wrong
tiles in the other seat (a bound on this kind of evaluator, not on every
one). The exact search is the endgame's own (``endgame._Solver``, reached
into here rather than widened in the package for an experiment).

    python -m tools.experiments.variants expert-peek-deep expert-peek-capped \\
        --deals 1000 --seed 1 --jobs 2 --budget-ms 0

Both stop on a cap of sampled deals (:data:`BOUND_DEALS`), not the clock,
so the figure does not depend on the machine's load;
``python -m tools.experiments.bound --hands 10`` counts the deals each
searches in 300 ms of CPU time, to say what the cap stands for.

The deeper evaluator (:class:`Deep`), on a sampled deal after a candidate:

* once the tiles left (in the hands and the boneyard) are few, the exact
  result of the rest of the hand, the boneyard drawn in the deal's order
  (:func:`solve_drawn`: the endgame's alpha-beta, which then also follows
  the draws);
* otherwise, and when that search passes its node limit, the next player's
  best reply on the deal, each reply played out with Easy's policy
  (:class:`~tools.experiments.reply.Answered`: a 2-ply look, then greedy).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

from allfives.hand import HandState
from allfives.match import Deal, Match
from allfives.players.endgame import TooBig, _layout_key, _Solver
from allfives.players.search import Playout, Result
from allfives.rules import Rules
from allfives.tiles import Move

from .peeking import Peeking, peek_view_of
from .reply import Answered

__all__ = ["BOUND_DEALS", "DEEP_NODES", "DEEP_TILES", "Deep", "Solved", "deals_in_budget", "main", "solve_drawn"]

BOUND_DEALS = 100  # sampled deals (boneyard orders) per move for both peeking players, at most
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
    was used (``exact``, ``otherwise_used``).

    The candidates of one sampled deal share the exact search's table of
    solved positions (the search calls the playout for each candidate on
    the same deal in turn), and once an exact search gives up on a
    position, the other deals of that position go straight to
    ``otherwise``: with only the boneyard's order sampled, they are as big."""

    def __init__(self, otherwise: Playout, tiles: int = DEEP_TILES, nodes: int = DEEP_NODES) -> None:
        self.otherwise = otherwise
        self.tiles = tiles
        self.nodes = nodes
        self.exact = 0
        self.otherwise_used = 0
        self._deal: HandState | None = None
        self._solver: _DrawingSolver | None = None
        self._too_big: set[tuple[object, ...]] = set()

    def __call__(self, deal: HandState, move: Move) -> Result:
        left = sum(len(h) for h in deal.hands) + len(deal.boneyard)
        if left <= self.tiles and deal.rules.sides == 2:
            position = (*(len(h) for h in deal.hands), len(deal.boneyard), *_layout_key(deal.layout), deal.to_move)
            if position not in self._too_big:
                if deal is not self._deal or self._solver is None:
                    self._deal, self._solver = deal, _DrawingSolver(deal, self.nodes, None)
                self._solver.nodes = 0
                try:
                    value = self._solver.root([move])[0]
                except TooBig:
                    self._too_big.add(position)
                else:
                    self.exact += 1
                    scores = list(deal.scores)
                    scores[deal.sides[deal.to_move]] += int(value)
                    return Solved(scores)
        self.otherwise_used += 1
        return self.otherwise(deal, move)


def deals_in_budget(hands: int, seed: int, budget_ms: float) -> dict[str, list[int]]:
    """The sampled deals each bound player searches in ``budget_ms`` of CPU
    time (``time.process_time``, so a loaded machine does not change it),
    with no cap, at every move with a choice (and no exact endgame) of
    seat 0 in ``hands`` seeded 2-player hands of the capped peeking Expert
    against itself."""
    from allfives.players.expert import Expert
    from allfives.players.simple import greedy_move

    def make(playout: Playout | None) -> Expert:
        rng = random.Random(seed)
        return Expert(
            rng,
            budget_ms=budget_ms,
            clock=time.process_time,
            deals=10**6,
            inference=Peeking(),
            playout=playout,
            learned=False,
        )

    timed = {"expert-peek": make(None), "expert-peek-deep": make(Deep(Answered(greedy_move)))}
    counts: dict[str, list[int]] = {name: [] for name in timed}
    rules = Rules()
    for number in range(hands):
        match = Match(rules)
        match.start_hand(Deal.shuffle(rules, random.Random(f"bound-budget:{seed}:{number}")))
        player = Expert(random.Random(number), budget_ms=None, deals=BOUND_DEALS, inference=Peeking(), learned=False)
        while match.to_move is not None:
            view = peek_view_of(match, match.to_move)
            if match.to_move == 0 and len(view.legal_moves) > 1:
                for name, searcher in timed.items():
                    simulations = searcher.choose(view).reason.params.get("simulations")
                    if simulations is not None:
                        counts[name].append(int(simulations))
            match.play(player.choose(view).move)
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Sampled deals the bound's players search in a CPU budget.")
    parser.add_argument("--hands", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget-ms", type=float, default=300.0)
    args = parser.parse_args(argv)
    for name, counts in deals_in_budget(args.hands, args.seed, args.budget_ms).items():
        ordered = sorted(counts)
        print(
            f"{name}: {len(ordered)} moves, sampled deals in {args.budget_ms:g} ms of CPU: "
            f"median {statistics.median(ordered):g}, 10th percentile {ordered[len(ordered) // 10]}, "
            f"90th {ordered[9 * len(ordered) // 10]}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
