"""How the game looks and feels (issue 17, items 12, 4 and 8): tiles with
depth and glowing drop spots, a sound that is off until the player turns it
on and then remembered, a win moment that stands still for reduced motion;
a language change mid-match that leaves no English and no broken grammar;
and a newcomer's four-step introduction, skippable, remembered, and back
from "How to play"; and (issue 31, item 3) a first visit that deals nothing
until the player has chosen whom to play, or skipped to Medium."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import Page, ViewportSize, expect

from .conftest import DESKTOP, PHONE, READY_TIMEOUT_MS, ZOOMED
from .player import MATCH_OVER, SEVERAL_ENDS, Player
from .test_accessibility import serious_problems
from .test_languages import choose_language

if TYPE_CHECKING:
    from .conftest import App, Screenshot

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from helpers import computer_move

from allfives import Move, Rules

from table.board import tile_name
from table.game import Game, GameSetup, SeatSetup

ENGLISH_YOU = re.compile(r"\bYou\b")


@pytest.fixture
def ready(app: App, page: Page) -> Page:
    app.open()
    app.wait_until_ready()
    return page


def play_until_an_end_is_chosen(player: Player) -> None:
    """Play tiles until one fits two ends, and stop there, its drop spots lit."""
    for _ in range(60):
        player.wait_for_turn()
        if player.hand_is_over():  # a random deal may end before any tile fits two ends: deal the next
            player.next_hand()
            continue
        assert not player.page.get_by_role("dialog").is_visible(), "the match ended first"
        before = player.log.count()
        tile = player.playable_tiles.first
        if SEVERAL_ENDS.search(player.choose_tile(tile)):
            expect(player.end_targets.first).to_be_visible()  # its ends lit, as the page answers
            return
        expect(player.log).not_to_have_count(before)
    pytest.fail("no tile fitting two ends in 60 moves")


# Item 12: the look


def test_tiles_have_depth_and_the_drop_spots_glow(ready: Page) -> None:
    player = Player(ready)
    play_until_an_end_is_chosen(player)
    face = ready.locator("#board .tile .tile-face").first
    assert "url(" in face.evaluate("node => getComputedStyle(node).fill"), "the face is a gradient, not flat"
    pip = ready.locator("#board .tile .pip").first
    assert "url(" in pip.evaluate("node => getComputedStyle(node).fill"), "the pips are drilled, not flat"
    spot = player.end_targets.first
    expect(spot).to_be_visible()
    outline = spot.locator(".target-outline")
    assert outline.evaluate("node => getComputedStyle(node).strokeDasharray") == "none", "no dashed box"
    # The hand's tiles are tiles, not form buttons: no button face behind them.
    tile = player.hand_tiles.first
    assert tile.evaluate("node => getComputedStyle(node).backgroundColor") == "rgba(0, 0, 0, 0)"
    assert tile.evaluate("node => getComputedStyle(node).borderTopWidth") == "0px"


#: The control that has the focus: its name, and the outline it is drawn with.
FOCUSED = """() => {
    const node = document.activeElement;
    if (!node || node === document.body) return null;
    const style = getComputedStyle(node);
    return {
        name: node.getAttribute("aria-label") || node.innerText.trim().split("\\n")[0],
        style: style.outlineStyle,
        width: parseFloat(style.outlineWidth),
    };
}"""


def test_the_focus_ring_shows_on_every_control_the_tab_key_reaches(ready: Page) -> None:
    page = ready
    player = Player(page)
    player.wait_for_turn()
    # The hand is the player's to play from: a tile of it takes the focus in turn.
    expect(player.prompt).to_have_text(re.compile("^Your turn|^You lead"))
    page.locator("body").focus()
    reached: list[dict[str, Any]] = []
    for _ in range(80):
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUSED)
        if focused is None:
            continue
        if reached and focused["name"] == reached[0]["name"]:
            break  # round again to the first
        reached.append(focused)
    names = [control["name"] for control in reached]
    for control in ("New match", "Hint", "Menu", "Sound", "How to play"):
        assert control in names, f"Tab never reaches {control}: {names}"
    in_hand = {tile.get_attribute("aria-label") for tile in player.hand_tiles.all()}
    assert in_hand & set(names), f"Tab never reaches a tile of the hand: {'; '.join(names)}"
    unringed = [c for c in reached if c["style"] != "solid" or c["width"] < 2]
    assert unringed == [], "every control shows a solid ring at least 2 px wide when focused"


def test_the_menu_opens_holding_the_focus_itself_not_ringing_its_first_box(ready: Page) -> None:
    page = ready
    page.get_by_role("button", name="Menu").click()
    menu = Player(page).dialog("Menu")
    expect(menu).to_be_focused()
    language = menu.get_by_role("combobox", name="Language")
    expect(language).not_to_be_focused()
    page.keyboard.press("Tab")
    expect(language).to_be_focused()
    ring = page.evaluate(FOCUSED)
    assert ring["style"] == "solid", "Tab brings the page's own ring"
    assert ring["width"] >= 2


#: Every sound the page plays, in order (the page marks each on the body).
SOUNDS_HEARD = """() => {
    window.soundsHeard = [];
    new MutationObserver(() => window.soundsHeard.push(document.body.dataset.sound))
        .observe(document.body, {attributes: true, attributeFilter: ["data-sound"]});
}"""


def test_sound_is_off_until_turned_on_and_then_remembered(ready: Page, app: App) -> None:
    page = ready
    player = Player(page)
    sound = page.get_by_role("button", name="Sound")
    expect(sound).to_have_attribute("aria-pressed", "false")
    page.evaluate(SOUNDS_HEARD)
    player.wait_for_turn()
    player.play_a_tile()
    player.wait_for_turn()  # the tile has landed, and the computer has replied
    assert page.evaluate("window.soundsHeard") == [], "no sound while it is off"
    sound.click()
    expect(sound).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#announce")).to_contain_text("Sound is on.")
    page.reload()
    app.wait_until_ready()
    sound = page.get_by_role("button", name="Sound")
    expect(sound).to_have_attribute("aria-pressed", "true")
    page.evaluate(SOUNDS_HEARD)
    player.wait_for_turn()
    player.play_a_tile()
    player.wait_for_turn()
    heard = page.evaluate("window.soundsHeard")
    assert heard, "a tile landing is heard"
    assert set(heard) <= {"click", "chime"}, heard
    sound.click()
    expect(sound).to_have_attribute("aria-pressed", "false")
    expect(page.locator("#announce")).to_contain_text("Sound is off.")


def one_move_from_winning() -> tuple[str, Move]:
    """A save of a match to 15 points against the Beginner where the person's
    next move wins it, and that move (found by playing seeded matches here,
    on CPython, with the page's own controller)."""
    for seed in range(1, 200):
        game = Game(GameSetup(Rules(target=15), (SeatSetup("You"), SeatSetup("Computer", "beginner")), seed))
        game.start()
        while not game.match.is_over:
            if game.match.needs_deal:
                game.start()
            elif game.person_to_move:
                moves = game.view(0).legal_moves
                for move in moves:
                    trial = Game.load_text(game.save_text())
                    trial.play(move)
                    if trial.match.is_over and trial.person_won():
                        return game.save_text(), move
                game.play(moves[0])
            else:
                game.match.play(computer_move(game))
    raise AssertionError("no seed gives a winning move")


#: Whether half the confetti has fallen fully into the window.
CONFETTI_IN_SIGHT = """() => {
    const bits = [...document.querySelectorAll("#celebration .confetti")];
    const inside = bits.filter((bit) => {
        const box = bit.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= innerHeight && box.left >= 0 && box.right <= innerWidth;
    });
    return bits.length > 0 && inside.length >= bits.length / 2;
}"""


def win_the_match(page: Page, app: App) -> None:
    save, move = one_move_from_winning()
    # Put in once: a reload finds what the page saved since.
    page.add_init_script(
        "if (!sessionStorage.getItem('test.saved')) {"
        f" sessionStorage.setItem('test.saved', '1'); localStorage.setItem('allfives.game', {json.dumps(save)}) }}"
    )
    app.open()
    app.wait_until_ready()
    player = Player(page)
    player.wait_for_turn()
    tile = player.hand.get_by_role("button", name=re.compile(f"^{tile_name(move.tile)},"))
    expect(tile).to_have_class(re.compile("playable"))
    if SEVERAL_ENDS.search(player.choose_tile(tile)):  # its ends lit, as the page answers: the move's
        end = {"W": "West", "E": "East", "N": "North", "S": "South"}[move.end.name]
        player.board.get_by_role("button", name=re.compile(f"^Play on the {end} end")).click()
    expect(player.dialog(MATCH_OVER)).to_be_visible()
    expect(player.dialog(MATCH_OVER)).to_contain_text("You win")


def test_winning_a_match_is_celebrated(page: Page, app: App, screenshot: Screenshot) -> None:
    win_the_match(page, app)
    celebration = page.locator("#celebration")
    expect(celebration).to_be_visible()
    assert celebration.get_attribute("aria-hidden") == "true", "the summary says who won, not the confetti"
    # It takes no clicks: the summary's buttons work through it.
    assert celebration.evaluate("node => getComputedStyle(node).pointerEvents") == "none"
    # The screenshot shows the confetti falling: half of it has come fully into the window.
    page.wait_for_function(CONFETTI_IN_SIGHT)
    screenshot(page, "look-win-moment")
    player = Player(page)
    player.dialog(MATCH_OVER).get_by_role("button", name="Close").click()
    expect(celebration).to_have_count(0)


def test_the_match_summary_outlasts_a_reload(page: Page, app: App) -> None:
    """Reloading on the match's summary shows it again: the match stays won,
    no new hand is dealt behind it."""
    win_the_match(page, app)
    player = Player(page)
    summary = player.dialog(MATCH_OVER).inner_text()
    scores = page.get_by_role("region", name="Scores").inner_text()
    page.reload()
    expect(player.dialog(MATCH_OVER)).to_be_visible(timeout=READY_TIMEOUT_MS)
    assert player.dialog(MATCH_OVER).inner_text() == summary
    assert page.get_by_role("region", name="Scores").inner_text() == scores


def test_with_reduced_motion_the_win_moment_stands_still(page: Page, app: App, screenshot: Screenshot) -> None:
    page.emulate_media(reduced_motion="reduce")
    win_the_match(page, app)
    celebration = page.locator("#celebration")
    expect(celebration).to_be_visible()
    moving = celebration.evaluate("node => node.getAnimations({subtree: true}).length")
    assert moving == 0
    screenshot(page, "look-win-moment-reduced-motion")


@pytest.mark.parametrize(
    ("viewport", "name"),
    [(DESKTOP, "desktop"), (PHONE, "phone"), (ZOOMED, "zoom-200")],
    ids=["desktop", "phone", "200% zoom"],
)
def test_screenshots_mid_hand(ready: Page, viewport: ViewportSize, name: str, screenshot: Screenshot) -> None:
    page = ready
    player = Player(page)
    play_until_an_end_is_chosen(player)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= viewport["width"], f"no sideways scrolling: {width} px wide, beyond it {beyond(page, viewport)}"
    assert serious_problems(page) == []
    screenshot(page, f"look-{name}-mid-hand")


def a_computer_holding_many_tiles() -> str:
    """A save where it is the person's turn and the Beginner across the
    table holds 15 tiles: the person blocked every end it could use (seed
    186, found by playing seeded hands here with the page's own controller)."""
    game = Game(GameSetup(Rules(), (SeatSetup("You"), SeatSetup("Computer", "beginner")), 186))
    game.start()
    while not game.match.needs_deal:
        if game.person_to_move:
            view = game.view(0)
            if view.hand_sizes[1] >= 15 and view.legal_moves[0].tile is not None:
                return game.save_text()
            game.play(min(view.legal_moves, key=lambda move: replies_left(game, move)))
        else:
            game.match.play(computer_move(game))
    raise AssertionError("the Beginner never held 15 tiles")


def replies_left(game: Game, move: Move) -> int:
    """How many tiles the computer could play after the person's ``move``."""
    trial = Game.load_text(game.save_text())
    trial.play(move)
    hand = trial.match.hand
    if hand is None or trial.match.needs_deal or trial.to_move != 1:
        return 99
    return sum(reply.tile is not None for reply in hand.legal_moves())


@pytest.mark.parametrize("viewport", [PHONE])
def test_a_computer_holding_many_tiles_fits_a_phone(
    page: Page, app: App, viewport: ViewportSize, screenshot: Screenshot
) -> None:
    """Its tile backs wrap on its card; the page never scrolls sideways."""
    save = a_computer_holding_many_tiles()
    page.add_init_script(
        "if (!sessionStorage.getItem('test.saved')) {"
        f" sessionStorage.setItem('test.saved', '1'); localStorage.setItem('allfives.game', {json.dumps(save)}) }}"
    )
    app.open()
    app.wait_until_ready()
    player = Player(page)
    player.wait_for_turn()
    expect(player.opponents).to_contain_text("15")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= viewport["width"], f"no sideways scrolling: {width} px wide, beyond it {beyond(page, viewport)}"
    screenshot(page, "look-phone-many-tiles")


def beyond(page: Page, viewport: ViewportSize) -> list[str]:
    """What reaches past the viewport's right edge: each element's tag, id, classes and right edge."""
    return list(
        page.evaluate(
            """width => [...document.querySelectorAll("body *")]
                .filter(node => node.getBoundingClientRect().right > width + 1)
                .slice(0, 12)
                .map(node => `${node.tagName}#${node.id}.${node.getAttribute("class")} `
                    + `${Math.round(node.getBoundingClientRect().right)}`)""",
            viewport["width"],
        )
    )


# Item 4: changing the language mid-match


def test_changing_the_language_mid_match_renames_you_and_says_everything_anew(ready: Page) -> None:
    page = ready
    player = Player(page)
    player.start_match(seed=11, seats=(("You", "Person"), ("Bo", "Easy")))
    player.play_my_turns(2)
    player.wait_for_turn()
    status = page.get_by_role("status")
    expect(status).to_have_text("Your turn")
    assert ENGLISH_YOU.search(player.scores.inner_text())

    choose_language(page, "Deutsch")
    expect(page.get_by_role("button", name="Neue Partie")).to_be_visible()
    expect(status).to_have_text("Du bist am Zug")
    # The regions are named in German too (issue 44).
    scores = page.get_by_role("region", name="Punktestand")
    expect(scores).to_contain_text("Du")
    expect(scores).to_contain_text("Bo")  # a typed name stays as typed
    prompt = page.get_by_role("region", name="Deine Hand").locator("p").first
    expect(prompt).to_have_text(re.compile("^Du bist dran|^Du spielst aus"))
    log = page.get_by_role("complementary", name="Züge").get_by_role("listitem").all_inner_texts()
    assert log[0] in ("Runde 1: Du spielst aus.", "Runde 1: Bo spielt aus.")
    assert any(line.startswith("Du: ") for line in log), log
    shown = page.locator("body").inner_text()
    assert not ENGLISH_YOU.search(shown), "no English You left"
    assert "Ready" not in shown
    assert "to play" not in shown

    # And back: the default name follows the language again.
    choose_language(page, "English", menu="Menü")
    expect(player.scores).to_contain_text("You")
    expect(player.prompt).to_have_text(re.compile("^Your turn|^You lead"))


def test_the_hint_under_the_table_is_said_again_in_the_new_language(ready: Page) -> None:
    # The prompt is kept as words (issue 45): what it says, the hint
    # included, is drawn again in the language chosen, never left in the old.
    page = ready
    player = Player(page)
    player.start_match(seed=11, seats=(("You", "Person"), ("Bo", "Easy")))
    player.wait_for_turn()
    page.get_by_role("button", name="Hint").click()
    expect(player.prompt).to_have_text(re.compile(r"^Hint: play "), timeout=60_000)

    choose_language(page, "Deutsch")
    prompt = page.get_by_role("region", name="Deine Hand").locator("p").first
    expect(prompt).to_have_text(re.compile(r"^Tipp: Lege "))


# Item 8: a path for a newcomer


@pytest.mark.first_visit
def test_a_first_visit_opens_four_steps_that_do_not_come_back(ready: Page, app: App, screenshot: Screenshot) -> None:
    page = ready
    intro = page.get_by_role("dialog", name="Match an end")
    expect(intro).to_be_visible()
    expect(intro).to_contain_text("Step 1 of 4")
    assert serious_problems(page) == []
    screenshot(page, "look-intro")
    link = intro.get_by_role("link", name=re.compile("^How to play"))
    expect(link).to_have_attribute("href", "./rules.html")
    intro.get_by_role("button", name="Next").click()
    second = page.get_by_role("dialog", name="Score in fives")
    expect(second).to_contain_text("Step 2 of 4")
    second.get_by_role("button", name="Back").click()
    expect(page.get_by_role("dialog", name="Match an end")).to_be_visible()
    page.get_by_role("button", name="Next").click()
    page.get_by_role("button", name="Next").click()
    third = page.get_by_role("dialog", name="Win the match")
    expect(third).to_contain_text("Step 3 of 4")
    expect(third).to_contain_text("250 points")
    third.get_by_role("button", name="Next").click()
    last = page.get_by_role("dialog", name="Choose your opponent")
    expect(last).to_contain_text("Step 4 of 4")
    expect(last.get_by_role("button", name="Skip")).to_have_count(0)
    last.get_by_role("button", name="Play", exact=True).click()
    expect(page.get_by_role("dialog")).to_be_hidden()

    page.reload()
    app.wait_until_ready()
    Player(page).wait_for_turn()
    expect(page.get_by_role("dialog")).to_be_hidden()

    # Back at any time from the header.
    page.get_by_role("button", name="How to play").click()
    expect(page.get_by_role("dialog", name="Match an end")).to_be_visible()


@pytest.mark.first_visit
def test_the_introduction_is_skipped_by_keyboard_and_speaks_the_language(ready: Page, app: App) -> None:
    page = ready
    intro = page.get_by_role("dialog", name="Match an end")
    expect(intro).to_be_visible()
    skip = intro.get_by_role("button", name="Skip")
    for _ in range(10):
        if skip.evaluate("node => node === document.activeElement"):
            break
        page.keyboard.press("Tab")
    expect(skip).to_be_focused()
    page.keyboard.press("Enter")
    expect(intro).to_be_hidden()

    choose_language(page, "Deutsch")
    how_to = page.get_by_role("button", name="Spielanleitung")
    expect(how_to).to_be_visible()
    how_to.focus()
    page.keyboard.press("Enter")
    german = page.get_by_role("dialog", name="An ein Ende anlegen")
    expect(german).to_contain_text("Schritt 1 von 4")
    expect(german.get_by_role("link", name=re.compile("^So wird gespielt"))).to_have_attribute(
        "href", "./rules.de.html"
    )
    page.keyboard.press("Escape")
    expect(german).to_be_hidden()
    page.reload()
    app.wait_until_ready()
    expect(page.get_by_role("dialog")).to_be_hidden()


# Issue 31, item 3: a first visit that starts with the player


def expect_nothing_dealt(player: Player) -> None:
    """No tile on the table or in the hand, and not a line in the log."""
    expect(player.log).to_have_count(0)
    expect(player.hand_tiles).to_have_count(0)
    expect(player.board.locator(".tile")).to_have_count(0)


LEVEL_LINES = {
    "Beginner": "plays a random tile that fits",
    "Easy": "takes the most points it can score now",
    "Medium": "also weighs what its tile leaves for you",
    "Hard": "guesses where the hidden tiles are and tries its moves on many such guesses",
    "Expert": "tries many more guesses, and learns from the tiles you play and the ones you cannot play",
}


@pytest.mark.first_visit
@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_first_visit_deals_nothing_until_the_player_chooses_whom_to_play(
    ready: Page, app: App, viewport: ViewportSize
) -> None:
    page = ready
    player = Player(page)
    for title in ("Match an end", "Score in fives", "Win the match"):
        expect(player.dialog(title)).to_be_visible()
        expect_nothing_dealt(player)
        player.dialog(title).get_by_role("button", name="Next").click()
    last = player.dialog("Choose your opponent")
    expect(last).to_be_visible()
    expect_nothing_dealt(player)

    choice = last.get_by_role("group", name="Whom do you play?")
    expect(choice.get_by_role("radio")).to_have_count(5)
    for level, line in LEVEL_LINES.items():
        expect(choice.get_by_role("radio", name=re.compile(f"^{level}"))).to_have_accessible_name(
            re.compile(f"{level}\\s*{line}")
        )
    expect(choice.get_by_role("radio", name=re.compile("^Medium"))).to_be_checked()
    choice.get_by_role("radio", name=re.compile("^Expert")).check()
    expect_nothing_dealt(player)
    last.get_by_role("button", name="Play", exact=True).click()

    expect(last).to_be_hidden()
    expect(player.opponents).to_contain_text("Expert")
    player.wait_for_turn()
    expect(player.hand_tiles).not_to_have_count(0)

    # A return visit goes on with the match, without the introduction; the
    # choice is the opponent a new match offers.
    page.reload()
    app.wait_until_ready()
    expect(page.get_by_role("dialog")).to_be_hidden()
    expect(player.opponents).to_contain_text("Expert")
    page.get_by_role("button", name="New match").click()
    form = player.dialog("New match")
    expect(form.get_by_role("combobox", name="Who plays seat 2")).to_have_value("expert")


@pytest.mark.first_visit
@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_skipping_the_introduction_starts_a_match_against_medium(ready: Page, viewport: ViewportSize) -> None:
    page = ready
    player = Player(page)
    intro = player.dialog("Match an end")
    expect(intro).to_be_visible()
    expect_nothing_dealt(player)
    intro.get_by_role("button", name="Skip").click()
    expect(intro).to_be_hidden()
    expect(player.opponents).to_contain_text("Medium")
    player.wait_for_turn()
    expect(player.hand_tiles).not_to_have_count(0)
