""" "Try it": the reader plays on from a replay's position against the
computer. The state of that game and every rule of what the reader may do
next, in one place; the live replay (:mod:`replay.live`) draws it and hands
it what the reader did. Pure, so pytest runs it on CPython.

Where the reader's turn begins with draws, the engine has made them (it
draws as the move before ends); "Try it" holds them back, so the reader
draws them one tile at a time (``undrawn``) before playing, as at a table.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from allfives import Drew, End, Event, Move, Tile
from allfives.players.base import Decision
from allfives.view import SeatView

from replay.frames import Frame, ReaderTranslator, try_record, turn_draws
from table.game import Game

__all__ = ["Trying"]


@dataclass
class Trying:
    """The game the reader plays on, at ``seat``: ``events`` are what the
    last move did (the draws still to make at their end), ``undrawn`` those
    draws."""

    game: Game
    seat: int
    events: list[Event] = field(default_factory=list)
    undrawn: tuple[Drew, ...] = ()

    @staticmethod
    def begin(record: Mapping[str, Any], frame: Frame, seat: int, words: ReaderTranslator) -> Trying:
        """The reader takes over at ``frame`` of ``record``, the computer
        at every other seat. A record that cannot be played on raises
        :class:`allfives.record.RecordError`."""
        game = Game.from_record_data(try_record(record, frame, seat, words))
        # Taken over where the reader's turn begins with draws, the reader makes them.
        trying = Trying(game, seat, list(turn_draws(frame.events, seat)))
        trying.undrawn = trying.held_draws()
        if game.needs_deal and not game.is_over:
            trying.events = game.start()
        return trying

    def held_draws(self) -> tuple[Drew, ...]:
        """The draws that end ``events`` and begin the reader's turn."""
        game = self.game
        if game.needs_deal or game.is_over or game.to_move != self.seat:
            return ()
        return turn_draws(self.events, self.seat)

    @property
    def said(self) -> list[Event]:
        """What the last move did, as far as the reader has seen: not the
        draws still to make."""
        return self.events[: len(self.events) - len(self.undrawn)]

    @property
    def next_hand_ready(self) -> bool:
        """Whether a hand is over and the next one may be dealt."""
        return self.game.needs_deal and not self.game.is_over

    def draw(self) -> bool:
        """The reader draws the next tile held back; False with none to draw."""
        if not self.undrawn:
            return False
        self.undrawn = self.undrawn[1:]
        return True

    def next_hand(self) -> bool:
        """Deal the next hand; False when there is none to deal."""
        if not self.next_hand_ready:
            return False
        self.events = self.game.start()
        self.undrawn = ()
        return True

    def play(self, move: Move) -> None:
        """The reader's move; a move the rules refuse raises and changes nothing."""
        self.events = self.game.play(move)
        self.undrawn = self.held_draws()

    def play_computer(self, decision: Decision) -> None:
        self.events = self.game.play_computer(decision)
        self.undrawn = self.held_draws()

    def hand(self, seen: SeatView) -> tuple[list[Tile], list[int], int]:
        """The reader's hand as shown (the tiles still to draw not in it),
        every seat's hand size and the boneyard's, counted the same way,
        from what the reader's seat sees now (``seen``)."""
        held = {draw.tile for draw in self.undrawn}
        hand = [tile for tile in seen.hand if tile not in held]
        held_back = len(self.undrawn)
        sizes = [size - held_back if s == self.seat else size for s, size in enumerate(seen.hand_sizes)]
        return hand, sizes, seen.boneyard_size + held_back

    def prompt(self, words: ReaderTranslator, seen: SeatView, selected: Tile | None) -> str:
        """What the reader is told to do now (``selected``: the tile chosen)."""
        game = self.game
        if game.is_over:
            return words("embed_match_over")
        if game.needs_deal:
            return words("embed_hand_over")
        seat = game.to_move
        assert seat is not None
        if seat != self.seat:
            return words("embed_thinking", name=game.seats[seat].name)
        if self.undrawn:
            return words("embed_must_draw")
        if selected is not None:
            return words("embed_choose_end", tile=str(selected))
        leading = seen.layout.is_empty
        return words("embed_your_lead" if leading else "embed_your_turn")

    def targets(self, seen: SeatView, tile: Tile) -> dict[End, int | None]:
        """The ends the chosen ``tile`` may go to, with what each scores."""
        return {m.end: seen.points_for(m) for m in seen.legal_moves if m.tile is tile and m.end is not None}
