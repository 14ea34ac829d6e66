"""What the History screen says: each match's line, its result, the
statistics' rows, and its list of matches as markup. Browser-free, so pytest reads them on CPython; every
date is written as the page writes dates (:mod:`game.dates`)."""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Sequence
from typing import Final

from allfives.players import LEVELS
from allfives.rules import Rules

from game.daily.month import daily_of
from game.dates import iso_date_words
from game.dialogs.words import field, table_markup
from game.history.model import CAPACITY, Entry, Refused, Tally, statistics
from table import refusal
from table.i18n import Translator
from table.seat_names import in_language

__all__ = [
    "FRIENDS",
    "filtered",
    "history_markup",
    "import_report_markup",
    "level_choices",
    "matches_markup",
    "result_line",
    "rules_line",
    "sides_line",
    "statistics_rows",
]

#: The filter's value for matches with no computer against one person (hot-seat, or imported).
FRIENDS: Final = "friends"
#: Between two scores, and for a figure there is none of: an en dash.
DASH: Final = "\u2013"


def level_choices(t: Translator) -> list[tuple[str, str]]:
    """The filter's choices: everyone, each level, and friends."""
    return [
        ("", t("history_everyone")),
        *((level, t("level_" + level)) for level in LEVELS),
        (FRIENDS, t("history_friends")),
    ]


def filtered(entries: Iterable[Entry], level: str) -> list[Entry]:
    """The entries against opponent ``level`` ("" for all, :data:`FRIENDS` for no computer opponent)."""
    if not level:
        return list(entries)
    wanted = None if level == FRIENDS else level
    return [entry for entry in entries if entry.level == wanted]


def side_name(t: Translator, entry: Entry, side: int) -> str:
    """A side's players, a default name ("Computer") in the reader's language."""
    players = entry.rules.players
    return " & ".join(in_language(t, entry.seats[seat].name, seat, players) for seat in entry.rules.seats_of(side))


def sides_line(t: Translator, entry: Entry) -> str:
    """Who played: "Ann against Computer (Medium)"; a daily's opponent is
    the Expert by name, said once: "You against Expert"."""
    names = t("history_against").join(side_name(t, entry, side) for side in range(entry.rules.sides))
    if entry.level is not None and daily_of(entry.record) is None:
        return t("history_with_level", names=names, level=t("level_" + entry.level))
    return names


def scores_text(t: Translator, scores: Sequence[int]) -> str:
    return f" {DASH} ".join(t.number(score) for score in scores)


def result_line(t: Translator, entry: Entry) -> str:
    """How it ended: "Ann won 61 to 40", or "Left unfinished at 20 to 35" (with a dash);
    a daily's says so: "Daily deal of 6 December 2026: left unfinished at 20 to 35"."""
    scores = scores_text(t, entry.scores)
    if entry.winner is None:
        said = t("history_unfinished", scores=scores)
    else:
        said = t("history_won", name=side_name(t, entry, entry.winner), scores=scores)
    daily = daily_of(entry.record)
    if daily is not None:
        day, practice = daily
        return t("history_daily_practice" if practice else "history_daily", date=iso_date_words(t, day), result=said)
    return said


def rules_line(t: Translator, rules: Rules) -> str:
    """The rules in a few words: "2 players, 150 points"."""
    key = "history_rules_teams" if rules.teams else "history_rules_line"
    return t(key, players=rules.players, target=t.number(rules.points_to_win))


def points_per_hand(t: Translator, tally: Tally) -> str:
    value = tally.points_per_hand
    return DASH if value is None else t.number(round(value, 1))


def statistics_rows(t: Translator, entries: Iterable[Entry]) -> list[tuple[str, str, str, str, str]]:
    """One row per opponent level and rules: the level, the rules, matches
    played, won, and the points a hand, from the very entries listed."""
    return [
        (
            t("level_" + level),
            rules_line(t, rules),
            t.number(tally.matches),
            t.number(tally.wins),
            points_per_hand(t, tally),
        )
        for (level, rules), tally in statistics(entries).items()
    ]


def matches_markup(
    t: Translator,
    every: Sequence[Entry],
    level: str,
    *,
    when: Callable[[str], str],
    replay_url: Callable[[Entry], str],
) -> str:
    """The History screen's statistics and its list of matches, from the
    same entries: those of ``every`` the filter (``level``) keeps. ``when``
    writes a moment as the page writes dates; ``replay_url`` is a match's
    address in the replay. Markup with every text escaped."""
    entries = filtered(every, level)
    parts = []
    rows = statistics_rows(t, entries)
    if rows:
        head = (t("opponent"), t("history_rules"), t("played"), t("won"), t("history_points_per_hand"))
        parts.append(f'<h3 id="history-statistics">{_esc(t("statistics"))}</h3>')
        parts.append(table_markup(head, rows, kind="history-stats", labelled_by="history-statistics"))
    parts.append(f'<h3 id="history-matches">{_esc(t("history_matches"))}</h3>')
    if not entries:
        parts.append(f"<p>{_esc(t('history_empty' if not every else 'history_none_here'))}</p>")
        return "".join(parts)
    items = []
    for entry in entries:
        date = when(entry.ended)
        result = result_line(t, entry)
        if entry.how == "imported":
            result += f" ({t('history_brought_in')})"
        items.append(
            f'<li class="history-entry" data-entry="{_esc(entry.id)}">'
            f'<span class="history-who">{_esc(f"{date} · {sides_line(t, entry)}")}</span>'
            f'<span class="history-result">{_esc(result)}</span>'
            '<span class="history-actions">'
            f'<a href="{_esc(replay_url(entry))}" target="_blank" rel="noopener" class="btn"'
            f' aria-label="{_esc(t("history_replay_label", date=date))}">{_esc(t("history_replay"))}</a>'
            f'<button type="button" data-action="save" data-save="{_esc(entry.id)}" class="btn"'
            f' aria-label="{_esc(t("history_save_label", date=date))}">{_esc(t("history_save"))}</button>'
            "</span></li>"
        )
    parts.append(f'<ol class="history-list" aria-labelledby="history-matches">{"".join(items)}</ol>')
    return "".join(parts)


def _esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def history_markup(
    t: Translator,
    level: str,
    *,
    said: str = "",
    earlier: Sequence[tuple[str, str, str]] = (),
    blocked: bool = False,
    unreadable: int = 0,
) -> str:
    """The History screen: ``said`` (what bringing in a file did) at its
    top, the filter at ``level``, the place of the statistics and the list
    (:func:`matches_markup`, drawn there as the filter changes), the
    matches counted before the history was kept (``earlier``: level, played,
    won), the place of the dailies' calendar, then how the matches are kept
    on this device (``blocked``: storage refused; ``unreadable``: entries
    that cannot be read), with saving and bringing in."""
    options = "".join(
        f'<option value="{_esc(value)}"{" selected" if value == level else ""}>{_esc(label)}</option>'
        for value, label in level_choices(t)
    )
    parts = [
        said,
        field(t("history_filter"), f'<select id="history-filter" name="history-filter">{options}</select>'),
        '<div id="history-part"></div>',
    ]
    if earlier:
        head = (t("opponent"), t("played"), t("won"))
        parts.append(f'<h3 id="history-earlier">{_esc(t("history_earlier"))}</h3>')
        parts.append(table_markup(head, earlier, labelled_by="history-earlier"))
    parts.append('<section id="history-calendar" class="calendar" aria-labelledby="calendar-heading"></section>')
    keeping = [
        f'<h3 id="history-keeping">{_esc(t("history_keeping"))}</h3>',
        f'<p class="history-policy">{_esc(t("history_policy", count=CAPACITY))}</p>',
    ]
    if blocked:
        keeping.append(f"<p>{_esc(t('history_blocked'))}</p>")
    if unreadable:
        keeping.append(f'<p class="history-unreadable">{_esc(t("history_unreadable", count=unreadable))}</p>')
        keeping.append(
            f'<button type="button" id="history-unreadable" data-action="save-unreadable" class="btn">{_esc(t("history_download_unreadable"))}</button>'
        )
    keeping.append(
        field(t("history_import"), '<input type="file" id="history-import" accept=".json,.jsonl,application/json">')
    )
    parts.append(f'<section class="history-keeping" aria-labelledby="history-keeping">{"".join(keeping)}</section>')
    return "".join(parts)


def import_report_markup(t: Translator, added: int, every: bool, refused: Sequence[Refused]) -> str:
    """What bringing a file in did, in words: what came in, what was refused
    and why (the first twenty)."""
    lines = [f"<p>{_esc(t('history_brought_in_count', count=added))}</p>"]
    if not every:
        lines.append(f"<p>{_esc(t('history_import_full'))}</p>")
    if refused:
        lines.append(f"<p>{_esc(t('history_refused', count=len(refused)))}</p>")
        reasons = []
        for item in refused[:20]:
            reason = refusal.reason(t, item.error)
            reasons.append(t("history_refused_line", line=item.line, reason=reason) if item.line else reason)
        lines.append("<ul>" + "".join(f"<li>{_esc(r)}</li>" for r in reasons) + "</ul>")
    return f'<div class="history-report" role="status">{"".join(lines)}</div>'
