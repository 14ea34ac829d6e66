"""Draw the app icons into web/: a 5-5 domino on felt.

    pip install -e ".[icons]"
    python tools/generators/make_icons.py

Writes web/icon.svg and the PNGs of :data:`ICONS` (the web app manifest
names them); the build copies them into dist/ like any other web/ file.
The PNGs are drawn by Pillow at :data:`SUPERSAMPLE` times their size and
scaled down, which smooths the edges. Run this again after changing a shape
or a colour, and commit the files it writes.
"""

from __future__ import annotations

import argparse
import io
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "web"

#: The icons, by file name: pixel size (None: SVG), and whether the image is
#: "maskable" (felt to the edges, the domino inside the safe circle).
ICONS: tuple[tuple[str, int | None, bool], ...] = (
    ("icon.svg", None, False),
    ("icon-192.png", 192, False),
    ("icon-512.png", 512, False),
    ("icon-maskable-512.png", 512, True),
)
ICON_CANVAS = 512.0
SUPERSAMPLE = 8
FELT = "#1f6b45"
IVORY = "#fbf7ec"
EDGE = "#5a4e3c"
PIP = "#1d1a16"
_PIP_GRID = (0.26, 0.5, 0.74)
_FIVE = ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2))


@dataclass(frozen=True)
class RoundRect:
    """A rectangle with rounded corners, in canvas units."""

    x: float
    y: float
    width: float
    height: float
    radius: float
    colour: str


@dataclass(frozen=True)
class Circle:
    """A disc, in canvas units."""

    cx: float
    cy: float
    r: float
    colour: str


Shape = RoundRect | Circle


def domino_shapes(*, maskable: bool = False) -> list[Shape]:
    """The icon on a 512 x 512 canvas: felt, and a 5-5 domino standing on it
    (ivory with a dark edge, a divider, and five pips a half). The maskable
    icon's felt has no rounded corners, and the domino is shrunk into the
    safe circle (80% of the canvas) that a launcher's mask never cuts."""
    scale = 0.8 if maskable else 1.0

    def at(x: float, y: float) -> tuple[float, float]:
        return 256 + (x - 256) * scale, 256 + (y - 256) * scale

    def rect(x: float, y: float, width: float, height: float, radius: float, colour: str) -> RoundRect:
        left, top = at(x, y)
        return RoundRect(left, top, width * scale, height * scale, radius * scale, colour)

    shapes: list[Shape] = [RoundRect(0, 0, ICON_CANVAS, ICON_CANVAS, 0 if maskable else 96, FELT)]
    shapes.append(rect(164, 72, 184, 368, 30, EDGE))
    shapes.append(rect(172, 80, 168, 352, 23, IVORY))
    shapes.append(rect(190, 252, 132, 8, 4, EDGE))
    for top in (72.0, 256.0):
        for column, row in _FIVE:
            cx, cy = at(164 + 184 * _PIP_GRID[column], top + 184 * _PIP_GRID[row])
            shapes.append(Circle(cx, cy, 17 * scale, PIP))
    return shapes


def icon_svg(shapes: Iterable[Shape]) -> str:
    """The shapes as a standalone SVG document."""
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {ICON_CANVAS:g} {ICON_CANVAS:g}">']
    for shape in shapes:
        if isinstance(shape, RoundRect):
            parts.append(
                f'<rect x="{shape.x:g}" y="{shape.y:g}" width="{shape.width:g}" height="{shape.height:g}"'
                f' rx="{shape.radius:g}" fill="{shape.colour}"/>'
            )
        else:
            parts.append(f'<circle cx="{shape.cx:g}" cy="{shape.cy:g}" r="{shape.r:g}" fill="{shape.colour}"/>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def icon_png(size: int, *, maskable: bool = False) -> bytes:
    """The icon as a ``size`` x ``size`` PNG (8-bit RGBA, transparent
    outside the felt's rounded corners)."""
    from PIL import Image, ImageDraw  # the icons extra: only this script needs it

    big = size * SUPERSAMPLE
    unit = big / ICON_CANVAS  # pixels of the big image per canvas unit
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    for shape in domino_shapes(maskable=maskable):
        if isinstance(shape, RoundRect):
            box = (
                shape.x * unit,
                shape.y * unit,
                (shape.x + shape.width) * unit - 1,
                (shape.y + shape.height) * unit - 1,
            )
            draw.rounded_rectangle(box, radius=shape.radius * unit, fill=shape.colour)
        else:
            box = (
                (shape.cx - shape.r) * unit,
                (shape.cy - shape.r) * unit,
                (shape.cx + shape.r) * unit - 1,
                (shape.cy + shape.r) * unit - 1,
            )
            draw.ellipse(box, fill=shape.colour)
    # Pillow scales RGBA with premultiplied alpha, so the edges keep their colour.
    small = image.resize((size, size), Image.Resampling.BOX)
    out = io.BytesIO()
    small.save(out, format="PNG", optimize=True)
    return out.getvalue()


def write_icons(target: Path = WEB) -> list[Path]:
    """Write every icon of :data:`ICONS` into ``target``."""
    written = []
    for name, size, maskable in ICONS:
        path = target / name
        if size is None:
            path.write_text(icon_svg(domino_shapes(maskable=maskable)), encoding="utf-8")
        else:
            path.write_bytes(icon_png(size, maskable=maskable))
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    """Write the icons; print each file's name and size."""
    parser = argparse.ArgumentParser(description="Draw the app icons into web/ (needs Pillow: the icons extra).")
    parser.add_argument("--into", type=Path, default=WEB, help="the folder to write them to (default web/)")
    args = parser.parse_args(argv)
    for path in write_icons(args.into):
        print(f"{path.stat().st_size:>8,}  {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
