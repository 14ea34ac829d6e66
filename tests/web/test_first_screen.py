"""The game page's first screen as the build draws it (web/game/first_screen.py):
the default match's score cards and opponent, and a first visit's first step
of the introduction, in the page's own markup, and every step of it for the
page's first screen to turn before Python starts (web/js/first.js);
a copy in each of the game's languages, each marked with its language."""

from __future__ import annotations

from pathlib import Path

import pytest

from allfives.rules import Rules

from game import first_screen
from table.game import Game, GameSetup, SeatSetup
from table.i18n import LANGUAGES, Translator

INDEX = Path(__file__).resolve().parents[2] / "web" / "index.html"


def test_a_fresh_visit_plays_the_medium_computer_on_the_standard_rules() -> None:
    setup = first_screen.default_setup(Translator("en"))
    assert setup.rules == Rules()
    assert [(seat.name, seat.kind) for seat in setup.seats] == [("You", "person"), ("Computer", "medium")]


def test_the_score_cards_start_at_nothing_of_the_target() -> None:
    t = Translator("en")
    markup = first_screen.scores_markup(t, Game(first_screen.default_setup(t)))
    assert markup == (
        '<div class="score"><span class="score-name">You</span>'
        '<span class="score-value" data-side="0">0</span><span class="score-target">of 250</span></div>'
        '<div class="score"><span class="score-name">Computer</span>'
        '<span class="score-value" data-side="1">0</span><span class="score-target">of 250</span></div>'
    )


def test_the_opponent_holds_no_tiles_yet_and_says_so_to_a_screen_reader() -> None:
    t = Translator("en")
    markup = first_screen.opponents_markup(t, Game(first_screen.default_setup(t)))
    assert '<span class="badge">Medium</span>' in markup
    assert '<span class="visually-hidden">Computer (Medium): 0 tiles in hand</span>' in markup


def test_names_are_text_never_markup() -> None:
    t = Translator("en")
    setup = GameSetup(Rules(), (SeatSetup("<b>Ann</b>"), SeatSetup("Bo & Cy", "easy")))
    drawn = first_screen.scores_markup(t, Game(setup)) + first_screen.opponents_markup(t, Game(setup))
    assert "<b>" not in drawn
    assert "&lt;b&gt;Ann&lt;/b&gt;" in drawn
    assert "Bo &amp; Cy" in drawn


def test_the_page_shows_the_first_step_with_its_buttons() -> None:
    page = first_screen.fill(INDEX.read_text(encoding="utf-8"))
    assert "<!--FIRST_" not in page
    assert '<h2 id="dialog-title"><span data-first-lang="en">Match an end</span>' in page
    assert '<p class="intro-step" data-first-lang="en">Step 1 of 4</p>' in page
    assert '<button value="next" type="submit" data-first-lang="en">Next</button>' in page
    assert '<button value="skip" type="submit" data-first-lang="en">Skip</button>' in page
    assert '<a href="./rules.html" target="_blank">How to play: the rules, with examples</a>' in page


def test_the_first_screen_is_drawn_in_every_language_each_copy_marked_with_its_own() -> None:
    page = first_screen.fill(INDEX.read_text(encoding="utf-8"))
    for language in LANGUAGES:
        t = Translator(language)
        assert f'<span data-first-lang="{language}">{t("intro_title_1")}</span>' in page
        assert f'<span class="score-name">{t("you")}</span>' in page or language == "en"
        assert f'<a href="{first_screen.rules_page(language)}" target="_blank">' in page
        assert f'type="submit" data-first-lang="{language}">{t("intro_skip")}</button>' in page
    assert page.count('class="score" data-first-lang=') == 2 * len(LANGUAGES)


#: Each step's buttons, main one first, as the live introduction draws them on a first visit (intro.py's show).
STEP_BUTTONS = [["next", "skip"], ["next", "back", "skip"], ["next", "back", "skip"], ["play", "back"]]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_step_of_the_introduction_is_drawn_for_the_first_screen_to_turn(language: str) -> None:
    """Before Python starts, web/js/first.js shows these steps as the person asks (issue 46, item 2)."""
    t = Translator(language)
    page = first_screen.fill(INDEX.read_text(encoding="utf-8"))
    steps = page.split('<template id="intro-steps">', 1)[1].split("</template>", 1)[0]
    for step, values in enumerate(STEP_BUTTONS):
        copy = steps.split(f'<div data-step="{step}" data-lang="{language}">', 1)[1].split("<div data-step=", 1)[0]
        assert t("intro_step", step=step + 1, steps=first_screen.STEPS) in copy
        assert t(f"intro_title_{step + 1}") in copy
        assert [part.split('"', 1)[0] for part in copy.split('<button value="')[1:]] == values
    last = steps.split(f'<div data-step="3" data-lang="{language}">', 1)[1].split("<div data-step=", 1)[0]
    assert last.count('type="radio" name="intro-level"') == 5
    assert 'value="medium" checked=""' in last
    # As "How to play" shows it once a match is on: the levels listed, Let's play.
    asked = steps.split(f'<div data-step="3" data-lang="{language}" data-variant="levels">', 1)[1]
    asked = asked.split("<div data-step=", 1)[0]
    assert t("intro_levels") in asked
    assert "radio" not in asked
    assert [part.split('"', 1)[0] for part in asked.split('<button value="')[1:]] == ["done", "back"]


def test_a_page_without_its_marks_is_refused() -> None:
    with pytest.raises(ValueError, match="FIRST_SCORES"):
        first_screen.fill("<html><body></body></html>")
