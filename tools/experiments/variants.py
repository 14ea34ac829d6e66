"""The arena with Expert variants that the game does not offer, for the
experiments in docs/ai.md ("What did not pay").

    python -m tools.experiments.variants expert-wary reference --deals 200 --seed 2 --jobs 2

Takes every option of ``python -m allfives arena``; the extra player names
are the variants below, each an Expert given one thing of its own through
its constructor (a playout, an inference), or a player of its own.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable

from allfives import players
from allfives.cli import arena
from allfives.hand import HandState
from allfives.players import REFERENCE_DEALS, Player
from allfives.players.base import Thinking
from allfives.players.distilled import PLAYOUT_WEIGHTS
from allfives.players.expert import LEARNED, Expert
from allfives.players.knowledge import Knowledge
from allfives.players.pimc import Pimc
from allfives.players.playouts import wary_move
from allfives.players.rollout import Learned, rollout
from allfives.players.search import Deadline, PlayOut, Result
from allfives.players.simple import greedy_move
from allfives.tiles import Move
from allfives.view import SeatView

from .bound import BOUND_DEALS, Deep
from .choices import ChoiceReading
from .distill import LearnedPlayer, load_weights
from .ismcts import TreeSearch
from .peeking import PEEK_AFTER, Peeking, peek_view_of
from .reading import SearchReading
from .reply import Answered

__all__ = ["SEATS", "VARIANTS", "main", "make_player"]


def side_wary(state: HandState, move: Move) -> Result:
    """The rollout's "side-wary" rule after ``move``: wary for the searching
    side (its partner too), Easy's for the others."""
    return rollout(state, "side-wary", first=move)


class SharedReference(Pimc):
    """The reference level with its 300 playouts a decision shared among the
    candidate moves, rather than 300 for each: the other reading of "300
    playouts per move", for comparing with the published figure."""

    def steps(self, view: SeatView) -> Thinking:
        deals = max(1, self.deals // len(view.legal_moves))
        return self.search_deals(view, Knowledge.from_view(view), Deadline(self.clock, None), deals)


VARIANTS: dict[str, Callable[[random.Random, float | None], Player]] = {
    # The variants measured before Expert's two-player playouts were learned
    # keep Easy's (learned=False), so their figures in docs/benchmarks.md
    # still come out of the commands there.
    # Wary playouts (the rollout's "wary" rule) in place of Easy's.
    "expert-wary": lambda rng, budget: Expert(rng, budget_ms=budget, playout=PlayOut(wary_move)),
    # No inference from play: every consistent deal counts the same.
    "expert-uniform": lambda rng, budget: Expert(rng, budget_ms=budget, infer=False, learned=False),
    # Wary playouts for the searching side only (its partner too), Easy's for the others.
    "expert-side-wary": lambda rng, budget: Expert(rng, budget_ms=budget, playout=side_wary),
    # The next player answers each candidate with its best reply on each deal.
    "expert-reply": lambda rng, budget: Expert(rng, budget_ms=budget, playout=Answered(greedy_move)),
    # The other players' plays read with the model of how strong players choose (choices.py).
    "expert-choices": lambda rng, budget: Expert(rng, budget_ms=budget, inference=ChoiceReading(), learned=False),
    # The other player's recent plays read by redoing its searches (reading.py).
    "expert-read": lambda rng, budget: Expert(rng, budget_ms=budget, inference=SearchReading(), learned=False),
    # The information-set Monte Carlo tree search in place of the flat one (ismcts.py).
    "expert-ismcts": lambda rng, budget: TreeSearch(rng, budget_ms=budget),
    # The same with the budget in CPU time, as expert-cpu: measured side by side (issue 36).
    "expert-ismcts-cpu": lambda rng, budget: TreeSearch(rng, budget_ms=budget, clock=time.process_time),
    # Not honest: sees the other hands (only the boneyard's order is sampled).
    # An upper bound on what better inference could buy.
    "expert-peek": lambda rng, budget: Expert(rng, budget_ms=budget, inference=Peeking(), learned=False),
    # The two peeking players of the evaluator bound (bound.py), at the same
    # cap: Easy's playouts, and the deeper evaluator (exact once few tiles
    # are left, else the next player's best reply then greedy).
    "expert-peek-capped": lambda rng, budget: Expert(
        rng, budget_ms=budget, deals=BOUND_DEALS, inference=Peeking(), learned=False
    ),
    "expert-peek-reply": lambda rng, budget: Expert(
        rng, budget_ms=budget, deals=BOUND_DEALS, inference=Peeking(), playout=Answered(greedy_move)
    ),
    "expert-peek-deep": lambda rng, budget: Expert(
        rng, budget_ms=budget, deals=BOUND_DEALS, inference=Peeking(), playout=Deep(Answered(greedy_move))
    ),
    # Expert as shipped (in two-player games its playouts follow the policy
    # distilled from its choices, distill.py), and Expert with Easy's
    # playouts in every game (as shipped before), both with the budget
    # counted in the process's CPU time (other jobs on the machine do not
    # shorten it): equal time a move.
    "expert-cpu": lambda rng, budget: Expert(rng, budget_ms=budget, clock=time.process_time),
    "expert-greedy": lambda rng, budget: Expert(rng, budget_ms=budget, clock=time.process_time, learned=False),
    # The learned playouts for every seat, in every game (with partners too).
    "expert-learned": lambda rng, budget: Expert(
        rng, budget_ms=budget, clock=time.process_time, playout=Learned(PLAYOUT_WEIGHTS)
    ),
    # The learned playouts for the searching side, Easy's for the others
    # (Expert's two-player playout, LEARNED), in every game.
    "expert-side-learned": lambda rng, budget: Expert(rng, budget_ms=budget, clock=time.process_time, playout=LEARNED),
    # The distilled policy as a one-move player (as Easy and wary are).
    "learned": lambda rng, budget: LearnedPlayer(rng, load_weights()),
    # Honest for the hand's first plays, then sees the other hands: an upper
    # bound on what inference from what the other players have shown could buy.
    "expert-peek-late": lambda rng, budget: Expert(rng, budget_ms=budget, inference=Peeking(PEEK_AFTER), learned=False),
    # The yardstick with 300 playouts a decision in all, not 300 a candidate.
    "reference-shared": lambda rng, budget: SharedReference("reference", rng, greedy_move, deals=REFERENCE_DEALS),
}


def make_player(level: str, rng_or_seed: random.Random | int | str, *, budget_ms: float | None = 300.0) -> Player:
    """A variant by name, else one of the game's levels."""
    rng = rng_or_seed if isinstance(rng_or_seed, random.Random) else random.Random(rng_or_seed)
    if level in VARIANTS:
        return VARIANTS[level](rng, budget_ms)
    return players.make_player(level, rng, budget_ms=budget_ms)


SEATS = arena.Seats(make=make_player, view=peek_view_of)
"""The arena's seats for the variants: the peeking ones are shown the match."""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    arena.add_arguments(parser, extra_players=tuple(VARIANTS))
    return arena.run(parser.parse_args(argv), SEATS)


if __name__ == "__main__":
    sys.exit(main())
