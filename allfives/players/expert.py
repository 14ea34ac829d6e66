"""Expert: sampled deals searched within the time budget, and an exact
search at the end of the hand.

By default the search is flat (as Hard's, with Easy's fast playouts, so
several times as many sampled deals fit in the budget), with these additions
to the reference level's plain search (see docs/ai.md for the figures):

* *Pruning* (``halving``): after 32 sampled deals, then 64, 128 and so on,
  a move that trails the best by more than two standard errors on the same
  deals is dropped, and the later deals are spent on the moves still in
  contention. It halves the cost of a move for the same choices.
* *Inference from play* (``infer``): each sampled deal counts in proportion
  to how well it explains the other players' plays since their last draws;
  a deal in which one held a tile that would have scored more than what it
  played counts a quarter (strong players take the biggest score on offer
  about four times in five).
* With partners, three hands are hidden rather than one, so the same move
  is noisier to judge: the cap on sampled deals doubles.

``choices=True`` reads the other players' plays with the model of how
strong players choose (:mod:`.choices`) in place of the scores they passed
up; it measured no better (docs/ai.md) and is kept for the experiments.

``read=N`` reads the other player's most recent plays by redoing its own
search on each of ``N`` sampled hands (:mod:`.reading`) and searches on
those hands; it guesses the hand better, but at the browser's budget it
weighs too few hands for the search to rest on, and measured weaker
(docs/ai.md). It is kept for the experiments.

``reply=True`` lets the next player answer each candidate with its best
reply on each sampled deal; it measured weaker (docs/ai.md) and is kept for
the experiments.

The information-set Monte Carlo tree search below is kept as
``method="ismcts"``: at a browser's budget of a few hundred tree walks it
measured weaker than the flat search (see docs/ai.md). Each of its
iterations samples a deal of the hidden tiles consistent with what the seat
has seen, walks one tree of moves shared by all the samples (a move is
only considered where the sample allows it, and is scored on how often it
was available), adds one move, and plays the hand out with Medium's policy
for every seat. Results are points margins per side, so in partnerships
both partners' moves count for the team.

Once the boneyard is empty and few tiles remain, a 2-player hand holds no
secrets (the opponent has every tile this seat cannot see) and is searched
exactly; with partners the hidden tiles are sampled and each sample is
searched exactly.
"""

from __future__ import annotations

import math
import random
from collections.abc import Generator
from dataclasses import replace

from ..hand import HandState
from ..tiles import Move
from ..view import SeatView
from .base import Clock, Decision, Reason, default_clock, only_move
from .endgame import TooBig, solve
from .knowledge import Deals, Knowledge
from .medium import medium_move
from .pimc import Pimc
from .reading import Weighed, past_plays
from .search import Deadline, Policy, Thinking, finish, margin, play_out
from .simple import greedy_move

__all__ = ["Expert"]

ITERATIONS = 600  # tree walks per move, at most (and within the budget)
DEALS = 800  # sampled deals per move for the flat search, at most
PARTNER_DEALS = 1600  # the same with partners, where three hands are hidden
EXPLORATION = 15.0  # UCB's exploration term, in points of margin
ENDGAME_TILES = 10  # search exactly when the hands hold this many tiles or fewer
NODE_LIMIT = 6000  # positions an exact search may visit before giving up
EXACT_SAMPLES = 24  # sampled deals searched exactly with partners, at most
READ_HANDS = 64  # sampled hands weighed by redoing the other player's searches, with read=True
READ_DEALS = 8  # sampled deals each of those searches is redone with
READ_LAST = 2  # the other player's plays read that way, the most recent
READ_SHARE = 0.5  # of the budget, at most, for the reading


def _key(move: Move) -> int:
    return move.tile.index * 5 + (0 if move.end is None else int(move.end) + 1)


class _Node:
    """A move in the tree; ``side`` is the side that made it, and ``total``
    the margins it led to, from that side's point of view."""

    __slots__ = ("avail", "children", "move", "side", "total", "visits", "wins")

    def __init__(self, move: Move | None, side: int) -> None:
        self.move = move
        self.side = side
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        self.wins = 0


class Expert:
    level = "expert"

    def __init__(
        self,
        rng: random.Random,
        *,
        budget_ms: float | None = 300.0,
        clock: Clock = default_clock,
        iterations: int = ITERATIONS,
        deals: int = DEALS,
        partner_deals: int = PARTNER_DEALS,
        method: str = "flat",
        policy: Policy | None = None,
        exploration: float = EXPLORATION,
        endgame_tiles: int = ENDGAME_TILES,
        halving: bool = True,
        infer: bool = True,
        reply: bool = False,
        choices: bool = False,
        read: int = 0,
        read_deals: int = READ_DEALS,
        read_last: int = READ_LAST,
    ) -> None:
        if method not in ("flat", "ismcts"):
            raise ValueError(f"no search method {method!r}: flat or ismcts")
        self.method = method
        self.rng = rng
        self.budget_ms = budget_ms
        self.clock = clock
        self.iterations = iterations
        # Flat search: many cheap Easy playouts measured stronger than fewer
        # Medium ones at this budget; the tree search wants Medium's.
        self.policy = policy if policy is not None else greedy_move if method == "flat" else medium_move
        self.flat = Pimc(
            "expert",
            rng,
            self.policy,
            deals=deals,
            budget_ms=budget_ms,
            clock=clock,
            prune=halving,
            infer=infer,
            reply=reply,
        )
        self.choices = choices
        self.read = read
        self.read_deals = read_deals
        self.read_last = read_last
        self.partner_deals = partner_deals
        self.exploration = exploration
        self.endgame_tiles = endgame_tiles

    def choose(self, view: SeatView) -> Decision:
        return finish(self.think(view))

    def think(self, view: SeatView) -> Thinking:
        """:meth:`choose` in steps (see :data:`~allfives.players.search.Thinking`)."""
        forced = only_move(view)
        if forced is not None:
            return forced
        deadline = Deadline(self.clock, self.budget_ms)
        know = self._knowledge(view)
        if view.boneyard_size == 0 and view.rules.sides == 2 and sum(view.hand_sizes) <= self.endgame_tiles:
            exact = yield from self._exact(view, know, deadline)
            if exact is not None:
                return exact
        deals: Deals = know
        if self.read and view.rules.players == 2:
            plays = past_plays(view, self.read_last)
            if plays:
                weighed = Weighed(replace(know, plays=(), chosen=()), plays)
                share = None if self.budget_ms is None else READ_SHARE * self.budget_ms
                yield from weighed.weigh(self.rng, self.read, self.read_deals, Deadline(self.clock, share))
                deals, deadline = weighed, deadline.rest()
        if self.method == "flat":
            cap = self.partner_deals if view.rules.teams else self.flat.deals
            return (yield from self.flat.steps(view, deals, deadline, cap))
        return (yield from self._tree_search(view, deals, deadline))

    def _knowledge(self, view: SeatView) -> Knowledge:
        """What the search knows of the hidden tiles: all that ``view`` shows.
        (The experiments in tools/arena_variants.py give it more.)"""
        return Knowledge.from_view(view, choices=self.choices)

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

    def _tree_search(self, view: SeatView, know: Deals, deadline: Deadline) -> Thinking:
        rng = self.rng
        sides = view.rules.sides
        root = _Node(None, view.side)
        c = self.exploration
        done = 0
        while done < self.iterations and deadline.allows(done):
            state = know.sample(rng)
            before = tuple(state.scores)
            path = self._walk(root, state, c)
            result = play_out(state, self.policy)
            values = [margin(before, result, s) for s in range(sides)]
            for node in path:
                node.visits += 1
                v = values[node.side]
                node.total += v
                node.wins += v > 0
            done += 1
            yield
        best = max(root.children.values(), key=lambda n: (n.visits, n.total))
        assert best.move is not None
        percent = round(100 * best.wins / best.visits)
        return Decision(best.move, Reason("wins_sims", {"percent": percent, "simulations": best.visits}))

    def _walk(self, node: _Node, state: HandState, c: float) -> list[_Node]:
        """Go down the tree along ``state`` (a sampled deal), choosing by UCB
        among the moves it allows, until a move is added; return the path."""
        path: list[_Node] = []
        while not state.is_over:
            moves = state.legal_moves()
            children = node.children
            untried = [m for m in moves if _key(m) not in children]
            for m in moves:
                child = children.get(_key(m))
                if child is not None:
                    child.avail += 1
            if untried:
                # Add the move the playout policy would make, if it is new;
                # else the new move that scores most. (A random one here
                # would stand in for the policy's move in every playout.)
                move = self.policy(state) if len(untried) > 1 else untried[0]
                if _key(move) in children:
                    move = max(untried, key=lambda m: (state.points_for(m), m.tile.is_double, m.tile.pips))
                added = _Node(move, state.sides[state.to_move])
                added.avail = 1
                children[_key(move)] = added
                state.apply(move)
                path.append(added)
                return path
            best: _Node | None = None
            best_score = -math.inf
            for m in moves:
                child = children[_key(m)]
                score = child.total / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
                if score > best_score:
                    best, best_score = child, score
            assert best is not None
            assert best.move is not None
            state.apply(best.move)
            path.append(best)
            node = best
        return path
