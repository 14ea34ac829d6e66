"""A refusal in a player's words (web/table/refusal.py).

The engine says each refusal twice: a precise line of English for developers
("seat 0's hand") and a code with its params (``allfives.refusal.Refused``).
The page says the code, in every language ("player 1's hand"), and reads no
English: a refusal without a code it knows is told as a damaged record.
One table per family of refusals: the deal, a move, the record and what
carries it (a save, a link, a history file).
"""

from __future__ import annotations

import ast
import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from allfives import Deal, Match, Move, Rules
from allfives.daily import DailyError
from allfives.record import RecordError, from_record, loads, to_record
from allfives.refusal import Refused

from game.history.model import read_file
from replay.frames import ReaderTranslator
from table.game import Game, decode_link
from table.i18n import LANGUAGES, Translator, catalogue
from table.refusal import CODES, reason

EN = Translator("en")
DE = Translator("de")
ROOT = Path(__file__).resolve().parents[2]


def _record(
    rules: Rules | None = None,
    deal: list[list[str]] | None = None,
    moves: tuple[str, ...] = ("5-5",),
    leader: int | None = 0,
) -> Any:
    """A record of one hand: Ann holds 5-5, 5-2 and 5-4, Ben 5-3, 5-6 and 1-0."""
    match = Match(rules or Rules(hand_size=3))
    match.start_hand(Deal.from_text(deal or [["5-5", "5-2", "5-4"], ["5-3", "5-6", "1-0"]], leader=leader))
    for move in moves:
        match.play(Move.parse(move))
    return to_record(match)


def _refusal(record: object) -> RecordError:
    with pytest.raises(RecordError) as refused:
        from_record(record)
    return refused.value


def _refused(read: Callable[[], object]) -> Refused:
    with pytest.raises(Refused) as refused:
        read()
    return refused.value


# The deal


def _dealt_twice() -> Any:
    record = _record()
    record["hands"][0]["deal"][0][2] = record["hands"][0]["boneyard"][0]
    return record


def _dealt_short() -> Any:
    record = _record()
    record["hands"][0]["boneyard"].append(record["hands"][0]["deal"][0].pop())
    return record


def _one_hand_dealt() -> Any:
    record = _record()
    record["hands"][0]["boneyard"] += record["hands"][0]["deal"].pop()
    return record


def _tile_missing() -> Any:
    record = _record()
    record["hands"][0]["boneyard"].remove("6-6")
    return record


def _wrong_leader() -> Any:
    deal = [["5-3", "5-6", "1-0"], ["5-5", "5-2", "5-4"]]
    record = _record(Rules(hand_size=3, lead="highest-double"), deal, (), leader=None)
    record["hands"][0]["leader"] = 0  # the highest double, 5-5, is seat 1's
    return record


def _no_leader() -> Any:
    record = _record()
    record["hands"][0]["leader"] = 7
    return record


DEALS = {
    "a tile dealt twice": (
        _dealt_twice,
        "hand 1: 0-0 is dealt twice: in player 1's hand and in the boneyard",
        "Runde 1: 0-0 wurde doppelt ausgeteilt: in der Hand von Spieler 1 und im Vorrat",
    ),
    "a hand dealt short": (
        _dealt_short,
        "hand 1: player 1 is dealt 2 tiles, but the rules deal 3",
        "Runde 1: Spieler 1 bekommt 2 Steine, die Regeln teilen aber 3 aus",
    ),
    "a deal for too few players": (
        _one_hand_dealt,
        "hand 1: the deal has 1 hand for 2 players",
        "Runde 1: die Verteilung hat 1 Hand für 2 Spieler",
    ),
    "a tile never dealt": (
        _tile_missing,
        "hand 1: these tiles are not dealt at all: 6-6",
        "Runde 1: diese Steine wurden gar nicht ausgeteilt: 6-6",
    ),
    "a leader the rules did not choose": (
        _wrong_leader,
        "hand 1: by the rules player 2 leads this hand, not player 1",
        "Runde 1: nach den Regeln spielt Spieler 2 diese Runde aus, nicht Spieler 1",
    ),
    "a leader who is no seat": (
        _no_leader,
        "hand 1: the record does not say who leads this hand",
        "Runde 1: die Aufzeichnung sagt nicht, wer diese Runde ausspielt",
    ),
}


@pytest.mark.parametrize("case", list(DEALS))
def test_a_deal_the_rules_refuse_is_told_in_the_players_words_in_german_too(case: str) -> None:
    make, english, german = DEALS[case]
    refused = _refusal(make())
    assert (reason(EN, refused), reason(DE, refused)) == (english, german)


def test_the_engine_names_seats_from_0_the_page_players_from_1() -> None:
    refused = _refusal(_dealt_twice())
    assert str(refused) == "hand 1: 0-0 is in seat 0's hand and again in the boneyard"
    assert (refused.code, dict(refused.params)) == ("dealt_twice", {"tile": "0-0", "first": 0, "second": "boneyard"})
    assert reason(EN, refused).startswith("hand 1: 0-0 is dealt twice: in player 1's hand")


# A move


def _moved(*moves: str) -> Callable[[], Any]:
    """A record of the first hand written with ``moves``."""

    def record() -> Any:
        written = _record(moves=())
        written["hands"][0]["moves"] = list(moves)
        return written

    return record


def _claimed(*moves: str) -> Callable[[], Any]:
    """A record of the first hand under Muggins' claims, written with ``moves``."""

    def record() -> Any:
        written = _record(Rules(hand_size=3, claims="called"), moves=())
        written["hands"][0]["moves"] = list(moves)
        return written

    return record


ONE_TILE = Rules(hand_size=1, target=100)
WON_AT_ONCE = Rules(hand_size=1, target=5)


def _one_tile(*moves: str, rules: Rules = ONE_TILE) -> Any:
    record = _record(rules, [["5-5"], ["5-0"]], ())
    record["hands"][0]["moves"] = list(moves)
    return record


def _second_hand(record: Any) -> Any:
    record["hands"].append(copy.deepcopy(record["hands"][0]) | {"moves": []})
    return record


MOVES = {
    "a tile the player does not hold": (
        _moved("5-5", "5-2 E"),  # Ann's tile, but it is Ben's turn
        "hand 1, move 2 (5-2 E): player 2 does not hold 5-2",
        "Runde 1, Zug 2 (5-2 E): Spieler 2 hat 5-2 nicht auf der Hand",
    ),
    "a tile that fits no open end": (
        _moved("5-5", "1-0 E"),
        "hand 1, move 2 (1-0 E): 1-0 does not fit any open end",
        "Runde 1, Zug 2 (1-0 E): 1-0 passt an kein offenes Ende",
    ),
    "a tile on an end it does not fit": (
        _moved("5-5", "5-3 E", "5-2 E"),
        "hand 1, move 3 (5-2 E): 5-2 does not fit the East end",
        "Runde 1, Zug 3 (5-2 E): 5-2 passt nicht an das Ende Ost",
    ),
    "an end that is not open": (
        _moved("5-5", "5-3 N"),  # the spinner's North opens once both sides are covered
        "hand 1, move 2 (5-3 N): the North end is not open",
        "Runde 1, Zug 2 (5-3 N): das Ende Nord ist nicht offen",
    ),
    "a tile that fits two ends, written without one": (
        _moved("5-5", "5-3"),
        "hand 1, move 2 (5-3): 5-3 fits more than one end, and the record does not say which",
        "Runde 1, Zug 2 (5-3): 5-3 passt an mehr als ein Ende, und die Aufzeichnung sagt nicht, an welches",
    ),
    "a lead other than the highest double": (
        lambda: (
            _record(Rules(hand_size=3, lead="highest-double"), moves=(), leader=None) | {"hands": [_forced_lead_hand()]}
        ),
        "hand 1, move 1 (5-2): this hand must be led with 5-5",
        "Runde 1, Zug 1 (5-2): diese Runde muss mit 5-5 eröffnet werden",
    ),
    "a lead written with an end": (
        _moved("5-5 W"),
        "hand 1, move 1 (5-5 W): the first tile of a hand is written without an end",
        "Runde 1, Zug 1 (5-5 W): der erste Stein einer Runde wird ohne Ende geschrieben",
    ),
    "a move after the hand is over": (
        lambda: _one_tile("5-5", "5-0 E"),
        "hand 1, move 2 (5-0 E): the hand is already over",
        "Runde 1, Zug 2 (5-0 E): die Runde ist schon vorbei",
    ),
    "a move after the match is won": (
        lambda: _one_tile("5-5", "5-0 E", rules=WON_AT_ONCE),
        "hand 1, move 2 (5-0 E): the match was already won",
        "Runde 1, Zug 2 (5-0 E): die Partie war schon gewonnen",
    ),
    "a hand after the match is won": (
        lambda: _second_hand(_one_tile("5-5", rules=WON_AT_ONCE)),
        "hand 2: the match was already won",
        "Runde 2: die Partie war schon gewonnen",
    ),
    "a hand dealt before the last is over": (
        lambda: _second_hand(_record(moves=())),
        "hand 2: hand 1 is not over yet",
        "Runde 2: Runde 1 ist noch nicht vorbei",
    ),
    # Muggins' claims: a count claimed, then each opponent may call on it
    "a tile played before its count is claimed": (
        _claimed("5-5", "5-3 E"),
        "hand 1, move 2 (5-3 E): player 1 is to claim the count of their play first",
        "Runde 1, Zug 2 (5-3 E): Spieler 1 muss zuerst die Punkte seines Zugs ansagen",
    ),
    "a claim with nothing to claim": (
        _claimed("claim 10"),
        "hand 1, move 1 (claim 10): there is no count to claim and no claim to call: player 1 is to play",
        "Runde 1, Zug 1 (claim 10): es gibt keine Punkte anzusagen und keine Ansage anzufechten: Spieler 1 ist am Zug",
    ),
    "a claim no count can be": (
        _claimed("5-5", "claim 7"),
        "hand 1, move 2 (claim 7): every count is a multiple of 5: 7 is not",
        "Runde 1, Zug 2 (claim 7): jede Punktzahl ist ein Vielfaches von 5: 7 ist es nicht",
    ),
    "a tile played before the call on a wrong claim": (
        _claimed("5-5", "claim 5", "5-3 E"),
        "hand 1, move 3 (5-3 E): player 2 is to call Muggins or let the claim pass first",
        "Runde 1, Zug 3 (5-3 E): Spieler 2 muss zuerst „Muggins“ rufen oder die Ansage durchgehen lassen",
    ),
}


def _forced_lead_hand() -> Any:
    hand = _record(Rules(hand_size=3, lead="highest-double"), moves=(), leader=None)["hands"][0]
    return hand | {"moves": ["5-2"]}


@pytest.mark.parametrize("case", list(MOVES))
def test_a_move_the_rules_refuse_is_told_in_the_players_words_in_german_too(case: str) -> None:
    make, english, german = MOVES[case]
    refused = _refusal(make())
    assert (reason(EN, refused), reason(DE, refused)) == (english, german)


def test_a_move_refused_at_the_table_says_why_without_a_place_in_a_record() -> None:
    game = Game.from_record_data(_record())
    refused = _refused(lambda: game.play(Move.parse("5-2 E")))
    assert str(refused) == "seat 1 does not hold 5-2"
    assert reason(EN, refused) == "player 2 does not hold 5-2"
    assert reason(DE, refused) == "Spieler 2 hat 5-2 nicht auf der Hand"


def test_a_claim_or_call_refused_at_the_table_names_whose_step_it_is() -> None:
    match = Match(Rules(hand_size=3, claims="called"))
    match.start_hand(Deal.from_text([["5-5", "5-2", "5-4"], ["5-3", "5-6", "1-0"]], leader=0))
    match.play(Move.parse("5-5"))
    refused = _refused(lambda: match.claim(1, 10))
    assert (refused.code, reason(EN, refused)) == (
        "not_your_claim",
        "only player 1, who made the play, claims its count",
    )
    match.claim(0, 5)
    refused = _refused(lambda: match.call(0))
    assert reason(EN, refused) == "it is player 2's turn to call Muggins or let the claim pass"
    assert reason(DE, refused) == "Spieler 2 ist dran, „Muggins“ zu rufen oder die Ansage durchgehen zu lassen"


# The record, and what carries it: a save, a link, a history file


def _players_for(count: int) -> Any:
    return _record() | {"meta": {"setup": {"rules": {"players": 3}, "seats": [{"name": "A"}] * count}}}


CARRIERS: dict[str, tuple[Callable[[], object], str, str]] = {
    "a file that is not JSON": (
        lambda: loads("{"),
        "it is not a game record (it is not JSON)",
        "das ist keine Spielaufzeichnung (kein JSON)",
    ),
    "JSON that is no record": (
        lambda: from_record([1, 2]),
        "it is not an All Fives game record",
        "das ist keine Aufzeichnung von All Fives",
    ),
    "a record of a newer version": (
        lambda: from_record(_record() | {"version": 9}),
        "it comes from a newer version of All Fives (version 9)",
        "sie stammt aus einer neueren Version von All Fives (Version 9)",
    ),
    "rules no table plays by": (
        lambda: from_record(_record() | {"rules": {"players": 9}}),
        "this game cannot play by the record's rules",
        "nach den Regeln der Aufzeichnung kann dieses Spiel nicht spielen",
    ),
    "a move written wrong": (
        lambda: from_record(_moved("5-5", "5-3 E W")()),
        "hand 1, move 2 (5-3 E W): a move is not written the way this game writes moves",
        "Runde 1, Zug 2 (5-3 E W): ein Zug ist nicht so geschrieben, wie dieses Spiel Züge schreibt",
    ),
    "a tile written wrong": (
        lambda: from_record(_record() | {"hands": [_record()["hands"][0] | {"boneyard": ["7-7"]}]}),
        "hand 1: a tile is not written the way this game writes tiles",
        "Runde 1: ein Stein ist nicht so geschrieben, wie dieses Spiel Steine schreibt",
    ),
    "a saved game naming too few players": (
        lambda: Game.from_record_data(_players_for(1)),
        "the players it names do not fit its rules, which are for 3 players",
        "die genannten Spieler passen nicht zu den Regeln, die für 3 Spieler gelten",
    ),
    "a saved game whose players cannot be read": (
        lambda: Game.from_record_data(_record() | {"meta": {"setup": {"rules": {}, "seats": [1, 2]}}}),
        "the players it names cannot be read",
        "die genannten Spieler lassen sich nicht lesen",
    ),
    "a save that is not JSON": (
        lambda: Game.load_text("{"),
        "it is not a game record (it is not JSON)",
        "das ist keine Spielaufzeichnung (kein JSON)",
    ),
    "a link too long": (
        lambda: decode_link("a" * 20_001),
        "it is too long to be a game link",
        "er ist zu lang für einen Spiel-Link",
    ),
    "a damaged link": (
        lambda: decode_link("!!!"),
        "it is damaged and holds no game",
        "er ist beschädigt und enthält kein Spiel",
    ),
}


@pytest.mark.parametrize("case", list(CARRIERS))
def test_a_record_save_or_link_refused_is_told_in_the_players_words_in_german_too(case: str) -> None:
    read, english, german = CARRIERS[case]
    refused = _refused(read)
    assert (reason(EN, refused), reason(DE, refused)) == (english, german)


HISTORY_FILES = {
    "an empty file": ("", "the file is empty", "die Datei ist leer"),
    "a file too big": (
        "x" * 20_000_001,
        "the file is too big to be a history",
        "die Datei ist zu groß für einen Verlauf",
    ),
    "a line that is not JSON": (
        "}{\n[]",
        "it is not a game record (it is not JSON)",
        "das ist keine Spielaufzeichnung (kein JSON)",
    ),
    "JSON that is neither": (
        "[1, 2]",
        "it is neither a match record nor a line of a history",
        "das ist weder eine Spielaufzeichnung noch eine Zeile eines Verlaufs",
    ),
    "a record with a broken move": (
        json.dumps(_moved("5-5", "1-0 E")()),
        "hand 1, move 2 (1-0 E): 1-0 does not fit any open end",
        "Runde 1, Zug 2 (1-0 E): 1-0 passt an kein offenes Ende",
    ),
}


@pytest.mark.parametrize("case", list(HISTORY_FILES))
def test_a_history_file_refused_is_told_in_the_players_words_in_german_too(case: str) -> None:
    text, english, german = HISTORY_FILES[case]
    kept, refused = read_file(text)
    assert kept == []
    assert (reason(EN, refused[0].error), reason(DE, refused[0].error)) == (english, german)


# What the page does not know


def test_a_refusal_without_a_code_it_knows_is_told_as_damage_never_in_english() -> None:
    damaged = "the record is damaged, or was not made by this game"
    assert str(_refusal(_record() | {"version": 0})) == "there is no record version 0"
    assert reason(EN, _refusal(_record() | {"version": 0})) == damaged
    assert reason(EN, ValueError("it is not your turn")) == damaged
    assert reason(EN, Refused("the moon is not a tile", "moon")) == damaged
    assert reason(EN, Refused("seat 0 does not hold it", "not_held")) == damaged, "a param missing"
    assert reason(EN, Refused("seat 10**20", "not_held", {"seat": 10**20, "tile": "5-3"})) == damaged
    where = _refusal(_record() | {"hands": [{"deal": "nothing"}]})
    assert reason(EN, where) == "hand 1: " + damaged


@given(
    code=st.one_of(st.sampled_from(sorted(CODES)), st.text(max_size=20)),
    params=st.dictionaries(
        st.sampled_from(["seat", "other", "tile", "end", "first", "second", "count", "hand", "version", "x"]),
        st.one_of(st.integers(), st.text(max_size=20), st.none()),
    ),
    message=st.text(max_size=200),
)
def test_any_refusal_comes_out_as_a_sentence_whatever_its_english(
    code: str, params: dict[str, object], message: str
) -> None:
    said = reason(EN, Refused(message, code, params))
    assert said
    assert "why_" not in said
    assert said == reason(EN, Refused("", code, params)), "the engine's English is never read"


@pytest.mark.parametrize("language", sorted(LANGUAGES))
@pytest.mark.parametrize("case", sorted(DEALS) + sorted(MOVES))
def test_every_language_says_it_in_its_own_words(language: str, case: str) -> None:
    refused = _refusal(({**DEALS, **MOVES})[case][0]())
    for say in (Translator(language), ReaderTranslator(language)):
        said = reason(say, refused)
        assert "seat" not in said
        assert "why_" not in said, "every key is in the catalogue"
        if language != "en":
            assert said != reason(EN, refused)


@pytest.mark.parametrize("language", list(LANGUAGES))
@pytest.mark.parametrize("link", ["!!!", "a" * 20_001])
def test_a_broken_link_is_told_in_one_sentence_with_one_colon(language: str, link: str) -> None:
    # "The link could not be opened: the link is damaged: it does not hold
    # a game." said the link twice, with a colon inside a colon.
    t = Translator(language)
    said = t("link_broken", reason=reason(t, _refused(lambda: decode_link(link))))
    assert said.count(":") == 1, said


# Every code the engine and the page raise is said in every language


#: The refusals whose codes the player meets through table.refusal; a daily
#: date's refusal is said by its kind, with the dates it names (game.daily.words).
_SAID_ELSEWHERE = {DailyError.__name__}


def _refusal_classes() -> set[str]:
    """The names of every refusal class (the modules that define them are imported above)."""
    found, todo = {Refused.__name__}, [Refused]
    while todo:
        for sub in todo.pop().__subclasses__():
            found.add(sub.__name__)
            todo.append(sub)
    return found - _SAID_ELSEWHERE


def raised_codes() -> dict[str, list[str]]:
    """Every code written at a refusal in allfives/ and web/ (its second
    argument, or ``code=``), and where: read from the syntax tree."""
    classes = _refusal_classes()
    codes: dict[str, list[str]] = {}
    for path in sorted([*(ROOT / "allfives").rglob("*.py"), *(ROOT / "web").rglob("*.py")]):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", None)
            if name not in classes:
                continue
            written = [*node.args[1:2], *(k.value for k in node.keywords if k.arg == "code")]
            for arg in written:
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    codes.setdefault(arg.value, []).append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return codes


def test_every_code_raised_is_one_the_page_says_in_all_five_languages() -> None:
    codes = raised_codes()
    assert {"dealt_twice", "not_held", "not_json", "link_damaged", "file_empty"} <= codes.keys(), "the scan finds them"
    unknown = {code: where for code, where in codes.items() if code not in CODES}
    assert not unknown, f"raised, but the page does not say them: {unknown}"
    assert not CODES - codes.keys(), "the page says no code nothing raises"
    for language in LANGUAGES:
        messages = catalogue(language)
        missing = sorted(f"why_{code}" for code in CODES if f"why_{code}" not in messages)
        assert not missing, f"{language} lacks {missing}"
