"""The game in the rules' languages: switching the language in the menu
leaves no English on screen, and the choice is remembered."""

from __future__ import annotations

import re
import string
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Page, expect

from .conftest import READY_TIMEOUT_MS

if TYPE_CHECKING:
    from .conftest import App, Screenshot, Site

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from lang import en
from table.i18n import LANGUAGES, catalogue

WORD = re.compile(r"[A-Za-z]{4,}")


def english_only_phrases(language: str = "de") -> set[str]:
    """The fixed parts of English messages that ``language`` says differently."""
    german_words = {w.lower() for text in _texts(dict(catalogue(language))) for w in WORD.findall(text)}
    phrases = set()
    for text in _texts(en.MESSAGES):
        for literal, *_ in string.Formatter().parse(text):
            for piece in re.split(r"[.,:;!?()…]", literal):
                piece = piece.strip()
                words = WORD.findall(piece)
                if len(words) >= 2 and not all(w.lower() in german_words for w in words):
                    phrases.add(piece)
    return phrases


def _texts(messages: dict[str, object]) -> list[str]:
    out: list[str] = []
    for value in messages.values():
        out.extend(value.values() if isinstance(value, dict) else [value])  # type: ignore[arg-type]
    return [str(v) for v in out]


@pytest.fixture
def ready(app: App, page: Page) -> Page:
    app.open()
    app.wait_until_ready()
    return page


def choose_language(page: Page, name: str, menu: str = "Menu", close: str = "Close") -> None:
    page.get_by_role("button", name=menu).click()
    dialog = page.get_by_role("dialog")
    dialog.get_by_role("combobox").first.select_option(label=name)
    dialog.get_by_role("button", name=close).click()
    expect(dialog).to_be_hidden()


def test_in_german_no_english_is_left_on_screen(ready: Page, app: App) -> None:
    page = ready
    phrases = english_only_phrases()
    in_english = [phrase for phrase in phrases if phrase in page.locator("body").inner_text()]
    assert in_english, "the check must see English before the switch"
    choose_language(page, "Deutsch")
    expect(page.get_by_role("button", name="Neue Partie")).to_be_visible()
    shown = page.locator("body").inner_text()
    left = sorted(phrase for phrase in phrases if phrase in shown)
    assert left == []
    assert page.evaluate("document.documentElement.lang") == "de"
    # Remembered: a reload comes back in German.
    page.reload()
    app.wait_until_ready()
    expect(page.get_by_role("button", name="Neue Partie")).to_be_visible()


TRANSLATED = sorted(set(LANGUAGES) - {"en"})
ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_replay_speaks_the_language_its_address_names(page: Page, site: Site, language: str) -> None:
    page.goto(f"{site.url}embed.html?src=tutorial/counting.json&move=3&lang={language}")
    page.locator("body[data-ready='1']").wait_for(state="attached", timeout=READY_TIMEOUT_MS)
    expect(page.locator("html")).to_have_attribute("lang", language)
    shown = page.locator("body").inner_text()
    assert sorted(p for p in english_only_phrases(language) if p in shown) == []


def english_headings() -> list[str]:
    """The headings of the English tutorial, as a reader sees them."""
    text = (ROOT / "docs" / "tutorial" / "en.md").read_text(encoding="utf-8")
    return [line.lstrip("#").strip() for line in text.splitlines() if line.startswith("#")]


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_rules_page_of_each_language_is_written_in_it(
    page: Page, site: Site, screenshot: Screenshot, language: str
) -> None:
    page.goto(f"{site.url}rules.{language}.html")
    expect(page.locator("html")).to_have_attribute("lang", language)
    shown = page.locator("main").inner_text()
    assert [h for h in english_headings() if h in shown.splitlines()] == [], "no English heading is left"
    # Its replays speak it too, and the page links to the others.
    figure = page.locator("figure").first
    expect(figure.get_by_role("status")).not_to_have_text(re.compile("^Move "))  # the poster, before any script
    figure.get_by_role("button").last.focus()  # the page's one interpreter starts
    figure.locator(f".embed[data-live='1'][data-lang='{language}']").wait_for(
        state="attached", timeout=READY_TIMEOUT_MS
    )
    expect(figure.get_by_role("status")).not_to_have_text(re.compile("^Move "))
    screenshot(page, f"rules-{language}")
    languages = page.get_by_role("navigation")
    expect(languages.get_by_role("link")).to_have_text(list(LANGUAGES.values()))
    languages.get_by_role("link", name="English").click()
    expect(page.locator("html")).to_have_attribute("lang", "en")
