"""One hand: the deal, whose turn it is, legal moves, drawing and passing,
scoring each play, and scoring the end of the hand.

A :class:`HandState` is mutable and cheap to :meth:`~HandState.copy`, so the
computer players can search it; :class:`~allfives.match.Match` wraps it with
the match flow and the record.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from .claims import Call, Claim, Step, Waiting
from .events import Called, Claimed, Drew, Event, HandEnded, LetPass, MatchEnded, Passed, Played
from .layout import CLOSED, ENDS, Layout
from .refusal import Refused
from .rules import Rules
from .tiles import TILES, Move, Tile

__all__ = ["ClaimRefused", "HandCount", "HandState", "IllegalMove", "hand_count", "opening_lead", "points_for"]


# Every move onto an end, made once: MOVES[tile.index][arm].
MOVES: tuple[tuple[Move, ...], ...] = tuple(tuple(Move(t, end) for end in ENDS) for t in TILES)


class IllegalMove(Refused):
    """A move the rules do not allow here; nothing was changed. Its code
    says why (:class:`~allfives.refusal.Refused`)."""


class ClaimRefused(IllegalMove):
    """A claim or a Muggins call the rules do not allow here (not this
    seat's step, a negative count, nothing waiting for one...); nothing was
    changed. Its code says why."""


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


class HandState:
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

    # Muggins' claims (claims="called"; docs/rules.md, "Muggins' claims")

    @property
    def step(self) -> Literal["play", "claim", "call"] | None:
        """What the seat to move is to do: play a tile, claim its play's
        count, or call "Muggins" on a claim (or let it pass); None once the
        hand is over."""
        if self.is_over:
            return None
        waiting = self.waiting
        if waiting is None:
            return "play"
        return "claim" if waiting.claimed is None else "call"

    @property
    def steps(self) -> list[Step]:
        """Every move, claim and call of the hand so far, in order."""
        steps: list[Step] = []
        claims = iter(self.claim_steps)
        after, said = next(claims, (None, None))
        for index, move in enumerate([*self.moves, None]):
            while said is not None and after == index:
                steps.append(said)
                after, said = next(claims, (None, None))
            if move is not None:
                steps.append(move)
        return steps

    def _refuse_play(self, waiting: Waiting) -> None:
        if waiting.claimed is None:
            raise IllegalMove(
                f"seat {waiting.seat} is to claim its play's count first", "claim_waiting", {"seat": waiting.seat}
            )
        raise IllegalMove(
            f"seat {waiting.caller} is to call Muggins or let it pass first", "call_waiting", {"seat": waiting.caller}
        )

    def check_claim(self, seat: int, count: int) -> Waiting:
        """Raise :class:`ClaimRefused`, saying why, unless ``seat`` may claim
        ``count`` now; return what waits for the claim."""
        waiting = self._waiting_for(seat)
        if waiting.claimed is not None:
            raise ClaimRefused(
                f"seat {waiting.caller} is to call Muggins or let it pass, not seat {seat} to claim",
                "call_waiting",
                {"seat": waiting.caller},
            )
        if seat != waiting.seat:
            raise ClaimRefused(
                f"seat {waiting.seat} claims its own play's count, not seat {seat}",
                "not_your_claim",
                {"seat": waiting.seat},
            )
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            raise ClaimRefused(f"a claim is a whole number from 0, not {count!r}", "claim_count")
        step = 5 if self.rules.marking == "pips" else 1
        if count % step:
            raise ClaimRefused(
                f"every count is a multiple of {step}: {count} is not", "claim_step", {"count": count, "step": step}
            )
        return waiting

    def check_call(self, seat: int) -> Waiting:
        """Raise :class:`ClaimRefused`, saying why, unless ``seat`` may call
        Muggins (or let it pass) now; return the claim it is called on."""
        waiting = self._waiting_for(seat)
        if waiting.claimed is None:
            raise ClaimRefused(
                f"seat {waiting.seat} has not claimed its count yet", "claim_waiting", {"seat": waiting.seat}
            )
        if seat != waiting.caller:
            raise ClaimRefused(
                f"seat {waiting.caller} is to call Muggins or let it pass, not seat {seat}",
                "not_your_call",
                {"seat": waiting.caller},
            )
        return waiting

    def _waiting_for(self, seat: int) -> Waiting:
        if self.is_over:
            raise ClaimRefused("the hand is over", "hand_over")
        waiting = self.waiting
        if waiting is None:
            raise ClaimRefused(
                f"nothing waits for a claim or a call: seat {self.to_move} is to play",
                "nothing_to_claim",
                {"seat": self.to_move},
            )
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.rules.players:
            raise ClaimRefused(f"there is no seat {seat!r}")
        return waiting

    def claim(self, seat: int, count: int) -> list[Event]:
        """``seat`` claims ``count`` for the play it has just made (0: lets
        it pass). A claim no more than the count made scores it; more scores
        nothing. A claim that is not the count made waits for the opponents'
        calls (:meth:`call`); a right one lets the hand go on. A refused
        claim raises :class:`ClaimRefused` and changes nothing."""
        waiting = self.check_claim(seat, count)
        events: list[Event] = []
        self.claim_steps.append((len(self.moves), Claim(count)))
        points, over = self._add(self.sides[seat], count if count <= waiting.made else 0)
        events.append(Claimed(seat, count, waiting.made, points, tuple(self.scores), over))
        if self._won(events):
            return events
        caller = None if count == waiting.made else self._next_caller(seat, seat)
        if caller is None:
            self._settled(seat, events)
        else:
            self.waiting = Waiting(seat, waiting.made, count, caller)
            self.to_move = caller
        return events

    def call(self, seat: int, muggins: bool) -> list[Event]:
        """``seat`` calls "Muggins" on the claim waiting (``muggins``) and
        scores what it missed, or the overstatement as a penalty; or lets it
        pass, and the next opponent may call. A refused call raises
        :class:`ClaimRefused` and changes nothing."""
        waiting = self.check_call(seat)
        events: list[Event] = []
        self.claim_steps.append((len(self.moves), Call(muggins)))
        if muggins:
            missed = waiting.missed
            reason: Literal["missed", "overstated"] = "missed" if missed else "overstated"
            points, over = self._add(self.sides[seat], missed or waiting.overstated)
            events.append(Called(seat, waiting.seat, reason, points, tuple(self.scores), over))
            if self._won(events):
                return events
            self._settled(waiting.seat, events)
            return events
        events.append(LetPass(seat, waiting.seat))
        caller = self._next_caller(waiting.seat, seat)
        if caller is None:
            self._settled(waiting.seat, events)
        else:
            self.waiting = Waiting(waiting.seat, waiting.made, waiting.claimed, caller)
            self.to_move = caller
        return events

    def _next_caller(self, player: int, after: int) -> int | None:
        """The next opponent of ``player`` after seat ``after``, going round
        from the player's left; None once every opponent has had the call."""
        players = self.rules.players
        side = self.sides[player]
        seat = after
        while True:
            seat = (seat + 1) % players
            if seat == player:
                return None
            if self.sides[seat] != side:
                return seat

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


@dataclass(frozen=True, slots=True)
class HandCount:
    """What the end of a hand counted, as the rules score it.

    ``pips`` is each seat's remaining pips and ``side_pips`` each side's
    total. Under ``marking="count"`` every rounded figure is written as one
    point per five (15 pips: 3). ``rounded`` is each seat's pips rounded to 5 on their own where
    the rule rounds them so ("subtract-own"), and ``None`` where it rounds
    only a total ("winner-takes": the scorer takes the others' pips,
    totalled, then rounded). ``scorer`` is the side that takes the others'
    pips (``None`` under "subtract-own", and in a blocked hand tied for
    fewest); ``change`` is how each side's score moves."""

    pips: tuple[int, ...]
    side_pips: tuple[int, ...]
    rounded: tuple[int, ...] | None
    scorer: int | None
    change: tuple[int, ...]


def hand_count(rules: Rules, pips: Sequence[int], out: int | None) -> HandCount:
    """What the end of a hand counts: see :class:`HandCount` and
    :func:`hand_end_change`.

    >>> hand_count(Rules(hand_end="winner-takes"), (0, 7), 0).change
    (5, 0)
    """
    sides = rules.sides
    side_pips = [0] * sides
    for seat, p in enumerate(pips):
        side_pips[rules.side_of(seat)] += p
    change = [0] * sides
    if rules.hand_end == "chip-out":
        # One point for going out; a blocked hand scores nothing.
        chipped = None if out is None else rules.side_of(out)
        if chipped is not None:
            change[chipped] = 1
        return HandCount(tuple(pips), tuple(side_pips), None, chipped, tuple(change))
    if rules.hand_end == "subtract-own":
        rounded = tuple(rules.hand_points(p) for p in pips)
        for seat, r in enumerate(rounded):
            change[rules.side_of(seat)] -= r
        return HandCount(tuple(pips), tuple(side_pips), rounded, None, tuple(change))
    scorer: int | None
    if out is not None:
        scorer = rules.side_of(out)
    else:
        fewest = min(side_pips)
        lowest = [s for s in range(sides) if side_pips[s] == fewest]
        scorer = lowest[0] if len(lowest) == 1 else None
    if scorer is not None:
        change[scorer] = rules.hand_points(sum(side_pips) - side_pips[scorer])
    return HandCount(tuple(pips), tuple(side_pips), None, scorer, tuple(change))


def hand_end_change(rules: Rules, pips: Sequence[int], out: int | None) -> tuple[int, ...]:
    """How each side's score changes when the hand ends.

    "subtract-own": every player's pips, rounded to the nearest 5 on their
    own, come off their side's score. "winner-takes": the side that went out
    scores the opponents' pips, totalled and then rounded; in a blocked hand
    the side with the fewest pips scores the others' total, and a tie for
    fewest scores nothing. "chip-out": one point to the side that went out
    (every partner out, in partnerships); a blocked hand scores nothing.
    Under ``marking="count"`` pips are written one point per five.
    """
    sides = rules.sides
    change = [0] * sides
    if rules.hand_end == "subtract-own":
        for seat, p in enumerate(pips):
            change[rules.side_of(seat)] -= rules.hand_points(p)
        return tuple(change)
    return hand_count(rules, pips, out).change


def match_winner(rules: Rules, scores: Sequence[int]) -> int | None:
    """After a hand's end scoring: the side that has won, if any. Under
    "hand-end" the highest side at or over the target wins; a tie plays on."""
    target = rules.points_to_win
    best = max(scores)
    if best < target:
        return None
    leaders = [s for s, v in enumerate(scores) if v == best]
    return leaders[0] if len(leaders) == 1 else None
