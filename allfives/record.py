"""Game records: the ``allfives-record`` format, version 1.

One JSON document is at once the save file, the shareable deal, the replay and
the tutorial scenario::

    {"format": "allfives-record", "version": 1,
     "rules": {"players": 2, "hand_size": 3},
     "hands": [{"leader": 0,
                "deal": [["5-5", "5-2", "5-1"], ["5-3", "5-0", "6-6"]],
                "boneyard": ["0-0", ...],
                "moves": ["5-5", "5-3 E", "5-2 W"]}]}

Draws and passes are never written: they follow from the deal. A record may
stop anywhere; an unfinished record is a game in progress. Reading a record
checks everything and either gives the whole match or raises
:class:`RecordError` with one line naming the hand, the move and the reason.
"""

from __future__ import annotations

import json
import reprlib
from collections.abc import Mapping
from typing import Any, Final

from .events import Event
from .match import Deal, Match
from .rules import Rules
from .tiles import Move, Tile

__all__ = ["FORMAT", "VERSION", "RecordError", "dumps", "from_record", "loads", "replay", "to_record"]

FORMAT: Final = "allfives-record"
VERSION: Final = 1
_TOP_KEYS: Final = {"format", "version", "rules", "hands", "meta"}
_HAND_KEYS: Final = {"leader", "deal", "boneyard", "moves"}
MAX_RECORD_CHARS: Final = 2_000_000
#: A refusal is read in a dialog or a terminal: what it quotes is cut to fit.
MAX_REASON_CHARS: Final = 200


class RecordError(ValueError):
    """A record that cannot be read; the message says where and why."""


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


def _short(reason: str) -> str:
    """A reason given by the rules, the tiles or the deal, which may quote a
    value at full length, cut to fit on a line."""
    if len(reason) <= MAX_REASON_CHARS:
        return reason
    return reason[: MAX_REASON_CHARS - 60] + "…" + reason[-59:]


def to_record(match: Match, meta: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The record of ``match`` so far. ``meta`` (names, levels...) is kept as
    given; the engine never reads it."""
    hands = []
    for deal, hand in zip(match.deals, match.hands, strict=True):
        hands.append(
            {
                "leader": deal.leader,
                "deal": [[str(t) for t in tiles] for tiles in deal.hands],
                "boneyard": [str(t) for t in deal.boneyard],
                "moves": [str(m) for m in hand.moves],
            }
        )
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
    return _replay(_parse_json(text), None)


def from_record(data: object) -> Match:
    """Replay a record (the parsed JSON, or its text) into a :class:`Match`,
    checking every rule on the way."""
    return _replay(_parsed(data), None)


def replay(data: object) -> list[Event]:
    """Every event of a record (the parsed JSON, or its text), in order: what
    ``python -m allfives replay`` prints."""
    events: list[Event] = []
    _replay(_parsed(data), events)
    return events


def _parsed(data: object) -> object:
    if isinstance(data, (str, bytes)):
        return _parse_json(data.decode("utf-8", "replace") if isinstance(data, bytes) else data)
    return data


def _parse_json(text: str) -> object:
    if len(text) > MAX_RECORD_CHARS:
        raise RecordError(f"the record is too long ({len(text):,} characters; at most {MAX_RECORD_CHARS:,})")
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as error:
        detail = getattr(error, "msg", "it is not JSON")
        raise RecordError(f"the record is not valid JSON ({detail})") from None


def _replay(data: object, events: list[Event] | None) -> Match:
    if not isinstance(data, Mapping):
        raise RecordError('a record is a JSON object with "format": "allfives-record"')
    if data.get("format") != FORMAT:
        raise RecordError(f"this is not an {FORMAT} (its format is {_shown(data.get('format'))})")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise RecordError(f"the record's version must be a whole number, not {_shown(version)}")
    if version > VERSION:
        raise RecordError(
            f"this record is from a newer version of All Fives (version {_shown(version)}; this game reads version {VERSION})"
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
        raise RecordError(f"rules: {_short(str(error))}") from None
    except RecursionError:
        raise RecordError("rules: a value in them is nested too deeply to read") from None
    hands = data.get("hands", [])
    if not isinstance(hands, list):
        raise RecordError("the record's hands must be a list")
    match = Match(rules)
    for number, hand in enumerate(hands, start=1):
        _replay_hand(match, number, hand, events)
    return match


def _replay_hand(match: Match, number: int, hand: object, events: list[Event] | None) -> None:
    where = f"hand {number}"
    if match.is_over:
        raise RecordError(f"{where}: the match was already won")
    if not match.needs_deal:
        raise RecordError(f"{where}: hand {number - 1} is not over")
    if not isinstance(hand, Mapping):
        raise RecordError(f"{where}: a hand is an object with a deal, a boneyard and moves")
    unknown = sorted(_shown(k) for k in hand if k not in _HAND_KEYS)
    if unknown:
        raise RecordError(f"{where}: unknown field {unknown[0]}")
    deal = _read_deal(where, hand)
    try:
        started = match.start_hand(deal)
    except ValueError as error:
        raise RecordError(f"{where}: {_short(str(error))}") from None
    if events is not None:
        events.extend(started)
    moves = hand.get("moves", [])
    if not isinstance(moves, list):
        raise RecordError(f'{where}: moves must be a list such as ["5-5", "5-3 E"]')
    for index, text in enumerate(moves, start=1):
        at = f"{where}, move {index}"
        if not isinstance(text, str):
            raise RecordError(f'{at}: a move is written like "5-3 E", not {_shown(text)}')
        at = f"{at} ({_shown(text)})"
        if match.is_over:
            raise RecordError(f"{at}: the match was already won")
        if match.to_move is None:
            raise RecordError(f"{at}: the hand is already over")
        try:
            move = Move.parse(text)
            played = match.play(move)
        except ValueError as error:
            raise RecordError(f"{at}: {_short(str(error))}") from None
        if events is not None:
            events.extend(played)


def _read_deal(where: str, hand: Mapping[str, Any]) -> Deal:
    deal, boneyard, leader = hand.get("deal"), hand.get("boneyard", []), hand.get("leader")
    if not isinstance(deal, list) or not all(isinstance(h, list) for h in deal):
        raise RecordError(f"{where}: the deal must be a list of hands, one list of tiles per seat")
    if not isinstance(boneyard, list):
        raise RecordError(f"{where}: the boneyard must be a list of tiles")
    if leader is not None and (not isinstance(leader, int) or isinstance(leader, bool) or abs(leader) > 2**63):
        raise RecordError(f"{where}: the leader must be a seat number, not {_shown(leader)}")
    for tiles in (*deal, boneyard):
        for t in tiles:
            if not isinstance(t, str):
                raise RecordError(f'{where}: a tile is written like "5-3", not {_shown(t)}')
    try:
        hands = tuple(tuple(Tile.parse(t) for t in h) for h in deal)
        rest = tuple(Tile.parse(t) for t in boneyard)
    except ValueError as error:
        raise RecordError(f"{where}: {_short(str(error))}") from None
    return Deal(hands, rest, leader)
