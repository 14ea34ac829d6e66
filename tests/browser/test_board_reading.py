"""The board and the hand read well: the ends line says what each end counts
and the board marks each open end (an empty spinner arm as "not counting
yet"); no arm runs into another and West stays west, on a desktop, on a phone
and at 200% zoom, where the board and the hand fit on the screen together; at
a hand's end the tiles are drawn large and the ends' rings can be read;
and a screen reader hears each hand tile once, each opponent as one line, can
move between the lit ends with the arrow keys, and hears nothing of the last
match in a new one.

Positions are dealt by a seed and played on in CPython with random legal
moves, then opened as a shared link (``#game=``), the way a player opens a
link a friend sent."""

from __future__ import annotations

import random
import re
import statistics
from collections import Counter
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Browser, Page, expect

from allfives import HandState, Rules
from tools.board_sizes import played_out

from .conftest import DESKTOP, INTRO_SEEN, PHONE, WAIT_TIMEOUT_MS, ZOOMED, App, PageLog
from .player import END_TARGET, HAND_OVER, SEVERAL_ENDS, TURN_TIMEOUT_MS, Player
from table.game import Game, GameSetup, SeatSetup, encode_link

if TYPE_CHECKING:
    from .conftest import Screenshot, Site


def position(seed: int, rules: Rules, wanted: Callable[[HandState], bool], limit: int = 200) -> tuple[str, HandState]:
    """The link to the first position of a seeded hand, played on at random,
    where it is your turn and ``wanted`` holds; and that hand."""
    game = Game(GameSetup(rules, (SeatSetup("You"), SeatSetup("Computer", "easy")), seed))
    game.start()
    match, hand, rng = game.match, game.match.hand, random.Random(seed)
    assert hand is not None
    for _ in range(limit):
        if hand.is_over:
            break
        if hand.to_move == 0 and wanted(hand):
            return "#game=" + encode_link(game.to_record()), hand
        match.play(rng.choice(match.legal_moves()))
    raise AssertionError("no such position in this hand")


def waiting_arm_and_a_double(hand: HandState) -> bool:
    ends = hand.layout.open_end_counts()
    return any(e.waiting for e in ends) and any(e.double and not e.waiting for e in ends)


def long_and_a_tile_for_three_ends(hand: HandState) -> bool:
    fits = Counter(m.tile for m in hand.legal_moves())
    return len(hand.layout.tiles()) >= 16 and max(fits.values(), default=0) >= 3


def nine_tiles_and_a_tile_for_two_ends(hand: HandState) -> bool:
    fits = Counter(m.tile for m in hand.legal_moves())
    return len(hand.layout.tiles()) >= 9 and max(fits.values(), default=0) >= 2


#: Seed 0: the spinner 5-5 at the East end, its North arm still empty.
COUNTING = position(0, Rules(), waiting_arm_and_a_double)
#: Seed 7, all 28 tiles dealt: a long layout coiled on every arm, and a tile
#: (4-2) that fits three ends.
LONG = position(7, Rules(players=2, hand_size=14), long_and_a_tile_for_three_ends)
#: Seed 3, all 28 tiles dealt: nine tiles coiled on a phone's table, and 6-3
#: fitting West and East (the board used to draw one of them on the wrong side).
SNAKE = position(3, Rules(players=2, hand_size=14), nine_tiles_and_a_tile_for_two_ends)


def open_at(app: App, link: str) -> Player:
    app.open(link)
    app.wait_until_ready()
    player = Player(app.page)
    player.wait_for_turn()
    return player


def ends_line(player: Player) -> str:
    return player.board.get_by_text(re.compile(r"^Ends: ")).inner_text()


# --------------------------------------------------------------------------
# Item 2: the ends line and the board say what counts


def test_the_ends_line_says_what_each_end_counts_and_the_board_marks_the_ends(
    app: App, page: Page, screenshot: Screenshot
) -> None:
    player = open_at(app, COUNTING[0])
    line = ends_line(player)
    # The spinner at the East end counts both halves; its empty North arm
    # takes a 4 but counts nothing until a tile is played on it.
    assert "East 5-5 counts 10" in line
    assert "North 4 (not counting yet)" in line
    assert "South 2" in line
    assert "South 2 (" not in line
    assert line.endswith("The ends count 15.")
    # On the board: a ring on each open end with the number to match there,
    # 5 beside the spinner 5-5 (not the 10 it counts); the empty arm's ring
    # faint and dashed, though it too takes a number: 4.
    markers = page.locator("#board .end-marker")
    expect(markers).to_have_count(4)
    assert page.locator("#board .end-marker text").all_text_contents() == ["3", "5", "4", "2"]
    # What an end counts is in its ring's tooltip, in the ends line's words.
    assert page.locator('#board .end-marker[data-end="E"] title').text_content() == "East 5-5 counts 10"
    expect(page.locator("#board .end-marker.waiting")).to_have_count(1)
    expect(page.locator('#board .end-marker.waiting[data-end="N"]')).to_have_count(1)
    player.wait_until_still()
    screenshot(page, "board-desktop-counting")


# --------------------------------------------------------------------------
# Item 9: the arms on every screen


def screen_box(page: Page, selector: str) -> tuple[float, float, float, float]:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, f"{selector} is not on screen"
    return box["x"], box["y"], box["x"] + box["width"], box["y"] + box["height"]


def check_arms(player: Player, hand: HandState) -> None:
    """The tiles as drawn: none overlaps another; the lit West end lies west of
    the middle tile, East east, North above and South below."""
    page = player.page
    # Each tile's face (its box without the shadow, or the ring round the last tile).
    boxes = [b for b in (t.bounding_box() for t in page.locator("#board .tile .tile-face").all()) if b is not None]
    assert len(boxes) == len(hand.layout.tiles())
    rects = [(b["x"], b["y"], b["x"] + b["width"], b["y"] + b["height"]) for b in boxes]
    for i, a in enumerate(rects):
        for b in rects[:i]:
            assert not (a[0] < b[2] - 1 and b[0] < a[2] - 1 and a[1] < b[3] - 1 and b[1] < a[3] - 1), "tiles overlap"
    # The middle tile: the spinner, where the main line runs through it. A
    # spinner played once its chain had turned (on a phone's board, whose
    # arms turn down its height, the chain may turn before its first double)
    # lies off the main line: West and East are then told by the lead.
    spinner = hand.layout.spinner_tile()
    x0, y0, x1, y1 = screen_box(page, f'#board .tile[data-tile="{hand.layout.tiles()[0]}"]')
    if spinner is not None:
        box = screen_box(page, f'#board .tile[data-tile="{spinner.tile}"]')
        if abs((box[1] + box[3]) - (y0 + y1)) < 2:
            x0, y0, x1, y1 = box
    # Choose a tile that fits several ends: each lit end is on its own side.
    player.hand.get_by_role("button", name=SEVERAL_ENDS).first.click()
    expect(player.end_targets.first).to_be_visible()
    for target in player.end_targets.all():
        name = str(target.get_attribute("aria-label"))
        box = target.bounding_box()
        assert box is not None
        cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        side = END_TARGET.match(name)
        assert side is not None
        where = side.group(1)
        beyond = {"West": cx < x0, "East": cx > x1, "North": cy < y0, "South": cy > y1}[where]
        assert beyond, f"the {where} end is drawn on the wrong side of the middle tile ({name})"
    page.keyboard.press("Escape")


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
@pytest.mark.parametrize("where", [LONG, SNAKE], ids=["long", "snake"])
def test_a_long_layout_keeps_each_arm_on_its_side_and_clear_of_the_others(
    app: App, page: Page, where: tuple[str, HandState], screenshot: Screenshot, request: pytest.FixtureRequest
) -> None:
    player = open_at(app, where[0])
    check_arms(player, where[1])
    player.wait_until_still()
    screenshot(page, f"board-{request.node.callspec.id}")


def played_out_link(seed: int) -> str:
    """The link to a two-player hand of nine tiles dealt by ``seed`` and
    played to its end: your seat by the greedy player, the computer's by
    the Easy computer's search (tools/board_sizes.py plays it)."""
    return "#game=" + encode_link(played_out(seed).to_record())


HAND_ENDED = played_out_link(9001)
#: The least length of a tile on the board at a hand's end (CSS px), and
#: the least its median may be (issue 44): a tile a thumb can read the pips
#: of on a phone, and a desktop's board worth looking at.
TILE_GOALS = {"desktop": (44.0, 64.0), "phone": (28.0, 40.0)}
#: An end's ring across, and its number's height, in CSS px.
RING_PX = 16.0
NUMBER_PX = 11.0


def sizes(page: Page, selector: str, measure: Callable[[dict[str, float]], float]) -> list[float]:
    return [measure(box) for box in (node.bounding_box() for node in page.locator(selector).all()) if box]


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_at_a_hands_end_the_tiles_are_large_and_the_rings_readable(
    app: App, page: Page, screenshot: Screenshot, request: pytest.FixtureRequest
) -> None:
    app.open(HAND_ENDED)
    app.wait_until_ready()
    player = Player(page)
    summary = player.dialog(HAND_OVER)
    summary.get_by_role("button", name="Look at the table").click()
    expect(summary).to_be_hidden()
    player.wait_until_still()
    screen = request.node.callspec.id
    least, median = TILE_GOALS[screen]
    lengths = sizes(page, "#board .tile .tile-face", lambda box: max(box["width"], box["height"]))
    assert len(lengths) >= 14
    assert min(lengths) >= least, f"the shortest tile is {min(lengths):.1f} px long"
    assert statistics.median(lengths) >= median, f"the tiles are {statistics.median(lengths):.1f} px long"
    rings = sizes(page, "#board .end-marker circle", lambda box: box["width"])
    numbers = sizes(page, "#board .end-marker text", lambda box: box["height"])
    assert rings
    assert min(rings) >= RING_PX, f"an end's ring is {min(rings):.1f} px across"
    assert min(numbers) >= NUMBER_PX, f"an end's number is {min(numbers):.1f} px high"
    screenshot(page, f"board-hand-end-{screen}")


@pytest.fixture
def zoomed(browser: Browser, site: Site, page_log: PageLog) -> Iterator[App]:
    """The game at 200% zoom: a 1280 x 800 window gives the page 640 x 400
    CSS pixels at a device scale of 2 (what the browser's zoom does)."""
    context = browser.new_context(viewport=ZOOMED, device_scale_factor=2, service_workers="block")
    context.add_init_script(INTRO_SEEN)
    context.set_default_timeout(WAIT_TIMEOUT_MS)
    context.on("request", page_log.on_request)
    page = context.new_page()
    page.on("console", page_log.on_console)
    page.on("pageerror", page_log.on_page_error)
    yield App(page=page, site=site)
    context.close()
    assert page_log.problems() == []


def in_view(page: Page, box: tuple[float, float, float, float]) -> bool:
    size = page.viewport_size
    assert size is not None
    return box[1] >= -1 and box[3] <= size["height"] + 1 and box[0] >= -1 and box[2] <= size["width"] + 1


@pytest.mark.parametrize("link", [COUNTING[0], LONG[0]], ids=["mid-hand", "long"])
def test_at_200_percent_zoom_the_board_and_the_hand_fit_together(
    zoomed: App, link: str, screenshot: Screenshot, request: pytest.FixtureRequest
) -> None:
    player = open_at(zoomed, link)
    page = zoomed.page
    expect(page.get_by_role("dialog")).to_have_count(0)  # nothing covers the table
    # The player's hand in view (as focusing a tile puts it), and the board with it.
    player.playable_tiles.first.focus()
    hand = [screen_box(page, f'#hand .hand-tile[data-tile="{t}"]') for t in player.tiles_in_hand()]
    assert all(in_view(page, box) for box in hand), "the hand does not fit on the screen"
    board = screen_box(page, "#board svg")
    assert in_view(page, board), "the board is scrolled off while the hand is in view"
    assert board[3] - board[1] >= 120, "the board is too small to play on"
    player.wait_until_still()
    screenshot(page, f"board-zoom200-{request.node.callspec.id}")


# --------------------------------------------------------------------------
# Item 10: what a screen reader hears


def test_each_hand_tile_reads_once_and_an_opponent_as_one_line(app: App, page: Page) -> None:
    player = open_at(app, COUNTING[0])
    hand = COUNTING[1]
    tree = player.hand.aria_snapshot()
    # One button per tile, named once: no image inside it, no name twice.
    assert "img" not in tree
    lines = [line.strip() for line in tree.splitlines() if line.strip().startswith("- button")]
    assert len(lines) == len(hand.hands[0])
    for line in lines:
        name = re.search(r'button "([^"]+)"', line)
        assert name is not None
        assert name.group(1).count(name.group(1).split(",")[0]) == 1
    expect(player.hand.get_by_role("button", name=re.compile(r"^\w+(-\w+| \w+), fits "))).not_to_have_count(0)
    # The opponent: one line, not a row of "a face-down tile" images.
    others = player.opponents.aria_snapshot()
    assert "img" not in others
    assert "face-down" not in others
    count = len(hand.hands[1])
    expect(player.opponents.get_by_text(f"Computer (Easy): {count} tiles in hand")).to_have_count(1)


def test_the_arrow_keys_move_between_the_lit_ends(app: App, page: Page) -> None:
    player = open_at(app, LONG[0])
    four_two = player.hand.get_by_role("button", name=re.compile(r"^four-two, fits West, East and North"))
    four_two.focus()
    page.keyboard.press("Enter")
    expect(player.end_targets).to_have_count(3)
    focused = page.locator(":focus")
    expect(focused).to_have_accessible_name(re.compile(r"^Play on the West end"))
    # From each lit end, each arrow moves the focus to another; between them they reach all three.
    reached, frontier = {"West"}, ["West"]
    while frontier:
        at = frontier.pop()
        for key in ("ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"):
            player.board.get_by_role("button", name=re.compile(f"^Play on the {at} end")).focus()
            page.keyboard.press(key)
            expect(focused).to_have_accessible_name(END_TARGET)
            expect(focused).not_to_have_accessible_name(re.compile(f"^Play on the {at} end"))
            side = END_TARGET.match(str(focused.get_attribute("aria-label")))
            assert side is not None
            if side.group(1) not in reached:
                reached.add(side.group(1))
                frontier.append(side.group(1))
    assert reached == {"West", "East", "North"}, "the arrows reach every lit end"
    # Enter plays on the end the arrows went to.
    player.board.get_by_role("button", name=re.compile(r"^Play on the West end")).focus()
    page.keyboard.press("ArrowRight")
    side = END_TARGET.match(str(focused.get_attribute("aria-label")))
    assert side is not None
    assert side.group(1) != "West"
    page.keyboard.press("Enter")
    expect(player.log.filter(has_text=f"You: 4-2 on the {side.group(1)} end")).to_have_count(1)


def test_a_tile_dragged_onto_a_lit_end_is_played_there(app: App, page: Page) -> None:
    player = open_at(app, LONG[0])
    four_two = player.hand.get_by_role("button", name=re.compile(r"^four-two, fits West, East and North"))
    start = four_two.bounding_box()
    assert start is not None
    page.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
    page.mouse.down()
    page.mouse.move(start["x"] + start["width"] / 2, start["y"] - 40, steps=4)
    # As the drag starts, the tile's ends light up, and its picture follows the pointer.
    expect(player.end_targets).to_have_count(3)
    expect(page.locator(".drag-ghost")).to_have_count(1)
    north = player.board.get_by_role("button", name=re.compile(r"^Play on the North end")).bounding_box()
    assert north is not None
    page.mouse.move(north["x"] + north["width"] / 2, north["y"] + north["height"] / 2, steps=6)
    page.mouse.up()
    expect(player.log.filter(has_text="You: 4-2 on the North end")).to_have_count(1)
    expect(page.locator(".drag-ghost")).to_have_count(0)


def test_a_new_match_says_nothing_of_the_last_one(app: App, page: Page) -> None:
    player = open_at(app, COUNTING[0])
    announce = page.locator("#announce")  # the live region a screen reader follows
    line = player.play_a_tile()
    expect(announce).to_contain_text(line)
    player.start_match(seed=3)
    player.wait_for_turn(TURN_TIMEOUT_MS)
    expect(announce).not_to_contain_text(line)
