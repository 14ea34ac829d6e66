"""The test run: which Chromium the browser tests drive (and fetching one
when there is none), the lint checks, and pytest over a dist/ built once
(build.py test builds it and tells the browser tests so)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from .files import ROOT

#: Set to "1" by ``build.py test``: dist/ was just built, so the browser
#: tests serve it as it is rather than build it a second time.
DIST_BUILT_ENV = "ALLFIVES_DIST_BUILT"
#: How many pytest workers ``build.py test`` runs, if not one a core and one more.
WORKERS_ENV = "ALLFIVES_TEST_WORKERS"
#: The Chromium to drive, if not the system one.
CHROMIUM_ENV = "ALLFIVES_CHROMIUM"
SYSTEM_CHROMIUM = "/usr/bin/chromium"
#: How every headless Chromium of the project is launched (the browser tests,
#: the screenshot pins, the load benchmark): no sandbox (root in a container),
#: no GPU, and nothing fetched from Google's servers behind the page's back.
CHROMIUM_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)
NO_CHROMIUM = (
    f"No Chromium found: apt-get install chromium fonts-liberation, or set {CHROMIUM_ENV}=/path/to/chrome,"
    " or `python -m playwright install chromium`"
)
#: The ways ``build.py test`` fetches a Chromium, in the order it tries them:
#: Playwright's own build (no root needed), else the Debian or Ubuntu package.
PLAYWRIGHT_INSTALL = (sys.executable, "-m", "playwright", "install", "chromium")
#: With it the font the page names (Arial: Liberation Sans is Debian's twin of
#: it, which Chromium only recommends), so every run lays the page out in it.
APT_INSTALL = (("apt-get", "update", "-q"), ("apt-get", "install", "-y", "-q", "chromium", "fonts-liberation"))
#: The distributions whose package of that name puts Chromium at /usr/bin/chromium.
APT_SYSTEMS = frozenset({"debian", "ubuntu"})
#: What ``build.py lint`` runs, as CI does before the tests (the test extra pins each tool).
CHECKS = (
    (sys.executable, "-m", "ruff", "check", "."),
    (sys.executable, "-m", "ruff", "format", "--check", "."),
    (sys.executable, "-m", "mypy", "--strict"),
)

Say = Callable[[str], None]


class BrowserType(Protocol):
    """What is asked of Playwright's ``chromium``: where its own build would be."""

    @property
    def executable_path(self) -> str: ...


class ChromiumError(ValueError):
    """The Chromium asked for cannot be run; the message says which and what to do."""


@dataclass(frozen=True)
class Chromium:
    """The Chromium the browser tests launch: a program, or Playwright's own
    build (``executable`` None: Playwright knows where it put it)."""

    executable: str | None


PLAYWRIGHTS_OWN = Chromium(None)


@dataclass(frozen=True)
class Machine:
    """What decides where a Chromium comes from, asked when needed (an
    install changes the answers), and the way to run a command. The tests
    pass fakes; :meth:`local` is the machine the run is on."""

    environ: Mapping[str, str]
    runnable: Callable[[str], bool]
    playwright_chromium: Callable[[], bool]
    is_root: Callable[[], bool]
    os_release: Callable[[], str]
    which: Callable[[str], str | None]
    run: Callable[[Sequence[str]], int]

    @classmethod
    def local(cls) -> Machine:
        """This machine, its commands run in the checkout."""
        return cls(
            environ=os.environ,
            runnable=is_runnable,
            playwright_chromium=playwright_chromium_installed,
            is_root=lambda: os.geteuid() == 0,
            os_release=read_os_release,
            which=shutil.which,
            run=run_command,
        )


def is_runnable(path: str) -> bool:
    """Whether ``path`` is a file this user may run."""
    return os.path.isfile(path) and os.access(path, os.X_OK)


def has_playwright_chromium(chromium: BrowserType) -> bool:
    """Whether Playwright's own Chromium was installed (``playwright install chromium``)."""
    return Path(chromium.executable_path).is_file()


def playwright_chromium_installed() -> bool:
    """Whether Playwright's own Chromium was installed, asking Playwright where it would be."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        return has_playwright_chromium(driver.chromium)


def read_os_release() -> str:
    """The text of /etc/os-release, or "" where there is none."""
    try:
        return Path("/etc/os-release").read_text(encoding="utf-8")
    except OSError:
        return ""


def run_command(command: Sequence[str]) -> int:
    """Run ``command`` in the checkout, its output the caller's; return its exit code.
    Nothing is read from the terminal, so apt-get asks no questions (as in CI)."""
    environment = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    return subprocess.run(list(command), cwd=ROOT, env=environment, stdin=subprocess.DEVNULL, check=False).returncode


def say_line(line: str) -> None:
    """Print one line now, before the output of the command it announces."""
    print(line, flush=True)


def system_chromium() -> str | None:
    """The Chromium named by ALLFIVES_CHROMIUM, else /usr/bin/chromium, if it can be run."""
    path = os.environ.get(CHROMIUM_ENV) or SYSTEM_CHROMIUM
    return path if os.access(path, os.X_OK) else None


def find_chromium(machine: Machine) -> Chromium | None:
    """The Chromium already on ``machine``: the one ALLFIVES_CHROMIUM names,
    else /usr/bin/chromium, else Playwright's own; None if there is none.

    A name in ALLFIVES_CHROMIUM that cannot be run is an error, never a
    reason to take another browser: whoever set it meant that one."""
    named = machine.environ.get(CHROMIUM_ENV)
    if named:
        if machine.runnable(named):
            return Chromium(named)
        raise ChromiumError(
            f"{CHROMIUM_ENV}={named} is not a program that can be run: point it at a Chromium, or unset it"
        )
    if machine.runnable(SYSTEM_CHROMIUM):
        return Chromium(SYSTEM_CHROMIUM)
    if machine.playwright_chromium():
        return PLAYWRIGHTS_OWN
    return None


def can_install_system_chromium(machine: Machine) -> bool:
    """Whether ``machine`` is Debian or Ubuntu (or says it is like them), run as root, with apt-get."""
    names: set[str] = set()
    for line in machine.os_release().splitlines():
        key, _, value = line.partition("=")
        if key.strip() in ("ID", "ID_LIKE"):
            names.update(value.strip().strip("\"'").lower().split())
    return bool(names & APT_SYSTEMS) and machine.is_root() and machine.which("apt-get") is not None


def install_chromium(machine: Machine, say: Say = say_line) -> Chromium | None:
    """Fetch a Chromium, saying first in one line what is done: Playwright's
    own build, else, where that download fails and the machine allows it,
    the system package. Return the Chromium then found, or None."""
    say("No Chromium found: downloading Playwright's own (python -m playwright install chromium).")
    if machine.run(PLAYWRIGHT_INSTALL) == 0 and (found := find_chromium(machine)):
        return found
    if not can_install_system_chromium(machine):
        return None
    say(
        "Playwright's Chromium could not be downloaded: installing the system's (apt-get update, apt-get install -y chromium fonts-liberation)."
    )
    for command in APT_INSTALL:
        if machine.run(command) != 0:
            return None
    return find_chromium(machine)


def get_chromium(machine: Machine, *, install: bool = True, say: Say = say_line) -> Chromium | None:
    """The Chromium for the browser tests: the one on ``machine``, else, unless
    ``install`` is off, one fetched now; None if there is none. Raises
    :class:`ChromiumError` if ALLFIVES_CHROMIUM names a program that cannot be run."""
    found = find_chromium(machine)
    if found is None and install:
        found = install_chromium(machine, say)
    return found


def run_checks(run: Callable[[Sequence[str]], int] = run_command, say: Say = say_line) -> int:
    """Run every lint check, each after a line naming it; return 0 if all passed, else 1."""
    failed = []
    for command in CHECKS:
        shown = " ".join(command[2:])
        say(f"== {shown}")
        if run(command) != 0:
            failed.append(shown)
    if failed:
        say(f"Failed: {', '.join(failed)}.")
        return 1
    return 0


def worker_count(environ: Mapping[str, str] = os.environ, cores: int | None = os.cpu_count()) -> int:
    """How many pytest workers ``build.py test`` starts: ALLFIVES_TEST_WORKERS
    if it is set, else one a core and one more (three here). A browser test
    spends much of its time waiting (on a computer's pause, a tile sliding
    in, the runtime arriving), so one worker a core leaves the cores idle
    part of the time: a fresh clone's whole run took 21 min 00 s on two
    workers and 18 min 09 s on three, one after the other, both beside
    another job's browser tests (docs/testing.md)."""
    named = environ.get(WORKERS_ENV, "").strip()
    if named:
        if not named.isdigit() or int(named) < 1:
            raise ValueError(f"{WORKERS_ENV}={named} is not a number of workers: give a whole number, 1 or more")
        return int(named)
    return (cores or 0) + 1


def pytest_command(pytest_args: Sequence[str], *, browser: bool = True, workers: int = 1) -> list[str]:
    """The pytest command ``build.py test`` runs: over ``workers`` processes
    (pytest-xdist, the queue handed out longest tests first: tests/conftest.py)
    where there is more than one, only the tests that need no browser where
    there is none. The caller's own ``-m`` or ``-n``, coming later, wins."""
    spread = ["-n", str(workers), "--dist", "worksteal"] if workers > 1 else []
    marks = [] if browser else ["-m", "not browser"]
    return [sys.executable, "-m", "pytest", *spread, *marks, *pytest_args]


def run_pytest(pytest_args: Sequence[str], *, browser: bool = True, workers: int = 1) -> int:
    """Run pytest on the dist/ just built and return its exit code; without a
    browser, only the tests that need none, and never exit 0."""
    environment = {**os.environ, DIST_BUILT_ENV: "1"}
    if not browser:
        print(f"{NO_CHROMIUM}. Running the tests that need no browser.", file=sys.stderr, flush=True)
    command = pytest_command(pytest_args, browser=browser, workers=workers)
    code = subprocess.run(command, cwd=ROOT, env=environment, check=False).returncode
    if not browser:
        print(f"{NO_CHROMIUM}. The browser tests did not run: exit code 1.", file=sys.stderr)
        return code or 1
    return code
