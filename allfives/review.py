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
from collections.abc import Generator, Iterable, Sequence
from dataclasses import dataclass

from .chance import shuffle
from .events import Drew
from .grades import BANDS, GRADE_NAMES, LUCK_SAMPLES, Choice, Grade, HandReview, Judgement, Luck, Review, grade_of
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
from .tiles import TILES, Move
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
    "advise_steps",
    "decision_stream",
    "decisions",
    "grade_of",
    "judge",
    "judge_steps",
    "luck_of_hand",
    "luck_steps",
    "review",
    "review_steps",
]

SAMPLES = 200
"""Sampled deals per decision by default: the spread of a decision's points
lost over five seeds is measured in docs/benchmarks.md."""


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
