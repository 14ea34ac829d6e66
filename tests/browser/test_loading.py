"""The loading screen (web/js/loading.js): the table shows at once, the status
line says in the player's language what is happening, in words a player
understands, and a progress bar counts the runtime's bytes out of their total
until the game starts; it passes axe, and nothing on it moves for a player who
asks for reduced motion. The runtime's standard library is precompiled.

These start Pyodide for real."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from sitebuild.packing import open_shipped_zip

from .conftest import DESKTOP, INTRO_SEEN, READY_TIMEOUT_MS, WAIT_TIMEOUT_MS, PageLog
from .test_accessibility import serious_problems

if TYPE_CHECKING:
    from .conftest import Site

#: What the status line says while the runtime arrives, and then starts.
WORDS = {
    "en": ("Loading the game…", "Starting the game…"),
    "de": ("Das Spiel wird geladen…", "Das Spiel startet…"),
    "hu": ("A játék betöltése…", "A játék indul…"),
    "gl": ("Cargando o xogo…", "Iniciando o xogo…"),
    "lb": ("D'Spill gëtt gelueden…", "D'Spill fänkt un…"),
}
#: Every change of the status line and the bar's value, with the time.
RECORD_STATUS = """
window.__loading = [];
document.addEventListener("DOMContentLoaded", () => {
  const status = document.querySelector("[role=status]");
  const bar = document.getElementById("loading");
  const note = () => window.__loading.push([status.textContent, bar.value, bar.max, bar.hidden]);
  note();
  new MutationObserver(note).observe(status, { childList: true, characterData: true, subtree: true });
  new MutationObserver(note).observe(bar, { attributes: true });
});
"""


@contextmanager
def page_in(browser: Browser, locale: str, **options: Any) -> Iterator[Page]:
    """A fresh page whose browser prefers ``locale``; it must log no problem."""
    log = PageLog()
    context = browser.new_context(viewport=DESKTOP, locale=locale, service_workers="block", **options)
    context.set_default_timeout(WAIT_TIMEOUT_MS)
    context.add_init_script(INTRO_SEEN)
    context.on("request", log.on_request)
    page = context.new_page()
    page.on("console", log.on_console)
    page.on("pageerror", log.on_page_error)
    page.add_init_script(RECORD_STATUS)
    yield page
    context.close()
    problems = log.problems()
    if problems:
        pytest.fail("the page misbehaved:\n" + "\n".join(problems), pytrace=False)


def runtime_bytes(site: Site) -> int:
    """The total the build stamped into loading.js."""
    text = (site.dist / "loading.js").read_text(encoding="utf-8")
    match = re.search(r"const SIZES = (\{.*?\});", text)
    assert match, "loading.js has no table of sizes"
    sizes: dict[str, int] = json.loads(match.group(1))
    assert sizes, "the build stamped no sizes"
    return sum(sizes.values())


def ready(page: Page) -> None:
    page.locator("body[data-ready='1']").wait_for(state="attached", timeout=READY_TIMEOUT_MS)


@pytest.mark.parametrize("language", sorted(WORDS))
def test_the_loading_screen_speaks_the_browsers_language(browser: Browser, site: Site, language: str) -> None:
    loading, starting = WORDS[language]
    with page_in(browser, {"en": "en-GB", "de": "de-AT", "hu": "hu", "gl": "gl-ES", "lb": "lb-LU"}[language]) as page:
        held: list[Route] = []
        page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
        with page.expect_request("**/pyodide.asm.wasm"):  # asked for, and held back
            page.goto(site.url, wait_until="domcontentloaded")

        # The table is painted while the runtime is held back.
        expect(page.locator("#table")).to_be_visible()
        expect(page.get_by_role("heading", name="All Fives")).to_be_visible()
        status = page.get_by_role("status")
        expect(status).to_have_text(loading)
        expect(status).to_have_attribute("lang", language)
        assert "Python" not in status.inner_text()
        bar = page.get_by_role("progressbar")
        expect(bar).to_be_visible()
        assert bar.evaluate("bar => bar.max") == runtime_bytes(site)
        assert bar.evaluate("bar => bar.value") < runtime_bytes(site)

        held[0].continue_()
        ready(page)
        expect(bar).to_be_hidden()
        seen = page.evaluate("window.__loading")
        texts = [text for text, *_ in seen]
        # Loading, then starting once every byte is in, then the game's own status.
        assert texts.index(loading) < texts.index(starting) < len(texts) - 1, texts
        full = [value for text, value, *_ in seen if text == starting]
        assert full, seen
        assert all(value == runtime_bytes(site) for value in full), seen
        values = [value for _, value, *_ in seen]
        assert values == sorted(values), "the bar only goes forward"


def test_the_saved_language_wins_over_the_browsers(browser: Browser, site: Site) -> None:
    with page_in(browser, "de-DE") as page:
        page.goto(site.url, wait_until="domcontentloaded")
        # Started to the end first: a runtime request of this first load would
        # otherwise be the one held below, and the reload's never let through.
        ready(page)
        page.evaluate("localStorage.setItem('allfives.prefs', JSON.stringify({language: 'hu'}))")
        held: list[Route] = []
        page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
        with page.expect_request("**/pyodide.asm.wasm"):  # asked for, and held back
            page.reload(wait_until="domcontentloaded")
        expect(page.get_by_role("status")).to_have_text(WORDS["hu"][0])
        held[0].continue_()
        ready(page)


def test_the_replay_loads_in_the_language_it_is_asked_for(browser: Browser, site: Site) -> None:
    with page_in(browser, "en-GB") as page:
        page.goto(site.url + "embed.html?lang=gl", wait_until="domcontentloaded")
        expect(page.get_by_role("progressbar")).to_have_attribute("aria-label", "Progreso da carga")
        ready(page)
        expect(page.get_by_role("progressbar")).to_be_hidden()
        texts = [text for text, *_ in page.evaluate("window.__loading")]
        assert WORDS["gl"][0] in texts


def test_the_loading_screen_passes_axe_and_keeps_still_for_reduced_motion(browser: Browser, site: Site) -> None:
    with page_in(browser, "de-DE", reduced_motion="reduce") as page:
        held: list[Route] = []
        page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
        with page.expect_request("**/pyodide.asm.wasm"):  # asked for, and held back
            page.goto(site.url, wait_until="domcontentloaded")
        expect(page.get_by_role("status")).to_have_text(WORDS["de"][0])
        assert serious_problems(page) == []
        moving = page.evaluate(
            """() => [...document.querySelectorAll("*")].filter((element) => {
                const style = getComputedStyle(element);
                return style.animationName !== "none" || parseFloat(style.transitionDuration) > 0;
            }).map((element) => element.id || element.tagName)"""
        )
        assert moving == []
        bar = page.get_by_role("progressbar")
        assert bar.evaluate("bar => bar.hasAttribute('value')"), "a determinate bar, not a moving one"
        held[0].continue_()
        ready(page)


def test_the_standard_library_arrives_precompiled(site: Site) -> None:
    with open_shipped_zip(site.dist / "vendor" / "pyodide" / "python_stdlib.zip") as archive:
        names = archive.namelist()
    assert "json/decoder.pyc" in names
    assert not [name for name in names if name.endswith(".py")]
