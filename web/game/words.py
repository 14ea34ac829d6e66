"""What the game page says, as plain values: the log's lines, the prompt,
the tiles' accessible names, the rows of the score sheet,
and the New match form's choices and checks. Pure Python (no DOM), so
pytest runs it on CPython; ``main.py`` and ``dialogs.py`` put it on screen.

Every count and every rule comes from ``allfives``: this module only words
it, in the player's language."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from allfives import (
    Drew,
    Event,
    HandEnded,
    HandStarted,
    Layout,
    MatchEnded,
    Move,
    Passed,
    Played,
    Rules,
    Tile,
)
from allfives.rules import GAMES, OPTION_RANGES, PRESETS
from allfives.view import SeatView

from game.dates import iso_date_words
from table.game import Game, GameSetup, SeatSetup
from table.i18n import Translator
from table.labels import end_words
from table.seat_names import default_name

__all__ = [
    "daily_name",
    "default_name",
    "describe",
    "ends_line",
    "form_choices",
    "hand_line",
    "hand_order",
    "hint_note",
    "opponent_card",
    "page_title",
    "prompt",
    "read_out",
    "read_setup",
    "renamed_default",
    "said_to_you",
    "score_note",
    "score_sheet_rows",
    "target_note",
    "tile_label",
    "undo_note",
    "undone",
]

#: How long a computer's move takes to watch, in milliseconds, at each speed.
SPEEDS: Mapping[str, int] = {"slow": 1300, "normal": 750, "fast": 250}

#: The catalogue keys of each choice of the enum options, as the form offers them.
#: The family's own ("chip-out", "rotate") are offered once a preset of theirs sets them.
CHOICE_KEYS: Mapping[str, Mapping[str, str]] = {
    "hand_end": {
        "subtract-own": "hand_end_subtract",
        "winner-takes": "hand_end_winner",
        "chip-out": "hand_end_chip_out",
    },
    "lead": {"random": "lead_random", "highest-double": "lead_double", "rotate": "lead_rotate"},
    "win": {"immediate": "win_immediate", "hand-end": "win_hand_end"},
}


def ends_line(t: Translator, layout: Layout) -> str:
    """The line under the board: each open end, what it counts, the total."""
    if layout.is_empty:
        return t("table_empty")
    parts = ", ".join(end_words(t, end) for end in layout.open_end_counts())
    return t("ends_line", ends=parts, total=t.number(layout.total))


def said_to_you(t: Translator, game: Game, key: str, seats: Sequence[int]) -> str:
    """``key``, or its ``_you`` form when ``seats`` are the one person at
    the table under the default name: "You win!", never "You wins!"."""
    if len(seats) == 1:
        sitting = game.seats[seats[0]]
        if sitting.is_person and sitting.name == t("you") and len(game.people) == 1:
            return key + "_you"
    return key


def describe(t: Translator, game: Game, event: Event, viewer: int | None) -> str | None:
    """The log's line for ``event``; ``viewer`` (the one person, if there is
    one) is told which tile they drew."""
    names = [s.name for s in game.seats]
    if isinstance(event, HandStarted):
        key = said_to_you(t, game, "log_hand", [event.leader])
        return t(key, hand=event.hand, name=names[event.leader])
    if isinstance(event, Played):
        where = "" if event.move.end is None else " " + t("log_on_end", end=t("end_" + event.move.end.name))
        text = t("log_play", name=names[event.seat], tile=str(event.move.tile), where=where, total=event.total)
        if event.points:
            text += " " + t("log_scores", points=event.points)
        return text
    if isinstance(event, Drew):
        if event.seat == viewer and event.tile is not None:
            return t(said_to_you(t, game, "log_draw_own", [event.seat]), name=names[event.seat], tile=str(event.tile))
        return t(said_to_you(t, game, "log_draw", [event.seat]), name=names[event.seat])
    if isinstance(event, Passed):
        return t(said_to_you(t, game, "log_pass", [event.seat]), name=names[event.seat])
    if isinstance(event, HandEnded):
        if event.out is not None:
            return t(said_to_you(t, game, "log_domino", [event.out]), name=names[event.out])
        return t("log_blocked")
    if isinstance(event, MatchEnded):
        winners = game.rules.seats_of(event.winner)
        return t(said_to_you(t, game, "log_match", winners), name=game.side_name(event.winner))
    return None


def opponent_card(t: Translator, name: str, badges: Sequence[str], count: int, note: str) -> str:
    """What an opponent's card says to a screen reader, as one line: "Ben
    (Medium): 6 tiles in hand, drew a tile" (its tiles face down are only a
    picture of that count)."""
    who = t("opponent_badges", name=name, badges=", ".join(badges)) if badges else name
    tiles = t("tiles_in_hand", count=count)
    return (
        t("opponent_card_note", name=who, tiles=tiles, note=note) if note else t("opponent_card", name=who, tiles=tiles)
    )


def tile_label(t: Translator, view: SeatView, tile: Tile, moves: Sequence[Move]) -> str:
    """A hand tile's accessible name: where it fits, and the most it would score."""
    name = t.tile(tile)
    if not moves:
        return t("tile_cannot_play", tile=name)
    if moves[0].end is None:
        return t("tile_lead", tile=name, points=view.points_for(moves[0]))
    fits = t.join([t("end_" + m.end.name) for m in moves if m.end is not None])
    best = max(view.points_for(m) for m in moves)
    if best:
        return t("tile_fits_scores", tile=name, ends=fits, points=best)
    return t("tile_fits", tile=name, ends=fits)


def prompt(
    t: Translator, game: Game, *, visible: bool, selected: Tile | None, leading: bool, touch: bool = False
) -> str:
    """What the page asks of the player now; on a ``touch`` screen, in words
    of tapping, never of keys."""
    seat = game.to_move
    if game.is_over:
        return t("match_over")
    if seat is None:
        return ""
    name = game.seats[seat].name
    if not game.seats[seat].is_person:
        return t("computer_turn", name=name)
    if not visible:
        return t("pass_to", name=name)
    if selected is not None:
        return t("choose_end_touch" if touch else "choose_end", tile=str(selected))
    return t(said_to_you(t, game, "your_lead" if leading else "your_turn", [seat]), name=name)


def target_note(t: Translator, score: int, target: int) -> str:
    """What a score card says beside its score: "of 250" on the way, and
    "target 50 reached" once the score is there ("55 of 50" read wrong)."""
    return t("of_target", target=target) if score < target else t("target_reached", target=target)


def score_note(t: Translator, game: Game, score: int) -> str:
    """What a score card says beside its score: a daily says nothing (it is
    one hand, with no target to reach: its name stands beside the cards)."""
    return "" if game.daily is not None else target_note(t, score, game.rules.points_to_win)


def daily_name(t: Translator, day: str) -> str:
    """The daily deal of ``day`` (YYYY-MM-DD) by name: "Daily deal of 6 December 2026"."""
    return t("daily_title", date=iso_date_words(t, day))


def page_title(t: Translator, game: Game | None) -> str:
    """The window's title: the game's name, after the daily's while one is on the table."""
    return "All Fives" if game is None or game.daily is None else f"{daily_name(t, game.daily)} \u2013 All Fives"


def hand_order(tiles: Sequence[Tile]) -> list[Tile]:
    """A hand as the page lays it out, left to right: the highest tiles
    first (6-6, 6-5, ... 0-0), so the screen and R read it in one order."""
    return sorted(tiles, key=lambda tile: (tile.high, tile.low), reverse=True)


def read_out(t: Translator, game: Game, seen: SeatView, ends: str, *, visible: bool) -> str:
    """The whole position in words (key R): the ends line ``ends``, the hand
    in the order it is shown (when it may be seen), and the scores."""
    parts = [ends]
    if visible:
        parts.append(t("read_hand", tiles=", ".join(t.tile(tile) for tile in hand_order(seen.hand))))
    scores = "; ".join(f"{game.side_name(s)} {t.number(seen.scores[s])}" for s in range(game.rules.sides))
    parts.append(t("read_scores", scores=scores))
    return " ".join(parts)


def undo_note(t: Translator, game: Game) -> str:
    """Why Undo is off: the match is over (its result stands), or another
    person has moved since the seat on screen last did (nobody takes back
    another's move); else nothing."""
    if game.is_over:
        return t("undo_match_over")
    other = game.undo_blocked_by()
    return "" if other is None else t("undo_not_yours", name=game.seats[other].name)


def undone(t: Translator, game: Game, hands_before: int) -> str:
    """What Undo says it did, once ``game`` had ``hands_before`` hands dealt:
    the last move taken back, and, when that move was in an earlier hand,
    that this hand is in play again (the hands after it are gone, to be
    dealt again from their seeds once it ends)."""
    if game.hands_dealt < hands_before:
        return t("undone_into_hand", hand=game.hands_dealt)
    return t("undone")


def hint_note(t: Translator, game: Game) -> str:
    """Why Hint is off once the match is over (there is no move to hint at), else nothing."""
    return t("hint_match_over") if game.is_over else ""


def hand_line(t: Translator, game: Game, end: HandEnded) -> str:
    """How the hand ended: who went out, or that it was blocked."""
    if end.out is not None:
        return t(said_to_you(t, game, "hand_domino", [end.out]), name=game.seats[end.out].name)
    return t("hand_blocked")


def _signed(t: Translator, value: int) -> str:
    return ("+" if value > 0 else "") + t.number(value)


def score_sheet_rows(t: Translator, game: Game) -> list[tuple[str, ...]]:
    """The score sheet, one row per hand: the hand's number, then for each
    side its score after the hand and how it came, in words: "15 (20 in
    play, -5 at the end)", or "20 (20 in play so far)" while the hand is
    in play."""
    rows = []
    for row in game.score_sheet():
        cells = [t.number(row.hand)]
        for side in range(game.rules.sides):
            total, play = t.number(row.scores[side]), t.number(row.play[side])
            if row.change is None:
                cells.append(t("sheet_in_play", total=total, play=play))
            else:
                cells.append(t("sheet_ended", total=total, play=play, change=_signed(t, row.change[side])))
        rows.append(tuple(cells))
    return rows


def form_choices(t: Translator) -> dict[str, list[tuple[str, str]]]:
    """The New match form's drop-downs: each option's values and labels,
    in the order the rules list them; All Fives' presets (``preset``), then
    the games of its family (``game``)."""
    choices: dict[str, list[tuple[str, str]]] = {
        "preset": [("", t("preset_custom"))] + [(p, t("preset_" + p.replace("-", "_"))) for p in PRESETS],
        "game": [(g, t("preset_" + g.replace("-", "_"))) for g in GAMES],
        "players": [(str(n), str(n)) for n in OPTION_RANGES.players],
    }
    for name, keys in CHOICE_KEYS.items():
        choices[name] = [(value, t(keys[value])) for value in getattr(OPTION_RANGES, name)]
    return choices


def renamed_default(t: Translator, name: str, seat: int, players: int) -> str:
    """``name`` for ``players`` players: a default name (for any count)
    becomes the default for this count; a name the player typed stays."""
    defaults = {default_name(t, seat, n) for n in OPTION_RANGES.players}
    return default_name(t, seat, players) if name.strip() in defaults else name


def read_setup(
    t: Translator, values: Mapping[str, str], *, partnerships: bool, family: Mapping[str, str] | None = None
) -> GameSetup:
    """The New match form's answers as a setup, with the ``family``'s
    options a preset set (what scores, the spinner...); a value the rules
    refuse raises ``RulesError`` (its code says why, :mod:`table.refusal`),
    one that is not a number ``ValueError``, in words for the form."""

    def value(name: str) -> str:
        return values.get(name, "").strip()

    def number(name: str, what: str) -> int | None:
        text = value(name)
        if not text:
            return None
        try:
            return int(text)
        except ValueError:
            raise ValueError(t("not_a_number", what=what)) from None

    players = int(value("players"))
    rules = Rules.from_json(
        {
            "players": players,
            "partnerships": partnerships if players in OPTION_RANGES.partnerships else None,
            "hand_size": number("hand_size", t("hand_size")),
            "target": number("target", t("target")),
            "hand_end": value("hand_end"),
            "lead": value("lead"),
            "win": value("win"),
            **(family or {}),
        }
    )
    seats = tuple(
        SeatSetup.from_json({"name": value(f"name{s}"), "kind": value(f"kind{s}")}, s) for s in range(players)
    )
    return GameSetup(rules, seats, number("seed", t("seed")))
