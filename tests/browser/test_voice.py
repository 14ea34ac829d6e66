"""One voice at a time (issue 31, item 4): the header and the prompt never
contradict each other, the tile just played lands before a draw begins, and
a touch screen is never told to press a key.

Seed 24 with three tiles each against Easy (as in test_draws.py): you play
4-0, the computer cannot play and draws two tiles, then plays 5-0, and you
cannot play and draw two; later you draw three."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Page, expect

from .conftest import DESKTOP
from .player import Player
from .test_draws import start_seed_24
from .test_look import play_until_an_end_is_chosen
from .test_phone import phone

if TYPE_CHECKING:
    from .conftest import App

__all__ = ["phone"]  # the phone fixture, from test_phone.py

#: Notes every pair the header and the prompt show together, and, each time a
#: draw begins (the header's "cannot play: ... 1 tile"), how many tiles on the
#: board were still moving.
WATCH = """() => {
  window.voices = [];
  window.movingAtDraw = [];
  const status = document.querySelector('[role="status"]');
  const prompt = document.querySelector('section[aria-label="Your hand"] p');
  new MutationObserver(() => {
    const pair = [status.textContent, prompt.textContent];
    const last = window.voices[window.voices.length - 1];
    if (last && last[0] === pair[0] && last[1] === pair[1]) return;
    window.voices.push(pair);
    if (/cannot play: (you )?draws? 1 tile$/.test(pair[0]) && (!last || last[0] !== pair[0])) {
      window.movingAtDraw.push(document.getAnimations().filter((a) => a.playState === "running"
        && a.effect && a.effect.target && a.effect.target.closest && a.effect.target.closest("#board .tile")).length);
    }
  }).observe(document.body, {subtree: true, childList: true, characterData: true});
}"""

#: A prompt that asks the person to play now.
ASKS_TO_PLAY = re.compile(r"choose a tile|^You lead|^Choose an end")


def one_voice(page: Page) -> None:
    """Play seed 24's hand to its end, watching the header and the prompt."""
    player = Player(page)
    player.wait_for_turn()
    start_seed_24(player)
    page.evaluate(WATCH)
    player.play_out_the_hand()
    voices: list[list[str]] = page.evaluate("window.voices")
    moving: list[int] = page.evaluate("window.movingAtDraw")

    assert ["You cannot play: you draw 1 tile", ""] in voices, voices
    for status, prompt in voices:
        if ASKS_TO_PLAY.search(prompt):
            assert status == "Your turn", f"the prompt asks to play, the header says {status!r}"
        if "cannot play" in status:
            assert not ASKS_TO_PLAY.search(prompt), f"the header says {status!r}, the prompt {prompt!r}"
    # Three draws began (the computer's, then two of yours), each once the tile played had landed.
    assert len(moving) == 3, voices
    assert moving == [0, 0, 0], "a tile was still sliding when a draw began"


@pytest.mark.parametrize("viewport", [DESKTOP], ids=["desktop"])
def test_on_a_desktop_the_header_and_the_prompt_say_one_thing(app: App, page: Page) -> None:
    app.open()
    app.wait_until_ready()
    one_voice(page)


def test_on_a_phone_the_header_and_the_prompt_say_one_thing(phone: Page) -> None:
    one_voice(phone)


def choosing_an_end(page: Page) -> str:
    """The prompt once a tile that fits two ends is chosen."""
    player = Player(page)
    player.start_match(seed=3)
    play_until_an_end_is_chosen(player)
    prompt: str = player.prompt.inner_text()
    return prompt


@pytest.mark.parametrize("viewport", [DESKTOP], ids=["desktop"])
def test_a_keyboard_is_told_of_escape(app: App, page: Page) -> None:
    app.open()
    app.wait_until_ready()
    assert re.fullmatch(r"Choose an end for \d-\d, or press Escape\.", choosing_an_end(page))


def test_a_touch_screen_is_told_of_no_key(phone: Page) -> None:
    prompt = choosing_an_end(phone)
    assert re.fullmatch(r"Choose an end for \d-\d, or tap the tile again\.", prompt)
    # And the tile tapped again puts the ends out, as the prompt says.
    player = Player(phone)
    player.hand.get_by_role("button", pressed=True).click()
    expect(player.end_targets).to_have_count(0)
    expect(player.prompt).not_to_contain_text("Choose an end")
