"""The Menu as markup (web/game/dialogs/words.py) on CPython: the settings
as they stand, the score sheet, the deal's fingerprint, the rules page in
the reader's language, and bringing a game in from a file."""

from __future__ import annotations

import dataclasses
import xml.etree.ElementTree as ET

from helpers import html_as_xml

from game.dialogs.words import Menu, menu_markup
from table.i18n import LANGUAGES, Translator

DE = Translator("de")


def a_menu(**changes: object) -> Menu:
    menu = Menu(
        language="de",
        languages=LANGUAGES,
        speed="fast",
        speeds=[("slow", "Langsam"), ("normal", "Normal"), ("fast", "Schnell")],
        learning=False,
        sheet_head=("Spiel", "Du", "<Computer>"),
        sheet_rows=[("1", "10 + 5 = 15", "0")],
        proof="Fingerabdruck 1a2b",
        storage="Auf diesem Gerät gespeichert.",
        rules_page="./rules.de.html",
    )
    return dataclasses.replace(menu, **changes)  # type: ignore[arg-type]


def parse(menu: Menu) -> ET.Element:
    """The markup read as XML: its boolean attributes given a value and its
    ``<input>`` elements closed (the markup itself is HTML)."""
    return ET.fromstring(f"<div>{html_as_xml(menu_markup(menu, DE))}</div>")


def test_the_menu_shows_the_settings_as_they_stand() -> None:
    root = parse(a_menu())
    language = root.find(".//select[@id='menu-language']")
    assert language is not None
    chosen = [o.get("value") for o in language.iter("option") if o.get("selected") is not None]
    assert chosen == ["de"]
    assert {o.get("value"): o.get("lang") for o in language.iter("option")} == {code: code for code in LANGUAGES}
    speed = root.find(".//select[@id='menu-speed']")
    assert speed is not None
    assert [o.get("value") for o in speed.iter("option") if o.get("selected") is not None] == ["fast"]
    learning = root.find(".//input[@id='menu-learning']")
    assert learning is not None
    assert learning.get("checked") is None
    assert parse(a_menu(learning=True)).find(".//input[@id='menu-learning']").get("checked") is not None  # type: ignore[union-attr]


def test_the_menu_holds_the_score_sheet_the_fingerprint_and_the_rules_in_the_readers_language() -> None:
    root = parse(a_menu())
    sheet = root.find(".//table")
    assert sheet is not None
    assert sheet.get("class") == "summary score-sheet"
    assert [th.text for th in sheet.findall("tr/th[@scope='col']")] == ["Spiel", "Du", "<Computer>"]
    assert root.findtext(".//p[@class='deal-proof']") == "Fingerabdruck 1a2b"
    link = root.find(".//a")
    assert link is not None
    assert (link.get("href"), link.text) == ("./rules.de.html", DE("how_to_play"))
    assert parse(a_menu(proof=None)).find(".//p[@class='deal-proof']") is None
    file_input = root.find(".//input[@id='menu-import']")
    assert file_input is not None
    assert file_input.get("aria-label") == DE("import")


def test_the_new_match_form_is_filled_in_with_the_match_it_would_start() -> None:
    from allfives import Rules

    from game.dialogs.match_form import MatchForm
    from game.dialogs.words import new_match_markup
    from table.game import GameSetup, SeatSetup

    setup = GameSetup(
        Rules(players=3, hand_size=5, target=150, lead="highest-double"),
        (
            SeatSetup("<Ann>"),
            SeatSetup("Bo", "hard"),
            SeatSetup("Cy", "easy"),
        ),
        None,
    )
    markup = (
        new_match_markup(DE, MatchForm.of(DE, setup))
        .replace(" selected>", ' selected="">')
        .replace(" checked>", ' checked="">')
    )
    root = ET.fromstring(html_as_xml(markup))

    def chosen(name: str) -> list[str | None]:
        select = root.find(f".//select[@id='nm-{name}']")
        assert select is not None
        return [o.get("value") for o in select.iter("option") if o.get("selected") is not None]

    assert chosen("players") == ["3"]
    assert chosen("lead") == ["highest-double"]
    assert chosen("preset") == [""], "no preset chosen: the rules are as set"
    names = [root.find(f".//input[@id='nm-name{seat}']") for seat in range(4)]
    assert [n.get("value") if n is not None else None for n in names[:3]] == ["<Ann>", "Bo", "Cy"]
    assert (chosen("kind0"), chosen("kind1"), chosen("kind2")) == (["person"], ["hard"], ["easy"])
    assert names[3] is not None
    assert names[3].get("value"), "a fourth seat, ready if the count is raised"
    size = root.find(".//input[@id='nm-hand_size']")
    target = root.find(".//input[@id='nm-target']")
    assert size is not None
    assert target is not None
    assert (size.get("value"), size.get("max"), target.get("value")) == ("5", "9", "150")
    partners = root.find(".//input[@id='nm-partnerships']")
    assert partners is not None
    assert partners.get("checked") is None


def test_the_embed_code_dialog_shows_the_code_for_the_choice_made() -> None:
    from game.dialogs.words import embed_markup

    code = '<a class="allfives-replay" href="./embed.html?move=0&amp;lang=de">'
    for whole_hand in (False, True):
        markup = embed_markup(DE, 4, whole_hand, code).replace(" checked ", ' checked="" ')
        markup = markup.replace(" readonly ", ' readonly="" ')
        root = ET.fromstring(f"<div>{html_as_xml(markup)}</div>")
        radios = {r.get("value"): r.get("checked") is not None for r in root.iter("input")}
        assert radios == {"position": not whole_hand, "hand": whole_hand}
        assert all(r.get("data-change") == "embed" for r in root.iter("input"))
        area = root.find(".//textarea[@id='embed-field']")
        assert area is not None
        assert (area.text, area.get("aria-label")) == (code, DE("embed_code_label"))
