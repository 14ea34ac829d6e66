"""The New match form as a value (web/game/dialogs/match_form.py) and as markup
(game.dialogs.words.new_match_markup) on CPython: a field's change gives the next
form, a preset fills in its game's rules for the count of players (the
family's too, with the line on where it is played), Start reads the form,
and a value the rules refuse is said in the player's words."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from helpers import html_as_xml

from allfives import Rules, RulesError
from allfives.rules import GAMES

from game.dialogs.match_form import MatchForm
from game.dialogs.words import new_match_markup
from game.first_screen import default_setup
from table import refusal
from table.game import GameSetup, SeatSetup
from table.i18n import Translator

EN = Translator("en")
DE = Translator("de")


def fresh(t: Translator = EN) -> MatchForm:
    """The form as a first visit opens it."""
    return MatchForm.of(t, default_setup(t))


def filled(form: MatchForm, *changes: tuple[str, str], t: Translator = EN) -> MatchForm:
    """``form`` after each ``(field, value)`` change, in order, as the page hands them over."""
    for name, value in changes:
        form = form.changed(t, name, value)
    return form


def parse(form: MatchForm, t: Translator = EN) -> ET.Element:
    """The form's markup read as XML (its void inputs closed, its boolean attributes given a value)."""
    return ET.fromstring(html_as_xml(new_match_markup(t, form)))


def chosen(root: ET.Element, name: str) -> list[str | None]:
    select = root.find(f".//select[@id='nm-{name}']")
    assert select is not None
    return [o.get("value") for o in select.iter("option") if o.get("selected") is not None]


# A preset fills in its game: Start begins exactly the preset's rules for
# the count chosen (Muggins with each count scored at once: the page does
# not yet ask a person for a claim; four players sit as partners, the usual).
FAMILY = [
    ("fives-and-threes", 2, Rules.preset("fives-and-threes", 2)),
    ("fives-and-threes", 4, Rules.preset("fives-and-threes", 4).with_options(partnerships=True)),
    ("muggins", 3, Rules.preset("muggins", 3).with_options(claims="scored")),
    ("sniff", 3, Rules.preset("sniff", 3)),
    ("computer", 2, Rules.preset("computer", 2)),
]


@pytest.mark.parametrize(("preset", "players", "rules"), FAMILY, ids=[f"{p}-{n}" for p, n, _ in FAMILY])
def test_a_preset_starts_its_game_for_the_count_chosen(preset: str, players: int, rules: Rules) -> None:
    form = filled(fresh(), ("preset", preset), ("players", str(players)))
    assert form.setup(EN).rules == rules
    form = filled(fresh(), ("players", str(players)), ("preset", preset))
    assert form.setup(EN).rules == rules


def test_all_fives_own_preset_after_a_family_game_brings_all_fives_back() -> None:
    form = filled(fresh(), ("preset", "fives-and-threes"), ("preset", "standard"))
    assert form.setup(EN).rules == Rules.preset("standard", 2)
    # "Your own choice" keeps the rules as they stand, the game's with them.
    form = filled(fresh(), ("preset", "sniff"), ("preset", ""), ("target", "150"))
    assert form.setup(EN).rules == Rules.preset("sniff", 2).with_options(target=150)


def test_each_field_typed_or_chosen_is_what_start_reads() -> None:
    form = filled(
        fresh(),
        ("players", "3"),
        ("name1", "Ann"),
        ("kind1", "person"),
        ("kind2", "hard"),
        ("hand_size", "4"),
        ("target", "100"),
        ("lead", "highest-double"),
        ("seed", "7"),
    )
    setup = form.setup(EN)
    assert setup == GameSetup(
        Rules(players=3, hand_size=4, target=100, lead="highest-double"),
        (SeatSetup("You"), SeatSetup("Ann", "person"), SeatSetup("Computer 3", "hard")),
        7,
    )


def test_a_count_of_players_renames_the_default_names_and_sits_partners_where_it_may() -> None:
    form = filled(fresh(), ("name2", "Cy"), ("players", "4"))
    assert form.names == ("You", "Computer 2", "Cy", "Computer 4")
    assert form.partnerships
    form = filled(form, ("partnerships", ""))
    assert not form.partnerships
    form = filled(form, ("players", "3"), ("partnerships", "checked"))
    assert not form.partnerships, "three players never sit as partners"


def test_a_value_no_field_holds_changes_nothing() -> None:
    form = fresh()
    for name, value in [("players", "9"), ("preset", "five-up"), ("name7", "Zed"), ("colour", "red")]:
        assert form.changed(EN, name, value) == form


def test_a_value_the_rules_refuse_is_said_in_the_players_words() -> None:
    form = filled(fresh(), ("preset", "fives-and-threes"), ("win", "hand-end"))
    with pytest.raises(RulesError) as refused:
        form.setup(EN)
    assert refused.value.code == "rules_exact_hand_end"
    said = refusal.reason(DE, refused.value)
    assert said == DE("why_rules_exact_hand_end")
    assert "hand-end" not in said
    with pytest.raises(RulesError) as refused:
        filled(fresh(), ("players", "4"), ("hand_size", "8")).setup(EN)
    assert refusal.reason(EN, refused.value) == "with 4 players each is dealt from 1 to 7 tiles"


def test_the_form_says_where_a_family_game_is_played_and_offers_its_own_rules() -> None:
    for game in GAMES:
        root = parse(filled(fresh(DE), ("preset", game), t=DE), DE)
        line = root.find(".//p[@id='nm-preset-line']")
        assert line is not None
        assert line.text == DE("preset_line_" + game.replace("-", "_"))
        preset = root.find(".//select[@id='nm-preset']")
        assert preset is not None
        assert preset.get("aria-describedby") == "nm-preset-line"
        assert chosen(root, "preset") == [game]
    root = parse(filled(fresh(), ("preset", "fives-and-threes")))
    assert chosen(root, "hand_end") == ["chip-out"]
    assert chosen(root, "lead") == ["rotate"]
    target = root.find(".//input[@id='nm-target']")
    assert target is not None
    assert (target.get("value"), target.get("step"), target.get("placeholder")) == ("61", "1", "61")
    # All Fives' own presets need no line; their form offers All Fives' own rules only.
    root = parse(filled(fresh(), ("preset", "computer")))
    assert root.find(".//p[@id='nm-preset-line']") is None
    hand_end = root.find(".//select[@id='nm-hand_end']")
    assert hand_end is not None
    assert [o.get("value") for o in hand_end.iter("option")] == ["subtract-own", "winner-takes"]


def test_the_form_draws_the_seats_in_play_and_partners_only_where_they_may_sit() -> None:
    root = parse(filled(fresh(), ("players", "3")))
    rows = root.findall(".//div[@class='seat-row']")
    assert [row.get("hidden") is None for row in rows] == [True, True, True, False]
    partners = root.find(".//input[@id='nm-partnerships']")
    assert partners is not None
    assert partners.get("disabled") is not None
    size = root.find(".//input[@id='nm-hand_size']")
    assert size is not None
    assert (size.get("max"), size.get("placeholder")) == ("9", "7")
    assert root.findtext(".//p[@id='nm-error']") == ""
    said = "These rules cannot be played."
    assert parse(fresh().refused(said)).findtext(".//p[@id='nm-error']") == said
