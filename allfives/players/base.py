"""What every computer player shares: the decision it returns, the reason it
gives in words, the player protocol, the clock its time budget runs on, and
the skeleton every level is built on (:class:`BasePlayer`).

A reason is data first (a message key and its numbers) so the UI can say it
in any language; :meth:`Reason.text` is the English rendering.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Generator, Mapping
from dataclasses import dataclass, field
from typing import Any, Final, Protocol, TypeVar

from ..claims import Call, Claim, Step
from ..tiles import Move
from ..view import SeatView
from .claims import call_for, claim_for

T = TypeVar("T")
Y = TypeVar("Y")
N = TypeVar("N")

__all__ = [
    "MESSAGES",
    "BasePlayer",
    "Clock",
    "Decision",
    "Player",
    "Reason",
    "Thinking",
    "finish",
    "next_step",
    "only_move",
    "relay",
    "saying",
]

Clock = Callable[[], float]
"""Seconds from an arbitrary start, like :func:`time.perf_counter` (the
default); the tests pass a fake one to drive the time budget."""

default_clock: Final[Clock] = time.perf_counter

MESSAGES: Final[Mapping[str, str]] = {
    "only_move": "the only legal move",
    "random": "a move picked at random",
    "scores": "scores {points}",
    "scores_safe": "scores {points} and leaves the opponent nothing to score",
    "drops_heavy": "scores nothing now; gets rid of the heavy {tile}",
    "leaves_nothing": "leaves the opponent nothing to score",
    "leaves_little": "leaves the opponent about {expected} points to score",
    "blocks": "leaves the opponent likely unable to play ({percent}% chance)",
    "sheds": "gets rid of {tile}, keeping a spread of numbers",
    "helps_partner": "sets up the partner to score about {expected}",
    "wins_sims": "wins {percent}% of {simulations} simulated hands",
    "gains_sims": "comes out {margin} points ahead on average over {simulations} simulated hands",
    "exact": "an exact search of the rest of the hand: comes out {margin} points ahead",
    "exact_behind": "an exact search of the rest of the hand: the best play, {margin} points behind",
}
"""The English text of every reason, with ``{name}`` for its numbers. These
keys are what the UI translates."""


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a move was chosen: ``key`` names a message in :data:`MESSAGES`,
    ``params`` fills it in (numbers, or a tile written as text)."""

    key: str
    params: Mapping[str, int | float | str] = field(default_factory=dict)

    @property
    def text(self) -> str:
        """The reason in English: ``"scores 15"``."""
        return MESSAGES[self.key].format(**self.params)

    def to_json(self) -> dict[str, object]:
        return {"key": self.key, "params": dict(self.params), "text": self.text}

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Decision:
    """The move a player chose and why."""

    move: Move
    reason: Reason

    def to_json(self) -> dict[str, object]:
        return {"move": str(self.move), "reason": self.reason.to_json()}


Thinking = Generator[None, None, Decision]
"""A decision in steps: it yields between steps (a sampled deal, a tree
walk) so that the browser can run a search in slices and stay responsive,
and returns its decision."""


def finish(thinking: Generator[Any, None, T]) -> T:
    """Run work in steps (a decision, a review) straight through to its end."""
    while True:
        try:
            next(thinking)
        except StopIteration as done:
            result: T = done.value
            return result


def relay(steps: Generator[Y, None, T], say: Callable[[Y], N]) -> Generator[N, None, T]:
    """Work in steps run inside larger work: each of ``steps``' steps is a
    step of the whole, saying ``say(what the step yielded)`` (how far the
    whole is); returns what ``steps`` returns. With ``yield from``, the one
    way work is nested in work (a decision in a review, the Expert's turns
    in the daily's duplicate)."""
    while True:
        try:
            news = next(steps)
        except StopIteration as done:
            result: T = done.value
            return result
        yield say(news)


def saying(steps: Generator[Any, None, T], news: N) -> Generator[N, None, T]:
    """:func:`relay` with each step saying the same ``news``."""
    return relay(steps, lambda _step: news)


class Player(Protocol):
    """A computer player: it decides from what its seat sees, nothing more."""

    @property
    def level(self) -> str: ...

    def choose(self, view: SeatView) -> Decision:
        """The move to make in ``view`` (it must be this seat's turn)."""
        ...

    def think(self, view: SeatView) -> Thinking:
        """:meth:`choose` in steps (see :data:`Thinking`)."""
        ...

    def claim(self, view: SeatView) -> Claim:
        """The count to claim for the play just made (``claims="called"``)."""
        ...

    def call(self, view: SeatView) -> Call:
        """Whether to call "Muggins" on the claim waiting."""
        ...


def next_step(player: Player, view: SeatView) -> Step:
    """What ``player`` does at its step in ``view``: a move (its
    :meth:`~Player.choose`), a claim or a call (under ``claims="called"``)."""
    if view.step == "claim":
        return player.claim(view)
    if view.step == "call":
        return player.call(view)
    return player.choose(view).move


class BasePlayer:
    """The skeleton of every level: :meth:`think` makes the only legal move
    at once, and otherwise asks :meth:`steps` (a search, in steps) or, for
    a player that does not search, :meth:`decide`; :meth:`choose` runs the
    steps straight through."""

    level: str
    rng: random.Random

    def choose(self, view: SeatView) -> Decision:
        return finish(self.think(view))

    def claim(self, view: SeatView) -> Claim:
        """As this level claims (:mod:`allfives.players.claims`)."""
        return claim_for(self.level, view, self.rng)

    def call(self, view: SeatView) -> Call:
        """As this level notices a wrong claim (:mod:`allfives.players.claims`)."""
        return call_for(self.level, view, self.rng)

    def think(self, view: SeatView) -> Thinking:
        forced = only_move(view)
        if forced is not None:
            return forced
        return (yield from self.steps(view))

    def steps(self, view: SeatView) -> Thinking:
        """The decision among two or more legal moves, in steps."""
        yield from ()
        return self.decide(view)

    def decide(self, view: SeatView) -> Decision:
        """The decision among two or more legal moves, at once."""
        raise NotImplementedError(f"{type(self).__name__} decides in steps()")


def only_move(view: SeatView) -> Decision | None:
    """The decision when there is nothing to decide, else None."""
    if not view.legal_moves:
        raise ValueError(f"seat {view.seat} has no move to make: it is not its turn")
    if len(view.legal_moves) == 1:
        return Decision(view.legal_moves[0], Reason("only_move"))
    return None
