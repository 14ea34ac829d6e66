"""One voice at a time (issue 31, item 4): the prompt under the table never
says other than the header. While the tiles of a draw are still arriving the
header says who draws, and the prompt waits (it would say "Your turn" before
the turn is there); a prompt never speaks of keys to a touch screen. The
words are :func:`words.prompt`'s; this module says which, and when."""

from __future__ import annotations

from typing import TYPE_CHECKING

from allfives import HandEnded
from allfives.view import SeatView

from game import words

if TYPE_CHECKING:
    from game.roles import Playing

__all__ = ["hand_end", "prompt_text"]


def hand_end(seen: SeatView) -> HandEnded | None:
    """How the hand on the table ended, once it has (it may end in a win instead)."""
    return next((e for e in reversed(seen.history) if isinstance(e, HandEnded)), None)


def prompt_text(page: Playing, seen: SeatView | None) -> str:
    """What the prompt says now: nothing while a draw lands (the header
    says it), how the hand ended once it has, else what the page asks."""
    game = page.game
    assert game is not None
    stage = page.state.landing()
    if stage is not None and stage.pending:
        return ""
    leading = seen is not None and seen.layout.is_empty
    text = words.prompt(
        page.t, game, visible=page.hand_visible(), selected=page.state.selected, leading=leading, touch=page.touch
    )
    end = hand_end(seen) if seen is not None and seen.shown and not game.is_over else None
    if seen is not None and end is not None:
        text = words.hand_line(page.t, game, end) + " " + page.t("left_in_hand", count=end.pips[seen.seat])
    return text
