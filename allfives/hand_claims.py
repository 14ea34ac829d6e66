"""Muggins' claims in a hand (``claims="called"``; docs/rules.md, "Muggins'
claims"): after a play its player claims the count, and each opponent in
turn may call "Muggins" on a claim that is not the count made. The steps of
:class:`~allfives.hand.HandState` that do it, kept apart from the play of
tiles; the claims' values are :mod:`allfives.claims`'."""

from __future__ import annotations

from typing import Literal

from .claims import Call, Claim, Step, Waiting
from .events import Called, Claimed, Event, LetPass
from .refusal import ClaimRefused, IllegalMove
from .rules import Rules
from .tiles import Move

__all__ = ["ClaimSteps"]


class ClaimSteps:
    """What :class:`~allfives.hand.HandState` does under claims: whose step
    it is, every step in order, a claim and a call (each checked first, a
    refusal changing nothing). The hand's own state and scoring are its:
    the methods below that raise NotImplementedError are HandState's."""

    __slots__ = ()

    rules: Rules
    moves: list[Move]
    claim_steps: list[tuple[int, Claim | Call]]
    waiting: Waiting | None
    to_move: int
    sides: tuple[int, ...]
    scores: list[int]

    @property
    def is_over(self) -> bool:
        raise NotImplementedError

    def _add(self, side: int, points: int) -> tuple[int, bool]:
        raise NotImplementedError

    def _won(self, events: list[Event]) -> bool:
        raise NotImplementedError

    def _settled(self, seat: int, events: list[Event]) -> None:
        raise NotImplementedError

    def _ask(self, waiting: Waiting) -> None:
        raise NotImplementedError

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
            self._ask(Waiting(seat, waiting.made, count, caller))
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
            self._ask(Waiting(waiting.seat, waiting.made, waiting.claimed, caller))
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
