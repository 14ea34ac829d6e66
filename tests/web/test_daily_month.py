"""The calendar of past dailies (issue 34), browser-free: a month's days,
Monday first, each saying how its daily went in words ("6 December 2026:
you scored +10 against the Expert"), today marked, no month after the current
one; the month and weekday names from the catalogues, in every language.
And the daily left unfinished: the day is played (a second play is
practice, so the deal cannot be dealt again for a better score once seen)
but it is no day of the streak, and its entry in the history says so."""

from __future__ import annotations

from datetime import date

import pytest

from allfives.daily import Duplicate
from allfives.players.simple import greedy_move

from game.daily.model import Dailies, daily_game
from game.daily.month import (
    COUNTED,
    FUTURE,
    PLAYING,
    PRACTICE,
    UNFINISHED,
    UNPLAYED,
    Month,
    month,
    moved,
)
from game.history.model import Entry
from game.history.words import result_line
from table.i18n import LANGUAGES, Translator

TODAY = date(2026, 12, 6)
T = Translator("en")


def december(book: Dailies | None = None, played: set[str] | None = None, playing: str | None = None) -> Month:
    return month(T, TODAY, TODAY, book or Dailies(), played or set(), playing)


def test_a_month_is_its_weeks_monday_first_with_the_days_of_other_months_blank() -> None:
    shown = december()
    assert shown.title == "December 2026"
    assert [short for short, _full in shown.weekdays] == ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    assert shown.weekdays[0][1] == "Monday"
    first_week = [None if day is None else day.day.day for day in shown.weeks[0]]
    assert first_week == [None, 1, 2, 3, 4, 5, 6]  # 1 December 2026 is a Tuesday
    last_week = [None if day is None else day.day.day for day in shown.weeks[-1]]
    assert last_week == [28, 29, 30, 31, None, None, None]


def test_no_month_after_the_current_one_and_none_before_the_first_daily() -> None:
    shown = december()
    assert (shown.previous, shown.next) == (date(2026, 11, 1), None)
    november = month(T, date(2026, 11, 1), TODAY, Dailies(), set())
    assert november.next == date(2026, 12, 1)
    first = month(T, date(2000, 1, 1), TODAY, Dailies(), set())
    assert first.previous is None


@pytest.mark.parametrize(
    ("start", "key", "to"),
    [
        (date(2026, 12, 2), "ArrowRight", date(2026, 12, 3)),
        (date(2026, 12, 1), "ArrowLeft", date(2026, 11, 30)),
        (date(2026, 11, 30), "ArrowUp", date(2026, 11, 23)),
        (date(2026, 11, 24), "ArrowDown", date(2026, 12, 1)),
        (date(2026, 12, 3), "Home", date(2026, 11, 30)),  # the week's Monday, in November
        (date(2026, 12, 1), "End", date(2026, 12, 6)),  # Sunday
        (date(2026, 10, 31), "PageDown", date(2026, 11, 30)),  # November has no 31st
        (date(2026, 11, 3), "PageUp", date(2026, 10, 3)),
        (date(2024, 3, 31), "PageUp", date(2024, 2, 29)),
    ],
)
def test_the_keys_move_among_the_days_as_in_a_date_picker(start: date, key: str, to: date) -> None:
    assert moved(start, key, TODAY) == to


def test_the_keys_never_move_to_a_day_still_to_come_nor_before_the_first_daily() -> None:
    assert moved(TODAY, "ArrowRight", TODAY) == TODAY
    assert moved(date(2026, 12, 2), "ArrowDown", TODAY) == TODAY  # the 9th is still to come
    assert moved(date(2026, 11, 20), "PageDown", TODAY) == TODAY
    assert moved(date(2000, 1, 3), "ArrowUp", TODAY) == date(2000, 1, 1)


def test_other_keys_leave_the_focus_to_the_page() -> None:
    assert moved(TODAY, "Enter", TODAY) is None
    assert moved(TODAY, "Tab", TODAY) is None


@pytest.mark.parametrize(
    ("day", "played", "mark", "label"),
    [
        (1, COUNTED, "+10", "1 December 2026: you scored +10 against the Expert"),
        (2, COUNTED, "-5", "2 December 2026: you scored -5 against the Expert"),
        (3, UNFINISHED, "unfinished", "3 December 2026: left unfinished, so the day counts as played"),
        (4, PRACTICE, "practice", "4 December 2026: played as practice"),
        (5, UNPLAYED, "", "5 December 2026: not played"),
        (6, PLAYING, "playing", "6 December 2026, today: your counted play is on the table"),
        (7, FUTURE, "", "7 December 2026: not out yet"),
    ],
)
def test_each_day_says_its_date_and_how_its_daily_went(day: int, played: str, mark: str, label: str) -> None:
    book = Dailies.from_json(
        {"2026-12-01": [30, 20], "2026-12-02": [10, 15], "2026-12-03": "left", "2026-12-06": "begun"}
    )
    shown = december(book, played={"2026-12-03", "2026-12-04"}, playing="2026-12-06")
    found = next(d for week in shown.weeks for d in week if d is not None and d.day.day == day)
    assert (found.outcome, found.mark, found.label) == (played, mark, label)
    assert found.today == (day == 6)
    assert found.can_play == (played != FUTURE)


def test_a_counted_play_dealt_but_not_on_the_table_was_left_unfinished() -> None:
    shown = december(Dailies.from_json({"2026-12-06": "begun"}))
    today = shown.weeks[0][6]
    assert today is not None
    assert today.label == "6 December 2026, today: left unfinished, so the day counts as played"


@pytest.mark.parametrize(
    ("language", "title", "today"),
    [
        ("en", "December 2026", "6 December 2026, today: not played"),
        ("de", "Dezember 2026", "6. Dezember 2026, heute: nicht gespielt"),
        ("gl", "Decembro de 2026", "6 de decembro de 2026, hoxe: sen xogar"),
        ("hu", "2026. december", "2026. december 6., ma: nem játszottad"),
        ("lb", "Dezember 2026", "6. Dezember 2026, haut: net gespillt"),
    ],
)
def test_the_month_and_day_names_are_the_languages_own(language: str, title: str, today: str) -> None:
    t = Translator(language)
    shown = month(t, TODAY, TODAY, Dailies(), set())
    assert shown.title == title
    assert shown.weeks[0][6] is not None
    assert shown.weeks[0][6].label == today  # the date as the page writes every date (game/dates.py)
    names = [t(f"month_{n}") for n in range(1, 13)] + [t(f"weekday_{n}") for n in range(1, 8)]
    assert len(set(names)) == 19


def test_every_language_names_every_month_and_weekday() -> None:
    english = [T(f"month_{n}") for n in range(1, 13)]
    for language in LANGUAGES:
        if language != "en":
            t = Translator(language)
            assert [t(f"month_{n}") for n in range(1, 13)] != english


# The daily left unfinished.


def test_a_counted_daily_left_unfinished_makes_the_day_played_but_no_day_of_the_streak() -> None:
    book = Dailies.from_json({"2026-12-05": [20, 15]})
    assert book.counts(TODAY, TODAY)
    book.begin(TODAY)
    assert not book.counts(TODAY, TODAY)  # dealt: a second play is practice
    assert book.streak(TODAY) == 1  # still on the table: yesterday's run stands
    book.leave(TODAY)
    assert not book.counts(TODAY, TODAY)  # left: still no second counted play
    assert book.streak(TODAY) == 0  # the run ends with a day left unfinished
    again = Dailies.from_json(book.to_json())
    assert again == book
    assert again.to_json() == {"2026-12-05": [20, 15], "2026-12-06": "left"}


def test_a_counted_daily_finished_after_all_has_its_result() -> None:
    book = Dailies()
    book.begin(TODAY)
    book.leave(date(2026, 12, 5))  # another day's: nothing to leave
    assert book.taken == {"2026-12-06": "begun"}
    book.add(Duplicate(TODAY, 30, 20))
    assert book.to_json() == {"2026-12-06": [30, 20]}
    assert book.streak(TODAY) == 1


def test_a_daily_left_unfinished_says_in_the_history_that_it_was_that_dates_daily() -> None:
    game = daily_game(TODAY, "You", "Expert", practice=False)
    hand = game.match.hand
    assert hand is not None
    game.match.play(greedy_move(hand))
    left = Entry.of_game(game, "abandoned")
    assert not left.finished
    assert (
        result_line(T, left)
        == f"Daily deal of 6 December 2026: Left unfinished at {left.scores[0]} \u2013 {left.scores[1]}"
    )
    game.practice = True
    practice = Entry.of_game(game, "abandoned")
    assert result_line(T, practice).startswith("Daily deal of 6 December 2026, practice: Left unfinished")
    assert result_line(Translator("de"), left).startswith("Tagesspiel vom 6. Dezember 2026: Beim Stand von")
