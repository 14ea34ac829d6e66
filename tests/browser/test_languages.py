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

from allfives.tiles import TILES
from tools import english_left, pin_screens

from .conftest import READY_TIMEOUT_MS
from .player import Player

if TYPE_CHECKING:
    from .conftest import App, Screenshot, Site

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from lang import en
from table.i18n import LANGUAGES, Translator, catalogue

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


def choose_language(page: Page, name: str, menu: str = "Menu") -> None:
    """Menu, Language: ``name``. The Menu speaks it at once, so it is closed
    with that language's word for Close."""
    code = next(code for code, said in LANGUAGES.items() if said == name)
    page.get_by_role("button", name=menu).click()
    dialog = page.get_by_role("dialog")
    dialog.get_by_role("combobox").first.select_option(label=name)
    dialog.get_by_role("button", name=Translator(code)("close")).click()
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


# --------------------------------------------------------------------------
# Every word in the player's language, the open Menu's and a screen reader's
# included (issue 44): tools/english_left.py finds what is still English.

ENGLISH = Translator("en")


def open_the_menu(page: Page) -> None:
    page.get_by_role("button", name="Menu").click()
    expect(page.get_by_role("dialog", name="Menu")).to_be_visible()


def choose_in_the_open_menu(page: Page, language: str) -> None:
    """Choose ``language`` in the open (English) Menu, leaving it open."""
    menu = page.get_by_role("dialog", name="Menu")
    menu.get_by_role("combobox", name="Language").select_option(label=LANGUAGES[language])
    expect(page.locator("html")).to_have_attribute("lang", language)


def switch_in_the_open_menu(page: Page, language: str) -> None:
    """Open the Menu and choose ``language`` in it, leaving the Menu open."""
    open_the_menu(page)
    choose_in_the_open_menu(page, language)


def open_mid_hand(app: App, page: Page) -> str:
    """The pinned match at the person's turn, mid-hand (tools/pin_screens.json); the tile that fits several ends."""
    saves = pin_screens.Saves.load()
    page.context.add_init_script(pin_screens.local_storage_script(pin_screens.game_storage(saves.mid_hand)))
    app.open("index.html")
    app.wait_until_ready()
    return saves.selected


@pytest.mark.parametrize("language", ["de", "hu"])
def test_with_the_menu_open_after_a_switch_no_english_is_left(app: App, page: Page, language: str) -> None:
    open_mid_hand(app, page)
    open_the_menu(page)
    assert english_left.left_on(page, language), "the check must see English before the switch"
    choose_in_the_open_menu(page, language)
    expect(page.get_by_role("dialog", name=Translator(language)("menu"))).to_be_visible()
    left = [item.line() for item in english_left.left_on(page, language)]
    assert left == [], "still in English:\n" + "\n".join(left)


def test_the_open_menu_speaks_the_language_chosen_in_it(app: App, page: Page) -> None:
    open_mid_hand(app, page)
    switch_in_the_open_menu(page, "de")
    menu = page.get_by_role("dialog", name="Menü")
    expect(menu).to_be_visible()
    language = menu.get_by_role("combobox", name="Sprache")
    expect(language).to_be_focused()  # the focus stays where the choice was made
    expect(menu.get_by_role("combobox", name="Tempo des Computers")).to_be_visible()
    expect(menu.get_by_role("columnheader", name="Runde")).to_be_visible()  # the score sheet too
    expect(menu.get_by_role("button", name="Schließen")).to_be_visible()
    expect(menu.get_by_role("button", name="Close")).to_have_count(0)
    # The Menu still answers as the Menu: closing it keeps the language.
    menu.get_by_role("button", name="Schließen").click()
    expect(menu).to_be_hidden()
    expect(page.get_by_role("button", name="Neue Partie")).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", "de")


#: The regions of the game page, by role, and the key of each one's name.
REGIONS = (
    ("navigation", "region_actions"),
    ("region", "region_scores"),
    ("region", "region_opponents"),
    ("region", "region_table"),
    ("complementary", "moves"),
    ("region", "your_hand"),
)


@pytest.mark.parametrize("language", ["de", "hu"])
def test_the_regions_are_named_in_the_language(app: App, page: Page, language: str) -> None:
    open_mid_hand(app, page)
    for role, key in REGIONS:
        expect(page.get_by_role(role, name=ENGLISH(key), exact=True)).to_be_visible()
    switch_in_the_open_menu(page, language)
    t = Translator(language)
    for role, key in REGIONS:
        assert t(key) != ENGLISH(key), key
        expect(page.get_by_role(role, name=t(key), exact=True)).to_be_visible()
        expect(page.get_by_role(role, name=ENGLISH(key), exact=True)).to_have_count(0)


@pytest.mark.parametrize("language", ["de", "hu"])
def test_the_tiles_are_named_in_the_language(app: App, page: Page, language: str) -> None:
    selected = open_mid_hand(app, page)
    switch_in_the_open_menu(page, language)
    page.get_by_role("dialog").get_by_role("button", name=Translator(language)("close")).click()
    t = Translator(language)
    player = Player(page)
    board = page.get_by_role("region", name=t("region_table"))
    on_board = player.tiles_on_board()
    assert on_board
    names = {str(tile): t.tile(tile) for tile in TILES}
    for tile in TILES:
        assert names[str(tile)] != ENGLISH.tile(tile), f"{tile} has its English name in {language}"
    for written in on_board:
        expect(board.get_by_role("img", name=names[written], exact=True)).to_be_visible()
    hand = page.get_by_role("group", name=t("your_hand"))
    for written in player.tiles_in_hand():
        button = hand.locator(f"[data-tile='{written}']")
        expect(button).to_have_accessible_name(re.compile("^" + re.escape(names[written]) + ","))
    # The tile chosen says where it fits, in the language too.
    chosen = hand.get_by_role("button", name=re.compile("^" + re.escape(names[selected])))
    chosen.click()
    ends = [t("end_" + end) for end in "WENS"]
    expect(board.get_by_role("button", name=re.compile("|".join(ends))).first).to_be_visible()
    # Nothing on the page keeps an English tile name, a hidden one neither.
    english = {ENGLISH.tile(tile) for tile in TILES} - set(names.values())
    labels = page.locator("[aria-label]").evaluate_all("nodes => nodes.map((node) => node.getAttribute('aria-label'))")
    assert [label for label in labels if any(name in label for name in english)] == []
