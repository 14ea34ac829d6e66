"""The layout: the lead, its arms, the spinner, and the open ends' count.

The lead sits in the middle. The main line grows West and East from it. The
first double played in a hand (only that one) is the spinner; once tiles sit
on both of its sides, its other two faces open the North and South arms.
Under the rules with no spinner (``Layout(spinner="none")``) every double
lies crosswise on a line with two ends, West and East, and no arm ever opens
North or South. Under Sniff's (``Layout(spinner="sniff")``) the first double
is the sniff: a spinner in play, whose two faces North and South, once open,
count on while no tile covers them.

Counting the ends (the rule this module exists for):

* an end showing a double counts both halves;
* while the spinner still has an open side, the spinner is itself an end and
  counts both halves; a lone spinner lead counts once (5-5 alone is 10);
* once both sides of the spinner are covered it counts no longer, and its
  North and South arms count only once a tile has been played on them;
* the sniff (Sniff's spinner) counts both halves while a side is open, as the
  spinner does; once both sides are covered each of its faces North and
  South counts its number while it has no tile (4-4, 6-4 W, 4-1 E: 6 + 1 +
  4 + 4 = 15), and a face with a tile counts that arm's end instead.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from .rules import Spinner
from .tiles import End, Move, Tile

__all__ = ["Layout", "OpenEnd", "Placed"]

W, E, N, S = 0, 1, 2, 3
ENDS: Final = (End.W, End.E, End.N, End.S)
CLOSED: Final = -1
LEAD: Final = -1  # spinner_arm when the spinner is the lead


class Placed(NamedTuple):
    """A tile on the layout: ``inner`` touches the tile before it (towards the
    lead), ``outer`` faces away. A double lies crosswise."""

    tile: Tile
    inner: int
    outer: int


class OpenEnd(NamedTuple):
    """An open end and what it adds to the ends' count, for saying why a
    total is what it is.

    ``pips`` is the number the end takes; ``counts`` what it adds. ``double``:
    the tile showing at this end is a double, which counts both halves.
    ``waiting``: a spinner arm with no tile yet; it takes a tile but counts
    nothing until one is played on it. ``shared``: the lone spinner lead's
    second side; the spinner counts once, on the other side. The sniff's
    uncovered face North or South is an end that counts its number, one
    half of the sniff (not ``double``, not ``waiting``).
    """

    end: End
    pips: int
    counts: int
    double: bool
    waiting: bool
    shared: bool


_ARM: Final = {end: int(end) for end in ENDS}  # an end as a plain int, to index lists fast
_new_placed: Final = tuple.__new__


class Layout:
    """The tiles in play. Mutable and cheap to copy, for the computer players.

    ``open_pips[arm]`` is the number an arm accepts (``-1`` while it is
    closed); ``weight[arm]`` is how often that number counts in the total:
    0 for an arm with no tile of its own yet, 1 for a plain end (and for
    the sniff's uncovered face North or South), 2 for a double at the end.
    """

    __slots__ = (
        "arms",
        "lead",
        "mask",
        "open_pips",
        "sniff",
        "spinner",
        "spinner_arm",
        "spinner_index",
        "spins",
        "total",
        "weight",
    )

    def __init__(self, spinner: bool | Spinner = True) -> None:
        kind = spinner if isinstance(spinner, str) else "first-double" if spinner else "none"
        #: Whether the first double is a spinner (the rules' ``spinner``
        #: option: "first-double" or "sniff"), or every double lies on a
        #: line of two ends ("none"; ``False`` says the same).
        self.spins = kind != "none"
        #: Whether the spinner is Sniff's sniff, its faces North and South
        #: counting while uncovered (the option's "sniff").
        self.sniff = kind == "sniff"
        self.lead: Placed | None = None
        self.arms: list[list[Placed]] = [[], [], [], []]
        self.open_pips: list[int] = [CLOSED, CLOSED, CLOSED, CLOSED]
        self.weight: list[int] = [0, 0, 0, 0]
        # The spinner's number, or -1 before any double is played.
        self.spinner: int = CLOSED
        # Where the spinner lies: LEAD, or its arm (W or E) and place on it.
        self.spinner_arm: int = LEAD
        self.spinner_index: int = 0
        self.total: int = 0
        # One bit per number some open end accepts.
        self.mask: int = 0

    def copy(self) -> Layout:
        other = Layout.__new__(Layout)
        other.spins = self.spins
        other.sniff = self.sniff
        other.lead = self.lead
        other.arms = [list(a) for a in self.arms]
        other.open_pips = list(self.open_pips)
        other.weight = list(self.weight)
        other.spinner = self.spinner
        other.spinner_arm = self.spinner_arm
        other.spinner_index = self.spinner_index
        other.total = self.total
        other.mask = self.mask
        return other

    @property
    def is_empty(self) -> bool:
        return self.lead is None

    @property
    def spinner_opened(self) -> bool:
        """Whether both sides of the spinner are covered, opening N and S."""
        return self.open_pips[N] != CLOSED

    @property
    def spinner_lead_open(self) -> bool:
        """Whether the lead is the spinner with a side still uncovered: it is
        then itself an end and counts both halves."""
        return self.spinner != CLOSED and self.spinner_arm == LEAD and not self.spinner_opened

    def opened_by(self, t: Tile) -> bool:
        """Whether ``t``, the tile just played, covered the spinner's second
        side and so opened North and South."""
        if not self.spinner_opened or self.arms[N] or self.arms[S]:
            return False
        if self.spinner_arm == LEAD:
            return any(len(arm) == 1 and arm[0].tile is t for arm in self.arms[:N])
        arm = self.arms[self.spinner_arm]
        return len(arm) == self.spinner_index + 2 and arm[-1].tile is t

    def open_ends(self) -> list[End]:
        """The ends a tile may be played on now."""
        return [ENDS[a] for a in range(4) if self.open_pips[a] != CLOSED]

    def ends_for(self, t: Tile) -> list[End]:
        """The ends that accept ``t``."""
        pips = self.open_pips
        return [ENDS[a] for a in range(4) if pips[a] != CLOSED and (t.high == pips[a] or t.low == pips[a])]

    def total_after(self, t: Tile, arm: int) -> int:
        """The ends total if ``t`` were played on ``arm`` (no change made)."""
        pips, weight = self.open_pips, self.weight
        outer = t.low if t.high == pips[arm] else t.high
        total = self.total - pips[arm] * weight[arm] + outer * (2 if t.is_double else 1)
        if self.spinner_arm == LEAD and self.spinner != CLOSED and arm < N and pips[N] == CLOSED and self.arms[1 - arm]:
            # This tile covers the spinner lead's last open side: it counts no
            # longer (the sniff counts on, one half on each face North and South).
            if not self.sniff:
                total -= 2 * self.spinner
        elif self.sniff and arm == self.spinner_arm and self.spinner != CLOSED and pips[N] == CLOSED:
            # This tile covers the sniff's second side (the sniff lies at
            # this arm's end): its faces North and South open, each counting.
            total += 2 * self.spinner
        elif not self.spins and arm < N and not self.arms[arm] and not self.arms[1 - arm] and self.lead_is_double:
            # No spinner: the first tile on a double lead leaves the double
            # as the other end, where it counts both halves (5-5 then 5-3: 13).
            total += pips[1 - arm]
        return total

    @property
    def lead_is_double(self) -> bool:
        return self.lead is not None and self.lead.tile.is_double

    def place(self, move: Move) -> None:
        """Put a tile on the layout. The caller has checked that it fits."""
        t = move.tile
        if self.lead is None:
            self._lead(t, move.west_pip)
            return
        assert move.end is not None
        arm = _ARM[move.end]
        pips = self.open_pips
        inner = pips[arm]
        outer = t.low if t.high == inner else t.high
        placed = self.arms[arm]
        # tuple.__new__ builds the named tuple without its Python-level __new__.
        placed.append(_new_placed(Placed, (t, inner, outer)))
        pips[arm] = outer
        weight = self.weight
        if not self.spins and arm < N and len(placed) == 1 and not self.arms[1 - arm] and self.lead_is_double:
            # No spinner: the double lead is now the other end on its own.
            weight[1 - arm] = 2
        weight[arm] = 2 if t.is_double else 1
        if self.spinner == CLOSED:
            if t.is_double and self.spins:
                # The first double is the spinner; the tile it was played
                # against is one of its sides, the other is still open.
                self.spinner = t.high
                self.spinner_arm = arm
                self.spinner_index = len(placed) - 1
        elif pips[N] == CLOSED and self._spinner_covered():
            pips[N] = pips[S] = self.spinner
            if self.sniff:
                # The sniff's faces count on while no tile covers them.
                weight[N] = weight[S] = 1
        self._recount()

    def _lead(self, t: Tile, west: int) -> None:
        east = t.other(west)
        self.lead = Placed(t, west, east)
        self.open_pips[W] = west
        self.open_pips[E] = east
        if t.is_double and self.spins:
            # A double lead is the spinner; its two sides have no tile yet.
            self.spinner = t.high
            self.spinner_arm = LEAD
        else:
            self.weight[W] = self.weight[E] = 1
        self._recount()

    def _spinner_covered(self) -> bool:
        """Whether tiles sit on both sides of the spinner."""
        if self.spinner_arm == LEAD:
            return bool(self.arms[W]) and bool(self.arms[E])
        return len(self.arms[self.spinner_arm]) > self.spinner_index + 1

    def _recount(self) -> None:
        w, e, n, s = self.open_pips
        weight = self.weight
        total = w * weight[0] + e * weight[1]
        mask = 1 << w | 1 << e
        if n != CLOSED:
            # Both sides covered: the spinner's arms count once they have a tile.
            total += n * weight[2] + s * weight[3]
            mask |= 1 << n | 1 << s
        elif self.spinner != CLOSED and self.spinner_arm == LEAD:
            # A spinner lead with a side still open counts both halves, once.
            total += 2 * self.spinner
        self.total = total
        self.mask = mask

    def spinner_tile(self) -> Placed | None:
        """The spinner as placed, if there is one."""
        if self.spinner == CLOSED:
            return None
        if self.spinner_arm == CLOSED:
            return self.lead
        return self.arms[self.spinner_arm][self.spinner_index]

    def tiles(self) -> list[Tile]:
        """Every tile in play."""
        if self.lead is None:
            return []
        return [self.lead.tile] + [p.tile for arm in self.arms for p in arm]

    def end_counts(self) -> dict[End, int]:
        """What each counting end adds to the total (the spinner lead counted
        on whichever side is still open), for explaining a score."""
        out: dict[End, int] = {}
        spinner_lead = self.spinner != CLOSED and self.spinner_arm == LEAD
        for arm in range(4):
            if self.open_pips[arm] == CLOSED:
                continue
            if self.weight[arm]:
                out[ENDS[arm]] = self.open_pips[arm] * self.weight[arm]
        if spinner_lead and not self.spinner_opened and self.lead is not None:
            side = W if not self.arms[W] else E
            out[ENDS[side]] = 2 * self.spinner
        return out

    def open_end_counts(self) -> tuple[OpenEnd, ...]:
        """Every open end, West, East, North, South, with what it counts;
        the counts add up to :attr:`total`."""
        counts = self.end_counts()
        spinner_lead = self.spinner_lead_open
        out = []
        for arm in range(4):
            pips = self.open_pips[arm]
            if pips == CLOSED:
                continue
            end = ENDS[arm]
            counted = end in counts
            # The spinner lead, uncovered on this side, is itself the end.
            double = self.weight[arm] == 2 or (
                (spinner_lead or (not self.spins and self.lead_is_double)) and not self.arms[arm]
            )
            waiting = arm >= N and not self.arms[arm] and not self.sniff
            shared = spinner_lead and not counted and not self.arms[arm]
            out.append(OpenEnd(end, pips, counts.get(end, 0), double, waiting, shared))
        return tuple(out)

    def __repr__(self) -> str:
        ends = " ".join(f"{ENDS[a].name}={self.open_pips[a]}" for a in range(4) if self.open_pips[a] != CLOSED)
        return f"<Layout {ends} total={self.total}>"
