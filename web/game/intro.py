"""The newcomer's way in: four short steps on the first visit (how a tile
fits, how the fives score, how a hand and the match end, whom to play), each
skippable, never shown again once seen or skipped, and back at any time from
"How to play" in the header, whose every step leads on to the full rules in
the page's language. Each step opens with its main button (Next, then Play or
Let's play) holding the focus, so Enter goes on.

On a first visit the match waits for it (``Page.waiting``): nothing is dealt
and the computer does not lead while it is open. Its last step asks whom the
player plays, each level with a line on how it plays, and Play starts the
match against that level, remembered as the setup of the next new match;
Skip (or Escape) starts it against the default opponent, Medium. Opened from
"How to play" once a match is on, the last step lists the levels and says
that New match chooses one.

It answers before Python has started (issue 46, item 2): the build draws
every step, and web/js/first.js turns them as the person asks. When the
page starts, ``take_over`` asks where the person is and goes on from there:
the same step as this module's own dialog, or, if they closed it already,
the match they chose.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from allfives.players import LEVELS

from game.first_screen import (
    DEFAULT_LEVEL,
    STEPS,
    intro_body,
    intro_buttons,
    levels_markup,
    opponent_choice_markup,
    rules_page,
)
from page import browser
from table.game import Game, GameSetup, SeatSetup

if TYPE_CHECKING:
    from game.roles import Playing

__all__ = ["SEEN_KEY", "first_visit", "install", "rules_page", "show", "take_over"]

#: The storage key (under the store's prefix) that says the introduction was seen.
SEEN_KEY: Final = "intro-seen"
#: The step that says how a hand's end counts (in the words of this match's rules).
HAND_END_STEP: Final = 3


def first_visit(page: Playing, *, saved: bool, link: bool) -> bool:
    """Whether the page opens as on a first visit: no saved game, no shared
    link, and the introduction never seen. Its match then waits for it."""
    return not saved and not link and page.store.get(SEEN_KEY) is None


def install(page: Playing) -> None:
    """Open the introduction on a first visit (unless something more
    urgent, a broken save or link, holds the dialog); "How to play" opens
    it at any time (the page's ``act``)."""
    page.spawn(take_over(page))


async def take_over(page: Playing) -> None:
    """Take the introduction over from the page's first screen, which has
    answered the person since the first paint (web/js/first.js): open it at
    the step they reached, with the opponent they chose, or, if they closed
    it already, start the match as they chose."""
    handed = await browser.take_first_screen()
    level = handed.level if handed.level in LEVELS else DEFAULT_LEVEL
    step = min(max(handed.step, 0), STEPS - 1)
    if handed.done:  # a first visit's, closed before Python started: seen, and the match as chosen
        page.store.set(SEEN_KEY, "1")
        if page.state.waiting:
            play(page, level if handed.done == "play" else DEFAULT_LEVEL)
    # On screen (a first visit's, or asked for by "How to play"), or never seen (a first visit with
    # no first screen that answered: from the start): this module's own, at the same step.
    drawn = not page.dialog_open() and (handed.showing or page.store.get(SEEN_KEY) is None)
    if drawn:
        show(page, step, level)
    elif page.state.waiting:  # something else holds the dialog: the match does not wait on it
        play(page, DEFAULT_LEVEL)
    # The build drew the introduction for the first paint (first_screen.py): from now on the page
    # draws it, in the same place, as a modal dialog (drawn first, so nothing shows between).
    page.mark("dialog", "first-paint", False)
    page.mark("dialog", "asked", False)
    browser.first_screen_taken(drawn)


def play(page: Playing, level: str) -> None:
    """Start the match that waited for the introduction, against ``level``,
    and remember it as the setup a new match starts from."""
    page.state.waiting = False
    game = page.game
    assert game is not None
    seats = tuple(seat if seat.is_person else SeatSetup(seat.name, level) for seat in game.seats)
    setup = GameSetup(game.rules, seats, None)
    page.store.remember_setup(setup.to_json())
    page.begin(Game(setup))


def text_key(page: Playing, number: int) -> str:
    """Step ``number``'s words: the third says how a hand's end counts, as
    this match's rules count it (the engine's rules, not a rule of the page)."""
    takes = number == HAND_END_STEP and page.game is not None and page.game.rules.hand_end == "winner-takes"
    return f"intro_text_{number}" + ("_takes" if takes else "")


def show(page: Playing, step: int, chosen: str = DEFAULT_LEVEL) -> None:
    """Open step ``step`` (from 0) of the introduction (its choice of
    opponent, on the last step of a first visit, at ``chosen``)."""
    t = page.t
    number = step + 1
    target = page.game.rules.points_to_win if page.game is not None else 0
    last = number == STEPS
    choosing = last and page.state.waiting
    last_part = "" if not last else opponent_choice_markup(t, chosen) if choosing else levels_markup(t)
    body = intro_body(t, step, t(text_key(page, number), target=target), last_part=last_part)
    buttons = intro_buttons(t, step, choosing=page.state.waiting)

    def done(value: str) -> None:
        page.mark("dialog", "intro", False)
        if value == "next":
            show(page, step + 1)
        elif value == "back":
            show(page, step - 1)
        else:  # done, play, skip, or Escape: seen, and not shown again unasked
            level = page.dialog_fields.get("intro-level", DEFAULT_LEVEL) if value == "play" else DEFAULT_LEVEL
            page.store.set(SEEN_KEY, "1")
            if page.state.waiting:
                play(page, level)

    page.open_dialog(t(f"intro_title_{number}"), body, buttons, done)
    page.mark("dialog", "intro", True)
    # The main button, first in its row, holds the focus (a modal dialog gives
    # it to its first control, the rules link or a level): Enter goes on, as Next says.
    page.focus("#dialog-buttons button", over_dialog=True)
    if last:  # read to the end: seen, even if the page is left before the dialog's close event
        page.store.set(SEEN_KEY, "1")
