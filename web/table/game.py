"""The controller, :class:`Game`: the pages' only door to the match, and
the one place that wires the game together: the match, who sits where,
undo, hints, saving and sharing. Pure Python (no DOM), so pytest runs it on
CPython; ``main.py`` only turns clicks into calls here and draws what it is
told.

Everything random is derived from the match's seed: hand *n* is dealt from
the seed ``f"{seed}/hand/{n}"`` (:meth:`allfives.Deal.from_seed`, so the
record carries it and the deal can be verified) and a computer player's *k*-th decision from
its own seeded stream, so a saved record reloads into exactly the same game,
undo replays the same deals, and a shared link deals the same tiles.
"""

from __future__ import annotations

import json
import random
from collections.abc import Generator, Mapping
from contextlib import suppress
from dataclasses import replace
from datetime import date
from typing import Any, Final
from urllib.parse import urlencode, urljoin

from allfives import Event, HandHistory, Match, Move, Rules, json_text
from allfives.kept_review import ReviewError, read_review
from allfives.players import LEVELS, Decision, make_player
from allfives.record import RecordError, from_record, to_record
from allfives.refusal import Refused
from allfives.review import SAMPLES, Advice, HandReview, Review
from allfives.rules import RulesError
from allfives.view import SeatView, view_of

from table.coaching import REVIEW_SEED, grading_steps, hint_steps, review_of_hand_steps
from table.record_link import MAX_LINK_CHARS, LinkError, decode_link, encode_link
from table.score_sheet import SheetRow, sheet_of
from table.setup import MAX_NAME, PERSON, GameSetup, SeatSetup, clean_name, default_setup
from table.work import SlicedThinking, Slices, think

__all__ = [
    "MAX_LINK_CHARS",
    "MAX_NAME",
    "PERSON",
    "Game",
    "GameSetup",
    "LinkError",
    "SeatSetup",
    "SlicedThinking",
    "Slices",
    "clean_name",
    "decode_link",
    "default_setup",
    "encode_link",
    "think",
]

MAX_REASON_CHARS: Final = 200
MAX_DATE_CHARS: Final = 40
EMBED_PAGE: Final = "embed.html"


class Game:
    """A match in progress with its seats, as the page shows it."""

    def __init__(
        self, setup: GameSetup, *, seed: int | None = None, match: Match | None = None, started: str = ""
    ) -> None:
        self.setup = setup
        #: When the match began (ISO 8601, UTC), for its entry in the history:
        #: the page stamps it as it deals the first hand; "" when not known
        #: (a match saved before the date was kept, or made off the page).
        self.started = started
        self.seed: int = (
            seed if seed is not None else (setup.seed if setup.seed is not None else random.randrange(2**31))
        )
        self.match = match if match is not None else Match(setup.rules)
        self.counted = False  # the result is in the statistics
        #: The daily deal's date (YYYY-MM-DD) when this is one: a single hand
        #: (game.daily.model); ``practice`` when it does not count.
        self.daily: str | None = None
        self.practice = False
        #: The coach's reviews of finished hands, by hand number: kept with
        #: the game (its record's ``meta.review``), so each is computed once.
        self.reviews: dict[int, HandReview] = {}

    # Whose turn, and what they may do

    @property
    def rules(self) -> Rules:
        return self.match.rules

    @property
    def seats(self) -> tuple[SeatSetup, ...]:
        return self.setup.seats

    @property
    def people(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.is_person]

    @property
    def to_move(self) -> int | None:
        return self.match.to_move

    @property
    def person_to_move(self) -> bool:
        seat = self.to_move
        return seat is not None and self.seats[seat].is_person

    @property
    def computer_to_move(self) -> bool:
        seat = self.to_move
        return seat is not None and not self.seats[seat].is_person

    # Where the match stands: the pages read it here, never from the match itself

    @property
    def scores(self) -> tuple[int, ...]:
        """Each side's score."""
        return tuple(self.match.scores)

    @property
    def winner(self) -> int | None:
        """The side that won the match, once one has."""
        return self.match.winner

    @property
    def is_over(self) -> bool:
        return self.match.is_over

    @property
    def needs_deal(self) -> bool:
        """Whether the next step is dealing a hand (the last one has ended, or none is dealt yet)."""
        return self.match.needs_deal

    @property
    def dealt(self) -> bool:
        """Whether a hand has been dealt: the one in play, or the last one played."""
        return self.match.hand is not None

    @property
    def hands_dealt(self) -> int:
        return len(self.match.hands)

    @property
    def moves_in_hand(self) -> int:
        """The moves made in the hand in play (or the last one)."""
        hand = self.match.hand
        return 0 if hand is None else len(hand.moves)

    @property
    def hand_log(self) -> tuple[Event, ...]:
        """What happened in the hand in play (or the last one), from its start."""
        return self.match.log

    @property
    def history(self) -> tuple[HandHistory, ...]:
        """Every hand dealt so far, the one in play last (see :class:`allfives.HandHistory`)."""
        return self.match.history

    def viewer(self) -> int:
        """The seat whose hand is shown face up: the only person, or in
        hot-seat the person whose turn it is (or was last)."""
        people = self.people
        if len(people) == 1:
            return people[0]
        seat = self.to_move
        if seat is not None and self.seats[seat].is_person:
            return seat
        return self._last_person_seat() if people else 0

    def _last_person_seat(self) -> int:
        for event in reversed(self.match.log):
            seat = getattr(event, "seat", None)
            if isinstance(seat, int) and self.seats[seat].is_person:
                return seat
        return self.people[0]

    def view(self, seat: int | None = None) -> SeatView:
        """What ``seat`` (by default the one on screen) may see of the hand:
        the page draws from this alone, so a hidden hand is never in reach."""
        return view_of(self.match, self.viewer() if seat is None else seat)

    def side_name(self, side: int) -> str:
        return " & ".join(self.seats[s].name for s in self.rules.seats_of(side))

    # Moves

    def start(self) -> list[Event]:
        """Deal the next hand when one is due (the seed decides the tiles)."""
        if not self.match.needs_deal or (self.daily is not None and self.match.hands):
            return []  # a daily deal is one hand
        return self.match.deal_seed(f"{self.seed}/hand/{len(self.match.hands) + 1}")

    def play(self, move: Move) -> list[Event]:
        """A person's move; an illegal one raises ``IllegalMove`` and changes nothing."""
        if not self.person_to_move:
            raise ValueError("it is not your turn")
        return self.match.play(move)

    def play_computer(self, decision: Decision) -> list[Event]:
        """The computer's move at the seat to move, as its search decided it."""
        if not self.computer_to_move:
            raise ValueError("it is not a computer's turn")
        return self.match.play(decision.move)

    def computer_thinking(self, budget_ms: float | None = None) -> SlicedThinking:
        """The computer's thinking for the seat to move, to run in slices."""
        seat = self.to_move
        assert seat is not None
        assert not self.seats[seat].is_person
        return self._thinking(self.seats[seat].kind, seat, budget_ms)

    def review_of_hand(self, hand: int) -> Slices[Review]:
        """The coach's review of hand ``hand`` (from 1): the people's
        decisions and the hand's luck, to run in slices."""
        return Slices(review_of_hand_steps(self.match, hand, tuple(self.people)))

    def grading_steps(self, hand: int, seats: tuple[int, ...]) -> Generator[tuple[int, int], None, Review]:
        """The coach's grades of ``seats``' decisions in hand ``hand`` (from
        1), without the hand's luck, as steps for work that runs them within
        its own (the daily's result)."""
        return grading_steps(self.match, hand, seats)

    def review_kept_of(self, hand: int) -> Review | None:
        """The coach's review of hand ``hand``, if it was worked out before."""
        kept = self.reviews.get(hand)
        return None if kept is None else Review((kept,), SAMPLES, REVIEW_SEED)

    def hint_thinking(self) -> Slices[Advice]:
        """The hint for the person to move, to run in slices: the coach's
        own judge (:func:`allfives.review.advise_steps`) on the stream the
        review of this decision will use, so the review grades a move the
        hint gave as best, with the same figures."""
        seat, hand = self.to_move, self.match.hand
        assert seat is not None
        assert hand is not None
        return Slices(hint_steps(view_of(self.match, seat), len(hand.moves) + 1))

    def _thinking(self, level: str, seat: int, budget_ms: float | None) -> SlicedThinking:
        # Each decision has its own seeded stream, so a reload, an undo or a
        # shared link meets the same computer choices (within its budget).
        hand = self.match.hand
        turn = 0 if hand is None else len(hand.moves)
        stream = random.Random(f"{self.seed}/{len(self.match.hands)}/{turn}/{seat}/{level}")
        thinking = SlicedThinking(view_of(self.match, seat))
        budget = {} if budget_ms is None else {"budget_ms": budget_ms}
        thinking.start(make_player(level, stream, clock=thinking.clock, **budget))
        return thinking

    @property
    def in_progress(self) -> bool:
        """Whether starting another match would throw this one away: a person
        has moved in it and it is not over (a match nobody has played yet,
        or one already won, loses nothing)."""
        if self.daily is not None and self.match.needs_deal:
            return False  # a daily's one hand is over
        return not self.match.is_over and self._last_person_move() is not None

    @property
    def kept_when_left(self) -> bool:
        """Whether the history keeps this match, left unfinished, when
        another takes its place: one :attr:`in_progress`, or a counted daily
        on the table, moved in or not (its day is played once it is dealt)."""
        counted_daily = self.daily is not None and not self.practice and self.dealt and not self.needs_deal
        return (counted_daily and not self.is_over) or self.in_progress

    def can_undo(self) -> bool:
        return self._undo_point() is not None

    def undo_blocked_by(self) -> int | None:
        """The other person whose move stands between the seat on screen and
        its own last move (in hot-seat, nobody takes back another's move);
        None when undo is allowed, or there is nothing to take back."""
        last = self._last_person_move()
        if last is None or last[2] == self.viewer():
            return None
        return last[2]

    def _undo_point(self) -> tuple[int, int] | None:
        """(hand index, moves kept) that takes back the last person's move,
        when that move is the on-screen seat's own. A match that is over
        stands: its result is final (and counted in the statistics)."""
        if self.match.is_over:
            return None
        last = self._last_person_move()
        if last is None or last[2] != self.viewer():
            return None
        return last[0], last[1]

    def _last_person_move(self) -> tuple[int, int, int] | None:
        """(hand index, moves before it, seat) of the last move a person made."""
        for index in range(len(self.match.hands) - 1, -1, -1):
            seats = self.match.seats_moved(index)
            for count in range(len(seats) - 1, -1, -1):
                if self.seats[seats[count]].is_person:
                    return index, count, seats[count]
        return None

    def undo(self) -> bool:
        """Take back the on-screen seat's last move and every computer move
        after it; never another person's move (see :meth:`undo_blocked_by`).
        The match becomes the one the history kept from before that move
        (:meth:`allfives.Match.until`)."""
        point = self._undo_point()
        if point is None:
            return False
        index, keep = point
        self.match = self.match.until(index + 1, keep)
        self.reviews = {n: r for n, r in self.reviews.items() if n <= index}  # a hand played again is another hand
        return True

    # Saving and sharing

    def to_record(self) -> dict[str, Any]:
        return to_record(self.match, self._meta())

    def _meta(self, *, reviewed_through: int | None = None) -> dict[str, Any]:
        meta = {"app": "allfives-web", "setup": self.setup.to_json(), "seed": self.seed, "counted": self.counted}
        if self.daily is not None:
            meta["daily"] = {"date": self.daily, "practice": self.practice}
        if self.started:
            meta["started"] = self.started
        kept = self.kept_review(through=reviewed_through)
        if kept is not None:
            meta["review"] = kept.to_json()
        return meta

    def kept_review(self, through: int | None = None, *, only: int | None = None) -> Review | None:
        """Every hand the coach has reviewed (up to hand ``through``, or
        hand ``only`` alone), as one review (None: none yet)."""
        numbers = sorted(n for n in self.reviews if (through is None or n <= through) and (only is None or n == only))
        if not numbers:
            return None
        return Review(tuple(self.reviews[n] for n in numbers), SAMPLES, REVIEW_SEED)

    def keep_review(self, review: Review) -> None:
        for hand in review.hands:
            self.reviews[hand.number] = hand

    def reviewed_link(self, page_url: str, hand: int, *, lang: str, seat: int | None = None) -> str:
        """The replay of the match to the end of hand ``hand``, on
        ``embed.html`` beside ``page_url``, keeping the coach's review of it,
        opened at the hand's first move with ``seat``'s tiles face up and its
        decisions marked (by default the first person's)."""
        upto = self.match.until(hand)
        seat = self.people[0] if seat is None else seat
        kept = self.kept_review(through=len(upto.hands))
        return self._replay_link(page_url, upto, _first_position(upto), kept, seat=seat, lang=lang)[0]

    def _replay_link(
        self, page_url: str, upto: Match, move: int, kept: Review | None, *, seat: int, lang: str
    ) -> tuple[str, dict[str, Any], int]:
        """The replay of ``upto`` (this match up to a point, every hand
        before its last kept: a hand keeps its number, and the hand before
        it shows that the rules, not its seed, chose its leader, so its deal
        verifies) on ``embed.html`` beside ``page_url``, with the coach's
        review ``kept``, opened at position ``move`` with ``seat``'s tiles
        face up, in ``lang``: its address, its record and ``move``."""
        meta: dict[str, Any] = {"app": "allfives-web", "setup": self.setup.to_json()}
        if kept is not None:
            meta["review"] = kept.to_json()
        record = to_record(upto, meta)
        query = urlencode({"move": move, "seat": seat, "lang": lang})
        return f"{urljoin(page_url, EMBED_PAGE)}?{query}#record={encode_link(record)}", record, move

    def save_text(self) -> str:
        return json.dumps(self.to_record(), separators=(",", ":"))

    @staticmethod
    def from_record_data(data: object) -> Game:
        """A game from a record (a save, an imported file); raises
        ``RecordError`` saying why (its code, for a player's words)."""
        if not isinstance(data, Mapping):
            # from_record would read a string as the text of a record: a save
            # written twice over as JSON is not one.
            raise RecordError('a record is a JSON object with "format": "allfives-record"', "not_record")
        match = from_record(data)
        meta = data.get("meta", {})
        setup_data = meta.get("setup") if isinstance(meta, Mapping) else None
        try:
            setup = GameSetup.from_json(setup_data) if setup_data is not None else default_setup(match.rules)
        except (ValueError, RulesError) as error:
            # The rules quote a bad value in full: cut it to fit the dialog.
            reason = str(error)
            if len(reason) > MAX_REASON_CHARS:
                reason = reason[: MAX_REASON_CHARS - 1] + "…"
            if isinstance(error, Refused) and error.code == "players":  # too few or too many for the rules
                raise RecordError(f"the record's players: {reason}", "players", error.params) from None
            raise RecordError(f"the record's players: {reason}", "players_damaged") from None
        except RecursionError:
            raise RecordError(
                "the record's players: the settings are nested too deeply to read", "players_damaged"
            ) from None
        if setup.rules != match.rules:
            setup = replace(setup, rules=match.rules)
        if len(setup.seats) != match.rules.players:
            # The settings' own rules agreed with their seats; the record's may not.
            raise RecordError(
                f"the record's players: the settings must name {match.rules.players} players",
                "players",
                {"players": match.rules.players},
            )
        seed = meta.get("seed") if isinstance(meta, Mapping) else None
        if not isinstance(seed, int) or isinstance(seed, bool):
            seed = random.randrange(2**31)
        started = meta.get("started") if isinstance(meta, Mapping) else None
        started = started if isinstance(started, str) and len(started) <= MAX_DATE_CHARS else ""
        game = Game(setup, seed=seed, match=match, started=started)
        game.counted = bool(meta.get("counted")) if isinstance(meta, Mapping) else False
        daily = meta.get("daily") if isinstance(meta, Mapping) else None
        if isinstance(daily, Mapping) and _is_date(daily.get("date")):
            game.daily, game.practice = str(daily["date"]), bool(daily.get("practice"))
        kept = meta.get("review") if isinstance(meta, Mapping) else None
        if kept is not None:
            # A review that cannot be read is worked out again on asking: the game itself is whole.
            with suppress(ReviewError):
                game.keep_review(read_review(kept, data))
        return game

    @staticmethod
    def load_text(text: str) -> Game:
        try:
            data = json_text.loads(text)
        except ValueError:
            raise RecordError("this is not a saved game (it is not JSON)", "not_json") from None
        return Game.from_record_data(data)

    def share_link(self) -> str:
        """The fragment of a link that deals this hand again to the same
        seats: the match as it stood at the hand's deal, the hands before it
        kept, so the hand keeps its number, the leader the rules gave it
        (which its seed can be checked against) and the hands that follow."""
        number = len(self.match.hands)
        match = self.match.until(number, 0) if number else self.match
        # The link is opened as a match of its own: when this one began is
        # not its date, and the hand dealt again has no review yet.
        meta = {key: value for key, value in self._meta(reviewed_through=number - 1).items() if key != "started"}
        return "#game=" + encode_link(to_record(match, meta))

    def embed_link(self, page_url: str, *, whole_hand: bool, seat: int, lang: str) -> tuple[str, dict[str, Any], int]:
        """The replay of this hand on ``embed.html`` beside ``page_url``
        (docs/embedding.md): its address, opened at the hand's start
        (``whole_hand``) or at the position on the table now, with
        ``seat``'s tiles face up, in ``lang``; the record in it (the match
        so far: this hand with every move made in it, and the hands before
        it, so it keeps its number and its deal verifies; with the coach's
        review of this hand, not of the hands before it, which the code is
        not about and which would make it longer); and the position it opens
        at."""
        move = _first_position(self.match) if whole_hand else sum(len(h.moves) for h in self.match.history)
        kept = self.kept_review(only=len(self.match.hands))
        return self._replay_link(page_url, self.match, move, kept, seat=seat, lang=lang)

    def score_sheet(self) -> list[SheetRow]:
        """The score sheet: a row per hand (:func:`table.score_sheet.sheet_of`)."""
        return sheet_of(self.rules, self.match.history)

    # The end of the match

    def result(self) -> tuple[int, list[int]] | None:
        """The winning side and the final scores, once the match is over."""
        if self.match.winner is None:
            return None
        return self.match.winner, list(self.match.scores)

    def opponents_level(self) -> str | None:
        """The level the statistics count this match under: the strongest
        computer opposing the only person, if there is exactly one person."""
        people = self.people
        if len(people) != 1:
            return None
        mine = self.rules.side_of(people[0])
        levels = [s.kind for i, s in enumerate(self.seats) if not s.is_person and self.rules.side_of(i) != mine]
        return max(levels, key=LEVELS.index) if levels else None

    def person_won(self) -> bool:
        people = self.people
        return bool(people) and self.match.winner == self.rules.side_of(people[0])


def _is_date(text: object) -> bool:
    """Whether ``text`` is a date written YYYY-MM-DD."""
    try:
        return isinstance(text, str) and len(text) == 10 and date.fromisoformat(text).isoformat() == text
    except ValueError:
        return False


def _first_position(match: Match) -> int:
    """Where the replay of ``match`` shows its last hand from its start:
    the deal of the first hand (0), and a later hand's deal with its first
    move (:func:`replay.frames.frames`), or the table before it while it has
    none."""
    history = match.history
    earlier = sum(len(h.moves) for h in history[:-1])
    return earlier + min(1, len(history[-1].moves)) if len(history) > 1 else 0
