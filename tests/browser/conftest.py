"""Fixtures for the browser tests: the built site, a local server and Chromium.

Every test in this folder is marked ``browser``. The site is built once per
session (by ``build.py test`` before pytest starts, which sets
ALLFIVES_DIST_BUILT=1; otherwise here) and served from 127.0.0.1 on a free
port. ``page`` gives each test a fresh browser context and fails the test if
the page asks for anything off 127.0.0.1, logs a console error, or throws.

The Chromium is the one ``build.py test`` found or fetched, by the same rule
(sitebuild/testing.py): the one ``ALLFIVES_CHROMIUM`` names, else
/usr/bin/chromium, else Playwright's own where ``playwright install chromium``
put one. Run by pytest alone, nothing is fetched: without one, the tests fail
saying how to get one.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import (
    Browser,
    ConsoleMessage,
    Page,
    Playwright,
    Request,
    ViewportSize,
    expect,
    sync_playwright,
)

from sitebuild import steps, testing
from sitebuild.files import DIST
from sitebuild.offline import PRECACHE_NAME
from sitebuild.serve import serving

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
SCREENSHOTS = ROOT / "test-artifacts" / "screenshots"

LOOPBACK = "127.0.0.1"
#: The project's flags, and one for the tests alone: WebAssembly runs on V8's
#: baseline compiler (Liftoff) only, never tiered up to TurboFan. Every page
#: starts Pyodide, and tiering its 9 MB module up costs each start a second or
#: more of CPU on this 2-core machine, for code that runs the same either way:
#: the same 26 tests (test_review, test_game, test_first_paint) took 295 s
#: with tier-up and 241 s without, one run each, side by side (docs/testing.md).
CHROMIUM_ARGS = (*testing.CHROMIUM_ARGS, "--js-flags=--liftoff-only")
DESKTOP: ViewportSize = {"width": 1280, "height": 800}
#: 200% zoom of a 1280 x 800 window: the page gets 640 x 400 CSS pixels.
ZOOMED: ViewportSize = {"width": 640, "height": 400}
PHONE: ViewportSize = {"width": 390, "height": 844}
#: Pyodide's cold start takes several seconds on this 2-core machine.
READY_TIMEOUT_MS = 120_000
#: How long an action or an assertion may wait. The machines are shared: a
#: computer turn that takes a moment on a quiet machine can take many on a
#: busy one, so Playwright's 5-second default would fail for nothing.
WAIT_TIMEOUT_MS = 60_000

Screenshot = Callable[[Page, str], Path]


def pytest_configure(config: pytest.Config) -> None:
    """Register the marker (pyproject.toml may register it too) and give
    every assertion on a page the same patient timeout."""
    config.addinivalue_line("markers", "browser: drives the built game in Chromium")
    config.addinivalue_line("markers", "first_visit: the page opens as on a first visit, with its introduction")
    expect.set_options(timeout=WAIT_TIMEOUT_MS)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test collected from this folder ``browser``."""
    for item in items:
        if item.path.is_relative_to(HERE):
            item.add_marker(pytest.mark.browser)


# --------------------------------------------------------------------------
# the site


@dataclass(frozen=True)
class Site:
    """The built site: where it lies on disk and the URL it is served at."""

    dist: Path
    url: str


@contextmanager
def serve_directory(directory: Path) -> Iterator[str]:
    """Serve ``directory`` with the build's server from a background thread; yield its URL."""
    with serving(directory) as url:
        yield url


@pytest.fixture(scope="session")
def site() -> Iterator[Site]:
    """Build dist/ once (unless ``build.py test`` just did) and serve it on a free loopback port."""
    if os.environ.get(testing.DIST_BUILT_ENV) != "1" or not (DIST / PRECACHE_NAME).is_file():
        steps.build(DIST)
    with serve_directory(DIST) as url:
        yield Site(dist=DIST, url=url)


@pytest.fixture(scope="session")
def nested_site(site: Site, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """The same dist/ served under a sub-path, /deep/er/, to prove its URLs are relative."""
    root = tmp_path_factory.mktemp("nested")
    (root / "deep").mkdir()
    (root / "deep" / "er").symlink_to(site.dist, target_is_directory=True)
    with serve_directory(root) as url:
        yield Site(dist=site.dist, url=url + "deep/er/")


# --------------------------------------------------------------------------
# the browser


@pytest.fixture(scope="session")
def playwright_driver() -> Iterator[Playwright]:
    """Playwright's sync API for the whole session."""
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="session")
def browser(playwright_driver: Playwright) -> Iterator[Browser]:
    """The Chromium ``build.py test`` chose (see sitebuild/testing.py), headless."""
    chromium = launch_chromium(playwright_driver)
    yield chromium
    chromium.close()


def launch_chromium(playwright_driver: Playwright, *extra_args: str) -> Browser:
    """Launch the Chromium ``build.py test`` chose, headless, with the
    project's flags and ``extra_args`` after them."""
    machine = replace(
        testing.Machine.local(), playwright_chromium=lambda: testing.has_playwright_chromium(playwright_driver.chromium)
    )
    try:
        found = testing.find_chromium(machine)
    except testing.ChromiumError as error:
        pytest.fail(str(error), pytrace=False)
    if found is None:
        pytest.fail(testing.NO_CHROMIUM, pytrace=False)
    return playwright_driver.chromium.launch(
        executable_path=found.executable, args=[*CHROMIUM_ARGS, *extra_args], headless=True
    )


@dataclass
class PageLog:
    """What a page did that a test may check: requests, console errors,
    exceptions, and the browser's warnings of a deprecated feature."""

    requests: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    deprecations: list[str] = field(default_factory=list)
    #: Hosts the page may ask besides 127.0.0.1: a test's host page on
    #: another site (``localhost``) adds its own.
    other_hosts: set[str] = field(default_factory=set)

    def on_request(self, request: Request) -> None:
        """Record a request's URL."""
        self.requests.append(request.url)

    def on_console(self, message: ConsoleMessage) -> None:
        """Record a console error, with where it was logged."""
        if message.type == "error":
            where = message.location.get("url", "")
            self.console_errors.append(f"{message.text} ({where})" if where else message.text)

    def on_page_error(self, error: Exception) -> None:
        """Record an uncaught exception."""
        self.page_errors.append(str(error))

    def on_issue(self, event: dict[str, Any]) -> None:
        """Record a DevTools issue that Lighthouse's best practices count as
        a deprecated API (a deprecation, or a SharedArrayBuffer made without
        cross-origin isolation), with where it was raised."""
        issue = event.get("issue", {})
        code = str(issue.get("code", ""))
        if code not in DEPRECATION_ISSUES:
            return
        details = next(iter(issue.get("details", {}).values()), {})
        where = details.get("sourceCodeLocation", {})
        kind = details.get("type", "")
        self.deprecations.append(f"{code} {kind} at {where.get('url', '?')}:{where.get('columnNumber', '?')}")

    def off_loopback(self) -> list[str]:
        """The requested URLs whose host is not 127.0.0.1."""
        return [url for url in self.requests if not is_loopback(url) and urlsplit(url).hostname not in self.other_hosts]

    def problems(self) -> list[str]:
        """Everything that should fail a test, one line each."""
        return [
            *(f"request off {LOOPBACK}: {url}" for url in self.off_loopback()),
            *(f"console error: {text}" for text in self.console_errors),
            *(f"page error: {text}" for text in self.page_errors),
            *(f"deprecated API: {text}" for text in self.deprecations),
        ]

    def assert_clean(self) -> None:
        """Fail with the list of problems, if there are any."""
        problems = self.problems()
        assert not problems, "\n".join(problems)


#: The DevTools issues that Lighthouse's ``deprecations`` audit counts against
#: best practices (issue 35: Pyodide's SharedArrayBuffer made it 81).
DEPRECATION_ISSUES = frozenset({"DeprecationIssue", "SharedArrayBufferIssue"})


def listen_for_deprecations(page: Page, page_log: PageLog) -> None:
    """Have ``page_log`` record the browser's deprecation warnings for ``page``
    (they reach DevTools' Issues panel, not the console)."""
    session = page.context.new_cdp_session(page)
    session.on("Audits.issueAdded", page_log.on_issue)
    session.send("Audits.enable")


def is_loopback(url: str) -> bool:
    """Whether ``url`` stays on 127.0.0.1 (blob: and data: URLs never leave the page)."""
    parts = urlsplit(url)
    if parts.scheme == "data":
        return True
    if parts.scheme == "blob":
        return is_loopback(parts.path)
    return parts.scheme in {"http", "https", "ws", "wss"} and parts.hostname == LOOPBACK


@pytest.fixture
def viewport() -> ViewportSize:
    """The page's viewport; override with ``@pytest.mark.parametrize("viewport", ...)``."""
    return DESKTOP


@pytest.fixture
def page_log() -> PageLog:
    """The log that ``page`` fills."""
    return PageLog()


#: Run before every page's own scripts, unless a test is marked ``first_visit``:
#: the first visit's introduction is already seen, so it does not cover the table.
INTRO_SEEN = "try { localStorage.setItem('allfives.intro-seen', '1') } catch (e) {}"


@contextmanager
def logged_page(
    browser: Browser, viewport: ViewportSize, page_log: PageLog, *, service_workers: bool, first_visit: bool = False
) -> Iterator[Page]:
    """A page in a fresh context, its requests, console errors and exceptions
    logged; the test fails afterwards if the page logged any problem. Unless
    ``first_visit``, the game's introduction counts as seen."""
    context = browser.new_context(viewport=viewport, service_workers="allow" if service_workers else "block")
    if not first_visit:
        context.add_init_script(INTRO_SEEN)
    context.set_default_timeout(WAIT_TIMEOUT_MS)
    context.on("request", page_log.on_request)
    new_page = context.new_page()
    new_page.on("console", page_log.on_console)
    new_page.on("pageerror", page_log.on_page_error)
    listen_for_deprecations(new_page, page_log)
    yield new_page
    context.close()
    problems = page_log.problems()
    if problems:
        pytest.fail("the page misbehaved:\n" + "\n".join(problems), pytrace=False)


@pytest.fixture
def page(browser: Browser, viewport: ViewportSize, page_log: PageLog, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A page in a fresh context; the test fails if the page logs any problem.

    Service workers are blocked here, so each test sees the network as the
    page asks for it; the offline tests use ``sw_page``. A test marked
    ``first_visit`` sees the introduction a newcomer sees."""
    first_visit = request.node.get_closest_marker("first_visit") is not None
    with logged_page(browser, viewport, page_log, service_workers=False, first_visit=first_visit) as new_page:
        yield new_page


@pytest.fixture
def sw_page(browser: Browser, viewport: ViewportSize, page_log: PageLog) -> Iterator[Page]:
    """Like ``page``, with service workers allowed (the offline tests).
    Requests the worker makes are logged too."""
    with logged_page(browser, viewport, page_log, service_workers=True) as new_page:
        yield new_page


def evaluate_settled(page: Page, script: str, arg: object = None, timeout_ms: float = WAIT_TIMEOUT_MS) -> Any:
    """``page.evaluate(script, arg)`` for a script that awaits something
    (the service worker, the caches, a fetch), with a time limit.

    A plain ``evaluate`` has none: one caught by a page that reloads itself
    (as the offline page does when a new version takes over) can wait for
    ever. ``wait_for_function`` has a timeout and starts again in the new
    page, so the script runs through it and its result is wrapped in an
    object (always truthy) to come back at the first answer."""
    wrapped = f"async (arg) => ({{ value: await ({script})(arg) }})"
    handle = page.wait_for_function(wrapped, arg=arg, timeout=timeout_ms)
    return handle.json_value()["value"]


@pytest.fixture
def screenshot() -> Screenshot:
    """Save a full-page screenshot to test-artifacts/screenshots/<name>.png."""

    def take(page: Page, name: str) -> Path:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return take


@dataclass
class App:
    """The game's page on a site, with the steps most tests take."""

    page: Page
    site: Site
    opened_at: float = 0.0

    def open(self, path: str = "") -> None:
        """Load ``path`` (relative to the site) without waiting for Python."""
        self.opened_at = time.monotonic()
        self.page.goto(self.site.url + path, wait_until="domcontentloaded")

    def wait_until_ready(self, timeout_ms: float = READY_TIMEOUT_MS) -> float:
        """Wait until web/game/main.py marks the page ready; return the seconds since :meth:`open`."""
        self.page.locator("body[data-ready='1']").wait_for(state="attached", timeout=timeout_ms)
        return time.monotonic() - self.opened_at


@pytest.fixture
def app(page: Page, site: Site) -> App:
    """The game's page on the built site (call ``open()`` to load it)."""
    return App(page=page, site=site)


@pytest.fixture
def nested_app(page: Page, nested_site: Site) -> App:
    """The game's page on the site served under a sub-path."""
    return App(page=page, site=nested_site)


@pytest.fixture
def second_page(page: Page, page_log: PageLog) -> Page:
    """A second tab of the same browser as ``page`` (one context: one
    localStorage, one origin), logged the same way; it closes with ``page``'s context."""
    tab = page.context.new_page()
    tab.on("console", page_log.on_console)
    tab.on("pageerror", page_log.on_page_error)
    listen_for_deprecations(tab, page_log)
    return tab
