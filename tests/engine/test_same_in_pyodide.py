"""The engine runs unchanged in Pyodide, and the same seed gives the same
game there as on CPython: seeded matches between computer players, played
in the pinned Pyodide under Node and here, print the same events."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from sitebuild.vendor import ensure_node_modules

ROOT = Path(__file__).parents[2]
pytestmark = pytest.mark.slow


def _node_with_pyodide() -> str:
    node = shutil.which("node")
    assert node, "Node.js 20+ is needed to run the engine in Pyodide"
    ensure_node_modules()  # npm ci from the lock file, when needed
    return node


def test_seeded_games_are_the_same_on_cpython_and_pyodide() -> None:
    node = _node_with_pyodide()
    script = ROOT / "tools" / "generators" / "seeded_games.py"
    in_pyodide = subprocess.run(
        [node, str(ROOT / "tools" / "pyodide_run.mjs"), str(script), "8"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
        check=False,
    )
    assert in_pyodide.returncode == 0, in_pyodide.stderr
    on_cpython = subprocess.run(
        [sys.executable, str(script), "8"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
        check=True,
        env={"PYTHONPATH": str(ROOT), "PATH": ""},
    )
    pyodide_games = in_pyodide.stdout.splitlines()
    assert len(pyodide_games) == 8
    assert pyodide_games == on_cpython.stdout.splitlines()


def test_the_judge_reviews_alike_on_cpython_and_pyodide() -> None:
    """The coach's review is the same in the page as at the command line:
    seeded hands of 2, 3 and 4 players, every decision's values."""
    node = _node_with_pyodide()
    script = ROOT / "tools" / "generators" / "seeded_reviews.py"
    in_pyodide = subprocess.run(
        [node, str(ROOT / "tools" / "pyodide_run.mjs"), str(script), "3"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
        check=False,
    )
    assert in_pyodide.returncode == 0, in_pyodide.stderr
    on_cpython = subprocess.run(
        [sys.executable, str(script), "3"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
        check=True,
        env={"PYTHONPATH": str(ROOT), "PATH": ""},
    )
    reviews = in_pyodide.stdout.splitlines()
    assert len(reviews) == 3
    assert reviews == on_cpython.stdout.splitlines()


def test_the_daily_deals_and_their_duplicates_are_the_golden_ones_in_pyodide() -> None:
    """The daily deal of each date of tools/generators/daily_deals.py, and
    the Expert's duplicate of two, in the page's Pyodide as on CPython: the
    golden file, line for line."""
    node = _node_with_pyodide()
    script = ROOT / "tools" / "generators" / "daily_deals.py"
    in_pyodide = subprocess.run(
        [node, str(ROOT / "tools" / "pyodide_run.mjs"), str(script)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
        check=False,
    )
    assert in_pyodide.returncode == 0, in_pyodide.stderr
    golden = (ROOT / "tests" / "golden" / "daily.jsonl").read_text(encoding="utf-8").splitlines()
    assert in_pyodide.stdout.splitlines() == golden
