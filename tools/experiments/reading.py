"""Reading the other players' plays as the searches they would have made.

A strong player's choice says something about the tiles it held: it picked
the move its own judgement valued most, and that judgement depended on its
hand. The finest cheap reading of that (:mod:`tools.experiments.choices`,
a model fitted on features anyone could see) tells little
(docs/benchmarks.md), because a searching player's choice turns on things no one-move feature catches. This
module reads a play by *redoing the player's search* on a sampled hand: for
the hand it would have held then (the sampled tiles it holds now, and those
it has played since), it values each move it could have made the way the
reference level does, on a few sampled deals of what *it* could not see
(from its own view at that moment, its draws and passes and ours read as
usual), with Easy's playouts. Its choice is then a softmax of those values:
the chance that a player holding that hand made that move.

That costs a small search for every play read and every sampled hand, so
an Expert given :class:`SearchReading` (the ``expert-read`` variant) weighs
a few dozen sampled hands this way (:class:`Weighed`) and then searches on
them, each hand with the boneyard's order sampled afresh every
time it comes round. Only the plays since each player's last draw are read
(before it, its hand is not known), and only the most recent few.
"""

from __future__ import annotations

import math
import random
from collections.abc import Generator
from dataclasses import dataclass, replace

from allfives.chance import shuffle
from allfives.events import Drew, Played
from allfives.hand import MOVES, HandState
from allfives.layout import Layout
from allfives.players.expert import FromView
from allfives.players.knowledge import Deals, Knowledge, since_draws
from allfives.players.rollout import rollout
from allfives.players.search import Deadline, margin
from allfives.tiles import TILES, Move, Tile
from allfives.view import SeatView

__all__ = ["PastPlay", "SearchReading", "Weighed", "past_plays"]

READ_HANDS = 64  # sampled hands weighed by redoing the other player's searches
READ_DEALS = 8  # sampled deals each of those searches is redone with
READ_LAST = 2  # the other player's plays read that way, the most recent
READ_SHARE = 0.5  # of the budget, at most, for the reading

SHARPNESS = {8: 0.11, 16: 0.166}
"""How sharply a player's choice follows its search's values, per point of
mean margin, by the number of sampled deals that search is redone with
(fitted by maximum likelihood to the reference level's own choices: the
fewer the deals, the noisier the values, and the softer the fit). Other
numbers of deals take 16's."""


@dataclass(frozen=True, slots=True)
class PastPlay:
    """A play by another seat, with what that seat knew then (``know``: its
    view then, less its own hand, which a sampled deal supplies)."""

    seat: int
    know: Knowledge
    layout: Layout
    move: Move
    later: tuple[Tile, ...]  # the tiles the seat has played since, this one included


def past_plays(view: SeatView, last: int) -> tuple[PastPlay, ...]:
    """The other players' plays since their last draws (the most recent
    ``last`` of them), leads left out."""
    rules = view.rules

    def then(
        layout: Layout, moves: tuple[Move, ...], event: Played, sizes: list[int]
    ) -> tuple[Layout, tuple[int, ...]] | None:
        return None if layout.lead is None else (layout.copy(), tuple(sizes))

    out = []
    for seat, (layout, sizes), event, later in since_draws(view, then)[-last:] if last else ():
        # The history as that seat saw it then (every draw's tile hidden),
        # and the scores before the points played since.
        i = view.history.index(event)
        history = tuple(Drew(e.seat, None) if isinstance(e, Drew) else e for e in view.history[:i])
        scores = list(view.scores)
        for e in view.history[i:]:
            if isinstance(e, Played):
                scores[rules.side_of(e.seat)] -= e.points
        seen_then = SeatView(
            seat=seat,
            rules=rules,
            hand=tuple(later),
            layout=layout,
            to_move=seat,
            hand_sizes=sizes,
            boneyard_size=len(TILES) - sum(sizes) - len(layout.tiles()),
            scores=tuple(scores),
            hand_number=view.hand_number,
            leader=view.leader,
            history=history,
            legal_moves=(),
        )
        know = replace(Knowledge.from_view(seen_then), plays=())
        out.append(PastPlay(seat, know, layout, event.move, tuple(later)))
    return tuple(out)


def chance_of(play: PastPlay, held: tuple[Tile, ...], rng: random.Random, deals: int) -> float:
    """The chance that ``play.seat``, holding ``held`` then, made ``play.move``:
    each move it had valued by its own search on ``deals`` sampled deals."""
    layout = play.layout
    moves = [MOVES[t.index][end] for t in held for end in layout.ends_for(t)]
    if len(moves) <= 1:
        return 1.0
    on = set(layout.tiles())
    know = replace(play.know, hand=held, hidden=tuple(t for t in TILES if t not in on and t not in held))
    side = know.rules.side_of(play.seat)
    values = [0.0] * len(moves)
    for _ in range(deals):
        deal = know.sample(rng)
        before = tuple(deal.scores)
        for i, m in enumerate(moves):
            values[i] += margin(before, rollout(deal, "greedy", first=m), side)
    sharp = SHARPNESS.get(deals, SHARPNESS[16]) / deals
    top = max(values)
    odds = [math.exp(sharp * (v - top)) for v in values]
    made = sum(o for m, o in zip(moves, odds, strict=True) if m == play.move)
    return made / sum(odds)


class Weighed:
    """Sampled deals weighed by how well they explain the other players'
    recent plays (:func:`chance_of`), ready for a search: :meth:`sample`
    gives them in turn, each with the boneyard's order sampled afresh, and
    :meth:`likelihood` its weight. It takes :class:`Knowledge`'s place."""

    def __init__(self, know: Knowledge, plays: tuple[PastPlay, ...]) -> None:
        self.know = know
        self.plays = plays
        self.deals: list[HandState] = []
        self.weights: list[float] = []
        self.turn = 0
        self.last: tuple[HandState | None, float] = (None, 1.0)  # the deal sample() gave last, and its weight

    def weigh(self, rng: random.Random, count: int, deals: int, deadline: Deadline) -> Generator[None, None, None]:
        """Sample and weigh up to ``count`` deals, within ``deadline``, one a step."""
        while len(self.deals) < count and deadline.allows(len(self.deals)):
            deal = self.know.sample(rng)
            weight = 1.0
            for play in self.plays:
                weight *= chance_of(play, tuple(deal.hands[play.seat]) + play.later, rng, deals)
            self.deals.append(deal)
            self.weights.append(weight)
            yield

    def sample(self, rng: random.Random) -> HandState:
        if not self.deals:
            return self.know.sample(rng)
        i = self.turn % len(self.deals)
        self.turn += 1
        deal = self.deals[i].copy()
        shuffle(deal.boneyard, rng)
        self.last = (deal, self.weights[i])
        return deal

    def likelihood(self, deal: HandState) -> float:
        given, weight = self.last
        return weight if deal is given else 1.0


class SearchReading(FromView):
    """Expert's inference with the other player's most recent ``last`` plays
    read by redoing its searches (``deals`` sampled deals each) on ``hands``
    sampled hands, in at most :data:`READ_SHARE` of the budget; with 2
    players only. The exact search at the end of the hand reads as usual."""

    def __init__(self, hands: int = READ_HANDS, deals: int = READ_DEALS, last: int = READ_LAST) -> None:
        self.hands = hands
        self.deals = deals
        self.last = last

    def read(
        self, view: SeatView, know: Deals, rng: random.Random, deadline: Deadline
    ) -> Generator[None, None, tuple[Deals, Deadline]]:
        if not self.hands or view.rules.players != 2:
            return know, deadline
        plays = past_plays(view, self.last)
        if not plays:
            return know, deadline
        weighed = Weighed(replace(Knowledge.from_view(view), plays=()), plays)
        yield from weighed.weigh(rng, self.hands, self.deals, deadline.share(READ_SHARE))
        return weighed, deadline.rest()
