"""The page shell: it paints before Python loads, then Python takes over.

These start Pyodide for real (a few seconds each on this machine).
"""

from __future__ import annotations

import urllib.request
from collections.abc import Callable
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Page, Route, ViewportSize, expect

from .player import TURN_STATUS

if TYPE_CHECKING:
    from .conftest import App, PageLog, Screenshot, Site

PHONE: ViewportSize = {"width": 390, "height": 844}
READY_TEXT = TURN_STATUS
#: Vendored files that ship for their licence and are never fetched.
NOTICES = frozenset({"vendor/pyscript/LICENSE", "vendor/idiomorph/LICENSE"})


def test_shell_paints_before_python_loads(app: App, page: Page, screenshot: Screenshot) -> None:
    """The title, the table and "Loading the game…" show while Pyodide's wasm is held back."""
    held: list[Route] = []
    page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    with page.expect_request("**/pyodide.asm.wasm"):  # asked for, and held back
        app.open()

    expect(page.get_by_role("heading", name="All Fives")).to_be_visible()
    expect(page.locator("#table")).to_be_visible()
    expect(page.get_by_role("status")).to_have_text("Loading the game…")
    expect(page.locator("body")).not_to_have_attribute("data-ready", "1")
    screenshot(page, "loading-desktop")

    held[0].continue_()
    app.wait_until_ready()
    expect(page.get_by_role("status")).to_have_text(READY_TEXT)


def test_python_becomes_ready(
    app: App, page: Page, screenshot: Screenshot, record_property: Callable[[str, object], None]
) -> None:
    """main.py imports allfives and reports it in the status line."""
    app.open()
    seconds = app.wait_until_ready()
    record_property("ready_seconds", round(seconds, 2))
    print(f"ready after {seconds:.2f} s")
    expect(page.get_by_role("status")).to_have_text(READY_TEXT)
    expect(page.get_by_role("heading", name="All Fives")).to_be_visible()
    screenshot(page, "ready-desktop")


def test_requests_stay_on_loopback_and_match_the_vendored_files(
    app: App, page: Page, page_log: PageLog, site: Site
) -> None:
    """Nothing is fetched from elsewhere, and every vendored runtime file is used."""
    with page.expect_response("**/pyodide.asm.wasm") as wasm:
        app.open()
    app.wait_until_ready()

    assert wasm.value.headers["content-type"] == "application/wasm"
    page_log.assert_clean()
    requested = {url.removeprefix(site.url) for url in page_log.requests}
    shipped = {path.relative_to(site.dist).as_posix() for path in (site.dist / "vendor").rglob("*") if path.is_file()}
    assert {path for path in requested if path.startswith("vendor/")} == shipped - NOTICES


@pytest.mark.parametrize(
    ("path", "content_type"),
    [
        ("vendor/pyodide/pyodide.asm.wasm", "application/wasm"),
        ("vendor/pyodide/pyodide.mjs", "text/javascript"),
        ("vendor/pyodide/pyodide.asm.mjs", "text/javascript"),
        ("vendor/pyscript/core.js", "text/javascript"),
        ("vendor/pyscript/core.css", "text/css"),
        ("vendor/pyodide/pyodide-lock.json", "application/json"),
        ("pyscript.json", "application/json"),
        ("favicon.svg", "image/svg+xml"),
        ("index.html", "text/html"),
        ("game/main.py", "text/x-python"),
    ],
)
def test_served_content_types(site: Site, path: str, content_type: str) -> None:
    """The server labels each kind of file correctly and asks browsers not to cache."""
    with urllib.request.urlopen(urllib.request.Request(site.url + path, method="HEAD")) as response:
        assert response.headers.get_content_type() == content_type
        assert response.headers["Cache-Control"] == "no-cache"


@pytest.mark.parametrize("viewport", [PHONE], ids=["phone"])
def test_phone_layout(app: App, page: Page, screenshot: Screenshot) -> None:
    """On a phone-sized screen the page does not scroll sideways."""
    app.open()
    app.wait_until_ready()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    screenshot(page, "ready-phone")


def test_works_from_a_sub_path(nested_app: App, page_log: PageLog) -> None:
    """Served under /deep/er/, the page still loads everything relative to itself."""
    nested_app.open()
    nested_app.wait_until_ready()
    outside = [url for url in page_log.requests if not url.startswith(nested_app.site.url)]
    assert not outside
