"""The deliberate breaks of tools/tests_can_fail.py still apply: each names a
file, the text it replaces stands there exactly once, and the tests it runs
exist. (Running the breaks takes minutes: that is the script's job, not CI's.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from tools.tests_can_fail import BREAKS, ROOT, Break, _command, apply


@pytest.mark.parametrize("brk", BREAKS, ids=[b.name for b in BREAKS])
def test_each_break_applies_to_the_code_as_it_is(brk: Break, tmp_path: Path) -> None:
    copy = tmp_path / brk.path
    copy.parent.mkdir(parents=True)
    copy.write_text((ROOT / brk.path).read_text(encoding="utf-8"), encoding="utf-8")
    apply(tmp_path, brk)
    assert copy.read_text(encoding="utf-8") != (ROOT / brk.path).read_text(encoding="utf-8")
    test_file = next(t for t in brk.tests if t.startswith("tests/"))
    assert (ROOT / test_file).is_file(), f"{brk.name} runs {test_file}, which is gone"
    assert brk.browser == test_file.startswith("tests/browser/"), "a browser test needs the build"


def test_a_break_whose_text_is_gone_is_refused(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text("x = 1\n", encoding="utf-8")
    with pytest.raises(ValueError, match="stands 0 times"):
        apply(tmp_path, Break("gone", "nothing", "a.py", "y = 2\n", "y = 3\n", ("tests/test_a.py",)))


def test_a_browser_break_runs_its_tests_in_one_process() -> None:
    """``build.py test`` spreads tests over pytest-xdist workers, and there
    ``-x`` ends a run with a failing test as interrupted (exit 2), which the
    script would read as "could not run": a break's browser tests run in one
    process, where a failing test exits 1."""
    command = _command(["tests/browser/test_review.py", "-k", "hint"], browser=True)
    assert command[1:4] == ["build.py", "test", "--no-install"]
    assert command[-2:] == ["-n", "0"], "the last -n wins over build.py's own"
    assert "-x" in command
