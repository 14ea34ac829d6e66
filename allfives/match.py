"""The match: hands one after another until a side reaches the target.

Chance is explicit. A new hand needs a :class:`Deal`, either shuffled from a
``random.Random`` passed in (:meth:`Match.deal`) or given (a record, a
tutorial, a test): :meth:`Match.start_hand`. Everything else follows from
the moves.

The match keeps its history: for every hand, the deal, the moves, what they
caused, and the scores before and after (:attr:`Match.history`, one
:class:`HandHistory` a hand). Undo, the score sheet, the record and a replay
read it; :meth:`Match.until` replays it to any earlier point. The computer
players search copies of the hand in play (:meth:`HandState.copy`), never of
the match, so the history costs them nothing.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Literal

from .claims import Claim, Step
from .deal import BONEYARD, FINGERPRINT_CHARS, MAX_SEED_CHARS, Deal, DealError, fingerprint
from .events import Event, HandEnded, HandStarted, Played
from .hand import ClaimRefused, HandState, IllegalMove, opening_lead
from .rules import SET_SIZE, Rules
from .tiles import TILES, Move, Tile

__all__ = ["FINGERPRINT_CHARS", "MAX_SEED_CHARS", "Deal", "DealError", "HandHistory", "Match", "fingerprint"]


def _place(place: int | str) -> str:
    """Where a tile lies, as the refusal's English says it."""
    return "the boneyard" if place == BONEYARD else f"seat {place}'s hand"


@dataclass(frozen=True, slots=True)
class HandHistory:
    """One hand as it was played: its ``deal`` (naming the leader, whether
    the rules or chance chose them), its ``moves`` in order, each with the
    end it went on, every event from the hand's start on, and each side's
    score before the deal and after the last move. A hand in play is its
    history so far.

    Draws and passes are no moves: they follow from the deal, and show in
    ``events``. Under ``claims="called"`` the claims and Muggins calls are
    steps between the moves: ``steps`` is every move, claim and call in
    order (the moves alone where there are none), as a record writes them.
    """

    number: int
    deal: Deal
    moves: tuple[Move, ...]
    events: tuple[Event, ...]
    scores_before: tuple[int, ...]
    scores_after: tuple[int, ...]
    steps: tuple[Step, ...] = ()

    @property
    def seats(self) -> tuple[int, ...]:
        """The seat that made each move."""
        return tuple(e.seat for e in self.events if isinstance(e, Played))

    @property
    def ended(self) -> HandEnded | None:
        """How the hand ended; None while it is in play, and when the match
        was won during it (the "immediate" rule ends it unscored)."""
        return next((e for e in reversed(self.events) if isinstance(e, HandEnded)), None)


class Match:
    """A match under ``rules``: the scores, the hands played, the hand in
    play, and the history of every hand (:attr:`history`).

    >>> from allfives import Match, Deal, Rules, tile, Move
    >>> m = Match(Rules(players=2, hand_size=3))
    >>> _ = m.start_hand(Deal.from_text([["5-5", "5-2", "5-1"], ["5-3", "5-0", "6-6"]], leader=0))
    >>> [str(e.to_json()["points"]) for e in m.play(Move.parse("5-5")) if hasattr(e, "points")]
    ['10']
    """

    def __init__(self, rules: Rules | None = None) -> None:
        self.rules = rules if rules is not None else Rules()
        self.scores: list[int] = [0] * self.rules.sides
        self.hands: list[HandState] = []
        self.winner: int | None = None
        # The history, hand by hand: the deal, the scores before it, and the
        # events so far (the moves are the hand state's own list). Appending
        # is all a move costs; :attr:`history` freezes it on request.
        self._deals: list[Deal] = []
        self._before: list[tuple[int, ...]] = []
        self._events: list[list[Event]] = []

    # The match flow

    @property
    def hand(self) -> HandState | None:
        """The hand in play, or the last one played."""
        return self.hands[-1] if self.hands else None

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def needs_deal(self) -> bool:
        """Whether the next step is dealing a new hand."""
        hand = self.hand
        return self.winner is None and (hand is None or hand.reason is not None)

    @property
    def leader_by_chance(self) -> bool:
        """Whether the next hand's leader is chosen at random: the first hand,
        and any hand after a blocked one, unless the highest double leads;
        under ``lead="rotate"`` the first hand only."""
        if self.rules.lead == "highest-double":
            return False
        hand = self.hand
        if self.rules.lead == "rotate":
            return hand is None
        return hand is None or hand.reason == "blocked"

    def next_leader(self, deal: Deal) -> int | None:
        """Who the rules say leads ``deal``, or None where chance decides."""
        forced = opening_lead(self.rules, deal.hands)
        if forced is not None:
            return forced[0]
        hand = self.hand
        if hand is not None and self.rules.lead == "rotate":
            # The lead passes to the left, hand after hand.
            return (hand.leader + 1) % self.rules.players
        if hand is not None and hand.reason == "domino":
            return hand.out
        return None

    def deal(self, rng: random.Random) -> list[Event]:
        """Shuffle and deal the next hand (a deal with no seed: see
        :meth:`deal_seed`)."""
        return self.start_hand(Deal.shuffle(self.rules, rng, choose_leader=self.leader_by_chance))

    def deal_seed(self, seed: str) -> list[Event]:
        """Deal the next hand from ``seed`` (:meth:`Deal.from_seed`): the
        record then carries the seed, and the deal can be verified."""
        return self.start_hand(Deal.from_seed(self.rules, seed, choose_leader=self.leader_by_chance))

    def start_hand(self, deal: Deal) -> list[Event]:
        """Start the next hand from ``deal``; a deal that breaks the rules
        raises :class:`DealError` and changes nothing."""
        if not self.needs_deal:
            raise DealError("the match is over" if self.is_over else "the hand in play is not over")
        leader = self._check_deal(deal)
        hand = HandState(
            self.rules,
            deal.hands,
            deal.boneyard,
            leader,
            self.scores,
            len(self.hands) + 1,
            calls=self.rules.claims == "called",
        )
        events: list[Event] = [HandStarted(hand.number, leader)]
        self.hands.append(hand)
        self._deals.append(Deal(tuple(tuple(h) for h in deal.hands), tuple(deal.boneyard), leader, deal.seed))
        self._before.append(tuple(self.scores))
        self._events.append(list(events))
        return events

    def _check_deal(self, deal: Deal) -> int:
        rules = self.rules
        if deal.seed is not None and (not isinstance(deal.seed, str) or not 0 < len(deal.seed) <= MAX_SEED_CHARS):
            raise DealError(f"a seed is a text of 1 to {MAX_SEED_CHARS} characters")
        if len(deal.hands) != rules.players:
            raise DealError(
                f"the deal has {len(deal.hands)} hands for {rules.players} players",
                "deal_hands",
                {"count": len(deal.hands), "players": rules.players},
            )
        for seat, tiles in enumerate(deal.hands):
            if len(tiles) != rules.deal_size:
                raise DealError(
                    f"seat {seat} is dealt {len(tiles)} tiles; the rules deal {rules.deal_size}",
                    "dealt_count",
                    {"seat": seat, "count": len(tiles), "deal": rules.deal_size},
                )
        # Where each tile lies: a seat's hand (by its number) or the boneyard.
        where: dict[Tile, int | str] = {}
        places: list[tuple[int | str, Sequence[Tile]]] = [*enumerate(deal.hands), (BONEYARD, deal.boneyard)]
        for place, lying in places:
            for t in lying:
                if t in where:
                    raise DealError(
                        f"{t} is in {_place(where[t])} and again in {_place(place)}",
                        "dealt_twice",
                        {"tile": str(t), "first": where[t], "second": place},
                    )
                where[t] = place
        if len(where) != SET_SIZE:
            missing = ", ".join(str(t) for t in TILES if t not in where)
            raise DealError(f"the deal and boneyard lack {missing}", "missing", {"tiles": missing})
        ruled = self.next_leader(deal)
        if ruled is not None:
            if deal.leader is not None and deal.leader != ruled:
                raise DealError(
                    f"seat {ruled} leads this hand by the rules, not seat {deal.leader}",
                    "leader",
                    {"seat": ruled, "other": deal.leader},
                )
            return ruled
        if deal.leader is None:
            raise DealError("the leader of this hand is chosen at random: the deal must name it", "no_leader")
        if not isinstance(deal.leader, int) or isinstance(deal.leader, bool) or not 0 <= deal.leader < rules.players:
            raise DealError(
                f"the leader must be a seat from 0 to {rules.players - 1}, not {deal.leader!r}", "no_leader"
            )
        return deal.leader

    # Playing

    @property
    def to_move(self) -> int | None:
        """The seat whose step it is (a move, or under ``claims="called"`` a
        claim or a call: :attr:`step`), or None between hands and at the
        end."""
        hand = self.hand
        if hand is None or hand.is_over:
            return None
        return hand.to_move

    @property
    def step(self) -> Literal["play", "claim", "call"] | None:
        """What :attr:`to_move` is to do: ``"play"`` a tile, ``"claim"``
        its play's count, or ``"call"`` Muggins on a claim (or let it pass);
        None between hands and at the end."""
        hand = self.hand
        return None if hand is None else hand.step

    def legal_moves(self) -> list[Move]:
        hand = self.hand
        return [] if hand is None else hand.legal_moves()

    def play(self, move: Move) -> list[Event]:
        """Make the next move; an illegal one raises :class:`IllegalMove`
        and changes nothing."""
        hand = self.hand
        if self.winner is not None:
            raise IllegalMove("the match is over", "match_won")
        if hand is None or hand.is_over:
            raise IllegalMove("deal the next hand first", "hand_over")
        events = hand.play(move)
        return self._took(hand, events)

    def claim(self, seat: int, count: int) -> list[Event]:
        """``seat`` claims ``count`` for the play it has just made, under
        ``claims="called"`` (:meth:`HandState.claim`); a refused claim
        raises :class:`~allfives.hand.ClaimRefused` and changes nothing."""
        hand = self._hand_for_claims()
        return self._took(hand, hand.claim(seat, count))

    def call(self, seat: int, muggins: bool = True) -> list[Event]:
        """``seat`` calls "Muggins" on the claim waiting (or, with
        ``muggins`` False, lets it pass) (:meth:`HandState.call`); a refused
        call raises :class:`~allfives.hand.ClaimRefused` and changes nothing."""
        hand = self._hand_for_claims()
        return self._took(hand, hand.call(seat, muggins))

    def take(self, step: Step) -> list[Event]:
        """The next step, whatever it is: a move, or a claim or call by the
        seat whose step it is (a record's moves are read this way)."""
        if isinstance(step, Move):
            return self.play(step)
        seat = self.to_move
        if seat is None:
            self._hand_for_claims()
            raise AssertionError("a hand in play has a seat to move")
        if isinstance(step, Claim):
            return self.claim(seat, step.count)
        return self.call(seat, step.muggins)

    def _hand_for_claims(self) -> HandState:
        hand = self.hand
        if self.winner is not None:
            raise ClaimRefused("the match is over", "match_won")
        if hand is None or hand.is_over:
            raise ClaimRefused("deal the next hand first", "hand_over")
        return hand

    def _took(self, hand: HandState, events: list[Event]) -> list[Event]:
        self.scores = list(hand.scores)
        self.winner = hand.winner
        self._events[-1].extend(events)
        return events

    # The history

    @property
    def history(self) -> tuple[HandHistory, ...]:
        """Every hand dealt so far, in order, the one in play last: see
        :class:`HandHistory`. What a record writes, and what undo, the score
        sheet and :meth:`until` read."""
        count = len(self.hands)
        return tuple(
            HandHistory(
                hand.number,
                self._deals[i],
                tuple(hand.moves),
                tuple(self._events[i]),
                self._before[i],
                self._before[i + 1] if i + 1 < count else tuple(self.scores),
                tuple(hand.steps) if hand.claim_steps else tuple(hand.moves),
            )
            for i, hand in enumerate(self.hands)
        )

    @property
    def deals(self) -> list[Deal]:
        """Each hand's deal, naming its leader."""
        return list(self._deals)

    @property
    def log(self) -> tuple[Event, ...]:
        """What happened in the hand in play (or the last one), from its start."""
        return tuple(self._events[-1]) if self._events else ()

    def seats_moved(self, index: int) -> tuple[int, ...]:
        """The seat that made each move of hand ``index`` (0 for the first)."""
        return tuple(e.seat for e in self._events[index] if isinstance(e, Played))

    def until(self, hand: int, moves: int | None = None, *, alone: bool = False) -> Match:
        """A new match, as this one stood after the first ``moves`` moves of
        hand ``hand`` (1 for the first; every move it has when ``moves`` is
        None; hand 0 is the match before the first deal). It is played
        again from the history, the kept deals and moves, so it is exact:
        the same scores, events and history up to that point; under
        ``claims="called"`` the claims and calls that follow the last move
        kept are kept with it. With
        ``alone``, that hand alone, dealt as the first of a new match: it is
        hand 1 there, and where the rules chose its leader (the winner of
        the hand before), a first hand's leader is read as its seed's, so
        :mod:`allfives.verify` may find it changed (the game's links and
        replays keep the hands before). This match is unchanged; a point it
        has not reached raises ``ValueError`` saying why.

        >>> from allfives import Match, Deal, Rules, Move
        >>> m = Match(Rules(players=2, hand_size=3))
        >>> _ = m.start_hand(Deal.from_text([["5-5", "5-2", "5-1"], ["5-3", "5-0", "6-6"]], leader=0))
        >>> _ = m.play(Move.parse("5-5")), m.play(Move.parse("5-3 E"))
        >>> [str(move) for move in m.until(1, 1).history[0].moves]
        ['5-5']
        """
        history = self.history
        if not 0 <= hand <= len(history):
            raise ValueError(f"there is no hand {hand} to cut at: the match has {_hands(len(history))}")
        if hand == 0:
            if alone or moves:
                raise ValueError("hand 0 is the match before the first deal: it has no moves to keep")
            return Match(self.rules)
        kept = history[hand - 1]
        count = len(kept.moves) if moves is None else moves
        if not 0 <= count <= len(kept.moves):
            raise ValueError(f"hand {hand} has {_moves(len(kept.moves))}: cannot keep {count}")
        match = Match(self.rules)
        for past in () if alone else history[: hand - 1]:
            match._replay(past.deal, past.steps)
        match._replay(kept.deal, _first_moves(kept.steps, count))
        return match

    def _replay(self, deal: Deal, steps: Sequence[Step]) -> None:
        self.start_hand(deal)
        for step in steps:
            self.take(step)

    def dealt(self, hand: int) -> HandState:
        """Hand ``hand`` (1 for the first) as it stood when it was dealt,
        before its first move: a new state, from the kept deal and the
        scores before it, with no replay of the hands before it.

        >>> from allfives import Match, Deal, Rules, Move
        >>> m = Match(Rules(players=2, hand_size=3))
        >>> _ = m.start_hand(Deal.from_text([["5-5", "5-2", "5-1"], ["5-3", "5-0", "6-6"]], leader=0))
        >>> _ = m.play(Move.parse("5-5"))
        >>> [str(tile) for tile in m.dealt(1).hands[0]], m.dealt(1).moves
        (['5-5', '5-2', '5-1'], [])
        """
        if not 1 <= hand <= len(self.hands):
            raise ValueError(f"there is no hand {hand}: the match has {_hands(len(self.hands))}")
        deal = self._deals[hand - 1]
        assert deal.leader is not None, "a kept deal names its leader"
        return HandState(self.rules, deal.hands, deal.boneyard, deal.leader, self._before[hand - 1], hand)

    def positions(self) -> Iterator[tuple[Match, tuple[Event, ...]]]:
        """This match played again from its history, a step at a time, as
        :func:`allfives.record.positions` reads a record: a new match after
        each hand's deal and after each move, with what that step caused.
        It is one match, moving on from step to step: copy what you keep of
        it. Each move is played once, so a walk costs what one replay does
        (a review walks a match this way)."""
        match = Match(self.rules)
        for hand in self.history:
            yield match, tuple(match.start_hand(hand.deal))
            for step in hand.steps:
                yield match, tuple(match.take(step))

    def copy(self) -> Match:
        other = Match(self.rules)
        other.scores = list(self.scores)
        other.hands = [h.copy() for h in self.hands]
        other.winner = self.winner
        other._deals = list(self._deals)
        other._before = list(self._before)
        other._events = [list(e) for e in self._events]
        return other


def _first_moves(steps: Sequence[Step], count: int) -> list[Step]:
    """``steps`` up to the ``count``-th move, with the claims and calls
    that follow it (up to the next move)."""
    kept: list[Step] = []
    moves = 0
    for step in steps:
        if isinstance(step, Move):
            if moves == count:
                break
            moves += 1
        kept.append(step)
    return kept


def _hands(count: int) -> str:
    return f"{count} hand" if count == 1 else f"{count} hands"


def _moves(count: int) -> str:
    return f"{count} move" if count == 1 else f"{count} moves"
