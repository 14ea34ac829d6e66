"""What the History screen says: each match's line, its result, the
statistics' rows. Browser-free, so pytest reads them on CPython; every
date is written as the page writes dates (:mod:`game.dates`)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from allfives.players import LEVELS
from allfives.rules import Rules

from game.daily_month import daily_of
from game.dates import iso_date_words
from game.history import Entry, Tally, statistics
from table.i18n import Translator
from table.seat_names import in_language

__all__ = ["FRIENDS", "filtered", "level_choices", "result_line", "rules_line", "sides_line", "statistics_rows"]

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
