"""Print seeded games as JSON events, one game per line: run on CPython and
on Pyodide, the lines must be the same (tests/engine/test_same_in_pyodide.py)."""

import json
import random
import sys

from allfives import Match, Rules
from allfives.players import make_player
from allfives.view import view_of


def games(seeds: int) -> list[str]:
    lines = []
    for seed in range(seeds):
        rules = [Rules(), Rules(players=3), Rules(players=4), Rules.preset("computer")][seed % 4]
        rng = random.Random(seed)
        match = Match(rules)
        players = [
            make_player(("beginner", "easy", "medium")[(seed + s) % 3], random.Random(f"{seed}/{s}"))
            for s in range(rules.players)
        ]
        events = []
        while not match.is_over and len(match.hands) <= 3:
            if match.needs_deal:
                events += match.deal(rng)
                continue
            seat = match.to_move
            assert seat is not None
            events += match.play(players[seat].choose(view_of(match, seat)).move)
        lines.append(json.dumps([e.to_json() for e in events]))
    return lines


if __name__ == "__main__":
    print("\n".join(games(int(sys.argv[1]) if len(sys.argv) > 1 else 8)))
