"""The end of a hand and of a match in a player's words (web/game/story.py),
on CPython: each player's tiles left and what they counted, each side's
change and score, and the match told hand by hand with its best hand."""

from allfives import HandEnded, Rules, tile

from game.story import hand_summary, match_story
from table.game import Game, GameSetup, SeatSetup
from table.i18n import Translator

EN = Translator("en")
DE = Translator("de")


def game_of(rules: Rules, *names: str) -> Game:
    seats = tuple(SeatSetup(n) if n != "Computer" else SeatSetup(n, "easy") for n in names)
    return Game(GameSetup(rules, seats, seed=3))


FOUR = game_of(Rules(players=4), "Ann", "Ben", "Cat", "Dan")
FOUR_WT = game_of(Rules(players=4, hand_end="winner-takes"), "Ann", "Ben", "Cat", "Dan")
SHOWN = ((), (tile("6-1"),), (tile("2-1"),), (tile("4-3"),))


def test_under_subtract_own_each_hand_left_says_what_it_counted_and_each_side_what_it_lost() -> None:
    # Ann went out; Ben's 7 and Dan's 7 each round to 5; Cat's 3 to 5.
    end = HandEnded(1, "domino", 0, (0, 7, 3, 7), (-5, -10), (-5, -10))
    said = hand_summary(EN, FOUR, end, SHOWN)
    assert said.line == "Ann went out."
    assert [(s.name, s.counted) for s in said.seats] == [
        ("Ann", "No tiles left"),
        ("Ben", "7 pips, counted as 5"),
        ("Cat", "3 pips, counted as 5"),
        ("Dan", "7 pips, counted as 5"),
    ]
    assert said.seats[1].tiles == (tile("6-1"),)
    assert said.seats[1].label == "Ben holds six-one"
    assert [(s.name, s.change, s.score) for s in said.sides] == [
        ("Ann & Cat", "-5 for the tiles left", "-5"),
        ("Ben & Dan", "-10 for the tiles left", "-10"),
    ]
    assert said.left_heading == "What each player had left"
    assert said.scores_heading == "The scores"


def test_under_winner_takes_a_hand_says_its_pips_alone_and_the_scorer_takes_the_rounded_total() -> None:
    # Ann went out: her side takes Ben's 7 + Dan's 7 = 14, rounded to 15. No
    # hand is rounded on its own (that would show 5 + 5 = 10).
    end = HandEnded(1, "domino", 0, (0, 7, 3, 7), (15, 0), (15, 0))
    said = hand_summary(EN, FOUR_WT, end, SHOWN)
    assert [s.counted for s in said.seats] == ["No tiles left", "7 pips", "3 pips", "7 pips"]
    assert [(s.change, s.score) for s in said.sides] == [
        ("+15 from the tiles left", "15"),
        ("nothing for the tiles left", "0"),
    ]


def test_no_heading_of_the_summary_is_a_developers_column_name() -> None:
    end = HandEnded(1, "blocked", None, (0, 7, 3, 7), (-5, -10), (-5, -10))
    said = hand_summary(DE, FOUR, end, SHOWN)
    assert said.left_heading == "Was jeder noch in der Hand hatte"
    assert said.seats[1].counted == "7 Augen, gezählt als 5"
    for text in (said.left_heading, said.scores_heading):
        assert text not in {"Player", "Pips left", "Rounded", "Side", "Change", "Score"}


def play_match(target: int) -> Game:
    """A match of three tiles each to ``target``, You against Easy, each seat playing its first legal move."""
    game = Game(GameSetup(Rules(hand_size=3, target=target), (SeatSetup("You"), SeatSetup("Computer", "easy")), 4))
    while not game.match.is_over:
        if game.match.needs_deal:
            game.start()
        else:
            game.match.play(game.match.legal_moves()[0])
    return game


def test_the_match_is_told_hand_by_hand_with_each_hands_points_and_the_score_after() -> None:
    game = play_match(30)
    told = match_story(EN, game)
    sheet = game.score_sheet()
    assert told.head == ("Hand", "You", "Computer")
    assert len(told.rows) == len(sheet) >= 2
    before = [0, 0]
    for row, cells in zip(sheet, told.rows, strict=True):
        gains = [row.scores[side] - before[side] for side in range(2)]
        signed = [("+" if g > 0 else "") + str(g) for g in gains]
        assert cells == (str(row.hand), f"{signed[0]} → {row.scores[0]}", f"{signed[1]} → {row.scores[1]}")
        before = list(row.scores)
    scores = game.match.scores
    assert told.final == f"Final scores: You {scores[0]} and Computer {scores[1]}."


def test_the_best_hand_is_the_one_where_the_players_side_gained_most() -> None:
    game = play_match(30)
    sheet = game.score_sheet()
    gains = [row.scores[0] - (sheet[i - 1].scores[0] if i else 0) for i, row in enumerate(sheet)]
    best = max(range(len(gains)), key=lambda i: (gains[i], -i))
    signed = ("+" if gains[best] > 0 else "") + str(gains[best])
    assert match_story(EN, game).best == f"Your best hand: hand {sheet[best].hand}, {signed}."


def test_the_summary_draws_each_hand_left_as_tiles_named_for_a_screen_reader() -> None:
    import xml.etree.ElementTree as ET

    from game.deal_proof import DealCheck
    from game.dialogs.words import hand_end_markup

    end = HandEnded(1, "domino", 0, (0, 7, 3, 7), (-5, -10), (-5, -10))
    said = hand_summary(EN, game_of(Rules(players=4), "<Ann>", "Ben", "Cat", "Dan"), end, SHOWN)
    check = DealCheck("Check this deal", "Seed 12", "Open the rules page")
    root = ET.fromstring(f"<div>{hand_end_markup(said, check)}</div>")
    hands = root.findall("ul[@class='left-hands']/li")
    assert [h.findtext("span[@class='left-name']") for h in hands] == ["<Ann>", "Ben", "Cat", "Dan"], "names escaped"
    pictures = [h.find("span[@class='left-tiles']") for h in hands]
    assert [p.get("aria-label") if p is not None else None for p in pictures] == [s.label for s in said.seats]
    assert [len(p.findall("{http://www.w3.org/2000/svg}svg")) if p is not None else 0 for p in pictures] == [0, 1, 1, 1]
    assert root.find("ul[@class='left-hands']").get("aria-labelledby") == "left-hands-heading"  # type: ignore[union-attr]
    sides = ["".join(li.itertext()) for li in root.findall("ul[@class='side-scores']/li")]
    assert sides == ["<Ann> & Cat -5 for the tiles left -5", "Ben & Dan -10 for the tiles left -10"]
    assert root.findtext("details/summary") == "Check this deal"
