"""Dates as the game page writes them (issue 44): one form a language,
"6 December 2026", "6. Dezember 2026", "2026. december 6.", in the
catalogues' month names, wherever a date is shown: the History screen's
matches (with the time on the device's clock), the daily's name, its share
text, the calendar of dailies, a refused link. Never the ISO form the daily
is kept in, nor the browser's locale."""

from __future__ import annotations

from datetime import date, datetime

import pytest

from allfives.daily import DailyError, Duplicate, parse_date
from allfives.players.simple import greedy_move

from game import words
from game.daily.model import Dailies, DailyResult, daily_game
from game.daily.month import month
from game.daily.words import refused_words, share_text
from game.dates import date_words, iso_date_words, local_time, moment_words
from game.history.model import Entry
from game.history.words import result_line, sides_line
from table.i18n import LANGUAGES, Translator

TODAY = date(2026, 12, 6)

FORMS = [
    ("en", "6 December 2026", "1 January 2000", "6 December 2026, 09:05"),
    ("de", "6. Dezember 2026", "1. Januar 2000", "6. Dezember 2026, 09:05"),
    ("hu", "2026. december 6.", "2000. január 1.", "2026. december 6. 09:05"),
    ("gl", "6 de decembro de 2026", "1 de xaneiro de 2000", "6 de decembro de 2026, 09:05"),
    ("lb", "6. Dezember 2026", "1. Januar 2000", "6. Dezember 2026, 09:05"),
]


@pytest.mark.parametrize(("language", "december", "january", "moment"), FORMS, ids=[row[0] for row in FORMS])
def test_a_date_is_written_one_way_in_each_language(language: str, december: str, january: str, moment: str) -> None:
    t = Translator(language)
    assert date_words(t, TODAY) == december
    assert date_words(t, date(2000, 1, 1)) == january
    assert iso_date_words(t, "2026-12-06") == december
    assert moment_words(t, datetime(2026, 12, 6, 9, 5)) == moment  # the 24-hour clock, minutes in two digits


def test_every_language_writes_a_date_the_way_the_table_says() -> None:
    assert sorted(LANGUAGES) == sorted(row[0] for row in FORMS)


def test_a_kept_date_that_is_no_date_is_shown_as_it_was_kept() -> None:
    assert iso_date_words(Translator("en"), "2026-13-01") == "2026-13-01"


@pytest.mark.parametrize(
    ("stamp", "offset", "local"),
    [
        ("2026-12-06T12:00:00Z", 0, datetime(2026, 12, 6, 12, 0)),
        ("2026-12-06T23:30:00Z", -60, datetime(2026, 12, 7, 0, 30)),  # Paris in winter: already the 7th
        ("2026-12-06T03:15:00Z", 300, datetime(2026, 12, 5, 22, 15)),  # New York: still the 5th
        ("2026-12-06T12:00:00+00:00", -330, datetime(2026, 12, 6, 17, 30)),  # India: half an hour in the offset
        ("2026-12-06T12:00:00Z", float("nan"), datetime(2026, 12, 6, 12, 0)),  # no offset known: UTC
    ],
)
def test_a_match_is_dated_by_the_devices_clock(stamp: str, offset: float, local: datetime) -> None:
    """The history keeps UTC; the screen shows the device's day and time
    (the offset is the browser's ``Date.getTimezoneOffset()`` at that moment)."""
    assert local_time(stamp, offset) == local


@pytest.mark.parametrize("stamp", ["yesterday", "2026-13-45T00:00:00Z", "0001-01-01T00:00:00Z"])
def test_a_stamp_that_is_no_time_on_the_devices_clock_has_no_local_time(stamp: str) -> None:
    """The page then shows the stamp as it was kept, never a traceback."""
    assert local_time(stamp, 60) is None


def _daily_left(t: Translator) -> Entry:
    game = daily_game(TODAY, t("you"), t("level_expert"), practice=False)
    hand = game.match.hand
    assert hand is not None
    game.match.play(greedy_move(hand))
    return Entry.of_game(game, "abandoned", ended="2026-12-06T12:00:00Z")


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_every_date_the_page_shows_is_written_the_one_way(language: str) -> None:
    """The daily's name (its score row, its result's title, the window's
    title), its entry in the history, its share text, its day in the
    calendar and a link's refusal all say "6 December 2026" as the
    language writes it, never 2026-12-06."""
    t = Translator(language)
    day = date_words(t, TODAY)
    game = daily_game(TODAY, t("you"), t("level_expert"), practice=False)
    result = DailyResult(Duplicate(TODAY, 35, 25), ("best", "mistake"))
    future = "2026-12-08"
    with pytest.raises(DailyError) as refused:
        parse_date(future, TODAY)
    shown = [
        words.daily_name(t, "2026-12-06"),
        words.page_title(t, game),
        result_line(t, _daily_left(t)),
        share_text(t, result, "https://example.org/?daily=2026-12-06", practice=False).splitlines()[0],
        month(t, TODAY, TODAY, Dailies(), set()).weeks[0][6].label,  # type: ignore[union-attr]
    ]
    for said in shown:
        assert day in said, said
        assert "2026-12" not in said, said
    assert date_words(t, date(2026, 12, 8)) in refused_words(t, future, refused.value)


def test_the_daily_names_itself_where_a_match_says_its_target() -> None:
    """Its score cards say no "of 250" (it is one hand), the row and the
    window name it, and its opponent is "Expert" once, not "Expert (Expert)"."""
    t = Translator("en")
    game = daily_game(TODAY, "You", "Expert", practice=False)
    assert words.daily_name(t, game.daily or "") == "Daily deal of 6 December 2026"
    assert words.score_note(t, game, 0) == ""
    assert words.page_title(t, game) == "Daily deal of 6 December 2026 \u2013 All Fives"
    assert sides_line(t, _daily_left(t)) == "You against Expert"
    match = daily_game(TODAY, "You", "Expert", practice=False)
    match.daily = None
    assert words.score_note(t, match, 0) == "of 250"
    assert words.page_title(t, match) == "All Fives"
