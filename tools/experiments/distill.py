"""A playout policy distilled from Expert's own choices (issue 18, item 2).

    python -m tools.experiments.distill --hands 200 --seed 1 --jobs 2

Plays seeded 2-player hands of Expert against itself (no clock, its caps),
records every choice it made among two or more moves after the lead, with
each move's :data:`~allfives.players.rollout.FEATURES` as the mover sees
them (the rollout's own :func:`~allfives.players.rollout.move_features`, so
the policy is judged in play on exactly what it was fitted to), fits the
weights by maximum likelihood (the conditional logit of
:mod:`tools.experiments.fit_choices`) and writes them into the engine, as
the data module ``allfives/players/distilled.py`` (``--out``).

The rollout plays them as its ``"learned"`` rule, for every seat, in its
hot loop (pure Python, bit sets; no new dependency):
:class:`~allfives.players.rollout.Learned` is that playout, which Expert
uses in two-player games.
"""

from __future__ import annotations

import argparse
import importlib
import json
import multiprocessing
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from allfives.hand import MOVES, HandState
from allfives.layout import Layout
from allfives.match import Match
from allfives.players import distilled
from allfives.players.base import BasePlayer, Decision, Reason
from allfives.players.expert import Expert
from allfives.players.rollout import BIT, FEATURES, TIE, Learned, _ends, move_features, rollout
from allfives.players.simple import Easy
from allfives.rules import Rules
from allfives.tiles import Move, Tile
from allfives.view import SeatView, view_of

from .fit_choices import Choice, fit

__all__ = [
    "WEIGHTS_FILE",
    "LearnedPlayer",
    "choices_in_hand",
    "cost_ratio",
    "features_on",
    "load_weights",
    "main",
    "state_features",
]

WEIGHTS_FILE = Path(distilled.__file__)

MODULE = '''"""The weights of Expert's two-player playout policy, distilled from
Expert's own choices (docs/ai.md, "What a better evaluator could win").

Each playout move is the one with the highest sum of these weights times its
:data:`~allfives.players.rollout.FEATURES`. The file is data: it is written
by ``python -m tools.experiments.distill`` (the command below), not by hand,
and is a Python module so that the page packs, precompiles and snapshots it
with the rest of the engine.
"""

from __future__ import annotations

__all__ = ["COMMAND", "PLAYOUT_WEIGHTS", "TRAINING"]

COMMAND = {command}
"""How these weights were made."""

TRAINING = {training}
"""What the fit saw: Expert's choices, and how well the weights explain them."""

PLAYOUT_WEIGHTS = {weights}
"""One weight per feature, by the feature's name."""
'''
"""The data module's text; ``ruff format`` leaves it as it is."""


def state_features(state: HandState) -> list[tuple[Move, tuple[float, ...]]]:
    """Each legal move of the seat to move in ``state`` (a lead excepted),
    with its features as the rollout's ``"learned"`` rule computes them."""
    seat = state.to_move
    return features_on(state.layout, state.hands[seat], len(state.hands[(seat + 1) % state.rules.players]))


def features_on(layout: Layout, hand: Sequence[Tile], held: int) -> list[tuple[Move, tuple[float, ...]]]:
    """The moves of ``hand`` on ``layout`` (not empty) and their features;
    the next player holds ``held`` tiles."""
    w, e, n, s = layout.open_pips
    ww, we, wn, ws = layout.weight
    west_has, east_has = bool(layout.arms[0]), bool(layout.arms[1])
    ends = _ends(w, e, n, s, ww, we, wn, ws, layout.total, layout.spinner, layout.spinner_arm, west_has, east_has)
    bits = sum(BIT[t] for t in hand)
    laid = sum(BIT[t] for t in layout.tiles())
    return [(MOVES[t][arm], row) for t, arm, row in move_features(bits, laid, held, ends)]


class LearnedPlayer(BasePlayer):
    """The distilled policy as a player of its own, one move deep (as Easy
    and wary are): how good a model of play it is, without a search."""

    level = "learned"

    def __init__(self, rng: random.Random, weights: tuple[float, ...]) -> None:
        self.rng = rng  # unused: the policy is the same every time
        self.weights = weights

    def decide(self, view: SeatView) -> Decision:
        if view.layout.lead is None:
            return Easy(self.rng).decide(view)
        held = view.hand_sizes[(view.seat + 1) % view.rules.players]
        rows = features_on(view.layout, view.hand, held)
        move, _ = max(
            rows,
            key=lambda mr: sum(w * x for w, x in zip(self.weights, mr[1], strict=True)) + 1e-6 * TIE[mr[0].tile.index],
        )
        return Decision(
            move,
            Reason("scores", {"points": view.points_for(move)})
            if view.points_for(move)
            else Reason("drops_heavy", {"tile": str(move.tile)}),
        )


def choices_in_hand(number: int, seed: int, deals: int = 800) -> list[Choice]:
    """Expert's choices (two moves or more, after the lead) in seeded hand
    ``number``, both seats Expert with at most ``deals`` sampled deals."""
    rules = Rules()
    match = Match(rules)
    match.deal(random.Random(f"distill:{seed}:{number}"))
    # Expert as it was when the weights were fitted, with Easy's playouts.
    players = [
        Expert(random.Random(f"distill:{seed}:{number}:{s}"), budget_ms=None, deals=deals, learned=False)
        for s in range(2)
    ]
    hand = match.hand
    assert hand is not None
    out: list[Choice] = []
    while not hand.is_over:
        seat = match.to_move
        assert seat is not None
        view = view_of(match, seat)
        decision = players[seat].choose(view)
        if hand.layout.lead is not None and len(view.legal_moves) > 1:
            rows = state_features(hand)
            made = [m for m, _ in rows].index(hand.resolve(decision.move))
            out.append(("expert", [r for _, r in rows], made))
        match.play(decision.move)
    return out


def cost_ratio(
    weights: tuple[float, ...], hands: int = 200, seed: int = 1, clock: Callable[[], float] = time.process_time
) -> float:
    """How many times a greedy rollout's CPU time a learned one takes, over
    rollouts from the start and from a few plays into ``hands`` seeded hands
    (``clock`` reads the CPU time; a test passes its own)."""
    rules = Rules()
    starts: list[HandState] = []
    rng = random.Random(f"distill-cost:{seed}")
    for _ in range(hands):
        match = Match(rules)
        match.deal(rng)
        hand = match.hand
        assert hand is not None
        for _ in range(rng.randrange(8)):
            if hand.is_over:
                break
            match.play(hand.legal_moves()[0])
        if not hand.is_over:
            starts.append(hand.copy())
    spent = []
    for policy in ("greedy", "learned"):
        start = clock()
        for state in starts:
            for _ in range(20):
                rollout(state, policy, weights=weights if policy == "learned" else None)
        spent.append(clock() - start)
    return spent[1] / spent[0]


def load_weights() -> tuple[float, ...]:
    """The committed weights (read again, should a run have rewritten them), in :data:`FEATURES` order."""
    return Learned(importlib.reload(distilled).PLAYOUT_WEIGHTS).weights


def module_text(command: str, training: dict[str, float | int], weights: dict[str, float]) -> str:
    """The data module holding ``weights``, made by ``command``."""
    lines = "".join(f"    {json.dumps(name)}: {value!r},\n" for name, value in weights.items())
    return MODULE.format(command=json.dumps(command), training=json.dumps(training), weights="{\n" + lines + "}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--deals", type=int, default=800, help="Expert's cap of sampled deals a move")
    parser.add_argument("--out", type=Path, default=WEIGHTS_FILE)
    parser.add_argument("--cost", action="store_true", help="only time the committed weights' rollout against greedy")
    args = parser.parse_args(argv)
    if args.cost:
        print(f"a learned rollout costs {cost_ratio(load_weights()):.2f} times a greedy one (CPU time)")
        return 0
    work = [(n, args.seed, args.deals) for n in range(args.hands)]
    if args.jobs > 1:
        with multiprocessing.Pool(args.jobs) as pool:
            hands = pool.starmap(choices_in_hand, work)
    else:
        hands = [choices_in_hand(*w) for w in work]
    choices = [c for hand in hands for c in hand]
    weights, loglik = fit(choices, tuple(range(len(FEATURES))))
    greedy_first = sum(1 for _, rows, made in choices if rows[made][0] == max(r[0] for r in rows))
    command = "python -m tools.experiments.distill " + " ".join(argv if argv is not None else sys.argv[1:])
    training: dict[str, float | int] = {
        "choices": len(choices),
        "log_likelihood_per_choice": round(loglik, 4),
        "chose_a_top_scoring_move": round(greedy_first / len(choices), 4),
    }
    named = {name: round(w, 4) for name, w in zip(FEATURES, weights, strict=True)}
    args.out.write_text(module_text(command, training, named))
    print(json.dumps({"command": command, **training, "weights": named}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
