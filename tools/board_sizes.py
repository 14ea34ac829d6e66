"""How large the board draws its tiles at a hand's end (issue 44): on the game
page and in the replay, on a phone (390 x 844) and a desktop (1280 x 800).

    python build.py                                     # the site whose boxes are measured
    python -m tools.board_sizes --seeds 7001-7030       # the figures for these seeds
    python -m tools.board_sizes --seeds 7001-7030 --check    # ... exit 1 if a goal is missed
    python -m tools.board_sizes --seeds 7001-7004 --browser  # ... read off the page instead

For each seed a two-player hand of nine tiles is dealt by the page's
controller (``Game``, the seed as the match's) and played to its end by the
engine's players: the person's seat by the greedy player, the computer's by
the Easy computer's search, as the page runs it.

Every tile on a board is drawn at the same scale, so a board has one tile
length: the SVG meets its viewBox (``preserveAspectRatio="xMidYMid meet"``),
so a tile, ``2 * HALF`` units long, is drawn ``2 * HALF * min(w / vw, h / vh)``
CSS pixels long, where ``w x h`` is the SVG's box and ``vw x vh`` the viewBox
web/table/geometry.py lays the hand's last layout out in, for the shape
``table_shape`` reads from the board's box. The ends' rings (their diameter)
and their numbers (their font size) are drawn at that scale too.

The boxes are measured on the built site (dist/) in Chromium: the game page
at each seed's hand's end (the summary closed with Look at the table) and the
replay at the hand's last move, each at both sizes. A box depends on the
hand (the person's tiles left take a row under the game's board, or none), so
each seed's own is used. The page may draw its board at another shape than
its box's (before issue 44 it kept the shape of the box it first drew in):
the figures are of the board as drawn, at the shape of its viewBox.
``--browser`` reads every tile's length and every ring off the page as well,
and says where they differ from the board worked out from its box alone (by
more than a pixel). ``--json`` writes each board's boxes; ``--boxes`` reads
them back and works the figures out on CPython, with no browser (the same
site, another geometry).

The figures: for each page and size, the median and the least tile length
over the hands, in CSS pixels, the rings' diameter and their numbers' size on
the board of the median hand and of the least, the turns with room ahead (a
chain that turned a corner where a tile going straight on would have lain
inside the view, clear of every other tile and open end), and the goals of
issue 44: the median tile at least 40 px long on the phone and 64 on the
desktop, the least 28 and 44, a ring at least 16 px across on the median
board and on the least.
"""

from __future__ import annotations

import argparse
import itertools
import json
import statistics
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
for _path in (ROOT, ROOT / "web"):
    if str(_path) not in sys.path:  # run as a script: sitebuild and the page's code beside tools/
        sys.path.insert(0, str(_path))

from allfives import End, Layout, Rules  # noqa: E402
from allfives.players.simple import greedy_move  # noqa: E402
from sitebuild.files import DIST  # noqa: E402
from sitebuild.offline import PRECACHE_NAME  # noqa: E402
from tools.pin_screens import SETTLED, chromium, game_storage, local_storage_script, serve, wait_ready  # noqa: E402

from table import board  # noqa: E402
from table.felt import CLEAR, GAP, HALF, table_shape  # noqa: E402
from table.game import Game, GameSetup, SeatSetup  # noqa: E402
from table.geometry import BoardGeometry, EndBox, TileBox, board_geometry  # noqa: E402

RULES = Rules(players=2, hand_size=9)
#: The ring's radius and its number's size in viewBox units, as board.py
#: draws them (before they were named there: 0.34 and 0.36 of a half).
RING_RADIUS = float(getattr(board, "RING_RADIUS", 0.34 * HALF))
RING_TEXT = float(getattr(board, "RING_TEXT", 0.36 * HALF))


def ring_radius(scale: float) -> float:
    """The ring's radius on a board drawn ``scale`` CSS px a unit, as
    board.py draws it (before it had a least size: as wide as a tile)."""
    least = getattr(board, "ring_radius", None)
    return RING_RADIUS if least is None else float(least(scale))


@dataclass(frozen=True)
class Size:
    name: str
    width: int
    height: int
    touch: bool = False


PHONE = Size("390x844", 390, 844, touch=True)
DESKTOP = Size("1280x800", 1280, 800)
SIZES = (PHONE, DESKTOP)
PAGES = ("game", "replay")

#: The goals of issue 44: the median and the least tile length (CSS px) at
#: each size, and the ring's diameter on the median board and the least.
GOALS = {PHONE.name: (40.0, 28.0), DESKTOP.name: (64.0, 44.0)}
RING_GOAL = 16.0


@dataclass(frozen=True)
class Hand:
    """A seed's hand played out: its last layout, the save the game page
    opens at its end, and the replay's address at its last move."""

    seed: int
    layout: Layout
    save: str
    replay: str


def played_out(seed: int) -> Game:
    """A two-player hand of nine tiles dealt by ``seed`` and played to its
    end: your seat by the greedy player, the computer's by the Easy
    computer's search, as the page runs it."""
    game = Game(GameSetup(RULES, (SeatSetup("You"), SeatSetup("Computer", "easy")), seed))
    game.start()
    while not game.match.needs_deal:
        hand = game.match.hand
        assert hand is not None
        if game.person_to_move:
            game.play(greedy_move(hand))
        else:
            search = game.computer_thinking()
            while (decision := search.step(1000)) is None:
                pass
            game.play_computer(decision)
    return game


def play_hand(seed: int) -> Hand:
    game = played_out(seed)
    last = game.match.hand
    assert last is not None
    address, _record, _move = game.embed_link("", whole_hand=False, seat=0, lang="en")
    return Hand(seed, last.layout, game.save_text(), address)


@dataclass(frozen=True)
class Drawn:
    """One board as drawn, in CSS pixels: its tile length, its rings'
    diameter and their numbers' size; and its turns with room ahead."""

    tile: float
    ring: float
    text: float
    ahead: int


def drawn(layout: Layout, client: tuple[float, float], svg: tuple[float, float], aspect: float | None = None) -> Drawn:
    """A board worked out from the geometry and its box: ``client`` is the
    board's size as ``table_shape`` reads it, ``svg`` the SVG's; ``aspect``,
    when given, the shape the page drew it at (a page that did not draw its
    board again when the box changed drew it at another)."""
    shape, small = table_shape(*client)
    geometry = board_geometry(layout, shape if aspect is None else aspect, small=small)
    _x, _y, vw, vh = geometry.view_box
    scale = min(svg[0] / vw, svg[1] / vh)
    # The page draws the rings for the box it reads (padding included).
    ring = ring_radius(min(client[0] / vw, client[1] / vh))
    text = RING_TEXT * ring / RING_RADIUS
    return Drawn(2 * HALF * scale, 2 * ring * scale, text * scale, turns_with_room_ahead(geometry))


Piece = TileBox | EndBox


def _way(a: Piece, b: Piece) -> tuple[int, int]:
    """The way a chain runs from ``a`` to the next piece ``b`` (a corner
    tile lies mostly beyond the tile before it: it is entered going straight
    on, and left the new way)."""
    (ax, ay), (bx, by) = a.center, b.center
    dx, dy = bx - ax, by - ay
    if abs(dx) > abs(dy):
        return (1 if dx > 0 else -1, 0)
    return (0, 1 if dy > 0 else -1)


def _straight_on(piece: Piece, way: tuple[int, int]) -> tuple[float, float, float, float]:
    """Where a tile laid straight on from ``piece``, going ``way``, would lie."""
    (dx, dy), (x0, y0, x1, y1), (cx, cy) = way, piece.box, piece.center
    if dx:
        near = (x1 if dx > 0 else x0) + dx * GAP
        return (min(near, near + dx * 2 * HALF), cy - HALF / 2, max(near, near + dx * 2 * HALF), cy + HALF / 2)
    near = (y1 if dy > 0 else y0) + dy * GAP
    return (cx - HALF / 2, min(near, near + dy * 2 * HALF), cx + HALF / 2, max(near, near + dy * 2 * HALF))


def turns_with_room_ahead(geometry: BoardGeometry) -> int:
    """The corners where a chain turned though a tile laid straight on in
    the corner's place would have lain inside the view and clear (by
    ``CLEAR``) of every other tile and open end: turns a player sees as
    needless. An open end's next place counts as the chain's last piece."""
    vx, vy, vw, vh = geometry.view_box
    lead = next(t for t in geometry.tiles if t.arm is None)
    pieces = [t.box for t in geometry.tiles] + [e.box for e in geometry.ends.values()]
    count = 0
    for end in End:
        start = lead if end in (End.W, End.E) else geometry.spinner
        chain: list[Piece] = [t for t in geometry.tiles if t.arm == end and t is not start]
        if end in geometry.ends:
            chain.append(geometry.ends[end])
        if start is None or not chain:
            continue
        chain = [start, *chain]
        ways = [_way(a, b) for a, b in itertools.pairwise(chain)]
        for i in range(1, len(ways)):
            if ways[i] == ways[i - 1]:
                continue
            # chain[i] turned the corner: entered going ways[i - 1], left going ways[i].
            ahead = _straight_on(chain[i - 1], ways[i - 1])
            if not (vx <= ahead[0] and ahead[2] <= vx + vw and vy <= ahead[1] and ahead[3] <= vy + vh):
                continue
            if not any(
                ahead[0] < p[2] + CLEAR
                and p[0] < ahead[2] + CLEAR
                and ahead[1] < p[3] + CLEAR
                and p[1] < ahead[3] + CLEAR
                for p in pieces
                if p not in (chain[i - 1].box, chain[i].box)
            ):
                count += 1
    return count


# --------------------------------------------------------------------------
# In Chromium

#: The board's box and its SVG's, and every tile's and ring's size as drawn.
READ_BOARD = """() => {
    const node = document.getElementById("board");
    const svg = node.querySelector("svg");
    const box = svg.getBoundingClientRect();
    const scale = Math.min(box.width / svg.viewBox.baseVal.width, box.height / svg.viewBox.baseVal.height);
    const size = (element) => element.getBoundingClientRect();
    return {
        client: [node.clientWidth, node.clientHeight],
        view: [svg.viewBox.baseVal.width, svg.viewBox.baseVal.height],
        svg: [box.width, box.height],
        tiles: Array.from(node.querySelectorAll(".tile .tile-face")).map((face) => {
            const r = size(face);
            return Math.max(r.width, r.height);
        }),
        rings: Array.from(node.querySelectorAll(".end-marker circle")).map((ring) => size(ring).width),
        texts: Array.from(node.querySelectorAll(".end-marker text"))
            .map((text) => parseFloat(text.getAttribute("font-size")) * scale),
    };
}"""


def open_game(page: Any, url: str, hand: Hand) -> None:
    """The game page at the hand's end, its summary closed to look at the table."""
    page.context.add_init_script(local_storage_script(game_storage(hand.save)))
    page.goto(url + "index.html")
    wait_ready(page)
    summary = page.get_by_role("dialog").first
    summary.get_by_role("button", name="Look at the table").click()
    summary.wait_for(state="hidden")


def open_replay(page: Any, url: str, hand: Hand) -> None:
    """The replay at the hand's last move."""
    page.goto(url + hand.replay)
    wait_ready(page)
    page.locator("#board svg .tile").first.wait_for(state="visible")


OPENERS = {"game": open_game, "replay": open_replay}


def read_board(browser: Any, url: str, name: str, size: Size, hand: Hand) -> dict[str, Any]:
    """One page at one size at one hand's end, as Chromium draws it."""
    context = browser.new_context(
        viewport={"width": size.width, "height": size.height},
        has_touch=size.touch,
        is_mobile=size.touch,
        locale="en-US",
        reduced_motion="reduce",
        service_workers="block",
    )
    context.set_default_timeout(60_000)
    try:
        page = context.new_page()
        OPENERS[name](page, url, hand)
        # A redraw for the box's last shape landed, and no zoom is under way.
        page.wait_for_function(SETTLED)
        return dict(page.evaluate(READ_BOARD))
    finally:
        context.close()


def read_boards(hands: Sequence[Hand], dist: Path) -> Iterator[tuple[str, Size, Hand, dict[str, Any]]]:
    """Each page at each size at each hand's end, as Chromium draws it (a
    page that timed out loading, on a busy machine, is opened once more)."""
    from playwright.sync_api import TimeoutError as PageTimeout

    with serve(dist) as url, chromium() as browser:
        for size in SIZES:
            for name in PAGES:
                for hand in hands:
                    try:
                        read = read_board(browser, url, name, size, hand)
                    except PageTimeout:
                        print(f"seed {hand.seed}, {name} at {size.name}: timed out, once more", flush=True)
                        read = read_board(browser, url, name, size, hand)
                    yield name, size, hand, read


def saved_boxes(hands: Sequence[Hand], path: Path) -> Iterator[tuple[str, Size, Hand, dict[str, Any]]]:
    """The boxes a run measured (its ``--json``), for the same seeds."""
    rows = {(row["seed"], row["page"], row["size"]): row for row in json.loads(path.read_text(encoding="utf-8"))}
    for size in SIZES:
        for name in PAGES:
            for hand in hands:
                row = rows.get((hand.seed, name, size.name))
                if row is None:
                    raise SystemExit(f"{path} has no box for seed {hand.seed}, the {name} at {size.name}")
                yield name, size, hand, {**row, "tiles": [], "rings": [], "texts": []}


# --------------------------------------------------------------------------
# The figures


def seeds_of(text: str) -> list[int]:
    """``7001-7030``, or ``7001,7005,7009``, or both."""
    seeds: list[int] = []
    for part in text.split(","):
        first, _, last = part.partition("-")
        seeds.extend(range(int(first), int(last or first) + 1))
    return seeds


@dataclass(frozen=True)
class Figures:
    hands: int
    median: float
    least: float
    ring_median: float
    ring_least: float
    text_median: float
    text_least: float
    ahead: float  # turns with room ahead, on average a board

    @staticmethod
    def of(boards: Sequence[Drawn]) -> Figures:
        median = statistics.median(b.tile for b in boards)
        at_median = min(boards, key=lambda b: abs(b.tile - median))
        least = min(boards, key=lambda b: b.tile)
        return Figures(
            len(boards),
            median,
            least.tile,
            at_median.ring,
            least.ring,
            at_median.text,
            least.text,
            sum(b.ahead for b in boards) / len(boards),
        )

    def meets(self, size: str) -> bool:
        median, least = GOALS[size]
        return self.median >= median and self.least >= least and min(self.ring_median, self.ring_least) >= RING_GOAL


def report(boards: dict[tuple[str, str], list[Drawn]], out: Any = None) -> bool:
    """A Markdown table of the figures; True when every goal is met."""
    out = sys.stdout if out is None else out
    met = True
    print(
        "| page | size | hands | tile median | tile least | ring (median / least) | number (median / least)"
        " | turns with room ahead | goals |",
        file=out,
    )
    print("|---|---|--:|--:|--:|--:|--:|--:|---|", file=out)
    for size in SIZES:
        for name in PAGES:
            if (name, size.name) not in boards:
                continue
            f = Figures.of(boards[name, size.name])
            want_median, want_least = GOALS[size.name]
            ok = f.meets(size.name)
            met = met and ok
            print(
                f"| {name} | {size.name} | {f.hands} | {f.median:.1f} | {f.least:.1f}"
                f" | {f.ring_median:.1f} / {f.ring_least:.1f} | {f.text_median:.1f} / {f.text_least:.1f}"
                f" | {f.ahead:.2f} | {'met' if ok else 'missed'} (>= {want_median:.0f}, >= {want_least:.0f},"
                f" ring >= {RING_GOAL:.0f}) |",
                file=out,
            )
    return met


def measure(
    measured: Iterator[tuple[str, Size, Hand, dict[str, Any]]],
    boards: dict[tuple[str, str], list[Drawn]],
    rows: list[dict[str, Any]],
    *,
    browser: bool,
) -> None:
    """Each board's sizes into ``boards`` and ``rows``, as they come."""
    differ = 0
    for name, size, hand, read in measured:
        client, svg, view = tuple(read["client"]), tuple(read["svg"]), read.get("view")
        # As the page drew it: at the shape of its viewBox (saved boxes keep it).
        board_drawn = drawn(hand.layout, client, svg, None if view is None else view[0] / view[1])
        if browser:
            worked = drawn(hand.layout, client, svg)
            board_drawn = Drawn(
                statistics.median(read["tiles"]),
                max(read["rings"], default=0.0),
                max(read["texts"], default=0.0),
                board_drawn.ahead,
            )
            if abs(board_drawn.tile - worked.tile) > 1 or abs(board_drawn.ring - worked.ring) > 1:
                differ += 1
                print(f"seed {hand.seed}, {name} at {size.name}: drawn {board_drawn}, worked out {worked}", flush=True)
        boards.setdefault((name, size.name), []).append(board_drawn)
        rows.append(
            {
                "seed": hand.seed,
                "page": name,
                "size": size.name,
                "client": read["client"],
                "svg": read["svg"],
                "view": read.get("view"),
                "tile": round(board_drawn.tile, 2),
                "ahead": board_drawn.ahead,
            }
        )
    if browser:
        print(f"the page and the geometry differ by more than a pixel on {differ} of {len(rows)} boards\n")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.board_sizes", description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", required=True, type=seeds_of, help="the hands' seeds: 7001-7030 or 7001,7003")
    parser.add_argument("--browser", action="store_true", help="read every tile and ring off the page too")
    parser.add_argument("--check", action="store_true", help="exit 1 if a goal is missed")
    parser.add_argument("--dist", type=Path, default=DIST, help="the built site (default: dist/)")
    parser.add_argument("--json", type=Path, help="write each board's box and sizes here")
    parser.add_argument(
        "--boxes", type=Path, help="the boxes a run's --json wrote: work the figures out on CPython, no browser"
    )
    args = parser.parse_args(argv)
    if args.boxes is None and not (args.dist / PRECACHE_NAME).is_file():
        print(f"{args.dist} is not a built site: run `python build.py` first.", file=sys.stderr)
        return 2
    hands = [play_hand(seed) for seed in args.seeds]
    laid = [len(h.layout.tiles()) for h in hands]
    print(
        f"{len(hands)} two-player hands of 9 tiles (seeds {','.join(map(str, args.seeds))}):"
        f" {min(laid)}-{max(laid)} tiles laid, median {statistics.median(laid):g}\n",
        flush=True,
    )
    boards: dict[tuple[str, str], list[Drawn]] = {}
    rows: list[dict[str, Any]] = []
    measured = read_boards(hands, args.dist) if args.boxes is None else saved_boxes(hands, args.boxes)
    try:
        measure(measured, boards, rows, browser=args.browser)
    finally:
        if args.json is not None:
            args.json.write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")
    met = report(boards)
    return 1 if args.check and not met else 0


if __name__ == "__main__":
    sys.exit(main())
