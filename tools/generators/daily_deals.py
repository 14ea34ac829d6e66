"""Print the daily deals of a fixed list of dates, one JSON object a line,
with the Expert's duplicate of the first few: run on CPython and on Pyodide,
the lines must be the same, and the same as tests/golden/daily.jsonl
(tests/engine/test_daily.py, tests/engine/test_same_in_pyodide.py). Write
the golden file again, only when the daily's deal or Expert is meant to
change, with ``PYTHONPATH=. python tools/generators/daily_deals.py > tests/golden/daily.jsonl``."""

import json
import sys
from datetime import date

from allfives.daily import daily_deal, daily_seed, expert_match, score_of
from allfives.match import fingerprint

DATES = (
    date(2026, 12, 6),
    date(2026, 12, 7),
    date(2000, 1, 1),
    date(2024, 2, 29),
    date(2026, 1, 1),
    date(2030, 12, 31),
)
#: How many of the dates also get the Expert's duplicate (a second a date).
DUPLICATES = 2


def lines(duplicates: int = DUPLICATES) -> list[str]:
    out = []
    for index, day in enumerate(DATES):
        deal = daily_deal(day)
        line: dict[str, object] = {
            "date": day.isoformat(),
            "seed": daily_seed(day),
            "fingerprint": fingerprint(daily_seed(day)),
            "hands": [[str(t) for t in tiles] for tiles in deal.hands],
            "boneyard": [str(t) for t in deal.boneyard],
            "leader": deal.leader,
        }
        if index < duplicates:
            match = expert_match(day)
            line["expert_moves"] = [str(m) for m in match.history[0].moves]
            line["expert_score"] = score_of(match.history)
        out.append(json.dumps(line))
    return out


if __name__ == "__main__":
    print("\n".join(lines(int(sys.argv[1]) if len(sys.argv) > 1 else DUPLICATES)))
