"""The screenshot pins (tools/pin_screens.py), without a browser: ``compare``
on small made-up pictures, the PNG reader and writer it stands on, and the
saves the screens open on."""

from __future__ import annotations

import io
import json
import struct
import zlib
from collections.abc import Collection
from pathlib import Path

import pytest

from tools import pin_screens
from tools.png import PNGError, decode_png, encode_png

from table.game import Game, decode_link

WHITE, BLACK = b"\xff\xff\xff\xff", b"\x00\x00\x00\xff"


def picture(width: int, height: int, dark: Collection[tuple[int, int]] = ()) -> bytes:
    """A white PNG with the pixels ``dark`` black."""
    return encode_png(
        width, height, b"".join(BLACK if (x, y) in dark else WHITE for y in range(height) for x in range(width))
    )


def chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def png(width: int, height: int, colour: int, rows: bytes) -> bytes:
    """A PNG of ``rows`` as they are stored (each with its filter byte)."""
    header = struct.pack(">IIBBBBB", width, height, 8, colour, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def folder(root: Path, name: str, screens: dict[str, bytes]) -> Path:
    path = root / name
    path.mkdir()
    for screen, data in screens.items():
        (path / f"{screen}.png").write_bytes(data)
    return path


def run_compare(before: Path, after: Path, diff: Path | None = None) -> tuple[int, list[str]]:
    out = io.StringIO()
    code = pin_screens.compare(before, after, diff, out=out)
    return code, out.getvalue().splitlines()


# compare


def test_identical_folders_say_so_and_exit_0(tmp_path: Path) -> None:
    screens = {"game-desktop": picture(4, 3, {(1, 1)}), "replay-phone": picture(2, 2)}
    code, lines = run_compare(folder(tmp_path, "before", screens), folder(tmp_path, "after", screens))
    assert code == pin_screens.IDENTICAL
    assert lines == ["game-desktop: identical", "replay-phone: identical", "2 of 2 screens identical"]


def test_the_same_pixels_written_differently_are_identical(tmp_path: Path) -> None:
    """Pixels are compared, not files: the same picture stored with another
    row filter (Sub: each byte less the one a pixel to its left) is identical."""
    before = picture(2, 1, {(1, 0)})
    pixels = decode_png(before)[2]
    subtracted = bytes((pixels[i] - (pixels[i - 4] if i >= 4 else 0)) & 0xFF for i in range(len(pixels)))
    again = png(2, 1, 6, b"\1" + subtracted)
    assert again != before
    code, lines = run_compare(folder(tmp_path, "before", {"s": before}), folder(tmp_path, "after", {"s": again}))
    assert (code, lines[0]) == (pin_screens.IDENTICAL, "s: identical")


def test_one_pixel_changed_is_counted_boxed_and_drawn_in_magenta(tmp_path: Path) -> None:
    before = folder(tmp_path, "before", {"game-desktop": picture(4, 3)})
    after = folder(tmp_path, "after", {"game-desktop": picture(4, 3, {(2, 1)})})
    diff = tmp_path / "diff"
    code, lines = run_compare(before, after, diff)
    assert code == pin_screens.DIFFERENT
    assert lines[0] == "game-desktop: 1 pixel differs, in x 2..2, y 1..1 (1 x 1)"
    assert lines[-1] == "0 of 1 screens identical, 1 differ"
    width, height, pixels = decode_png((diff / "game-desktop.png").read_bytes())
    assert (width, height) == (4, 3)
    at = {(x, y): pixels[(y * width + x) * 4 : (y * width + x) * 4 + 4] for y in range(height) for x in range(width)}
    assert at.pop((2, 1)) == pin_screens.MAGENTA
    assert set(at.values()) == {WHITE}, "the rest is AFTER, faded (white stays white)"


def test_the_box_spans_every_difference_and_only_differing_screens_get_a_picture(tmp_path: Path) -> None:
    before = folder(tmp_path, "before", {"a": picture(5, 4), "b": picture(2, 2)})
    after = folder(tmp_path, "after", {"a": picture(5, 4, {(1, 3), (3, 0)}), "b": picture(2, 2)})
    diff = tmp_path / "diff"
    code, lines = run_compare(before, after, diff)
    assert code == pin_screens.DIFFERENT
    assert lines[:2] == ["a: 2 pixels differ, in x 1..3, y 0..3 (3 x 4)", "b: identical"]
    assert sorted(path.name for path in diff.iterdir()) == ["a.png"]


def test_a_picture_of_another_size_differs_by_the_pixels_only_one_has(tmp_path: Path) -> None:
    before = folder(tmp_path, "before", {"s": picture(2, 2)})
    after = folder(tmp_path, "after", {"s": picture(2, 3)})
    code, lines = run_compare(before, after, tmp_path / "diff")
    assert code == pin_screens.DIFFERENT
    assert lines[0] == "s: 2 pixels differ, in x 0..1, y 2..2 (2 x 1) (size 2 x 2 before, 2 x 3 after)"
    assert decode_png((tmp_path / "diff" / "s.png").read_bytes())[:2] == (2, 3)


def test_a_missing_screen_exits_2(tmp_path: Path) -> None:
    before = folder(tmp_path, "before", {"a": picture(2, 2), "b": picture(2, 2)})
    after = folder(tmp_path, "after", {"a": picture(2, 2, {(0, 0)}), "c": picture(2, 2)})
    code, lines = run_compare(before, after)
    assert code == pin_screens.MISSING, "a missing screen outweighs a difference"
    assert lines == [
        "a: 1 pixel differs, in x 0..0, y 0..0 (1 x 1)",
        "b: missing in AFTER",
        "c: missing in BEFORE",
        "0 of 3 screens identical, 1 differ, 2 missing",
    ]


def test_a_missing_or_empty_folder_exits_2(tmp_path: Path) -> None:
    empty = folder(tmp_path, "empty", {})
    assert run_compare(empty, tmp_path / "nowhere")[0] == pin_screens.MISSING
    assert run_compare(empty, empty)[0] == pin_screens.MISSING


def test_the_command_line_exit_code_is_compares(tmp_path: Path) -> None:
    before = folder(tmp_path, "before", {"s": picture(2, 2)})
    after = folder(tmp_path, "after", {"s": picture(2, 2, {(1, 1)})})
    assert pin_screens.main(["compare", str(before), str(before)]) == 0
    assert pin_screens.main(["compare", str(before), str(after), "--diff", str(tmp_path / "d")]) == 1
    assert (tmp_path / "d" / "s.png").is_file()


def test_capture_without_a_built_site_says_to_build_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert pin_screens.main(["capture", str(tmp_path / "out"), "--dist", str(tmp_path)]) == pin_screens.MISSING
    assert "run `python build.py` first" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


# The PNG reader and writer


def test_an_rgb_png_reads_as_opaque_rgba() -> None:
    rgb = png(2, 1, 2, b"\0" + bytes([10, 20, 30, 40, 50, 60]))
    assert decode_png(rgb) == (2, 1, bytes([10, 20, 30, 255, 40, 50, 60, 255]))


def test_what_is_not_a_png_it_reads_is_refused() -> None:
    with pytest.raises(PNGError, match="signature"):
        decode_png(b"GIF89a")
    broken = bytearray(picture(2, 2))
    broken[-20] ^= 0xFF  # inside the pixel data: its CRC no longer matches
    with pytest.raises(PNGError, match="CRC"):
        decode_png(bytes(broken))
    with pytest.raises(PNGError):
        encode_png(2, 2, b"\0" * 15)


# The saves the screens open on


def test_the_screens_are_the_game_its_dialogs_the_replay_and_tutorial_at_each_size() -> None:
    names = pin_screens.SCREEN_NAMES
    assert len(set(names)) == len(names) == 19
    for scene in ("game-mid-hand", "game-hand-end"):
        assert {f"{scene}-{device}" for device in ("desktop", "phone", "zoom200")} <= set(names)
    for scene in ("replay", "tutorial-top", "tutorial-poster", "game-menu", "game-new-match", "game-history"):
        assert {f"{scene}-{device}" for device in ("desktop", "phone")} <= set(names)
    assert "game-review-desktop" in names


def test_the_saves_open_mid_hand_with_a_tile_for_several_ends_and_at_a_hands_end() -> None:
    saves = pin_screens.Saves.load()
    mid = Game.load_text(saves.mid_hand)
    assert mid.person_to_move
    hand = mid.match.hand
    assert hand is not None
    assert len(hand.moves) >= 10, "the board holds several tiles"
    fits = [m for m in mid.view(0).legal_moves if str(m.tile) == saves.selected]
    assert len(fits) >= 2, "the chosen tile lights several ends"

    end = Game.load_text(saves.hand_end)
    assert end.match.needs_deal
    assert not end.match.is_over, "a hand's end, not the match's (no confetti)"
    assert end.save_text().startswith(saves.mid_hand[: saves.mid_hand.index('"moves"')]), "the same match"

    record = decode_link(saves.replay_link)
    assert isinstance(record, dict)
    assert 0 < saves.replay_move < len(record["hands"][0]["moves"])


def test_the_saves_are_what_the_seeded_match_gives() -> None:
    """tools/pin_screens.json is ``make_saves()`` written out: the pins'
    inputs are a seeded match, not something typed in."""
    assert pin_screens.make_saves() == json.loads(pin_screens.SAVES.read_text(encoding="utf-8"))
