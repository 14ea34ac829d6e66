"""What the replay says of a record's seeds (issue 34, web/replay/proof.py):
every deal dealt again from its seed by the engine; one quiet line when all
follow, the hands that do not when one was changed after it was dealt, and
nothing for a record with no seeds. In every language."""

from __future__ import annotations

import pytest
from helpers import EXAMPLE_RECORD, changed, seeded_record

from replay.frames import ReaderTranslator
from replay.proof import SeedLine, seed_line
from table.i18n import LANGUAGES

EN = ReaderTranslator("en")


def test_a_record_whose_deals_follow_from_their_seeds_says_so_quietly() -> None:
    assert seed_line(EN, seeded_record()) == SeedLine("Every deal follows from its seed.", False)


def test_a_changed_deal_is_named_by_its_hand() -> None:
    said = seed_line(EN, changed(seeded_record(), 2))
    assert said == SeedLine("Hand 2's deal does not follow from its seed: it was changed after it was dealt.", True)


def test_several_changed_deals_are_named_together() -> None:
    said = seed_line(EN, changed(seeded_record(), 1, 3))
    assert said is not None
    assert said.text == (
        "The deals of hands 1 and 3 do not follow from their seeds: they were changed after they were dealt."
    )


def test_a_record_without_seeds_says_nothing() -> None:
    assert seed_line(EN, EXAMPLE_RECORD) is None


def test_a_record_with_some_seeds_speaks_of_those() -> None:
    data = seeded_record()
    del data["hands"][0]["seed"]
    said = seed_line(EN, data)
    assert said == SeedLine("Every deal that carries a seed follows from it.", False)


@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != "en"])
def test_every_language_says_it_in_its_own_words(language: str) -> None:
    words = ReaderTranslator(language)
    for data in (seeded_record(), changed(seeded_record(), 2), changed(seeded_record(), 1, 2)):
        english, own = seed_line(EN, data), seed_line(words, data)
        assert english is not None
        assert own is not None
        assert own.text != english.text
        assert own.failed == english.failed
