"""What the live replay shows, on CPython (web/replay/screen.py): the replay
is a value, and each element it shows is drawn from it as plain data that
the page's shell applies. The live replay says what its poster (the first
paint) says, position by position; "Try it" asks the reader, offers the
tiles that fit and hides the record's review; stepping on cuts short what
was under way; a record that cannot be shown says why. And the tutorial
page starts the replay nearest the reader first (web/replay/tutorial_page.py)."""

from __future__ import annotations

import html
import re

from test_marks import a_missed_ten, annotated
from test_poster import COUNTING
from test_replay import SPINNER, WORDS

from allfives import Move, Tile

from replay import poster, screen, tutorial_page
from replay.frames import frames
from replay.screen import ReplayState
from replay.trying import Trying


def inner(markup: str, ident: str) -> str:
    """What the element ``id="ident"`` holds (no nested tags of its kind)."""
    match = re.search(rf'<(\w+) id="{ident}"[^>]*>(.*?)</\1>', markup, re.S)
    assert match, ident
    return match[2]


def loaded(record: dict[str, object], *, seat: int = 0, prefix: str = "") -> ReplayState:
    state = ReplayState(prefix=prefix, words=WORDS)
    state.load(record, seat)
    return state


def test_the_live_replay_says_at_each_position_what_its_poster_says() -> None:
    # The first paint and the live page draw with the same functions (issue 45): they cannot drift.
    state = loaded(COUNTING, prefix="counting-")
    for move in range(state.last + 1):
        state.position = move
        shown = screen.parts(state)
        drawn = poster.poster(COUNTING, move=move, words=WORDS, frame=poster.Poster(prefix="counting-"))
        for name in ("scores", "position", "hand-title", "others"):
            said = html.unescape(inner(drawn, f"counting-{name}"))
            assert shown[f"counting-{name}"] == {"text": said}, (move, name)
        for name in ("explain", "hand", "replay-controls"):
            assert shown[f"counting-{name}"]["markup"] == inner(drawn, f"counting-{name}"), (move, name)
        assert shown["counting-replay-controls"]["hidden"] is False
        assert shown["counting-play-controls"] == {"hidden": True}
        assert "counting-review" not in shown, "a record without a review shows none"


def test_try_it_asks_the_reader_offers_the_tiles_that_fit_and_hides_the_records_review() -> None:
    state = loaded(SPINNER)
    state.position = 2  # Ann to play 5-2 or 5-4
    state.trying = Trying.begin(SPINNER, state.frames[2], 0, WORDS)
    shown = screen.parts(state)
    assert shown["replay-controls"] == {"hidden": True}
    assert shown["play-controls"]["hidden"] is False
    assert 'data-action="replay"' in shown["play-controls"]["markup"]
    assert shown["review"] == {"hidden": True}, "the record's marks are not this game's"
    assert shown["position"] == {"text": WORDS("embed_your_turn")}
    assert shown["hand-title"] == {"text": WORDS("embed_your_hand")}
    fits = re.findall(r'<button [^>]*class="hand-tile playable"[^>]*data-tile="([^"]+)"', shown["hand"]["markup"])
    assert sorted(fits) == ["5-2", "5-4"]

    state.busy = True  # the computer is thinking
    assert "playable" not in screen.parts(state)["hand"]["markup"], "no tile may be chosen while busy"

    state.busy, state.selected = False, Tile.parse("5-2")
    assert screen.parts(state)["position"] == {"text": WORDS("embed_choose_end", tile="5-2")}
    assert screen.board_shown(state).targets, "the chosen tile's ends are lit"


def test_stepping_on_or_pausing_cuts_short_what_was_under_way() -> None:
    state = ReplayState()
    autoplay = state.ticket()
    assert autoplay.live
    paused = state.cut_short()
    assert not autoplay.live, "Pause stops the autoplay under way"
    assert paused.live, "what starts after goes on"
    paused.cancel()
    assert not paused.live


def test_the_board_shows_the_coachs_best_move_when_asked() -> None:
    state = loaded(annotated(a_missed_ten()))
    state.position = 1  # Ann led 6-1 holding 5-5
    assert screen.board_shown(state).last == Move.parse("6-1").tile
    assert screen.parts(state)["review"]["hidden"] is False
    state.show_best = True
    best = screen.board_shown(state)
    assert best.last == Move.parse("5-5").tile
    assert [str(t) for t in best.layout.tiles()] == ["5-5"], "the table as it would have been"


def test_a_record_that_cannot_be_shown_says_why_and_its_controls_go() -> None:
    state = ReplayState(prefix="x-")
    said = screen.problem(state, "The record could not be read.")
    assert said["x-problem"] == {"text": "The record could not be read.", "hidden": False}
    assert said["x-position"] == {"text": ""}
    assert said["x-replay-controls"] == {"hidden": True}, "nothing to step through"
    state = loaded(SPINNER, prefix="x-")
    assert "x-replay-controls" not in screen.problem(state, "Something went wrong."), "a replay keeps its controls"


# The tutorial page (rules.html): each poster's replay, the nearest first


def test_the_replay_nearest_the_reader_starts_first() -> None:
    def poster_at(name: str, top: float, *, in_view: bool = False, focus: bool = False) -> dict[str, object]:
        return {"data": {"replay": name}, "top": top, "in_view": in_view, "focus": focus}

    posters = [
        poster_at("far-above", -3000),
        poster_at("below", 900),
        poster_at("on-screen", 100, in_view=True),
        poster_at("pressed", 300, in_view=True, focus=True),
        poster_at("just-above", -200),
    ]
    order = [p["data"]["replay"] for p in tutorial_page.nearest_first(posters)]
    assert order == ["pressed", "on-screen", "just-above", "below", "far-above"]


def test_a_posters_options_are_read_from_its_data_and_what_cannot_be_read_is_left_at_its_default() -> None:
    options = tutorial_page.options_of({"replay": "count", "src": "records/count.json", "move": "4", "lang": "de"})
    assert (options.src, options.move, options.seat, options.lang) == ("records/count.json", 4, 0, "de")
    odd = tutorial_page.options_of({"src": "r.json", "move": "-1", "seat": "two"})
    assert (odd.move, odd.seat, odd.lang) == (0, 0, "en")
    assert frames(SPINNER), "the records above are real"
