"""Medium: a one-move evaluation using everything the seat knows.

Each legal move is worth the points it scores now, minus what the next
opponent can be expected to score off the ends it leaves, plus smaller terms:
a bonus when the opponent is likely unable to play (it must draw, or pass),
for getting rid of heavy tiles and doubles (pips left in hand count against
you when the hand ends), for keeping a spread of numbers and a tile that fits,
for a score set up for the next turn, and in partnerships for what the
partner can be expected to score.

The expected best reply treats each hidden tile as in the opponent's hand
with its own chance: the chance of scoring ``s`` or more is one minus the
chance of holding none of the tiles that score that much.

:func:`medium_move` is the same evaluation for a hand being searched, where
each seat judges chances from the tiles it cannot see; it is the playout
policy of Hard (and of Expert's tree search).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..hand import HandState, points_for
from ..layout import CLOSED, Layout
from ..rules import Rules
from ..tiles import TILES, Move, Tile
from ..view import SeatView
from .base import BasePlayer, Decision, Reason
from .knowledge import Knowledge

__all__ = ["Evaluation", "Medium", "Weights", "evaluate", "medium_move"]

Chances = Sequence[float]
"""A chance for every tile, by its index in :data:`~allfives.tiles.TILES`."""

# For each number, the tiles showing it and what each adds when joined to an
# end of that number: the other half, or both halves of the double.
_JOINS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((t.index, 2 * pip if t.is_double else t.other(pip)) for t in TILES if t.has(pip)) for pip in range(7)
)
_DOUBLES = tuple(t for t in TILES if t.is_double)


@dataclass(frozen=True, slots=True)
class Weights:
    reply: float = 0.9  # per expected point the opponent scores next
    block: float = 3.0  # the opponent cannot play and must draw
    block_pass: float = 8.0  # ... and the boneyard is empty: it passes
    pips: float = 0.2  # per pip got rid of
    double: float = 1.5  # a double played (doubles are the hardest to place)
    spread: float = 0.5  # per different number kept in hand
    stuck: float = 2.0  # no tile left that fits the ends
    follow: float = 0.25  # per point we can score next turn
    partner: float = 0.5  # per point the partner can be expected to score


WEIGHTS = Weights()


@dataclass(frozen=True, slots=True)
class Evaluation:
    move: Move
    value: float
    points: int
    reply: float  # the opponent's expected best score next
    blocked: float  # the chance the opponent cannot play
    partner: float


def open_bases(layout: Layout) -> list[tuple[int, int]]:
    """For each open end, its number and the total a tile joined there makes
    before its outer half is added (the ends total is linear in that half)."""
    out = []
    for arm, pip in enumerate(layout.open_pips):
        if pip != CLOSED:
            out.append((pip, layout.total_after(_DOUBLES[pip], arm) - 2 * pip))
    return out


def expected_best(
    bases: list[tuple[int, int]], chances: Chances, score: Callable[[int], int] | None = None
) -> tuple[float, float]:
    """The expected best score of a player who holds each tile with its
    chance, on ends described by ``bases``; and the chance it can play
    nothing. ``score`` is what an ends total scores (:meth:`Rules.score`);
    None for All Fives' multiples of 5."""
    tops: dict[int, int] = {}
    none_fit = 1.0
    fit = 0
    for pip, base in bases:
        for index, add in _JOINS[pip]:
            p = chances[index]
            if not p:
                continue
            if not fit >> index & 1:
                fit |= 1 << index
                none_fit *= 1.0 - p
            total = base + add
            if score is not None:
                total = score(total)
            elif total % 5:
                continue
            if total > tops.get(index, 0):
                tops[index] = total
    expected = 0.0
    missed = 1.0  # the chance of holding none of the better-scoring tiles
    for index, best in sorted(tops.items(), key=lambda kv: -kv[1]):
        p = chances[index]
        expected += best * p * missed
        missed *= 1.0 - p
    return expected, none_fit


def evaluate(
    layout: Layout,
    move: Move,
    rest: Sequence[Tile],
    opponent: Chances,
    partner: Chances | None,
    boneyard_size: int,
    w: Weights = WEIGHTS,
    rules: Rules | None = None,
) -> Evaluation:
    """The worth of ``move`` on ``layout`` for a seat left holding ``rest``,
    scored by ``rules`` (None: All Fives')."""
    points = points_for(layout, move, rules)
    score = None if rules is None or (rules.scoring == "fives" and rules.marking == "pips") else rules.score
    t = move.tile
    value = points + w.pips * t.pips + (w.double if t.is_double else 0.0)
    if not rest:
        # Going out ends the hand: no reply.
        return Evaluation(move, value + 20.0, points, 0.0, 1.0, 0.0)
    after = layout.copy()
    after.place(move)
    bases = open_bases(after)
    reply, blocked = expected_best(bases, opponent, score)
    value -= w.reply * reply
    value += (w.block_pass if boneyard_size == 0 else w.block) * blocked
    numbers = 0
    follow = 0
    fits = False
    for r in rest:
        numbers |= r.mask
        for pip, base in bases:
            if r.high == pip or r.low == pip:
                fits = True
                total = base + (2 * pip if r.is_double else r.other(pip))
                if score is not None:
                    total = score(total)
                elif total % 5:
                    continue
                if total > follow:
                    follow = total
    value += w.spread * bin(numbers).count("1") + w.follow * follow
    if not fits:
        value -= w.stuck
    helped = 0.0
    if partner is not None:
        helped = expected_best(bases, partner, score)[0]
        value += w.partner * helped
    return Evaluation(move, value, points, reply, blocked, helped)


def _key(e: Evaluation) -> tuple[float, int, int]:
    # Between equal values, the heavier tile: deterministic.
    return (e.value, e.move.tile.pips, -e.move.tile.index)


def best_evaluation(evaluations: list[Evaluation]) -> Evaluation:
    return max(evaluations, key=_key)


def medium_move(state: HandState) -> Move:
    """Medium's choice in a hand being searched: the mover judges chances
    only from the tiles it cannot see, all equally likely."""
    moves = state.legal_moves()
    if len(moves) == 1:
        return moves[0]
    seat = state.to_move
    players = state.rules.players
    hands = state.hands
    unseen = [t for s in range(players) if s != seat for t in hands[s]] + state.boneyard
    opp = (seat + 1) % players
    opponent = _uniform(unseen, len(hands[opp]))
    partner = _uniform(unseen, len(hands[(seat + 2) % 4])) if state.rules.teams else None
    layout = state.layout
    boneyard = len(state.boneyard)
    best: Evaluation | None = None
    for move in moves:
        rest = [t for t in hands[seat] if t is not move.tile]
        e = evaluate(layout, move, rest, opponent, partner, boneyard, rules=state.rules)
        if best is None or _key(e) > _key(best):
            best = e
    assert best is not None
    return best.move


def _uniform(unseen: Sequence[Tile], held: int) -> list[float]:
    """Chances when each unseen tile is as likely as any other to be held."""
    chances = [0.0] * len(TILES)
    if unseen:
        p = min(1.0, held / len(unseen))
        for t in unseen:
            chances[t.index] = p
    return chances


def _chances(by_tile: dict[Tile, float]) -> list[float]:
    chances = [0.0] * len(TILES)
    for t, p in by_tile.items():
        chances[t.index] = p
    return chances


def evaluate_view(view: SeatView, knowledge: Knowledge | None = None, w: Weights = WEIGHTS) -> list[Evaluation]:
    """Every legal move of ``view`` evaluated, in the order of the moves."""
    know = knowledge if knowledge is not None else Knowledge.from_view(view)
    players = view.rules.players
    opp = (view.seat + 1) % players
    opponent = _chances(know.chances(opp))
    partner = _chances(know.chances((view.seat + 2) % 4)) if view.rules.teams else None
    out = []
    for move in view.legal_moves:
        rest = [t for t in view.hand if t is not move.tile]
        out.append(evaluate(view.layout, move, rest, opponent, partner, view.boneyard_size, w, view.rules))
    return out


def explain(chosen: Evaluation, evaluations: list[Evaluation]) -> Reason:
    """Why ``chosen`` beat the others, in the terms that decided it."""
    least_reply = min(e.reply for e in evaluations)
    if chosen.points:
        if chosen.reply < 0.5:
            return Reason("scores_safe", {"points": chosen.points})
        return Reason("scores", {"points": chosen.points})
    if chosen.blocked >= 0.5:
        return Reason("blocks", {"percent": round(100 * chosen.blocked)})
    if chosen.partner >= 3 and chosen.partner >= max(e.partner for e in evaluations):
        return Reason("helps_partner", {"expected": round(chosen.partner, 1)})
    if chosen.reply <= least_reply + 0.5 and max(e.reply for e in evaluations) > chosen.reply + 1:
        if chosen.reply < 0.5:
            return Reason("leaves_nothing")
        return Reason("leaves_little", {"expected": round(chosen.reply, 1)})
    return Reason("sheds", {"tile": str(chosen.move.tile)})


class Medium(BasePlayer):
    level = "medium"

    def __init__(self, rng: random.Random, weights: Weights = WEIGHTS) -> None:
        self.rng = rng  # unused: Medium is the same every time
        self.weights = weights

    def decide(self, view: SeatView) -> Decision:
        evaluations = evaluate_view(view, w=self.weights)
        chosen = best_evaluation(evaluations)
        return Decision(chosen.move, explain(chosen, evaluations))
