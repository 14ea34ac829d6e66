"""A record, move by move: what the embeddable replay shows at each step, and
each step told in words ("W 2 + E 3 = 5: scores 5").

Pure Python (the standard library, :mod:`allfives`, :mod:`table.game` and
:mod:`i18n`), like :mod:`board`: pytest runs it on CPython, and ``embed.py``
only reads the page's URL and messages, hands them here, and draws what it is
given back.

* :func:`frames` reads a record once into one :class:`Frame` per position:
  frame 0 is the first hand as dealt, frame *n* the table after move *n*
  (counted through the whole record, hand after hand).
* :func:`explain` tells what a frame's move did, in the reader's language,
  counting the ends the way the rules do (:meth:`allfives.Layout.end_counts`).
* The embed page's options and its messages to and from its host are
  :mod:`replay.hosting`'s.
* :func:`try_record` cuts the record at a frame for "Try it"
  (:func:`allfives.record.cut`), with the reader at one seat and the
  computer at the others; :func:`turn_draws` finds the draws that begin
  the reader's turn there, which "Try it" leaves to the reader.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from allfives import Drew, End, Event, HandEnded, HandStarted, Layout, Match, MatchEnded, Passed, Played, Rules, Tile
from allfives.record import cut, positions

from table import board
from table.game import GameSetup, SeatSetup, clean_name
from table.i18n import LANGUAGES, Message, Translator, catalogue, pick_language
from table.labels import board_labels
from table.seat_names import in_language

__all__ = [
    "Frame",
    "ReaderTranslator",
    "board_words",
    "count_line",
    "explain",
    "frames",
    "seat_names",
    "side_name",
    "try_record",
    "turn_draws",
    "you_seat",
]

TRY_LEVEL: Final = "medium"
"""Who plays the other seats when the reader takes over."""
TRY_SEED: Final = 1
"""The seed for the hands dealt after the record, when the record has none."""


_ORDER: Final = (End.W, End.E, End.N, End.S)


# --------------------------------------------------------------------------
# words


class ReaderTranslator(Translator):
    """``words("embed_plays", name="Ann", ...)`` in the reader's language:
    the one translator (:class:`table.i18n.Translator`), in the reader's
    language as the browser lists them when the page names none.

    A key is looked up in the language's catalogue (``lang/xx.py``, where
    the embed's messages are the ``embed_*`` keys), then in English's.
    """

    def __init__(self, language: str | None = None, preferred: Sequence[str] = ()) -> None:
        wanted = language if language in LANGUAGES else pick_language(list(preferred))
        self.messages = _catalogue_or_empty(wanted)
        self.language = wanted if self.messages else "en"
        self.english = _catalogue_or_empty("en")


def board_words(words: ReaderTranslator) -> board.Labels:
    """What the board says, in the reader's language."""
    return board_labels(words)


def _catalogue_or_empty(language: str) -> Mapping[str, Message]:
    """The catalogue of ``language``, or nothing when it is not shipped yet."""
    try:
        return catalogue(language)
    except (ImportError, ValueError):
        return {}


# --------------------------------------------------------------------------
# frames


@dataclass(frozen=True, slots=True)
class Frame:
    """The table after ``move`` moves of the record.

    ``hand`` is the hand in play (1 for the first) and ``in_hand`` the moves
    made in it so far; ``events`` is what the move caused (for frame 0, and
    for the first move of a later hand, the hand's start comes first).
    """

    move: int
    hand: int
    in_hand: int
    layout: Layout
    hands: tuple[tuple[Tile, ...], ...]
    boneyard: int
    scores: tuple[int, ...]
    events: tuple[Event, ...]
    to_move: int | None

    @property
    def played(self) -> Played | None:
        """The play this frame shows, if any."""
        return next((e for e in self.events if isinstance(e, Played)), None)

    @property
    def points(self) -> int:
        """What the move scored (0 for none)."""
        played = self.played
        return played.points if played is not None else 0


def frames(record: object) -> list[Frame]:
    """Every position of ``record``, read once by
    :func:`~allfives.record.positions`, which checks it as it goes (and
    raises :class:`~allfives.record.RecordError` saying what is wrong)."""
    out: list[Frame] = []
    started: tuple[Event, ...] = ()
    for match, events in positions(record):
        hand = match.hand
        assert hand is not None
        if isinstance(events[0], HandStarted):
            # A later hand's deal is shown with its first move.
            if out:
                started = events
            else:
                out.append(_frame(match, 0, 0, events))
            continue
        out.append(_frame(match, len(out), len(hand.moves), (*started, *events)))
        started = ()
    return out


def _frame(match: Match, move: int, in_hand: int, events: Sequence[Event]) -> Frame:
    hand = match.hand
    assert hand is not None
    return Frame(
        move=move,
        hand=hand.number,
        in_hand=in_hand,
        layout=hand.layout.copy(),
        hands=tuple(tuple(h) for h in hand.hands),
        boneyard=len(hand.boneyard),
        scores=tuple(match.scores),
        events=tuple(events),
        to_move=match.to_move,
    )


# --------------------------------------------------------------------------
# names


def seat_names(record: object, players: int, words: ReaderTranslator) -> list[str]:
    """The players' names from the record's ``meta.setup.seats`` (what the
    game writes), else "Player 1", "Player 2", ..."""
    seats: object = None
    if isinstance(record, Mapping):
        meta = record.get("meta")
        setup = meta.get("setup") if isinstance(meta, Mapping) else None
        seats = setup.get("seats") if isinstance(setup, Mapping) else None
    names = [words("embed_player", seat=seat + 1) for seat in range(players)]
    if isinstance(seats, list) and len(seats) == players:
        for seat, data in enumerate(seats):
            if isinstance(data, Mapping) and isinstance(data.get("name"), str) and data["name"].strip():
                # A default name ("Computer") in the reader's language; a typed one as typed.
                names[seat] = in_language(words, clean_name(data["name"], seat), seat, players)
    you = you_seat(names, words)
    if you is not None:
        names[you] = words("embed_you")  # in the reader's language
    return names


def you_seat(names: Sequence[str], words: ReaderTranslator) -> int | None:
    """The one seat played under the player's own default name ("You", in
    any language the game speaks), which is told in the second person
    ("You lead 6-3", never "You leads 6-3"); None if no seat, or more than
    one, has that name."""
    yous = {_you_word(code) for code in LANGUAGES} | {words("embed_you")}
    seats = [seat for seat, name in enumerate(names) if name.casefold() in yous]
    return seats[0] if len(seats) == 1 else None


def _you_word(code: str) -> str:
    return str(_catalogue_or_empty(code).get("embed_you", "")).casefold()


def _said(words: ReaderTranslator, key: str, names: Sequence[str], seat: int, you: int | None, **params: object) -> str:
    """``key`` about ``seat``, or its ``_you`` form when that seat is you."""
    return words(key + "_you" if seat == you else key, name=names[seat], **params)


def side_name(rules: Rules, names: Sequence[str], side: int) -> str:
    """A side's name: its player, or the partners joined with "&"."""
    return " & ".join(names[seat] for seat in rules.seats_of(side))


# --------------------------------------------------------------------------
# explanations


def count_line(layout: Layout, points: int, words: ReaderTranslator) -> str:
    """The ends added up: ``W 2 + E 3 = 5: scores 5``. Each counting end
    adds what :meth:`~allfives.Layout.end_counts` says (a double at an end
    both halves, the open spinner lead both halves once)."""
    counts = layout.end_counts()
    ends = " + ".join(
        f"{words('end_short_' + end.name)} {words.number(counts[end])}" for end in _ORDER if end in counts
    )
    total = sum(counts.values())
    key = "embed_count_scores" if points else "embed_count_none"
    return words(key, ends=ends or words.number(0), total=total, points=points)


def count_notes(layout: Layout, words: ReaderTranslator, played: Tile | None = None) -> list[str]:
    """Why an end counts double, where one does, and (when ``played`` just
    covered the spinner's second side) that North and South are open."""
    notes = []
    spinner = layout.spinner_tile()
    if layout.spinner_lead_open and spinner is not None:
        notes.append(words("embed_spinner_open", tile=str(spinner.tile)))
    for end in _ORDER:
        arm = int(end)
        if layout.open_pips[arm] >= 0 and layout.weight[arm] == 2 and layout.arms[arm]:
            notes.append(words("embed_double_end", end=words("end_" + end.name), tile=str(layout.arms[arm][-1].tile)))
    if played is not None and layout.opened_by(played):
        notes.append(words("embed_spinner_arms"))
    return notes


def explain(
    events: Sequence[Event],
    layout: Layout,
    words: ReaderTranslator,
    names: Sequence[str],
    rules: Rules,
    shown: int | None = None,
) -> list[str]:
    """What ``events`` did, one sentence a line. ``layout`` is the table
    after them (it counts the ends of the play); the tiles ``shown``'s seat
    draws are named, the others' only counted."""
    you = you_seat(names, words)
    lines: list[str] = []
    index = 0
    while index < len(events):
        event = events[index]
        if isinstance(event, Drew):
            run = _draw_run(events, index)
            lines.append(_draws(run, words, names, shown, you))
            index += len(run)
            continue
        lines.extend(_event_lines(event, layout, words, names, rules, you))
        index += 1
    return lines


def _draw_run(events: Sequence[Event], start: int) -> list[Drew]:
    """The draws by one seat that follow one another from ``start``."""
    first = events[start]
    assert isinstance(first, Drew)
    run = [first]
    for event in events[start + 1 :]:
        if not isinstance(event, Drew) or event.seat != first.seat:
            break
        run.append(event)
    return run


def _draws(
    run: Sequence[Drew], words: ReaderTranslator, names: Sequence[str], shown: int | None, you: int | None
) -> str:
    seat = run[0].seat
    tiles = [str(e.tile) for e in run if e.tile is not None]
    if seat == shown and len(tiles) == len(run):
        return _said(words, "embed_draws_shown", names, seat, you, tiles=words.join(tiles))
    return _said(words, "embed_draws", names, seat, you, count=len(run))


def _event_lines(
    event: Event, layout: Layout, words: ReaderTranslator, names: Sequence[str], rules: Rules, you: int | None
) -> list[str]:
    if isinstance(event, HandStarted):
        return [_said(words, "embed_hand_start", names, event.leader, you, hand=event.hand)]
    if isinstance(event, Played):
        return _play_lines(event, layout, words, names, you)
    if isinstance(event, Passed):
        return [_said(words, "embed_passes", names, event.seat, you)]
    if isinstance(event, HandEnded):
        return _hand_end_lines(event, words, names, rules, you)
    if isinstance(event, MatchEnded):
        seats = rules.seats_of(event.winner)
        key = "embed_match_won_you" if list(seats) == [you] else "embed_match_won"
        return [words(key, name=side_name(rules, names, event.winner), score=event.scores[event.winner])]
    return []


def _play_lines(
    event: Played, layout: Layout, words: ReaderTranslator, names: Sequence[str], you: int | None
) -> list[str]:
    move = event.move
    if move.end is None:
        first = _said(words, "embed_leads", names, event.seat, you, tile=str(move))
    else:
        end = words("end_" + move.end.name)
        first = _said(words, "embed_plays", names, event.seat, you, tile=str(move.tile), end=end)
    return [first, count_line(layout, event.points, words), *count_notes(layout, words, move.tile)]


def _hand_end_lines(
    event: HandEnded, words: ReaderTranslator, names: Sequence[str], rules: Rules, you: int | None
) -> list[str]:
    if event.out is not None:
        lines = [_said(words, "embed_domino", names, event.out, you)]
    else:
        lines = [words("embed_blocked")]
    left = [f"{names[seat]} {words.number(pips)}" for seat, pips in enumerate(event.pips) if pips]
    if left:
        lines.append(words("embed_pips", pips=", ".join(left)))
    changes = [
        f"{side_name(rules, names, side)} {words.signed(change)}" for side, change in enumerate(event.change) if change
    ]
    if not changes:
        lines.append(words("embed_no_change"))
    else:
        key = "embed_subtract" if rules.hand_end == "subtract-own" else "embed_winner_takes"
        lines.append(words(key, changes=", ".join(changes)))
    return lines


# --------------------------------------------------------------------------
# "Try it"


def turn_draws(events: Sequence[Event], seat: int) -> tuple[Drew, ...]:
    """The draws of ``seat`` that end ``events``: where ``seat`` is to move
    after them, a turn that began with no tile to play. The engine draws
    them as the move before ends; "Try it" holds them back, so the reader
    draws them, one tile at a time, before playing."""
    draws: list[Drew] = []
    for event in reversed(events):
        if not isinstance(event, Drew) or event.seat != seat:
            break
        draws.append(event)
    return tuple(reversed(draws))


def try_record(record: Mapping[str, Any], frame: Frame, seat: int, words: ReaderTranslator) -> dict[str, Any]:
    """``record`` cut at ``frame``, with the reader at ``seat`` and the
    computer (Medium) at every other seat, each keeping its name from the
    replay (a seat that was "You" there becomes "Computer N"): a record
    :meth:`table.game.Game.from_record_data` opens.

    At the end of a hand that the record follows with another, the cut
    keeps that next hand as dealt, before its lead: the reader plays on from
    the record's own deal, led by whom the rules chose (the tutorial's "Who
    leads the next hand" is tried there)."""
    rules = Rules.from_json(record.get("rules", {}))
    names = seat_names(record, rules.players, words)
    you = words("embed_you")
    hands = record.get("hands")
    later = frame.to_move is None and isinstance(hands, list) and len(hands) > frame.hand
    kept = cut(record, frame.hand + 1, 0) if later else cut(record, frame.hand, frame.in_hand)
    seats = tuple(
        SeatSetup(words("embed_you"))
        if s == seat
        else SeatSetup(words("embed_computer", seat=s + 1) if names[s] == you else names[s], TRY_LEVEL)
        for s in range(rules.players)
    )
    meta = record.get("meta")
    seed = meta.get("seed") if isinstance(meta, Mapping) else None
    if not isinstance(seed, int) or isinstance(seed, bool):
        seed = TRY_SEED
    setup = GameSetup(rules, seats, seed)
    kept["meta"] = {"app": "allfives-embed", "setup": setup.to_json(), "seed": seed}
    return kept
