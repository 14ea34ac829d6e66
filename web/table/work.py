"""The page's long work, in slices (issue 45): the computer's thinking, the
hint, the coach's review and the daily's duplicate are generators of steps,
and :class:`Slices` is the one runner of them, :func:`think` the one loop
that gives the browser its turn between slices and stops when the work is no
longer wanted. Browser-free (asyncio only): pytest runs it on CPython."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from allfives.players import Decision, Player
from allfives.players.base import finish
from allfives.view import SeatView

__all__ = ["THINK_SLICE_MS", "Generations", "Progress", "SlicedThinking", "Slices", "Ticket", "think"]

Progress = tuple[int, int] | float | None
"""What a step of long work says of how far the whole is: ``(done, in
all)``, a fraction from 0 to 1, or nothing (None)."""

T = TypeVar("T")


class Slices(Generic[T]):
    """Work that takes time, as a generator of steps (the computer's
    thinking, the hint, the coach's review, the daily's duplicate), run a
    slice at a time so the page stays responsive: :meth:`step` works for
    about ``ms`` milliseconds and returns the result once there is one.
    :attr:`progress` goes from 0 to 1 as the steps say (:data:`Progress`),
    never back: a draw adds tiles still to play, the bar holds. The clock
    (:meth:`clock`) counts only the time spent working, not the pauses
    between slices, so a player's time budget means the same sliced or not.
    The one runner of the page's long work; :func:`think` runs it, and the
    page stops it one way, when it is no longer wanted (issue 45)."""

    def __init__(self, steps: Generator[Progress, None, T] | None = None) -> None:
        self.steps = steps
        self.progress = 0.0
        self.thought = 0.0
        self.since: float | None = None

    def clock(self) -> float:
        """Seconds spent working so far."""
        running = 0.0 if self.since is None else time.perf_counter() - self.since
        return self.thought + running

    def step(self, ms: float) -> T | None:
        assert self.steps is not None, "start the work first"
        self.since = time.perf_counter()
        try:
            stop = self.since + ms / 1000
            while time.perf_counter() < stop:
                self._hear(next(self.steps))
        except StopIteration as done:
            self.progress = 1.0
            result: T = done.value
            return result
        finally:
            self.thought += time.perf_counter() - self.since
            self.since = None
        return None

    def finish(self) -> T:
        """Work straight through to the result (the clock runs all along)."""
        assert self.steps is not None, "start the work first"
        self.since = time.perf_counter()
        try:
            result = finish(self.steps)
        finally:
            self.thought += time.perf_counter() - self.since
            self.since = None
        self.progress = 1.0
        return result

    def _hear(self, news: Progress) -> None:
        if news is None:
            return
        if isinstance(news, tuple):
            done, total = news
            news = done / total if total else 1.0
        self.progress = max(self.progress, news)


class SlicedThinking(Slices[Decision]):
    """A player's thinking (:meth:`Player.think`, the engine's
    :data:`~allfives.players.base.Thinking`) on ``view``, in slices:
    the player is made with this thinking's :meth:`clock` for its time
    budget, then :meth:`start` sets it thinking. (The search is the
    player's own, in :mod:`allfives.players`; this runs it.)"""

    def __init__(self, view: SeatView) -> None:
        super().__init__()
        self.view = view
        self.player: Player | None = None

    def start(self, player: Player) -> None:
        self.player = player
        self.steps = player.think(self.view)


class Generations(Protocol):
    """A page's state as a ticket reads it: its ``generation`` goes up when
    what was under way is cut short (the game's new match or undo, the
    replay's Pause, a step, "Back to the replay")."""

    generation: int


@dataclass(slots=True)
class Ticket:
    """Work under way that takes time (a computer's turn, a review, the
    daily's duplicate, the replay's autoplay): it goes on while it is
    ``live``; its dialog's Cancel cancels it, and so does anything that moves
    its page's generation on, as it stops a computer's turn or a move
    landing. The one way work is stopped, on the game page and in the
    replay (issue 45)."""

    state: Generations
    generation: int
    cancelled: bool = False

    def cancel(self) -> None:
        self.cancelled = True

    @property
    def live(self) -> bool:
        return not self.cancelled and self.generation == self.state.generation


#: How long the page thinks before it gives the browser back a turn: short
#: enough that a click or a frame never waits long for it.
THINK_SLICE_MS = 40


async def think(work: Slices[T], still_wanted: Callable[[], bool], slice_ms: float = THINK_SLICE_MS) -> T | None:
    """The work's result, worked out in slices of ``slice_ms`` with the
    browser's turn between them, so the page never freezes; None once
    ``still_wanted()`` says the result is no longer wanted (a new match,
    an undo, a Cancel...: on the game page, its :class:`game.state.Ticket`
    says so). The game's computer turns, its hint, the coach's review, the
    daily's duplicate and the live replay's computer turns all run through
    here."""
    while (result := work.step(slice_ms)) is None:
        await asyncio.sleep(0)  # the browser's turn: clicks, frames, timers
        if not still_wanted():
            return None
    return result
