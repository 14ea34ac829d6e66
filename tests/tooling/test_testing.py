"""Where ``build.py test`` gets its Chromium, in which order, and what it says;
and what ``build.py lint`` and CI run. Nothing is downloaded or installed: the
machine (its files, whether it is Debian and we are root, the commands run)
is a fake that records what is said and run."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field

import pytest

import build
from sitebuild import testing
from sitebuild.files import ROOT

DEBIAN = 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nNAME="Debian GNU/Linux"\nID=debian\n'
UBUNTU = 'NAME="Ubuntu"\nID=ubuntu\nID_LIKE=debian\n'
MINT = 'NAME="Linux Mint"\nID=linuxmint\nID_LIKE="ubuntu debian"\n'
FEDORA = 'NAME="Fedora Linux"\nID=fedora\n'

SYSTEM = testing.SYSTEM_CHROMIUM
NAMED = "/opt/chrome/chrome"

# What the machine is told, as the transcript shows it.
DOWNLOAD = "say: No Chromium found: downloading Playwright's own (python -m playwright install chromium)."
RUN_DOWNLOAD = "run: python -m playwright install chromium"
APT = "say: Playwright's Chromium could not be downloaded: installing the system's (apt-get update, apt-get install -y chromium fonts-liberation)."
RUN_UPDATE = "run: apt-get update -q"
RUN_INSTALL = "run: apt-get install -y -q chromium fonts-liberation"


@dataclass
class FakeMachine:
    """A machine whose facts a test sets, and whose commands only change those facts."""

    programs: set[str] = field(default_factory=set)
    environ: dict[str, str] = field(default_factory=dict)
    playwright_own: bool = False
    root: bool = True
    os_release: str = DEBIAN
    apt_get: bool = True
    download_works: bool = True
    update_works: bool = True
    install_works: bool = True
    transcript: list[str] = field(default_factory=list)

    def say(self, line: str) -> None:
        self.transcript.append(f"say: {line}")

    def run(self, command: Sequence[str]) -> int:
        shown = " ".join("python" if part == sys.executable else part for part in command)
        self.transcript.append(f"run: {shown}")
        if tuple(command) == testing.PLAYWRIGHT_INSTALL:
            self.playwright_own = self.download_works
            return 0 if self.download_works else 1
        if tuple(command) == testing.APT_INSTALL[0]:
            return 0 if self.update_works else 100
        if tuple(command) == testing.APT_INSTALL[1]:
            if self.install_works:
                self.programs.add(SYSTEM)
            return 0 if self.install_works else 100
        raise AssertionError(f"unexpected command: {shown}")

    def machine(self) -> testing.Machine:
        return testing.Machine(
            environ=self.environ,
            runnable=lambda path: path in self.programs,
            playwright_chromium=lambda: self.playwright_own,
            is_root=lambda: self.root,
            os_release=lambda: self.os_release,
            which=lambda name: f"/usr/bin/{name}" if name == "apt-get" and self.apt_get else None,
            run=self.run,
        )


# The choice: one row per machine, the Chromium it ends with, and what was said and run.

FOUND = [
    pytest.param(
        FakeMachine(programs={NAMED, SYSTEM}, environ={testing.CHROMIUM_ENV: NAMED}, playwright_own=True),
        testing.Chromium(NAMED),
        id="the one ALLFIVES_CHROMIUM names wins over every other",
    ),
    pytest.param(FakeMachine(programs={SYSTEM}, playwright_own=True), testing.Chromium(SYSTEM), id="then the system's"),
    pytest.param(FakeMachine(playwright_own=True), testing.PLAYWRIGHTS_OWN, id="then Playwright's own"),
]


@pytest.mark.parametrize(("fake", "chromium"), FOUND)
def test_a_chromium_on_the_machine_is_used_and_nothing_is_fetched(
    fake: FakeMachine, chromium: testing.Chromium
) -> None:
    assert testing.get_chromium(fake.machine(), say=fake.say) == chromium
    assert fake.transcript == []


FETCHED = [
    pytest.param(FakeMachine(), testing.PLAYWRIGHTS_OWN, [DOWNLOAD, RUN_DOWNLOAD], id="Playwright's own, downloaded"),
    pytest.param(
        FakeMachine(download_works=False),
        testing.Chromium(SYSTEM),
        [DOWNLOAD, RUN_DOWNLOAD, APT, RUN_UPDATE, RUN_INSTALL],
        id="no download: Debian's package, as root",
    ),
    pytest.param(
        FakeMachine(download_works=False, os_release=UBUNTU),
        testing.Chromium(SYSTEM),
        [DOWNLOAD, RUN_DOWNLOAD, APT, RUN_UPDATE, RUN_INSTALL],
        id="no download: Ubuntu's package, as root",
    ),
    pytest.param(
        FakeMachine(download_works=False, os_release=MINT),
        testing.Chromium(SYSTEM),
        [DOWNLOAD, RUN_DOWNLOAD, APT, RUN_UPDATE, RUN_INSTALL],
        id="no download: a system like Ubuntu, as root",
    ),
    pytest.param(
        FakeMachine(download_works=False, root=False),
        None,
        [DOWNLOAD, RUN_DOWNLOAD],
        id="no download, not root: nothing more",
    ),
    pytest.param(
        FakeMachine(download_works=False, os_release=FEDORA),
        None,
        [DOWNLOAD, RUN_DOWNLOAD],
        id="no download, not Debian or Ubuntu: nothing more",
    ),
    pytest.param(
        FakeMachine(download_works=False, os_release=""),
        None,
        [DOWNLOAD, RUN_DOWNLOAD],
        id="no download, no /etc/os-release: nothing more",
    ),
    pytest.param(
        FakeMachine(download_works=False, apt_get=False),
        None,
        [DOWNLOAD, RUN_DOWNLOAD],
        id="no download, no apt-get: nothing more",
    ),
    pytest.param(
        FakeMachine(download_works=False, update_works=False),
        None,
        [DOWNLOAD, RUN_DOWNLOAD, APT, RUN_UPDATE],
        id="apt-get update fails: no install",
    ),
    pytest.param(
        FakeMachine(download_works=False, install_works=False),
        None,
        [DOWNLOAD, RUN_DOWNLOAD, APT, RUN_UPDATE, RUN_INSTALL],
        id="apt-get install fails",
    ),
]


@pytest.mark.parametrize(("fake", "chromium", "transcript"), FETCHED)
def test_without_a_chromium_one_is_fetched_saying_first_how(
    fake: FakeMachine, chromium: testing.Chromium | None, transcript: list[str]
) -> None:
    assert testing.get_chromium(fake.machine(), say=fake.say) == chromium
    assert fake.transcript == transcript


def test_with_no_install_nothing_is_fetched() -> None:
    fake = FakeMachine()
    assert testing.get_chromium(fake.machine(), install=False, say=fake.say) is None
    assert fake.transcript == []
    fake.programs.add(SYSTEM)
    assert testing.get_chromium(fake.machine(), install=False, say=fake.say) == testing.Chromium(SYSTEM)


def test_a_named_chromium_that_cannot_be_run_is_an_error_not_a_reason_to_take_another() -> None:
    fake = FakeMachine(programs={SYSTEM}, environ={testing.CHROMIUM_ENV: "/nonexistent"}, playwright_own=True)
    with pytest.raises(testing.ChromiumError, match=f"^{testing.CHROMIUM_ENV}=/nonexistent is not a program") as error:
        testing.get_chromium(fake.machine(), say=fake.say)
    assert "\n" not in str(error.value)
    assert fake.transcript == []


def test_every_line_said_is_one_line() -> None:
    for line in (DOWNLOAD, APT, testing.NO_CHROMIUM):
        assert "\n" not in line


# build.py: the flag, the wiring, and the lint command


@pytest.mark.parametrize(
    "argv",
    [["test", "--no-install", "-q", "tests/cli/test_cli.py"], ["test", "-q", "--no-install", "tests/cli/test_cli.py"]],
)
def test_no_install_is_build_py_s_own_flag_and_the_rest_goes_to_pytest(argv: list[str]) -> None:
    args, rest = build.parse_args(argv)
    assert args.no_install
    assert rest == ["-q", "tests/cli/test_cli.py"]
    args, rest = build.parse_args(["test", "-q"])
    assert not args.no_install


@pytest.mark.parametrize(("install", "fetched"), [(True, True), (False, False)])
def test_build_py_test_runs_the_browser_tests_with_the_chromium_it_fetched(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], install: bool, fetched: bool
) -> None:
    fake = FakeMachine()
    monkeypatch.setattr(testing.Machine, "local", fake.machine)
    asked: list[bool] = []
    monkeypatch.setattr(testing, "run_pytest", lambda args, *, browser, workers: asked.append(browser) or 0)
    assert build.run_tests(["-q"], install=install) == 0
    assert asked == [fetched], "pytest runs the browser tests exactly when a Chromium was fetched"
    said = [f"say: {line}" for line in capsys.readouterr().out.splitlines()]
    assert said == ([DOWNLOAD] if install else [])
    assert fake.transcript == ([RUN_DOWNLOAD] if install else [])


def test_build_py_test_stops_at_a_named_chromium_that_cannot_be_run(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv(testing.CHROMIUM_ENV, "/nonexistent")
    monkeypatch.setattr(testing, "run_pytest", lambda *args, **kwargs: pytest.fail("no test may run"))
    assert build.run_tests(["-q"]) == 1
    assert capsys.readouterr().err.splitlines() == [
        f"{testing.CHROMIUM_ENV}=/nonexistent is not a program that can be run: point it at a Chromium, or unset it"
    ]


def test_the_tests_run_on_every_core_unless_told_how_many_workers() -> None:
    assert testing.worker_count({}, 2) == 3, "one a core, and one more for the time the browser tests wait"
    assert testing.worker_count({}, None) == 1, "a machine that cannot count its cores runs one worker"
    assert testing.worker_count({testing.WORKERS_ENV: "3"}, 2) == 3
    for wrong in ("0", "two", "-1"):
        with pytest.raises(ValueError, match=f"{testing.WORKERS_ENV}={wrong} is not a number of workers"):
            testing.worker_count({testing.WORKERS_ENV: wrong}, 2)


def test_the_workers_take_the_queue_longest_first_and_the_callers_own_flags_win() -> None:
    command = testing.pytest_command(["-n", "0", "-q"], browser=False, workers=2)
    assert command[1:] == ["-m", "pytest", "-n", "2", "--dist", "worksteal", "-m", "not browser", "-n", "0", "-q"]
    assert testing.pytest_command([], workers=1)[1:] == ["-m", "pytest"], "one worker: no xdist at all"


def test_a_workers_count_that_is_no_number_stops_the_run_before_any_test(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv(testing.WORKERS_ENV, "many")
    monkeypatch.setattr(testing, "run_pytest", lambda *args, **kwargs: pytest.fail("no test may run"))
    assert build.run_tests(["-q"]) == 1
    assert "ALLFIVES_TEST_WORKERS=many is not a number of workers" in capsys.readouterr().err


def test_fast_runs_the_quick_tests_alone_and_builds_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(build, "build_site", lambda: pytest.fail("the fast tests build nothing"))
    monkeypatch.setenv(testing.WORKERS_ENV, "2")
    ran: list[list[str]] = []
    monkeypatch.setattr(
        build.subprocess,
        "run",
        lambda command, **kwargs: ran.append(command) or subprocess.CompletedProcess(command, 0),
    )
    assert build.main(["test", "--fast", "-x"]) == 0
    assert ran == [
        [sys.executable, "-m", "pytest", "-n", "2", "--dist", "worksteal", "-m", "not browser and not slow", "-x"]
    ]


def test_lint_runs_the_three_checks_and_fails_if_any_does() -> None:
    ran: list[str] = []

    def run(command: Sequence[str]) -> int:
        ran.append(" ".join(command[1:]))
        return 1 if "format" in command else 0

    said: list[str] = []
    assert testing.run_checks(run, said.append) == 1
    assert ran == ["-m ruff check .", "-m ruff format --check .", "-m mypy --strict"], "every check runs"
    assert said[-1] == "Failed: ruff format --check .."
    ran.clear()
    assert testing.run_checks(lambda command: 0, said.append) == 0


def test_lint_builds_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(build, "build_site", lambda: pytest.fail("lint does not build"))
    monkeypatch.setattr(testing, "run_checks", lambda: 0)
    assert build.main(["lint"]) == 0


def test_ci_runs_the_readme_s_commands_and_sets_up_nothing_itself() -> None:
    lines = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    commands = [line for line in lines if line and not line.startswith(("#", "echo ", "set ", "cd "))]
    assert commands == ["python build.py lint", "python build.py test"]
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert all(command in readme for command in commands)
