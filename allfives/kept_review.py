"""A review kept beside its record (``meta.review``, as
:meth:`allfives.review.Review.to_json` writes it), read back and checked
against the record: each decision names a move of the record made by that
seat, with the played move among its choices. A review that does not fit is
refused (:class:`ReviewError`) and the record reads on without it."""

from __future__ import annotations

from typing import Any, TypeGuard

from .record import positions
from .refusal import Refused
from .review import Choice, HandReview, Judgement, Luck, Review
from .tiles import TILES, Move, Tile

__all__ = ["MAX_REVIEWED_HANDS", "ReviewError", "read_review"]


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
