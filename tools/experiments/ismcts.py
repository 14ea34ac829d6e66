"""Information-set Monte Carlo tree search, as an Expert: at a browser's
budget of a few hundred tree walks it measured weaker than the flat search
(docs/ai.md), so the game does not offer it (the ``expert-ismcts`` variant).

Each iteration samples a deal of the hidden tiles consistent with what the
seat has seen, walks one tree of moves shared by all the samples (a move is
only considered where the sample allows it, and is scored on how often it
was available), adds one move, and plays the hand out with Medium's policy
for every seat. Results are points margins per side, so in partnerships
both partners' moves count for the team. Expert's exact search at the end
of the hand is kept.
"""

from __future__ import annotations

import math
import random

from allfives.hand import HandState
from allfives.players.base import Clock, Decision, Reason, Thinking, default_clock
from allfives.players.expert import Expert
from allfives.players.knowledge import Deals
from allfives.players.medium import medium_move
from allfives.players.search import Deadline, Policy, margin, play_out
from allfives.tiles import Move
from allfives.view import SeatView

__all__ = ["TreeSearch"]

ITERATIONS = 600  # tree walks per move, at most (and within the budget)
EXPLORATION = 15.0  # UCB's exploration term, in points of margin


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


class TreeSearch(Expert):
    """Expert with the tree search in place of the flat one."""

    def __init__(
        self,
        rng: random.Random,
        *,
        budget_ms: float | None = 300.0,
        clock: Clock = default_clock,
        iterations: int = ITERATIONS,
        policy: Policy = medium_move,
        exploration: float = EXPLORATION,
    ) -> None:
        super().__init__(rng, budget_ms=budget_ms, clock=clock)
        self.iterations = iterations
        self.policy = policy
        self.exploration = exploration

    def search(self, view: SeatView, deals: Deals, deadline: Deadline) -> Thinking:
        rng = self.rng
        sides = view.rules.sides
        root = _Node(None, view.side)
        c = self.exploration
        done = 0
        while done < self.iterations and deadline.allows(done):
            state = deals.sample(rng)
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
