"""The daily deal: the same hand for everyone on a date, verifiable, and the
duplicate, the Expert's score with the player's tiles, the same everywhere."""

from __future__ import annotations

import io
import json
from datetime import UTC, date, datetime, timedelta, timezone
from pathlib import Path

import pytest

from allfives import Match, record
from allfives.cli import main
from allfives.daily import (
    PLAYER,
    RULES,
    DailyError,
    Duplicate,
    daily_deal,
    daily_match,
    duplicate,
    expert_match,
    latest_date,
    parse_date,
    score_of,
)
from allfives.players.simple import greedy_move
from allfives.verify import all_verified, verify
from tools.generators import daily_deals

GOLDEN = Path(__file__).parents[1] / "golden" / "daily.jsonl"
TODAY = date(2026, 12, 6)


def test_the_daily_deals_are_the_golden_ones() -> None:
    """The deal of each date, and the Expert's duplicate of the first two,
    as the golden file has them (written on CPython, and the same in Pyodide:
    test_same_in_pyodide.py)."""
    assert daily_deals.lines() == GOLDEN.read_text(encoding="utf-8").splitlines()


def test_the_daily_is_the_standard_game_for_two_and_its_deal_verifies() -> None:
    assert RULES.players == 2
    assert RULES.deal_size == 9
    assert RULES.lead == "random"
    match = daily_match(TODAY)
    assert match.history[0].deal == daily_deal(TODAY)
    assert all_verified(verify(record.to_record(match)))


def test_two_dates_deal_two_hands() -> None:
    assert daily_deal(TODAY).hands != daily_deal(TODAY + timedelta(days=1)).hands


@pytest.mark.parametrize(
    ("text", "kind", "message"),
    [
        ("2026-13-01", "impossible", "there is no 1 month 13 2026"),
        ("2026-02-30", "impossible", "there is no 30 February 2026"),
        ("2025-02-29", "impossible", "there is no 29 February 2025"),
        ("2026-12-08", "future", "the daily deal of 2026-12-08 is not out yet"),
        ("1999-12-31", "too-early", "the daily deals start on 2000-01-01"),
        ("6 December", "malformed", "'6 December' is not a date written like 2026-12-06"),
        ("2026-12-6", "malformed", "'2026-12-6' is not a date written like 2026-12-06"),
        ("", "malformed", "'' is not a date written like 2026-12-06"),
        ("2026-12-06" * 9, "malformed", "is not a date written like 2026-12-06"),
    ],
)
def test_a_date_with_no_daily_is_refused_saying_why(text: str, kind: str, message: str) -> None:
    with pytest.raises(DailyError, match=message) as refused:
        parse_date(text, TODAY + timedelta(days=1))
    assert refused.value.kind == kind


@pytest.mark.parametrize("text", ["2026-12-06", "2026-12-07", "2000-01-01", "2024-02-29", " 2026-12-06 "])
def test_a_date_begun_somewhere_has_its_daily(text: str) -> None:
    assert parse_date(text, TODAY + timedelta(days=1)) == date.fromisoformat(text.strip())


@pytest.mark.parametrize(
    ("utc", "latest"),
    [
        (datetime(2026, 12, 6, 9, 59, tzinfo=UTC), date(2026, 12, 6)),  # 23:59 at UTC+14
        (datetime(2026, 12, 6, 10, 0, tzinfo=UTC), date(2026, 12, 7)),  # midnight at UTC+14
        (datetime(2026, 12, 6, 5, 0, tzinfo=timezone(timedelta(hours=-5))), date(2026, 12, 7)),  # 10:00 UTC
    ],
)
def test_a_date_is_out_once_it_has_begun_at_utc_plus_14(utc: datetime, latest: date) -> None:
    assert latest_date(utc) == latest


def greedy_daily(day: date) -> Match:
    match = daily_match(day)
    hand = match.hand
    assert hand is not None
    while not hand.is_over:
        match.play(greedy_move(hand))
    return match


def test_the_duplicate_is_the_expert_at_your_seat_on_your_tiles() -> None:
    golden = json.loads(GOLDEN.read_text(encoding="utf-8").splitlines()[0])
    expert = expert_match(TODAY)
    assert [str(m) for m in expert.history[0].moves] == golden["expert_moves"]
    assert expert.history[0].deal == daily_deal(TODAY)
    played = greedy_daily(TODAY)
    result = duplicate(TODAY, played)
    assert result == Duplicate(TODAY, score_of(played.history), golden["expert_score"])
    assert score_of(played.history) == played.history[0].scores_after[PLAYER]


@pytest.mark.parametrize(
    ("you", "expert", "line"),
    [
        (35, 25, "You scored 35, the Expert 25 with your tiles: +10"),
        (20, 45, "You scored 20, the Expert 45 with your tiles: -25"),
        (30, 30, "You scored 30, the Expert 30 with your tiles: +0"),
    ],
)
def test_the_duplicate_reads_as_your_score_beside_the_experts(you: int, expert: int, line: str) -> None:
    assert Duplicate(TODAY, you, expert).line() == line


def test_the_command_prints_the_deal_and_the_duplicate_of_a_record(tmp_path: Path) -> None:
    path = tmp_path / "daily.json"
    played = greedy_daily(TODAY)
    path.write_text(record.dumps(played))
    out = io.StringIO()
    assert main(["daily", "2026-12-06", "--record", str(path)], out) == 0
    lines = out.getvalue().splitlines()
    assert lines[0] == "The daily deal of 2026-12-06: you against the Expert, the standard rules for two."
    assert lines[2].startswith("You: 5-2 6-0 0-0 ")
    assert lines[-1] == duplicate(TODAY, played).line()


def test_the_command_refuses_a_record_of_another_deal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "daily.json"
    path.write_text(record.dumps(greedy_daily(TODAY)))
    assert main(["daily", "2026-12-05", "--record", str(path)], io.StringIO()) == 2
    assert capsys.readouterr().err == f"allfives daily: {path} is not a record of the daily deal daily/2026-12-05\n"


def test_the_command_refuses_a_date_to_come(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["daily", "2999-01-01"], io.StringIO()) == 2
    assert capsys.readouterr().err == "allfives daily: the daily deal of 2999-01-01 is not out yet\n"
