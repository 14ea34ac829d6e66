"""``python -m allfives``: what a person at a terminal sees."""

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import EXAMPLE_RECORD

from allfives.cli import main

ROOT = Path(__file__).parents[2]


def run(*argv: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "allfives", *argv], input=stdin, capture_output=True, text=True, cwd=ROOT, timeout=120
    )


def test_replay_prints_one_json_object_per_line(tmp_path: Path) -> None:
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(EXAMPLE_RECORD))
    out = io.StringIO()
    assert main(["replay", str(path)], out) == 0
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert lines[0] == {"event": "hand_start", "hand": 1, "leader": 0}
    assert lines[-1]["scores"] == [15, 0]


def test_replay_reads_standard_input() -> None:
    result = run("replay", "-", stdin=json.dumps(EXAMPLE_RECORD))
    assert result.returncode == 0
    assert len(result.stdout.splitlines()) == 4


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "the record is not valid JSON"),
        ('{"format": "allfives-record", "version": 9}', "newer version"),
        (
            json.dumps({**EXAMPLE_RECORD, "hands": [{**EXAMPLE_RECORD["hands"][0], "moves": ["5-5", "6-6"]}]}),
            "hand 1, move 2",
        ),
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


def test_play_in_the_terminal_saves_a_record_that_resumes(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = run("play", "--seed", "3", "--seats", "you,easy", "--save", str(save), stdin="1\nh\n1\nq\n")
    assert result.returncode == 0, result.stderr
    assert "Hint:" in result.stdout
    assert f"Saved the game to {save}" in result.stdout
    record = json.loads(save.read_text())
    assert len(record["hands"][0]["moves"]) >= 3
    resumed = run("play", "--load", str(save), "--seats", "you,easy", stdin="q\n")
    assert resumed.returncode == 0, resumed.stderr
    assert "Your hand:" in resumed.stdout


@pytest.mark.parametrize(("seats", "said"), [("easy,you", "You lead"), ("you,easy", "Easy computer leads")])
def test_the_terminal_says_who_leads_in_plain_english(seats: str, said: str) -> None:
    """Deal 3 is led from the second seat: "You lead", "Easy computer leads"."""
    result = run("play", "--seed", "3", "--seats", seats, "--lead", "rotate", stdin="q\n")
    assert result.returncode == 0, result.stderr
    assert f"-- Hand 1: {said} --" in result.stdout


def test_selfplay_writes_records_that_replay(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    result = run(
        "selfplay", "--levels", "easy,beginner", "--matches", "2", "--seed", "4", "--target", "60", "--out", str(out)
    )
    assert result.returncode == 0, result.stderr
    lines = out.read_text().splitlines()
    assert len(lines) == 2
    for line in lines:
        replayed = run("replay", "-", stdin=line)
        assert replayed.returncode == 0, replayed.stderr
        assert json.loads(replayed.stdout.splitlines()[-1])["event"] == "match_end"


COMMAND_LINE = "allfives.cli"
"""The package only the command line uses: the site need not ship it."""


def test_what_the_pages_import_pulls_in_no_command_line_module_and_no_experiment() -> None:
    # The page's own imports (web/*.py), in a fresh interpreter.
    code = (
        "import sys, allfives, allfives.players, allfives.record, allfives.rules, allfives.tiles,"
        " allfives.layout, allfives.view; print(' '.join(sorted(sys.modules)))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    loaded = set(done.stdout.split())
    assert "allfives.players.expert" in loaded
    assert not {m for m in loaded if m == COMMAND_LINE or m.startswith(COMMAND_LINE + ".")}
    assert not {m for m in loaded if m == "tools" or m.startswith("tools.")}
    assert "argparse" not in loaded


def test_verify_says_each_hand_follows_from_its_seed(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = run("play", "--seed", "5", "--seats", "easy,easy", "--target", "60", "--save", str(save))
    assert "Deal fingerprint " in result.stdout
    assert 'The deal\'s seed was "5/hand/1".' in result.stdout
    verified = run("verify", str(save))
    assert verified.returncode == 0
    assert verified.stdout.splitlines()[0].startswith('hand 1: verified (seed "5/hand/1", fingerprint ')
    assert verified.stdout.splitlines()[-1] == "Every deal and every draw follows from its seed."


def test_verify_fails_a_record_whose_seed_does_not_give_its_deal(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    run("play", "--seed", "5", "--seats", "easy,easy", "--target", "60", "--save", str(save))
    data = json.loads(save.read_text())
    data["hands"][0]["seed"] = "6/hand/1"
    save.write_text(json.dumps(data))
    result = run("verify", str(save))
    assert result.returncode == 1
    assert 'hand 1: the seed "6/hand/1" deals seat 1 ' in result.stdout
    assert result.stdout.splitlines()[-1] == "Not verified."


def test_verify_refuses_what_is_not_a_record(tmp_path: Path) -> None:
    path = tmp_path / "note.json"
    path.write_text("hello")
    result = run("verify", str(path))
    assert result.returncode == 2
    assert result.stderr.startswith("allfives verify: the record is not valid JSON")
    assert "Traceback" not in result.stderr


def test_selfplay_records_carry_their_seeds_so_verify_checks_them(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    result = run("selfplay", "--seed", "5", "--target", "60", "--out", str(out))
    assert result.returncode == 0, result.stderr
    verified = run("verify", "-", stdin=out.read_text().splitlines()[0])
    assert verified.returncode == 0, verified.stdout
    assert verified.stdout.splitlines()[0].startswith('hand 1: verified (seed "5/hand/1", fingerprint ')
    assert "no seed" not in verified.stdout


def test_selfplay_plays_a_family_game(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    result = run("selfplay", "--preset", "fives-and-threes", "--players", "4", "--seed", "2", "--out", str(out))
    assert result.returncode == 0, result.stderr
    record = json.loads(out.read_text())
    assert record["rules"]["scoring"] == "threes-and-fives"
    assert run("verify", str(out)).returncode == 0


# Muggins' claims at the terminal: after the person's play they claim its
# count; a count they miss, the computer calls "Muggins" on; a claim the
# rules refuse is said and asked again.
def test_play_muggins_in_the_terminal_asks_for_claims(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = run(
        "play", "--seed", "3", "--seats", "you,easy", "--preset", "muggins", "--save", str(save),
        stdin="1\n7\n0\nq\n",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "You play 5-5. Ends total 10.  It makes 10, to be claimed." in result.stdout
    assert "every count is a multiple of 5: 7 is not" in result.stdout
    assert '"Muggins!" Easy computer scores the 10 missed.' in result.stdout
    assert json.loads(save.read_text())["hands"][0]["moves"][:3] == ["5-5", "claim 0", "muggins"]
