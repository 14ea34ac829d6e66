"""Scripted hands from fixed deals: turns, drawing, passing, going out,
blocking, the lead, and winning."""

import random

import pytest
from helpers import hand_with, match_with, play

from allfives import Deal, Drew, HandEnded, IllegalMove, Match, MatchEnded, Move, Passed, Played, Rules, tile

SMALL = Rules(hand_size=3)


def test_the_leader_may_lead_any_tile() -> None:
    match = match_with(SMALL, "5-5 5-2 5-1", "5-3 5-0 6-6", leader=0)
    assert [str(m) for m in match.legal_moves()] == ["5-5", "5-2", "5-1"]


def test_later_players_must_match_an_open_end() -> None:
    # Rule example: after a 4-5 lead, the next tile must have a 4 or a 5.
    match = match_with(SMALL, "5-4 0-0 1-1", "4-2 5-3 6-6", leader=0)
    play(match, "5-4")
    assert [str(m) for m in match.legal_moves()] == ["4-2 E", "5-3 W"]


def test_the_example_record_scores_as_written() -> None:
    match = match_with(SMALL, "5-5 5-2 5-1", "5-3 5-0 6-6", leader=0)
    events = play(match, "5-5", "5-3 E", "5-2 W")
    plays = [e for e in events if isinstance(e, Played)]
    assert [(p.total, p.points) for p in plays] == [(10, 10), (13, 0), (5, 5)]
    assert match.scores == [15, 0]


def test_a_player_who_cannot_play_draws_until_a_tile_fits_and_must_play_it() -> None:
    # Seat 1 holds no 6; the boneyard is drawn in order: 0-0 does not fit,
    # 6-0 does. Seat 1 must play 6-0, on either side of the spinner.
    match = Match(Rules(hand_size=2))
    rest = ["0-0", "6-0"] + [str(t) for t in _others("6-6 5-5 2-1 3-1 0-0 6-0")]
    match.start_hand(Deal.from_text([["6-6", "5-5"], ["2-1", "3-1"]], rest, leader=0))
    events = play(match, "6-6")
    assert [e for e in events if isinstance(e, Drew)] == [Drew(1, tile("0-0")), Drew(1, tile("6-0"))]
    assert match.to_move == 1
    assert [str(m) for m in match.legal_moves()] == ["6-0 W", "6-0 E"]
    with pytest.raises(IllegalMove, match="fits no open end"):
        match.play(Move.parse("2-1"))


def test_a_player_who_can_play_does_not_draw() -> None:
    match = match_with(SMALL, "5-5 5-2 5-1", "5-3 5-0 6-6", leader=0)
    events = play(match, "5-5")
    assert not [e for e in events if isinstance(e, Drew)]


def test_with_the_boneyard_empty_a_player_who_cannot_play_passes() -> None:
    # Seat 0 holds every 6. After the 6-6 lead, seat 1 draws the whole
    # boneyard, finds no 6, and passes; seat 0 plays again.
    sixes = "6-6 6-5 6-4 6-3 6-2 6-1 6-0 0-0 1-1"
    match = match_with(Rules(), sixes, "5-5 5-4 5-3 5-2 5-1 5-0 4-4 4-3 4-2", leader=0)
    events = play(match, "6-6")
    draws = [e for e in events if isinstance(e, Drew)]
    assert len(draws) == 10
    assert isinstance(events[-1], Passed)
    assert events[-1].seat == 1
    assert match.to_move == 0
    assert match.hand is not None
    assert match.hand.boneyard == []


def test_playing_the_last_tile_ends_the_hand_and_the_others_pay_their_pips() -> None:
    match = match_with(Rules(hand_size=1), "5-0", "6-5", leader=0)
    events = play(match, "5-0")
    end = events[-1]
    assert isinstance(end, HandEnded)
    assert (end.reason, end.out, end.pips, end.change) == ("domino", 0, (0, 11), (0, -10))
    assert match.scores == [5, -10]  # scores may go below zero


def test_a_blocked_hand_ends_when_every_player_has_passed() -> None:
    for seed in range(200):
        rng = random.Random(seed)
        match = Match(Rules(hand_size=7))
        match.deal(rng)
        while not match.needs_deal and not match.is_over:
            events = match.play(rng.choice(match.legal_moves()))
        end = events[-1]
        if isinstance(end, HandEnded) and end.reason == "blocked":
            hand = match.hand
            assert hand is not None
            assert hand.boneyard == []
            assert not any(hand.layout.ends_for(t) for h in hand.hands for t in h)
            assert [type(e) for e in events[-3:-1]] == [Passed, Passed]
            assert match.leader_by_chance  # after a blocked hand the leader is chosen at random again
            return
    pytest.fail("no blocked hand in 200 seeded hands")


def test_the_next_hand_is_led_by_the_player_who_went_out() -> None:
    match = match_with(Rules(hand_size=1, target=100), "0-1", "5-0", leader=1)
    play(match, "5-0")  # seat 1 goes out at once
    assert match.needs_deal
    assert not match.leader_by_chance
    match.start_hand(Deal.shuffle(match.rules, random.Random(3), choose_leader=False))
    assert match.to_move == 1


def test_a_leader_that_disagrees_with_the_rules_is_refused() -> None:
    match = match_with(Rules(hand_size=1, target=100), "0-1", "5-0", leader=1)
    play(match, "5-0")
    deal = Deal.shuffle(match.rules, random.Random(3))
    if deal.leader == 1:
        deal = Deal(deal.hands, deal.boneyard, 0)
    with pytest.raises(ValueError, match="seat 1 leads this hand by the rules"):
        match.start_hand(deal)


def test_the_highest_double_leads_and_must_be_led() -> None:
    rules = Rules(hand_size=3, lead="highest-double")
    match = match_with(rules, "4-4 6-5 1-0", "3-3 2-1 0-0", leader=None)
    assert match.to_move == 0
    assert [str(m) for m in match.legal_moves()] == ["4-4"]
    with pytest.raises(IllegalMove, match="the lead must be 4-4"):
        match.play(Move.parse("6-5"))


def test_with_no_double_dealt_the_heaviest_tile_leads() -> None:
    rules = Rules(hand_size=3, lead="highest-double")
    match = match_with(rules, "5-4 2-1 1-0", "6-3 3-2 4-0", leader=None)
    # 6-3 and 5-4 are both 9 pips; the one with the higher half leads.
    assert match.to_move == 1
    assert [str(m) for m in match.legal_moves()] == ["6-3"]


def test_reaching_the_target_wins_at_once_mid_hand() -> None:
    match = match_with(Rules(hand_size=3, target=10), "5-5 5-2 5-1", "5-3 5-0 6-6", leader=0)
    events = play(match, "5-5")
    assert [type(e) for e in events] == [Played, MatchEnded]
    assert match.winner == 0
    assert match.to_move is None
    with pytest.raises(IllegalMove, match="the match is over"):
        match.play(Move.parse("5-3 E"))


def test_hand_end_win_waits_for_the_end_of_the_hand() -> None:
    rules = Rules(hand_size=1, target=10, win="hand-end")
    match = match_with(rules, "5-5", "6-6", leader=0)
    events = play(match, "5-5")
    assert [type(e) for e in events] == [Played, HandEnded, MatchEnded]
    assert match.scores == [10, -10]
    assert match.winner == 0


def test_hand_end_win_plays_on_after_a_tie() -> None:
    rules = Rules(hand_size=1, target=20, win="hand-end")
    hand = hand_with(rules, "5-5", "0-0", scores=[10, 20])
    hand.play(Move.parse("5-5"))
    assert hand.reason == "domino"
    assert hand.scores == [20, 20]
    assert hand.winner is None


def test_winner_takes_the_opponents_pips() -> None:
    rules = Rules(hand_size=1, hand_end="winner-takes")
    match = match_with(rules, "5-0", "6-6", leader=0)
    events = play(match, "5-0")
    end = events[-1]
    assert isinstance(end, HandEnded)
    assert end.change == (10, 0)  # 12 pips round to 10
    assert match.scores == [15, 0]


def test_partners_score_together() -> None:
    rules = Rules(players=4, hand_size=2)
    match = match_with(rules, "5-0 1-1", "0-0 2-2", "5-5 3-3", "4-4 6-6", leader=0)
    play(match, "5-0")  # seat 0 scores 5 for team 0
    assert match.to_move == 1
    play(match, "0-0 E")  # 5 + 0: seat 1 scores 5 for team 1
    play(match, "5-5 W")  # 10 + 0: team 0 again
    assert match.scores == [15, 5]


@pytest.mark.parametrize(
    ("move", "message"),
    [
        ("6-6", "seat 1 does not hold 6-6"),
        ("5-3 N", "the N end is not open"),
        ("5-0", "5-0 fits W and E: say which end"),
        ("5-3 X", "'X' is not an end"),
        ("5-9 E", "not a tile"),
    ],
)
def test_an_illegal_move_is_refused_and_changes_nothing(move: str, message: str) -> None:
    match = match_with(SMALL, "5-5 1-2 1-3", "5-3 5-0 2-2", leader=0)
    play(match, "5-5")
    before = (match.scores, [list(h) for h in match.hand.hands], match.hand.layout.total)  # type: ignore[union-attr]
    with pytest.raises(ValueError, match=message):
        match.play(Move.parse(move))
    assert (match.scores, [list(h) for h in match.hand.hands], match.hand.layout.total) == before  # type: ignore[union-attr]


def test_a_move_may_name_its_end_even_when_only_one_fits() -> None:
    match = match_with(SMALL, "5-5 5-2 5-1", "5-3 5-0 6-6", leader=0)
    play(match, "5-5", "5-3 E")
    play(match, "5-2")
    assert match.hand is not None
    assert str(match.hand.moves[-1]) == "5-2 W"


def _others(taken: str) -> list[object]:
    from allfives import TILES

    gone = {tile(t) for t in taken.split()}
    return [t for t in TILES if t not in gone]


def test_a_lead_cannot_face_west_with_a_number_it_does_not_show() -> None:
    # Move.parse never writes this; a caller building moves by hand might.
    match = match_with(SMALL, "5-3 5-2 5-1", "5-5 5-0 6-6", leader=0)
    with pytest.raises(IllegalMove, match="5-3 has no 6 to face West"):
        match.play(Move(tile("5-3"), None, 6))
    assert match.hand is not None
    assert match.hand.layout.is_empty
    play(match, "3-5")
    assert match.hand.layout.open_pips[:2] == [3, 5]


def test_the_match_knows_who_made_each_move() -> None:
    # Seat 1 holds no 6 and draws until 6-0 fits: the draws are no moves, so
    # the moves are the lead (seat 0) and 6-0 (seat 1).
    match = Match(Rules(hand_size=2))
    rest = ["0-0", "6-0"] + [str(t) for t in _others("6-6 5-5 2-1 3-1 0-0 6-0")]
    match.start_hand(Deal.from_text([["6-6", "5-5"], ["2-1", "3-1"]], rest, leader=0))
    play(match, "6-6", "6-0 E")
    assert match.seats_moved(0) == (0, 1)
    assert match.copy().seats_moved(0) == (0, 1)
