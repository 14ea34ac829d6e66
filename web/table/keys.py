"""Which drop target an arrow key goes to, when the player chooses where a
tile is played. Pure (no DOM), so pytest checks it on CPython; the shell
hands it the targets' places on screen.

An arrow goes to the nearest target that way (Left to the one leftmost of
those to the left, weighing straight ahead above off to the side); when none
lies that way, Left and Up go to the previous target and Right and Down to
the next, round the end, so every target is in reach from every other.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

__all__ = ["ARROWS", "target_after"]

#: Each arrow key as a direction on screen (y grows downward).
ARROWS: Final = {"ArrowLeft": (-1.0, 0.0), "ArrowRight": (1.0, 0.0), "ArrowUp": (0.0, -1.0), "ArrowDown": (0.0, 1.0)}

#: How much more a step off to the side costs than one straight ahead.
ASIDE: Final = 2.0


def target_after(targets: Sequence[tuple[str, float, float]], current: str, key: str) -> str | None:
    """The target an arrow ``key`` moves to from ``current``: ``targets`` are
    each target's name and centre on screen, in the order the page lists
    them. None for a key that is not an arrow or a target not in the list."""
    direction = ARROWS.get(key)
    names = [name for name, _, _ in targets]
    if direction is None or current not in names or len(targets) < 2:
        return None
    at = names.index(current)
    _, x, y = targets[at]
    dx, dy = direction
    best: tuple[float, int] | None = None
    for i, (_, tx, ty) in enumerate(targets):
        ahead = (tx - x) * dx + (ty - y) * dy
        if i == at or ahead <= 0:
            continue
        aside = abs((tx - x) * dy - (ty - y) * dx)
        cost = ahead + ASIDE * aside
        if best is None or cost < best[0]:
            best = (cost, i)
    if best is not None:
        return names[best[1]]
    step = -1 if key in ("ArrowLeft", "ArrowUp") else 1
    return names[(at + step) % len(names)]
