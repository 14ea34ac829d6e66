"""The test run: which Chromium the browser tests drive, and pytest over a
dist/ built once (build.py test builds it and tells the browser tests so)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Protocol

from .files import ROOT

#: Set to "1" by ``build.py test``: dist/ was just built, so the browser
#: tests serve it as it is rather than build it a second time.
DIST_BUILT_ENV = "ALLFIVES_DIST_BUILT"
#: The Chromium to drive, if not the system one.
CHROMIUM_ENV = "ALLFIVES_CHROMIUM"
SYSTEM_CHROMIUM = "/usr/bin/chromium"
NO_CHROMIUM = (
    f"No Chromium found: apt-get install chromium, or set {CHROMIUM_ENV}=/path/to/chrome,"
    " or `python -m playwright install chromium`"
)


class BrowserType(Protocol):
    """What is asked of Playwright's ``chromium``: where its own build would be."""

    @property
    def executable_path(self) -> str: ...


def system_chromium() -> str | None:
    """The Chromium named by ALLFIVES_CHROMIUM, else /usr/bin/chromium, if it can be run."""
    path = os.environ.get(CHROMIUM_ENV) or SYSTEM_CHROMIUM
    return path if os.access(path, os.X_OK) else None


def has_playwright_chromium(chromium: BrowserType) -> bool:
    """Whether Playwright's own Chromium was installed (``playwright install chromium``)."""
    return Path(chromium.executable_path).is_file()


def chromium_available() -> bool:
    """Whether the browser tests have a Chromium: the system's, or Playwright's own."""
    if system_chromium() is not None:
        return True
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        return has_playwright_chromium(driver.chromium)


def run_pytest(pytest_args: Sequence[str], *, browser: bool = True) -> int:
    """Run pytest on the dist/ just built and return its exit code; without a
    browser, only the tests that need none, and never exit 0."""
    environment = {**os.environ, DIST_BUILT_ENV: "1"}
    # The caller's own -m, coming later, wins over this one.
    marks = [] if browser else ["-m", "not browser"]
    if not browser:
        print(f"{NO_CHROMIUM}. Running the tests that need no browser.", file=sys.stderr, flush=True)
    command = [sys.executable, "-m", "pytest", *marks, *pytest_args]
    code = subprocess.run(command, cwd=ROOT, env=environment, check=False).returncode
    if not browser:
        print(f"{NO_CHROMIUM}. The browser tests did not run: exit code 1.", file=sys.stderr)
        return code or 1
    return code
