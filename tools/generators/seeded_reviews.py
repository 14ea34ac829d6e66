"""Print the judge's review of seeded hands, one JSON document per line: run
on CPython and on Pyodide the lines must be the same
(tests/engine/test_same_in_pyodide.py). With ``--time``, print instead how
long each review took: a 9-tile two-player hand of Medium against Medium,
every seat's decisions, at the default samples (docs/benchmarks.md).

    python tools/generators/seeded_reviews.py 3
    node tools/pyodide_run.mjs tools/generators/seeded_reviews.py 5 --time
"""

import json
import random
import statistics
import sys
import time

from allfives import Deal, Match, Rules, record
from allfives.players import make_player
from allfives.review import SAMPLES, review
from allfives.view import view_of


def hand(seed: int, rules: Rules) -> str:
    match = Match(rules)
    match.start_hand(Deal.shuffle(rules, random.Random(f"review:{seed}")))
    players = [make_player("medium", random.Random(f"review:{seed}:{s}")) for s in range(rules.players)]
    while match.to_move is not None:
        seat = match.to_move
        match.play(players[seat].choose(view_of(match, seat)).move)
    return record.dumps(match)


def main(count: int, timed: bool) -> None:
    if timed:
        seconds = []
        for seed in range(count):
            text = hand(seed, Rules(players=2, hand_size=9))
            start = time.perf_counter()
            judged = review(text, samples=SAMPLES, seed=seed)
            seconds.append(time.perf_counter() - start)
            print(f"hand {seed}: {len(judged.judgements())} decisions, {seconds[-1]:.2f} s")
        print(f"median {statistics.median(seconds):.2f} s, longest {max(seconds):.2f} s ({SAMPLES} samples a decision)")
        return
    for seed in range(count):
        rules = [Rules(), Rules(players=3), Rules(players=4)][seed % 3]
        print(json.dumps(review(hand(seed, rules), samples=30, seed=seed).to_json()))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3, "--time" in sys.argv)
