"""The rules tutorial (docs/tutorial/<language>.md) and its scenarios
(docs/tutorial-scenarios.json): every record reads under the rules engine,
sits after a section the tutorial has in every language, opens at a position
it has, and shows the rule it is there for; every example is dealt as the
game deals (or its caption names the variant it plays), and its "Try it"
opens just before the move it teaches; every rule has its replay; and the
pages of the other languages have no English left."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from allfives import TILES, Drew, End, HandEnded, HandStarted, MatchEnded, Passed, Played, Rules
from allfives.record import from_record
from sitebuild import tutorial

from replay import poster
from replay.frames import Frame, ReaderTranslator, frames, seat_names, try_record, turn_draws
from table.game import Game

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
    positions = frames(record)
    options = scenario.get("options", {})
    assert 0 <= options.get("move", 0) < len(positions)
    assert 0 <= options.get("seat", 0) < rules.players
    assert SHOWS[scenario["id"]](positions, rules)


# Every example is a position of the game, as the game deals it


def caption_of(scenario: dict[str, Any], language: str) -> str:
    if language == "en":
        return str(scenario["caption"])
    words = json.loads((DOCS / f"tutorial.{language}.json").read_text(encoding="utf-8"))
    return str(words["scenarios"][scenario["id"]]["caption"])


#: The examples played by other rules than the game's defaults (9 tiles
#: each for two players, 5 for four; 250 points or 200), each with what its
#: caption says of them in every language. Every other example is dealt as
#: the game deals: the table of docs/tutorial/<language>.md, "How a hand starts".
VARIANTS: dict[str, tuple[Rules, tuple[str, ...]]] = {
    "winning": (Rules(target=15), ("15",)),  # "This match is played to 15 points"
    "variants": (Rules.preset("computer"), ("7",)),  # "the computer game's rules (7 tiles each)"
}


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s["id"] for s in SCENARIOS])
def test_each_example_is_dealt_by_the_games_rules_or_says_which_variant_it_plays(scenario: dict[str, Any]) -> None:
    rules = Rules.from_json(scenario["record"]["rules"])
    stated, said = VARIANTS.get(scenario["id"], (Rules(players=rules.players), ()))
    assert rules == stated
    for language in ["en", *TRANSLATED]:
        caption = caption_of(scenario, language)
        assert [word for word in said if word not in caption] == [], language


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s["id"] for s in SCENARIOS])
def test_each_examples_hands_and_boneyard_follow_from_the_deal_and_its_moves(scenario: dict[str, Any]) -> None:
    """Counted afresh at every position: each hand as dealt, less the tiles
    played, plus those drawn; the boneyard, the rest of the set, less the
    draws. The replay's words say the same where it opens."""
    record = scenario["record"]
    rules = Rules.from_json(record["rules"])
    counted: list[tuple[list[int], int]] = []  # each position's hand sizes and boneyard
    sizes: list[int] = []
    left = 0
    for frame in frames(record):
        for event in frame.events:
            if isinstance(event, HandStarted):
                sizes = [rules.deal_size] * rules.players
                left = len(TILES) - rules.players * rules.deal_size
            elif isinstance(event, Played):
                sizes[event.seat] -= 1
            elif isinstance(event, Drew):
                sizes[event.seat] += 1
                left -= 1
        assert [len(hand) for hand in frame.hands] == sizes, frame.move
        assert frame.boneyard == left, frame.move
        counted.append((list(sizes), left))
    options = scenario.get("options", {})
    move, seat = options.get("move", 0), options.get("seat", 0)
    sizes, left = counted[move]
    names = seat_names(record, rules.players, ReaderTranslator())
    said = poster.others_line(sizes, left, names, seat, ReaderTranslator())  # "Ann: 8 tiles · Boneyard: 10 tiles"
    assert html.escape(said) in poster.poster(record, move=move, seat=seat)


# Each lesson's "Try it" opens just before the move it teaches


def first(positions: list[Frame], test: Callable[[Frame], bool]) -> int:
    return next(index for index, frame in enumerate(positions) if test(frame))


def ended(reason: str) -> Callable[[Frame], bool]:
    return lambda frame: any(isinstance(e, HandEnded) and e.reason == reason for e in frame.events)


def after_drawing(positions: list[Frame]) -> int:
    """The first play of a turn that began with draws: its draws end the position before it."""
    return first(
        positions,
        lambda f: f.move > 0 and f.played is not None and bool(turn_draws(positions[f.move - 1].events, f.played.seat)),
    )


#: The move each lesson teaches, as the index of the position it makes.
TAUGHT: dict[str, Callable[[list[Frame]], int]] = {
    "next-lead": lambda p: first(p, lambda f: f.hand == 2),  # the next hand's lead, by who went out
    "drawing": after_drawing,
    "spinner": lambda p: first(p, lambda f: f.played is not None and f.played.move.end in (End.N, End.S)),
    "counting": lambda p: first(p, lambda f: f.points > 0),  # the lead, counted like every play
    "doubles": lambda p: first(p, lambda f: bool(f.points) and sum(f.layout.weight[arm] == 2 for arm in range(4)) == 2),
    "going-out": lambda p: first(p, ended("domino")),
    "blocked": lambda p: first(p, ended("blocked")),
    "winning": lambda p: first(p, lambda f: any(isinstance(e, MatchEnded) for e in f.events)),
    "variants": lambda p: first(p, ended("domino")),
}


def test_every_lesson_names_the_move_it_teaches() -> None:
    assert sorted(TAUGHT) == sorted(SHOWS)


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s["id"] for s in SCENARIOS])
def test_try_it_opens_just_before_the_move_the_lesson_teaches(scenario: dict[str, Any]) -> None:
    """The replay opens at the position before the taught move, shown from
    the seat that makes it; "Try it" there puts the reader in that seat, to
    move, and the taught move is theirs to make. Where the turn begins with
    draws (the drawing lesson), no tile of the hand fits before them and the
    reader makes them."""
    record = scenario["record"]
    positions = frames(record)
    taught = TAUGHT[scenario["id"]](positions)
    played = positions[taught].played
    assert played is not None
    options = scenario.get("options", {})
    assert options.get("move", 0) == taught - 1, "the replay opens just before the taught move"
    assert options.get("seat", 0) == played.seat, "from the seat that makes it"
    at = positions[taught - 1]
    game = Game.from_record_data(try_record(record, at, played.seat, ReaderTranslator()))
    hand = game.match.hand
    assert hand is not None
    assert game.to_move == played.seat
    assert hand.number == positions[taught].hand
    hand.check(played.move)  # legal there: raises if not
    held = turn_draws(at.events, played.seat)
    if scenario["id"] == "drawing":
        before = [tile for tile in at.hands[played.seat] if tile not in {draw.tile for draw in held}]
        assert held, "the turn begins with draws"
        assert [tile for tile in before if at.layout.ends_for(tile)] == [], "no tile fits before them"
    else:
        assert held == (), "the lesson starts with a play, not a draw"


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
