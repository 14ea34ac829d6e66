"""The game page's pacing: the engine's answer to a move, shown one event
after another, as a person at a real table would see it happen.

The tile played slides in and the score cards count up; a seat that cannot
play draws its tiles one at a time, under a line that says so; at the end
of a hand the last move lands, the hands left are turned face up, the hand's
count goes onto the cards, and only then does the summary open (the caller's
``after_move``). Under reduced motion all of it is shown at once.

Also here: the header's line (whose turn it is, or a short message that
clears itself). What is shown at each step comes from :mod:`landing`."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING, Final

from allfives import Drew, Event, HandEnded, MatchEnded, Passed, Played

from game import feel, landing, move_log, words
from game.state import Stage
from page import motion
from table import board
from table.i18n import Said, Translator, Words

if TYPE_CHECKING:
    from game.roles import Pacing, Playing
    from table.game import Game

__all__ = ["count_to", "land", "notice"]

#: Seconds between two tiles drawn from the boneyard.
DRAW_PAUSE: Final = 0.5
#: Seconds for the tile played to land before the hands left are turned up.
LANDING: Final = 0.5
#: Seconds to look at the hands left before their count goes onto the cards,
#: and at the counted cards before the summary opens.
LOOK: Final = 1.0
#: How long a message such as "The link is copied." stays in the header.
NOTICE_SECONDS: Final = 6.0
COUNT_STEPS: Final = 12
COUNT_STEP: Final = 0.03


async def land(page: Pacing, events: Sequence[Event], generation: int) -> bool:
    """Show ``events``, what one move led to, in turn. False when a new
    match or an undo cut the showing short (the caller then stops too)."""
    game = page.game
    assert game is not None
    slow = not page.reduced
    ends = any(isinstance(e, (HandEnded, MatchEnded)) for e in events)
    played = next((e for e in events if isinstance(e, Played)), None)
    if played is not None and slow:  # where it slides from: it leaves the hand (or card) at the redraw
        page.note_departure(played.seat, played.move.tile)
    pending = [e for e in events if isinstance(e, Drew)] if slow else []
    page.state.stage = Stage(generation, tuple(pending), not (slow and ends))
    page.state.selected = None
    page.state.hint_move = None
    page.state.clear_notice()  # the next move puts the header back on whose turn it is
    if pending and played is not None:
        # Until the draws begin, the header is on the move that lands, not
        # on the turn of the seat that must draw first.
        notice(page, partial(landing.seat_status, game=game, seat=played.seat))
    page.render()
    slide = page.slide_in(played.move.tile) if played is not None and slow else None
    feel.play_sounds(page, events)
    drawn: dict[int, int] = {}

    async def pause(seconds: float) -> bool:
        if slow:
            await asyncio.sleep(seconds)
        return generation == page.state.generation

    turned_up = False
    for event in events:
        move_log.log_event(page, event)
        if isinstance(event, Played):
            page.state.notes.pop(event.seat, None)
            if slow and event.points:
                pop_points(page, event)
            await count_to(page, event.scores, generation)
        elif isinstance(event, Drew):
            if slide is not None:  # the tile played lands before the first tile is drawn
                await slide
                slide = None
                if generation != page.state.generation:
                    return False
            drawn[event.seat] = drawn.get(event.seat, 0) + 1
            seat, count = event.seat, drawn[event.seat]
            page.state.notes[seat] = Words("note_drew", count=count)
            notice(page, partial(landing.draw_status, game=game, seat=seat, count=count))
            if not await pause(DRAW_PAUSE):
                return False
            if page.state.stage.pending:
                page.state.stage = page.state.stage.drawn()
                page.render()
                page.draw_in(event.seat, event.tile)
        elif isinstance(event, Passed):
            page.state.notes[event.seat] = Words("note_passed")
            notice(page, partial(passed_status, game=game, event=event))
        elif isinstance(event, (HandEnded, MatchEnded)) and not turned_up:
            # The last move lands first; then every hand is turned face up.
            turned_up = True
            if not await pause(LANDING):
                return False
            page.state.stage = Stage(generation)
            page.render()
            if isinstance(event, HandEnded):
                if not await pause(LOOK):
                    return False
                await count_to(page, event.scores, generation)
            if not await pause(LOOK):
                return False
            # A dialog the player opened meanwhile (the menu) is theirs to
            # close: the summary waits for it rather than pushing it away.
            while page.dialog_open():
                await asyncio.sleep(0.2)
                if generation != page.state.generation:
                    return False
        if generation != page.state.generation:
            return False
    # The draws are shown: the header goes back to whose turn it is, as the prompt does.
    page.state.clear_notice()
    page.render_opponents(page.seen())
    return True


async def count_to(page: Pacing, scores: Sequence[int], generation: int) -> None:
    """The score cards count from what they show to ``scores`` (at once
    under reduced motion), and are not done until they show them."""
    moving = {
        side: (page.state.shown_scores.get(side, new), new)
        for side, new in enumerate(scores)
        if page.state.shown_scores.get(side, new) != new
    }
    page.state.shown_scores = dict(enumerate(scores))
    if page.reduced or not moving:
        for side in moving:
            page.state.counting.pop(side, None)
        page.render_scores()
        return
    for side, (old, _new) in moving.items():
        page.state.counting[side] = old  # from the old number, not a flash of the new one first
    page.render_scores()
    for step in range(1, COUNT_STEPS + 1):
        await asyncio.sleep(COUNT_STEP)
        if generation != page.state.generation:
            return
        for side, (old, new) in moving.items():
            shown = round(old + (new - old) * step / COUNT_STEPS)
            if step < COUNT_STEPS:
                page.state.counting[side] = shown
            else:
                page.state.counting.pop(side, None)
        page.render_scores()


def pop_points(page: Pacing, event: Played) -> None:
    """ "+15" floats up from the tile that scored it."""
    seen = page.seen()
    if seen is not None:
        aspect, small = page.table_shape()
        pop = motion.points_pop(board.board_geometry(seen.layout, aspect, small=small), event)
        if pop is not None:
            page.pop_points(pop)


# The header


def passed_status(t: Translator, *, game: Game, event: Passed) -> str:
    """ "Ben cannot play and passes", said in the header as the pass lands."""
    return words.describe(t, game, event, None) or ""


def notice(page: Playing, said: Said, *, lasting: bool = False) -> None:
    """Say ``said`` in the header; it gives way to whose turn it is after a
    few seconds or at the next move, unless it is ``lasting`` (a fault,
    which the header goes back to after any passing message said over it).
    It is kept as words, not text: a language switch says it again."""
    number = page.state.post_notice(lasting=lasting)
    page.state.said = said
    if lasting:
        page.state.fault = said
    page.show_turn()
    if not lasting:
        page.spawn(clear_later(page, number))


async def clear_later(page: Playing, number: int) -> None:
    await asyncio.sleep(NOTICE_SECONDS)
    if page.state.expire_notice(number):
        page.show_turn()
