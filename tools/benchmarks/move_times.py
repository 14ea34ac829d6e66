"""Time the computer players' moves where they run: CPython, or Pyodide
(``node tools/benchmarks/pyodide_bench.mjs`` runs this same file there).

    python tools/benchmarks/move_times.py --level expert --hands 20 --seed 1

Plays seeded 2-player hands of ``--level`` against Easy and prints the
median, 95th percentile and maximum time per move of ``--level``, counting
only the moves it had to think about (more than one legal move).
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from allfives import Deal, Match, Rules
from allfives.players import DEFAULT_BUDGET_MS, make_player
from allfives.view import view_of


def move_times(level: str, hands: int, seed: int, players: int, budget_ms: float) -> tuple[list[float], list[int]]:
    """Milliseconds per move thought about, and the simulated hands each used."""
    rules = Rules(players=players)
    times: list[float] = []
    simulations: list[int] = []
    for number in range(hands):
        deal = Deal.shuffle(rules, random.Random(f"move-times:{seed}:{number}"))
        match = Match(rules)
        match.start_hand(deal)
        seats = [
            make_player(level if s % 2 == 0 else "easy", random.Random(f"{seed}:{number}:{s}"), budget_ms=budget_ms)
            for s in range(players)
        ]
        while match.to_move is not None:
            seat = match.to_move
            view = view_of(match, seat)
            start = time.perf_counter()
            decision = seats[seat].choose(view)
            if seat % 2 == 0 and len(view.legal_moves) > 1:
                times.append(1000 * (time.perf_counter() - start))
                if "simulations" in decision.reason.params:
                    simulations.append(int(decision.reason.params["simulations"]))
            match.play(decision.move)
    return times, simulations


def summary(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]
    return {
        "moves": len(ordered),
        "median_ms": round(statistics.median(ordered), 1),
        "p95_ms": round(p95, 1),
        "max_ms": round(ordered[-1], 1),
    }


def main(argv: list[str] | None = None) -> dict[str, object]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="expert")
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, choices=(2, 4), default=2)
    parser.add_argument("--budget-ms", type=float, default=DEFAULT_BUDGET_MS)
    args = parser.parse_args(argv)
    times, simulations = move_times(args.level, args.hands, args.seed, args.players, args.budget_ms)
    result: dict[str, object] = {
        "python": f"{platform.python_implementation()} {platform.python_version()} ({sys.platform})",
        "level": args.level,
        "players": args.players,
        "budget_ms": args.budget_ms,
        "hands": args.hands,
        **summary(times),
        "median_simulations": statistics.median(simulations) if simulations else 0,
    }
    print(json.dumps(result))
    return result


if __name__ == "__main__":
    main()
