"""The rules options: defaults, limits, presets, rounding and hand-end scoring."""

import pytest

from allfives import PRESETS, Rules, RulesError, round_to_five
from allfives.hand import hand_count, hand_end_change, match_winner
from allfives.rules import OPTION_RANGES


@pytest.mark.parametrize(("players", "deal", "target", "sides"), [(2, 9, 250, 2), (3, 7, 200, 3), (4, 5, 200, 2)])
def test_defaults_by_number_of_players(players: int, deal: int, target: int, sides: int) -> None:
    # Rule: 9 tiles each with 2 players, 7 with 3, 5 with 4; 250 to win with
    # 2 players, 200 with 3 or 4; with 4, two partnerships by default.
    rules = Rules(players=players)
    assert (rules.deal_size, rules.points_to_win, rules.sides) == (deal, target, sides)


def test_four_players_sit_as_partners_0_2_against_1_3() -> None:
    rules = Rules(players=4)
    assert [rules.side_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert rules.seats_of(1) == (1, 3)
    assert Rules(players=4, partnerships=False).sides == 4


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 5}, "players must be 2, 3 or 4"),
        ({"players": 1}, "players must be 2, 3 or 4"),
        ({"players": 3, "partnerships": True}, "partnerships need 4 players"),
        ({"hand_size": 15}, "hand_size must be a whole number from 1 to 14"),
        ({"players": 4, "hand_size": 8}, "from 1 to 7"),
        ({"hand_size": 0}, "hand_size"),
        ({"target": 0}, "target must be a positive whole number"),
        ({"target": "250"}, "target"),
        ({"hand_end": "lowest-wins"}, "hand_end must be one of subtract-own, winner-takes"),
        ({"lead": "youngest"}, "lead must be one of"),
        ({"win": "never"}, "win must be one of"),
        ({"players": True}, "players"),
    ],
)
def test_impossible_options_are_refused_with_the_reason(options: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        Rules(**options)  # type: ignore[arg-type]


def test_unknown_option_in_a_record_is_named() -> None:
    with pytest.raises(RulesError, match="unknown rules option 'tiles'"):
        Rules.from_json({"players": 2, "tiles": 9})


def test_rules_round_trip_through_json_writing_only_what_differs() -> None:
    rules = Rules(players=3, hand_end="winner-takes", target=150)
    assert rules.to_json() == {"players": 3, "target": 150, "hand_end": "winner-takes"}
    assert Rules.from_json(rules.to_json()) == rules
    assert Rules.from_json({}) == Rules()


@pytest.mark.parametrize(
    ("name", "players", "deal", "hand_end", "lead"),
    [
        ("standard", 2, 9, "subtract-own", "random"),
        ("five-each", 2, 5, "subtract-own", "random"),
        ("seven-five", 2, 7, "subtract-own", "random"),
        ("seven-five", 3, 5, "subtract-own", "random"),
        ("computer", 2, 7, "winner-takes", "highest-double"),
    ],
)
def test_presets(name: str, players: int, deal: int, hand_end: str, lead: str) -> None:
    rules = Rules.preset(name, players)
    assert (rules.deal_size, rules.hand_end, rules.lead) == (deal, hand_end, lead)
    assert name in PRESETS


def test_an_unknown_preset_lists_the_known_ones() -> None:
    with pytest.raises(RulesError, match="presets: standard, five-each, seven-five, computer"):
        Rules.preset("tournament")


# Rule: remaining pips round to the nearest multiple of 5; a remainder of 1
# or 2 rounds down, 3 or 4 rounds up (7 -> 5, 8 -> 10).
@pytest.mark.parametrize(
    ("pips", "rounded"),
    [(0, 0), (1, 0), (2, 0), (3, 5), (4, 5), (5, 5), (6, 5), (7, 5), (8, 10), (12, 10), (13, 15), (42, 40), (43, 45)],
)
def test_rounding_to_the_nearest_five(pips: int, rounded: int) -> None:
    assert round_to_five(pips) == rounded


TWO = Rules()
FOUR = Rules(players=4)
THREE = Rules(players=3)
TWO_WT = Rules(hand_end="winner-takes")
FOUR_WT = Rules(players=4, hand_end="winner-takes")
THREE_WT = Rules(players=3, hand_end="winner-takes")


@pytest.mark.parametrize(
    ("rules", "pips", "out", "change", "why"),
    [
        (TWO, (0, 12), 0, (0, -10), "subtract-own: the loser's 12 rounds to 10"),
        (TWO, (7, 8), None, (-5, -10), "blocked: both sides lose their own, 7 -> 5, 8 -> 10"),
        (THREE, (3, 0, 2), 1, (-5, 0, 0), "each player on their own"),
        (FOUR, (0, 7, 3, 7), 0, (-5, -10), "each player's hand rounded on its own: 7 + 7 costs 5 + 5"),
        (TWO_WT, (0, 12), 0, (10, 0), "winner-takes: the side that went out scores 12, rounded to 10"),
        (
            FOUR_WT,
            (0, 7, 3, 7),
            0,
            (15, 0),
            "the opponents' 7 + 7 = 14, totalled then rounded: 15; the partner's 3 is not counted",
        ),
        (FOUR_WT, (3, 0, 4, 4), 1, (0, 5), "seat 1 went out: team 1 scores seats 0 and 2, 3 + 4 = 7 -> 5"),
        (TWO_WT, (7, 13), None, (15, 0), "blocked: the lowest side scores the others' 13 -> 15"),
        (TWO_WT, (8, 8), None, (0, 0), "blocked with a tie for lowest: nobody scores"),
        (THREE_WT, (4, 10, 9), None, (20, 0, 0), "blocked, three sides: 10 + 9 = 19 -> 20"),
        (THREE_WT, (4, 4, 9), None, (0, 0, 0), "a tie for lowest scores nothing"),
        (FOUR_WT, (1, 5, 2, 0), None, (5, 0), "blocked teams: 3 against 5; team 0 scores 5"),
    ],
)
def test_end_of_hand_scoring(
    rules: Rules, pips: tuple[int, ...], out: int | None, change: tuple[int, ...], why: str
) -> None:
    assert hand_end_change(rules, pips, out) == change, why


HAND_END_WIN = Rules(win="hand-end")


@pytest.mark.parametrize(
    ("scores", "winner", "why"),
    [
        ((260, 240), 0, "at or over the target"),
        ((250, 0), 0, "exactly the target wins"),
        ((240, 249), None, "nobody there yet"),
        ((260, 270), 1, "both over: the highest wins"),
        ((260, 260), None, "a tie for highest plays on"),
    ],
)
def test_winning_at_the_end_of_a_hand(scores: tuple[int, int], winner: int | None, why: str) -> None:
    assert match_winner(HAND_END_WIN, scores) == winner, why


@pytest.mark.parametrize(
    ("rules", "pips", "out", "rounded", "scorer", "change", "why"),
    [
        (TWO, (0, 12), 0, (0, 10), None, (0, -10), "subtract-own rounds each hand on its own"),
        (FOUR, (0, 7, 3, 7), 0, (0, 5, 5, 5), None, (-5, -10), "7 + 7 costs 5 + 5, rounded seat by seat"),
        (TWO_WT, (0, 12), 0, None, 0, (10, 0), "winner-takes rounds no hand on its own: 12 -> 10"),
        (FOUR_WT, (0, 7, 3, 7), 0, None, 0, (15, 0), "the opponents' 7 + 7 = 14 rounds to 15, not 5 + 5"),
        (THREE_WT, (0, 3, 3), 0, None, 0, (5, 0, 0), "3 + 3 = 6 rounds to 5, where each alone is 5: 10"),
        (TWO_WT, (8, 8), None, None, None, (0, 0), "blocked with a tie for lowest: nobody takes"),
    ],
)
def test_what_the_end_of_a_hand_counted(
    rules: Rules,
    pips: tuple[int, ...],
    out: int | None,
    rounded: tuple[int, ...] | None,
    scorer: int | None,
    change: tuple[int, ...],
    why: str,
) -> None:
    count = hand_count(rules, pips, out)
    assert (count.rounded, count.scorer, count.change) == (rounded, scorer, change), why
    assert count.change == hand_end_change(rules, pips, out)
    assert sum(count.side_pips) == sum(pips)


@pytest.mark.parametrize(("players", "most"), [(2, 14), (3, 9), (4, 7)])
def test_the_options_a_form_offers_are_the_ones_the_rules_accept(players: int, most: int) -> None:
    sizes = OPTION_RANGES.hand_sizes(players)
    assert (sizes[0], sizes[-1]) == (1, most)
    Rules(players=players, hand_size=most)
    with pytest.raises(RulesError):
        Rules(players=players, hand_size=most + 1)
    assert players in OPTION_RANGES.players
    for name in ("hand_end", "lead", "win"):
        for choice in getattr(OPTION_RANGES, name):
            Rules(players=players, **{name: choice})
    assert OPTION_RANGES.target_min % OPTION_RANGES.target_step == 0
