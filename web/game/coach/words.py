"""The coach's review of a hand as markup, for the dialog (:mod:`game.coach.screen`
runs the review and opens it): a line for the hand, a line for its luck, a
graded row for each of the people's decisions (in hot-seat, each person's
under their name, with a link to step through the hand from their seat),
and the dialog's buttons. A pure module: every text in it escaped, put in
place by the shell; the words are :mod:`table.coach_words`."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from table import coach_words
from table.game import Game

if TYPE_CHECKING:
    from allfives.review import HandReview

    from table.i18n import Translator

__all__ = ["PROGRESS", "Review", "kept_whole", "review_markup", "working_markup"]

#: The id of the progress bar of work under way in the dialog (the coach's review, the daily's duplicate).
PROGRESS: Final = "work-progress"

#: A tile's name in a line ("1-1"), which must not break at its hyphen ("1-" / "1").
TILE_NAME: Final = re.compile(r"\b[0-6]-[0-6]\b")


def _esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def kept_whole(text: str) -> str:
    """``text`` with each tile name in it kept on one line."""
    out, at = [], 0
    for found in TILE_NAME.finditer(text):
        out.append(_esc(text[at : found.start()]))
        out.append(f'<span class="tile-name">{_esc(found.group())}</span>')
        at = found.end()
    out.append(_esc(text[at:]))
    return f"<span>{''.join(out)}</span>"


def _decisions(t: Translator, reviewed: HandReview, seat: int) -> str:
    """``seat``'s decisions in the hand, a graded row each ("" if it had no choice)."""
    rows = [coach_words.decision_row(t, judgement) for judgement in reviewed.of(seat)]
    if not rows:
        return ""
    items = "".join(
        f'<li class="review-decision grade-{_esc(row.grade)}"><span class="grade">{_esc(row.grade_word)}</span>'
        f"{kept_whole(' ' + row.text)}</li>"
        for row in rows
    )
    return f'<ol class="review-decisions">{items}</ol>'


def _step_through(label: str, link: str) -> str:
    """A link opening ``link`` (the hand in the replay) in a new tab."""
    return f'<a href="{_esc(link)}" target="_blank" rel="noopener" class="btn">{_esc(label)}</a>'


@dataclass(frozen=True, slots=True)
class Review:
    """The review's dialog: its body, its buttons, and what a screen reader
    is told of it."""

    body: str
    buttons: str
    said: str


def review_markup(t: Translator, game: Game, reviewed: HandReview, page_url: str) -> Review:
    """Hand ``reviewed.number`` of ``game`` reviewed for its people; the
    links step through it in the replay beside ``page_url``."""
    people = game.people
    hand = reviewed.number
    sides = [game.side_name(side) for side in range(game.rules.sides)]
    # The luck is said to the people's side, or to onlookers where they sit on several.
    their_sides = {game.rules.side_of(seat) for seat in people}
    luck = coach_words.luck_line(t, reviewed, sides, their_sides.pop() if len(their_sides) == 1 else None)
    luck_line = f'<p class="review-luck">{_esc(luck)}</p>' if luck else ""
    back = f'<button value="back" type="submit" formnovalidate="">{_esc(t("back_to_summary"))}</button>'
    if len(people) == 1:
        (seat,) = people
        said = coach_words.hand_summary(t, reviewed, seat)
        rows = _decisions(t, reviewed, seat)
        body = f'<p class="review-summary">{_esc(said)}</p>{luck_line}{rows}'
        link = game.reviewed_link(page_url, hand, lang=t.language)
        buttons = back + _step_through(t("review_step_through"), link)
    else:
        # Hot-seat: each person's summary and decisions, under their name.
        parts, spoken = [luck_line], []
        for seat in people:
            name = game.seats[seat].name
            summary = coach_words.hand_summary(t, reviewed, seat)
            spoken.append(t("review_person", name=name, summary=summary))
            # Each person steps through the hand from their own seat, their tiles face up.
            link = game.reviewed_link(page_url, hand, lang=t.language, seat=seat)
            parts.append(
                f'<section class="review-person" aria-labelledby="review-person-{seat}">'
                f'<h3 id="review-person-{seat}">{_esc(name)}</h3><p class="review-summary">{_esc(summary)}</p>'
                f"{_decisions(t, reviewed, seat)}{_step_through(t('review_step_through_as', name=name), link)}"
                "</section>"
            )
        rows = "".join(parts)
        body, said, buttons = rows, " ".join(spoken), back
    if "review-decision" in rows:
        body += f'<p class="review-note">{_esc(t("review_values"))}</p>'
    return Review(body, buttons, said)


def working_markup(said: str, label: str) -> str:
    """The dialog's body while long work is under way (the coach's review,
    the Expert's play of a daily): what is being done, and a progress bar
    named ``label`` that :meth:`page.shell.Shell.progress` moves on."""
    return f'<p>{_esc(said)}</p><progress id="{PROGRESS}" max="100" value="0" aria-label="{_esc(label)}"></progress>'
