"""What the daily deal says, browser-free: its result in the dialog, the
share text a player sends friends (a coloured square a decision, nothing
that spoils the deal), and why a link's daily is refused. Every date is
written as the page writes dates (:func:`game.dates.date_words`)."""

from __future__ import annotations

import html
from datetime import date
from typing import Final

from allfives.daily import FIRST_DATE, DailyError
from allfives.review import Grade

from game.daily.model import DailyResult
from game.dates import date_words
from table.i18n import Translator

__all__ = ["MARKS", "refused_words", "result_markup", "share_key", "share_text"]

#: A decision's mark in the share text, by its grade: colours only, so the
#: text tells nothing of the tiles.
MARKS: Final = {
    Grade.BEST.value: "🟩",
    Grade.GOOD.value: "🟩",
    Grade.INACCURACY.value: "🟨",
    Grade.MISTAKE.value: "🟧",
    Grade.BLUNDER.value: "🟥",
}


def share_text(t: Translator, result: DailyResult, link: str, *, practice: bool) -> str:
    """What a player sends friends: the date, the margin against the Expert,
    a mark per decision, what each mark means (in the player's language) and
    the link. No tile, no score: nothing to spoil."""
    margin = result.duplicate.margin
    head = t("daily_share_head", date=date_words(t, result.duplicate.day), margin=f"{margin:+d}")
    if practice:
        head += " " + t("daily_share_practice")
    marks = "".join(MARKS.get(grade, "⬜") for grade in result.grades)
    return "\n".join(line for line in (head, marks, share_key(t), link) if line)


def share_key(t: Translator) -> str:
    """The share text's key: what each square says of a decision."""
    # Best and good share their green square: the key names it once.
    squares = {grade.value: MARKS[grade.value] for grade in Grade if grade is not Grade.BEST}
    return t("daily_share_key", **squares)


def refused_words(t: Translator, written: str, error: DailyError) -> str:
    """Why a link's daily is refused, in words: a date that is one but has no
    daily yet (or any more) as the page writes dates ("8 December 2026 is not
    out yet"); any other as the link wrote it, cut short."""
    if error.kind in ("future", "too-early"):
        shown = date_words(t, date.fromisoformat(written.strip()))
    else:
        shown = written if len(written) <= 20 else written[:19] + "…"
    return t("daily_refused_" + error.kind.replace("-", "_"), date=shown, first=date_words(t, FIRST_DATE))


def result_markup(t: Translator, result: DailyResult, share: str, streak: int, *, practice: bool) -> tuple[str, str]:
    """The daily's result in its dialog, as markup (every text escaped), and
    what a screen reader is told: the two scores and the margin, whether it
    was practice, the streak, and the share text to copy."""
    duplicate = result.duplicate
    said = t("daily_result", you=duplicate.you, expert=duplicate.expert, margin=f"{duplicate.margin:+d}")
    parts = [f'<p class="daily-result">{html.escape(said)}</p>']
    if practice:
        parts.append(f'<p class="daily-note">{html.escape(t("daily_practice"))}</p>')
    parts.append(f'<p class="daily-note">{html.escape(t("daily_streak", count=streak))}</p>')
    label = html.escape(t("daily_share_label"), quote=True)
    parts.append(f'<pre class="daily-share" role="group" aria-label="{label}">{html.escape(share)}</pre>')
    return "".join(parts), said
