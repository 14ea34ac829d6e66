"""The rollout before and after a change, side by side in one process.

    python tools/benchmarks/rollout_ab.py fcb32b5 --rounds 15
    python tools/benchmarks/rollout_ab.py fcb32b5 --rounds 12 --policies random --depth 12

``python -m allfives bench`` times each engine by the wall clock, so on a
shared machine another job's load moves its figures more than a change to
the rollout does. This script loads the engine of commit ``REF`` (from
``git archive``) beside the working tree's, and plays the same 400 seeded
All Fives hands through both rollouts, the random, Easy's ("greedy") and
the learned policy, in rounds that take turns, timing each round by the
process's CPU time (:func:`time.process_time`). It prints the best and the
median hands a second of each. ``--depth N`` starts each hand N random
moves in (the searches roll out hands part-way through).
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
POLICIES = ("random", "greedy", "learned")
HANDS = 400


def engine_at(ref: str, into: Path) -> str:
    """Unpack ``allfives/`` of commit ``ref`` as the package ``allfives_before``."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", ref, "allfives"], check=True, capture_output=True
    ).stdout
    with tempfile.TemporaryFile() as f:
        f.write(archive)
        f.seek(0)
        with tarfile.open(fileobj=f) as tar:
            tar.extractall(into, filter="data")
    (into / "allfives").rename(into / "allfives_before")
    return "allfives_before"


def hands_of(package: str, depth: int) -> tuple[Callable[..., Any], tuple[float, ...], list[Any]]:
    """The package's rollout, its learned weights, and the seeded hands,
    ``depth`` seeded random moves in (the hands over by then left out)."""
    engine = importlib.import_module(package)
    rollout = importlib.import_module(package + ".players.rollout")
    distilled = importlib.import_module(package + ".players.distilled")
    weights = tuple(distilled.PLAYOUT_WEIGHTS[name] for name in rollout.FEATURES)
    rules = engine.Rules()
    states = []
    for seed in range(HANDS):
        deal = engine.Deal.shuffle(rules, random.Random(seed))
        state = engine.HandState(rules, deal.hands, deal.boneyard, deal.leader or 0)
        moves = random.Random(seed)
        for _ in range(depth):
            if not state.is_over:
                state.apply(moves.choice(state.legal_moves()))
        if not state.is_over:
            states.append(state)
    return rollout.rollout, weights, states


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ref", help="the commit to compare with the working tree")
    parser.add_argument("--rounds", type=int, default=15, help="rounds of each policy on each side")
    parser.add_argument("--policies", default=",".join(POLICIES), help="which, such as random,greedy")
    parser.add_argument("--depth", type=int, default=0, help="random moves played before each rollout")
    args = parser.parse_args(argv)
    policies = args.policies.split(",")
    sys.path.insert(0, str(ROOT))
    with tempfile.TemporaryDirectory() as tmp:
        sys.path.insert(0, tmp)
        sides = {
            "before": hands_of(engine_at(args.ref, Path(tmp)), args.depth),
            "after": hands_of("allfives", args.depth),
        }
        rates: dict[tuple[str, str], list[float]] = {(side, p): [] for side in sides for p in policies}
        for _ in range(args.rounds):
            for policy in policies:
                for side, (rollout, weights, states) in sides.items():
                    rng = random.Random(1)
                    start = time.process_time()
                    for state in states:
                        rollout(state, policy, rng, weights=weights if policy == "learned" else None)
                    rates[side, policy].append(len(states) / (time.process_time() - start))
    hands = len(sides["after"][2])
    print(
        f"rollouts of {hands} All Fives hands {args.depth} moves in, {args.rounds} rounds, CPU time; before = {args.ref}"
    )
    for policy in policies:
        for side in sides:
            v = rates[side, policy]
            print(f"{policy:8} {side:7} best {max(v):8,.0f}  median {statistics.median(v):8,.0f} hands/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
