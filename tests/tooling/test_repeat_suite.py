"""tools/repeat_suite.py reads each run of the suite right: the counts of
pytest's closing line, the tests a JUnit report names as failed, and a
verdict that fails when any test failed in any run."""

from __future__ import annotations

from pathlib import Path

import pytest

from tools import repeat_suite
from tools.repeat_suite import Run

REPORT = """<?xml version="1.0" encoding="utf-8"?>
<testsuites><testsuite name="pytest" errors="1" failures="1" tests="3">
<testcase classname="tests.browser.test_links" name="test_a_link_opens"/>
<testcase classname="tests.browser.test_links" name="test_a_copy[phone]"><failure message="no">...</failure></testcase>
<testcase classname="tests.browser.test_tabs" name="test_two_tabs"><error message="setup">...</error></testcase>
</testsuite></testsuites>"""


def test_the_closing_line_is_read_word_by_word() -> None:
    output = "....F.R\n=== 1 failed, 170 passed, 2 rerun in 612.01s (0:10:12) ===\n"
    assert repeat_suite.closing_counts(output) == {"failed": 1, "passed": 170, "rerun": 2}
    assert repeat_suite.closing_counts("=== 3 passed, 1 error in 2.00s ===") == {"passed": 3, "error": 1}
    assert repeat_suite.closing_counts("INTERNALERROR> no closing line") == {}


def test_the_report_names_each_test_that_failed_or_erred(tmp_path: Path) -> None:
    report = tmp_path / "report.xml"
    report.write_text(REPORT, encoding="utf-8")
    assert repeat_suite.failed_tests(report) == (
        "tests/browser/test_links.py::test_a_copy[phone]",
        "tests/browser/test_tabs.py::test_two_tabs",
    )
    assert repeat_suite.failed_tests(tmp_path / "none.xml") == (), "a run that wrote no report names no test"


def test_a_test_that_failed_in_any_run_fails_the_verdict_and_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    clean = Run({"passed": 3}, (), 10.0, 0)
    once = Run({"passed": 2, "failed": 1}, ("tests/browser/test_x.py::test_y",), 11.0, 1)
    assert repeat_suite.report([clean, clean]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "No test failed in 2 runs."
    assert repeat_suite.report([clean, once, clean]) == 1
    assert "FAILED in 1 of 3 runs: tests/browser/test_x.py::test_y" in capsys.readouterr().out
    assert repeat_suite.report([Run({}, (), 1.0, 2)]) == 1, "a run that broke before any test fails too"
