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

if TYPE_CHECKING:
    from .conftest import App

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
import lang_de
import lang_en

WORD = re.compile(r"[A-Za-z]{4,}")


def english_only_phrases() -> set[str]:
    """The fixed parts of English messages that German says differently."""
    german_words = {w.lower() for text in _texts(lang_de.MESSAGES) for w in WORD.findall(text)}
    phrases = set()
    for text in _texts(lang_en.MESSAGES):
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
