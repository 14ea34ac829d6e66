"""Messages in the player's language: one catalogue per language
(``lang/en.py``, ``lang/de.py``, ...), plural forms and numbers per locale.

A message is a string with ``{name}`` placeholders, or, where a number
decides the wording, a mapping from plural category (``"one"``,
``"other"``) to such strings; the category comes from the ``count``
parameter.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, TypeAlias

if TYPE_CHECKING:
    from allfives import Tile

__all__ = ["LANGUAGES", "Said", "Translator", "Words", "catalogue", "pick_language"]

LANGUAGES: Final = {"en": "English", "de": "Deutsch", "hu": "Magyar", "gl": "Galego", "lb": "Lëtzebuergesch"}
"""The languages the game speaks, each named in itself."""

Message = str | Mapping[str, str]

# Thousands and decimal separators per language.
_SEPARATORS: Final = {"en": (",", "."), "de": (".", ","), "hu": ("\u00a0", ","), "gl": (".", ","), "lb": (".", ",")}


def catalogue(language: str) -> Mapping[str, Message]:
    """The messages of ``language`` (a code from :data:`LANGUAGES`)."""
    if language not in LANGUAGES:
        raise ValueError(f"no catalogue for {language!r}")
    module = importlib.import_module(f"lang.{language}")
    messages: Mapping[str, Message] = module.MESSAGES
    return messages


def pick_language(preferred: list[str]) -> str:
    """The first of the browser's languages (``"de-AT"``, ``"hu"``) we speak."""
    for tag in preferred:
        code = tag.split("-")[0].lower()
        if code in LANGUAGES:
            return code
    return "en"


def plural_category(language: str, count: int) -> str:
    # English, German, Hungarian, Galician and Luxembourgish all put
    # exactly 1 in "one" and every other count in "other" (CLDR).
    return "one" if count == 1 else "other"


def format_number(language: str, value: int | float) -> str:
    """``1234`` as ``1,234`` (en) or ``1.234`` (de); negative with a minus sign."""
    thousands, decimal = _SEPARATORS.get(language, (",", "."))
    text = f"{abs(value):,}" if isinstance(value, int) else f"{abs(value):,.1f}"
    text = text.replace(",", "\0").replace(".", decimal).replace("\0", thousands)
    return ("-" + text) if value < 0 else text


class Translator:
    """``t("scores", points=15)`` in the chosen language, falling back to
    English for a key a catalogue lacks (the tests make sure none does)."""

    def __init__(self, language: str = "en") -> None:
        self.language = language if language in LANGUAGES else "en"
        self.messages = catalogue(self.language)
        self.english = catalogue("en")

    def __call__(self, key: str, **params: object) -> str:
        message = self.messages.get(key, self.english.get(key, key))
        if not isinstance(message, str):
            count = params.get("count", 0)
            category = plural_category(self.language, count if isinstance(count, int) else 0)
            message = message.get(category, message.get("other", key))
        shown = {
            name: format_number(self.language, v) if isinstance(v, (int, float)) and not isinstance(v, bool) else v
            for name, v in params.items()
        }
        return message.format(**shown)

    def number(self, value: int | float) -> str:
        """A number as the language writes it."""
        return format_number(self.language, value)

    def signed(self, value: int) -> str:
        """A change of score: ``+15``, ``-10``, ``0``."""
        return ("+" if value > 0 else "") + self.number(value)

    def tile(self, tile: Tile) -> str:
        """A tile's spoken name: "five-three", "double four"."""
        if tile.is_double:
            return self("tile_double", pips=self(f"pip_{tile.high}"))
        return self("tile_pair", high=self(f"pip_{tile.high}"), low=self(f"pip_{tile.low}"))

    def join(self, items: Sequence[str]) -> str:
        """``West, North and South`` in the chosen language."""
        if len(items) <= 1:
            return "".join(items)
        last = items[-1]
        return ", ".join(items[:-1]) + " " + n_rule(self.language, self("and"), last) + " " + last


#: What the page will say, in whichever language it speaks when it is drawn:
#: a message kept as state is one of these, never its text in the language
#: of the moment (a language switch draws it again; nothing is read back).
Said: TypeAlias = Callable[[Translator], str]


@dataclass(frozen=True, slots=True)
class Words:
    """A catalogue message with its parameters, said when drawn: ``Words("note_drew", count=2)``."""

    key: str
    params: tuple[tuple[str, object], ...] = ()

    def __init__(self, key: str, **params: object) -> None:
        object.__setattr__(self, "key", key)
        object.__setattr__(self, "params", tuple(sorted(params.items())))

    def __call__(self, t: Translator) -> str:
        return t(self.key, **dict(self.params))


#: Luxembourgish keeps a word's final n only before a vowel or n, d, t, z, h
#: (the Eifeler Reegel): "West an Ost", but "Ost a Süd".
_KEEPS_N: Final = frozenset("aeiouäëéöüyndtzh")


def n_rule(language: str, word: str, following: str) -> str:
    """``word`` as it is written before ``following``: in Luxembourgish, a
    word ending in n drops it before most consonants ("an" -> "a")."""
    if language != "lb" or not word.endswith("n") or not following:
        return word
    return word if following[0].lower() in _KEEPS_N else word[:-1]
