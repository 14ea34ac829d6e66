"""What the page shows while a move's events land (web/game/landing.py) on CPython:
the table before the draws still to come, the hands left once a hand is over
(from the engine's view), the header's line, and whether New match must ask."""

from __future__ import annotations

from allfives import Deal, Drew, HandEnded, Move, Rules, tile
from allfives.tiles import TILES
from allfives.view import view_of

from game.landing import draw_status, hands_left_label, pips_left, staged, turn_status
from table.game import Game, GameSetup, SeatSetup
from table.i18n import Translator

EN = Translator("en")
DE = Translator("de")


def scripted(*names: str, kinds: tuple[str, ...] = ("person", "easy")) -> Game:
    """The first seat leads 5-5 against a hand of sixes: the second cannot
    play and draws from a boneyard whose first tiles are 6-1 and 5-1."""
    rules = Rules(players=2, hand_size=2)
    game = Game(GameSetup(rules, tuple(SeatSetup(n, k) for n, k in zip(names, kinds, strict=True)), seed=1))
    hands = [["5-5", "4-3"], ["6-6", "6-4"]]
    first = ["6-1", "5-1"]
    rest = [str(t) for t in TILES if str(t) not in {*hands[0], *hands[1], *first}]
    game.match.start_hand(Deal.from_text(hands, first + rest, leader=0))
    return game


def test_the_draws_still_to_come_are_back_in_the_boneyard_until_they_land() -> None:
    game = scripted("You", "Computer")
    events = game.play(Move.parse("5-5"))
    draws = [e for e in events if isinstance(e, Drew)]
    assert [str(d.tile) for d in draws] == ["6-1", "5-1"]  # the engine drew both at once
    seen = view_of(game.match, 1)
    before = staged(seen, draws, reveal=True)
    assert before.hand == (tile("6-6"), tile("6-4"))
    assert before.hand_sizes == (1, 2)
    assert before.boneyard_size == seen.boneyard_size + 2
    assert before.legal_moves == ()  # nobody moves while tiles are still arriving
    one_in = staged(seen, draws[1:], reveal=True)
    assert one_in.hand == (tile("6-6"), tile("6-4"), tile("6-1"))
    assert staged(seen, [], reveal=True) is seen
    # Another seat's draws: only its count and the boneyard change.
    mine = staged(view_of(game.match, 0), draws, reveal=True)
    assert mine.hand_sizes == (1, 2)
    assert mine.hand == (tile("4-3"),)


def test_the_hands_left_are_in_the_view_once_the_hand_is_over_and_only_then() -> None:
    game = scripted("You", "Computer")
    match = game.match
    assert view_of(match, 0).shown == ()
    while not match.needs_deal:
        match.play(match.legal_moves()[0])
        if not match.needs_deal:
            assert view_of(match, 0).shown == ()
    seen = view_of(match, 0)
    assert match.hand is not None
    assert seen.shown == tuple(tuple(h) for h in match.hand.hands)
    assert staged(seen, [], reveal=False).shown == ()  # held back while the last tile lands
    end = next(e for e in reversed(match.log) if isinstance(e, HandEnded))
    assert pips_left(EN, end, 1) == f"{end.pips[1]} pips left"
    assert pips_left(EN, None, 1) == ""


def test_the_header_says_whose_turn_it_is_in_the_players_words() -> None:
    game = scripted("You", "Computer")
    assert turn_status(EN, game) == "Your turn"
    assert turn_status(DE, scripted("Du", "Computer")) == "Du bist am Zug"
    game.play(Move.parse("5-5"))
    assert turn_status(EN, game) == "Computer to play"
    hot = scripted("Ann", "Bo", kinds=("person", "person"))
    assert turn_status(EN, hot) == "Ann to play"
    assert draw_status(EN, hot, 1, 1) == "Bo cannot play: draws 1 tile"
    assert draw_status(EN, game, 0, 3) == "You cannot play: you draw 3 tiles"
    assert draw_status(DE, hot, 1, 2) == "Bo kann nicht legen: zieht 2 Steine"


def test_the_hands_left_are_named_for_a_screen_reader() -> None:
    assert hands_left_label(EN, "Ben", (tile("6-4"), tile("3-1"))) == "Ben holds six-four, three-one"
    assert hands_left_label(EN, "Ben", ()) == "Ben holds no tiles"


def test_new_match_asks_only_once_a_person_has_moved_and_until_the_match_is_over() -> None:
    game = scripted("You", "Computer")
    assert not game.in_progress  # dealt, nobody has moved: nothing to lose
    game.play(Move.parse("5-5"))
    assert game.in_progress
    computers = scripted("A", "B", kinds=("easy", "easy"))
    computers.match.play(Move.parse("5-5"))
    assert not computers.in_progress  # no person's move to lose
