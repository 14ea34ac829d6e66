"""The arena with Expert variants that the game does not offer, for the
experiments in docs/ai.md ("What did not pay").

    python tools/arena_variants.py expert-wary reference --deals 200 --seed 2 --jobs 2

Takes every option of ``python -m allfives arena``; the extra player names
are the variants below, built as Expert with one setting changed.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from allfives import arena, players
from allfives.chance import shuffle
from allfives.hand import HandState
from allfives.match import Match
from allfives.players import REFERENCE_DEALS, Player, search
from allfives.players.base import only_move
from allfives.players.expert import READ_HANDS, Expert
from allfives.players.knowledge import Knowledge
from allfives.players.pimc import Pimc
from allfives.players.playouts import wary_move
from allfives.players.search import Deadline, Thinking
from allfives.players.simple import greedy_move
from allfives.tiles import Move
from allfives.view import SeatView, view_of


def side_wary(state: HandState) -> Move:
    """The rollout's "side-wary" rule (wary for the searching side, Easy for
    the others); searches play it on the rollout only."""
    raise NotImplementedError("side-wary is a rollout rule")


search.ROLLOUTS[side_wary] = "side-wary"

# The match being played, for the peeking variant (an upper bound, not a player).
_TABLE: dict[str, Match] = {}
_view_of = view_of


def _watched_view_of(match: Match, seat: int) -> SeatView:
    _TABLE["match"] = match
    return _view_of(match, seat)


class _Peeked:
    """Knowledge that knows every hand: only the boneyard's order is sampled."""

    def __init__(self, know: Knowledge, match: Match) -> None:
        self.know = know
        hand = match.hand
        assert hand is not None
        self.hands = [list(h) for h in hand.hands]
        self.boneyard = list(hand.boneyard)

    def sample(self, rng: random.Random) -> HandState:
        pool = list(self.boneyard)
        shuffle(pool, rng)
        return self.know.position(self.hands, pool)

    def likelihood(self, deal: HandState) -> float:
        return 1.0


class PeekingExpert(Expert):
    """Expert that sees the other hands (not the boneyard's order): how much
    perfect inference could be worth, measured against honest players."""

    def _knowledge(self, view: SeatView) -> Knowledge:
        return _Peeked(Knowledge.from_view(view), _TABLE["match"])  # type: ignore[return-value]


PEEK_AFTER = 4  # tiles on the layout before the late-peeking Expert sees the other hands


class LatePeekingExpert(PeekingExpert):
    """Honest Expert for the hand's first :data:`PEEK_AFTER` plays, when the
    other players have shown almost nothing, and peeking after: what perfect
    inference could be worth once there is something to infer from."""

    def _knowledge(self, view: SeatView) -> Knowledge:
        if len(view.layout.tiles()) < PEEK_AFTER:
            return Knowledge.from_view(view)
        return super()._knowledge(view)


class SharedReference(Pimc):
    """The reference level with its 300 playouts a decision shared among the
    candidate moves, rather than 300 for each: the other reading of "300
    playouts per move", for comparing with the published figure."""

    def think(self, view: SeatView) -> Thinking:
        forced = only_move(view)
        if forced is not None:
            return forced
        deals = max(1, self.deals // len(view.legal_moves))
        return (yield from self.steps(view, Knowledge.from_view(view), Deadline(self.clock, None), deals))


VARIANTS: dict[str, Callable[[random.Random, float | None], Player]] = {
    # Wary playouts (the rollout's "wary" rule) in place of Easy's.
    "expert-wary": lambda rng, budget: Expert(rng, budget_ms=budget, policy=wary_move),
    # No inference from play: every consistent deal counts the same.
    "expert-uniform": lambda rng, budget: Expert(rng, budget_ms=budget, infer=False),
    # Wary playouts for the searching side only (its partner too), Easy's for the others.
    "expert-side-wary": lambda rng, budget: Expert(rng, budget_ms=budget, policy=side_wary),
    # The other players' plays read with the model of how strong players choose.
    "expert-choices": lambda rng, budget: Expert(rng, budget_ms=budget, choices=True),
    # The other player's recent plays read by redoing its searches (allfives/players/reading.py).
    "expert-read": lambda rng, budget: Expert(rng, budget_ms=budget, read=READ_HANDS),
    # Not honest: sees the other hands (only the boneyard's order is sampled).
    # An upper bound on what better inference could buy.
    "expert-peek": lambda rng, budget: PeekingExpert(rng, budget_ms=budget),
    # Honest for the hand's first plays, then sees the other hands: an upper
    # bound on what inference from what the other players have shown could buy.
    "expert-peek-late": lambda rng, budget: LatePeekingExpert(rng, budget_ms=budget),
    # The yardstick with 300 playouts a decision in all, not 300 a candidate.
    "reference-shared": lambda rng, budget: SharedReference("reference", rng, greedy_move, deals=REFERENCE_DEALS),
}


def make_player(
    level: str, rng_or_seed: random.Random | int | str, *, budget_ms: float | None = 300.0, **options: object
) -> Player:
    if level in VARIANTS:
        rng = rng_or_seed if isinstance(rng_or_seed, random.Random) else random.Random(rng_or_seed)
        return VARIANTS[level](rng, budget_ms)
    return players.make_player(level, rng_or_seed, budget_ms=budget_ms)


def main() -> int:
    arena.make_player = make_player  # type: ignore[attr-defined]  # the worker processes fork with it
    arena.view_of = _watched_view_of  # type: ignore[attr-defined]
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    arena.add_arguments(parser, extra_players=tuple(VARIANTS))
    return arena.run(parser.parse_args())


if __name__ == "__main__":
    sys.exit(main())
