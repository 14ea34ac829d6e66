"""``python -m allfives play``: All Fives in a terminal, against the computer
or hot-seat, with hints and saved records."""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

from .. import record
from ..events import Called, Claimed, Drew, Event, HandEnded, HandStarted, LetPass, MatchEnded, Passed, Played
from ..hand import ClaimRefused
from ..match import Match, fingerprint
from ..players import LEVELS, make_player, next_step
from ..rules import RulesError
from ..tiles import Move
from ..view import SeatView, view_of
from .options import rules_from_args

__all__ = ["run"]


class Seat:
    """A person (by name) or a computer player at one seat."""

    def __init__(self, spec: str, index: int, seed: int) -> None:
        self.index = index
        self.computer = spec.lower() in LEVELS
        self.name = (
            f"{spec.lower().capitalize()} computer" if self.computer else ("You" if spec.lower() == "you" else spec)
        )
        self.player = make_player(spec.lower(), random.Random(f"{seed}:{index}")) if self.computer else None


def describe(view: SeatView) -> list[str]:
    """The table as the seat to move sees it."""
    layout = view.layout
    lines = []
    if layout.is_empty:
        lines.append("The table is empty: lead any tile." if not view.legal_moves or len(view.legal_moves) > 1 else "")
    else:
        ends = ", ".join(f"{end.name} {layout.open_pips[end]}" for end in layout.open_ends())
        lines.append(f"Open ends: {ends}   (the ends total {layout.total})")
    lines.append(f"Boneyard: {view.boneyard_size} tiles.   Tiles in hand: {', '.join(map(str, view.hand_sizes))}")
    lines.append("Your hand: " + " ".join(str(t) for t in sorted(view.hand, reverse=True)))
    return [line for line in lines if line]


def event_line(event: Event, seats: Sequence[Seat], viewer: int | None) -> str | None:
    """What the terminal prints for ``event``; other seats' draws stay hidden."""
    name = (lambda seat: seats[seat].name) if seats else str

    def verb(seat: int, word: str) -> str:
        # "You play", "Ann plays".
        return word if seats and seats[seat].name == "You" else word + "s"

    if isinstance(event, HandStarted):
        return f"\n-- Hand {event.hand}: {name(event.leader)} {verb(event.leader, 'lead')} --"
    if isinstance(event, Played):
        where = "" if event.move.end is None else f" on the {event.move.end.name} end"
        score = f"  +{event.points}!" if event.points else ""
        if event.waits:
            score = f"  It makes {event.points}, to be claimed." if event.points else ""
        return (
            f"{name(event.seat)} {verb(event.seat, 'play')} {event.move.tile}{where}. Ends total {event.total}.{score}"
        )
    if isinstance(event, Drew):
        shown = f" ({event.tile})" if event.seat == viewer else ""
        return f"{name(event.seat)} cannot play and {verb(event.seat, 'draw')} a tile{shown}."
    if isinstance(event, Passed):
        return (
            f"{name(event.seat)} cannot play and {'pass' if seats and seats[event.seat].name == 'You' else 'passes'}."
        )
    if isinstance(event, Claimed):
        got = f", scoring {event.points}" if event.points else ""
        return f"{name(event.seat)} {verb(event.seat, 'claim')} {event.count}{got}."
    if isinstance(event, Called):
        what = "missed" if event.reason == "missed" else "overstated"
        return f'"Muggins!" {name(event.seat)} {verb(event.seat, "score")} the {event.points} {what}.'
    if isinstance(event, LetPass):
        return f"{name(event.seat)} {verb(event.seat, 'let')} it pass."
    if isinstance(event, HandEnded):
        how = f"{name(event.out)} is out" if event.out is not None else "The hand is blocked"
        pips = ", ".join(f"{name(s)} {p}" for s, p in enumerate(event.pips))
        return f"{how}. Pips left: {pips}. Scores now: {list(event.scores)}"
    if isinstance(event, MatchEnded):
        return f"\n== The match is over: side {event.winner} wins, {list(event.scores)} =="
    return None


def choose_move(view: SeatView, ask: Callable[[str], str], out: TextIO, hint: Callable[[], str]) -> Move | None:
    """Ask the person for a move until they give a legal one (None: quit)."""
    moves = view.legal_moves
    for number, move in enumerate(moves, start=1):
        points = view.points_for(move)
        out.write(f"  {number}. {move}" + (f"   scores {points}" if points else "") + "\n")
    while True:
        try:
            answer = ask("Your move (number or tile like '5-3 E'; h = hint, q = save and quit): ").strip()
        except EOFError:
            return None
        if answer.lower() in ("q", "quit"):
            return None
        if answer.lower() in ("h", "hint"):
            out.write(f"  Hint: {hint()}\n")
            continue
        if answer.isdigit() and 1 <= int(answer) <= len(moves):
            return moves[int(answer) - 1]
        try:
            move = Move.parse(answer)
        except ValueError as error:
            out.write(f"  {error}\n")
            continue
        fits = [m for m in moves if m.tile == move.tile and (move.end is None or m.end == move.end)]
        if len(fits) == 1:
            return fits[0] if move.end is not None or not view.layout.is_empty else move
        out.write("  That tile fits more than one end: say which.\n" if fits else "  That move is not allowed now.\n")


def take_claim_or_call(match: Match, view: SeatView, ask: Callable[[str], str], out: TextIO) -> list[Event] | None:
    """Muggins' claims: ask the person for their claim, or whether to call
    "Muggins" on one, until the rules take it (None: quit)."""
    waiting = view.waiting
    assert waiting is not None
    while True:
        try:
            if view.step == "claim":
                answer = ask("Your claim (the count your play made; 0 lets it pass; q = save and quit): ").strip()
            else:
                answer = ask(f"Player {waiting.seat + 1} claimed {waiting.claimed}. Call Muggins? (m / Enter: no): ")
        except EOFError:
            return None
        if answer.lower() in ("q", "quit"):
            return None
        try:
            if view.step == "claim":
                return match.claim(view.seat, int(answer) if answer.isdigit() else -1)
            return match.call(view.seat, answer.lower() in ("m", "muggins"))
        except ClaimRefused as error:
            out.write(f"  {error}\n")


def run(args: argparse.Namespace, out: TextIO, ask: Callable[[str], str] = input) -> int:
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    try:
        if args.load:
            match = record.loads(Path(args.load).read_text(encoding="utf-8"))
        else:
            match = Match(rules_from_args(args, players=len(args.seats.split(","))))
    except (OSError, record.RecordError, RulesError) as error:
        print(f"allfives play: {error}", file=sys.stderr)
        return 2
    specs = args.seats.split(",")
    if len(specs) != match.rules.players:
        print(
            f"allfives play: --seats names {len(specs)} seats; the rules have {match.rules.players} players",
            file=sys.stderr,
        )
        return 2
    seats = [Seat(spec, i, seed) for i, spec in enumerate(specs)]
    people = [s for s in seats if not s.computer]
    adviser = make_player("expert", random.Random(seed))
    out.write(f"All Fives: {match.rules.points_to_win} to win. Seed {seed}.\n")
    last_person: int | None = None
    while not match.is_over:
        if match.needs_deal:
            # Each hand from its own seed, shown as a fingerprint now and
            # revealed when the hand ends: `python -m allfives verify`.
            events = match.deal_seed(f"{seed}/hand/{len(match.hands) + 1}")
        else:
            seat_index = match.to_move
            assert seat_index is not None
            seat = seats[seat_index]
            view = view_of(match, seat_index)
            if seat.player is not None:
                events = match.take(next_step(seat.player, view))
            else:
                if len(people) > 1 and last_person != seat_index:
                    ask(f"\nPass the device to {seat.name} and press Enter. ")
                last_person = seat_index
                taken = _persons_step(match, view, ask, out, _hinter(adviser, match, seat_index))
                if taken is None:
                    _save(match, args.save, out)
                    return 0
                events = taken
        viewer = people[0].index if len(people) == 1 else None
        for event in events:
            line = event_line(event, seats, viewer)
            if line:
                out.write(line + "\n")
            if isinstance(event, HandStarted) and match.deals[-1].seed is not None:
                out.write(f"Deal fingerprint {fingerprint(match.deals[-1].seed)}.\n")
        hand = match.hand
        if events and hand is not None and hand.is_over and match.deals[-1].seed is not None:
            out.write(f'The deal\'s seed was "{match.deals[-1].seed}".\n')
        _save(match, args.save, None)
    _save(match, args.save, out)
    return 0


def _persons_step(
    match: Match, view: SeatView, ask: Callable[[str], str], out: TextIO, hint: Callable[[], str]
) -> list[Event] | None:
    """The person's move, claim or call, taken (None: quit)."""
    if view.step != "play":
        return take_claim_or_call(match, view, ask, out)
    out.write("\n" + "\n".join(describe(view)) + "\n")
    chosen = choose_move(view, ask, out, hint)
    return None if chosen is None else match.play(chosen)


def _hinter(adviser: Any, match: Match, seat: int) -> Callable[[], str]:
    """The hint for ``seat``, in words, from the strongest player."""
    return lambda: str(adviser.choose(view_of(match, seat)).reason)


def _save(match: Match, path: str | None, out: TextIO | None) -> None:
    if not path:
        return
    Path(path).write_text(record.dumps(match) + "\n", encoding="utf-8")
    if out is not None:
        out.write(f"Saved the game to {path}.\n")
