"""What the end of a hand and the end of a match say, as plain values: each
player's tiles left and what they counted, each side's change and score, and
the match's story (its scores hand by hand, and the best hand). Pure Python
(no DOM), so pytest runs it on CPython; :mod:`summary` puts it on screen.

Every count comes from ``allfives`` (:func:`allfives.hand.hand_count`, the
match's history): this module only words it, in a player's words, never as
a table of "Player / Pips left / Rounded"."""

from __future__ import annotations

from dataclasses import dataclass

from allfives import HandEnded, Tile
from allfives.hand import hand_count

from game import landing, words
from table.game import Game
from table.i18n import Translator

__all__ = ["HandSummary", "MatchStory", "SeatLeft", "SideChange", "hand_summary", "match_story"]


@dataclass(frozen=True, slots=True)
class SeatLeft:
    """One player's hand at the end: the tiles, how they are read aloud, and
    what they counted ("12 pips, counted as 10")."""

    name: str
    tiles: tuple[Tile, ...]
    label: str
    counted: str


@dataclass(frozen=True, slots=True)
class SideChange:
    """One side after the hand: its name, what the hand's end did to its
    score ("-10 for the tiles left"), and the score now."""

    name: str
    change: str
    score: str


@dataclass(frozen=True, slots=True)
class HandSummary:
    """The hand's summary: how it ended, each player's tiles left, each side's score."""

    line: str
    left_heading: str
    seats: tuple[SeatLeft, ...]
    scores_heading: str
    sides: tuple[SideChange, ...]


def _signed(t: Translator, value: int) -> str:
    return ("+" if value > 0 else "") + t.number(value)


def hand_summary(t: Translator, game: Game, end: HandEnded, shown: tuple[tuple[Tile, ...], ...]) -> HandSummary:
    """The summary of the hand ``end`` closed, with ``shown``, the tiles each
    seat held at the end (the seat view's ``shown``). Under "subtract-own"
    each hand is rounded on its own, and a player reads what theirs counted;
    under "winner-takes" the rule rounds only the total the scorer takes, so
    a hand says its pips alone."""
    count = hand_count(game.rules, end.pips, end.out)
    seats = []
    for seat, setup in enumerate(game.seats):
        tiles = tuple(words.hand_order(shown[seat])) if seat < len(shown) else ()
        pips = end.pips[seat]
        if pips == 0 and not tiles:
            counted = t("left_none")
        elif count.rounded is not None and count.rounded[seat] != pips:
            counted = t("left_counted", count=pips, rounded=count.rounded[seat])
        else:
            counted = t("left_pips", count=pips)
        seats.append(SeatLeft(setup.name, tiles, landing.hands_left_label(t, setup.name, tiles), counted))
    sides = []
    for side, change in enumerate(end.change):
        if change > 0:
            said = t("change_took", points=_signed(t, change))
        elif change < 0:
            said = t("change_lost", points=_signed(t, change))
        else:
            said = t("change_none")
        sides.append(SideChange(game.side_name(side), said, t.number(end.scores[side])))
    return HandSummary(
        words.hand_line(t, game, end), t("left_heading"), tuple(seats), t("scores_heading"), tuple(sides)
    )


@dataclass(frozen=True, slots=True)
class MatchStory:
    """The match told at its end: the final scores in a line, a row per hand
    (its number, then each side's points in that hand and its score after),
    and the best hand in a line."""

    final: str
    heading: str
    head: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    best: str


def match_story(t: Translator, game: Game) -> MatchStory:
    """The story of the match so far, from its score sheet. The best hand is
    the one person's side's (else the leading side's): the hand in which it
    gained most, the first of equals."""
    sides = game.rules.sides
    names = [game.side_name(side) for side in range(sides)]
    rows = []
    gains: list[tuple[int, ...]] = []
    numbers: list[int] = []
    before = [0] * sides
    for row in game.score_sheet():
        gain = tuple(row.scores[side] - before[side] for side in range(sides))
        gains.append(gain)
        numbers.append(row.hand)
        cells = [t.number(row.hand)]
        cells += [
            t("story_cell", gain=_signed(t, gain[side]), total=t.number(row.scores[side])) for side in range(sides)
        ]
        rows.append(tuple(cells))
        before = list(row.scores)
    scores = list(game.scores)
    final = t("story_final", scores=t.join([f"{names[side]} {t.number(scores[side])}" for side in range(sides)]))
    people = game.people
    side = game.rules.side_of(people[0]) if len(people) == 1 else max(range(sides), key=lambda s: scores[s])
    best = ""
    if gains:
        index = max(range(len(gains)), key=lambda i: (gains[i][side], -i))
        key = "story_best_you" if names[side] == t("you") else "story_best"
        best = t(key, name=names[side], hand=numbers[index], points=_signed(t, gains[index][side]))
    return MatchStory(final, t("story_heading"), (t("hand"), *names), tuple(rows), best)
