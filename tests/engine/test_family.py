"""The point-game family: Fives and Threes and Muggins as options of the
same rules (docs/rules.md, "The family").

Each table is worked by hand from the published rules; the last test plays
random hands beside a second, independent reading of the same rules (a small
reference scorer written here) and checks they never differ.
"""

import random
from dataclasses import dataclass, field

import pytest
from helpers import hand_with, match_with, play

from allfives import TILES, Deal, End, HandState, Match, Move, Rules, Tile, tile
from allfives.chance import shuffle
from allfives.events import Event, HandEnded, MatchEnded, Passed, Played
from allfives.hand import hand_count, points_for
from allfives.layout import Layout
from allfives.record import from_record, to_record
from allfives.rules import GAMES, ContradictoryRules, RulesError

FIVES_AND_THREES = Rules.preset("fives-and-threes")
# Muggins' other rules, its counts scored at once; its claims, on in the
# preset, are tests/engine/test_claims.py's.
MUGGINS = Rules.preset("muggins").with_options(claims="scored")

# Rule (Fives and Threes): a total scores one point per three in it when it
# is a multiple of 3, plus one point per five when it is a multiple of 5;
# 15 scores both ways, 5 + 3 = 8. Every total two ends can show, 0 to 24
# (6-6 at both ends), worked by hand.
THREES_AND_FIVES = {
    0: 0, 1: 0, 2: 0, 3: 1, 4: 0, 5: 1, 6: 2, 7: 0, 8: 0, 9: 3, 10: 2, 11: 0, 12: 4,
    13: 0, 14: 0, 15: 8, 16: 0, 17: 0, 18: 6, 19: 0, 20: 4, 21: 7, 22: 0, 23: 0, 24: 8,
}  # fmt: skip


@pytest.mark.parametrize(("total", "points"), THREES_AND_FIVES.items())
def test_fives_and_threes_scores_every_total_by_its_threes_and_fives(total: int, points: int) -> None:
    assert FIVES_AND_THREES.score(total) == points


# Rule: in the fives games a positive multiple of 5 scores; written as the
# pips (All Fives, Muggins: 10 scores 10) or one point per five, as pegged on
# a cribbage board (10 scores 2).
FIVES = [
    (0, 0, 0), (3, 0, 0), (5, 5, 1), (6, 0, 0), (10, 10, 2), (12, 0, 0),
    (15, 15, 3), (18, 0, 0), (20, 20, 4), (24, 0, 0), (25, 25, 5), (30, 30, 6),
]  # fmt: skip


@pytest.mark.parametrize(("total", "pips", "count"), FIVES)
def test_fives_score_as_pips_or_one_point_a_five(total: int, pips: int, count: int) -> None:
    assert Rules().score(total) == pips
    assert MUGGINS.score(total) == pips
    assert Rules(marking="count").score(total) == count


# Rule (no spinner: Fives and Threes, Muggins): the line has two ends, West
# and East. Doubles lie crosswise and count both halves while at an end; a
# lone double lead counts its pips once (5-5 alone is 10), and stays an end,
# counting both halves, until a tile is played on its second side.
NO_SPINNER = [
    (["5-5"], 10, "a lone double lead counts its pips once"),
    (["5-5", "5-3 E"], 13, "the double lead is still the West end: 10 + 3"),
    (["5-5", "5-3 W"], 13, "the same on the other side: 3 + 10"),
    (["5-5", "5-3 E", "5-2 W"], 5, "both sides covered: 2 + 3, and no arm opens"),
    (["6-3", "3-3 E"], 12, "a double at an end: 6 + 6"),
    (["6-3", "3-3 E", "3-1 E"], 7, "covered, it counts no longer: 6 + 1"),
    (["4-1", "1-1 W", "4-4 E"], 10, "both ends doubles: 2 + 8"),
    (["6-6", "6-3 W", "3-3 W", "6-5 E"], 11, "no double spins, first or not: 6 + 5"),
    (["0-0", "0-6 E"], 6, "0-0 lead, 6 East: 0 + 6"),
]


@pytest.mark.parametrize(("moves", "total", "why"), NO_SPINNER, ids=[row[2] for row in NO_SPINNER])
def test_with_no_spinner_the_line_has_two_ends(moves: list[str], total: int, why: str) -> None:
    layout = Layout(spinner=False)
    for text in moves:
        move = Move.parse(text)
        expected = points_for(layout, move, FIVES_AND_THREES)
        layout.place(move)
        assert expected == FIVES_AND_THREES.score(layout.total), "the count before the play is the count after it"
    assert layout.total == total, why
    assert [e.name for e in layout.open_ends()] == ["W", "E"]
    assert sum(end.counts for end in layout.open_end_counts()) == total


def test_with_no_spinner_no_tile_goes_north_or_south() -> None:
    # 5-5 led and covered on both sides: with a spinner, 5-6 would go North
    # or South; with none, it fits nowhere.
    moves = ("5-5", "5-3 E", "5-2 W")
    spinning, line = Layout(), Layout(spinner=False)
    for text in moves:
        spinning.place(Move.parse(text))
        line.place(Move.parse(text))
    assert spinning.ends_for(tile("5-6")) == [End.N, End.S]
    assert line.ends_for(tile("5-6")) == []
    assert line.open_ends() == [End.W, End.E]


# Rule (Fives and Threes): nobody draws. A player who cannot play knocks and
# the turn passes; the tiles not dealt stay out of play. When nobody can
# play, the hand is blocked.
def test_a_player_who_cannot_play_knocks_and_draws_nothing() -> None:
    rules = FIVES_AND_THREES.with_options(hand_size=2)
    match = match_with(rules, "6-6 6-1", "3-4 0-0")
    events = play(match, "6-6")
    assert [type(e) for e in events] == [Played, Passed]
    assert isinstance(events[0], Played)
    assert (events[0].total, events[0].points) == (12, 4)
    hand = match.hand
    assert hand is not None
    assert (len(hand.boneyard), hand.hands[1]) == (24, [tile("3-4"), tile("0-0")]), "no tile drawn"
    events = play(match, "6-1 E")
    played, ended = events[0], events[-1]
    assert isinstance(played, Played)
    assert (played.total, played.points) == (13, 0), "6-6 still an end: 12 + 1"
    # Rule (Fives and Threes): one point for chipping out.
    assert isinstance(ended, HandEnded)
    assert (ended.reason, ended.change, ended.scores) == ("domino", (1, 0), (5, 0))


def test_the_same_hand_with_a_boneyard_draws_until_a_tile_fits() -> None:
    rules = MUGGINS.with_options(hand_size=2)
    match = match_with(rules, "6-6 6-1", "3-4 0-0", leader=None)
    events = play(match, "6-6")
    drawn = [e for e in events if not isinstance(e, Played)]
    assert drawn, "Muggins draws: 0-0 first, then 0-1 ... 0-6"
    assert not any(isinstance(e, Passed) for e in drawn)
    assert match.to_move == 1


def test_a_hand_where_nobody_can_play_is_blocked_and_scores_nothing_for_going_out() -> None:
    rules = FIVES_AND_THREES.with_options(hand_size=2)
    match = match_with(rules, "6-6 1-2", "3-4 0-0")
    events = play(match, "6-6")
    assert [type(e) for e in events] == [Played, Passed, Passed, HandEnded]
    ended = events[-1]
    assert isinstance(ended, HandEnded)
    assert (ended.reason, ended.change) == ("blocked", (0, 0))


# Rule (Fives and Threes, partners): the hand goes on until both players of
# one side have chipped out; a partner already out is passed over.
def test_partners_must_both_chip_out() -> None:
    rules = FIVES_AND_THREES.with_options(players=4, hand_size=2)
    match = match_with(rules, "6-6 6-5", "0-1 0-2", "6-4 4-4", "1-2 2-3")
    play(match, "6-6", "6-4 E")
    events = play(match, "6-5 W")
    assert not any(isinstance(e, HandEnded) for e in events), "seat 0 is out, its partner is not"
    assert ([type(e) for e in events], match.to_move) == ([Played, Passed], 2)
    events = play(match, "4-4 E")
    ended = events[-1]
    assert isinstance(ended, HandEnded)
    assert (ended.reason, ended.out, ended.change, ended.scores) == ("domino", 2, (1, 0), (4 + 3 + 1, 0))


def test_without_partners_the_first_out_ends_the_hand() -> None:
    rules = FIVES_AND_THREES.with_options(players=4, partnerships=False, hand_size=2)
    match = match_with(rules, "6-6 6-5", "0-1 0-2", "6-4 4-4", "1-2 2-3")
    events = play(match, "6-6", "6-4 E", "6-5 W")
    ended = events[-1]
    assert isinstance(ended, HandEnded)
    assert (ended.out, ended.change) == (0, (1, 0, 0, 0))


# Rule (Fives and Threes): 61 exactly. A score that would pass the target is
# not counted; the side must make the exact points. The line is 6-3 (West 6,
# East 3); each play's total and count are worked out beside it.
EXACT = [
    # scores before, the play, its count, scores after, who won
    (59, "3-0 E", 2, 61, 0),  # 6 + 0 = 6: two threes
    (59, "3-3 E", 4, 59, None),  # 6 + 6 = 12: four threes, 63 would pass 61
    (60, "6-2 W", 1, 61, 0),  # 2 + 3 = 5: one five
    (60, "6-6 W", 8, 60, None),  # 12 + 3 = 15: five threes and three fives
    (53, "6-6 W", 8, 61, 0),
    (0, "6-6 W", 8, 8, None),
]


@pytest.mark.parametrize(("before", "text", "count", "after", "winner"), EXACT)
def test_the_target_must_be_reached_exactly(before: int, text: str, count: int, after: int, winner: int | None) -> None:
    rules = FIVES_AND_THREES.with_options(hand_size=2)
    layout = Layout(spinner=False)
    layout.place(Move.parse("6-3"))
    move = Move.parse(text)
    hand = HandState.from_position(
        rules, layout, [[move.tile, tile("5-5")], [tile("1-1"), tile("4-4")]], [], 0, leader=0, scores=[before, 0]
    )
    assert rules.score(layout.total_after(move.tile, 0 if text.endswith("W") else 1)) == count
    assert hand.points_for(move) == after - before
    events: list[Event] = []
    hand.apply(move, events)
    played = events[0]
    assert isinstance(played, Played)
    assert (played.points, played.scores[0], hand.winner, played.over) == (
        after - before,
        after,
        winner,
        after == before,
    )


# Rule (Fives and Threes): chipping out with a scoring play, the point for
# going out is scored with the play's; if together they pass 61, neither
# counts. The line is 6-3; 3-0 East makes 6 + 0 = 6, two threes, and is the
# player's last tile.
CHIP_OUT_EXACT = [
    (57, 60, None, "2 + 1 for going out"),
    (58, 61, 0, "2 + 1 reaches 61 exactly"),
    (59, 59, None, "2 + 1 would pass 61: neither counts"),
]


@pytest.mark.parametrize(("before", "after", "winner", "why"), CHIP_OUT_EXACT)
def test_a_scoring_play_that_chips_out_scores_with_its_point(
    before: int, after: int, winner: int | None, why: str
) -> None:
    layout = Layout(spinner=False)
    layout.place(Move.parse("6-3"))
    hand = HandState.from_position(
        FIVES_AND_THREES, layout, [[tile("3-0")], [tile("1-1")]], [], 0, leader=0, scores=[before, 0]
    )
    hand.apply(Move.parse("3-0 E"))
    assert (hand.reason, hand.scores[0], hand.winner) == ("domino", after, winner), why


def test_a_hand_end_that_would_pass_the_target_is_not_counted() -> None:
    rules = Rules(marking="count", hand_end="winner-takes", finish="exact", target=61, hand_size=1)
    hand = hand_with(rules, "0-1", "6-6", scores=[58, 0])
    events: list[Event] = []
    hand.apply(Move.parse("0-1"), events)
    ended = events[-1]
    assert isinstance(ended, HandEnded)
    assert (ended.pips, hand_count(rules, ended.pips, 0).change) == ((0, 12), (2, 0)), "12 pips: 10, two fives"
    assert (ended.change, ended.scores) == ((2, 0), (60, 0))
    hand = hand_with(rules, "0-1", "6-6 ", scores=[60, 0])
    events = []
    hand.apply(Move.parse("0-1"), events)
    ended = events[-1]
    assert isinstance(ended, HandEnded)
    assert (ended.change, ended.scores) == ((0, 0), (60, 0)), "62 would pass 61"


# Rule (Muggins): whoever goes out takes the others' pips rounded to the
# nearest five, as pips; a lone double lead counts, 5-5 is 10.
def test_muggins_scores_a_lead_and_a_domino_as_pips() -> None:
    rules = MUGGINS.with_options(hand_size=2)
    match = match_with(rules, "5-5 5-0", "6-6 6-1", leader=None)
    assert match.to_move == 1, "the highest double leads"
    events = play(match, "6-6")
    assert isinstance(events[0], Played)
    assert events[0].points == 0, "12 is no multiple of 5"


def test_muggins_a_domino_takes_the_others_pips_rounded() -> None:
    rules = MUGGINS.with_options(hand_size=2)
    match = match_with(rules, "5-5 5-0", "5-4 1-2", leader=None)
    events = play(match, "5-5", "5-4 E")
    assert [(e.total, e.points) for e in events if isinstance(e, Played)] == [(10, 10), (14, 0)], "10, then 10 + 4"
    events = play(match, "5-0 W")
    ended = events[-1]
    assert isinstance(ended, HandEnded)
    assert (ended.pips, ended.change, ended.scores) == ((0, 3), (5, 0), (15, 0)), "1-2: 3 pips, rounded to 5"


# Rule (Fives and Threes): the lead passes to the left from hand to hand.
def test_the_lead_passes_to_the_left() -> None:
    rules = FIVES_AND_THREES.with_options(hand_size=2)
    match = match_with(rules, "6-6 1-2", "3-4 0-0", leader=1)
    assert match.leader_by_chance is False
    play(match, "3-4")
    while match.to_move is not None:
        match.play(match.legal_moves()[0])
    assert match.needs_deal
    assert not match.leader_by_chance
    assert match.next_leader(Deal.from_text([["6-6", "1-2"], ["3-4", "0-0"]])) == 0


# Rule: options that contradict each other are refused, naming both.
CONTRADICTIONS = [
    ({"scoring": "threes-and-fives"}, 'scoring "threes-and-fives" .* use marking "count"'),
    ({"marking": "count", "hand_end": "chip-out", "finish": "exact", "win": "hand-end"}, 'finish "exact" .* win'),
    ({"hand_end": "chip-out"}, 'hand_end "chip-out" scores one point .* marking "pips"'),
]


@pytest.mark.parametrize(("options", "message"), CONTRADICTIONS)
def test_contradictory_options_are_refused_in_words(options: dict[str, object], message: str) -> None:
    with pytest.raises(ContradictoryRules, match=message):
        Rules(**options)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"spinner": "five-up"}, "spinner must be one of first-double, none, sniff"),
        ({"boneyard": "open"}, "boneyard must be one of draw, closed"),
        ({"scoring": "threes"}, "scoring must be one of fives, threes-and-fives"),
    ],
)
def test_unknown_values_are_refused(options: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        Rules(**options)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("players", "deal", "target"),
    [(2, 7, 61), (3, 5, 61), (4, 5, 61)],
)
def test_the_family_presets(players: int, deal: int, target: int) -> None:
    fat = Rules.preset("fives-and-threes", players)
    assert (fat.deal_size, fat.points_to_win, fat.spinner, fat.boneyard) == (deal, target, "none", "closed")
    mug = Rules.preset("muggins", players)
    assert (mug.deal_size, mug.points_to_win, mug.lead, mug.spinner) == (deal, 100, "highest-double", "none")
    assert (mug.claims, fat.claims) == ("called", "scored"), "a count claimed, in Muggins only"
    assert set(GAMES) == {"fives-and-threes", "muggins", "sniff"}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_record_carries_the_family_rules(name: str) -> None:
    rules = Rules.preset(name, 4)
    match = Match(rules)
    match.deal_seed("family/hand/1")
    rng = random.Random(name)
    while match.to_move is not None:
        hand = match.hand
        assert hand is not None
        if hand.waiting is not None:  # Muggins: every count claimed right
            match.claim(hand.waiting.seat, hand.waiting.made)
            continue
        match.play(rng.choice(match.legal_moves()))
    data = to_record(match)
    assert data["rules"] == rules.to_json()
    again = from_record(data)
    assert (again.rules, again.scores) == (rules, match.scores)


def test_all_fives_records_write_no_family_key() -> None:
    assert Rules(players=3).to_json() == {"players": 3}
    assert Rules.from_json({"players": 2}).all_fives


# A second reading of the same rules, written apart from the engine: a line
# with two ends (the family's games here have no spinner), the count, the
# draw or the knock, the partners chipping out, the target reached exactly.


@dataclass
class Reference:
    rules: Rules
    hands: list[list[Tile]]
    boneyard: list[Tile]
    to_move: int
    scores: list[int]
    lead: Tile | None = None
    west: int = -1
    east: int = -1
    west_tile: Tile | None = None  # the last tile on each side, None: the lead's side
    east_tile: Tile | None = None
    over: bool = False
    winner: int | None = None
    knocks: list[int] = field(default_factory=list)

    def side(self, seat: int) -> int:
        return seat % 2 if self.rules.teams else seat

    def total(self) -> int:
        assert self.lead is not None
        if self.west_tile is None and self.east_tile is None and self.lead.is_double:
            return self.lead.pips
        out = 0
        for pip, at in ((self.west, self.west_tile), (self.east, self.east_tile)):
            showing = at if at is not None else self.lead
            out += 2 * pip if showing.is_double else pip
        return out

    def count(self, total: int) -> int:
        if total <= 0:
            return 0
        if self.rules.scoring == "threes-and-fives":
            return (total // 3 if total % 3 == 0 else 0) + (total // 5 if total % 5 == 0 else 0)
        if total % 5:
            return 0
        return total if self.rules.marking == "pips" else total // 5

    def moves(self) -> set[tuple[Tile, str | None]]:
        hand = self.hands[self.to_move]
        if self.lead is None:
            if self.rules.lead == "highest-double":
                return {(self.opening()[1], None)}
            return {(t, None) for t in hand}
        return {(t, end) for t in hand for end, pip in (("W", self.west), ("E", self.east)) if t.has(pip)}

    def opening(self) -> tuple[int, Tile]:
        """Muggins: the highest double leads; with no double dealt, the
        heaviest tile (the higher half breaking a tie)."""
        held = [(t.is_double, t.pips, t.high, seat, t) for seat, hand in enumerate(self.hands) for t in hand]
        *_, seat, best = max(held, key=lambda h: h[:3])
        return seat, best

    def fits(self, t: Tile) -> bool:
        return t.has(self.west) or t.has(self.east)

    def score(self, seat: int, points: int) -> int:
        side = self.side(seat)
        if self.rules.finish == "exact" and self.scores[side] + points > self.rules.points_to_win:
            return 0
        self.scores[side] += points
        if points > 0 and self.scores[side] >= self.rules.points_to_win:
            self.winner = side
        return points

    def play(self, t: Tile, end: str | None, west_first: int) -> int:
        seat = self.to_move
        self.hands[seat].remove(t)
        if end is None:
            self.lead = t
            self.west, self.east = west_first, t.other(west_first)
        elif end == "W":
            self.west, self.west_tile = t.other(self.west), t
        else:
            self.east, self.east_tile = t.other(self.east), t
        partners = [s for s in range(self.rules.players) if self.side(s) == self.side(seat)]
        going_out = not self.hands[seat] and (
            self.rules.hand_end != "chip-out" or not self.rules.teams or not any(self.hands[s] for s in partners)
        )
        count = self.count(self.total())
        if going_out and self.rules.hand_end == "chip-out" and count:
            # Chipping out with a scoring play: both scores together, or neither.
            if self.score(seat, count + 1) == 0:
                self.over = True
                return 0
            self.over = True
            return count
        points = self.score(seat, count)
        if self.winner is not None:
            self.over = True
            return points
        if going_out:
            self.end(seat)
            return points
        passes = 0
        while True:
            seat = (seat + 1) % self.rules.players
            hand = self.hands[seat]
            if any(self.fits(x) for x in hand):
                self.to_move = seat
                return points
            if hand and self.rules.boneyard == "draw":
                while self.boneyard:
                    drawn = self.boneyard.pop(0)
                    hand.append(drawn)
                    if self.fits(drawn):
                        self.to_move = seat
                        return points
            if hand:
                self.knocks.append(seat)
            passes += 1
            if passes == self.rules.players:
                self.end(None)
                return points

    def end(self, out: int | None) -> None:
        self.over = True
        sides = 2 if self.rules.teams else self.rules.players
        pips = [0] * sides
        for seat, hand in enumerate(self.hands):
            pips[self.side(seat)] += sum(t.pips for t in hand)
        if self.rules.hand_end == "chip-out":
            if out is not None:
                self.score(out, 1)
            return
        assert self.rules.hand_end == "winner-takes"
        if out is None:
            low = min(pips)
            if pips.count(low) > 1:
                return
            scorer = pips.index(low)
        else:
            scorer = self.side(out)
        taken = (sum(pips) - pips[scorer] + 2) // 5 * 5
        self.score(scorer, taken if self.rules.marking == "pips" else taken // 5)


FAMILY = [
    Rules.preset("fives-and-threes", 2),
    Rules.preset("fives-and-threes", 3),
    Rules.preset("fives-and-threes", 4),
    Rules.preset("fives-and-threes", 4).with_options(partnerships=False),
    MUGGINS,
    Rules.preset("muggins", 3).with_options(claims="scored"),
    Rules.preset("muggins", 4).with_options(claims="scored"),
    MUGGINS.with_options(marking="count", target=61, finish="exact"),
]


@pytest.mark.parametrize("rules", FAMILY, ids=str)
def test_random_hands_deal_score_and_end_as_a_second_reading_of_the_rules(rules: Rules) -> None:
    rng = random.Random(f"family:{rules}")
    for number in range(300):
        scores = [rng.randrange(0, rules.points_to_win) for _ in range(rules.sides)]
        match = Match(rules)
        match.scores = list(scores)
        events = match.deal_seed(f"family/{number}")
        hand = match.hand
        assert hand is not None
        # The deal: each seat its share of the shuffle, in seat order.
        tiles = list(TILES)
        shuffle(tiles, random.Random(f"family/{number}"))
        size = rules.deal_size
        assert [sorted(h) for h in hand.hands] == [
            sorted(tiles[i * size : (i + 1) * size]) for i in range(rules.players)
        ]
        assert hand.boneyard == tiles[rules.players * size :]
        ref = Reference(rules, [list(h) for h in hand.hands], list(hand.boneyard), hand.to_move, list(scores))
        if rules.lead == "highest-double":
            ref.to_move = ref.opening()[0]
        while not ref.over:
            assert match.to_move == ref.to_move
            legal = {(m.tile, None if m.end is None else m.end.name) for m in match.legal_moves()}
            assert legal == ref.moves()
            t, end = rng.choice(sorted(legal, key=lambda m: (m[0].index, m[1] or "")))
            move = Move(t) if end is None else hand.resolve(Move.parse(f"{t} {end}"))
            events = match.play(move)
            played = events[0]
            assert isinstance(played, Played)
            knocks_before = len(ref.knocks)
            points = ref.play(t, end, move.west_pip)
            assert (played.total, played.points) == (ref.total(), points)
            assert [e.seat for e in events if isinstance(e, Passed)] == ref.knocks[knocks_before:]
            assert match.scores == ref.scores
            assert [sorted(h) for h in hand.hands] == [sorted(h) for h in ref.hands]
        assert match.to_move is None
        assert match.winner == ref.winner
        assert any(isinstance(e, (HandEnded, MatchEnded)) for e in match.log)


def test_every_tile_is_somewhere_after_a_family_hand() -> None:
    rules = Rules.preset("fives-and-threes", 4)
    rng = random.Random(3)
    for number in range(200):
        match = Match(rules)
        match.deal_seed(f"all/{number}")
        while match.to_move is not None:
            match.play(rng.choice(match.legal_moves()))
        hand = match.hand
        assert hand is not None
        where = [t for h in hand.hands for t in h] + hand.boneyard + hand.layout.tiles()
        assert sorted(where) == list(TILES)
        assert len(hand.boneyard) == 28 - 4 * 5, "nothing is ever drawn"
