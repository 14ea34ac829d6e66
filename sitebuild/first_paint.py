"""The game page's first screen, drawn into dist/index.html (issue 35, item
3): the score cards, the opponent's card and, for a first visit, the
introduction's first step, as the live page draws them once Python has
started, so the first paint is the page's first screen (its largest paint
needs no Python, and nothing moves when Python takes over). The markup is
drawn on CPython by the page's own browser-free module
(web/game/first_screen.py), as the tutorial's posters are.

Both the game's page and the replay's hold fixed words that Python fills in
the player's language (``data-i18n``): the build draws each in every
language, a copy each marked ``data-first-lang``; loading.js sets
``<html lang>`` to the player's language before the first paint, and the
stylesheets show that copy only. Python's translation then replaces the
copies with the same words."""

from __future__ import annotations

import importlib
import re
import sys
from html import escape
from pathlib import Path
from types import ModuleType
from typing import Final

from .files import WEB, BuildError

#: The page whose first screen is drawn.
GAME_PAGE: Final = "index.html"
#: The pages whose fixed words are drawn in every language.
TRANSLATED_PAGES: Final = (GAME_PAGE, "embed.html")
#: Their stylesheets, where the rule that shows one language's copy goes.
STYLESHEETS: Final = ("style.css", "embed.css")
#: Where that rule goes in each.
STYLE_MARK: Final = "/*FIRST_LANGUAGES*/"
#: An element whose words the page fills (``data-i18n``) and that holds only
#: text: its opening tag, its name, its key, its words, its closing tag.
_FIXED_WORDS: Final = re.compile(r'(<(\w+)\b[^>]*\sdata-i18n="(\w+)"[^>]*>)([^<]*)(</\2>)')


def _web_module(name: str) -> ModuleType:
    """A module of web/, imported on CPython."""
    web = str(WEB)
    if web not in sys.path:
        sys.path.insert(0, web)
    return importlib.import_module(name)


def translate_fixed_words(page: str) -> str:
    """``page`` with each fixed word (``data-i18n``) drawn in every language
    the game speaks, a copy each, for the first paint."""
    i18n = _web_module("table.i18n")
    mark = _web_module("game.first_screen").LANGUAGE_MARK
    translators = [i18n.Translator(language) for language in i18n.LANGUAGES]

    def in_each_language(found: re.Match[str]) -> str:
        opening, _tag, key, _words, closing = found.groups()
        copies = "".join(f'<span {mark}="{t.language}">{escape(t(key), quote=False)}</span>' for t in translators)
        return opening + copies + closing

    return _FIXED_WORDS.sub(in_each_language, page)


def language_rule() -> str:
    """The stylesheets' rule: each copy hidden unless ``<html lang>`` is its language."""
    languages = _web_module("table.i18n").LANGUAGES
    mark = _web_module("game.first_screen").LANGUAGE_MARK
    selectors = ",\n".join(f'html:not([lang="{code}"]) [{mark}="{code}"]' for code in languages)
    return selectors + " {\n  display: none !important;\n}"


def write_first_paint(dist: Path) -> list[Path]:
    """Draw the first screen into dist/index.html where its marks say, and
    the game's and the replay's fixed words in every language."""
    first_screen = _web_module("game.first_screen")
    page = dist / GAME_PAGE
    try:
        page.write_text(first_screen.fill(page.read_text(encoding="utf-8")), encoding="utf-8")
    except ValueError as error:
        raise BuildError(f"{GAME_PAGE}: {error}") from error
    written = []
    for name in TRANSLATED_PAGES:
        path = dist / name
        path.write_text(translate_fixed_words(path.read_text(encoding="utf-8")), encoding="utf-8")
        written.append(path)
    for name in STYLESHEETS:
        path = dist / name
        text = path.read_text(encoding="utf-8")
        if text.count(STYLE_MARK) != 1:
            raise BuildError(f"{name} must hold {STYLE_MARK} once")
        path.write_text(text.replace(STYLE_MARK, language_rule()), encoding="utf-8")
        written.append(path)
    return written
