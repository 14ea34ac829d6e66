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
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from pyscript import document, window

from allfives import Event, MatchEnded, Played

from page.dom import by_id, el

if TYPE_CHECKING:
    from game.roles import Host

__all__ = ["SOUND_KEY", "celebrate", "install", "play_sounds", "win_moment"]

#: The storage key (under the store's prefix) of the sound setting: "on" or "off".
SOUND_KEY: Final = "sound"
CONFETTI: Final = 42
COLOURS: Final = ("#ffd23f", "#fffdf7", "#e05a47", "#4fb3d9", "#7bd389")

# (frequency in Hz, start in s, length in s, peak gain, wave) for each sound.
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


class Sound:
    """The page's WebAudio, made on the first sound (browsers start audio
    only after the player has touched the page)."""

    def __init__(self) -> None:
        self.context: Any = None

    def play(self, name: str) -> None:
        audio = getattr(window, "AudioContext", None)
        if audio is None:
            return
        if self.context is None:
            self.context = audio.new()
        context = self.context
        if str(context.state) == "suspended":
            context.resume()
        now = float(context.currentTime)
        for frequency, start, length, peak, wave in SOUNDS[name]:
            oscillator = context.createOscillator()
            gain = context.createGain()
            oscillator.type = wave
            oscillator.frequency.setValueAtTime(frequency, now + start)
            gain.gain.setValueAtTime(0.0001, now + start)
            gain.gain.exponentialRampToValueAtTime(peak, now + start + 0.008)
            gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length)
            oscillator.connect(gain)
            gain.connect(context.destination)
            oscillator.start(now + start)
            oscillator.stop(now + start + length + 0.05)
        # What was played last, for the tests (they cannot hear it).
        document.body.dataset.sound = name


_SOUND = Sound()


def sound_on(page: Host) -> bool:
    return page.store.get(SOUND_KEY) == "on"


def install(page: Host) -> None:
    """Bind the speaker: it shows the remembered setting and toggles it."""
    button = by_id("sound")
    button.setAttribute("aria-pressed", "true" if sound_on(page) else "false")

    def toggle(_event: Any) -> None:
        on = not sound_on(page)
        page.store.set(SOUND_KEY, "on" if on else "off")
        button.setAttribute("aria-pressed", "true" if on else "false")
        page.announce(page.t("sound_on" if on else "sound_off"))
        if on:
            _SOUND.play("click")

    page.on(button, "click", toggle)


def play_sounds(page: Host, events: Sequence[Event]) -> None:
    """The sound of a move as its tile lands: a click, or a chime when it scores."""
    if page.game is None or not sound_on(page):
        return
    played = [e for e in events if isinstance(e, Played)]
    if played:
        _SOUND.play("chime" if any(e.points for e in played) else "click")


def win_moment(page: Host, events: Sequence[Event]) -> None:
    """The win moment, once the move that won the player the match has been shown."""
    game = page.game
    if game is None:
        return
    won = any(isinstance(e, MatchEnded) for e in events)
    if won and len(game.people) == 1 and game.person_won():
        page.spawn(celebrate(page))


async def celebrate(page: Host) -> None:
    """The win moment, over the match's summary (which opens first)."""
    await asyncio.sleep(0.05)
    if sound_on(page):
        _SOUND.play("fanfare")
    old = by_id("celebration")
    if old is not None:
        old.remove()
    layer = el("div", None, id="celebration", class_="celebration")
    layer.setAttribute("popover", "manual")
    layer.setAttribute("aria-hidden", "true")
    still = page.reduced
    layer.classList.add("still" if still else "moving")
    shuffle = random.Random()  # only where the confetti falls: nothing of the game
    for index in range(12 if still else CONFETTI):
        bit = el("span", None, class_="confetti " + ("star" if still else ("tile" if index % 3 == 0 else "pip")))
        style = bit.style
        style.setProperty("--x", f"{(index + 0.5) / 12 * 100 if still else shuffle.uniform(0, 100):.1f}vw")
        style.setProperty("--delay", f"{0 if still else shuffle.uniform(0, 0.9):.2f}s")
        style.setProperty("--fall", f"{shuffle.uniform(3.2, 5.0):.2f}s")
        style.setProperty("--spin", f"{shuffle.choice((-1, 1)) * shuffle.randint(180, 720)}deg")
        style.setProperty("--drift", f"{shuffle.uniform(-12, 12):.1f}vw")
        style.setProperty("--colour", COLOURS[index % len(COLOURS)])
        layer.append(bit)
    document.body.append(layer)
    layer.showPopover()
    # It stays (the confetti falls once) until the summary is closed.
    page.on(by_id("dialog"), "close", lambda _event: layer.remove() if layer.isConnected else None)
