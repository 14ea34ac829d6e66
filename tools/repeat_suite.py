"""Run the browser suite several times and name every test that failed even
once: how a flaky test is found before it costs a CI run.

Usage::

    python -m tools.repeat_suite --runs 5                 # the browser suite five times
    python -m tools.repeat_suite --runs 3 --burn 2        # beside two CPU-burning processes (nice 19)
    python -m tools.repeat_suite --runs 10 -- tests/browser/test_links.py -k copy

dist/ is built once first (as ``build.py test`` does); each run is then the
same pytest command ``build.py test`` runs (every core, tests/conftest.py's
order, the one rerun for a crashed page), limited to the browser tests or to
the pytest arguments after ``--``. ``--burn N`` starts N processes that spin
at the lowest priority for the whole time, to stand in for a busy machine.

It prints one line a run (passed, failed, rerun, seconds) and then each test
that failed in any run, with how many runs it failed in. It exits 0 when no
test failed in any run (a crashed page run again by the suite's own rule is
counted and printed, not a failure), 1 when one did.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ElementTree
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script: sitebuild is beside tools/
    sys.path.insert(0, str(ROOT))

from sitebuild import testing  # noqa: E402

#: A process that spins for ever, at the lowest priority: a busy machine.
SPIN = (sys.executable, "-c", "while True: pass")
#: pytest's closing line: "3 failed, 170 passed, 1 rerun in 612.01s".
COUNTS = re.compile(r"(\d+) (passed|failed|errors?|rerun)")


@dataclass(frozen=True)
class Run:
    """What one run of the suite did."""

    counts: dict[str, int]
    failed: tuple[str, ...]
    seconds: float
    code: int

    def line(self, number: int) -> str:
        said = ", ".join(f"{count} {what}" for what, count in self.counts.items()) or "no test ran"
        return f"run {number}: {said} in {self.seconds:.0f} s (exit code {self.code})"


def failed_tests(report: Path) -> tuple[str, ...]:
    """The tests a JUnit XML report says failed or erred, as ``file::name``."""
    if not report.is_file():
        return ()
    failed = []
    for case in ElementTree.parse(report).iter("testcase"):
        if case.find("failure") is not None or case.find("error") is not None:
            where = str(case.get("classname", "")).replace(".", "/")
            failed.append(f"{where}.py::{case.get('name')}")
    return tuple(failed)


def closing_counts(output: str) -> dict[str, int]:
    """The counts of pytest's closing line, by word ("passed", "failed", ...)."""
    lines = [line for line in output.splitlines() if line.strip(" =").startswith(tuple("0123456789"))]
    if not lines:
        return {}
    return {what.rstrip("s") if what.startswith("error") else what: int(n) for n, what in COUNTS.findall(lines[-1])}


def run_once(pytest_args: Sequence[str], workers: int) -> Run:
    """One run of the suite, its output shown as it comes."""
    with tempfile.TemporaryDirectory() as scratch:
        report = Path(scratch) / "report.xml"
        command = testing.pytest_command(
            [*pytest_args, f"--junitxml={report}", "-p", "no:cacheprovider"], workers=workers
        )
        environment = {**os.environ, testing.DIST_BUILT_ENV: "1"}
        began = time.monotonic()
        done = subprocess.run(command, cwd=ROOT, env=environment, capture_output=True, text=True, check=False)
        seconds = time.monotonic() - began
        print(done.stdout[-2000:], done.stderr[-2000:], sep="\n", flush=True)
        return Run(closing_counts(done.stdout), failed_tests(report), seconds, done.returncode)


@contextmanager
def burning(count: int) -> Iterator[None]:
    """``count`` processes spinning at nice 19 until the block ends."""
    spinners = [subprocess.Popen(["nice", "-n", "19", *SPIN]) for _ in range(count)]
    try:
        yield
    finally:
        for spinner in spinners:
            spinner.kill()
            spinner.wait()


def report(runs: Sequence[Run]) -> int:
    """Print each run's line and every test that failed in any; return the exit code."""
    for number, run in enumerate(runs, start=1):
        print(run.line(number))
    failures = Counter(test for run in runs for test in set(run.failed))
    broken = [number for number, run in enumerate(runs, start=1) if run.code != 0 and not run.failed]
    for test, times in failures.most_common():
        print(f"FAILED in {times} of {len(runs)} runs: {test}")
    for number in broken:
        print(f"run {number} failed with no test named (exit code {runs[number - 1].code}): see its output")
    if not failures and not broken:
        print(f"No test failed in {len(runs)} runs.")
    return 1 if failures or broken else 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=5, help="how many times to run the suite (default 5)")
    parser.add_argument("--burn", type=int, default=0, help="CPU-burning processes at nice 19 beside it (default 0)")
    parser.add_argument("--no-build", action="store_true", help="use the dist/ already built")
    parser.add_argument("pytest_args", nargs="*", help="after --: what to run (default: -m browser)")
    args = parser.parse_args(argv)
    if args.runs < 1 or args.burn < 0:
        parser.error("--runs must be 1 or more and --burn 0 or more")
    workers = testing.worker_count()
    if not args.no_build:
        built = subprocess.run([sys.executable, "build.py"], cwd=ROOT, check=False)
        if built.returncode != 0:
            return built.returncode
    pytest_args = args.pytest_args or ["-m", "browser"]
    with burning(args.burn):
        runs = []
        for number in range(1, args.runs + 1):
            print(f"== run {number} of {args.runs}: {' '.join(pytest_args)} on {workers} worker(s)", flush=True)
            runs.append(run_once(pytest_args, workers))
    return report(runs)


if __name__ == "__main__":
    sys.exit(main())
