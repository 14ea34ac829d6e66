"""The game page's own state, as one value: what the page shows besides the
match itself (which the controller holds). The page object holds one
:class:`PageState`; the modules that pace, speak and ask read and change it
through it, and :meth:`Page.render` draws from it and the seat's view.
Browser-free, so its rules are tested on CPython (tests/web/test_page_state.py)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from allfives import Drew, Move

from table.choosing import ChoosingState
from table.i18n import Said
from table.work import Ticket  # the one way work is stopped, the replay's too

__all__ = ["PageState", "Stage", "Ticket"]


@dataclass(frozen=True, slots=True)
class Stage:
    """How far a move's events have landed: the draws of ``generation`` not
    yet shown, and whether the hands left are turned up (see pacing.land).
    A stage of an older generation shows the match as it is."""

    generation: int = 0
    pending: tuple[Drew, ...] = ()
    reveal: bool = True

    def drawn(self) -> Stage:
        """The stage once the first of the pending draws has been shown."""
        return replace(self, pending=self.pending[1:])


@dataclass(slots=True)
class PageState(ChoosingState):
    """Everything the game page shows that the match does not say."""

    #: Goes up when a new match or an undo cuts short what was under way
    #: (a computer's turn, a move landing, a message): they check it.
    generation: int = 0
    hint_move: Move | None = None
    revealed: int | None = None  # hot-seat: whose hand is uncovered
    notes: dict[int, Said] = field(default_factory=dict)  # "drew 2", "passed": what each player just did
    plays_logged: int = 0  # the log numbers the hand's plays, not its draws and passes
    #: The log beside the table, a line each: (its text, its class, its number or None).
    log: list[tuple[str, str, int | None]] = field(default_factory=list)
    shown_scores: dict[int, int] = field(default_factory=dict)  # side: the number its card shows
    counting: dict[int, int] = field(default_factory=dict)  # side: the number on its card while it counts up
    stage: Stage = Stage()
    notice: tuple[int, bool] | None = None  # the header's message: (its number, lasting)
    notice_count: int = 0
    #: What the header's message says, while one holds it (``notice``).
    said: Said | None = None
    #: The last lasting message (a fault): a passing one said over it gives way to it again.
    fault: Said | None = None
    #: What the prompt under the table says instead of what the page asks (a
    #: refused move, the hint): kept as words until the table is drawn anew.
    prompt: Said | None = None
    #: A first visit's match waits, undealt and unsaved, for its introduction (intro.play starts it).
    waiting: bool = False

    def ticket(self) -> Ticket:
        """Work starting now, stopped by its own Cancel or the next new match or undo."""
        return Ticket(self, self.generation)

    def restart(self, scores: Sequence[int]) -> None:
        """A new match, or an undo: whatever was under way stops, nothing is
        picked or hinted, and the cards show ``scores`` without counting.
        (The notes under the opponents stay: a new match clears them itself.)"""
        self.generation += 1
        self.selected = None
        self.hint_move = None
        self.busy = False
        self.shown_scores = dict(enumerate(scores))
        self.counting.clear()

    def shown_score(self, side: int, score: int) -> int:
        """The number ``side``'s card shows: counting up, else the last shown, else ``score``."""
        return self.counting.get(side, self.shown_scores.get(side, score))

    def landing(self) -> Stage | None:
        """The stage of the move landing now, if one is."""
        return self.stage if self.stage.generation == self.generation else None

    def post_notice(self, *, lasting: bool) -> int:
        """A new message in the header: its number (a later one replaces it)."""
        self.notice_count += 1
        self.notice = (self.notice_count, lasting)
        return self.notice_count

    def expire_notice(self, number: int) -> bool:
        """The message ``number`` has had its time: True when it was still shown (and is no more)."""
        if self.notice is not None and self.notice[0] == number:
            self.notice = None
            return True
        return False

    def header(self, turn: Said | None) -> Said | None:
        """What the header says: the message that holds it, else the last
        fault, else ``turn`` (whose turn it is, while a match is on)."""
        if self.notice is not None and self.said is not None:
            return self.said
        return self.fault if self.fault is not None else turn

    def clear_notice(self) -> None:
        """The next move puts the header back on whose turn it is, unless the message lasts (a fault)."""
        if self.notice is not None and not self.notice[1]:
            self.notice = None
