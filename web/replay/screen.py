"""A replay as a value, and what it shows: :class:`ReplayState` holds all a
replay on screen is (the record's positions, where it stands, whether it
steps on by itself, "Try it" when the reader plays on), and the functions
below draw it as plain data, ``{id: part}``, that the page's shell applies
(:meth:`page.shell.Shell.show_parts`): a part's ``text`` goes in as text,
its ``markup`` (escaped here, by :mod:`poster` and :mod:`review_panel`) is
morphed in, and ``hidden``, ``classes`` and ``attrs`` are set as said.

Browser-free: pytest runs it on CPython (tests/web/test_replay_screen.py),
and :mod:`replay.live` only hands it to the shell. The board is drawn apart
(:func:`table`): its size is the page's, and it zooms from the view it had.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from allfives import End, Layout, Move, Rules, Tile

from replay import poster, review_panel
from replay.frames import Frame, ReaderTranslator, explain, frames, seat_names
from replay.marks import Marks
from replay.proof import seed_line
from replay.trying import Trying
from table.choosing import ChoosingState
from table.work import Ticket

__all__ = [
    "BoardShown",
    "Part",
    "Parts",
    "ReplayState",
    "board_shown",
    "controls",
    "parts",
    "problem",
    "ready",
    "seeds",
]

Part = dict[str, Any]
"""What one element shows: ``text``, ``markup``, ``hidden``, ``classes``, ``attrs`` (plain data)."""
Parts = dict[str, Part]
"""Elements by their ids, each with its :data:`Part`."""


@dataclass(slots=True)
class ReplayState(ChoosingState):
    """Everything a replay shows, beside the tile picked and whether it is
    busy (:class:`ChoosingState`): its ids' ``prefix``, the reader's ``words``, the
    record read into ``frames``, the seat shown, the ``position`` shown,
    whether autoplay is ``playing``, the coach's ``marks`` and whether the
    board shows their best move (``show_best``), and "Try it" (``trying``)
    while the reader plays on. ``generation`` goes up when what was under
    way (autoplay, a computer's turn) is cut short: a :class:`table.work.Ticket`
    reads it."""

    prefix: str = ""
    words: ReaderTranslator = field(default_factory=ReaderTranslator)
    record: dict[str, Any] = field(default_factory=dict)
    frames: list[Frame] = field(default_factory=list)
    rules: Rules = field(default_factory=Rules)
    names: list[str] = field(default_factory=list)
    seat: int = 0
    position: int = 0
    playing: bool = False
    generation: int = 0
    trying: Trying | None = None
    marks: Marks | None = None
    show_best: bool = False

    def load(self, record: object, seat: int) -> None:
        """Read ``record`` (a record that cannot be shown raises
        :class:`allfives.refusal.Refused`), shown from ``seat``'s side."""
        self.frames = frames(record)
        assert isinstance(record, dict)
        self.record = record
        self.rules = Rules.from_json(record.get("rules", {}))
        self.names = seat_names(record, self.rules.players, self.words)
        self.seat = min(seat, self.rules.players - 1)
        self.marks = Marks(record, self.frames, self.words, self.names, self.rules)

    @property
    def last(self) -> int:
        """The number of the last position: the record's move count."""
        return len(self.frames) - 1

    def ticket(self) -> Ticket:
        """Work starting now (autoplay, a computer's turn), stopped when the
        generation moves on: the game page's one way (:meth:`PageState.ticket`)."""
        return Ticket(self, self.generation)

    def cut_short(self) -> Ticket:
        """Stop what is under way (a step, Pause, "Back to the replay"); the ticket of what starts now."""
        self.generation += 1
        return self.ticket()

    def part(self, name: str) -> str:
        """The id of this replay's element ``name``."""
        return self.prefix + name


@dataclass(frozen=True, slots=True)
class BoardShown:
    """What the board shows: the ``layout``, the tile played ``last`` (it
    fades in) and, while the reader picks an end, the ``targets`` with what
    each scores."""

    layout: Layout
    last: Tile | None
    targets: dict[End, int | None] | None = None


def board_shown(state: ReplayState) -> BoardShown:
    """The board: "Try it"'s table as the reader's seat sees it, else the
    position shown, or the coach's best move there when asked."""
    trying = state.trying
    if trying is not None:
        seen = trying.game.view(state.seat)
        picked = state.selected
        return BoardShown(seen.layout, seen.last_played, None if picked is None else trying.targets(seen, picked))
    frame = state.frames[state.position]
    mark = state.marks.at(frame.move) if state.marks is not None else None
    if state.show_best and mark is not None and mark.best_layout is not None and mark.best is not None:
        return BoardShown(mark.best_layout, mark.best.tile)
    played = frame.played
    return BoardShown(frame.layout, played.move.tile if played else None)


def parts(state: ReplayState) -> Parts:
    """Everything but the board: the scores, the position (or what "Try it"
    asks), what the last move did, the shown seat's hand and the others',
    the coach's review, and the controls."""
    if state.trying is not None:
        return _trying(state, state.trying) | controls(state)
    words, seat, names, p = state.words, state.seat, state.names, state.prefix
    frame = state.frames[state.position]
    told = explain(frame.events, frame.layout, words, names, state.rules, seat)
    sizes = [len(hand) for hand in frame.hands]
    return {
        **_review(state, frame),
        **_scores_and_hand(state, frame.scores, names, frame.hands[seat]),
        p + "explain": {"markup": poster.explanation_markup(told)},
        p + "position": {"text": poster.position_line(frame, state.frames, words)},
        p + "others": {"text": poster.others_line(sizes, frame.boneyard, names, seat, words)},
        **controls(state),
    }


def _scores_and_hand(
    state: ReplayState,
    scores: Sequence[int],
    names: Sequence[str],
    hand: Sequence[Tile],
    moves: Sequence[Move] | None = None,
) -> Parts:
    """The scores line, and the shown seat's hand: face up, or buttons to
    choose a tile by while the reader plays (``moves``, those it may make)."""
    words, seat, p, playing = state.words, state.seat, state.prefix, state.trying is not None
    return {
        p + "scores": {"text": poster.scores_line(scores, names, state.rules, words)},
        p + "hand-title": {"text": poster.hand_title(names, seat, words, playing=playing)},
        p + "hand": {
            "markup": poster.hand_markup(hand, words, moves=moves if playing else None, selected=state.selected)
        },
    }


def _trying(state: ReplayState, trying: Trying) -> Parts:
    """ "Try it": the game as the reader's seat sees it, what it asks of
    the reader, and the tiles they may play (none while the computer
    thinks or a tile is still to draw). The record's review is hidden: its
    marks are not this game's."""
    game, words, p = trying.game, state.words, state.prefix
    seen = game.view(state.seat)
    names = [seat.name for seat in game.seats]
    hand, sizes, boneyard = trying.hand(seen)
    playable = seen.legal_moves if not state.busy and not trying.undrawn else ()
    told = explain(trying.said, seen.layout, words, names, game.rules, state.seat)
    return {
        p + "review": {"hidden": True},
        **_scores_and_hand(state, seen.scores, names, hand, playable),
        p + "explain": {"markup": poster.explanation_markup(told)},
        p + "position": {"text": trying.prompt(words, seen, state.selected)},
        p + "others": {"text": poster.others_line(sizes, boneyard, names, state.seat, words)},
    }


def _review(state: ReplayState, frame: Frame) -> Parts:
    """The coach's marks at this frame, when the record keeps a review (or
    one that cannot be read): :func:`review_panel.review_markup`."""
    marks = state.marks
    if marks is None or not (marks.shown or marks.problem):
        return {}
    mark = marks.at(frame.move)
    markup = review_panel.review_markup(
        marks,
        frame,
        mark,
        seat=state.seat,
        names=state.names,
        words=state.words,
        show_best=state.show_best,
        prefix=state.prefix,
    )
    return {state.part("review"): {"hidden": False, "markup": markup}}


def controls(state: ReplayState) -> Parts:
    """The replay's controls, or "Try it"'s while the reader plays on (the
    other row hidden), as the state has them (embed.html's first paint
    greys the replay's until it starts)."""
    trying, words = state.trying, state.words
    replay, playing_on = state.part("replay-controls"), state.part("play-controls")
    shown: Parts = {replay: {"hidden": trying is not None}, playing_on: {"hidden": trying is None}}
    if trying is not None:
        markup = poster.play_buttons(words, must_draw=bool(trying.undrawn), next_hand=trying.next_hand_ready)
        shown[playing_on]["markup"] = markup
    elif state.frames:
        at = state.frames[state.position]
        position = poster.position_line(at, state.frames, words)
        shown[replay]["markup"] = poster.replay_buttons(
            words, move=at.move, last=state.last, position=position, playing=state.playing, prefix=state.prefix
        )
    return shown


def problem(state: ReplayState, message: str) -> Parts:
    """``message`` said where the reader looks; with no replay to step
    through, its controls (drawn for the first paint) go."""
    shown: Parts = {state.part("problem"): {"text": message, "hidden": False}, state.part("position"): {"text": ""}}
    if not state.frames:
        shown[state.part("replay-controls")] = {"hidden": True}
    return shown


def seeds(state: ReplayState, record: Mapping[str, Any]) -> Parts:
    """One quiet line under the replay: whether each deal follows from its seed."""
    said = seed_line(state.words, record)
    if said is None:
        return {}
    return {state.part("seeds"): {"text": said.text, "classes": {"seeds-failed": said.failed}, "hidden": False}}


def ready(state: ReplayState) -> Parts:
    """The replay marked live: no longer busy, and ``data-live`` for
    rules.js (which then replays a press made before) and the tests."""
    return {state.part("embed"): {"attrs": {"aria-busy": "false", "data-live": "1"}}}
