"""``python -m allfives review``: each decision with the move played, the
best move, the points lost and the grade; JSON for tools; refusals in one
line."""

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import EXAMPLE_RECORD

from allfives import Deal, Match, Move, Rules
from allfives.cli import main
from allfives.kept_review import read_review
from allfives.record import dumps
from allfives.review import review as review_of

ROOT = Path(__file__).parents[2]


def review(*argv: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "allfives", "review", *argv],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )


def test_each_decision_is_a_line_and_each_seat_a_summary(tmp_path: Path) -> None:
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(EXAMPLE_RECORD))
    out = io.StringIO()
    assert main(["review", str(path), "--samples", "50", "--seed", "1"], out) == 0
    lines = out.getvalue().splitlines()
    assert lines[0] == "Hand 1"
    assert lines[1].startswith("  the deal: luck side 0 ")
    assert lines[2].startswith("  move 1, seat 0: 5-5 (")
    assert lines[2].endswith("the best: best")
    assert any(line.startswith("  move 2, seat 1: 5-3 E (") for line in lines)
    assert any(line.startswith("Seat 0: 2 decisions, 0.00 points lost a decision (2 best,") for line in lines)
    assert lines[-1] == "(50 sampled deals a decision, seed 1)"


def test_the_luck_of_each_draw_is_a_line_where_it_fell() -> None:
    """Seat 1 cannot follow 6-1 and draws from the boneyard: its luck is told after move 1."""
    match = Match(Rules(players=2, hand_size=3))
    match.start_hand(Deal.from_text([["5-5", "5-2", "6-1"], ["4-3", "0-0", "3-3"]], leader=0))
    match.play(Move.parse("6-1"))
    record = dumps(match)
    result = review("-", "--samples", "20", stdin=record)
    assert result.returncode == 0, result.stderr
    drew = [line for line in result.stdout.splitlines() if " drew " in line]
    assert drew
    assert drew[0].startswith("  after move 1, seat 1 drew ")
    assert "luck in all: side 0 " in result.stdout
    quiet = review("-", "--samples", "20", "--no-luck", stdin=record)
    assert "luck" not in quiet.stdout


def test_json_for_tools_and_one_seat_at_a_time() -> None:
    result = review("-", "--json", "--seat", "1", "--samples", "30", stdin=json.dumps(EXAMPLE_RECORD))
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert [d["seat"] for d in data["decisions"]] == [1]
    assert data["decisions"][0]["played"] == "5-3 E"
    assert data["decisions"][0]["grade"] in {"best", "good", "inaccuracy", "mistake", "blunder"}
    assert data["seats"][0]["seat"] == 1
    assert data["samples"] == 30


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("-", "--seat", "2"), "the record has seats 0 to 1"),
        (("-", "--samples", "0"), "--samples must be at least 1"),
        (("no-such-record.json",), "cannot read no-such-record.json: No such file or directory"),
    ],
)
def test_a_refusal_is_one_line_without_a_traceback(argv: tuple[str, ...], message: str) -> None:
    result = review(*argv, stdin=json.dumps(EXAMPLE_RECORD))
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.strip() == f"allfives review: {message}"


def test_a_record_that_breaks_the_rules_is_refused_with_its_place() -> None:
    broken = {**EXAMPLE_RECORD, "hands": [{**EXAMPLE_RECORD["hands"][0], "moves": ["5-5", "6-6"]}]}
    result = review("-", stdin=json.dumps(broken))
    assert result.returncode == 2
    assert "hand 1, move 2" in result.stderr
    assert "Traceback" not in result.stderr


def test_annotate_keeps_the_review_in_the_record_for_the_replay(tmp_path: Path) -> None:
    """A tutorial writer annotates an example: the record comes back with its
    names and its review in meta, and the review reads back as the same one."""
    source = {**EXAMPLE_RECORD, "meta": {"players": ["Ann", "Bo"]}}
    path, annotated = tmp_path / "hand.json", tmp_path / "annotated.json"
    path.write_text(json.dumps(source))
    out = io.StringIO()
    assert main(["review", str(path), "--samples", "40", "--seed", "2", "--annotate", str(annotated)], out) == 0
    kept = json.loads(annotated.read_text())
    assert kept["hands"] == source["hands"]
    assert kept["meta"]["players"] == ["Ann", "Bo"]
    assert read_review(kept["meta"]["review"], kept) == review_of(source, samples=40, seed=2)
