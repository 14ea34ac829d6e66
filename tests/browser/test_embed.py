"""The embeddable replay (embed.html) and the rules tutorial (rules.html), as
a reader and a host page use them: stepping through a record, taking over
with "Try it", and the messages between the replay and a host page on
another origin."""

from __future__ import annotations

import copy
import html
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import FrameLocator, Page, expect

from .conftest import READY_TIMEOUT_MS, serve_directory
from .player import Player
from table.game import encode_link

if TYPE_CHECKING:
    from .conftest import App, PageLog, Screenshot, Site

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS: list[dict[str, Any]] = json.loads((ROOT / "docs" / "tutorial-scenarios.json").read_text(encoding="utf-8"))[
    "scenarios"
]
COUNTING = next(s for s in SCENARIOS if s["id"] == "counting")["record"]
COUNTING_MOVES = len(COUNTING["hands"][0]["moves"])
#: Collects every message the host page is sent, with its origin.
LISTEN = "window.received = []; addEventListener('message', (e) => received.push({origin: e.origin, data: e.data}));"
#: Whether a message ``m`` the host page received is the replay's "allfives:move".
IS_MOVE = "m.data && m.data.type === 'allfives:move'"


def open_embed(page: Page, site: Site, query: str = "", record: dict[str, Any] = COUNTING) -> None:
    """Open the replay of ``record`` (in the link form) and wait for Python."""
    page.goto(f"{site.url}embed.html{query}#record={encode_link(record)}")
    page.locator("body[data-ready='1']").wait_for(state="attached", timeout=READY_TIMEOUT_MS)


def position(where: Page | FrameLocator) -> str:
    return str(where.locator("#position").text_content())


#: The end of each run of autoplay (web/replay/live.py, AUTOPLAY_MEASURE).
AUTOPLAY_ENDS = "performance.getEntriesByName('allfives:autoplay', 'measure').length"


# Stepping through a record


def test_the_replay_steps_through_a_record(page: Page, site: Site, screenshot: Screenshot) -> None:
    open_embed(page, site)
    expect(page.locator("#position")).to_have_text("Hand 1: the deal")
    expect(page.get_by_role("button", name="Back")).to_be_disabled()
    expect(page.get_by_role("group", name="Ann's hand").locator(".hand-tile")).to_have_count(9)

    page.get_by_role("button", name="Next").click()
    expect(page.locator("#position")).to_have_text(f"Hand 1, move 1 of {COUNTING_MOVES}")
    expect(page.locator("#explain")).to_contain_text("Ann leads 6-4.")
    expect(page.locator("#explain")).to_contain_text("W 6 + E 4 = 10: scores 10")
    expect(page.locator("#scores")).to_have_text("Scores: Ann 10, Ben 0")
    expect(page.get_by_role("group", name="The layout: 1 tile, the ends count 10")).to_be_visible()

    page.get_by_role("button", name="Back").click()
    expect(page.locator("#position")).to_have_text("Hand 1: the deal")

    page.get_by_label("Move", exact=True).fill("4")
    expect(page.locator("#position")).to_have_text(f"Hand 1, move 4 of {COUNTING_MOVES}")
    expect(page.locator("#explain")).to_contain_text("Ben plays 1-1 on the East end.")
    expect(page.locator("#explain")).to_contain_text("W 3 + E 2 = 5: scores 5")
    expect(page.locator("#explain")).to_contain_text("The East end shows the double 1-1: both halves count.")

    page.keyboard.press("ArrowRight")
    expect(page.locator("#position")).to_have_text(f"Hand 1, move 5 of {COUNTING_MOVES}")
    page.get_by_label("Move", exact=True).fill(str(COUNTING_MOVES))
    expect(page.get_by_role("button", name="Next")).to_be_disabled()
    expect(page.locator("#explain")).to_contain_text("Ann goes out: domino!")
    screenshot(page, "embed-replay")


def test_the_address_chooses_the_move_the_seat_the_theme_and_the_language(page: Page, site: Site) -> None:
    page.goto(f"{site.url}embed.html?src=tutorial/spinner.json&move=3&seat=1&theme=dark&lang=de")
    page.locator("body[data-ready='1']").wait_for(state="attached", timeout=READY_TIMEOUT_MS)
    expect(page.locator("#position")).to_have_text("Runde 1, Zug 3 von 5")
    expect(page.locator("#explain")).to_contain_text("W 2 + O 3 = 5: bringt 5")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    expect(page.locator("#hand-title")).to_have_text("Hand von Ben")


def test_autoplay_steps_on_until_paused(page: Page, site: Site) -> None:
    open_embed(page, site, "?autoplay=1")
    expect(page.locator("#position")).not_to_have_text("Hand 1: the deal")
    page.get_by_role("button", name="Pause").click()
    held = position(page)
    # Stepping on has stopped: the run of autoplay under way has ended (it
    # wakes at its next step and sees the pause), without a step.
    page.wait_for_function(f"{AUTOPLAY_ENDS} === 1")
    assert position(page) == held
    expect(page.get_by_role("button", name="Play")).to_have_attribute("aria-pressed", "false")


def test_a_record_from_another_site_is_refused(page: Page, site: Site, page_log: PageLog) -> None:
    page.goto(f"{site.url}embed.html?src=http://localhost:9/record.json")
    page.locator("body[data-ready='1']").wait_for(state="attached", timeout=READY_TIMEOUT_MS)
    expect(page.get_by_role("alert")).to_have_text("This record cannot be shown: the record must come from this site.")
    assert not [url for url in page_log.requests if url.startswith("http://localhost")]


def test_a_broken_record_says_what_is_wrong(page: Page, site: Site) -> None:
    broken = dict(COUNTING, hands=[dict(COUNTING["hands"][0], moves=["6-4", "6-6 E"])])
    open_embed(page, site, record=broken)
    expect(page.get_by_role("alert")).to_have_text(
        "This record cannot be shown: hand 1, move 2 (6-6 E): 6-6 does not fit the East end."
    )


def test_a_refusal_speaks_to_the_reader_not_the_developer(page: Page, site: Site) -> None:
    twice = copy.deepcopy(COUNTING)
    hand = twice["hands"][0]
    hand["deal"][0][0] = hand["boneyard"][0]  # 0-0 in the first player's hand and in the boneyard
    open_embed(page, site, record=twice)
    expect(page.get_by_role("alert")).to_have_text(
        "This record cannot be shown: hand 1: 0-0 is dealt twice: in player 1's hand and in the boneyard."
    )
    open_embed(page, site, "?lang=de", record=twice)
    expect(page.get_by_role("alert")).to_have_text(
        "Diese Aufzeichnung lässt sich nicht anzeigen: "
        "Runde 1: 0-0 wurde doppelt ausgeteilt: in der Hand von Spieler 1 und im Vorrat."
    )


# "Try it"


def test_try_it_plays_on_against_the_computer(page: Page, site: Site, screenshot: Screenshot) -> None:
    open_embed(page, site, "?move=2")
    page.get_by_role("button", name="Try it").click()
    hand = page.get_by_role("group", name="Your hand")
    expect(page.locator("#position")).to_have_text("Your turn: play a tile.")
    expect(hand.locator(".playable")).not_to_have_count(0)
    layout = page.locator("#board svg")
    expect(layout).to_have_attribute("aria-label", "The layout: 2 tiles, the ends count 7")

    hand.locator(".playable").first.click()
    # The reader's tile, then the computer's reply.
    expect(layout).to_have_attribute("aria-label", re.compile(r"The layout: 4 tiles"), timeout=30_000)
    expect(page.locator("#position")).to_have_text(re.compile("Your turn|The hand is over"), timeout=30_000)
    screenshot(page, "embed-try-it")

    page.get_by_role("button", name="Back to the replay").click()
    expect(page.locator("#position")).to_have_text(f"Hand 1, move 2 of {COUNTING_MOVES}")


# A host page on another origin


@pytest.fixture
def host_folder(tmp_path: Path) -> Path:
    return tmp_path


@pytest.fixture
def host_url(host_folder: Path) -> Iterator[str]:
    """A second server, on another port (so another origin), for host pages."""
    with serve_directory(host_folder) as url:
        yield url


def write_host(folder: Path, embed_url: str) -> str:
    """A host page that frames ``embed_url``; return its file name."""
    (folder / "host.html").write_text(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A blog</title>'
        '<link rel="icon" href="data:,"></head><body><h1>A game to study</h1>'
        f'<iframe id="replay" title="A replay" src="{embed_url}" style="width: 640px; height: 200px"></iframe>'
        "</body></html>",
        encoding="utf-8",
    )
    return "host.html"


def received(page: Page, kind: str) -> list[dict[str, Any]]:
    messages: list[dict[str, Any]] = page.evaluate("window.received")
    return [m for m in messages if isinstance(m["data"], dict) and m["data"].get("type") == kind]


def goto_from_host(page: Page, message: object) -> None:
    page.evaluate("(m) => document.getElementById('replay').contentWindow.postMessage(m, '*')", message)


def test_the_replay_tells_a_host_on_another_origin_its_height_and_moves(
    page: Page, site: Site, host_folder: Path, host_url: str
) -> None:
    assert host_url.split(":")[2] != site.url.split(":")[2], "another port: another origin"
    name = write_host(host_folder, f"{site.url}embed.html?move=1#record={encode_link(COUNTING)}")
    page.add_init_script(LISTEN)
    page.goto(host_url + name)
    frame = page.frame_locator("#replay")
    frame.locator("body[data-ready='1']").wait_for(state="attached", timeout=READY_TIMEOUT_MS)
    embed_origin = site.url.rstrip("/")

    page.wait_for_function("window.received.some((m) => m.data && m.data.type === 'allfives:height')")
    (height,) = received(page, "allfives:height")[-1:]
    assert height["origin"] == embed_origin
    assert set(height["data"]) == {"type", "height"}
    assert isinstance(height["data"]["height"], int)
    assert 300 < height["data"]["height"] < 1200
    moves = received(page, "allfives:move")
    assert moves[0] == {
        "origin": embed_origin,
        "data": {"type": "allfives:move", "move": 1, "moves": COUNTING_MOVES, "total": 10, "points": 10},
    }

    frame.get_by_role("button", name="Next").click()
    page.wait_for_function(f"window.received.some((m) => {IS_MOVE} && m.data.move === 2)")
    latest = [m for m in received(page, "allfives:move") if m["data"]["move"] == 2]
    assert latest[0]["data"] == {"type": "allfives:move", "move": 2, "moves": COUNTING_MOVES, "total": 7, "points": 0}

    goto_from_host(page, {"type": "allfives:goto", "move": 4})
    expect(frame.locator("#position")).to_have_text(f"Hand 1, move 4 of {COUNTING_MOVES}")
    page.wait_for_function(f"window.received.some((m) => {IS_MOVE} && m.data.move === 4)")
    told = len(received(page, "allfives:move"))
    for wrong in (
        {"type": "allfives:goto", "move": "6"},
        {"type": "allfives:goto", "move": 99},
        {"type": "allfives:goto", "move": 6, "and": "more"},
        "allfives:goto 6",
    ):
        goto_from_host(page, wrong)
    # Messages arrive in the order sent: once a right one has moved the
    # replay, the wrong ones before it were read, and moved nothing (every
    # move is told to the host).
    goto_from_host(page, {"type": "allfives:goto", "move": 3})
    expect(frame.locator("#position")).to_have_text(f"Hand 1, move 3 of {COUNTING_MOVES}")
    page.wait_for_function(f"window.received.filter((m) => {IS_MOVE}).length > {told}")
    assert [m["data"]["move"] for m in received(page, "allfives:move")[told:]] == [3]


def test_messages_from_any_origin_but_the_host_are_ignored(
    page: Page, site: Site, host_folder: Path, host_url: str
) -> None:
    # The replay is told its host is elsewhere: this page is not it.
    elsewhere = "http://127.0.0.1:9"
    name = write_host(host_folder, f"{site.url}embed.html?host={elsewhere}#record={encode_link(COUNTING)}")
    page.add_init_script(LISTEN)
    page.goto(host_url + name)
    frame = page.frame_locator("#replay")
    frame.locator("body[data-ready='1']").wait_for(state="attached", timeout=READY_TIMEOUT_MS)
    # A listener added after the replay's own hears each message once the
    # replay has read it.
    replay = page.locator("#replay").element_handle().content_frame()
    assert replay is not None
    replay.evaluate("() => { window.heard = 0; addEventListener('message', () => { window.heard += 1; }); }")
    goto_from_host(page, {"type": "allfives:goto", "move": 3})
    replay.wait_for_function("() => window.heard === 1")
    assert position(frame) == "Hand 1: the deal"
    assert page.evaluate("window.received") == [], "its messages go to the named host only"


# The rules tutorial's replays: see test_tutorial_replays.py.


# The full game's "Copy embed code", in the Menu

#: The facade's link to the live replay (poster.facade).
EMBED_SRC = re.compile(r'<a class="allfives-replay" href="([^"]+)" data-title="All Fives: a replay"')


def test_the_game_gives_embed_code_for_the_position_on_the_table_or_the_whole_hand(app: App, page: Page) -> None:
    app.open()
    app.wait_until_ready()
    player = Player(page)
    player.play_my_turns(2)
    on_table = len(player.tiles_on_board())
    # A tool for bloggers: in the Menu, not under the player's move log.
    expect(page.get_by_role("complementary", name="Moves").get_by_role("button")).to_have_count(0)

    dialog = player.open_embed_code()
    code = dialog.get_by_role("textbox", name="Code to paste into your page")
    expect(dialog.get_by_role("radio", name=re.compile(f"^This position, after {on_table} moves"))).to_be_checked()
    expect(code).to_have_value(EMBED_SRC)
    at_position = html.unescape(EMBED_SRC.search(code.input_value()).group(1))  # type: ignore[union-attr]
    dialog.get_by_role("radio", name="The whole hand, from the deal").check()
    expect(code).to_have_value(re.compile(r"\?move=0&"))
    whole_hand = html.unescape(EMBED_SRC.search(code.input_value()).group(1))  # type: ignore[union-attr]
    dialog.get_by_role("button", name="Close").click()
    expect(dialog).to_be_hidden()

    assert at_position.startswith(app.site.url + "embed.html?")
    page.goto(at_position)
    page.locator("body[data-ready='1']").wait_for(state="attached", timeout=READY_TIMEOUT_MS)
    expect(page.locator("#position")).to_have_text(f"Hand 1, move {on_table} of {on_table}")
    expect(page.locator("#board svg")).to_have_attribute("aria-label", re.compile(f"^The layout: {on_table} tiles"))
    page.goto(whole_hand)
    page.locator("body[data-ready='1']").wait_for(state="attached", timeout=READY_TIMEOUT_MS)
    expect(page.locator("#position")).to_have_text("Hand 1: the deal")


def test_a_replay_of_your_own_game_speaks_to_you_and_try_it_keeps_the_opponents_name(app: App, page: Page) -> None:
    app.open()
    app.wait_until_ready()
    player = Player(page)
    player.play_my_turns(2)
    dialog = player.open_embed_code()
    dialog.get_by_role("radio", name="The whole hand, from the deal").check()
    code = dialog.get_by_role("textbox", name="Code to paste into your page")
    expect(code).to_have_value(re.compile(r"\?move=0&"))
    whole_hand = html.unescape(EMBED_SRC.search(code.input_value()).group(1))  # type: ignore[union-attr]

    page.goto(whole_hand)
    page.locator("body[data-ready='1']").wait_for(state="attached", timeout=READY_TIMEOUT_MS)
    expect(page.get_by_role("group", name="Your hand")).to_be_visible()
    told = [str(page.locator("#explain").text_content())]
    expect(page.locator("#position")).to_have_text("Hand 1: the deal")
    page.get_by_role("button", name="Next").click()
    expect(page.locator("#position")).to_have_text(re.compile(r"^Hand 1, move 1 of \d+$"))
    moves = int(position(page).split()[-1])
    told.append(str(page.locator("#explain").text_content()))
    for move in range(2, moves + 1):
        page.get_by_role("button", name="Next").click()
        expect(page.locator("#position")).to_have_text(f"Hand 1, move {move} of {moves}")
        told.append(str(page.locator("#explain").text_content()))
    said = " ".join(told)
    assert re.search(r"\bYou (lead|play) \d-\d", said), said
    assert not re.search(r"You (leads|plays|draws|passes|goes)|You's", said), said

    page.get_by_role("button", name="Back").click()
    page.get_by_role("button", name="Try it").click()
    expect(page.locator("#scores")).to_have_text(re.compile(r"^Scores: You \d+, Computer \d+$"))

    # The same replay read in German speaks to "du" in German.
    page.goto(re.sub(r"lang=en", "lang=de", whole_hand))
    page.locator("body[data-ready='1']").wait_for(state="attached", timeout=READY_TIMEOUT_MS)
    told = [str(page.locator("#explain").text_content())]
    for _ in range(moves):
        before = page.locator("#position").inner_text()
        page.get_by_role("button", name="Weiter").click()
        expect(page.locator("#position")).not_to_have_text(before)
        told.append(str(page.locator("#explain").text_content()))
    gesagt = " ".join(told)
    assert re.search(r"\bDu (spielst|legst) \d-\d", gesagt), gesagt
    assert not re.search(r"\bDu (spielt|legt|zieht|passt|geht)\b|\bYou\b", gesagt), gesagt
