"""A replay's poster and its facade on CPython: the position a replay opens
at, drawn as static HTML with the words the live replay says there."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest
from helpers import replay_position

from allfives import Move, Tile

from replay import poster
from replay.frames import ReaderTranslator

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS: list[dict[str, Any]] = json.loads((ROOT / "docs" / "tutorial-scenarios.json").read_text(encoding="utf-8"))[
    "scenarios"
]
COUNTING = {
    "format": "allfives-record",
    "version": 1,
    "rules": {"players": 2, "hand_size": 4},
    "hands": [
        {
            "leader": 0,
            "deal": [["6-4", "6-3", "3-0", "2-1"], ["4-1", "1-1", "5-1", "6-6"]],
            "boneyard": [
                *("0-0", "1-0", "2-0", "2-2", "3-1", "3-2", "3-3", "4-0", "4-2", "4-3"),
                *("4-4", "5-0", "5-2", "5-3", "5-4", "5-5", "6-0", "6-1", "6-2", "6-5"),
            ],
            "moves": ["6-4", "4-1 E", "6-3 W", "1-1 E", "3-0 W", "5-1 E", "2-1 N"],
        }
    ],
    "meta": {"setup": {"seats": [{"name": "Ann"}, {"name": "<b>Ben</b>"}]}},
}


def text_of(markup: str, ident: str) -> str:
    """The text of the element ``id="ident"`` (no nested tags of the same kind)."""
    match = re.search(rf'id="{ident}"[^>]*>(.*?)</(p|div|h2)>', markup, re.S)
    assert match, ident
    return html.unescape(re.sub(r"<[^>]+>", "", match[1]))


def test_the_poster_is_the_position_with_its_words_and_its_controls() -> None:
    drawn = poster.poster(COUNTING, move=4)
    assert text_of(drawn, "position") == "Hand 1, move 4 of 7"
    assert text_of(drawn, "scores") == "Scores: Ann 10, <b>Ben</b> 5"
    explained = re.findall(r'<p class="count">([^<]*)</p>', drawn)
    assert explained == ["W 3 + E 2 = 5: scores 5"]
    assert "The East end shows the double 1-1: both halves count." in drawn
    assert drawn.count('class="hand-tile" role="img"') == 2
    assert 'aria-label="The layout: 4 tiles, the ends count 5"' in drawn
    for action in ("back", "play", "next", "try"):
        assert f'data-action="{action}"' in drawn
    assert '<input id="jump" type="range" min="0" max="7" value="4"' in drawn
    assert "<b>" not in drawn, "a name from the record is text, never markup"


def test_the_first_and_last_positions_disable_the_step_that_goes_nowhere() -> None:
    first, last = poster.poster(COUNTING, move=0), poster.poster(COUNTING, move=99)
    assert 'data-action="back" disabled' in first
    assert 'data-action="next" disabled' not in first
    assert text_of(last, "position") == "Hand 1, move 7 of 7"
    assert 'data-action="next" disabled' in last


def test_a_poster_on_a_page_of_several_has_ids_of_its_own_and_speaks_the_page_language() -> None:
    frame = poster.Poster(prefix="counting-", label="Counting: a replay", heading="p")
    drawn = poster.poster(COUNTING, move=1, seat=1, words=ReaderTranslator("de"), frame=frame)
    ids = re.findall(r'\bid="([^"]+)"', drawn)
    assert ids
    assert all(i.startswith("counting-") for i in ids)
    assert len(ids) == len(set(ids))
    assert 'aria-labelledby="counting-hand-title"' in drawn
    assert text_of(drawn, "counting-position") == "Runde 1, Zug 1 von 7"
    assert '<p id="counting-hand-title" class="hand-title">' in drawn
    assert 'aria-label="Counting: a replay"' in drawn


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s["id"] for s in SCENARIOS])
def test_every_tutorial_scenario_has_a_poster(scenario: dict[str, Any]) -> None:
    options = scenario.get("options", {})
    drawn = poster.poster(scenario["record"], move=int(options.get("move", 0)), seat=int(options.get("seat", 0)))
    per_hand = [len(hand["moves"]) for hand in scenario["record"]["hands"]]
    assert text_of(drawn, "position") == replay_position(int(options.get("move", 0)), per_hand)
    assert "<svg" in drawn


def test_a_record_with_nothing_to_show_is_refused() -> None:
    with pytest.raises(ValueError, match="no hand"):
        poster.poster({"format": "allfives-record", "version": 1, "hands": []})


def test_the_facade_is_a_link_to_the_replay_drawn_as_its_position() -> None:
    src = "https://ann.example/fives/embed.html?move=3&seat=0#record=eNo"
    code = poster.facade(COUNTING, src=src, script="https://ann.example/fives/facade.js", move=3)
    assert code.startswith('<a class="allfives-replay" href="https://ann.example/fives/embed.html?move=3&amp;seat=0')
    assert 'aria-label="All Fives: a replay: Hand 1, move 3 of 7. Step through this game"' in code
    assert 'aria-label="The layout: 3 tiles, the ends count 4"' in code
    assert code.endswith('<script src="https://ann.example/fives/facade.js" defer></script>')
    assert "<iframe" not in code, "nothing live until the reader asks"
    assert "<b>" not in code
    german = poster.facade(COUNTING, src=src, script="f.js", words=ReaderTranslator("de"))
    assert "Runde 1: das Austeilen" in german
    assert "Step through" not in german


def test_the_readers_hand_is_pictures_until_they_play_it_then_buttons_that_say_what_fits() -> None:
    # One drawing for the poster's first paint and the live replay (issue 45).
    words = ReaderTranslator("en")
    hand = [Tile.parse("5-0"), Tile.parse("6-6"), Tile.parse("3-2")]
    shown = poster.hand_markup(hand, words)
    assert re.findall(r'aria-label="([^"]+)"', shown) == ["double six", "five-blank", "three-two"]
    assert "<button" not in shown
    assert "data-action" not in shown

    playing = poster.hand_markup(hand, words, moves=[Move.parse("5-0")], selected=hand[0])
    buttons = re.findall(r"<button [^>]*>", playing)
    assert re.findall(r'<button [^>]*data-tile="([^"]+)"', playing) == ["6-6", "5-0", "3-2"]
    assert all('data-action="choose"' in b for b in buttons)
    (fitting,) = [b for b in buttons if "aria-disabled" not in b]
    assert 'data-tile="5-0"' in fitting
    assert "playable" in fitting
    assert 'aria-pressed="true"' in fitting
