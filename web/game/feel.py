"""How the game feels: an optional sound and the moment a match is won.

The sound is off until the player turns it on (the speaker in the header);
the choice is remembered. Every sound is made in the page with WebAudio,
from a few oscillators: a short clack when a tile is laid, a chime when it
scores, a rising run of notes when the player wins the match. Nothing is
downloaded.

The win moment is a shower of pips and tiles over the page, above the
match's summary and never in its way (it takes no clicks and is hidden from
screen readers: the summary says who won). With reduced motion it stands
still, a ring of gold stars, and goes away by itself.

Browser-free: this module decides (whether, which sound, which pieces,
when); the page's JavaScript (web/js/motion.js) plays and draws what it is
handed, as plain data, through the shell (:class:`page.shell.Shell`).
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from allfives import Event, MatchEnded, Played

if TYPE_CHECKING:
    from game.roles import Host

__all__ = ["SOUNDS", "SOUND_KEY", "celebrate", "confetti", "install", "play_sounds", "sound_of", "toggle", "win_moment"]

#: The storage key (under the store's prefix) of the sound setting: "on" or "off".
SOUND_KEY: Final = "sound"
CONFETTI: Final = 42
#: The stars that stand still under reduced motion, evenly across the page.
STARS: Final = 12
COLOURS: Final = ("#ffd23f", "#fffdf7", "#e05a47", "#4fb3d9", "#7bd389")

# (frequency in Hz, start in s, length in s, peak gain, wave) for each sound.
# The notes are data handed to the page's JavaScript with the sound's name
# (web/js/motion.js plays any such list): what each sound is stays here, by
# the decision to play it, and the JavaScript is an instrument that knows no
# sound by name.
Note = tuple[float, float, float, float, str]
SOUNDS: Final[dict[str, Sequence[Note]]] = {
    # A tile laid on felt: a bright tick over a soft knock.
    "click": ((2100.0, 0.0, 0.04, 0.12, "square"), (190.0, 0.0, 0.07, 0.35, "sine")),
    # Points: two bell-like notes, a major third apart.
    "chime": ((1318.5, 0.0, 0.5, 0.18, "triangle"), (1661.2, 0.09, 0.6, 0.16, "triangle")),
    # The match won: C E G C, rising.
    "fanfare": (
        (523.3, 0.0, 0.25, 0.2, "triangle"),
        (659.3, 0.12, 0.25, 0.2, "triangle"),
        (784.0, 0.24, 0.3, 0.2, "triangle"),
        (1046.5, 0.36, 0.8, 0.22, "triangle"),
    ),
}


def sound_on(page: Host) -> bool:
    return page.store.get(SOUND_KEY) == "on"


def play(page: Host, name: str) -> None:
    """Sound ``name``, played by the page (WebAudio, in web/js/motion.js)."""
    page.play_sound(name, SOUNDS[name])


def install(page: Host) -> None:
    """The speaker shows the remembered setting (a click on it comes to :func:`toggle`)."""
    page.show_sound(sound_on(page))


def toggle(page: Host) -> None:
    """The speaker pressed: the sound goes on or off, and is remembered."""
    on = not sound_on(page)
    page.store.set(SOUND_KEY, "on" if on else "off")
    page.show_sound(on)
    page.announce(page.t("sound_on" if on else "sound_off"))
    if on:
        play(page, "click")


def sound_of(events: Sequence[Event]) -> str | None:
    """The sound of a move as its tile lands: a click, or a chime when it
    scores; None when no tile was laid (a pass, a draw)."""
    played = [e for e in events if isinstance(e, Played)]
    if not played:
        return None
    return "chime" if any(e.points for e in played) else "click"


def play_sounds(page: Host, events: Sequence[Event]) -> None:
    """The sound of a move as its tile lands, if the player turned sound on."""
    if page.game is None or not sound_on(page):
        return
    name = sound_of(events)
    if name is not None:
        play(page, name)


def win_moment(page: Host, events: Sequence[Event]) -> None:
    """The win moment, once the move that won the player the match has been shown."""
    game = page.game
    if game is None:
        return
    won = any(isinstance(e, MatchEnded) for e in events)
    if won and len(game.people) == 1 and game.person_won():
        page.spawn(celebrate(page))


def confetti(still: bool, shuffle: random.Random) -> list[dict[str, str]]:
    """The pieces of the win moment, as the page's stylesheet draws them
    (``.celebration .confetti``): each its kind (a ``pip``, a ``tile``, or
    under reduced motion a ``star``) and its CSS values: where across the
    page (``x``), when it starts falling (``delay``), how long it falls
    (``fall``), how far it turns (``spin``) and drifts (``drift``), its
    ``colour``. Still, the stars stand evenly across the page at once."""
    pieces = []
    for index in range(STARS if still else CONFETTI):
        kind = "star" if still else ("tile" if index % 3 == 0 else "pip")
        pieces.append(
            {
                "kind": kind,
                "x": f"{(index + 0.5) / STARS * 100 if still else shuffle.uniform(0, 100):.1f}vw",
                "delay": f"{0 if still else shuffle.uniform(0, 0.9):.2f}s",
                "fall": f"{shuffle.uniform(3.2, 5.0):.2f}s",
                "spin": f"{shuffle.choice((-1, 1)) * shuffle.randint(180, 720)}deg",
                "drift": f"{shuffle.uniform(-12, 12):.1f}vw",
                "colour": COLOURS[index % len(COLOURS)],
            }
        )
    return pieces


async def celebrate(page: Host) -> None:
    """The win moment, over the match's summary (which opens first). It
    stays (the confetti falls once) until the summary is closed."""
    await asyncio.sleep(0.05)
    if sound_on(page):
        play(page, "fanfare")
    still = page.reduced
    # Only where the confetti falls is random: nothing of the game.
    page.celebrate(confetti(still, random.Random()), still=still)
