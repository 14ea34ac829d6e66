"""The match: hands one after another until a side reaches the target.

Chance is explicit. A new hand needs a :class:`Deal`, either shuffled from a
``random.Random`` passed in (:meth:`Match.deal`) or given (a record, a
tutorial, a test): :meth:`Match.start_hand`. Everything else follows from
the moves.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from .chance import shuffle
from .events import Event, HandStarted
from .hand import HandState, IllegalMove, opening_lead
from .rules import SET_SIZE, Rules
from .tiles import TILES, Move, Tile

__all__ = ["Deal", "DealError", "Match"]


class DealError(ValueError):
    """A deal that does not fit the rules; nothing was changed."""


@dataclass(frozen=True, slots=True)
class Deal:
    """Each seat's tiles, the boneyard in draw order, and who leads (needed
    only where the rules leave the lead to chance)."""

    hands: tuple[tuple[Tile, ...], ...]
    boneyard: tuple[Tile, ...]
    leader: int | None = None

    @staticmethod
    def shuffle(rules: Rules, rng: random.Random, *, choose_leader: bool = True) -> Deal:
        """Shuffle the 28 tiles face down and deal them; pick the leader at
        random when ``choose_leader``. The same seed deals the same tiles on
        CPython and Pyodide."""
        tiles = list(TILES)
        shuffle(tiles, rng)
        size = rules.deal_size
        hands = tuple(tuple(tiles[i * size : (i + 1) * size]) for i in range(rules.players))
        boneyard = tuple(tiles[rules.players * size :])
        leader = rng.randrange(rules.players) if choose_leader else None
        return Deal(hands, boneyard, leader)

    @staticmethod
    def from_text(
        hands: Sequence[Sequence[str]], boneyard: Sequence[str] | None = None, leader: int | None = None
    ) -> Deal:
        """A deal written as text. Without ``boneyard``, every other tile goes
        to the boneyard in set order (0-0 first), for tests and tutorials."""
        dealt = tuple(tuple(Tile.parse(t) for t in hand) for hand in hands)
        if boneyard is None:
            taken = {t for hand in dealt for t in hand}
            rest = tuple(t for t in TILES if t not in taken)
        else:
            rest = tuple(Tile.parse(t) for t in boneyard)
        return Deal(dealt, rest, leader)


class Match:
    """A match under ``rules``: the scores, the hands played, the hand in play.

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
        self.deals: list[Deal] = []
        self.log: list[Event] = []
        self.winner: int | None = None
        # The seat that made each move of each hand, hand by hand.
        self.movers: list[list[int]] = []

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
        and any hand after a blocked one, unless the highest double leads."""
        if self.rules.lead == "highest-double":
            return False
        hand = self.hand
        return hand is None or hand.reason == "blocked"

    def next_leader(self, deal: Deal) -> int | None:
        """Who the rules say leads ``deal``, or None where chance decides."""
        forced = opening_lead(self.rules, deal.hands)
        if forced is not None:
            return forced[0]
        hand = self.hand
        if hand is not None and hand.reason == "domino":
            return hand.out
        return None

    def deal(self, rng: random.Random) -> list[Event]:
        """Shuffle and deal the next hand."""
        return self.start_hand(Deal.shuffle(self.rules, rng, choose_leader=self.leader_by_chance))

    def start_hand(self, deal: Deal) -> list[Event]:
        """Start the next hand from ``deal``; a deal that breaks the rules
        raises :class:`DealError` and changes nothing."""
        if not self.needs_deal:
            raise DealError("the match is over" if self.is_over else "the hand in play is not over")
        leader = self._check_deal(deal)
        hand = HandState(self.rules, deal.hands, deal.boneyard, leader, self.scores, len(self.hands) + 1)
        self.hands.append(hand)
        self.deals.append(Deal(deal.hands, deal.boneyard, leader))
        self.movers.append([])
        events: list[Event] = [HandStarted(hand.number, leader)]
        self.log = list(events)
        return events

    def _check_deal(self, deal: Deal) -> int:
        rules = self.rules
        if len(deal.hands) != rules.players:
            raise DealError(f"the deal has {len(deal.hands)} hands for {rules.players} players")
        for seat, tiles in enumerate(deal.hands):
            if len(tiles) != rules.deal_size:
                raise DealError(f"seat {seat} is dealt {len(tiles)} tiles; the rules deal {rules.deal_size}")
        where: dict[Tile, str] = {}
        places = [(f"seat {seat}'s hand", tiles) for seat, tiles in enumerate(deal.hands)] + [
            ("the boneyard", deal.boneyard)
        ]
        for place, tiles in places:
            for t in tiles:
                if t in where:
                    raise DealError(f"{t} is in {where[t]} and again in {place}")
                where[t] = place
        if len(where) != SET_SIZE:
            missing = ", ".join(str(t) for t in TILES if t not in where)
            raise DealError(f"the deal and boneyard lack {missing}")
        ruled = self.next_leader(deal)
        if ruled is not None:
            if deal.leader is not None and deal.leader != ruled:
                raise DealError(f"seat {ruled} leads this hand by the rules, not seat {deal.leader}")
            return ruled
        if deal.leader is None:
            raise DealError("the leader of this hand is chosen at random: the deal must name it")
        if not isinstance(deal.leader, int) or isinstance(deal.leader, bool) or not 0 <= deal.leader < rules.players:
            raise DealError(f"the leader must be a seat from 0 to {rules.players - 1}, not {deal.leader!r}")
        return deal.leader

    # Playing

    @property
    def to_move(self) -> int | None:
        """The seat whose move it is, or None between hands and at the end."""
        hand = self.hand
        if hand is None or hand.is_over:
            return None
        return hand.to_move

    def legal_moves(self) -> list[Move]:
        hand = self.hand
        return [] if hand is None else hand.legal_moves()

    def play(self, move: Move) -> list[Event]:
        """Make the next move; an illegal one raises :class:`IllegalMove`
        and changes nothing."""
        hand = self.hand
        if self.winner is not None:
            raise IllegalMove("the match is over")
        if hand is None or hand.is_over:
            raise IllegalMove("deal the next hand first")
        seat = hand.to_move
        events = hand.play(move)
        self.movers[-1].append(seat)
        self.scores = list(hand.scores)
        self.winner = hand.winner
        self.log.extend(events)
        return events

    def copy(self) -> Match:
        other = Match(self.rules)
        other.scores = list(self.scores)
        other.hands = [h.copy() for h in self.hands]
        other.deals = list(self.deals)
        other.log = list(self.log)
        other.winner = self.winner
        other.movers = [list(m) for m in self.movers]
        return other

    def seats_moved(self, index: int) -> tuple[int, ...]:
        """The seat that made each move of hand ``index`` (0 for the first)."""
        return tuple(self.movers[index])
