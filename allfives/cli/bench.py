"""``python -m allfives bench``: random legal hands per second under the full
rules (2 players, 9 tiles, the boneyard, the spinner, scoring), beside the two
Python peers on PyPI when they are installed (``pip install -e .[bench]``).

Three ways through the engine: the public API (every move checked, every
event reported: what the browser game does), ``HandState.apply`` (moves known
to be legal, no events), and the rollout the computer players finish their
sampled hands with (:mod:`allfives.players.rollout`, on integers). Each deals
a fresh hand with :meth:`Deal.shuffle` and plays it to its end.

Every engine is measured in turns, round after round, in one run, so the
ratios compare like with like on a noisy machine; medians are reported.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import TextIO

from ..hand import HandState
from ..match import Deal, Match
from ..players.rollout import rollout
from ..rules import Rules

__all__ = ["run"]

Job = Callable[[random.Random], None]


def allfives_rollout(rng: random.Random) -> None:
    """One random hand through the searches' rollout."""
    rules = _RULES
    deal = Deal.shuffle(rules, rng)
    assert deal.leader is not None
    rollout(HandState(rules, deal.hands, deal.boneyard, deal.leader), "random", rng)


def allfives_fast(rng: random.Random) -> None:
    """One random hand through ``HandState.apply``."""
    rules = _RULES
    deal = Deal.shuffle(rules, rng)
    assert deal.leader is not None
    hand = HandState(rules, deal.hands, deal.boneyard, deal.leader)
    while not hand.is_over:
        hand.apply(rng.choice(hand.legal_moves()))


def allfives_checked(rng: random.Random) -> None:
    """One random hand through the public API: every move checked, every
    event reported (what the browser game does)."""
    match = Match(_RULES)
    match.deal(rng)
    while match.to_move is not None:
        match.play(rng.choice(match.legal_moves()))


_RULES = Rules()


def _dominoes_job() -> Job | None:
    try:
        import dominoes
    except ImportError:
        return None

    def job(rng: random.Random) -> None:
        # dominoes 6.1.0: four players, seven tiles each, no boneyard.
        game = dominoes.Game.new()
        while game.result is None:
            game.make_move(*rng.choice(game.valid_moves))

    return job


def _all_fives_domino_job() -> Job | None:
    try:
        from src.main.game.Brain import RandomBrain
        from src.main.game.DominoRound import DominoRound
        from src.main.game.exceptions.Game import GameWinSignal
        from src.main.game.Game import Game
        from src.main.game.Player import Player
    except ImportError:
        return None

    def job(rng: random.Random) -> None:
        # all-fives-domino 1.0.23 installs as the top-level package "src"; it
        # shuffles with the global random module, so seed that from ours.
        random.seed(rng.random())
        one, two = Player(RandomBrain()), Player(RandomBrain())
        game = Game(one, two)
        with contextlib.suppress(GameWinSignal):  # a player reached its target
            DominoRound(one, two, game).run()

    return job


def measure(job: Job, seconds: float, rng: random.Random) -> float:
    """Hands per second of ``job`` over about ``seconds``."""
    count = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        job(rng)
        count += 1
        now = time.perf_counter()
        if now >= deadline:
            return count / (now - start)


def run(args: argparse.Namespace, out: TextIO) -> int:
    jobs: dict[str, Job] = {
        "allfives (checked, with events)": allfives_checked,
        "allfives (HandState.apply)": allfives_fast,
        "allfives (rollout)": allfives_rollout,
    }
    peers = {"dominoes 6.1.0": _dominoes_job(), "all-fives-domino 1.0.23": _all_fives_domino_job()}
    for name, peer in peers.items():
        if peer is None:
            print(f"{name} is not installed: pip install -e '.[bench]' to compare", file=sys.stderr)
        else:
            jobs[name] = peer
    rates: dict[str, list[float]] = {name: [] for name in jobs}
    rng = random.Random(args.seed)
    out.write(f"{args.rounds} rounds of {args.seconds:g} s per engine, interleaved; Python {sys.version.split()[0]}\n")
    for _ in range(args.rounds):
        for name, job in jobs.items():
            rates[name].append(measure(job, args.seconds, rng))
    medians = {name: statistics.median(r) for name, r in rates.items()}
    ours = medians["allfives (rollout)"]
    checked = medians["allfives (checked, with events)"]
    out.write(f"{'engine':34} {'hands/s (median)':>17} {'min-max':>17} {'rollout / this':>15} {'checked / this':>15}\n")
    for name, r in rates.items():
        spread = f"{min(r):,.0f}-{max(r):,.0f}"
        ratios = f"{ours / medians[name]:>14.2f}x {checked / medians[name]:>14.2f}x"
        out.write(f"{name:34} {medians[name]:>17,.0f} {spread:>17} {ratios}\n")
    return 0
