"""Write the golden self-play records, one JSON object a line
(tests/golden/selfplay.jsonl; tests/players/test_golden.py replays them).

    python tools/generators/make_golden.py            # rewrite the file
    python tools/generators/make_golden.py --check    # exit 1 if it would change

Every level of :func:`~allfives.players.make_player` plays, with 2 players
and with 4 in partnerships, under a few rule variants. The searching levels
run without a time budget (``budget_ms=None``): only their fixed caps on
sampled deals bound them, so a game depends on its seed alone, not on how
busy the machine is. Each line is one hand: the rules, the seats' levels,
the seed, the record of the hand, and every decision's move and reason.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from allfives.match import Match
from allfives.players import LEVELS, make_player
from allfives.record import to_record
from allfives.rules import Rules
from allfives.view import view_of

GOLDEN = Path(__file__).resolve().parents[2] / "tests" / "golden" / "selfplay.jsonl"

TABLES: tuple[tuple[str, Rules], ...] = (
    ("standard", Rules()),
    ("partners", Rules(players=4)),
    ("computer", Rules.preset("computer")),
    ("winner-takes", Rules(hand_size=7, hand_end="winner-takes", lead="highest-double")),
    # No boneyard: the hands end in Expert's exact search (sampled, with partners).
    ("twelve-each", Rules(hand_size=12)),
    ("partners-seven-each", Rules(players=4, hand_size=7)),
)
"""The rules each level plays under (a name, for the record's reader)."""


def game(table: str, rules: Rules, level: str, seed: int) -> dict[str, object]:
    """One seeded hand: ``level`` in seat 0 (and its partner's), the other
    seats the next level up the ladder (Easy for Expert)."""
    other = LEVELS[(LEVELS.index(level) + 1) % len(LEVELS)] if level != "expert" else "easy"
    levels = [level if rules.side_of(s) == 0 else other for s in range(rules.players)]
    players = [make_player(lv, random.Random(f"golden:{seed}:{s}"), budget_ms=None) for s, lv in enumerate(levels)]
    match = Match(rules)
    match.deal(random.Random(f"golden:{seed}:deal"))
    decisions: list[list[object]] = []
    while match.to_move is not None:
        seat = match.to_move
        decision = players[seat].choose(view_of(match, seat))
        decisions.append([seat, str(decision.move), decision.reason.key, dict(decision.reason.params)])
        match.play(decision.move)
    return {
        "table": table,
        "levels": levels,
        "seed": seed,
        "scores": list(match.scores),
        "decisions": decisions,
        "record": to_record(match),
    }


def lines() -> list[str]:
    out = []
    for seed, (table, rules) in enumerate(TABLES):
        for level in LEVELS:
            out.append(json.dumps(game(table, rules, level, seed), sort_keys=True))
    return out


def text() -> str:
    return "".join(line + "\n" for line in lines())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="compare with the file, do not write it")
    args = parser.parse_args()
    new = text()
    if args.check:
        same = GOLDEN.read_text(encoding="utf-8") == new
        print("golden records unchanged" if same else "golden records differ", file=sys.stderr)
        return 0 if same else 1
    GOLDEN.write_text(new, encoding="utf-8")
    print(f"wrote {GOLDEN} ({new.count(chr(10))} games)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
