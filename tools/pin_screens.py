"""Pin the page's look before a refactor: a fixed list of screens, captured
in Chromium, compared pixel by pixel before and after (issue 30,
docs/refactoring.md).

    python build.py                                          # the site to pin
    python -m tools.pin_screens capture OUTDIR [--only NAME ...] [--dist DIR]
    python -m tools.pin_screens compare BEFORE AFTER [--diff DIFFDIR]
    python -m tools.pin_screens saves                        # rewrite the saves (rarely)

``capture`` builds nothing: it serves the dist/ already built on a free
loopback port and writes one PNG a screen (:data:`SCREENS`). Each screen is
made the same way every time, so two captures of the same site are equal to
the byte:

- no computer ever thinks: the game opens on a save put in local storage
  (tools/pin_screens.json, a seeded match against the Easy computer), at
  the person's turn or at a hand's end, never waiting on a move's timing;
  the computer's speed is the fastest anyway;
- a fresh browser context for each screen, English, UTC, reduced motion,
  light colours, no service worker, the first visit's introduction marked
  seen; Chromium without partial raster (see :data:`CHROMIUM_ARGS`);
- the tile is chosen from the keyboard, no pointer ever moves (see
  :func:`open_mid_hand`); the tutorial waits until every replay is live;
- before the picture: ``body[data-ready='1']``, the fonts and images
  loaded, no score counting up, no animation running, two frames drawn; the
  picture is taken with animations disabled and the text caret hidden; a
  whole page is scrolled through, never resized (:func:`whole_page_picture`);
- each screen is taken twice in a row: the two must be equal, else the
  capture fails, naming the screen (a screen that will not hold still is a
  bug here, or something random in the page, to be found and fixed).

The page must log no error while it is captured: a broken page is not pinned.

``compare`` reads two capture folders and prints, for each screen, that it
is identical, or how many pixels differ and the box around them; ``--diff``
writes a picture of each difference (the differing pixels magenta over a
faded copy of AFTER). It exits 0 when every screen is identical, 1 when one
differs, 2 when a screen is missing from either folder.

``saves`` writes tools/pin_screens.json again from the page's controller:
only when the save format itself changes on purpose (it changes the pins).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script: sitebuild is beside tools/
    sys.path.insert(0, str(ROOT))

from sitebuild import testing  # noqa: E402
from sitebuild.files import DIST  # noqa: E402
from sitebuild.offline import PRECACHE_NAME  # noqa: E402
from tools.png import decode_png, encode_png  # noqa: E402

SAVES = Path(__file__).with_suffix(".json")
#: The browser tests' flags (tests/browser/conftest.py), and one more: no
#: partial raster. A change on the page (the focus moving) has Chromium paint
#: again only the part of a tile that changed, and the felt around it can then
#: come out a shade (1 in 255) off a tile painted whole: seen as a 240 x 62
#: pixel patch that differed between two ways of reaching the same screen.
CHROMIUM_ARGS = (*testing.CHROMIUM_ARGS, "--disable-partial-raster")
#: Pyodide's cold start takes several seconds on a busy 2-core machine.
READY_TIMEOUT_MS = 120_000
WAIT_TIMEOUT_MS = 60_000
#: Between the two pictures of a screen: long enough for a late change to show.
SECOND_LOOK_MS = 500

#: Exit codes of ``compare`` (``capture`` uses the first two, and 2 for no dist/).
IDENTICAL, DIFFERENT, MISSING = 0, 1, 2

#: What the page finds in local storage: the introduction seen, English, the
#: fastest computer, the learning aids on (the points shown on the lit ends).
PREFS = {"language": "en", "speed": "fast", "learning": True}


# --------------------------------------------------------------------------
# The screens


@dataclass(frozen=True)
class Device:
    """A window: its size in CSS pixels, device pixels a CSS pixel, touch."""

    name: str
    width: int
    height: int
    scale: int = 1
    touch: bool = False


DESKTOP = Device("desktop", 1280, 800)
#: The browser tests' phone (tests/browser/conftest.py), with a touch screen.
PHONE = Device("phone", 390, 844, touch=True)
#: 200% zoom of a 1280 x 800 window: 640 x 400 CSS pixels, two device pixels
#: each (as tests/browser/test_board_reading.py zooms).
ZOOMED = Device("zoom200", 640, 400, scale=2)


@dataclass(frozen=True)
class Screen:
    """One picture: a scene on a device. ``whole_page`` takes the page from
    top to bottom (see :func:`whole_page_picture`), else what the window shows."""

    scene: str
    device: Device
    whole_page: bool = False

    @property
    def name(self) -> str:
        return f"{self.scene}-{self.device.name}"


SCREENS: tuple[Screen, ...] = (
    # At 200% zoom the hand and the log are below the window's edge: the whole page.
    *(Screen("game-mid-hand", device, whole_page=True) for device in (DESKTOP, PHONE, ZOOMED)),
    # The summary is a modal dialog in the middle of the window: what the window shows.
    *(Screen("game-hand-end", device) for device in (DESKTOP, PHONE, ZOOMED)),
    *(Screen("replay", device) for device in (DESKTOP, PHONE)),
    *(Screen("tutorial-top", device) for device in (DESKTOP, PHONE)),
    *(Screen("tutorial-poster", device) for device in (DESKTOP, PHONE)),
    # The dialogs issue 45 drew again from their state: what the window shows.
    *(Screen("game-menu", device) for device in (DESKTOP, PHONE)),
    *(Screen("game-new-match", device) for device in (DESKTOP, PHONE)),
    *(Screen("game-history", device) for device in (DESKTOP, PHONE)),
    Screen("game-review", DESKTOP),
)
SCREEN_NAMES = tuple(screen.name for screen in SCREENS)


@dataclass(frozen=True)
class Saves:
    """The fixed inputs of the screens (tools/pin_screens.json)."""

    mid_hand: str  # a save at the person's turn, mid-hand
    selected: str  # the tile chosen in it, which fits several ends
    hand_end: str  # the same match, its first hand over
    replay_link: str  # that hand, as the replay's #record= link
    replay_move: int

    @staticmethod
    def load(path: Path = SAVES) -> Saves:
        data = json.loads(path.read_text(encoding="utf-8"))
        return Saves(
            mid_hand=data["mid_hand"]["save"],
            selected=data["mid_hand"]["selected"],
            hand_end=data["hand_end"]["save"],
            replay_link=data["replay"]["link"],
            replay_move=int(data["replay"]["move"]),
        )


# --------------------------------------------------------------------------
# Making each scene


#: True once nothing on the page will change by itself: fonts and images
#: loaded, no score counting up, no animation running, two frames drawn.
SETTLED = """async () => {
    await document.fonts.ready;
    await Promise.all(Array.from(document.images).filter((image) => !image.complete)
        .map((image) => new Promise((done) => { image.onload = image.onerror = done; })));
    for (let frame = 0; frame < 2; frame++) await new Promise((done) => requestAnimationFrame(done));
    return document.fonts.status === "loaded"
        && document.querySelector(".counting") === null
        && document.getAnimations().every((animation) => animation.playState !== "running" && !animation.pending);
}"""


def local_storage_script(items: dict[str, str]) -> str:
    """An init script that puts ``items`` in local storage before the page's own scripts run."""
    lines = [f"localStorage.setItem({json.dumps(key)}, {json.dumps(value)});" for key, value in items.items()]
    return "try {\n" + "\n".join(lines) + "\n} catch (error) {}"


def game_storage(save: str) -> dict[str, str]:
    return {"allfives.intro-seen": "1", "allfives.prefs": json.dumps(PREFS), "allfives.game": save}


def wait_ready(page: Any) -> None:
    page.locator("body[data-ready='1']").wait_for(state="attached", timeout=READY_TIMEOUT_MS)


#: The lit ends' accessible names ("Play on the West end, scores 10").
END_TARGET = re.compile(r"^Play on the (West|East|North|South) end")
HAND_OVER = re.compile(r"^Hand \d+ is over$")


def open_mid_hand(page: Any, url: str, saves: Saves) -> None:
    """The game at the person's turn, mid-hand, a tile chosen and the ends it fits lit.

    The tile is chosen from the keyboard (focused, then Enter), never the
    mouse: no pointer moves, so nothing is hovered, and the focus the page
    then gives the first lit end shows (``:focus-visible``, a white outline)
    by Chromium's rule for keyboard use, not by where a mouse was. The
    picture waits until it does."""
    page.context.add_init_script(local_storage_script(game_storage(saves.mid_hand)))
    page.goto(url + "index.html")
    wait_ready(page)
    tile = page.locator(f"#hand .hand-tile.playable[data-tile='{saves.selected}']")
    tile.focus()
    page.keyboard.press("Enter")
    targets = page.get_by_role("region", name="Table").get_by_role("button", name=END_TARGET)
    targets.first.wait_for(state="visible")
    if targets.count() < 2:
        raise CaptureError(f"{saves.selected} lights {targets.count()} end, not several")
    page.wait_for_function("() => document.activeElement?.matches('#board .end-target:focus-visible')")


def open_hand_end(page: Any, url: str, saves: Saves) -> None:
    """The game at a hand's end, its summary open (a reload shows it at once)."""
    page.context.add_init_script(local_storage_script(game_storage(saves.hand_end)))
    page.goto(url + "index.html")
    wait_ready(page)
    page.get_by_role("dialog", name=HAND_OVER).wait_for(state="visible")


def open_replay(page: Any, url: str, saves: Saves) -> None:
    """The replay (embed.html) of the pinned hand, at a fixed move."""
    page.goto(f"{url}embed.html?move={saves.replay_move}#record={saves.replay_link}")
    wait_ready(page)
    position = page.locator("#position")
    position.filter(has_text=f"Move {saves.replay_move} of ").wait_for(state="visible")


#: The tutorial's poster scrolled into view (docs/tutorial-scenarios.json).
POSTER = "spinner"


def open_tutorial(page: Any, url: str, where: str) -> None:
    """rules.html, every replay live (its poster taken over), scrolled to
    ``where``: "top" or the poster :data:`POSTER`.

    The page goes live by itself once a replay has been in view and the
    browser is idle (web/rules.js): it is brought into view first, and the
    picture waits until every replay is live, whatever was on screen."""
    page.context.add_init_script(local_storage_script({"allfives.prefs": json.dumps(PREFS)}))
    page.goto(url + "rules.html")
    poster = page.locator(f"#try-{POSTER}")
    poster.evaluate("node => node.scrollIntoView({block: 'start', behavior: 'instant'})")
    wait_ready(page)
    page.wait_for_function(
        "() => Array.from(document.querySelectorAll('.embed[data-replay]')).every((root) => root.dataset.live === '1')",
        timeout=READY_TIMEOUT_MS,
    )
    if where == "top":
        page.evaluate("() => window.scrollTo({top: 0, left: 0, behavior: 'instant'})")
    else:
        poster.evaluate("node => node.scrollIntoView({block: 'start', behavior: 'instant'})")


REVIEW_TITLE = re.compile(r"^Review of hand \d+$")


def open_dialog(page: Any, url: str, saves: Saves, *buttons: str) -> None:
    """The game mid-hand, a dialog opened by pressing ``buttons`` in turn
    (each the last dialog's, the first the header's); shown once its
    heading is named by the last button."""
    page.context.add_init_script(local_storage_script(game_storage(saves.mid_hand)))
    page.goto(url + "index.html")
    wait_ready(page)
    for button in buttons:
        page.get_by_role("button", name=button, exact=True).last.click()
        page.get_by_role("dialog", name=button).wait_for(state="visible")


def open_review(page: Any, url: str, saves: Saves) -> None:
    """The coach's review of the pinned hand, from its summary, once weighed."""
    open_hand_end(page, url, saves)
    page.get_by_role("dialog", name=HAND_OVER).get_by_role("button", name="Review").click()
    review = page.get_by_role("dialog", name=REVIEW_TITLE)
    review.get_by_role("button", name="Back to the summary").wait_for(state="visible", timeout=READY_TIMEOUT_MS)


SCENES: dict[str, Callable[[Any, str, Saves], None]] = {
    "game-mid-hand": open_mid_hand,
    "game-hand-end": open_hand_end,
    "replay": open_replay,
    "game-menu": lambda page, url, saves: open_dialog(page, url, saves, "Menu"),
    "game-new-match": lambda page, url, saves: open_dialog(page, url, saves, "New match"),
    "game-history": lambda page, url, saves: open_dialog(page, url, saves, "Menu", "History"),
    "game-review": open_review,
    "tutorial-top": lambda page, url, _saves: open_tutorial(page, url, "top"),
    "tutorial-poster": lambda page, url, _saves: open_tutorial(page, url, "poster"),
}


# --------------------------------------------------------------------------
# Capturing


class CaptureError(RuntimeError):
    """A screen that could not be pinned; the message says which and why."""


@dataclass
class PageProblems:
    """Console errors and uncaught exceptions of a page: a page that logs one is not pinned."""

    lines: list[str] = field(default_factory=list)

    def watch(self, page: Any) -> None:
        page.on("console", self.on_console)
        page.on("pageerror", self.on_page_error)

    def on_console(self, message: Any) -> None:
        if message.type == "error":
            self.lines.append(f"console: {message.text}")

    def on_page_error(self, error: Any) -> None:
        self.lines.append(f"page error: {error}")


def capture_screen(browser: Any, url: str, screen: Screen, saves: Saves) -> bytes:
    """The PNG of ``screen`` on the site at ``url``, in a fresh context,
    taken twice: raises :class:`CaptureError` if the two differ."""
    device = screen.device
    context = browser.new_context(
        viewport={"width": device.width, "height": device.height},
        device_scale_factor=device.scale,
        has_touch=device.touch,
        locale="en-US",
        timezone_id="UTC",
        reduced_motion="reduce",
        color_scheme="light",
        service_workers="block",
    )
    context.set_default_timeout(WAIT_TIMEOUT_MS)
    problems = PageProblems()
    try:
        page = context.new_page()
        problems.watch(page)
        SCENES[screen.scene](page, url, saves)
        first = settled_picture(page, screen)
        page.wait_for_timeout(SECOND_LOOK_MS)
        second = settled_picture(page, screen)
    finally:
        context.close()
    if problems.lines:
        raise CaptureError(f"{screen.name}: the page logged problems:\n  " + "\n  ".join(problems.lines))
    if first != second:
        raise CaptureError(f"{screen.name}: two pictures in a row differ: the screen does not hold still")
    return bytes(first)


def settled_picture(page: Any, screen: Screen) -> bytes:
    """The screen once the page has settled: the window, or the whole page."""
    if screen.whole_page:
        return whole_page_picture(page, screen.device.scale)
    return window_picture(page)


def window_picture(page: Any) -> bytes:
    page.wait_for_function(SETTLED, timeout=WAIT_TIMEOUT_MS)
    picture: bytes = page.screenshot(animations="disabled", caret="hide")
    return picture


def whole_page_picture(page: Any, scale: int) -> bytes:
    """The page from top to bottom: the window scrolled down a window's
    height at a time, its pictures put one under the other.

    Not Playwright's ``full_page``: that makes the window as tall as the page
    for the picture, and the game redraws its board on a resize (its shape
    follows the window), sometimes before the picture and sometimes after,
    dropping the focus from the lit end as it does: at 200% zoom the lit
    end's outline was white in one run and not in the next."""
    total, height = page.evaluate("() => [document.documentElement.scrollHeight, window.innerHeight]")
    if total <= height:
        return window_picture(page)
    rows: list[bytes] = []
    width = 0
    covered = 0  # CSS pixels of the page already in ``rows``
    for wanted in [*range(0, total - height, height), total - height]:
        top = page.evaluate(
            "(y) => { window.scrollTo({top: y, left: 0, behavior: 'instant'}); return window.scrollY; }", wanted
        )
        width, section_height, pixels = decode_png(window_picture(page))
        stride = width * 4
        first = (covered - top) * scale  # skip what the section above already showed
        rows.append(pixels[first * stride : section_height * stride])
        covered = top + section_height // scale
    page.evaluate("() => window.scrollTo({top: 0, left: 0, behavior: 'instant'})")
    stitched = b"".join(rows)
    return encode_png(width, len(stitched) // (width * 4), stitched)


@contextmanager
def serve(directory: Path) -> Iterator[str]:
    """``directory`` served on a free loopback port by the build's own server; yields its URL."""
    from sitebuild.serve import serving

    with serving(directory) as url:
        yield url


def find_executable(driver: Any) -> str | None:
    """The Chromium the browser tests launch (sitebuild/testing.py): its
    program, or None for Playwright's own; :class:`CaptureError` if there is none."""
    machine = replace(
        testing.Machine.local(), playwright_chromium=lambda: testing.has_playwright_chromium(driver.chromium)
    )
    found = testing.find_chromium(machine)
    if found is None:
        raise CaptureError(testing.NO_CHROMIUM)
    return found.executable


def launch(driver: Any) -> Any:
    """That Chromium, headless, with :data:`CHROMIUM_ARGS`."""
    return driver.chromium.launch(executable_path=find_executable(driver), args=list(CHROMIUM_ARGS), headless=True)


@contextmanager
def chromium() -> Iterator[Any]:
    """:func:`launch` in a Playwright of its own."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        browser = launch(driver)
        try:
            yield browser
        finally:
            browser.close()


def capture(outdir: Path, names: Sequence[str] = SCREEN_NAMES, dist: Path = DIST) -> int:
    """Capture the screens ``names`` of the site in ``dist`` into ``outdir``."""
    if not (dist / PRECACHE_NAME).is_file():
        print(f"{dist} is not a built site (no {PRECACHE_NAME}): run `python build.py` first.", file=sys.stderr)
        return MISSING
    saves = Saves.load()
    screens = [screen for screen in SCREENS if screen.name in names]
    outdir.mkdir(parents=True, exist_ok=True)
    failed = 0
    with serve(dist) as url, chromium() as browser:
        for screen in screens:
            try:
                picture = capture_screen(browser, url, screen, saves)
            except CaptureError as error:
                print(f"{screen.name}: FAILED: {error}", flush=True)
                failed += 1
                continue
            (outdir / f"{screen.name}.png").write_bytes(picture)
            width, height = png_size(picture)
            print(f"{screen.name}: {width} x {height}", flush=True)
    print(f"{len(screens) - failed} of {len(screens)} screens in {outdir}")
    return DIFFERENT if failed else IDENTICAL


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG's header (without decoding its pixels)."""
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


# --------------------------------------------------------------------------
# Comparing


@dataclass(frozen=True)
class Difference:
    """How two pictures of a screen differ: the count of differing pixels and
    the box around them (left, top, right, bottom; inclusive). A pixel
    inside one picture and outside the other (their sizes differ) differs."""

    pixels: int
    box: tuple[int, int, int, int] | None
    sizes: tuple[tuple[int, int], tuple[int, int]]

    @property
    def identical(self) -> bool:
        return self.pixels == 0 and self.sizes[0] == self.sizes[1]

    def describe(self) -> str:
        if self.identical:
            return "identical"
        (w0, h0), (w1, h1) = self.sizes
        size = "" if (w0, h0) == (w1, h1) else f" (size {w0} x {h0} before, {w1} x {h1} after)"
        assert self.box is not None
        left, top, right, bottom = self.box
        count = "1 pixel differs" if self.pixels == 1 else f"{self.pixels} pixels differ"
        return f"{count}, in x {left}..{right}, y {top}..{bottom} ({right - left + 1} x {bottom - top + 1}){size}"


def pixel_at(image: tuple[int, int, bytes], x: int, y: int) -> bytes | None:
    width, height, pixels = image
    if x >= width or y >= height:
        return None
    start = (y * width + x) * 4
    return pixels[start : start + 4]


def differing_pixels(before: tuple[int, int, bytes], after: tuple[int, int, bytes]) -> Iterator[tuple[int, int]]:
    """The (x, y) of every pixel that differs, over both pictures' area.
    Rows that are equal as a whole are skipped at once."""
    width, height = max(before[0], after[0]), max(before[1], after[1])
    for y in range(height):
        row_before = _row(before, y)
        row_after = _row(after, y)
        if row_before == row_after and before[0] == after[0]:
            continue
        for x in range(width):
            if pixel_at(before, x, y) != pixel_at(after, x, y):
                yield x, y


def _row(image: tuple[int, int, bytes], y: int) -> bytes | None:
    width, height, pixels = image
    return pixels[y * width * 4 : (y + 1) * width * 4] if y < height else None


def compare_pictures(before: bytes, after: bytes) -> tuple[Difference, list[tuple[int, int]]]:
    """How ``after`` differs from ``before`` (PNG bytes), and where."""
    if before == after:  # the same bytes are the same pixels: no need to read them
        return Difference(0, None, (png_size(before), png_size(after))), []
    first, second = decode_png(before), decode_png(after)
    sizes = ((first[0], first[1]), (second[0], second[1]))
    where = list(differing_pixels(first, second))
    if not where:
        return Difference(0, None, sizes), []
    xs, ys = [x for x, _ in where], [y for _, y in where]
    return Difference(len(where), (min(xs), min(ys), max(xs), max(ys)), sizes), where


MAGENTA = b"\xff\x00\xff\xff"
#: A faded pixel keeps a third of its contrast against white: the page shows
#: through, the differences stand out.
FADE = bytes(255 - (255 - value) // 3 for value in range(256))


def diff_picture(after: bytes, where: list[tuple[int, int]], size: tuple[int, int]) -> bytes:
    """A PNG of ``size``: ``after`` faded, the pixels ``where`` in magenta."""
    width, height, pixels = decode_png(after)
    canvas_width, canvas_height = size
    canvas = bytearray(b"\xff" * (canvas_width * canvas_height * 4))
    faded = pixels.translate(FADE)
    for y in range(min(height, canvas_height)):
        row = faded[y * width * 4 : (y * width + min(width, canvas_width)) * 4]
        canvas[y * canvas_width * 4 : y * canvas_width * 4 + len(row)] = row
    for x, y in where:
        start = (y * canvas_width + x) * 4
        canvas[start : start + 4] = MAGENTA
    return encode_png(canvas_width, canvas_height, bytes(canvas))


def compare(before_dir: Path, after_dir: Path, diff_dir: Path | None = None, out: Any = None) -> int:
    """Compare the screens of two capture folders; print one line a screen;
    return :data:`IDENTICAL`, :data:`DIFFERENT` or :data:`MISSING`."""
    out = out if out is not None else sys.stdout
    folders = (before_dir, after_dir)
    for folder in folders:
        if not folder.is_dir():
            print(f"{folder}: no such folder", file=out)
            return MISSING
    names = sorted({path.stem for folder in folders for path in folder.glob("*.png")})
    if not names:
        print(f"no screens in {before_dir} or {after_dir}", file=out)
        return MISSING
    missing = different = 0
    for name in names:
        absent = [
            label
            for label, folder in zip(("BEFORE", "AFTER"), folders, strict=True)
            if not _png(folder, name).is_file()
        ]
        if absent:
            print(f"{name}: missing in {' and '.join(absent)}", file=out)
            missing += 1
            continue
        before, after = (_png(folder, name).read_bytes() for folder in folders)
        difference, where = compare_pictures(before, after)
        print(f"{name}: {difference.describe()}", file=out)
        if difference.identical:
            continue
        different += 1
        if diff_dir is not None:
            diff_dir.mkdir(parents=True, exist_ok=True)
            size = (max(s[0] for s in difference.sizes), max(s[1] for s in difference.sizes))
            (diff_dir / f"{name}.png").write_bytes(diff_picture(after, where, size))
    summary = f"{len(names) - missing - different} of {len(names)} screens identical"
    print(
        summary + (f", {different} differ" if different else "") + (f", {missing} missing" if missing else ""), file=out
    )
    return MISSING if missing else DIFFERENT if different else IDENTICAL


def _png(folder: Path, name: str) -> Path:
    return folder / f"{name}.png"


# --------------------------------------------------------------------------
# The saves


#: The pinned match: You against the Easy computer, seed 2, the standard
#: rules; You play the first legal move each turn. At move 18 You are to
#: play with 6-0 fitting three ends of a spinner; the hand ends at move 25.
SEED = 2
MID_HAND_MOVE = 18
REPLAY_MOVE = 12


def make_saves() -> dict[str, Any]:
    """The content of tools/pin_screens.json, played with the page's controller on CPython."""
    sys.path.insert(0, str(ROOT / "web"))
    from allfives import Rules

    from table.game import Game, GameSetup, SeatSetup, encode_link

    game = Game(GameSetup(Rules(), (SeatSetup("You"), SeatSetup("Computer", "easy")), SEED))
    game.start()
    mid_hand: dict[str, str] = {}
    while not game.match.needs_deal:
        hand = game.match.hand
        assert hand is not None
        if game.person_to_move:
            moves = game.view(0).legal_moves
            if len(hand.moves) == MID_HAND_MOVE:
                ends = {str(m.tile): [n for n in moves if n.tile is m.tile] for m in moves}
                selected = next(tile for tile, fits in ends.items() if len(fits) > 1)
                mid_hand = {"save": game.save_text(), "selected": selected}
            game.play(moves[0])
        else:
            search = game.computer_thinking()  # Easy's: no clock in it, so the same every run
            while (decision := search.step(1000)) is None:
                pass
            game.match.play(decision.move)
    if not mid_hand or game.match.is_over:
        raise AssertionError(f"seed {SEED} no longer gives a hand with move {MID_HAND_MOVE} to pin")
    return {
        "about": "Inputs of tools/pin_screens.py: `python -m tools.pin_screens saves` writes them.",
        "mid_hand": mid_hand,
        "hand_end": {"save": game.save_text()},
        "replay": {"link": encode_link(game.to_record()), "move": REPLAY_MOVE},
    }


def write_saves(path: Path = SAVES) -> None:
    path.write_text(json.dumps(make_saves(), indent=2) + "\n", encoding="utf-8")
    print(f"wrote {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")


# --------------------------------------------------------------------------
# The command line


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.pin_screens", description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    capture_parser = commands.add_parser("capture", help="capture every screen of the built dist/ into OUTDIR")
    capture_parser.add_argument("outdir", type=Path)
    capture_parser.add_argument("--only", nargs="+", choices=SCREEN_NAMES, metavar="NAME", help="only these screens")
    capture_parser.add_argument("--dist", type=Path, default=DIST, help="the built site (default dist/)")
    compare_parser = commands.add_parser("compare", help="compare two capture folders pixel by pixel")
    compare_parser.add_argument("before", type=Path)
    compare_parser.add_argument("after", type=Path)
    compare_parser.add_argument("--diff", type=Path, metavar="DIFFDIR", help="write a picture of each difference")
    commands.add_parser("saves", help="write tools/pin_screens.json again (changes the pins)")
    args = parser.parse_args(argv)
    if args.command == "capture":
        return capture(args.outdir, args.only or SCREEN_NAMES, args.dist)
    if args.command == "compare":
        return compare(args.before, args.after, args.diff)
    write_saves()
    return IDENTICAL


if __name__ == "__main__":
    sys.exit(main())
