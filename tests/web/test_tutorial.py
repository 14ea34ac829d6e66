"""The rules tutorial (docs/tutorial/<language>.md) and its scenarios
(docs/tutorial-scenarios.json): every record reads under the rules engine,
sits after a section the tutorial has in every language, opens at a position
it has, and shows the rule it is there for; every rule has its replay; and
the pages of the other languages have no English left."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from allfives import Drew, End, HandEnded, HandStarted, MatchEnded, Passed, Played, Rules
from allfives.record import from_record
from sitebuild import tutorial

from replay.frames import Frame, frames

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
SCENARIOS: list[dict[str, Any]] = json.loads((DOCS / "tutorial-scenarios.json").read_text(encoding="utf-8"))[
    "scenarios"
]
TRANSLATED = [code for code in tutorial.TUTORIAL_LANGUAGES if code != "en"]


def text_of(language: str) -> str:
    return (DOCS / "tutorial" / f"{language}.md").read_text(encoding="utf-8")


def headings(markdown: str, level: str = "#+") -> list[str]:
    return re.findall(rf"^{level}\s+(.+?)\s*$", markdown, re.M)


HEADINGS = set(headings(text_of("en")))


def events_of(positions: list[Frame]) -> list[Any]:
    return [event for frame in positions for event in frame.events]


def shows_the_spinner_open_four_ways(positions: list[Frame], _rules: Rules) -> bool:
    layout = positions[-1].layout
    return layout.spinner_opened and all(layout.arms[int(end)] for end in (End.N, End.S))


def counts_the_lead_and_every_play(positions: list[Frame], _rules: Rules) -> bool:
    points = [frame.points for frame in positions[1:]]
    return points[0] > 0 and 0 in points and any(p > 0 for p in points[1:])


def scores_two_doubles_at_the_ends(positions: list[Frame], _rules: Rules) -> bool:
    return any(frame.points and sum(1 for arm in range(4) if frame.layout.weight[arm] == 2) == 2 for frame in positions)


def draws_until_a_tile_fits_and_plays_it(positions: list[Frame], _rules: Rules) -> bool:
    events = events_of(positions)
    for index, event in enumerate(events):
        if isinstance(event, Drew):
            after = [e for e in events[index:] if not isinstance(e, Drew)]
            return isinstance(after[0], Played) and after[0].seat == event.seat
    return False


def ends_with(reason: str) -> Callable[[list[Frame], Rules], bool]:
    def check(positions: list[Frame], rules: Rules) -> bool:
        end = positions[-1].events[-1]
        if not isinstance(end, HandEnded) or end.reason != reason:
            return False
        if reason == "blocked":
            passes = {e.seat for e in positions[-1].events if isinstance(e, Passed)}
            return passes == set(range(rules.players))
        return any(change < 0 for change in end.change)

    return check


def the_one_who_went_out_leads_the_next_hand(positions: list[Frame], _rules: Rules) -> bool:
    starts = [e for e in events_of(positions) if isinstance(e, HandStarted)]
    ends = [e for e in events_of(positions) if isinstance(e, HandEnded)]
    return len(starts) == 2 and ends[0].reason == "domino" and starts[1].leader == ends[0].out != starts[0].leader


def wins_at_once_mid_hand(positions: list[Frame], _rules: Rules) -> bool:
    last = positions[-1]
    return (
        isinstance(last.events[-1], MatchEnded)
        and not any(isinstance(e, HandEnded) for e in last.events)
        and all(last.hands)
    )


def the_computer_games_rules(positions: list[Frame], rules: Rules) -> bool:
    end = positions[-1].events[-1]
    return (
        rules.lead == "highest-double"
        and rules.hand_end == "winner-takes"
        and isinstance(end, HandEnded)
        and end.out is not None
        and end.change[rules.side_of(end.out)] > 0
    )


SHOWS = {
    "next-lead": the_one_who_went_out_leads_the_next_hand,
    "spinner": shows_the_spinner_open_four_ways,
    "counting": counts_the_lead_and_every_play,
    "doubles": scores_two_doubles_at_the_ends,
    "drawing": draws_until_a_tile_fits_and_plays_it,
    "going-out": ends_with("domino"),
    "blocked": ends_with("blocked"),
    "winning": wins_at_once_mid_hand,
    "variants": the_computer_games_rules,
}


def test_there_is_a_scenario_for_every_rule_the_tutorial_teaches() -> None:
    assert sorted(s["id"] for s in SCENARIOS) == sorted(SHOWS)


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s["id"] for s in SCENARIOS])
def test_the_scenario_reads_and_shows_its_rule(scenario: dict[str, Any]) -> None:
    record = scenario["record"]
    match = from_record(record)  # checks every rule on the way
    assert scenario["after"] in HEADINGS
    rules = match.rules
    assert rules.deal_size <= 7, "small hands"
    positions = frames(record)
    options = scenario.get("options", {})
    assert 0 <= options.get("move", 0) < len(positions)
    assert 0 <= options.get("seat", 0) < rules.players
    assert SHOWS[scenario["id"]](positions, rules)


# Every rule has its replay, in every language


def test_every_rule_of_the_tutorial_has_a_replay() -> None:
    sections = headings(text_of("en"), "##")
    placed = {s["after"] for s in SCENARIOS}
    assert [h for h in sections if h not in placed] == ["Help while you play"], "only the page's help has no replay"


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_scenario_sits_after_a_heading_of_each_language(language: str) -> None:
    words = json.loads((DOCS / f"tutorial.{language}.json").read_text(encoding="utf-8"))["scenarios"]
    own = headings(text_of(language))
    assert [words[s["id"]]["after"] for s in SCENARIOS if words[s["id"]]["after"] not in own] == []
    # The same section in both: the heading the English one sits after has
    # the same place among the translation's headings.
    english = headings(text_of("en"))
    assert len(own) == len(english), "the translation has every section, no more"
    for scenario in SCENARIOS:
        assert own.index(words[scenario["id"]]["after"]) == english.index(scenario["after"]), scenario["id"]


# No English left in the other languages

WORD = re.compile(r"[^\W\d_]{2,}")


def plain(markdown: str) -> str:
    """What a reader sees of some Markdown or HTML, one space between words."""
    text = html.unescape(re.sub(r"<[^>]+>", " ", markdown))
    text = re.sub(r"(?m)^\s*[-*]\s+", " ", text)
    return " ".join(re.sub(r"[*`#|]", " ", text).split())


def seen(page: str) -> str:
    """A page's text and the words its attributes say (titles, labels, its description)."""
    said = re.findall(r'(?:title|aria-label|content|alt)="([^"]+)"', page)
    return " | ".join([plain(page), *(plain(s) for s in said)])


def english_sentences() -> list[str]:
    """Every sentence, clause and table cell of the English tutorial, of its
    scenarios' words and of the page's words that has four words or more."""
    texts = [text_of("en"), *(s[key] for s in SCENARIOS for key in ("title", "caption"))]
    texts += list(tutorial.ENGLISH_PAGE_WORDS.values())
    pieces = [plain(piece) for text in texts for piece in re.split(r"[.!?:;]\s|[|(),\n]", text)]
    return sorted({piece for piece in pieces if len(WORD.findall(piece)) >= 4})


def test_the_english_sentences_are_found_in_the_english_page() -> None:
    page = seen(tutorial.rules_page(text_of("en"), tutorial.read_scenarios()))
    sentences = english_sentences()
    assert len(sentences) > 100
    assert [s for s in sentences if s not in page] == [], "the check would see them"


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_sentence_of_the_english_tutorial_is_left_in_another_language(language: str) -> None:
    each = next(t for t in tutorial.read_tutorials() if t.language == language)
    page = seen(tutorial.rules_page(each.markdown, each.scenarios, each.language, each.words))
    assert [s for s in english_sentences() if s in page] == []


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_page_around_the_tutorial_speaks_its_language(language: str) -> None:
    each = next(t for t in tutorial.read_tutorials() if t.language == language)
    page = tutorial.rules_page(each.markdown, each.scenarios, each.language, each.words)
    english = tutorial.ENGLISH_PAGE_WORDS
    assert [key for key, value in each.words.items() if value == english[key]] == []
    shown = [*re.findall(r'(?:title|aria-label|content)="([^"]+)"', page), *re.findall(r">([^<>]+)<", page)]
    chrome = {english["home"], english["languages"], english["description"], english["replay"].split("}")[-1]}
    assert [text for text in shown for word in chrome if word.strip() in text] == []
    assert f'<html lang="{language}">' in page
