"""Expert: sampled deals searched within the time budget, and an exact
search at the end of the hand.

The search is flat (as Hard's, with Easy's fast playouts, so several times
as many sampled deals fit in the budget), with these additions to the
reference level's plain search (docs/ai.md says why, docs/benchmarks.md
gives the figures):

* *Pruning* (``halving``): after 32 sampled deals, then 64, 128 and so on,
  a move that trails the best by more than two standard errors on the same
  deals is dropped, and the later deals are spent on the moves still in
  contention.
* *Inference from play* (``infer``): each sampled deal counts in proportion
  to how well it explains the other players' plays since their last draws;
  a deal in which one held a tile that would have scored more than what it
  played counts a quarter (strong players take the biggest score on offer
  about four times in five).
* With partners, three hands are hidden rather than one, so the same move
  is noisier to judge: the cap on sampled deals doubles.
* *Learned playouts* (``learned``), in two-player games: after the candidate
  move both seats play the policy distilled from Expert's own choices
  (:mod:`allfives.players.distilled`), which foresees a strong player's
  play better than Easy's rule. A learned playout costs about 2.7
  greedy ones, so fewer deals fit in the budget. On deals no choice was
  made on, it beats the reference level by more than the learned rule for
  Expert's seat alone with Easy's for the opponent (:data:`LEARNED`, the
  playout before issue 36, which the coach's judge and the daily's Expert
  keep), at some cost against Easy. With partners, and with three or four
  players, learned playouts measured weaker than Easy's, which stay.

Once the boneyard is empty and few tiles remain, a 2-player hand holds no
secrets (the opponent has every tile this seat cannot see) and is searched
exactly; with partners the hidden tiles are sampled and each sample is
searched exactly.

What the search knows of the hidden tiles, and how each candidate is played
out, come in through the constructor (``inference``, ``playout``): the game
uses the defaults (a ``playout`` given is used in every game); the
experiments in :mod:`tools.experiments` pass their own (readings of the
plays, other playouts, a peek at the hands).
"""

from __future__ import annotations

import random
from collections.abc import Generator
from typing import Protocol

from ..view import SeatView
from .base import BasePlayer, Clock, Decision, Reason, Thinking, default_clock
from .distilled import PLAYOUT_WEIGHTS
from .endgame import TooBig, solve
from .knowledge import Deals, Knowledge
from .pimc import Pimc
from .rollout import Learned
from .search import Deadline, Playout
from .simple import greedy_move

__all__ = ["DUEL", "LEARNED", "Expert", "FromView", "Inference"]

DEALS = 800  # sampled deals per move for the flat search, at most
PARTNER_DEALS = 1600  # the same with partners, where three hands are hidden
ENDGAME_TILES = 10  # search exactly when the hands hold this many tiles or fewer
NODE_LIMIT = 6000  # positions an exact search may visit before giving up
EXACT_SAMPLES = 24  # sampled deals searched exactly with partners, at most
LEARNED = Learned(PLAYOUT_WEIGHTS, sides=True)  # the searching side learned, the others Easy's rule
DUEL = Learned(PLAYOUT_WEIGHTS)  # the two-player playout: the learned rule for both seats


class Inference(Protocol):
    """What Expert knows of the hidden tiles: :meth:`knowledge` from the
    view (the exact search samples it too), then :meth:`read`, a first
    stage of the search that may refine it, in steps, within ``deadline``,
    and gives the deals to search and the time left."""

    def knowledge(self, view: SeatView) -> Deals: ...

    def read(
        self, view: SeatView, know: Deals, rng: random.Random, deadline: Deadline
    ) -> Generator[None, None, tuple[Deals, Deadline]]: ...


class FromView:
    """The game's inference: all that the view shows
    (:meth:`~allfives.players.knowledge.Knowledge.from_view`), no more."""

    def knowledge(self, view: SeatView) -> Deals:
        return Knowledge.from_view(view)

    def read(
        self, view: SeatView, know: Deals, rng: random.Random, deadline: Deadline
    ) -> Generator[None, None, tuple[Deals, Deadline]]:
        yield from ()
        return know, deadline


class Expert(BasePlayer):
    level = "expert"

    def __init__(
        self,
        rng: random.Random,
        *,
        budget_ms: float | None = 300.0,
        clock: Clock = default_clock,
        deals: int = DEALS,
        partner_deals: int = PARTNER_DEALS,
        halving: bool = True,
        infer: bool = True,
        learned: bool = True,
        playout: Playout | None = None,
        inference: Inference | None = None,
    ) -> None:
        self.rng = rng
        self.budget_ms = budget_ms
        self.clock = clock

        def flat(playout: Playout | None) -> Pimc:
            return Pimc(
                "expert",
                rng,
                greedy_move,
                deals=deals,
                budget_ms=budget_ms,
                clock=clock,
                prune=halving,
                infer=infer,
                playout=playout,
            )

        # Many cheap Easy playouts measured stronger than fewer Medium ones
        # at this budget, and with partners stronger than the learned ones.
        self.flat = flat(playout)
        self.duel = self.flat if playout is not None or not learned else flat(DUEL)
        self.partner_deals = partner_deals
        self.inference: Inference = inference if inference is not None else FromView()

    def steps(self, view: SeatView) -> Thinking:
        deadline = Deadline(self.clock, self.budget_ms)
        know = self.inference.knowledge(view)
        if view.boneyard_size == 0 and view.rules.sides == 2 and sum(view.hand_sizes) <= ENDGAME_TILES:
            exact = yield from self._exact(view, know, deadline)
            if exact is not None:
                return exact
        deals, deadline = yield from self.inference.read(view, know, self.rng, deadline)
        return (yield from self.search(view, deals, deadline))

    def search(self, view: SeatView, deals: Deals, deadline: Deadline) -> Thinking:
        """The search on ``deals`` within ``deadline``, in steps."""
        cap = self.partner_deals if view.rules.teams else self.flat.deals
        flat = self.duel if view.rules.players == 2 else self.flat
        return (yield from flat.search_deals(view, deals, deadline, cap))

    def _exact(self, view: SeatView, know: Deals, deadline: Deadline) -> Generator[None, None, Decision | None]:
        moves = list(view.legal_moves)
        totals = [0.0] * len(moves)
        secrets = len(view.hand_sizes) > 2  # partners' and opponents' tiles stay hidden
        samples = EXACT_SAMPLES if secrets else 1
        done = 0
        while done < samples and deadline.allows(done):
            try:
                values = solve(know.sample(self.rng), moves, NODE_LIMIT, deadline.passed)
            except TooBig:
                if not done:
                    return None  # the tree search takes over
                break
            for i, v in enumerate(values):
                totals[i] += v
            done += 1
            yield
        best = max(range(len(moves)), key=lambda i: (totals[i], -i))
        value = round(totals[best] / done, 1)
        if secrets:
            return Decision(moves[best], Reason("gains_sims", {"margin": value, "simulations": done}))
        if value >= 0:
            return Decision(moves[best], Reason("exact", {"margin": value}))
        return Decision(moves[best], Reason("exact_behind", {"margin": -value}))
