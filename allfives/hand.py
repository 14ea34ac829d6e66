"""One hand: the deal, whose turn it is, legal moves, drawing and passing,
scoring each play, and scoring the end of the hand.

A :class:`HandState` is mutable and cheap to :meth:`~HandState.copy`, so the
computer players can search it; :class:`~allfives.match.Match` wraps it with
the match flow and the record.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from .claims import Call, Claim, Waiting
from .events import Drew, Event, HandEnded, MatchEnded, Passed, Played
from .hand_claims import ClaimSteps
from .layout import CLOSED, ENDS, Layout
from .refusal import ClaimRefused, IllegalMove
from .rules import Rules
from .scoring import HandCount, hand_count, hand_end_change, match_winner
from .tiles import TILES, Move, Tile

__all__ = [
    "ClaimRefused",
    "HandCount",
    "HandState",
    "IllegalMove",
    "hand_count",
    "hand_end_change",
    "match_winner",
    "opening_lead",
    "points_for",
]


# Every move onto an end, made once: MOVES[tile.index][arm].
MOVES: tuple[tuple[Move, ...], ...] = tuple(tuple(Move(t, end) for end in ENDS) for t in TILES)


def opening_lead(rules: Rules, hands: Sequence[Sequence[Tile]]) -> tuple[int, Tile] | None:
    """Who must lead, and with what, under ``lead="highest-double"``: the
    holder of the highest double; with no double dealt, the holder of the
    heaviest tile (between equally heavy tiles, the one with the higher half).
    ``None`` when the rules leave the lead to chance."""
    if rules.lead != "highest-double":
        return None
    best: tuple[tuple[int, int, int], int, Tile] | None = None
    for seat, hand in enumerate(hands):
        for t in hand:
            key = (1 if t.is_double else 0, t.pips, t.high)
            if best is None or key > best[0]:
                best = (key, seat, t)
    assert best is not None, "someone holds a tile"
    return best[1], best[2]


def points_for(layout: Layout, move: Move, rules: Rules | None = None) -> int:
    """What ``move`` would score on ``layout``: by All Fives' rules (and
    when ``rules`` is None) the ends total after it, when that is a positive
    multiple of 5; otherwise what ``rules`` score that total
    (:meth:`Rules.score`)."""
    if move.end is None:
        # The lead's two halves are the ends; a lone double lead counts its
        # pips once (5-5 alone is 10): either way, its pips.
        total = move.tile.pips
    else:
        total = layout.total_after(move.tile, move.end)
    if rules is not None and (rules.scoring != "fives" or rules.marking != "pips"):
        return rules.score(total)
    return total if total and total % 5 == 0 else 0


class HandState(ClaimSteps):
    """A hand in play. ``scores`` are the match scores per side, carried in so
    that a side reaching the target wins at once (the "immediate" rule)."""

    __slots__ = (
        "boneyard",
        "calls",
        "claim_steps",
        "forced_lead",
        "hands",
        "layout",
        "leader",
        "moves",
        "number",
        "out",
        "plain",
        "reason",
        "rules",
        "scores",
        "sides",
        "target",
        "to_move",
        "voided",
        "waiting",
        "winner",
    )

    def __init__(
        self,
        rules: Rules,
        hands: Sequence[Sequence[Tile]],
        boneyard: Sequence[Tile],
        leader: int,
        scores: Sequence[int] | None = None,
        number: int = 1,
        *,
        calls: bool = False,
    ) -> None:
        self.rules = rules
        # Whether a play scores its ends total when that is a multiple of 5
        # (All Fives); otherwise the rules' own count (Rules.score).
        self.plain = rules.scoring == "fives" and rules.marking == "pips" and rules.finish == "reach"
        self.hands: list[list[Tile]] = [list(h) for h in hands]
        self.boneyard: list[Tile] = list(boneyard)
        self.layout = Layout(spinner=rules.spinner)
        self.leader = leader
        self.to_move = leader
        self.number = number
        self.scores: list[int] = list(scores) if scores is not None else [0] * rules.sides
        self.sides: tuple[int, ...] = tuple(rules.side_of(s) for s in range(rules.players))
        self.target = rules.points_to_win if rules.win == "immediate" else 0
        forced = opening_lead(rules, self.hands)
        self.forced_lead: Tile | None = forced[1] if forced else None
        if forced is not None:
            # "highest-double": the holder of the highest double leads it.
            self.leader = self.to_move = forced[0]
        self.moves: list[Move] = []
        self.reason: Literal["domino", "blocked"] | None = None
        self.out: int | None = None
        self.winner: int | None = None
        # Under claims="called", a hand the match plays waits for each
        # play's claim (``calls``); the searches' hands score every count at
        # once, as if claimed right (docs/ai.md).
        self.calls = calls
        self.waiting: Waiting | None = None
        self.voided = False
        # Each claim and call, after how many moves it was made.
        self.claim_steps: list[tuple[int, Claim | Call]] = []

    @staticmethod
    def from_position(
        rules: Rules,
        layout: Layout,
        hands: Sequence[Sequence[Tile]],
        boneyard: Sequence[Tile],
        to_move: int,
        *,
        leader: int,
        scores: Sequence[int] | None = None,
        number: int = 1,
        moves: Sequence[Move] = (),
    ) -> HandState:
        """A hand part-way through: ``layout`` as it lies (it is copied), each
        seat's tiles now, the boneyard in draw order, and the seat to move.
        The computer players build their sampled deals with this; the caller
        vouches that the position could arise (no tile twice, the mover can
        play or the layout is empty)."""
        state = HandState(rules, hands, boneyard, leader, scores, number)
        state.layout = layout.copy()
        state.leader = leader
        state.to_move = to_move
        state.moves = list(moves)
        if layout.lead is not None:
            # The forced lead only binds the first move of the hand.
            state.forced_lead = None
        return state

    def copy(self) -> HandState:
        other = HandState.__new__(HandState)
        other.rules = self.rules
        other.plain = self.plain
        other.hands = [list(h) for h in self.hands]
        other.boneyard = list(self.boneyard)
        other.layout = self.layout.copy()
        other.leader = self.leader
        other.to_move = self.to_move
        other.number = self.number
        other.scores = list(self.scores)
        other.sides = self.sides
        other.target = self.target
        other.forced_lead = self.forced_lead
        other.moves = list(self.moves)
        other.reason = self.reason
        other.out = self.out
        other.winner = self.winner
        other.calls = self.calls
        other.waiting = self.waiting
        other.voided = self.voided
        other.claim_steps = list(self.claim_steps)
        return other

    # What the rules allow

    @property
    def is_over(self) -> bool:
        """The hand has ended, or the match was won during it."""
        return self.reason is not None or self.winner is not None

    def legal_moves(self) -> list[Move]:
        """Every move the player to move may make, with each end spelled out
        (none while a claim or a call is awaited)."""
        if self.reason is not None or self.winner is not None or self.waiting is not None:
            return []
        hand = self.hands[self.to_move]
        layout = self.layout
        if layout.lead is None:
            if self.forced_lead is not None:
                return [Move(self.forced_lead)]
            return [Move(t) for t in hand]
        # The hot path of every search: one bit test per tile and end.
        mask = layout.mask
        west, east, north, south = layout.open_pips
        moves: list[Move] = []
        add = moves.append
        if north == CLOSED:
            for t in hand:
                bits = t.mask
                if bits & mask:
                    row = MOVES[t.index]
                    if bits >> west & 1:
                        add(row[0])
                    if bits >> east & 1:
                        add(row[1])
        else:
            for t in hand:
                bits = t.mask
                if bits & mask:
                    row = MOVES[t.index]
                    if bits >> west & 1:
                        add(row[0])
                    if bits >> east & 1:
                        add(row[1])
                    if bits >> north & 1:
                        add(row[2])
                    if bits >> south & 1:
                        add(row[3])
        return moves

    def points_for(self, move: Move) -> int:
        """What ``move`` would score (it must be legal, its end resolved);
        under ``finish="exact"``, a score that would pass the target scores
        nothing."""
        points = points_for(self.layout, move, self.rules)
        if points and self.rules.finish == "exact":
            side = self.sides[self.to_move]
            if self.scores[side] + points > self.rules.points_to_win:
                return 0
        return points

    def check(self, move: Move) -> None:
        """Raise :class:`IllegalMove`, saying why, unless ``move`` is legal."""
        if self.is_over:
            raise IllegalMove("the hand is over", "hand_over")
        if self.waiting is not None:
            self._refuse_play(self.waiting)
        seat = self.to_move
        t = move.tile
        if t not in self.hands[seat]:
            raise IllegalMove(f"seat {seat} does not hold {t}", "not_held", {"seat": seat, "tile": str(t)})
        layout = self.layout
        if layout.lead is None:
            if move.end is not None:
                raise IllegalMove(f"the lead has no end to play on: write just {t}", "lead_end", {"tile": str(t)})
            if self.forced_lead is not None and t != self.forced_lead:
                raise IllegalMove(
                    f"the lead must be {self.forced_lead}", "forced_lead", {"tile": str(self.forced_lead)}
                )
            if move.west is not None and not t.has(move.west):
                raise IllegalMove(f"{t} has no {move.west} to face West")
            return
        ends = layout.ends_for(t)
        if not ends:
            open_ = ", ".join(f"{e.name} {layout.open_pips[e.value]}" for e in layout.open_ends())
            raise IllegalMove(f"{t} fits no open end ({open_})", "fits_nowhere", {"tile": str(t)})
        if move.end is None:
            if len(ends) > 1:
                which = " and ".join(e.name for e in ends)
                raise IllegalMove(f"{t} fits {which}: say which end", "which_end", {"tile": str(t)})
            return
        if move.end not in ends:
            if layout.open_pips[move.end] == CLOSED:
                raise IllegalMove(f"the {move.end.name} end is not open", "end_closed", {"end": move.end.name})
            raise IllegalMove(
                f"{t} does not fit the {move.end.name} end ({layout.open_pips[move.end]})",
                "not_fit",
                {"tile": str(t), "end": move.end.name},
            )

    def resolve(self, move: Move) -> Move:
        """``move`` with its end filled in when only one end accepts the tile."""
        if move.end is None and self.layout.lead is not None:
            ends = self.layout.ends_for(move.tile)
            if len(ends) == 1:
                return Move(move.tile, ends[0])
        return move

    # Playing

    def play(self, move: Move) -> list[Event]:
        """Make ``move`` for the player to move and report what followed: the
        play and its score, the draws and passes of the players after it, the
        end of the hand. An illegal move raises and changes nothing."""
        self.check(move)
        events: list[Event] = []
        self.apply(self.resolve(move), events)
        return events

    def apply(self, move: Move, events: list[Event] | None = None) -> int:
        """Make a move known to be legal (with its end resolved); return the
        points it scored. The search calls this with ``events=None``."""
        seat = self.to_move
        layout = self.layout
        hand = self.hands[seat]
        hand.remove(move.tile)
        layout.place(move)
        self.moves.append(move)
        total = layout.total
        over = voided = False
        if self.plain:
            points = total if total and total % 5 == 0 else 0
        else:
            points = self.rules.score(total)
            if points and self.rules.finish == "exact":
                # "Exact": a score that would pass the target is not counted.
                # Chipping out with a scoring play, the point for it is
                # scored with the play's, and both go if together they pass.
                chip = 1 if self.rules.hand_end == "chip-out" and not hand and self._all_out(seat) else 0
                if self.scores[self.sides[seat]] + points + chip > self.target:
                    points, over, voided = 0, True, chip == 1
        if self.calls:
            # "Called": the count waits for its player's claim.
            self.waiting = Waiting(seat, points)
            self.voided = voided
            if events is not None:
                events.append(Played(seat, move, total, points, tuple(self.scores), over, waits=True))
            return 0
        if points:
            side = self.sides[seat]
            self.scores[side] += points
            if self.target and self.scores[side] >= self.target:
                # "Immediate": reaching the target wins at once, mid-hand;
                # the hand is not scored further.
                self.winner = side
        if events is not None:
            events.append(Played(seat, move, total, points, tuple(self.scores), over))
            if self.winner is not None:
                events.append(MatchEnded(self.winner, tuple(self.scores)))
        if self.winner is not None:
            return points
        if not hand and self._all_out(seat):
            self._end("domino", seat, events, voided=voided)
        else:
            self._next_player(seat, events)
        return points

    def _add(self, side: int, points: int) -> tuple[int, bool]:
        """Score ``points`` for ``side``; under ``finish="exact"`` not when
        they would pass the target (then nothing, and True)."""
        if points and self.rules.finish == "exact" and self.scores[side] + points > self.rules.points_to_win:
            return 0, True
        self.scores[side] += points
        if points and self.target and self.scores[side] >= self.target:
            # "Immediate": reaching the target wins at once, mid-hand.
            self.winner = side
        return points, False

    def _won(self, events: list[Event]) -> bool:
        if self.winner is None:
            return False
        self.waiting = None
        events.append(MatchEnded(self.winner, tuple(self.scores)))
        return True

    def _ask(self, waiting: Waiting) -> None:
        """A claim waits for ``waiting.caller``'s call: it is that seat's step."""
        assert waiting.caller is not None
        self.waiting = waiting
        self.to_move = waiting.caller

    def _settled(self, seat: int, events: list[Event]) -> None:
        """The claim on ``seat``'s play is settled: the hand goes on, as it
        would have after the play."""
        self.waiting = None
        self.to_move = seat
        if not self.hands[seat] and self._all_out(seat):
            self._end("domino", seat, events, voided=self.voided)
        else:
            self._next_player(seat, events)

    def _all_out(self, seat: int) -> bool:
        """Whether ``seat``, just out of tiles, ends the hand: always, but
        where a partnership must chip out together ("chip-out" with
        partners), only once every seat of the side is out."""
        if self.rules.hand_end != "chip-out" or not self.rules.teams:
            return True
        side = self.sides[seat]
        return all(not self.hands[s] for s in range(self.rules.players) if self.sides[s] == side)

    def _next_player(self, seat: int, events: list[Event] | None) -> None:
        """Pass the turn on. A player who cannot play draws, one tile at a
        time, until a tile fits (and must play it); with the boneyard empty
        they pass. Under ``boneyard="closed"`` nobody draws: a player who
        cannot play knocks (a pass). A partner already out of tiles (see
        :meth:`_all_out`) is passed over without a word. When every player
        has passed in turn, the hand is blocked."""
        players = self.rules.players
        layout = self.layout
        boneyard = self.boneyard if self.rules.boneyard == "draw" else []
        passes = 0
        mask = layout.mask
        while True:
            seat = (seat + 1) % players
            hand = self.hands[seat]
            for t in hand:
                if t.mask & mask:
                    self.to_move = seat
                    return
            if not hand:
                # Out already, waiting for the partner to chip out.
                passes += 1
                if passes == players:
                    self.to_move = seat
                    self._end("blocked", None, events)
                    return
                continue
            while boneyard:
                t = boneyard.pop(0)
                hand.append(t)
                if events is not None:
                    events.append(Drew(seat, t))
                if t.mask & mask:
                    self.to_move = seat
                    return
            if events is not None:
                events.append(Passed(seat))
            passes += 1
            if passes == players:
                self.to_move = seat
                self._end("blocked", None, events)
                return

    def pips(self) -> tuple[int, ...]:
        """Each seat's remaining pips."""
        return tuple(sum(t.pips for t in hand) for hand in self.hands)

    def _end(
        self, reason: Literal["domino", "blocked"], out: int | None, events: list[Event] | None, voided: bool = False
    ) -> None:
        """End the hand and score it; ``voided``: the last play went out and,
        with the point for going out, would have passed an exact target, so
        neither counts."""
        self.reason = reason
        self.out = out
        pips = self.pips()
        change = (0,) * self.rules.sides if voided else hand_end_change(self.rules, pips, out)
        if self.rules.finish == "exact":
            # "Exact": a score that would pass the target is not counted.
            target = self.rules.points_to_win
            change = tuple(0 if d > 0 and self.scores[s] + d > target else d for s, d in enumerate(change))
        for side, delta in enumerate(change):
            self.scores[side] += delta
        self.winner = match_winner(self.rules, self.scores)
        if events is not None:
            events.append(HandEnded(self.number, reason, out, pips, change, tuple(self.scores)))
            if self.winner is not None:
                events.append(MatchEnded(self.winner, tuple(self.scores)))
