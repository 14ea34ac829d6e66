"""Golden self-play records (tests/golden/selfplay.jsonl, written by
tools/generators/make_golden.py): every level, with 2 players and with partners, under
a few rule variants, played again from the same seeds must give the same
bytes. A change to any player's choices, or to the rules, shows here."""

from __future__ import annotations

import json

from allfives.record import from_record
from tools.generators import make_golden


def test_the_golden_games_replay_as_recorded() -> None:
    for line in make_golden.GOLDEN.read_text(encoding="utf-8").splitlines():
        game = json.loads(line)
        match = from_record(game["record"])
        assert list(match.scores) == game["scores"]
        assert [str(m) for m in match.hands[-1].moves] == [d[1] for d in game["decisions"]]


def test_the_players_make_the_golden_games_again_byte_for_byte() -> None:
    assert make_golden.text() == make_golden.GOLDEN.read_text(encoding="utf-8")
