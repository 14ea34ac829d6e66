"""A hand played to its end on plain integers: the searches' hot path.

The computer players finish thousands of sampled hands a move. Doing that
through :class:`~allfives.hand.HandState` pays for objects the search never
looks at (a ``Move`` and a ``Placed`` tile per play, the move list, the
layout's arms). :func:`rollout` reads a hand once into integers, plays it
out in one loop, and returns only what the search scores: the match scores
and the winner. The hand it was given is left as it was, so the search does
not copy it either.

Each hand is a bit set of tile indices, and so is "every tile some open end
accepts" (one look-up per open end: :data:`WITH`), so whether a seat can
play is one ``&``, and a seat's moves on an end are the bits of
``hand & WITH[number]``.

The rules are the engine's (``layout.py`` and ``hand.py`` say why each one
is so); this loop is a second, faster telling of the play, and
``tests/players/test_rollout.py`` holds it to the first one move by move: every move
it makes is one the engine allows (for ``"greedy"``, one that Easy's rule
ranks first), and the hand ends with the same scores.
The end-of-hand scoring and the match's winner are the engine's own
functions, not copies.

The family's games play in the same loop: what a total scores is a table
(:func:`points_table`: multiples of five as pips, or threes and fives
counted), a count that would pass an exact target is not counted, a closed
boneyard is an empty one (a player who cannot play knocks), a line with no
spinner never opens North and South (a double lead counts both halves at
the end it leaves), Sniff's sniff counts on its uncovered faces North and
South once both its sides are covered, and "chip-out" ends the hand by the
engine's own :func:`~allfives.hand.hand_end_change`. Only the rules no loop
here plays (partners who must both chip out while the others draw) go to
the engine.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from functools import cache
from typing import Literal, NamedTuple

from ..hand import MOVES, HandState
from ..layout import CLOSED, LEAD
from ..rules import Rules, count_for
from ..scoring import hand_end_change, match_winner
from ..tiles import TILES, Move
from .playouts import ALL_TILES, SCORING, WARY

__all__ = ["FEATURES", "Learned", "Outcome", "Policy", "move_features", "points_table", "rollout"]

Policy = Literal["random", "greedy", "wary", "side-wary", "learned", "side-learned"]
"""How every seat plays: ``"random"``, any legal move, all equally likely
(the engine benchmark); ``"greedy"``, Easy's rule (the move scoring most,
then a double, then the heavier tile); ``"wary"``, the rule of
:func:`~allfives.players.playouts.wary_move` (greedy, less a share of what
the next player may score off the ends left); ``"side-wary"``, wary's rule
for the seats of the side to move when the rollout starts, Easy's for the
others; ``"learned"``, for every seat the move with the highest sum of
``weights`` times its :func:`move_features` (Expert's two-player playout
policy, distilled from its own choices: tools/experiments/distill.py);
``"side-learned"``, the learned rule for the side to move, Easy's for the
others. Between moves its rule ranks equal, a player plays the one that
comes first in its hand; the rollout, whose hands have no order, the one on
the first end (West, East, North, South), then the lowest tile (0-0 first,
6-6 last). Under rules other than All Fives' own (see
:attr:`~allfives.rules.Rules.all_fives`) wary's and the learned rule, which
weigh multiples of five, give way to Easy's rule by the rules' own count."""

HIGH = tuple(t.high for t in TILES)
LOW = tuple(t.low for t in TILES)
PIPS = tuple(t.pips for t in TILES)
TIMES = tuple(2 if t.is_double else 1 for t in TILES)  # a double at an end counts both halves
# Easy's tie-break below the points: a double first, then the heavier tile.
TIE = tuple((16 if t.is_double else 0) + t.pips for t in TILES)
BIT = {t: 1 << t.index for t in TILES}  # a tile's bit in a hand's bit set
INDEX = {t: t.index for t in TILES}
WITH = tuple(sum(1 << t.index for t in TILES if t.has(number)) for number in range(7))
"""WITH[number]: the tiles showing ``number``, one bit per tile index."""


def _pip_table(first: int) -> tuple[int, ...]:
    """The pips of every set of the seven tiles from index ``first`` on."""
    return tuple(sum(PIPS[first + i] for i in range(7) if bits >> i & 1) for bits in range(128))


# A hand's pips in four look-ups, seven tiles at a time.
PIPS_0, PIPS_7, PIPS_14, PIPS_21 = (_pip_table(first) for first in (0, 7, 14, 21))


def hand_pips(hand: int) -> int:
    """The pips of a hand held as a bit set."""
    return PIPS_0[hand & 127] + PIPS_7[hand >> 7 & 127] + PIPS_14[hand >> 14 & 127] + PIPS_21[hand >> 21]


NO_SPINNER = -3
"""The rollout's ``spinner_arm`` on a line with no spinner (``spinner="none"``):
no arm matches it, so no double ever opens North and South. ``spinner`` is
then the double lead's number while it lies alone at one end of the line
(it counts both halves there once a tile sits on its other side), else -2."""
NOT_A_DOUBLE = -2

MOST = 64
"""More than any ends total (four ends each showing 6-6 make 48)."""


FIVES = tuple(total if total % 5 == 0 else 0 for total in range(MOST + 1))
"""What each ends total scores by All Fives' own rules: its pips, when a multiple of 5."""


ALL_FIVES = (FIVES, False, False, False, True, True, False)
"""What :func:`_family` reads of All Fives' own rules."""

LEAD_KEY = tuple((FIVES[PIPS[i]], TIMES[i], PIPS[i]) for i in range(len(TILES)))
"""Easy's key for leading each tile by All Fives' rules: what it scores, then a double, then its pips."""


@cache
def points_table(rules: Rules) -> tuple[int, ...]:
    """What each ends total from 0 to :data:`MOST` scores by ``rules``
    (:func:`~allfives.rules.count_for`): one look-up a play.

    >>> points_table(Rules())[:11]
    (0, 0, 0, 0, 0, 5, 0, 0, 0, 0, 10)
    >>> points_table(Rules.preset("fives-and-threes"))[:16]
    (0, 0, 0, 1, 0, 1, 2, 0, 0, 3, 2, 0, 4, 0, 0, 8)
    """
    return tuple(count_for(rules.scoring, rules.marking, total) for total in range(MOST + 1))


@cache
def _family(rules: Rules) -> tuple[tuple[int, ...], bool, bool, bool, bool, bool, bool]:
    """What the rollout reads of the family's rules: what each ends total
    scores (:func:`points_table`); whether the target must be reached
    exactly; whether going out scores a point ("chip-out"), and whether
    partners must both go out; whether the first double spins; whether a
    player who cannot play draws; whether the spinner is Sniff's sniff."""
    chips = rules.hand_end == "chip-out"
    return (
        points_table(rules),
        rules.finish == "exact",
        chips,
        chips and rules.teams,
        rules.spinner != "none",
        rules.boneyard == "draw",
        rules.spinner == "sniff",
    )


def _nth(bits: int, n: int) -> int:
    """The index of the ``n``-th set bit (from 0, lowest first)."""
    for _ in range(n):
        bits &= bits - 1
    return (bits & -bits).bit_length() - 1


class Outcome(NamedTuple):
    """How a hand played out: the match scores per side when it ended (or
    when a side reached the target), the side that won the match, if one
    did, and how the hand ended (None when the match was won during it)."""

    scores: tuple[int, ...]
    winner: int | None
    reason: Literal["domino", "blocked"] | None
    out: int | None


def rollout(
    state: HandState,
    policy: Policy,
    rng: random.Random | None = None,
    first: Move | None = None,
    trace: list[Move] | None = None,
    weights: tuple[float, ...] | None = None,
) -> Outcome:
    """Play ``state`` to the end of the hand, ``first`` (a legal move, its
    end resolved) first if given, then ``policy`` for every seat; ``state``
    is not changed. ``"random"`` draws on ``rng``; ``"learned"`` weighs
    :data:`FEATURES` by ``weights``. ``trace``, if given, receives every
    move made."""
    rules = state.rules
    if state.reason is not None or state.winner is not None:
        return Outcome(tuple(state.scores), state.winner, state.reason, state.out)
    family = not rules.all_fives
    if family:
        worth, exact, chips, pairs_out, spins, draws, sniffs = _family(rules)
        if pairs_out and draws:
            # The one game no loop here plays: the others draw while a partner waits.
            return _by_the_engine(state, policy, rng, first, trace)
    else:
        # All Fives' own rules (the hot path: nothing to look up).
        worth, exact, chips, pairs_out, spins, draws, sniffs = ALL_FIVES
    randomly = policy == "random"
    wary_seats = 0  # one bit per seat that plays wary's rule
    learns = policy in ("learned", "side-learned")
    if learns and (weights is None or len(weights) != len(FEATURES)):
        raise ValueError(f"a learned rollout needs {len(FEATURES)} weights, one per feature")
    if family:
        pass  # wary's and the learned rule weigh multiples of five: Easy's rule plays
    elif policy in ("wary", "learned"):
        wary_seats = (1 << rules.players) - 1  # "learned" sees what wary's rule sees
    elif policy in ("side-wary", "side-learned"):
        wary_seats = sum(1 << s for s in range(rules.players) if state.sides[s] == state.sides[state.to_move])
    learned = weights if learns else None
    wary = wary_seats != 0
    if randomly and rng is None:
        raise ValueError("a random rollout needs a random.Random")
    chance = rng.random if rng is not None else random.random  # only "random" draws, and it has an rng
    players = rules.players
    sides = state.sides
    target = state.target
    scores = list(state.scores)
    hands = [sum(map(BIT.__getitem__, hand)) for hand in state.hands]
    # A closed boneyard is never drawn from: a player who cannot play knocks.
    boneyard = list(map(INDEX.__getitem__, state.boneyard)) if draws else []
    drawn = 0  # the boneyard is drawn in order: boneyard[drawn] comes next
    layout = state.layout
    w, e, n, s = layout.open_pips
    # How often each end's number counts in the total: 0 for an arm with no
    # tile of its own yet, 1 for a plain end, 2 for a double at the end.
    ww, we, wn, ws = layout.weight
    total = layout.total
    spinner = layout.spinner
    spinner_arm = layout.spinner_arm
    # Which sides of a spinner lead have a tile: it is covered when both do.
    west_has, east_has = bool(layout.arms[0]), bool(layout.arms[1])
    lone = False  # no spinner: a double lead alone at one end of the line counts both halves
    if not spins:
        lone = layout.lead_is_double and not (west_has and east_has)
        spinner_arm = NO_SPINNER
        spinner = w if lone else NOT_A_DOUBLE  # read only while both sides are empty
    seat = state.to_move
    laid = sum(1 << t.index for t in layout.tiles()) if wary else 0  # the tiles in play, for "wary"
    t = arm = -1  # the next play: tile index and arm
    if first is not None and first.end is not None:
        t, arm = first.tile.index, int(first.end)
    elif layout.lead is None:
        # The lead: laid as written, its first number facing West.
        if first is not None:
            lead, w = first.tile.index, first.west_pip
        else:
            room = target - scores[sides[seat]] if exact else MOST
            lead = _lead(state, hands[seat], policy, chance, worth, room)
            w = HIGH[lead]
        if trace is not None:
            trace.append(first if first is not None else Move(TILES[lead]))
        hands[seat] &= ~(1 << lead)
        laid |= 1 << lead
        e = LOW[lead] if HIGH[lead] == w else HIGH[lead]
        if w == e and spins:
            # A double lead is the spinner, both its halves counted once.
            spinner, spinner_arm = w, LEAD
            total = 2 * w
        else:
            ww = we = 1
            total = w + e
            if w == e:
                lone, spinner = True, w  # no spinner: the double lies crosswise
        if family:
            won = _family_lead(rules, hands, scores, seat, sides[seat], worth[total], target, exact, chips, pairs_out)
            if won is not None:
                return won
        else:
            if total and total % 5 == 0:
                side = sides[seat]
                scores[side] += total
                if target and scores[side] >= target:
                    # "Immediate": reaching the target wins at once, mid-hand.
                    return Outcome(tuple(scores), side, None, None)
            if not hands[seat]:
                return _end(rules, hands, scores, "domino", seat)  # a hand of one tile
        seat, drawn = _next(hands, boneyard, drawn, seat, players, WITH[w] | WITH[e])
        if seat < 0:
            return _end(rules, hands, scores, "blocked", None)
    while True:
        hand = hands[seat]
        if t < 0:
            if randomly:
                # Every (tile, end) pair the engine's legal_moves lists, equally likely.
                on_w = hand & WITH[w]
                on_e = hand & WITH[e]
                count_w = on_w.bit_count()
                if n == CLOSED:
                    count = count_w + on_e.bit_count()
                    pick = int(chance() * count) if count > 1 else 0
                    if pick < count_w:
                        on, arm = on_w, 0
                    else:
                        on, arm, pick = on_e, 1, pick - count_w
                else:
                    on_n = hand & WITH[n]
                    on_s = hand & WITH[s]
                    count_e = on_e.bit_count()
                    count_n = on_n.bit_count()
                    pick = int(chance() * (count_w + count_e + count_n + on_s.bit_count()))
                    if pick < count_w:
                        on, arm = on_w, 0
                    elif pick < count_w + count_e:
                        on, arm, pick = on_e, 1, pick - count_w
                    elif pick < count_w + count_e + count_n:
                        on, arm, pick = on_n, 2, pick - count_w - count_e
                    else:
                        on, arm, pick = on_s, 3, pick - count_w - count_e - count_n
                while pick:  # drop the lower tiles on that end
                    on &= on - 1
                    pick -= 1
                t = (on & -on).bit_length() - 1
            elif wary and wary_seats >> seat & 1:
                held = hands[seat + 1 if seat + 1 < players else 0].bit_count()
                ends = _ends(w, e, n, s, ww, we, wn, ws, total, spinner, spinner_arm, west_has, east_has, sniffs)
                t, arm = _wary(hand, laid, held, ends) if learned is None else _learned(hand, laid, held, ends, learned)
            else:
                ends = _ends(w, e, n, s, ww, we, wn, ws, total, spinner, spinner_arm, west_has, east_has, sniffs)
                if family:
                    room = target - scores[sides[seat]] if exact else MOST
                    t, arm = _greedy_by(hand, ends, worth, room)
                else:
                    t, arm = _greedy(hand, ends)
        if trace is not None:
            trace.append(MOVES[t][arm])
        hand ^= 1 << t
        hands[seat] = hand
        laid |= 1 << t
        high = HIGH[t]
        times = TIMES[t]
        # The tile's outer half is the arm's open number now.
        if arm == 0:
            w = outer = LOW[t] if high == w else high
            ww = times
            if not west_has:
                west_has = True
                if lone and not east_has:
                    we = 2  # the double lead, now alone at the East end
        elif arm == 1:
            e = outer = LOW[t] if high == e else high
            we = times
            if not east_has:
                east_has = True
                if lone and not west_has:
                    ww = 2
        elif arm == 2:
            n = outer = LOW[t] if high == n else high
            wn = times
        else:
            s = outer = LOW[t] if high == s else high
            ws = times
        if spinner == CLOSED:
            if times == 2:
                # The first double is the spinner; the tile it was played
                # against is one of its sides, the other is still open.
                spinner, spinner_arm = outer, arm
        elif n == CLOSED and (arm == spinner_arm or (spinner_arm == LEAD and west_has and east_has)):
            # Both sides of the spinner are covered: North and South open,
            # counting nothing until a tile is played on them (the sniff's
            # faces there count its number while uncovered).
            n = s = spinner
            if sniffs:
                wn = ws = 1
        t = -1
        if n != CLOSED:
            total = w * ww + e * we + n * wn + s * ws
            fits = WITH[w] | WITH[e] | WITH[n] | WITH[s]
        else:
            total = w * ww + e * we
            fits = WITH[w] | WITH[e]
            if spinner_arm == LEAD and spinner != CLOSED:
                # A spinner lead with a side still open counts both halves, once.
                total += 2 * spinner
        points = worth[total]
        if points:
            side = sides[seat]
            if exact:
                out = not hand and (not pairs_out or not hands[seat ^ 2])
                if scores[side] + points + (1 if chips and out else 0) > target:
                    if out:
                        return _end(rules, hands, scores, "domino", seat, voided=chips)
                    points = 0
            scores[side] += points
            if target and scores[side] >= target:
                return Outcome(tuple(scores), side, None, None)
        if not hand and (not pairs_out or not hands[seat ^ 2]):
            return _end(rules, hands, scores, "domino", seat)
        after = seat + 1 if seat + 1 < players else 0
        if hands[after] & fits:
            seat = after  # most turns: the next seat can play
            continue
        seat, drawn = _next(hands, boneyard, drawn, seat, players, fits)
        if seat < 0:
            return _end(rules, hands, scores, "blocked", None)


def _family_lead(
    rules: Rules,
    hands: list[int],
    scores: list[int],
    seat: int,
    side: int,
    points: int,
    target: int,
    exact: bool,
    chips: bool,
    pairs_out: bool,
) -> Outcome | None:
    """Score the lead by the family's rules (``points``, what its pips
    score); the outcome if that ends the hand or the match."""
    out = not hands[seat] and (not pairs_out or not hands[seat ^ 2])  # a hand of one tile
    if points and exact and scores[side] + points + (1 if chips and out else 0) > target:
        # Passing the target: the count is not counted, nor the point for
        # going out with it.
        if out:
            return _end(rules, hands, scores, "domino", seat, voided=chips)
        points = 0
    scores[side] += points
    if points and target and scores[side] >= target:
        return Outcome(tuple(scores), side, None, None)
    if out:
        return _end(rules, hands, scores, "domino", seat)
    return None


def _by_the_engine(
    state: HandState, policy: Policy, rng: random.Random | None, first: Move | None, trace: list[Move] | None
) -> Outcome:
    """:func:`rollout` under rules other than All Fives' own: the hand is
    played on a copy by :meth:`HandState.apply`, so every count, knock and
    end is the engine's. ``"random"`` plays any legal move, equally likely;
    every other policy plays Easy's rule by the rules' own count (the
    wary and learned rules are tuned to All Fives), and the side-to-move's
    seats wary's where it applies."""
    if policy == "random" and rng is None:
        raise ValueError("a random rollout needs a random.Random")
    hand = state.copy()
    move = first
    while not hand.is_over:
        if move is None:
            moves = hand.legal_moves()
            if policy == "random":
                assert rng is not None
                move = moves[int(rng.random() * len(moves))]
            else:
                move = max(moves, key=lambda m: (hand.points_for(m), TIE[m.tile.index]))
        if trace is not None:
            trace.append(move)
        hand.apply(hand.resolve(move))
        move = None
    return Outcome(tuple(hand.scores), hand.winner, hand.reason, hand.out)


def _lead(
    state: HandState, hand: int, policy: Policy, chance: Callable[[], float], worth: tuple[int, ...], room: int
) -> int:
    """The tile index a rollout leads with: as Easy, the lead scoring most
    (its pips are the ends total; a count over ``room``, what the side may
    still score, is not counted), then a double, then the heavier tile."""
    if state.forced_lead is not None:
        return state.forced_lead.index
    if policy == "random":
        return _nth(hand, int(chance() * hand.bit_count()))
    tiles = [i for i in range(len(TILES)) if hand >> i & 1]
    if worth is FIVES:
        return max(tiles, key=LEAD_KEY.__getitem__)
    return max(tiles, key=lambda i: (worth[PIPS[i]] if worth[PIPS[i]] <= room else 0, TIMES[i], PIPS[i]))


def _next(hands: list[int], boneyard: list[int], drawn: int, seat: int, players: int, fits: int) -> tuple[int, int]:
    """The next seat that can play, after the draws and passes before it,
    and how much of the boneyard is drawn then; the seat is -1 when the hand
    is blocked (every seat passed in turn)."""
    for _ in range(players):
        seat = (seat + 1) % players
        if hands[seat] & fits:
            return seat, drawn
        # It cannot play: it draws until a tile fits, and must play that one.
        while drawn < len(boneyard):
            t = boneyard[drawn]
            drawn += 1
            hands[seat] |= 1 << t
            if fits >> t & 1:
                return seat, drawn
        # The boneyard is empty: it passes.
    return -1, drawn


def _end(
    rules: Rules,
    hands: list[int],
    scores: list[int],
    reason: Literal["domino", "blocked"],
    out: int | None,
    voided: bool = False,
) -> Outcome:
    """Score the end of the hand with the engine's own rules; ``voided``:
    the last play went out, and with the point for going out would have
    passed an exact target, so neither counts."""
    change = (0,) * rules.sides if voided else hand_end_change(rules, [hand_pips(h) for h in hands], out)
    if rules.finish == "exact":
        # A count that would pass the target is not counted.
        target = rules.points_to_win
        change = tuple(0 if d > 0 and scores[side] + d > target else d for side, d in enumerate(change))
    for side, delta in enumerate(change):
        scores[side] += delta
    return Outcome(tuple(scores), match_winner(rules, scores), reason, out)


def _ends(
    w: int,
    e: int,
    n: int,
    s: int,
    ww: int,
    we: int,
    wn: int,
    ws: int,
    total: int,
    spinner: int,
    spinner_arm: int,
    west_has: bool,
    east_has: bool,
    sniffs: bool = False,
) -> list[tuple[int, int, int, int]]:
    """Each open end as (arm, its number, how often that counts, the total
    with the end's own count taken out): a tile's outer half joined there
    adds to that base (Layout.total_after for every tile at once).
    ``sniffs``: the spinner is Sniff's sniff."""
    base_w = total - w * ww
    base_e = total - e * we
    if n == CLOSED and spinner != CLOSED and spinner_arm == LEAD:
        # Covering a spinner lead's last open side: it counts no longer
        # (the sniff counts on, one half on each face North and South).
        if not sniffs:
            if east_has:
                base_w -= 2 * spinner
            if west_has:
                base_e -= 2 * spinner
    elif sniffs and n == CLOSED and spinner >= 0 and spinner_arm >= 0:
        # Covering the sniff played later (it lies at that arm's end): its
        # faces North and South open, each counting its number.
        if spinner_arm == 0:
            base_w += 2 * spinner
        else:
            base_e += 2 * spinner
    elif spinner_arm == NO_SPINNER and spinner >= 0 and not west_has and not east_has:
        # No spinner: a tile on one side of a double lead leaves the double
        # alone at the other end, counting both halves.
        base_w += e
        base_e += w
    ends = [(0, w, ww, base_w), (1, e, we, base_e)]
    if n != CLOSED:
        ends += [(2, n, wn, total - n * wn), (3, s, ws, total - s * ws)]
    return ends


def _greedy(hand: int, ends: list[tuple[int, int, int, int]]) -> tuple[int, int]:
    """Easy's move as (tile index, arm): the most points, then a double,
    then the heavier tile; between equals the first end, then the lowest tile."""
    best_key = -1
    best = (0, 0)
    # The key orders as Easy's (points, is a double, pips): points count in
    # steps of 32, a double 16, pips (at most 12) one each.
    # The walk over each end's tiles is _wary's too; it is written out in
    # both because this loop is the searches' hottest.
    for arm, number, _, base in ends:
        on = hand & WITH[number]
        while on:
            low_bit = on & -on
            on ^= low_bit
            t = low_bit.bit_length() - 1
            high = HIGH[t]
            after = base + (LOW[t] if high == number else high) * TIMES[t]
            key = (32 * after if after and not after % 5 else 0) + TIE[t]
            if key > best_key:
                best_key, best = key, (t, arm)
    return best


def _greedy_by(hand: int, ends: list[tuple[int, int, int, int]], worth: tuple[int, ...], room: int) -> tuple[int, int]:
    """:func:`_greedy` by the rules' own count: ``worth`` is what each ends
    total scores (:func:`points_table`), and a count over ``room`` (what the
    side may still score below an exact target) scores nothing. Written out
    beside :func:`_greedy`, not shared, so All Fives' hot loop looks nothing up."""
    best_key = -1
    best = (0, 0)
    for arm, number, _, base in ends:
        on = hand & WITH[number]
        while on:
            low_bit = on & -on
            on ^= low_bit
            t = low_bit.bit_length() - 1
            high = HIGH[t]
            points = worth[base + (LOW[t] if high == number else high) * TIMES[t]]
            key = (32 * points if points <= room else 0) + TIE[t]
            if key > best_key:
                best_key, best = key, (t, arm)
    return best


def _moves(hand: int, ends: list[tuple[int, int, int, int]]) -> list[tuple[int, int, int, int, int]]:
    """Each move of ``hand`` on ``ends`` as (tile index, arm, the tile's
    outer half, the ends' total after it, the tile's bit): the same walk over
    each end's tiles as _greedy's (see there), for the rules that weigh more
    than the points."""
    moves: list[tuple[int, int, int, int, int]] = []
    for arm, number, _, base in ends:
        on = hand & WITH[number]
        while on:
            low_bit = on & -on
            on ^= low_bit
            t = low_bit.bit_length() - 1
            high = HIGH[t]
            outer = LOW[t] if high == number else high
            moves.append((t, arm, outer, base + outer * TIMES[t], low_bit))
    return moves


def _wary(hand: int, laid: int, held: int, ends: list[tuple[int, int, int, int]]) -> tuple[int, int]:
    """Wary's move as (tile index, arm), as :func:`~allfives.players.playouts.wary_move`
    judges it: the mover sees its own hand and the tiles in play; the next
    player holds ``held`` tiles."""
    moves = _moves(hand, ends)
    if len(moves) == 1:
        return moves[0][0], moves[0][1]
    unseen = ALL_TILES & ~laid & ~hand
    hidden = unseen.bit_count() or 1
    best_key = -1e9
    best = (0, 0)
    for t, arm, outer, after, _ in moves:
        value = float(after if after and not after % 5 else 0)
        # The tiles that would score off each end this move leaves.
        danger = SCORING[outer * 5 + (after - outer * TIMES[t]) % 5]
        for other, number, times, _ in ends:
            if other != arm:
                danger |= SCORING[number * 5 + (after - number * times) % 5]
        danger &= unseen
        if danger:
            # About the ends total again, times the chance of a scoring tile.
            value -= WARY * min(1.0, danger.bit_count() * held / hidden) * max(after, 5)
        key = 32.0 * value + TIE[t]
        if key > best_key:
            best_key, best = key, (t, arm)
    return best


FEATURES = ("points", "danger", "pips", "double", "stuck", "kept fits")
"""What :func:`move_features` measures of a move, in order: the points it
scores; wary's danger (the chance that the next player holds a tile scoring
off the ends left, times about the ends total); the tile's pips over 10;
1 for a double; 1 if none of the tiles the mover keeps fits the ends left
(it will draw or pass next turn, unless the next player changes them); the
share of the kept tiles that fit there."""


def move_features(
    hand: int, laid: int, held: int, ends: list[tuple[int, int, int, int]]
) -> list[tuple[int, int, tuple[float, ...]]]:
    """Each move of ``hand`` on ``ends`` as (tile index, arm, its
    :data:`FEATURES`), as the mover sees it: its own hand and the tiles in
    play (``laid``); the next player holds ``held`` tiles. The ends after a
    move are the others and the tile's outer half (a spinner opening its
    sides is not counted: the feature is the same in training and play)."""
    unseen = ALL_TILES & ~laid & ~hand
    hidden = unseen.bit_count() or 1
    rows: list[tuple[int, int, tuple[float, ...]]] = []
    for t, arm, outer, after, low_bit in _moves(hand, ends):
        danger = SCORING[outer * 5 + (after - outer * TIMES[t]) % 5]
        fits = WITH[outer]
        for other, other_number, times, _ in ends:
            if other != arm:
                danger |= SCORING[other_number * 5 + (after - other_number * times) % 5]
                fits |= WITH[other_number]
        danger &= unseen
        chance = min(1.0, danger.bit_count() * held / hidden) if danger else 0.0
        kept = hand ^ low_bit
        size = kept.bit_count()
        fitting = (kept & fits).bit_count()
        rows.append(
            (
                t,
                arm,
                (
                    float(after if after and not after % 5 else 0),
                    chance * max(after, 5),
                    PIPS[t] / 10,
                    1.0 if TIMES[t] == 2 else 0.0,
                    1.0 if size and not fitting else 0.0,
                    fitting / size if size else 1.0,
                ),
            )
        )
    return rows


def _learned(
    hand: int, laid: int, held: int, ends: list[tuple[int, int, int, int]], weights: tuple[float, ...]
) -> tuple[int, int]:
    """The move with the highest weighted sum of its :func:`move_features`;
    between equals, Easy's tie-break (a double, then the heavier tile).

    The features are :func:`move_features`' own, computed here with no row
    built (this is the learned playouts' hot path: the few lines that find
    them are written out in both, and ``tests/players/test_rollout.py`` holds
    the two equal), and a hand with one move plays it without weighing it."""
    moves = _moves(hand, ends)
    if len(moves) == 1:
        return moves[0][0], moves[0][1]
    w_points, w_danger, w_pips, w_double, w_stuck, w_fits = weights
    unseen = ALL_TILES & ~laid & ~hand
    hidden = unseen.bit_count() or 1
    best_key = -1e18
    best = (0, 0)
    for t, arm, outer, after, low_bit in moves:
        danger = SCORING[outer * 5 + (after - outer * TIMES[t]) % 5]
        fits = WITH[outer]
        for other, other_number, times, _ in ends:
            if other != arm:
                danger |= SCORING[other_number * 5 + (after - other_number * times) % 5]
                fits |= WITH[other_number]
        danger &= unseen
        if danger:
            chance = danger.bit_count() * held / hidden
            if chance > 1.0:
                chance = 1.0
        else:
            chance = 0.0
        kept = hand ^ low_bit
        size = kept.bit_count()
        fitting = (kept & fits).bit_count()
        # Summed left to right from the first feature, as move_features' row
        # is weighed in training.
        key = (
            w_points * float(after if after and not after % 5 else 0)
            + w_danger * (chance * (after if after > 5 else 5))
            + w_pips * (PIPS[t] / 10)
            + w_double * (1.0 if TIMES[t] == 2 else 0.0)
            + w_stuck * (1.0 if size and not fitting else 0.0)
            + w_fits * (fitting / size if size else 1.0)
        ) + 1e-6 * TIE[t]
        if key > best_key:
            best_key, best = key, (t, arm)
    return best


class Learned:
    """A search's playout (:data:`~allfives.players.search.Playout`): the
    candidate move, then the ``"learned"`` rule with ``weights`` (by feature
    name, as :mod:`allfives.players.distilled` holds them) for every seat,
    or (``sides``) for the searching side's seats only, Easy's rule for the
    others."""

    __slots__ = ("policy", "weights")

    def __init__(self, weights: Mapping[str, float], sides: bool = False) -> None:
        if set(weights) != set(FEATURES):
            raise ValueError(f"a learned playout needs one weight for each of {', '.join(FEATURES)}")
        self.weights = tuple(float(weights[name]) for name in FEATURES)
        self.policy: Policy = "side-learned" if sides else "learned"

    def __call__(self, state: HandState, move: Move) -> Outcome:
        return rollout(state, self.policy, first=move, weights=self.weights)
