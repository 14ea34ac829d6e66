"""The game page's words and tables (web/game/words.py) on CPython: what the log
says, what the page asks, and what the New
match form offers and refuses."""

import re
from pathlib import Path

import pytest
from helpers import computer_move, layout_after

from allfives import Deal, Drew, Event, HandEnded, HandStarted, Move, Passed, Played, Rules, RulesError, tile
from allfives.rules import OPTION_RANGES

from game.words import (
    default_name,
    describe,
    ends_line,
    form_choices,
    hand_line,
    hint_note,
    opponent_card,
    prompt,
    read_out,
    read_setup,
    renamed_default,
    score_sheet_rows,
    target_note,
    tile_label,
    undo_note,
    undone,
)
from table.game import Game, GameSetup, SeatSetup
from table.i18n import Translator

EN = Translator("en")
WEB = Path(__file__).parents[2] / "web"


def game_of(rules: Rules, *names: str) -> Game:
    seats = tuple(SeatSetup(n) if n != "Computer" else SeatSetup(n, "easy") for n in names)
    return Game(GameSetup(rules, seats, seed=3))


ANN_BEN = game_of(Rules(), "Ann", "Ben")
FOUR = game_of(Rules(players=4), "Ann", "Ben", "Cat", "Dan")


LOG = [
    (HandStarted(1, 1), None, "Hand 1: Ben leads."),
    (Played(0, Move.parse("5-5"), 10, 10, (10, 0)), None, "Ann: 5-5, the ends count 10. +10!"),
    (Drew(1, tile("6-6")), 1, "Ben: cannot play, draws 6-6."),
    (Drew(1, tile("6-6")), 0, "Ben: cannot play, draws a tile."),
    (Passed(0), None, "Ann: cannot play, passes."),
    (HandEnded(1, "blocked", None, (1, 2), (-5, -5), (5, -5)), None, "Nobody can play: the hand is blocked."),
]


@pytest.mark.parametrize(("event", "viewer", "line"), LOG)
def test_the_log_says_what_happened_and_shows_a_drawn_tile_only_to_its_owner(
    event: Event, viewer: int | None, line: str
) -> None:
    assert describe(EN, ANN_BEN, event, viewer) == line


def test_the_prompt_and_the_tile_labels_come_from_the_seat_view() -> None:
    game = game_of(Rules(), "You", "Computer")
    game.start()
    while game.computer_to_move:
        game.match.play(computer_move(game))
    seen = game.view(0)
    leading = seen.layout.is_empty
    said = prompt(EN, game, visible=True, selected=None, leading=leading)
    assert said == ("You lead: play any tile." if leading else "Your turn: choose a tile.")
    assert prompt(EN, game, visible=False, selected=None, leading=leading) == "Pass the device to You"


def test_a_tile_label_names_the_ends_and_the_most_it_scores() -> None:
    # 5-0 on either side of the 5-5 lead: the blank end counts 0 and the
    # spinner, one side still open, both its halves: 10.
    game = game_of(Rules(hand_size=3), "Ann", "Ben")
    game.match.start_hand(Deal.from_text([["5-5", "5-2", "5-1"], ["5-3", "5-0", "6-6"]], leader=0))
    game.match.play(Move.parse("5-5"))
    seen = game.view(1)
    moves = [m for m in seen.legal_moves if m.tile is tile("5-0")]
    assert tile_label(EN, seen, tile("5-0"), moves) == "five-blank, fits West and East, scores up to 10"
    assert tile_label(EN, seen, tile("6-6"), []) == EN("tile_cannot_play", tile="double six")


def test_the_form_offers_what_the_rules_accept() -> None:
    choices = form_choices(EN)
    assert [v for v, _ in choices["players"]] == [str(n) for n in OPTION_RANGES.players]
    for name in ("hand_end", "lead", "win"):
        assert tuple(v for v, _ in choices[name]) == getattr(OPTION_RANGES, name)
    assert all(label for values in choices.values() for _, label in values)


FORM = {
    "players": "2",
    "hand_end": "subtract-own",
    "lead": "random",
    "win": "immediate",
    "name0": "Ann",
    "kind0": "person",
}


def test_the_form_reads_a_setup() -> None:
    setup = read_setup(EN, {**FORM, "kind1": "easy", "target": "100", "seed": "7"}, partnerships=False)
    assert setup.rules == Rules(target=100)
    assert [s.name for s in setup.seats] == ["Ann", "Player 2"]
    assert setup.seed == 7


@pytest.mark.parametrize(
    ("changes", "error", "message"),
    [
        ({"hand_size": "ten"}, ValueError, "Tiles each must be a whole number."),
        ({"hand_size": "15"}, RulesError, "hand_size must be a whole number from 1 to 14"),
        ({"win": "never"}, RulesError, "win must be one of immediate, hand-end"),
    ],
)
def test_the_form_refuses_what_the_rules_refuse(changes: dict[str, str], error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        read_setup(EN, {**FORM, **changes}, partnerships=False)


def test_the_score_sheet_says_each_score_and_how_it_came_in_words() -> None:
    # Once "+0 = 0" and "+45 +0 = 45": now the score, then what play and
    # the hand's end brought, in words.
    game = game_of(Rules(hand_size=3), "Ann", "Computer")
    game.start()
    assert score_sheet_rows(EN, game) == [("1", "0 (0 in play so far)", "0 (0 in play so far)")]
    while not game.match.needs_deal:
        game.match.play(game.match.legal_moves()[0])
    (row,) = game.score_sheet()
    assert row.change is not None
    (cells,) = score_sheet_rows(EN, game)
    for side, cell in enumerate(cells[1:]):
        change = row.change[side]
        sign = "+" if change > 0 else ""
        assert cell == f"{row.scores[side]} ({row.play[side]} in play, {sign}{change} at the end)"
    assert not any("=" in cell for cell in cells)


def test_no_module_of_the_page_is_over_700_lines() -> None:
    # The language catalogues aside: one message a line.
    long = {
        path.relative_to(WEB).as_posix(): n
        for path in WEB.rglob("*.py")
        if path.parent.name != "lang" and (n := len(path.read_text().splitlines())) > 700
    }
    assert long == {}


# The one person, under the default name, is spoken to: "You draw", never "You draws".

YOU_LOG = [
    (HandStarted(1, 0), None, "Hand 1: you lead."),
    (Drew(0, tile("6-6")), 0, "You cannot play: you draw 6-6."),
    (Drew(0, tile("6-6")), 1, "You cannot play: you draw a tile."),
    (Passed(0), None, "You cannot play: you pass."),
    (HandEnded(1, "domino", 0, (0, 2), (0, 0), (0, 0)), None, "You are out: domino!"),
    (Passed(1), None, "Computer: cannot play, passes."),
]


@pytest.mark.parametrize(("event", "viewer", "line"), YOU_LOG)
def test_the_log_speaks_to_you_in_the_second_person(event: Event, viewer: int | None, line: str) -> None:
    assert describe(EN, game_of(Rules(), "You", "Computer"), event, viewer) == line


@pytest.mark.parametrize("code", ["en", "de", "hu", "gl", "lb"])
def test_every_language_has_a_second_person_line_for_you(code: str) -> None:
    t = Translator(code)
    game = game_of(Rules(), t("you"), "Computer")
    end = HandEnded(1, "domino", 0, (0, 2), (0, 0), (0, 0))
    assert describe(t, game, Passed(0), None) == t("log_pass_you")
    assert hand_line(t, game, end) == t("hand_domino_you")
    assert describe(t, game, Passed(1), None) == t("log_pass", name="Computer")


def test_undo_says_why_it_is_off_when_another_person_has_moved_since() -> None:
    game = game_of(Rules(), "Ann", "Bo")
    game.start()
    assert undo_note(EN, game) == ""
    mover = game.to_move
    assert mover is not None
    game.play(game.match.legal_moves()[0])
    name = game.seats[mover].name
    assert undo_note(EN, game) == f"Undo takes back only your own moves: {name} has moved since."
    assert undo_note(EN, game_of(Rules(), "You", "Computer")) == ""


def test_once_the_match_is_over_hint_and_undo_say_why_they_are_off() -> None:
    game = game_of(Rules(hand_size=3, target=5), "You", "Computer")
    assert (undo_note(EN, game), hint_note(EN, game)) == ("", "")
    while not game.match.is_over:
        if game.match.needs_deal:
            game.start()
        else:
            game.match.play(game.match.legal_moves()[0])
    assert undo_note(EN, game) == "The match is over: its result stands."
    assert hint_note(EN, game) == "No hint: the match is over."


def test_an_undo_into_the_hand_before_says_that_hand_is_in_play_again() -> None:
    # Issue 44, item 6: Undo at the start of hand 2 reopened hand 1 without a word.
    game = game_of(Rules(hand_size=3), "You", "Computer")
    game.start()
    while game.hands_dealt < 2 or not game.person_to_move:
        if game.needs_deal:
            game.start()
        elif game.computer_to_move:
            game.match.play(computer_move(game))
        else:
            game.play(game.match.legal_moves()[0])
    hands = game.hands_dealt
    assert 0 not in game.match.seats_moved(hands - 1), "you have not moved in this hand yet"
    assert game.undo()
    assert game.hands_dealt == hands - 1
    said = undone(EN, game, hands)
    assert said == f"Your last move was taken back: it was in hand {hands - 1}, which is in play again."
    game.play(game.match.legal_moves()[0])
    assert game.undo()
    assert undone(EN, game, game.hands_dealt) == "Your last move was taken back."


def test_r_reads_the_hand_in_the_order_the_screen_shows_it() -> None:
    # The screen lays the hand out highest first; the deal's own order is
    # another, and R once read that one.
    game = game_of(Rules(), "You", "Computer")
    game.start()
    seen = game.view(0)
    shown = sorted(seen.hand, key=lambda t: (t.high, t.low), reverse=True)
    assert list(seen.hand) != shown, "a deal whose order is not the screen's"
    said = read_out(EN, game, seen, "Ends: none.", visible=True)
    hand = ", ".join(EN.tile(t) for t in shown)
    assert said == f"Ends: none. Your hand: {hand}. Scores: You 0; Computer 0."
    assert "Your hand" not in read_out(EN, game, seen, "Ends: none.", visible=False)


@pytest.mark.parametrize(
    ("score", "target", "said"),
    [(0, 250, "of 250"), (45, 50, "of 50"), (50, 50, "target 50 reached"), (55, 50, "target 50 reached")],
)
def test_a_score_card_says_of_the_target_until_it_is_reached(score: int, target: int, said: str) -> None:
    assert target_note(EN, score, target) == said


# Every seat has a name of its own until the player types one.


@pytest.mark.parametrize("code", ["en", "de", "hu", "gl", "lb"])
@pytest.mark.parametrize("players", OPTION_RANGES.players)
def test_every_seat_has_a_distinct_default_name(code: str, players: int) -> None:
    t = Translator(code)
    names = [default_name(t, seat, players) for seat in range(players)]
    assert names[0] == t("you")
    assert len(set(names)) == players, names


def test_a_default_name_follows_the_count_and_a_typed_one_stays() -> None:
    assert [default_name(EN, s, 2) for s in range(2)] == ["You", "Computer"]
    assert [default_name(EN, s, 4) for s in range(4)] == ["You", "Computer 2", "Computer 3", "Computer 4"]
    assert renamed_default(EN, "Computer", 1, 3) == "Computer 2"
    assert renamed_default(EN, "Computer 2", 1, 2) == "Computer"
    assert renamed_default(EN, "Bo", 1, 3) == "Bo"
    assert renamed_default(EN, "You", 0, 4) == "You"


# The ends line says what each end counts: a double at an end counts both
# halves, an empty spinner arm takes a tile but counts nothing yet.
ENDS_LINES = [
    ([], "The table is empty."),
    (["6-4"], "Ends: West 6, East 4. The ends count 10."),
    (["1-0", "1-1 W"], "Ends: West 1-1 counts 2, East 0. The ends count 2."),
    (["5-5"], "Ends: West 5-5 counts 10, East 5 (the same double). The ends count 10."),
    (
        ["5-5", "5-3 E", "5-3 W"],
        "Ends: West 3, East 3, North 5 (not counting yet), South 5 (not counting yet). The ends count 6.",
    ),
    (
        ["5-5", "5-3 E", "5-3 W", "5-6 N"],
        "Ends: West 3, East 3, North 6, South 5 (not counting yet). The ends count 12.",
    ),
]


@pytest.mark.parametrize(("moves", "line"), ENDS_LINES, ids=[" ".join(m) or "empty" for m, _ in ENDS_LINES])
def test_the_ends_line_says_what_each_end_counts(moves: list[str], line: str) -> None:
    assert ends_line(EN, layout_after(*moves)) == line


@pytest.mark.parametrize("code", ["de", "hu", "gl", "lb"])
def test_the_ends_line_is_said_in_every_language(code: str) -> None:
    t = Translator(code)
    line = ends_line(t, layout_after("5-5", "5-3 E", "5-3 W"))
    assert "not counting" not in line
    assert t("end_N") in line
    assert ends_line(t, layout_after("1-0", "1-1 W")) != ends_line(t, layout_after("1-0", "1-2 W"))


def test_an_opponents_card_reads_as_one_line() -> None:
    assert opponent_card(EN, "Ben", [], 6, "") == "Ben: 6 tiles in hand"
    assert opponent_card(EN, "Ben", ["Medium"], 1, "drew a tile") == "Ben (Medium): 1 tile in hand, drew a tile"
    assert opponent_card(EN, "Cat", ["Hard", "partner"], 5, "") == "Cat (Hard, partner): 5 tiles in hand"
    assert opponent_card(Translator("de"), "Ben", [], 6, "") == "Ben: 6 Steine auf der Hand"


@pytest.mark.parametrize("code", ["en", "de", "gl", "hu", "lb"])
def test_a_touch_screen_is_asked_to_tap_never_to_press_a_key(code: str) -> None:
    t = Translator(code)
    game = game_of(Rules(), "You", "Computer")
    game.start()
    while game.computer_to_move:
        game.match.play(computer_move(game))
    said = prompt(t, game, visible=True, selected=tile("5-3"), leading=False, touch=True)
    assert "5-3" in said
    assert re.search(r"\bEsc(ape)?\b", said) is None, said
    assert said != prompt(t, game, visible=True, selected=tile("5-3"), leading=False)
