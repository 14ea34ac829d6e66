"""PNG in and out with the standard library alone (zlib and struct): enough
for the committed icons' test and for comparing screenshots pixel by pixel
(tools/pin_screens.py), with no image library to install.

    >>> data = encode_png(2, 1, bytes([255, 0, 0, 255, 0, 0, 255, 128]))
    >>> decode_png(data)
    (2, 1, b'\\xff\\x00\\x00\\xff\\x00\\x00\\xff\\x80')

Only what a browser's screenshots and the icons use is read: 8 bits a
channel, RGB or RGBA, not interlaced. Anything else is a ``PNGError``.
"""

from __future__ import annotations

import struct
import zlib

__all__ = ["PNGError", "decode_png", "encode_png"]

SIGNATURE = b"\x89PNG\r\n\x1a\n"
#: Colour type: bytes a pixel (8-bit channels).
CHANNELS = {2: 3, 6: 4}


class PNGError(ValueError):
    """Bytes that are not a PNG this module reads; the message says why."""


def decode_png(data: bytes) -> tuple[int, int, bytes]:
    """Width, height and RGBA pixels (row by row, 4 bytes a pixel) of an
    8-bit RGB or RGBA, non-interlaced PNG. RGB comes back opaque."""
    if data[:8] != SIGNATURE:
        raise PNGError("not a PNG (no PNG signature)")
    position = 8
    chunks: dict[bytes, bytes] = {}
    while position < len(data):
        if position + 12 > len(data):
            raise PNGError("the PNG is cut short")
        (length,) = struct.unpack(">I", data[position : position + 4])
        kind = data[position + 4 : position + 8]
        body = data[position + 8 : position + 8 + length]
        (crc,) = struct.unpack(">I", data[position + 8 + length : position + 12 + length])
        if crc != zlib.crc32(kind + body):
            raise PNGError(f"bad CRC in {kind!r}")
        chunks[kind] = chunks.get(kind, b"") + body
        position += 12 + length
    if b"IHDR" not in chunks or b"IEND" not in chunks:
        raise PNGError("the PNG has no IHDR or no IEND")
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", chunks[b"IHDR"])
    if depth != 8 or colour not in CHANNELS or interlace != 0:
        raise PNGError(
            f"only 8-bit RGB or RGBA, not interlaced (depth {depth}, colour {colour}, interlace {interlace})"
        )
    step = CHANNELS[colour]
    raw = zlib.decompress(chunks[b"IDAT"])
    stride = width * step
    if len(raw) != height * (stride + 1):
        raise PNGError(f"the pixel data holds {len(raw)} bytes, not {height * (stride + 1)}")
    pixels = bytearray()
    previous = bytes(stride)
    for y in range(height):
        start = y * (stride + 1)
        row = bytearray(raw[start + 1 : start + 1 + stride])
        unfilter(raw[start], row, previous, step)
        pixels += row
        previous = bytes(row)
    if step == 3:
        opaque = bytearray(width * height * 4)
        opaque[0::4], opaque[1::4], opaque[2::4] = pixels[0::3], pixels[1::3], pixels[2::3]
        opaque[3::4] = b"\xff" * (width * height)
        return width, height, bytes(opaque)
    return width, height, bytes(pixels)


def unfilter(kind: int, row: bytearray, previous: bytes, step: int) -> None:
    """Undo one PNG row filter (0 None, 1 Sub, 2 Up, 3 Average, 4 Paeth) in
    place; ``step`` is the bytes a pixel. A loop per filter: this is the
    slow part of reading a screenshot."""
    size = len(row)
    if kind == 0:
        return
    if kind == 1:
        for i in range(step, size):
            row[i] = (row[i] + row[i - step]) & 0xFF
    elif kind == 2:
        for i in range(size):
            row[i] = (row[i] + previous[i]) & 0xFF
    elif kind == 3:
        for i in range(step):
            row[i] = (row[i] + (previous[i] >> 1)) & 0xFF
        for i in range(step, size):
            row[i] = (row[i] + ((row[i - step] + previous[i]) >> 1)) & 0xFF
    elif kind == 4:
        for i in range(step):  # no left, no up-left: Paeth picks "up"
            row[i] = (row[i] + previous[i]) & 0xFF
        for i in range(step, size):
            left, up, up_left = row[i - step], previous[i], previous[i - step]
            guess = left + up - up_left
            to_left, to_up, to_up_left = abs(guess - left), abs(guess - up), abs(guess - up_left)
            if to_left <= to_up and to_left <= to_up_left:
                near = left
            elif to_up <= to_up_left:
                near = up
            else:
                near = up_left
            row[i] = (row[i] + near) & 0xFF
    else:
        raise PNGError(f"unknown row filter {kind}")


def encode_png(width: int, height: int, rgba: bytes) -> bytes:
    """An 8-bit RGBA PNG of ``rgba`` (row by row, 4 bytes a pixel), unfiltered."""
    stride = width * 4
    if len(rgba) != height * stride:
        raise PNGError(f"{len(rgba)} bytes are not {width} x {height} RGBA pixels")
    raw = b"".join(b"\0" + rgba[y * stride : (y + 1) * stride] for y in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return SIGNATURE + _chunk(b"IHDR", header) + _chunk(b"IDAT", zlib.compress(raw, 6)) + _chunk(b"IEND", b"")


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
