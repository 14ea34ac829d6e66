"""A language change mid-match: each seat's default name becomes the new
language's, a typed name stays as typed, and a fixed message on screen is
said again in the new language (issue 17, item 4)."""

from __future__ import annotations

import pytest

from allfives import Rules

from game.renaming import renamed_seats
from table.game import GameSetup, SeatSetup
from table.i18n import Translator

#: (names before, players' language after, names after)
RENAMES = [
    (("You", "Computer"), "de", ("Du", "Computer")),
    (("You", "Computer"), "hu", ("Te", "Gép")),
    (("Te", "Gép"), "en", ("You", "Computer")),
    (("Du", "Bo"), "en", ("You", "Bo")),
    (("Ann", "Computer"), "gl", ("Ann", "Ordenador")),
    (("You", "Computer 2", "Computer 3"), "de", ("Du", "Computer 2", "Computer 3")),
    (("You", "Computer 2", "Computer 3"), "hu", ("Te", "2. gép", "3. gép")),
    (("Ann", "Bo"), "lb", ("Ann", "Bo")),
]


@pytest.mark.parametrize(("before", "language", "after"), RENAMES)
def test_default_names_follow_the_language_and_typed_ones_stay(
    before: tuple[str, ...], language: str, after: tuple[str, ...]
) -> None:
    t = Translator(language)
    setup = GameSetup(
        Rules(players=len(before)), tuple(SeatSetup(n, "person" if i == 0 else "easy") for i, n in enumerate(before))
    )
    renamed = renamed_seats(t, setup)
    expected = tuple(t("you") if n == "You" else n for n in after)  # the catalogue's own "You"
    assert tuple(s.name for s in renamed.seats) == expected
    assert [s.kind for s in renamed.seats] == [s.kind for s in setup.seats]
    assert renamed.rules == setup.rules
