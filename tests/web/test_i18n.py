"""The message catalogues: every language has every English key with the same
placeholders and plural forms, every message formats, and the Translator picks
the language, the plural form and the number format per locale."""

from __future__ import annotations

import string
from collections.abc import Mapping

import pytest

from lang import en
from table import i18n
from table.i18n import LANGUAGES, Translator, catalogue, format_number, pick_language

OTHERS = sorted(code for code in LANGUAGES if code != "en")
PLURAL_CATEGORIES = {"one", "other"}

# A value for every placeholder a message may use: numbers where the UI
# passes numbers (so they go through the locale's number format), text else.
NUMBERS = {
    "count": 2,
    "points": 15,
    "total": 20,
    "target": 250,
    "hand": 3,
    "seat": 2,
    "percent": 87,
    "margin": 12.5,
    "expected": 4.5,
    "simulations": 1200,
}


def fields(text: str) -> set[str]:
    """The ``{name}`` placeholders of ``text``."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def forms(message: object) -> Mapping[str, str]:
    """A message as category -> text (a plain string is its own "other")."""
    if isinstance(message, str):
        return {"other": message}
    assert isinstance(message, Mapping), f"not a string or a plural mapping: {message!r}"
    return message


def sample(name: str) -> object:
    return NUMBERS.get(name, f"<{name}>")


def english_keys() -> list[str]:
    return list(en.MESSAGES)


def test_every_language_has_a_catalogue_with_a_dict_of_messages() -> None:
    assert "en" in LANGUAGES
    for code in LANGUAGES:
        messages = catalogue(code)
        assert isinstance(messages, dict), code
        assert messages, code


@pytest.mark.parametrize("code", OTHERS)
def test_catalogue_has_exactly_the_english_keys(code: str) -> None:
    keys, english = set(catalogue(code)), set(en.MESSAGES)
    assert sorted(english - keys) == [], f"{code} lacks these keys"
    assert sorted(keys - english) == [], f"{code} has keys English lacks"


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_plural_entries_are_dicts_with_one_and_other(code: str) -> None:
    messages = catalogue(code)
    for key, english in en.MESSAGES.items():
        message = messages.get(key)
        if isinstance(english, str):
            assert isinstance(message, str), f"{code}:{key} should be a plain string like the English"
            continue
        assert isinstance(message, dict), f"{code}:{key} should be a plural dict like the English"
        assert set(message) == PLURAL_CATEGORIES, f"{code}:{key} has categories {sorted(message)}"
        assert all(isinstance(text, str) for text in message.values()), f"{code}:{key}"
        assert "count" in fields(message["other"]), f"{code}:{key}: a plural message needs {{count}}"


@pytest.mark.parametrize("code", OTHERS)
def test_placeholders_match_the_english(code: str) -> None:
    messages = catalogue(code)
    wrong = []
    for key, english in en.MESSAGES.items():
        if key not in messages:
            continue
        english_forms, translated = forms(english), forms(messages[key])
        for category, text in translated.items():
            expected = fields(english_forms.get(category, english_forms["other"]))
            if fields(text) != expected:
                wrong.append(f"{key}[{category}]: {sorted(fields(text))} != {sorted(expected)}")
    assert wrong == [], f"{code}: placeholders differ from the English"


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_placeholders_are_plain_names(code: str) -> None:
    # The Translator formats numbers itself: no format specs, conversions,
    # positional fields or attribute lookups that would bypass it.
    for key, message in catalogue(code).items():
        for category, text in forms(message).items():
            for _, name, spec, conversion in string.Formatter().parse(text):
                if name is None:
                    continue
                assert name.isidentifier(), f"{code}:{key}[{category}]: field {name!r}"
                assert not spec, f"{code}:{key}[{category}]: format spec {spec!r}"
                assert conversion is None, f"{code}:{key}[{category}]: conversion !{conversion}"


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_every_message_formats_with_sample_params(code: str) -> None:
    t = Translator(code)
    assert t.language == code
    for key, english in en.MESSAGES.items():
        names = set().union(*(fields(text) for text in forms(english).values()))
        params = {name: sample(name) for name in names}
        for count in (0, 1, 2, 1234):
            if "count" in names:
                params["count"] = count
            text = t(key, **params)
            assert isinstance(text, str), f"{code}:{key}"
            assert text.strip(), f"{code}:{key} is empty"
            assert "{" not in text, f"{code}:{key} left a placeholder: {text!r}"
            assert "}" not in text, f"{code}:{key} left a placeholder: {text!r}"


@pytest.mark.parametrize("code", OTHERS)
def test_messages_have_no_stray_whitespace(code: str) -> None:
    for key, message in catalogue(code).items():
        english = forms(en.MESSAGES[key])["other"]
        for category, text in forms(message).items():
            assert text == text.strip() or english != english.strip(), f"{code}:{key}[{category}]: {text!r}"
            assert "  " not in text, f"{code}:{key}[{category}]: double space in {text!r}"


@pytest.mark.parametrize(
    ("tags", "expected"),
    [
        (["de-AT"], "de"),
        (["de"], "de"),
        (["lb-LU"], "lb"),
        (["hu-HU"], "hu"),
        (["gl-ES"], "gl"),
        (["en-GB"], "en"),
        (["fr"], "en"),
        (["fr-LU", "lb-LU", "de-DE"], "lb"),
        (["pt-BR", "GL"], "gl"),
        ([], "en"),
    ],
)
def test_pick_language_from_browser_tags(tags: list[str], expected: str) -> None:
    assert pick_language(tags) == expected


def test_translator_falls_back_to_english_for_an_unknown_language() -> None:
    t = Translator("fr")
    assert t.language == "en"
    assert t("new_match") == "New match"


def test_translator_speaks_the_chosen_language() -> None:
    assert Translator("de")("new_match") == "Neue Partie"
    assert Translator("lb")("new_match") == "Nei Partie"
    assert Translator("de")("winner", name="Anna") == "Anna gewinnt!"


@pytest.mark.parametrize(
    ("code", "value", "expected"),
    [
        ("en", 1234, "1,234"),
        ("de", 1234, "1.234"),
        ("hu", 1234, "1\u00a0234"),
        ("gl", 1234, "1.234"),
        ("lb", 1234, "1.234"),
        ("en", 1234567, "1,234,567"),
        ("de", 12, "12"),
        ("de", -1234, "-1.234"),
        ("en", 2.5, "2.5"),
        ("de", 2.5, "2,5"),
        ("hu", 1234.5, "1\u00a0234,5"),
    ],
)
def test_numbers_are_formatted_per_locale(code: str, value: int | float, expected: str) -> None:
    assert format_number(code, value) == expected
    assert Translator(code).number(value) == expected


def test_numbers_in_messages_use_the_locale() -> None:
    assert Translator("en")("of_target", target=1234) == "of 1,234"
    assert Translator("de")("of_target", target=1234) == "von 1.234"
    assert "1\u00a0234" in Translator("hu")("of_target", target=1234)
    assert "2,5" in Translator("gl")("hint_best", move="6-1", other="5-5", points=2.5)


def test_plural_selection() -> None:
    en = Translator("en")
    assert en("tiles_in_hand", count=1) == "1 tile in hand"
    assert en("tiles_in_hand", count=0) == "0 tiles in hand"
    assert en("tiles_in_hand", count=2) == "2 tiles in hand"
    assert en("boneyard", count=1234) == "Boneyard: 1,234 tiles"
    de = Translator("de")
    assert de("tiles_in_hand", count=1) == "1 Stein auf der Hand"
    assert de("tiles_in_hand", count=5) == "5 Steine auf der Hand"
    lb = Translator("lb")
    assert lb("boneyard", count=1) == "Virrot: 1 Steen"
    assert lb("boneyard", count=14) == "Virrot: 14 Steng"
    gl = Translator("gl")
    assert gl("tiles_in_hand", count=1) == "1 ficha na man"
    assert gl("tiles_in_hand", count=7) == "7 fichas na man"
    # Hungarian keeps the noun singular after a numeral.
    hu = Translator("hu")
    assert hu("tiles_in_hand", count=1) == "1 kő a kézben"
    assert hu("tiles_in_hand", count=7) == "7 kő a kézben"


def test_plural_categories_are_cldr_one_and_other() -> None:
    for code in LANGUAGES:
        assert i18n.plural_category(code, 1) == "one"
        for count in (0, 2, 5, 11, 21, 101):
            assert i18n.plural_category(code, count) == "other"


def test_join_uses_the_languages_and() -> None:
    assert Translator("en").join(["West", "North", "South"]) == "West, North and South"
    assert Translator("de").join(["West", "Ost"]) == "West und Ost"
    assert Translator("hu").join(["Nyugat"]) == "Nyugat"


def test_luxembourgish_and_follows_the_n_rule() -> None:
    luxembourgish = Translator("lb")
    assert luxembourgish.join(["West", "Ost"]) == "West an Ost", "n kept before a vowel"
    assert luxembourgish.join(["Ost", "Süd"]) == "Ost a Süd", "n dropped before s"
    assert luxembourgish.join(["West", "Nord"]) == "West an Nord", "n kept before n"
    assert luxembourgish.join(["Nord", "West", "Süd"]) == "Nord, West a Süd"
