"""``python -m allfives``: what a person at a terminal sees."""

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from test_record import EXAMPLE

from allfives.cli import main

ROOT = Path(__file__).parent.parent


def run(*argv: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "allfives", *argv], input=stdin, capture_output=True, text=True, cwd=ROOT, timeout=120
    )


def test_replay_prints_one_json_object_per_line(tmp_path: Path) -> None:
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(EXAMPLE))
    out = io.StringIO()
    assert main(["replay", str(path)], out) == 0
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert lines[0] == {"event": "hand_start", "hand": 1, "leader": 0}
    assert lines[-1]["scores"] == [15, 0]


def test_replay_reads_standard_input() -> None:
    result = run("replay", "-", stdin=json.dumps(EXAMPLE))
    assert result.returncode == 0
    assert len(result.stdout.splitlines()) == 4


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "the record is not valid JSON"),
        ('{"format": "allfives-record", "version": 9}', "newer version"),
        (json.dumps({**EXAMPLE, "hands": [{**EXAMPLE["hands"][0], "moves": ["5-5", "6-6"]}]}), "hand 1, move 2"),
    ],
)
def test_a_refused_record_exits_2_with_one_line_and_no_traceback(text: str, message: str) -> None:
    result = run("replay", "-", stdin=text)
    assert result.returncode == 2
    assert result.stdout == ""
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr


def test_a_missing_file_is_refused_plainly() -> None:
    result = run("replay", "no-such-record.json")
    assert result.returncode == 2
    assert "cannot read no-such-record.json" in result.stderr
