"""Playing the game in the browser, by clicks alone, as a person would.

Each test loads the page once (a reload counts as a load): Pyodide takes
several seconds to start on this machine, so one test plays a whole match
rather than many tests playing one move each. The seeds are chosen so the
deals give what a test needs; the same seed deals the same tiles on CPython
and in the browser, and the computer's choices are seeded too.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Page, expect

from .conftest import DESKTOP, PHONE
from .player import MATCH_OVER, TURN_STATUS, TURN_TIMEOUT_MS, Player

if TYPE_CHECKING:
    from .conftest import App, PageLog, Screenshot

ROOT = Path(__file__).resolve().parents[2]
#: Seed 7 against Easy to 60: three hands; the computer leads the double five,
#: and six-five, five-blank and five-two each fit both its West and East ends.
SEED = 7
TARGET = 60
NAMES = ("Ada", "Computer")


def take_screenshot(player: Player, screenshot: Screenshot, name: str) -> None:
    """A screenshot once the table is still, kept in test-artifacts/screenshots/."""
    player.wait_until_still()
    screenshot(player.page, name)


@pytest.fixture
def player(app: App, page: Page) -> Player:
    """The person at the table, with the page loaded and Python ready."""
    app.open()
    app.wait_until_ready()
    return Player(page)


def test_the_page_opens_on_a_table_ready_to_play(player: Player, page: Page, page_log: PageLog) -> None:
    """Nothing leaves 127.0.0.1, nothing is logged as an error, and there is a game to play."""
    expect(page.get_by_role("status")).to_have_text(TURN_STATUS)
    expect(player.scores).to_contain_text(re.compile(r"You\s*0\s*of 250"))
    expect(player.scores).to_contain_text(re.compile(r"Computer\s*0\s*of 250"))
    expect(player.opponents).to_contain_text("Computer")
    # The opponent's card reads as one line, not as a picture of each face-down tile.
    expect(player.opponents.get_by_text(re.compile(r"^Computer \(\w+\): \d+ tiles in hand$"))).to_have_count(1)
    expect(player.board.get_by_text(re.compile(r"^Boneyard: \d+ tiles?$"))).to_be_visible()
    expect(player.hand_tiles).not_to_have_count(0)

    player.wait_for_turn()
    on_the_table = len(player.tiles_on_board())
    move = player.play_a_tile()

    assert move.startswith("You: ")
    # The tile played lies on the board (the computer may have answered already).
    played = re.search(r"\d-\d", move)
    assert played is not None
    on_board = player.tiles_on_board()
    assert played.group() in on_board or played.group()[::-1] in on_board
    assert len(on_board) >= on_the_table + 1
    page_log.assert_clean()


def assert_the_log_numbers_the_plays(player: Player) -> None:
    """The move log numbers each play by its place in the hand (as records and
    replays count moves); the hand's first line, draws and passes go unnumbered."""
    lines = player.page.get_by_role("complementary", name="Moves").get_by_role("listitem")
    shown = lines.evaluate_all(
        "items => items.map(li => [li.innerText, getComputedStyle(li).listStyleType === 'none' ? 0 : li.value])"
    )
    numbers = [number for _, number in shown if number]
    assert numbers == list(range(1, len(numbers) + 1))
    assert all(not number for text, number in shown if "draws" in text or "passes" in text)
    assert len(numbers) >= 4


def test_a_seeded_match_played_by_clicks_ends_as_its_record_replays(
    player: Player, screenshot: Screenshot, tmp_path: Path
) -> None:
    """A whole match against Easy, by clicks; the exported record replays to the scores on screen."""
    form = player.fill_in_new_match(seed=SEED, target=TARGET, seats=((NAMES[0], "Person"), (NAMES[1], "Easy")))
    take_screenshot(player, screenshot, "desktop-new-match")
    player.start(form)
    player.set_computer_speed("Fast")
    moves = 0
    hands_seen = 0
    while True:
        player.wait_for_turn()
        if player.match_is_over():
            break
        if player.hand_is_over():
            hands_seen += 1
            if hands_seen == 1:
                take_screenshot(player, screenshot, "desktop-hand-end")
            player.next_hand()
            continue
        player.play_a_tile()
        moves += 1
        if moves == 4:
            player.wait_for_turn()
            take_screenshot(player, screenshot, "desktop-mid-game")
            assert_the_log_numbers_the_plays(player)
    take_screenshot(player, screenshot, "desktop-match-end")
    assert hands_seen >= 1, "seed 7 should take more than one hand"
    result = player.dialog(MATCH_OVER)
    announced = result.get_by_role("paragraph").first.inner_text()
    # The match's story: the final scores in a line, then a row per hand,
    # each side's points in it and its score after ("+15 → 60").
    final = result.get_by_text(re.compile(r"^Final scores: ")).inner_text()
    story = result.get_by_role("table", name="Hand by hand").get_by_role("row")
    expect(story).to_have_count(1 + hands_seen + 1)
    last_row = story.last.get_by_role("cell").all_inner_texts()
    totals = {name: cell.split("→")[-1].strip() for name, cell in zip(NAMES, last_row, strict=True)}
    expect(result).to_contain_text(re.compile(rf"Best hand for {NAMES[0]}: hand \d+, [+-]?\d+\."))
    result.get_by_role("button", name="Close").click()

    record = player.save_to_file(tmp_path / "match.json")
    replay = subprocess.run(
        [sys.executable, "-m", "allfives", "replay", str(record)], cwd=ROOT, capture_output=True, text=True, check=True
    )
    events = [json.loads(line) for line in replay.stdout.splitlines()]
    last = events[-1]

    assert sum(event["event"] == "hand_start" for event in events) == hands_seen + 1
    assert sum(event["event"] == "play" and event["seat"] == 0 for event in events) == moves
    assert last["event"] == "match_end"
    assert player.score_values() == last["scores"]
    assert totals == {name: str(score) for name, score in zip(NAMES, last["scores"], strict=True)}
    assert final == f"Final scores: {NAMES[0]} {last['scores'][0]} and {NAMES[1]} {last['scores'][1]}."
    assert announced == f"{NAMES[last['winner']]} wins!"


def test_a_tile_that_fits_two_ends_asks_which_and_undo_takes_the_move_back(
    player: Player, page: Page, screenshot: Screenshot
) -> None:
    """Six-five fits both ends of the double five: choose East; then Undo puts it back in the hand."""
    player.start_match(seed=SEED, target=TARGET)
    # The computer leads the double five: until it is on the table, the hand
    # in view may still be the one the page opened with (all of it playable).
    expect(player.board.locator(".tile")).to_have_count(1, timeout=TURN_TIMEOUT_MS)
    player.wait_for_turn()
    hand_before = player.tiles_in_hand()
    board_before = player.tiles_on_board()
    assert board_before == ["5-5"]

    tile = player.hand.get_by_role("button", name=re.compile(r"^six-five, fits West and East"))
    player.choose_tile(tile)
    expect(player.end_targets).to_have_count(2)
    expect(player.board.get_by_role("button", name=re.compile(r"^Play on the West end"))).to_be_visible()
    expect(player.prompt).to_have_text(re.compile(r"^Choose an end for 6-5"))
    expect(player.hand.get_by_role("button", pressed=True)).to_have_accessible_name(re.compile("^six-five"))
    take_screenshot(player, screenshot, "desktop-choose-an-end")

    player.board.get_by_role("button", name=re.compile(r"^Play on the East end")).click()
    expect(player.log.filter(has_text="You: 6-5 on the East end")).to_have_count(1)
    expect(player.end_targets).to_have_count(0)
    player.wait_for_turn()
    assert "6-5" not in player.tiles_in_hand()
    assert len(player.tiles_on_board()) == 3, "the computer replied"

    page.get_by_role("button", name="Undo").click()

    expect(player.log.filter(has_text="6-5")).to_have_count(0)
    player.wait_for_turn()
    assert player.tiles_in_hand() == hand_before
    assert player.tiles_on_board() == board_before
    expect(page.get_by_role("button", name="Undo")).to_be_disabled()


@pytest.mark.parametrize("viewport", [PHONE], ids=["phone"])
def test_a_reload_resumes_the_hand_where_it_was(app: App, player: Player, page: Page, screenshot: Screenshot) -> None:
    """Two moves in, the page is reloaded: the same hand, layout and scores come back."""
    player.start_match(seed=12, target=TARGET)
    player.play_my_turns(2)
    hand, layout, scores = player.tiles_in_hand(), player.tiles_on_board(), player.score_values()
    take_screenshot(player, screenshot, "phone-mid-game")

    page.reload(wait_until="domcontentloaded")
    app.wait_until_ready()

    player.wait_for_turn()
    assert player.tiles_in_hand() == hand
    assert player.tiles_on_board() == layout
    assert player.score_values() == scores
    player.play_a_tile()  # and the game plays on


def test_every_seat_has_its_own_name_and_four_players_default_to_partners(player: Player, page: Page) -> None:
    page.get_by_role("button", name="New match").click()
    form = player.dialog("New match")
    partnerships = form.get_by_role("checkbox", name=re.compile(r"^Partnerships"))

    def names(players: int) -> list[str]:
        return [
            form.get_by_role("textbox", name=f"Name of seat {seat}").input_value() for seat in range(1, players + 1)
        ]

    form.get_by_role("combobox", name="Players").select_option("3")
    expect(partnerships).to_be_disabled()
    assert names(3) == ["You", "Computer 2", "Computer 3"]
    form.get_by_role("combobox", name="Players").select_option("4")
    expect(partnerships).to_be_checked()
    assert names(4) == ["You", "Computer 2", "Computer 3", "Computer 4"]
    player.fill_in_deal_number(form, SEED)
    player.start(form)

    expect(player.scores).to_contain_text("You & Computer 3")
    expect(player.scores).to_contain_text("Computer 2 & Computer 4")
    partner = player.opponents.locator(".opponent").filter(has_text="Computer 3")
    expect(partner).to_contain_text("partner")
    expect(player.opponents.locator(".opponent").filter(has_text="Computer 2")).not_to_contain_text("partner")


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_new_match_form_speaks_a_players_words_with_the_deal_number_under_advanced(
    player: Player, page: Page
) -> None:
    page.get_by_role("button", name="New match").click()
    form = player.dialog("New match")
    expect(form.get_by_role("combobox", name="Rules")).to_have_value("")
    expect(form.get_by_role("combobox", name="Rules").locator("option:checked")).to_have_text("Your own choice")
    # A number left empty is the usual one for this many players, shown faintly.
    tiles, target = (form.get_by_role("spinbutton", name=name) for name in ("Tiles each", "Points to win"))
    expect(tiles).to_have_attribute("placeholder", "9")
    expect(target).to_have_attribute("placeholder", "250")
    form.get_by_role("combobox", name="Players").select_option("4")
    expect(tiles).to_have_attribute("placeholder", "5")
    expect(target).to_have_attribute("placeholder", "200")
    for jargon in ("As set below", "usual", "Seed"):
        expect(form.get_by_text(jargon)).to_have_count(0)

    # The deal number waits under "Advanced", and says what it is for.
    deal_number = form.get_by_role("spinbutton", name="Deal number")
    expect(deal_number).to_be_hidden()
    form.get_by_text("Advanced", exact=True).click()
    expect(deal_number).to_be_visible()
    expect(deal_number).to_have_accessible_description(re.compile(r"^The same number deals the same tiles again"))
    box, window = deal_number.bounding_box(), page.viewport_size
    assert box is not None
    assert window is not None
    assert box["x"] >= 0, "it fits the screen"
    assert box["x"] + box["width"] <= window["width"], "it fits the screen"


def test_in_hot_seat_nobody_can_undo_the_other_persons_move(player: Player, page: Page) -> None:
    """Bo leads, Ann shows her hand: her Undo is off, and says why; Bo's lead stands."""
    player.start_match(seed=SEED, seats=(("Ann", "Person"), ("Bo", "Person")))
    undo = page.get_by_role("button", name="Undo")
    names = []
    for _ in range(2):
        pass_screen = player.dialog(re.compile(r"^Pass the device to (Ann|Bo)$"))
        expect(pass_screen).to_be_visible()
        name = pass_screen.get_by_role("heading").inner_text().removeprefix("Pass the device to ")
        pass_screen.get_by_role("button", name=f"I am {name}: show my hand").click()
        if names:
            expect(undo).to_be_disabled()
            expect(undo).to_have_accessible_description(
                f"Undo takes back only your own moves: {names[-1]} has moved since."
            )
            announce = page.locator("#announce")
            page.keyboard.press("u")
            # R reads the position aloud: once it is said, the U before it was handled.
            page.keyboard.press("r")
            expect(announce).to_contain_text("Ends: West")
            expect(announce).not_to_contain_text("taken back")
            expect(player.board.locator(".tile")).to_have_count(1)
        else:
            expect(undo).to_be_disabled()
            expect(undo).to_have_accessible_description("")
        player.play_a_tile()
        names.append(name)
    assert names[0] != names[1]
    expect(player.board.locator(".tile")).to_have_count(2)


@pytest.mark.parametrize("viewport", [PHONE], ids=["phone"])
def test_hot_seat_hides_each_hand_until_its_owner_shows_it(player: Player, screenshot: Screenshot) -> None:
    """Ann and Ben share the device for a whole hand: each turn begins behind a pass screen."""
    # First a match against the computer, which leads after a pause; starting
    # the hot-seat match within that pause once made the page fault.
    player.start_match(seed=SEED, target=TARGET)
    form = player.fill_in_new_match(seed=SEED, seats=(("Ann", "Person"), ("Ben", "Person")))
    take_screenshot(player, screenshot, "phone-new-match")
    player.start(form)
    hidden_tiles = player.hand.get_by_role("button", name="a hidden tile")
    shown_turns = {1: "phone-mid-game-hot-seat", 10: "phone-late-in-the-hand"}
    previous = None
    turns = 0
    while not player.hand_is_over():
        pass_screen = player.dialog(re.compile(r"^Pass the device to (Ann|Ben)$"))
        expect(pass_screen).to_be_visible()
        name = pass_screen.get_by_role("heading").inner_text().removeprefix("Pass the device to ")
        assert name != previous, "the device goes to the other person after each move"
        expect(hidden_tiles).to_have_count(player.hand_tiles.count())
        if turns == 1:
            take_screenshot(player, screenshot, "phone-pass-screen")

        pass_screen.get_by_role("button", name=f"I am {name}: show my hand").click()
        expect(hidden_tiles).to_have_count(0)
        if turns in shown_turns:
            take_screenshot(player, screenshot, shown_turns[turns])
        assert player.play_a_tile().startswith(f"{name}: ")
        previous = name
        turns += 1
        player.wait_for_turn()
    take_screenshot(player, screenshot, "phone-hand-end")
    assert turns >= 4
