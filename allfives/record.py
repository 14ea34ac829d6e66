"""Game records: the ``allfives-record`` format, version 1.

One JSON document is at once the save file, the shareable deal, the replay and
the tutorial scenario::

    {"format": "allfives-record", "version": 1,
     "rules": {"players": 2, "hand_size": 3},
     "hands": [{"leader": 0,
                "deal": [["5-5", "5-2", "5-1"], ["5-3", "5-0", "6-6"]],
                "boneyard": ["0-0", ...],
                "moves": ["5-5", "5-3 E", "5-2 W"]}]}

A hand dealt from a seed carries it (``"seed": "7/hand/1"``): anyone can
deal it again and check the deal (:mod:`allfives.verify`). A hand without
one is read as before; it only cannot be verified. Draws and passes are
never written: they follow from the deal. Under ``claims="called"`` the
moves hold each claim and Muggins call too, where it was made
(``"claim 10"``, ``"muggins"``, ``"let pass"``: :mod:`allfives.claims`). A record may
stop anywhere; an unfinished record is a game in progress. Reading a record
checks everything and either gives the whole match or raises
:class:`RecordError` with one line naming the hand, the move and the reason
(and the same as data, for the page to say in a player's words: its
``hand``, ``move`` and ``text``, and the code of the refusal,
:class:`~allfives.refusal.Refused`).

:func:`to_record` writes a match's history (:attr:`Match.history`);
:func:`from_record` reads a record into a match, whose history is then the
record's; :func:`positions` reads it a step at a time, for a replay;
:func:`cut` keeps a record up to a point (:meth:`Match.until`).
"""

from __future__ import annotations

import json
import reprlib
from collections.abc import Iterator, Mapping
from typing import Any, Final

from . import json_text
from .claims import parse_step
from .events import Event
from .match import MAX_SEED_CHARS, Deal, Match
from .refusal import Refused
from .rules import Rules
from .tiles import Tile

__all__ = [
    "FORMAT",
    "VERSION",
    "RecordError",
    "cut",
    "dumps",
    "from_record",
    "loads",
    "positions",
    "replay",
    "to_record",
]

FORMAT: Final = "allfives-record"
VERSION: Final = 1
_TOP_KEYS: Final = {"format", "version", "rules", "hands", "meta"}
_HAND_KEYS: Final = {"leader", "deal", "boneyard", "moves", "seed"}
MAX_RECORD_CHARS: Final = 2_000_000
#: A refusal is read in a dialog or a terminal: what it quotes is cut to fit.
MAX_REASON_CHARS: Final = 200


class RecordError(Refused):
    """A record that cannot be read; the message says where and why. So do
    its attributes: ``code`` and ``params`` why (a deal's, a move's or a
    tile's refusal met in the record keeps its code and params), ``hand``
    and ``move`` where (each counted from 1; None when the refusal is not
    in a hand, or not at a move), ``text`` the move as written there."""

    def __init__(
        self,
        message: str,
        code: str | None = None,
        params: Mapping[str, object] | None = None,
        *,
        hand: int | None = None,
        move: int | None = None,
        text: str | None = None,
    ) -> None:
        super().__init__(message, code, params)
        self.hand, self.move, self.text = hand, move, text


_QUOTE = reprlib.Repr()
_QUOTE.maxlevel, _QUOTE.maxstring, _QUOTE.maxother, _QUOTE.maxlong = 2, 40, 40, 40
_QUOTE.maxlist = _QUOTE.maxdict = _QUOTE.maxtuple = 4


def _shown(value: object) -> str:
    """``value`` as a refusal quotes it: short and on one line, whatever was
    written there (a string of a million characters, lists nested thousands
    deep, a number too long for Python to print)."""
    try:
        return _QUOTE.repr(value)
    except (ValueError, RecursionError):
        return "a number too long to show"


def _within(error: ValueError, hand: int, move: int | None = None, shown: str = "") -> RecordError:
    """``error`` (the deal's, a move's or a tile's refusal) met at hand
    ``hand`` (and move ``move``, quoted ``shown``): its English after the
    place, as one line, its code and params kept."""
    where = f"hand {hand}" if move is None else f"hand {hand}, move {move} ({shown})"
    code, params = (error.code, error.params) if isinstance(error, Refused) else (None, None)
    text = None if move is None else _unquoted(shown)
    return RecordError(f"{where}: {_short(str(error))}", code, params, hand=hand, move=move, text=text)


def _unquoted(shown: str) -> str:
    """A move's text as a refusal quotes it (``'5-3 W'``), without the quotes."""
    return shown[1:-1] if len(shown) > 1 and shown[0] == shown[-1] and shown[0] in "'\"" else shown


def _short(reason: str) -> str:
    """A reason given by the rules, the tiles or the deal, which may quote a
    value at full length, cut to fit on a line."""
    if len(reason) <= MAX_REASON_CHARS:
        return reason
    return reason[: MAX_REASON_CHARS - 60] + "…" + reason[-59:]


def to_record(match: Match, meta: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The record of ``match`` so far, written from its history. ``meta``
    (names, levels...) is kept as given; the engine never reads it."""
    hands: list[dict[str, Any]] = []
    for hand in match.history:
        written: dict[str, Any] = {
            "leader": hand.deal.leader,
            "deal": [[str(t) for t in tiles] for tiles in hand.deal.hands],
            "boneyard": [str(t) for t in hand.deal.boneyard],
            "moves": [str(step) for step in hand.steps],
        }
        if hand.deal.seed is not None:
            written["seed"] = hand.deal.seed
        hands.append(written)
    record: dict[str, Any] = {"format": FORMAT, "version": VERSION, "rules": match.rules.to_json(), "hands": hands}
    if meta:
        record["meta"] = dict(meta)
    return record


def dumps(match: Match, meta: Mapping[str, Any] | None = None) -> str:
    """The record as compact JSON text."""
    return json.dumps(to_record(match, meta), separators=(",", ":"))


def loads(text: str) -> Match:
    """Read a record from JSON text (see :func:`from_record`)."""
    # Parsed once: JSON text holding a string is not a record, even when the
    # string is itself the text of one.
    return _played_out(_parse_json(text))


def from_record(data: object) -> Match:
    """Replay a record (the parsed JSON, or its text) into a :class:`Match`,
    checking every rule on the way."""
    return _played_out(_parsed(data))


def replay(data: object) -> list[Event]:
    """Every event of a record (the parsed JSON, or its text), in order: what
    ``python -m allfives replay`` prints."""
    return [event for _match, events in positions(data) for event in events]


def positions(data: object) -> Iterator[tuple[Match, tuple[Event, ...]]]:
    """Read a record (the parsed JSON, or its text) one step at a time,
    checking it as :func:`from_record` does: the match after each hand's
    deal and after each move, with what that step caused. It is one match,
    moving on from step to step: copy what you keep of it. A replay reads
    the record this way, once.

    The record's top (its format, version and rules) is checked at once; a
    hand or move that breaks the rules raises :class:`RecordError` when the
    reading reaches it."""
    match, hands = _opened(_parsed(data))
    return _steps(match, hands)


def cut(data: object, hand: int, moves: int | None = None, *, alone: bool = False) -> dict[str, Any]:
    """A new record: ``data`` (the parsed JSON, or its text) kept up to the
    first ``moves`` moves of hand ``hand``, as :meth:`Match.until` cuts a
    match (hand 1 is the first; ``moves=None`` keeps all its moves; with
    ``alone``, that hand alone, as the first of a new match, which may not
    verify: see :meth:`Match.until`). The record is
    read, checked and written again, so the cut is a record :func:`to_record`
    would write, with the same ``meta``. A point the record does not reach
    raises :class:`RecordError`.

    >>> from allfives import Deal, Match, Move, Rules
    >>> match = Match(Rules(players=2, hand_size=3))
    >>> _ = match.start_hand(Deal.from_text([["5-5", "5-2", "5-1"], ["5-3", "5-0", "6-6"]], leader=0))
    >>> _ = match.play(Move.parse("5-5")), match.play(Move.parse("5-3 E"))
    >>> record = to_record(match)
    >>> cut(record, 1, 1)["hands"][0]["moves"]
    ['5-5']
    >>> cut(record, 1, 3)
    Traceback (most recent call last):
    ...
    allfives.record.RecordError: hand 1 has 2 moves: cannot keep 3
    """
    parsed = _parsed(data)
    match = _played_out(parsed)
    try:
        kept = match.until(hand, moves, alone=alone)
    except ValueError as error:
        raise RecordError(str(error)) from None
    meta = parsed.get("meta") if isinstance(parsed, Mapping) else None
    return to_record(kept, meta)


def _parsed(data: object) -> object:
    if isinstance(data, (str, bytes)):
        return _parse_json(data.decode("utf-8", "replace") if isinstance(data, bytes) else data)
    return data


def _parse_json(text: str) -> object:
    if len(text) > MAX_RECORD_CHARS:
        raise RecordError(f"the record is too long ({len(text):,} characters; at most {MAX_RECORD_CHARS:,})")
    try:
        return json_text.loads(text)
    except (ValueError, RecursionError) as error:
        detail = getattr(error, "msg", "it is not JSON")
        raise RecordError(f"the record is not valid JSON ({detail})", "not_json") from None


def _played_out(data: object) -> Match:
    """The match ``data`` records, read to its end."""
    match, hands = _opened(data)
    for _step in _steps(match, hands):
        pass
    return match


def _opened(data: object) -> tuple[Match, list[Any]]:
    """A new match under the record's rules, and its hands still to read,
    once the top of the record (format, version, fields, rules) is checked."""
    if not isinstance(data, Mapping):
        raise RecordError('a record is a JSON object with "format": "allfives-record"', "not_record")
    if data.get("format") != FORMAT:
        raise RecordError(f"this is not an {FORMAT} (its format is {_shown(data.get('format'))})", "not_record")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise RecordError(f"the record's version must be a whole number, not {_shown(version)}")
    if version > VERSION:
        raise RecordError(
            f"this record is from a newer version of All Fives (version {_shown(version)}; this game reads version {VERSION})",
            "newer",
            {"version": version},
        )
    if version < 1:
        raise RecordError(f"there is no record version {_shown(version)}")
    unknown = sorted(_shown(k) for k in data if k not in _TOP_KEYS)
    if unknown:
        raise RecordError(f"the record has an unknown field {unknown[0]}")
    meta = data.get("meta", {})
    if not isinstance(meta, Mapping):
        raise RecordError("the record's meta must be an object")
    try:
        rules = Rules.from_json(data.get("rules", {}))
    except (TypeError, ValueError) as error:
        raise RecordError(f"rules: {_short(str(error))}", "rules") from None
    except RecursionError:
        raise RecordError("rules: a value in them is nested too deeply to read", "rules") from None
    hands = data.get("hands", [])
    if not isinstance(hands, list):
        raise RecordError("the record's hands must be a list")
    return Match(rules), hands


def _steps(match: Match, hands: list[Any]) -> Iterator[tuple[Match, tuple[Event, ...]]]:
    for number, hand in enumerate(hands, start=1):
        yield from _hand_steps(match, number, hand)


def _hand_steps(match: Match, number: int, hand: object) -> Iterator[tuple[Match, tuple[Event, ...]]]:
    where = f"hand {number}"
    if match.is_over:
        raise RecordError(f"{where}: the match was already won", "match_won", hand=number)
    if not match.needs_deal:
        raise RecordError(f"{where}: hand {number - 1} is not over", "hand_not_over", {"hand": number - 1}, hand=number)
    if not isinstance(hand, Mapping):
        raise RecordError(f"{where}: a hand is an object with a deal, a boneyard and moves", hand=number)
    unknown = sorted(_shown(k) for k in hand if k not in _HAND_KEYS)
    if unknown:
        raise RecordError(f"{where}: unknown field {unknown[0]}", hand=number)
    deal = _read_deal(number, hand)
    try:
        started = match.start_hand(deal)
    except ValueError as error:
        raise _within(error, number) from None
    yield match, tuple(started)
    moves = hand.get("moves", [])
    if not isinstance(moves, list):
        raise RecordError(f'{where}: moves must be a list such as ["5-5", "5-3 E"]', hand=number)
    for index, text in enumerate(moves, start=1):
        at = f"{where}, move {index}"
        shown = _shown(text)
        written = _unquoted(shown)  # the move as the player's words quote it
        if not isinstance(text, str):
            raise RecordError(
                f'{at}: a move is written like "5-3 E", not {shown}', "move_text", hand=number, move=index, text=written
            )
        at = f"{at} ({shown})"
        if match.is_over:
            raise RecordError(f"{at}: the match was already won", "match_won", hand=number, move=index, text=written)
        if match.to_move is None:
            raise RecordError(f"{at}: the hand is already over", "hand_over", hand=number, move=index, text=written)
        try:
            played = match.take(parse_step(text))
        except ValueError as error:
            raise _within(error, number, index, shown) from None
        yield match, tuple(played)


def _read_deal(number: int, hand: Mapping[str, Any]) -> Deal:
    where = f"hand {number}"
    deal, boneyard, leader = hand.get("deal"), hand.get("boneyard", []), hand.get("leader")
    seed = hand.get("seed")
    if seed is not None and (not isinstance(seed, str) or not 0 < len(seed) <= MAX_SEED_CHARS):
        raise RecordError(
            f"{where}: the seed must be a text of 1 to {MAX_SEED_CHARS} characters, not {_shown(seed)}", hand=number
        )
    if not isinstance(deal, list) or not all(isinstance(h, list) for h in deal):
        raise RecordError(f"{where}: the deal must be a list of hands, one list of tiles per seat", hand=number)
    if not isinstance(boneyard, list):
        raise RecordError(f"{where}: the boneyard must be a list of tiles", hand=number)
    if leader is not None and (not isinstance(leader, int) or isinstance(leader, bool) or abs(leader) > 2**63):
        raise RecordError(f"{where}: the leader must be a seat number, not {_shown(leader)}", "no_leader", hand=number)
    for tiles in (*deal, boneyard):
        for t in tiles:
            if not isinstance(t, str):
                raise RecordError(f'{where}: a tile is written like "5-3", not {_shown(t)}', "tile_text", hand=number)
    try:
        hands = tuple(tuple(Tile.parse(t) for t in h) for h in deal)
        rest = tuple(Tile.parse(t) for t in boneyard)
    except ValueError as error:
        raise _within(error, number) from None
    return Deal(hands, rest, leader, seed)
