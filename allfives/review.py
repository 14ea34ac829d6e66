"""The coach's judge: every decision of a hand valued from the deciding
seat's own view, as the Expert values it, and graded by the points it lost.

A *decision* is a turn with more than one legal move (a choice of tile, or
of the end a tile goes on). Forced moves and the draws the rules make are
not decisions: nothing could have been done otherwise.

How a decision is valued (:func:`judge`): the hidden tiles (the other hands
and the boneyard) are sampled from what the seat has seen, as the Expert
samples them (:meth:`~allfives.players.knowledge.Knowledge.from_view`, each
sample weighed by how well it explains the other players' plays since their
last draws); every legal move is played on the *same* samples and the hand
finished as the Expert's search finishes it (the learned playout with two
players, Easy's rule otherwise), so the moves are compared on equal luck.
A move's value is its mean margin in points: what the seat's side gains to
the end of the hand, less what the other sides gain on average, with
:data:`~allfives.players.search.WIN_BONUS` for winning the match at once
(so near the target the move that wins the match is worth the most). With
two players, once the boneyard is empty and at most ten tiles are left in
the hands, nothing is hidden and the values are exact
(:func:`~allfives.players.endgame.solve`).

*Points lost* is the best move's value less the played move's. Grades by
points lost (:data:`BANDS`); docs/ai.md says how the bands were chosen and
how noisy a grade is.

    >>> from allfives import Deal, Match, Move, Rules, record
    >>> match = Match(Rules(players=2, hand_size=3))
    >>> _ = match.start_hand(Deal.from_text([["5-5", "5-2", "6-1"], ["5-0", "3-3", "6-6"]], leader=0))
    >>> _ = match.play(Move.parse("6-1"))  # 5-5 would have scored ten
    >>> (judged,) = review(record.to_record(match), samples=100, seed=1).judgements()
    >>> str(judged.played), str(judged.best.move), judged.grade.value
    ('6-1', '5-5', 'blunder')
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Generator, Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, TypeGuard

from .chance import shuffle
from .events import Drew
from .hand import HandState
from .match import Match
from .players.base import finish, saying
from .players.endgame import TooBig, solve
from .players.expert import ENDGAME_TILES, LEARNED, NODE_LIMIT
from .players.knowledge import Knowledge
from .players.rollout import rollout
from .players.search import margin, play_out
from .players.simple import greedy_move
from .record import positions
from .refusal import Refused
from .tiles import TILES, Move, Tile
from .view import SeatView, view_of

__all__ = [
    "BANDS",
    "GRADE_NAMES",
    "LUCK_SAMPLES",
    "SAMPLES",
    "Advice",
    "Choice",
    "Grade",
    "HandReview",
    "Judgement",
    "Luck",
    "Review",
    "ReviewError",
    "advise_steps",
    "decision_stream",
    "decisions",
    "judge",
    "judge_steps",
    "luck_of_hand",
    "luck_steps",
    "read_review",
    "review",
    "review_steps",
]

SAMPLES = 200
"""Sampled deals per decision by default: the spread of a decision's points
lost over five seeds is measured in docs/benchmarks.md."""


class Grade(Enum):
    """How good a decision was, by the points it lost against the best move."""

    BEST = "best"
    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


GRADE_NAMES = tuple(grade.value for grade in Grade)

BANDS: tuple[tuple[float, Grade], ...] = (
    (1.0, Grade.BEST),
    (2.5, Grade.GOOD),
    (5.0, Grade.INACCURACY),
    (10.0, Grade.MISTAKE),
)
"""The grade of a decision that lost at most each bound (in points); more
than the last bound is a :attr:`Grade.BLUNDER`. All Fives scores in fives:
losing more than half a score on average is an inaccuracy, more than a
whole score a mistake, more than two scores a blunder. Within a point of
the best move is "best": the judge cannot rank moves closer than that (with
"best" only for the judge's own first choice, half of all grades changed
with the judge's seed; docs/benchmarks.md)."""


def grade_of(lost: float) -> Grade:
    """The grade of a decision that lost ``lost`` points."""
    for bound, grade in BANDS:
        if lost <= bound:
            return grade
    return Grade.BLUNDER


@dataclass(frozen=True, slots=True)
class Choice:
    """A legal move and its value: the mean margin in points it leads to."""

    move: Move
    value: float

    def to_json(self) -> dict[str, Any]:
        return {"move": str(self.move), "value": self.value}


@dataclass(frozen=True, slots=True)
class Judgement:
    """One decision: who made it, where (the hand's number, and the move's
    number in the hand, from 1), what was played, and every legal move's
    value, the best first."""

    hand: int
    move_number: int
    seat: int
    played: Move
    choices: tuple[Choice, ...]
    samples: int
    exact: bool

    @property
    def best(self) -> Choice:
        return self.choices[0]

    @property
    def played_value(self) -> float:
        return next(choice.value for choice in self.choices if choice.move == self.played)

    @property
    def lost(self) -> float:
        """Points lost against the best move (0 when the played move is the best)."""
        return round(max(0.0, self.best.value - self.played_value), 1)

    @property
    def grade(self) -> Grade:
        return grade_of(self.lost)

    def to_json(self) -> dict[str, Any]:
        return {
            "hand": self.hand,
            "move": self.move_number,
            "seat": self.seat,
            "played": str(self.played),
            "best": str(self.best.move),
            "lost": self.lost,
            "grade": self.grade.value,
            "samples": self.samples,
            "exact": self.exact,
            "choices": [choice.to_json() for choice in self.choices],
        }


LUCK_SAMPLES = 200
"""Shuffles of the boneyard per value in a chance event's luck."""


@dataclass(frozen=True, slots=True)
class Luck:
    """A chance event and how much it favoured each side, in points: the
    deal (``move_number`` 0, ``seat`` None), or the tiles ``seat`` drew
    after move ``move_number`` of the hand."""

    hand: int
    move_number: int
    seat: int | None
    tiles: tuple[Tile, ...]
    favour: tuple[float, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "hand": self.hand,
            "after_move": self.move_number,
            "seat": self.seat,
            "tiles": [str(tile) for tile in self.tiles],
            "favour": list(self.favour),
        }


@dataclass(frozen=True, slots=True)
class HandReview:
    """A hand's decisions, in the order they were made, and its chance
    events (the deal, then each seat's draws), when luck was measured."""

    number: int
    judgements: tuple[Judgement, ...]
    luck: tuple[Luck, ...] = ()

    def luck_of(self, side: int) -> float:
        """How much the hand's chance events favoured ``side``, in all."""
        return round(sum(event.favour[side] for event in self.luck), 2)

    def of(self, seat: int) -> tuple[Judgement, ...]:
        return tuple(j for j in self.judgements if j.seat == seat)


@dataclass(frozen=True, slots=True)
class Review:
    """Every reviewed hand of a record, with the figures per seat."""

    hands: tuple[HandReview, ...]
    samples: int
    seed: int

    def judgements(self, seat: int | None = None) -> tuple[Judgement, ...]:
        return tuple(j for hand in self.hands for j in hand.judgements if seat is None or j.seat == seat)

    def lost_per_decision(self, seat: int) -> float | None:
        """Mean points lost per decision of ``seat`` (None: it made none)."""
        mine = self.judgements(seat)
        return round(sum(j.lost for j in mine) / len(mine), 2) if mine else None

    def grades(self, seat: int) -> dict[str, int]:
        """How many decisions of ``seat`` earned each grade."""
        counts = Counter(j.grade.value for j in self.judgements(seat))
        return {name: counts[name] for name in GRADE_NAMES}

    def to_json(self) -> dict[str, Any]:
        seats = sorted({j.seat for j in self.judgements()})
        return {
            "samples": self.samples,
            "seed": self.seed,
            "seats": [
                {"seat": s, "lost_per_decision": self.lost_per_decision(s), "grades": self.grades(s)} for s in seats
            ],
            "hands": [hand.number for hand in self.hands],
            "decisions": [j.to_json() for j in self.judgements()],
            "luck": [event.to_json() for hand in self.hands for event in hand.luck],
        }


class ReviewError(Refused):
    """A review that cannot be read, or that is not a review of its record;
    the message says where and why, in one line."""


MAX_REVIEWED_HANDS = 1000
"""More hands than any match of the longest target holds."""


def read_review(data: object, record: object) -> Review:
    """The review ``data`` (as :meth:`Review.to_json` writes it, kept in a
    record's ``meta.review``) of ``record``, checked against it: each
    decision names a move of the record, made by that seat, and the best
    move is among its choices. Raises :class:`ReviewError` otherwise.
    Figures that :meth:`Review.to_json` derives (points lost, grades, the
    per-seat counts) are not read: they are worked out again."""
    if not isinstance(data, dict):
        raise ReviewError("the review must be an object")
    seats, moves = _record_moves(record)
    samples, seed = data.get("samples"), data.get("seed")
    if not _whole(samples) or not isinstance(seed, int) or isinstance(seed, bool):
        raise ReviewError("the review must say its samples and its seed")
    numbers = data.get("hands")
    if not isinstance(numbers, list) or len(numbers) > MAX_REVIEWED_HANDS or not all(_whole(n) for n in numbers):
        raise ReviewError("the review must list the hands it reviewed")
    judged: dict[int, list[Judgement]] = {n: [] for n in numbers}
    chance: dict[int, list[Luck]] = {n: [] for n in numbers}
    for i, item in enumerate(_list(data, "decisions")):
        judgement = _read_judgement(item, i + 1)
        place = (judgement.hand, judgement.move_number)
        if judgement.hand not in judged or moves.get(place) != judgement.played or seats.get(place) != judgement.seat:
            raise ReviewError(
                f"decision {i + 1} is not a move of this record: {judgement.played} by seat {judgement.seat}"
            )
        judged[judgement.hand].append(judgement)
    for i, item in enumerate(_list(data, "luck")):
        event = _read_luck(item, i + 1)
        if event.hand not in chance:
            raise ReviewError(f"chance event {i + 1} is in a hand the review does not list")
        chance[event.hand].append(event)
    hands = tuple(HandReview(n, tuple(judged[n]), tuple(chance[n])) for n in numbers)
    return Review(hands, samples, seed)


def _whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool) and value > 0


def _number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and abs(value) < 1e6


def _list(data: dict[str, Any], key: str) -> list[object]:
    items = data.get(key, [])
    if not isinstance(items, list):
        raise ReviewError(f"the review's {key} must be a list")
    return items


def _record_moves(record: object) -> tuple[dict[tuple[int, int], int], dict[tuple[int, int], Move]]:
    """Who made each move of ``record``, and which, by (hand, move number)."""
    try:
        seats: dict[tuple[int, int], int] = {}
        moves: dict[tuple[int, int], Move] = {}
        for match, _events in positions(record):
            if match.history and match.history[-1].moves:
                hand = match.history[-1]
                place = (len(match.history), len(hand.moves))
                if place not in moves:
                    moves[place] = hand.moves[-1]
            seat = match.to_move
            if seat is not None and match.history:
                seats[(len(match.history), len(match.history[-1].moves) + 1)] = seat
        return seats, moves
    except ValueError as error:
        raise ReviewError(f"the record under review cannot be read: {error}") from None


def _read_judgement(item: object, index: int) -> Judgement:
    where = f"decision {index}"
    if not isinstance(item, dict):
        raise ReviewError(f"{where} must be an object")
    hand, number, seat = item.get("hand"), item.get("move"), item.get("seat")
    if not _whole(hand) or not _whole(number) or not isinstance(seat, int) or isinstance(seat, bool) or seat < 0:
        raise ReviewError(f"{where} must say its hand, its move and its seat")
    samples = item.get("samples")
    if not _whole(samples) or not isinstance(item.get("exact"), bool):
        raise ReviewError(f"{where} must say how it was valued")
    choices = []
    for choice in _list(item, "choices"):
        if not isinstance(choice, dict) or not _number(choice.get("value")):
            raise ReviewError(f"{where} has a choice without a value")
        try:
            choices.append(Choice(Move.parse(str(choice.get("move"))), float(choice["value"])))
        except ValueError as error:
            raise ReviewError(f"{where}: {error}") from None
    try:
        played = Move.parse(str(item.get("played")))
    except ValueError as error:
        raise ReviewError(f"{where}: {error}") from None
    if len(choices) < 2 or played not in [c.move for c in choices] or len({c.move for c in choices}) < len(choices):
        raise ReviewError(f"{where} must list every move that could have been made, the played one among them")
    choices.sort(key=lambda c: -c.value)
    return Judgement(hand, number, seat, played, tuple(choices), samples, item["exact"])


def _read_luck(item: object, index: int) -> Luck:
    where = f"chance event {index}"
    if not isinstance(item, dict):
        raise ReviewError(f"{where} must be an object")
    hand, after, seat = item.get("hand"), item.get("after_move"), item.get("seat")
    favour, tiles = item.get("favour"), item.get("tiles")
    if not _whole(hand) or not isinstance(after, int) or isinstance(after, bool) or after < 0:
        raise ReviewError(f"{where} must say its hand and when it fell")
    if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool) or seat < 0):
        raise ReviewError(f"{where} names no seat")
    if not isinstance(favour, list) or not 2 <= len(favour) <= 4 or not all(_number(f) for f in favour):
        raise ReviewError(f"{where} must say how much it favoured each side")
    if not isinstance(tiles, list) or len(tiles) > len(TILES):
        raise ReviewError(f"{where} must list the tiles that fell")
    try:
        fell = tuple(Tile.parse(t) for t in tiles)
    except (ValueError, TypeError, AttributeError) as error:
        raise ReviewError(f"{where}: {error}") from None
    return Luck(hand, after, seat, fell, tuple(float(f) for f in favour))


Steps = Generator[None, None, "Judgement"]


def decision_stream(seed: int, hand: int, move_number: int) -> random.Random:
    """The random stream the judge samples decision ``move_number`` of hand
    ``hand`` from: seeded by the review's seed and the decision's place, so
    a decision is valued the same whether it is reviewed alone, with its
    hand, or advised on before it is made (:func:`advise_steps`)."""
    return random.Random(f"{seed}/{hand}/{move_number}")


@dataclass(frozen=True, slots=True)
class Advice:
    """What the judge advises at a decision not made yet: every legal move
    and its value, the best first (the same figures a review of the
    decision gives, whatever is then played)."""

    seat: int
    choices: tuple[Choice, ...]
    samples: int
    exact: bool

    @property
    def best(self) -> Choice:
        return self.choices[0]

    @property
    def runner_up(self) -> Choice | None:
        """The second best move, or None when there was no choice."""
        return self.choices[1] if len(self.choices) > 1 else None


def advise_steps(
    view: SeatView, move_number: int, *, seed: int = 0, samples: int = SAMPLES
) -> Generator[None, None, Advice]:
    """The judge's advice for the seat of ``view`` at its next move, move
    ``move_number`` of the hand (from 1, as :func:`decisions` counts), one
    sampled deal a step, on the stream its review will use: a move that
    follows this advice is graded best, with the very same values, by a
    review with the same ``seed`` and ``samples``."""
    hand = view.hand_number
    moves = list(view.legal_moves)
    if len(moves) < 2:
        return Advice(view.seat, tuple(Choice(move, 0.0) for move in moves), 0, True)
    choices, done, exact = yield from _choices(view, moves, decision_stream(seed, hand, move_number), samples)
    return Advice(view.seat, choices, done, exact)


def judge_steps(
    view: SeatView, played: Move, rng: random.Random, *, samples: int = SAMPLES, hand: int = 0, move_number: int = 0
) -> Steps:
    """Value every legal move of ``view`` (the deciding seat's, with a
    choice to make) and judge ``played``, one sampled deal a step: a page
    runs the steps in slices, so it never freezes."""
    moves = list(view.legal_moves)
    if played not in moves:
        raise ValueError(f"{played} is not a legal move here")
    choices, done, exact = yield from _choices(view, moves, rng, samples)
    return Judgement(hand, move_number, view.seat, played, choices, done, exact)


def _choices(
    view: SeatView, moves: list[Move], rng: random.Random, samples: int
) -> Generator[None, None, tuple[tuple[Choice, ...], int, bool]]:
    """Every move's value, the best first; how many deals were sampled; and
    whether the values are exact."""
    values = yield from _exact(view, moves)
    exact = values is not None
    done = 1
    if values is None:
        values, done = yield from _sampled(view, moves, rng, samples)
    ranked = sorted(zip(moves, values, strict=True), key=lambda mv: -mv[1])
    return tuple(Choice(move, round(value, 2)) for move, value in ranked), done, exact


def judge(view: SeatView, played: Move, rng: random.Random, *, samples: int = SAMPLES) -> Judgement:
    """:func:`judge_steps`, run to the end."""
    return finish(judge_steps(view, played, rng, samples=samples))


def _exact(view: SeatView, moves: list[Move]) -> Generator[None, None, list[float] | None]:
    """Exact values when nothing is hidden (two players, an empty boneyard,
    few tiles left), else None."""
    if view.rules.players != 2 or view.boneyard_size or sum(view.hand_sizes) > ENDGAME_TILES:
        return None
    yield
    try:
        return solve(Knowledge.from_view(view).sample(random.Random(0)), moves, NODE_LIMIT)
    except TooBig:
        return None


def _sampled(
    view: SeatView, moves: list[Move], rng: random.Random, samples: int
) -> Generator[None, None, tuple[list[float], int]]:
    """Mean margins of ``moves`` over ``samples`` deals, each move on the same deals."""
    know = Knowledge.from_view(view)
    totals = [0.0] * len(moves)
    weights = 0.0
    for _ in range(samples):
        deal = know.sample(rng)
        weight = know.likelihood(deal)
        weights += weight
        before = tuple(deal.scores)
        for i, move in enumerate(moves):
            result = LEARNED(deal, move) if view.rules.players == 2 else play_out(deal, greedy_move, move)
            totals[i] += weight * margin(before, result, view.side)
        yield
    return [total / weights for total in totals], samples


def _values(states: Iterable[HandState], before: Sequence[int]) -> Generator[None, None, list[float]]:
    """Each side's mean margin over ``states`` played out by the Expert's
    learned rule for every seat, every hand known; a step every few
    playouts."""
    totals: list[float] = []
    count = 0
    for state in states:
        result = rollout(state, "learned", weights=LEARNED.weights)
        margins = [margin(before, result, side) for side in range(len(before))]
        totals = margins if not totals else [a + b for a, b in zip(totals, margins, strict=True)]
        count += 1
        if count % PLAYOUTS_A_STEP == 0:
            yield
    return [total / count for total in totals]


PLAYOUTS_A_STEP = 8
"""Playouts between two steps of a luck measure: a few milliseconds in the page."""


def _shuffled(state: HandState, rng: random.Random, samples: int, then: Move | None = None) -> Iterable[HandState]:
    """``samples`` copies of ``state``, each with its boneyard shuffled (and
    ``then`` played, when given)."""
    for _ in range(samples):
        copy = state.copy()
        shuffle(copy.boneyard, rng)
        if then is not None:
            copy.apply(then)
        yield copy


def _redealt(state: HandState, rng: random.Random, samples: int) -> Iterable[HandState]:
    """``samples`` fresh deals of ``state``'s hand: the same seats and hand
    sizes, the same leader (or the rules' forced lead), the tiles shuffled."""
    sizes = [len(hand) for hand in state.hands]
    for _ in range(samples):
        tiles = list(TILES)
        shuffle(tiles, rng)
        hands, start = [], 0
        for size in sizes:
            hands.append(tiles[start : start + size])
            start += size
        yield HandState(state.rules, hands, tiles[start:], state.leader, state.scores, state.number)


def luck_of_hand(match: Match, number: int, rng: random.Random, samples: int = LUCK_SAMPLES) -> tuple[Luck, ...]:
    """:func:`luck_steps`, run to the end."""
    return finish(luck_steps(match, number, rng, samples))


def luck_steps(
    match: Match, number: int, rng: random.Random, samples: int = LUCK_SAMPLES
) -> Generator[None, None, tuple[Luck, ...]]:
    """The luck of hand ``number`` of ``match``: of its deal, and of every
    run of draws. An event's luck for a side is the value after it, as it
    fell, less the value expected before it over every way it could have
    fallen (the GNU Backgammon measure). Luck is a fact of the deal, not a
    belief, so the values here know every hand: each is a mean over
    ``samples`` shuffles of the tiles still face down, played out by the
    Expert's learned rule for every seat (Easy's rule, faster, followed
    real play far less closely: docs/ai.md)."""
    history = match.history[number - 1]
    # The hand is walked once from its deal, a move at a time: each
    # position is the one before with its move played.
    state = match.dealt(number)
    before = history.scores_before
    dealt = yield from _values(_shuffled(state, rng, samples), before)
    expected = yield from _values(_redealt(state, rng, samples), before)
    events = [Luck(number, 0, None, (), tuple(round(a - b, 2) for a, b in zip(dealt, expected, strict=True)))]
    for index, move in enumerate(history.moves):
        after = state.copy()
        drawn = [event for event in after.play(move) if isinstance(event, Drew)]
        if drawn and not after.is_over:
            fell = yield from _values(_shuffled(after, rng, samples), before)
            could = yield from _values(_shuffled(state, rng, samples, then=move), before)
            favour = tuple(round(a - b, 2) for a, b in zip(fell, could, strict=True))
            tiles = tuple(event.tile for event in drawn if event.tile is not None)
            events.append(Luck(number, index + 1, drawn[0].seat, tiles, favour))
        state = after
    return tuple(events)


def decisions(
    data: object, seats: Iterable[int] | None = None, hands: Iterable[int] | None = None
) -> list[tuple[int, int, SeatView, Move]]:
    """Every decision in a record (its parsed JSON or its text) or a
    :class:`Match` of ``seats`` in ``hands`` (every seat, every hand, when
    None): the hand's number, the move's number in that hand (from 1), the
    deciding seat's view and the move played."""
    return _walk(data, seats, hands)[1]


def _walk(
    data: object, seats: Iterable[int] | None, hands: Iterable[int] | None
) -> tuple[Match | None, list[tuple[int, int, SeatView, Move]]]:
    """Read a record or a :class:`Match` once, from its first deal to its
    last move (:func:`~allfives.record.positions`,
    :meth:`Match.positions`): its decisions (as :func:`decisions` lists
    them), and the match at the end (None when no hand was dealt)."""
    wanted = None if seats is None else set(seats)
    chosen = None if hands is None else set(hands)
    found: list[tuple[int, int, SeatView, Move]] = []
    pending: tuple[SeatView, int] | None = None
    match: Match | None = None
    for match, _events in data.positions() if isinstance(data, Match) else positions(data):
        hand = match.hand
        assert hand is not None
        if pending is not None:
            view, number = pending
            found.append((view.hand_number, number, view, hand.moves[-1]))
            pending = None
        seat = match.to_move
        if seat is None or (wanted is not None and seat not in wanted):
            continue
        if chosen is not None and hand.number not in chosen:
            continue
        view = view_of(match, seat)
        if len(view.legal_moves) > 1:
            pending = (view, len(hand.moves) + 1)
    return match, found


def review_steps(
    data: object,
    *,
    seats: Sequence[int] | None = None,
    hands: Sequence[int] | None = None,
    samples: int = SAMPLES,
    seed: int = 0,
    luck: bool = True,
) -> Generator[tuple[int, int], None, Review]:
    """Review a record (its parsed JSON or its text) or a :class:`Match` in
    small steps (a sampled deal, a few playouts); each step yields ``(tasks
    done, tasks in all)`` for a progress bar, a task being a decision to
    judge or a hand's luck to measure. Each decision draws its samples from
    a generator seeded by ``seed``, its hand and its move, so a decision's
    judgement does not depend on which others are reviewed with it. The
    record or match is read once, at the first step, each move played once."""
    match, found = _walk(data, seats, hands)
    if match is None:
        return Review((), samples, seed)
    numbers = [n for n in range(1, len(match.hands) + 1) if hands is None or n in hands]
    total = len(found) + (len(numbers) if luck else 0)
    by_hand: dict[int, list[Judgement]] = {}
    for done, (number, move_number, view, played) in enumerate(found):
        rng = decision_stream(seed, number, move_number)
        steps = judge_steps(view, played, rng, samples=samples, hand=number, move_number=move_number)
        judged = yield from saying(steps, (done, total))
        by_hand.setdefault(number, []).append(judged)
    chance: dict[int, tuple[Luck, ...]] = {}
    for done, n in enumerate(numbers if luck else (), start=len(found)):
        chance[n] = yield from saying(luck_steps(match, n, random.Random(f"{seed}/luck/{n}")), (done, total))
    reviewed = tuple(HandReview(n, tuple(by_hand.get(n, ())), chance.get(n, ())) for n in numbers)
    return Review(reviewed, samples, seed)


def review(
    data: object,
    *,
    seats: Sequence[int] | None = None,
    hands: Sequence[int] | None = None,
    samples: int = SAMPLES,
    seed: int = 0,
    luck: bool = True,
) -> Review:
    """:func:`review_steps`, run to the end."""
    return finish(review_steps(data, seats=seats, hands=hands, samples=samples, seed=seed, luck=luck))
