"""A playout policy a little wiser than greedy, and as fast as it can be made.

*Wary* plays the move that scores most now less what it hands the next
player: for every end the move leaves, the tiles that would make the ends
total a multiple of 5 there come from a table (by the end's number and the
rest of the total, mod 5), so the reply is judged with a few look-ups, not
by trying every tile. The mover judges the reply only from the tiles it
cannot see (those not in its hand and not on the layout), as a real player
would: the chance that the next player holds one of the scoring tiles,
times about what it would score. Between equal values it breaks ties as
greedy does, toward doubles and then heavy tiles.
"""

from __future__ import annotations

from ..hand import MOVES, HandState
from ..layout import CLOSED, LEAD
from ..tiles import TILES, Move

__all__ = ["ALL_TILES", "SCORING", "WARY", "wary_move"]

WARY = 0.3  # per expected point the next player scores off the ends left


def _scoring_tiles(pip: int, rest: int) -> int:
    """The tiles (one bit per tile index) that, joined to an end showing
    ``pip``, make the ends total a multiple of 5, the rest of the total
    being ``rest`` mod 5."""
    bits = 0
    for t in TILES:
        if t.has(pip):
            adds = 2 * pip if t.is_double else t.other(pip)
            if (rest + adds) % 5 == 0:
                bits |= 1 << t.index
    return bits


# SCORING[pip * 5 + rest]: see _scoring_tiles.
SCORING: tuple[int, ...] = tuple(_scoring_tiles(pip, rest) for pip in range(7) for rest in range(5))
ALL_TILES = (1 << len(TILES)) - 1


def _layout_bits(state: HandState) -> int:
    return sum(1 << t.index for t in state.layout.tiles())


def wary_move(state: HandState) -> Move:
    """Wary's choice in a hand being searched (any seat to move)."""
    moves = state.legal_moves()
    if len(moves) == 1 or state.layout.lead is None or not state.rules.all_fives:
        # Wary's table knows All Fives' multiples of 5; under the family's
        # other rules it plays greedy by the rules' own count.
        return max(moves, key=lambda m: (state.points_for(m), m.tile.is_double, m.tile.pips))
    index, arm = _choose(state, _layout_bits(state), WARY)
    return MOVES[index][arm]


def _choose(state: HandState, played: int, weight: float) -> tuple[int, int]:
    """The wary move as (tile index, arm), the layout holding ``played``."""
    layout = state.layout
    pips = layout.open_pips
    weights = layout.weight
    total = layout.total
    w, e, n, s = pips
    open_arms = 4 if n != CLOSED else 2
    bases = [total - w * weights[0], total - e * weights[1], 0, 0]
    if n != CLOSED:
        bases[2] = total - n * weights[2]
        bases[3] = total - s * weights[3]
    elif layout.spinner != CLOSED and layout.spinner_arm == LEAD:
        # Covering a spinner lead's last open side: it counts no longer.
        if layout.arms[1]:
            bases[0] -= 2 * layout.spinner
        if layout.arms[0]:
            bases[1] -= 2 * layout.spinner
    hand = state.hands[state.to_move]
    mine = 0
    for t in hand:
        mine |= 1 << t.index
    unseen = ALL_TILES & ~played & ~mine
    hidden = unseen.bit_count() or 1
    players = state.rules.players
    held = len(state.hands[(state.to_move + 1) % players])
    mask = layout.mask
    # First the moves and what each scores; the reply is judged only when
    # there is a choice (in a playout, often there is none).
    moves: list[tuple[int, int, int, int, int, int]] = []  # tile, arm, outer, times, ends total after, tie
    for t in hand:
        if not t.mask & mask:
            continue
        high = t.high
        low = t.low
        times = 2 if t.is_double else 1
        tie = (16 if t.is_double else 0) + t.pips
        for arm in range(open_arms):
            pip = pips[arm]
            if high == pip:
                moves.append((t.index, arm, low, times, bases[arm] + low * times, tie))
            elif low == pip:
                moves.append((t.index, arm, high, times, bases[arm] + high * times, tie))
    if len(moves) == 1:
        return moves[0][0], moves[0][1]
    best_key = -1e9
    best_index = best_arm = 0
    for index, arm, outer, times, after, tie in moves:
        value = float(after if after and not after % 5 else 0)
        # The tiles that would score off each end this move leaves.
        danger = SCORING[outer * 5 + (after - outer * times) % 5]
        for other in range(open_arms):
            if other != arm:
                q = pips[other]
                danger |= SCORING[q * 5 + (after - q * weights[other]) % 5]
        danger &= unseen
        if danger:
            # About the ends total again, times the chance of a scoring tile.
            value -= weight * min(1.0, danger.bit_count() * held / hidden) * max(after, 5)
        key = 32.0 * value + tie
        if key > best_key:
            best_key, best_index, best_arm = key, index, arm
    return best_index, best_arm
