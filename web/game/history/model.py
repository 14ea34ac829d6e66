"""The history: every match played on this device, kept with its record.

Each finished match, and one left by New match while it was in progress, is
an :class:`Entry`: its ``allfives-record`` (the whole match, move by move),
when it began and ended, who sat where, the rules and the result. Entries
live in the browser's ``localStorage`` (chosen by measurement:
docs/architecture.md, "The history"), one key each, ``allfives.match.<id>``,
so writing one never rewrites another, and a key that cannot be read spoils
nothing else.

The promises, tested on CPython (tests/web/test_history.py):

- the newest :data:`CAPACITY` matches are kept; once there are more, the
  oldest is dropped, after the new one is written (a write that fails drops
  nothing), and its result goes on counting in the statistics
  (:meth:`game.store.Store.count_match`); the match in progress is the
  saved game, never an entry, so it is never dropped;
- an entry that cannot be read is kept aside, as it was written, never
  dropped: the History screen offers it as a download;
- a history file (JSON Lines, one entry a line) or a record brought in is
  checked entry by entry: a bad one is refused with its line and the reason,
  the rest are kept;
- every entry carries its format and version, and this reads every version
  written so far (the fixtures in tests/golden/ are read by a test).

Browser-free: the page passes the :class:`~game.store.Store` in."""

from __future__ import annotations

import hashlib
import json
import re
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final

from allfives import json_text, refusal
from allfives.players import LEVELS
from allfives.record import RecordError
from allfives.rules import Rules, RulesError

from game.store import Store
from table.game import Game, GameSetup, SeatSetup

__all__ = [
    "CAPACITY",
    "FORMAT",
    "VERSION",
    "Entry",
    "EntryError",
    "History",
    "Refused",
    "Shelf",
    "Tally",
    "read_file",
    "statistics",
]

FORMAT: Final = "allfives-history"
#: Version 1: the first. A later version must still read every earlier one.
VERSION: Final = 1
#: The storage key of an entry, under the store's prefix: ``match.<id>``.
KEY: Final = "match."
#: How many matches are kept: the newest, the oldest dropped first. At the
#: 5 to 10 KB a long match takes, well inside localStorage's 5 MB.
CAPACITY: Final = 200
#: How a match came into the history.
HOWS: Final = ("finished", "abandoned", "imported")
#: A history file or record brought in is refused above this size.
MAX_FILE_CHARS: Final = 20_000_000
MAX_LINES: Final = 5_000
_DATE: Final = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$")
_ID: Final = re.compile(r"^[0-9a-f]{8,64}$")


class EntryError(refusal.Refused):
    """An entry that cannot be read; the message says why, in the engine's
    plain English, its code says it for the page (:mod:`table.refusal`)."""


def now() -> str:
    """This moment as the history writes it: ISO 8601, UTC, to the second."""
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


#: What a record's meta may gain after the match is kept in the history.
NOT_THE_MATCH: Final = frozenset({"review", "counted"})


def record_id(record: Mapping[str, Any]) -> str:
    """The entry's id: a digest of its record, so the same match brought in
    twice is one entry. What the page notes beside the match as it goes
    (:data:`NOT_THE_MATCH`: the coach's reviews, whether the result is
    counted) is left out: the match reviewed, or counted, is the same match."""
    meta = record.get("meta")
    if isinstance(meta, Mapping) and NOT_THE_MATCH & meta.keys():
        record = {**record, "meta": {k: v for k, v in meta.items() if k not in NOT_THE_MATCH}}
    text = json.dumps(record, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:20]


@dataclass(frozen=True)
class Entry:
    """One match in the history. The summary (seats, level, result) is
    worked out from the record when the entry is made, so the list and the
    statistics read it without replaying every match."""

    id: str
    how: str
    started: str
    ended: str
    seats: tuple[SeatSetup, ...]
    #: The strongest computer level against the only person; None in
    #: hot-seat (more than one person), or with no computer against them.
    level: str | None
    rules: Rules
    #: The winning side, None for a match left unfinished.
    winner: int | None
    scores: tuple[int, ...]
    #: Whether the only person's side won; None when not one person played, or unfinished.
    won: bool | None
    hands: int
    #: The only person's side's points; None when not one person played.
    points: int | None
    record: dict[str, Any]
    #: Fields this version does not read, kept as they came (the review of
    #: issue 33 will sit here as ``"review"``): written back unchanged.
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def finished(self) -> bool:
        return self.winner is not None

    @staticmethod
    def of_game(game: Game, how: str, *, ended: str | None = None, extra: Mapping[str, Any] | None = None) -> Entry:
        """The entry for ``game`` as it stands: finished, or left unfinished."""
        record = game.to_record()
        people = game.people
        side = game.rules.side_of(people[0]) if len(people) == 1 else None
        return Entry(
            id=record_id(record),
            how=how,
            started=game.started if _DATE.match(game.started) else "",
            ended=ended if ended is not None else now(),
            seats=game.seats,
            level=game.opponents_level(),
            rules=game.rules,
            winner=game.winner,
            scores=game.scores,
            won=None if side is None or game.winner is None else game.winner == side,
            hands=game.hands_dealt,
            points=None if side is None else game.scores[side],
            record=record,
            extra=dict(extra or {}),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            **self.extra,
            "format": FORMAT,
            "version": VERSION,
            "id": self.id,
            "how": self.how,
            "started": self.started,
            "ended": self.ended,
            "seats": [seat.to_json() for seat in self.seats],
            "level": self.level,
            "rules": self.rules.to_json(),
            "result": {
                "winner": self.winner,
                "scores": list(self.scores),
                "won": self.won,
                "hands": self.hands,
                "points": self.points,
            },
            "record": self.record,
        }

    def to_text(self) -> str:
        return json.dumps(self.to_json(), separators=(",", ":"), ensure_ascii=False)

    @staticmethod
    def from_json(data: object) -> Entry:
        """An entry as it was kept, of any version so far; raises
        :class:`EntryError` saying why not. The record is checked at its top
        only (reading a whole match takes a while): :func:`checked` replays it."""
        if not isinstance(data, Mapping):
            raise EntryError("this is not an entry of the history")
        if data.get("format") != FORMAT:
            raise EntryError("this is not an entry of the history")
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise EntryError("the entry's version must be a whole number from 1")
        if version > VERSION:
            raise EntryError(
                f"this record is from a newer version of All Fives (version {version}; this game reads version {VERSION})",
                "newer",
                {"version": version},
            )
        entry_id, how = data.get("id"), data.get("how")
        if not isinstance(entry_id, str) or not _ID.match(entry_id):
            raise EntryError("the entry has no proper id")
        if how not in HOWS:
            raise EntryError("the entry does not say how the match came in")
        started, ended = data.get("started"), data.get("ended")
        if not isinstance(started, str) or (started and not _DATE.match(started)):
            raise EntryError("the entry's start date is not a date")
        if not isinstance(ended, str) or not _DATE.match(ended):
            raise EntryError("the entry's end date is not a date")
        try:
            rules = Rules.from_json(data.get("rules"))
            seats = GameSetup.from_json({"rules": data.get("rules"), "seats": data.get("seats")}).seats
        except (ValueError, RulesError, RecursionError) as error:
            raise EntryError(f"the entry's players or rules: {str(error)[:200]}") from None
        level = data.get("level")
        if level is not None and level not in LEVELS:
            raise EntryError("the entry's opponent level is unknown")
        result = data.get("result")
        if not isinstance(result, Mapping):
            raise EntryError("the entry has no result")
        winner, scores, won = result.get("winner"), result.get("scores"), result.get("won")
        hands, points = result.get("hands"), result.get("points")
        if winner is not None and (not _whole(winner) or not 0 <= winner < rules.sides):
            raise EntryError("the entry's winner is not a side of the table")
        if not isinstance(scores, list) or len(scores) != rules.sides or not all(_whole(s) for s in scores):
            raise EntryError("the entry's scores are not one number a side")
        if won is not None and not isinstance(won, bool):
            raise EntryError("the entry does not say plainly who won")
        if not isinstance(hands, int) or not _whole(hands) or not _whole(points, empty=True):
            raise EntryError("the entry's hands or points are not whole numbers")
        record = data.get("record")
        if not isinstance(record, Mapping) or record.get("format") != "allfives-record":
            raise EntryError("the entry holds no match record")
        extra = {key: value for key, value in data.items() if key not in _KEYS}
        return Entry(
            entry_id,
            str(how),
            started,
            ended,
            seats,
            None if level is None else str(level),
            rules,
            winner,
            tuple(scores),
            won,
            hands,
            points,
            dict(record),
            extra,
        )


_KEYS: Final = {"format", "version", "id", "how", "started", "ended", "seats", "level", "rules", "result", "record"}


def _whole(value: object, *, empty: bool = False) -> bool:
    if value is None:
        return empty
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def checked(entry: Entry) -> Entry:
    """``entry`` once its record has been read through, move by move, with
    its summary worked out again from the record (a file's own summary is
    not trusted); raises :class:`EntryError` or
    :class:`~allfives.record.RecordError` saying why not."""
    game = Game.from_record_data(entry.record)
    again = Entry.of_game(game, entry.how, ended=entry.ended, extra=entry.extra)
    return replace(again, id=entry.id, started=entry.started or again.started, record=entry.record)


@dataclass(frozen=True)
class Refused:
    """An entry of a file that was not brought in: its line (0 for the whole
    file), and why: the refusal itself, whose code the page says in the
    player's words (:func:`table.refusal.reason`)."""

    line: int
    error: ValueError

    @property
    def reason(self) -> str:
        """Why, in the engine's English: for developers and the tests."""
        return str(self.error)


def read_file(text: str, *, ended: str | None = None) -> tuple[list[Entry], list[Refused]]:
    """The matches in a file brought in: one ``allfives-record`` (a saved
    game, an exported match), one history entry, or a history file (JSON
    Lines: an entry or a record a line). Each is checked in full; a bad one is
    refused with its line and the reason, the rest are kept. A record comes
    in as ``imported``, dated ``ended`` (now, by default)."""
    if len(text) > MAX_FILE_CHARS:
        return [], [Refused(0, EntryError("the file is too big to be a history", "file_big"))]
    stamp = ended if ended is not None else now()
    text = text.lstrip("\ufeff")
    try:
        whole: object = json_text.loads(text)
    except (ValueError, RecursionError):
        whole = None
    if isinstance(whole, Mapping):
        items: list[tuple[int, str | None, object]] = [(1, None, whole)]
    else:
        # JSON Lines: a line ends at "\n" (or "\r\n") only, never at the other
        # breaks str.splitlines knows, which JSON keeps unescaped in a string.
        lines = [
            (number, line.removesuffix("\r")) for number, line in enumerate(text.split("\n"), start=1) if line.strip()
        ]
        if not lines:
            return [], [Refused(0, EntryError("the file is empty", "file_empty"))]
        if len(lines) > MAX_LINES:
            return [], [Refused(0, EntryError("the file has too many lines to be a history", "file_big"))]
        items = [(number, line, None) for number, line in lines]
    kept: list[Entry] = []
    refused: list[Refused] = []
    for number, line, data in items:
        try:
            if line is not None:
                try:
                    data = json_text.loads(line)
                except (ValueError, RecursionError):
                    raise EntryError("this is not valid JSON", "not_json") from None
            kept.append(_brought_in(data, stamp))
        except (EntryError, RecordError) as error:
            refused.append(Refused(number, error))
    return kept, refused


def _brought_in(data: object, ended: str) -> Entry:
    if isinstance(data, Mapping) and data.get("format") == FORMAT:
        return checked(Entry.from_json(data))
    if isinstance(data, Mapping) and data.get("format") == "allfives-record":
        game = Game.from_record_data(data)
        return Entry.of_game(game, "imported", ended=ended)
    raise EntryError("this is neither a match record nor an entry of the history", "not_history")


@dataclass(frozen=True)
class Shelf:
    """The history as read: the entries, newest first, and the keys whose
    text could not be read (kept aside, as they were written)."""

    entries: tuple[Entry, ...]
    unreadable: tuple[tuple[str, str], ...]


class History:
    """The history in the browser's storage."""

    def __init__(self, store: Store, capacity: int = CAPACITY) -> None:
        self.store = store
        self.capacity = capacity

    def shelf(self) -> Shelf:
        entries: list[Entry] = []
        unreadable: list[tuple[str, str]] = []
        for key in self.store.keys(KEY):
            text = self.store.get(key)
            if text is None:
                continue
            try:
                entry = Entry.from_json(json_text.loads(text))
            except (ValueError, RecursionError):
                unreadable.append((key, text))
                continue
            entries.append(entry)
        return Shelf(tuple(newest_first(entries)), tuple(sorted(unreadable)))

    def keep(self, entry: Entry) -> bool:
        """Write ``entry`` (in place of one with its id), then drop the
        oldest beyond the capacity. False when storage refused it: then
        nothing was dropped."""
        if not self.store.set(KEY + entry.id, entry.to_text()):
            return False
        self._trim(entry.id)
        return True

    def keep_review(self, game: Game) -> bool:
        """Keep the coach's reviews of ``game`` (in its record) with the
        match's entry, if the history holds it: the history's replay then
        shows the marks. False when there is no such entry, or storage
        refused it (the entry is then as it was)."""
        record = game.to_record()
        entry_id = record_id(record)
        text = self.store.get(KEY + entry_id)
        if text is None:
            return False
        try:
            entry = Entry.from_json(json_text.loads(text))
        except (ValueError, RecursionError):
            return False
        return self.store.set(KEY + entry_id, replace(entry, record=record).to_text())

    def keep_all(self, entries: Iterable[Entry]) -> tuple[int, bool]:
        """Keep each of ``entries``; how many were new, and whether all were kept."""
        before = {entry.id for entry in self.shelf().entries}
        added, every = 0, True
        for entry in entries:
            if not self.store.set(KEY + entry.id, entry.to_text()):
                every = False
                break
            added += entry.id not in before
            before.add(entry.id)
        self._trim(None)
        return added, every

    def _trim(self, spare: str | None) -> None:
        """Drop the oldest readable entries beyond the capacity, never
        ``spare`` (the one just written), their results carried into the
        counts kept beside the history. An unreadable entry is never dropped."""
        entries = self.shelf().entries
        for entry in reversed(entries[self.capacity :]):
            if entry.id == spare:
                continue
            if entry.finished and entry.level is not None and entry.won is not None:
                self.store.count_match(entry.level, entry.won)
            self.store.remove(KEY + entry.id)


def newest_first(entries: Iterable[Entry]) -> list[Entry]:
    return sorted(entries, key=lambda e: (e.ended, e.started, e.id), reverse=True)


def export_lines(entries: Sequence[Entry]) -> str:
    """Every entry, one a line (JSON Lines), oldest first: the history file."""
    return "".join(entry.to_text() + "\n" for entry in reversed(newest_first(entries)))


@dataclass
class Tally:
    """Matches and wins, hands and points: one line of the statistics."""

    matches: int = 0
    wins: int = 0
    hands: int = 0
    points: int = 0

    @property
    def points_per_hand(self) -> float | None:
        return self.points / self.hands if self.hands else None


def statistics(entries: Iterable[Entry]) -> dict[tuple[str, Rules], Tally]:
    """The finished matches of one person against the computer, per opponent
    level and rules, in the order of the levels (Beginner first). These are
    the entries the list shows under the same filter, so the two agree."""
    out: dict[tuple[str, Rules], Tally] = {}
    for entry in entries:
        if not entry.finished or entry.level is None or entry.won is None or entry.points is None:
            continue
        tally = out.setdefault((entry.level, entry.rules), Tally())
        tally.matches += 1
        tally.wins += bool(entry.won)
        tally.hands += entry.hands
        tally.points += entry.points
    return dict(sorted(out.items(), key=lambda item: (LEVELS.index(item[0][0]), item[0][1].points_to_win)))
