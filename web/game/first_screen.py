"""The game page's first screen as markup (issue 35, item 3): what a fresh
visit shows once the page has started, drawn by the build into index.html so
that the table, the score cards and the introduction's first step are on
screen from the HTML and CSS alone, long before Python starts. Browser-free:
the build runs it on CPython (sitebuild/first_paint.py), and the live page
draws the same pieces through it (the default match's setup, the
introduction's pictures).

A fresh visit is the default match (you against the Medium computer, the
standard rules), undealt, waiting for its introduction: the score cards at 0,
the opponent's card with no tiles, an empty table and hand, and the
introduction's first step, in each of the game's languages: loading.js
sets ``<html lang>`` to the player's language before the first paint, and the
stylesheet shows only that language's copy (``data-first-lang``), so a
player whose language is German sees German from the first paint on, and
nothing changes when Python draws the same words. The build draws the
page's fixed words (``data-i18n``: the header's buttons, "Moves"...) the
same way (sitebuild/first_paint.py).
The build draws every step of the introduction into a template too;
web/js/first.js turns the steps before Python starts (issue 46, item 2;
loading.js keeps a tap made before that script runs), and the page takes the introduction over,
in place, at the step the person reached, when it opens it itself
(intro.py's take_over). Where the page may open something else
first (the introduction seen, a saved game, a link), loading.js marks the
page (``data-returning`` on ``<html>``) before it is painted, and the
stylesheet hides the drawn introduction.

The score cards and the other players' cards are drawn by the live page's
own functions (game/cards.py), so the two cannot drift; the introduction's
markup is intro.py's ``show``, element for element, which
tests/browser/test_first_paint.py compares.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Final

from allfives.players import LEVELS
from allfives.rules import Rules
from allfives.tiles import TILES, Tile

from game import words
from game.cards import LANGUAGE_MARK, opponents_markup, scores_markup
from game.cards import element as _el
from game.cards import marked as _marked
from table import board
from table.game import Game, GameSetup, SeatSetup
from table.i18n import LANGUAGES, Translator

__all__ = [
    "DEFAULT_LEVEL",
    "MARKS",
    "STEPS",
    "default_setup",
    "fill",
    "intro_body",
    "intro_buttons",
    "intro_picture",
    "levels_markup",
    "opponent_choice_markup",
    "opponents_markup",
    "rules_page",
    "scores_markup",
]

#: The opponent of the default match, which a first visit's Skip also plays.
DEFAULT_LEVEL: Final = "medium"
#: The introduction's steps: how a tile fits, how the fives score, how a hand
#: and the match end, and whom the player plays.
STEPS: Final = 4
#: Where the build puts each piece in index.html: its mark, then what draws it.
MARKS: Final = (
    "<!--FIRST_SCORES-->",
    "<!--FIRST_OPPONENTS-->",
    "<!--FIRST_INTRO_TITLE-->",
    "<!--FIRST_INTRO_BODY-->",
    "<!--FIRST_INTRO_BUTTONS-->",
    "<!--FIRST_INTRO_STEPS-->",
)


def rules_page(language: str) -> str:
    """The rules and tutorial page written in ``language`` (build.py writes one per language)."""
    return "./rules.html" if language == "en" else f"./rules.{language}.html"


def default_setup(t: Translator) -> GameSetup:
    """A fresh visit's match: you against the Medium computer, the standard rules."""
    rules = Rules()
    people = SeatSetup(words.default_name(t, 0, rules.players))
    return GameSetup(rules, (people, SeatSetup(words.default_name(t, 1, rules.players), DEFAULT_LEVEL)))


def _tile(text: str) -> Tile:
    return next(tile for tile in TILES if str(tile) == text)


def intro_picture(step: int) -> str:
    """The small drawing beside step ``step`` (from 0) of the introduction:
    two tiles matched end to end, a tile whose ends make five, three tiles
    face down; none beside the choice of opponent, which is its own picture
    (and a phone's screen keeps its room for the five levels)."""
    if step == 0:
        return board.tile_svg(_tile("6-5"), orientation="horizontal", first=6) + board.tile_svg(
            _tile("5-3"), orientation="horizontal", first=5
        )
    if step == 1:
        return board.tile_svg(_tile("4-1"), orientation="horizontal") + '<span class="intro-sum">4 + 1 = 5</span>'
    if step == 2:
        return "".join(board.tile_svg(None, face_down=True) for _ in range(3))
    return ""


def intro_body(
    t: Translator,
    step: int,
    text: str,
    *,
    last_part: str = "",
    language: str | None = None,
) -> str:
    """Step ``step`` (from 0) of the introduction, as the dialog shows it:
    which step of how many, its picture (none on the last), its words
    ``text``, the last step's ``last_part`` (whom to play, or the levels),
    and the way to the full rules; each piece marked as ``language``'s
    copy, where one is named (the first paint)."""
    mark = _marked(language)
    more = _el("a", t("how_to_play"), href=rules_page(t.language), target="_blank")
    body = _el("p", t("intro_step", step=step + 1, steps=STEPS), class_="intro-step", **mark)
    if step + 1 < STEPS:
        body += _el("div", inner=intro_picture(step), class_="intro-picture", aria_hidden="true", **mark)
    body += _el("p", text, class_="intro-text", **mark) + last_part
    return body + _el("p", inner=more, class_="intro-more", **mark)


def opponent_choice_markup(t: Translator, chosen: str = DEFAULT_LEVEL) -> str:
    """Whom to play: each level, weakest first, with a line on how it plays (a radio each)."""
    rows = []
    for level in LEVELS:
        checked = ' checked=""' if level == chosen else ""
        words_ = _el("strong", t(f"level_{level}")) + _el("span", t(f"level_about_{level}"), class_="intro-about")
        rows.append(
            f'<label><input type="radio" name="intro-level" value="{escape(level)}"{checked}>'
            f"{_el('span', inner=words_)}</label>"
        )
    return _el("fieldset", inner=_el("legend", t("intro_opponent")) + "".join(rows), class_="intro-opponents")


def levels_markup(t: Translator) -> str:
    """The levels a new match offers, each with its line on how it plays
    (the last step when there is no match waiting to be chosen for)."""
    items = "".join(
        _el(
            "li",
            inner=_el("strong", t(f"level_{level}")) + _el("span", t(f"level_about_{level}"), class_="intro-about"),
        )
        for level in LEVELS
    )
    return _el(
        "div",
        inner=_el("p", t("intro_levels"), class_="intro-levels") + _el("ul", inner=items),
        class_="intro-opponents",
    )


def intro_buttons(t: Translator, step: int, *, choosing: bool) -> list[tuple[str, str]]:
    """Step ``step``'s buttons (value, label), the main one first: Next, or
    on the last step Play (``choosing`` an opponent for the match that
    waits) or Let's play; then Back, after the first step; then Skip,
    before the last."""
    last = step + 1 == STEPS
    if last and choosing:
        buttons = [("play", t("intro_play"))]
    else:
        buttons = [("done", t("intro_done"))] if last else [("next", t("intro_next"))]
    if step > 0:
        buttons.append(("back", t("intro_back")))
    if not last:
        buttons.append(("skip", t("intro_skip")))
    return buttons


def intro_markup(
    t: Translator, game: Game, language: str | None = None, step: int = 0, *, choosing: bool = True
) -> tuple[str, str, str]:
    """Step ``step`` of the introduction as intro.py's ``show`` fills the
    dialog (its title, its body, its buttons), which the page's first screen
    answers before Python starts (web/js/first.js): a first visit's, whose
    last step chooses the opponent (``choosing``), or the one "How to play"
    opens, whose last lists the levels; each piece marked as ``language``'s
    copy, where one is named."""
    mark = _marked(language)
    number = step + 1
    last_part = "" if number != STEPS else opponent_choice_markup(t) if choosing else levels_markup(t)
    text = t(f"intro_text_{number}", target=game.rules.points_to_win)
    body = intro_body(t, step, text, last_part=last_part, language=language)
    buttons = _buttons(intro_buttons(t, step, choosing=choosing), language)
    title = escape(t(f"intro_title_{number}"), quote=False)
    return (title if language is None else _el("span", inner=title, **mark)), body, buttons


def intro_steps_markup(t: Translator, game: Game, language: str) -> str:
    """Every step of the introduction, in ``language``, for the page's first
    screen to show before Python starts (web/js/first.js): a ``<div
    data-step>`` each, holding its title, body and buttons; the last step
    twice, as a first visit chooses the opponent and as "How to play" lists
    the levels (``data-variant="levels"``)."""
    steps = []
    for step, variant in [(step, "") for step in range(STEPS)] + [(STEPS - 1, "levels")]:
        parts = intro_markup(t, game, language, step, choosing=not variant)
        inner = "".join(f'<div data-part="{part}">{markup}</div>' for part, markup in zip(PARTS, parts, strict=True))
        marks = f'data-step="{step}" data-lang="{language}"' + (f' data-variant="{variant}"' if variant else "")
        steps.append(f"<div {marks}>{inner}</div>")
    return "".join(steps)


#: The dialog's parts a step fills, by their element ids' last word (#dialog-title...).
PARTS: Final = ("title", "body", "buttons")


def _buttons(buttons: Sequence[tuple[str, str]], language: str | None) -> str:
    mark = "" if language is None else f' {LANGUAGE_MARK}="{language}"'
    return "".join(f'<button value="{value}" type="submit"{mark}>{escape(label)}</button>' for value, label in buttons)


def fill(page: str) -> str:
    """index.html with its first screen drawn where its marks say, in each of
    the game's languages (the build draws the page's fixed words too:
    sitebuild/first_paint.py)."""
    drawn = [""] * len(MARKS)
    for language in LANGUAGES:
        t = Translator(language)
        game = Game(default_setup(t))
        pieces = (
            scores_markup(t, game, language=language),
            opponents_markup(t, game, language=language),
            *intro_markup(t, game, language),
            intro_steps_markup(t, game, language),
        )
        drawn = [so_far + piece for so_far, piece in zip(drawn, pieces, strict=True)]
    for mark, markup in zip(MARKS, drawn, strict=True):
        if page.count(mark) != 1:
            raise ValueError(f"index.html must hold {mark} once")
        page = page.replace(mark, markup)
    return page
