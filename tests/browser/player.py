"""A person at the table: what they see on the page and what they do with it.

Everything here goes through what a player sees and touches: buttons by their
names, dialogs by their titles, the text of the prompt and the log. The only
things read below the surface are the ``data-tile`` marks on the tiles, to
compare one position with another exactly.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from playwright.sync_api import Locator, Page, expect

#: A computer takes up to 0.75 s a move at normal speed, more while Pyodide warms up.
TURN_TIMEOUT_MS = 60_000
#: "five-three, fits West and East, scores up to 10": the tile fits several ends.
SEVERAL_ENDS = re.compile(r", fits \w+(, \w+)* and \w+")
END_TARGET = re.compile(r"^Play on the (West|East|North|South) end")
HAND_OVER = re.compile(r"^(Hand \d+|The daily deal) is over$")
MATCH_OVER = "The match is over"
#: The header once the game is ready: whose turn it is (the computer may lead).
TURN_STATUS = re.compile(r"^(Your turn|Computer to play)$")


@dataclass(frozen=True)
class Player:
    """The person in front of ``page``."""

    page: Page

    # What the player sees

    @property
    def hand(self) -> Locator:
        """The group of tiles in front of the player."""
        return self.page.get_by_role("group", name="Your hand")

    @property
    def hand_tiles(self) -> Locator:
        return self.hand.get_by_role("button")

    @property
    def playable_tiles(self) -> Locator:
        """The hand tiles that can be played now (the others are marked unavailable)."""
        return self.hand.get_by_role("button", disabled=False)

    @property
    def board(self) -> Locator:
        return self.page.get_by_role("region", name="Table")

    @property
    def end_targets(self) -> Locator:
        """The lit ends a chosen tile may go to."""
        return self.board.get_by_role("button", name=END_TARGET)

    @property
    def prompt(self) -> Locator:
        return self.page.get_by_role("region", name="Your hand").locator("p").first

    @property
    def log(self) -> Locator:
        """The lines of the move log."""
        return self.page.get_by_role("complementary", name="Moves").get_by_role("listitem")

    @property
    def scores(self) -> Locator:
        return self.page.get_by_role("region", name="Scores")

    @property
    def opponents(self) -> Locator:
        return self.page.get_by_role("region", name="Other players")

    def dialog(self, title: str | re.Pattern[str]) -> Locator:
        """The open dialog with this title."""
        return self.page.get_by_role("dialog", name=title)

    def score_values(self) -> list[int]:
        """The points of each side, as the score cards show them once they stop counting up."""
        expect(self.scores.locator(".counting")).to_have_count(0)
        return [int(text) for text in self.scores.locator(".score-value").all_inner_texts()]

    def tiles_in_hand(self) -> list[str]:
        """The player's tiles, in the order shown (``"6-5"``...)."""
        return [str(button.get_attribute("data-tile")) for button in self.hand_tiles.all()]

    def tiles_on_board(self) -> list[str]:
        """The tiles of the layout, in the order drawn."""
        return [str(tile.get_attribute("data-tile")) for tile in self.page.locator("#board .tile").all()]

    def wait_until_still(self) -> None:
        """Wait until nothing moves: the tile played has slid in, the points
        have floated up, the scores have counted up (before a screenshot)."""
        expect(self.scores.locator(".counting")).to_have_count(0)
        self.page.wait_for_function("document.getAnimations().every(a => a.playState !== 'running')")

    def hand_is_over(self) -> bool:
        return self.dialog(HAND_OVER).is_visible()

    def match_is_over(self) -> bool:
        return self.dialog(MATCH_OVER).is_visible()

    # What the player does

    def fill_in_new_match(
        self,
        *,
        seed: int,
        target: int | None = None,
        seats: tuple[tuple[str, str], ...] = (("You", "Person"), ("Computer", "Easy")),
    ) -> Locator:
        """Open New match and fill it in: the seed, the points to win, and who
        sits where (a name, and "Person" or a level). Return the dialog."""
        self.page.get_by_role("button", name="New match").click()
        form = self.dialog("New match")
        form.get_by_role("combobox", name="Players").select_option(str(len(seats)))
        for number, (name, kind) in enumerate(seats, start=1):
            form.get_by_role("textbox", name=f"Name of seat {number}").fill(name)
            form.get_by_role("combobox", name=f"Who plays seat {number}").select_option(label=kind)
        form.get_by_role("spinbutton", name="Points to win").fill("" if target is None else str(target))
        self.fill_in_deal_number(form, seed)
        return form

    def fill_in_deal_number(self, form: Locator, seed: int) -> None:
        """Open the New match form's "Advanced" part, and type the deal number
        (the seed: the same number deals the same tiles)."""
        deal_number = form.get_by_role("spinbutton", name="Deal number")
        if not deal_number.is_visible():
            form.get_by_text("Advanced", exact=True).click()
        deal_number.fill(str(seed))

    def start(self, form: Locator) -> None:
        """Press Start in the filled-in New match dialog, and wait until the
        new match is on the table. The dialog hides before its close event
        is handled, and for that moment the old match's tiles are still
        lit: a move made then would be read against the old log."""
        self.page.evaluate(
            """() => { window.matchBegun = false; document.getElementById("dialog")
                .addEventListener("close", () => { window.matchBegun = true; }, {once: true}); }"""
        )
        form.get_by_role("button", name="Start").click()
        expect(form).to_be_hidden()
        self.page.wait_for_function("() => window.matchBegun")

    def start_match(
        self,
        *,
        seed: int,
        target: int | None = None,
        seats: tuple[tuple[str, str], ...] = (("You", "Person"), ("Computer", "Easy")),
    ) -> None:
        """A new match, as :meth:`fill_in_new_match` describes it."""
        self.start(self.fill_in_new_match(seed=seed, target=target, seats=seats))

    def set_computer_speed(self, speed: str) -> None:
        """Menu → Computer speed."""
        self.page.get_by_role("button", name="Menu").click()
        menu = self.dialog("Menu")
        menu.get_by_role("combobox", name="Computer speed").select_option(label=speed)
        menu.get_by_role("button", name="Close").click()
        expect(menu).to_be_hidden()

    def save_to_file(self, path: Path) -> Path:
        """Menu → Save to a file; the download is kept at ``path``."""
        self.page.get_by_role("button", name="Menu").click()
        with self.page.expect_download() as download:
            self.dialog("Menu").get_by_role("button", name="Save to a file").click()
        download.value.save_as(path)
        return path

    def open_embed_code(self) -> Locator:
        """Menu → Copy embed code; return its dialog."""
        self.page.get_by_role("button", name="Menu").click()
        self.dialog("Menu").get_by_role("button", name="Copy embed code").click()
        dialog = self.dialog("Copy embed code")
        expect(dialog).to_be_visible()
        return dialog

    def wait_for_turn(self, timeout_ms: float = TURN_TIMEOUT_MS) -> None:
        """Wait until the player has a tile to play or a dialog asks something."""
        waiting = self.playable_tiles.or_(self.page.get_by_role("dialog")).first
        expect(waiting).to_be_visible(timeout=timeout_ms)

    def choose_tile(self, tile: Locator) -> str:
        """Click a hand tile; return the name it had."""
        name = str(tile.get_attribute("aria-label"))
        tile.click()
        return name

    def play_a_tile(self) -> str:
        """Play the first tile that fits, on the first end lit if it fits several.
        Return the log line of the move."""
        before = self.log.count()
        name = self.choose_tile(self.playable_tiles.first)
        if SEVERAL_ENDS.search(name):
            expect(self.end_targets.first).to_be_visible()
            self.end_targets.first.click()
        expect(self.log).not_to_have_count(before)
        return self.log.nth(before).inner_text()

    def play_out_the_hand(self) -> None:
        """Play the first tile that fits at each turn until the hand is over."""
        while not self.hand_is_over():
            self.wait_for_turn()
            if not self.hand_is_over():
                self.play_a_tile()

    def play_my_turns(self, count: int) -> None:
        """Play ``count`` tiles, waiting for the computer after each."""
        for _ in range(count):
            self.wait_for_turn()
            assert not self.page.get_by_role("dialog").is_visible(), "the hand ended early"
            self.play_a_tile()
        self.wait_for_turn()

    def next_hand(self) -> None:
        summary = self.dialog(HAND_OVER)
        summary.get_by_role("button", name="Next hand").click()
        expect(summary).to_be_hidden()
