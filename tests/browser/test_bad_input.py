"""Bad input at the page: a save it cannot read, storage it may not use, a
shared link that is broken, and names typed or loaded to attack it.

Whatever comes in, the page starts, says in plain words what happened, keeps
what it could not read, and plays on. Every test here also runs under the
``page`` fixture's watch: no console error, no uncaught exception, and no
request to any other origin than 127.0.0.1.

Each case needs a page load of its own (Pyodide starts each time, several
seconds here): the bad input is planted before the page's Python reads it.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import Dialog, Page, expect

from allfives import Rules

from .player import Player
from .test_look import win_the_match
from table.game import MAX_LINK_CHARS, MAX_NAME, Game, GameSetup, SeatSetup, encode_link

if TYPE_CHECKING:
    from .conftest import App

PROBLEM = "Something needs your attention"
SAVE_KEY = "allfives.game"
UNREADABLE_KEY = "allfives.unreadable-game"
CANNOT_SAVE = "will not let the game be saved"
FRESH_SCORES = re.compile(r"You\s*0\s*of 250")


def _game(seed: int = 5, seats: tuple[SeatSetup, ...] = (SeatSetup("You"), SeatSetup("Computer", "easy"))) -> Game:
    """A match one hand in, as the page would have saved it."""
    game = Game(GameSetup(Rules(), seats, seed))
    game.start()
    return game


def _save(**changes: Any) -> str:
    record = _game().to_record()
    record.update(changes)
    return json.dumps(record)


def _save_with_seats(count: int) -> str:
    """A save whose settings name ``count`` seats, agreeing with their own rules, not the record's."""
    record = _game().to_record()
    record["meta"]["setup"]["rules"] = {"players": count}
    record["meta"]["setup"]["seats"] = [{"name": f"Seat {n}", "kind": "easy"} for n in range(1, count + 1)]
    return json.dumps(record)


def _plant(page: Page, key: str, value: str) -> None:
    """Put ``value`` in localStorage before the page's first load (and only then)."""
    page.context.add_init_script(
        script=f"""if (!sessionStorage.getItem("planted")) {{
            sessionStorage.setItem("planted", "1");
            localStorage.setItem({json.dumps(key)}, {json.dumps(value)});
        }}"""
    )


def _open(app: App, page: Page) -> Player:
    app.open()
    app.wait_until_ready()
    return Player(page)


def _a_fresh_match_plays(player: Player) -> None:
    """A new match, nothing played yet, that answers a click."""
    expect(player.scores).to_contain_text(FRESH_SCORES)
    assert len(player.tiles_on_board()) <= 1, "at most the computer's lead"
    player.wait_for_turn()
    player.play_a_tile()


# --------------------------------------------------------------------------
# (a) A saved game the page cannot read


UNREADABLE_SAVES = {
    "corrupt": (
        '{"format": "allfives-record", "meta": {"name": "Zoë 🂡"}, "hands": [{"lea\x00der": ',
        "it is not a game record (it is not JSON)",
    ),
    "truncated": (_save()[:-120], "it is not a game record (it is not JSON)"),
    "from a newer version": (_save(version=9), "it comes from a newer version of All Fives (version 9)"),
    "written as JSON twice over": (json.dumps(_save()), "it is not an All Fives game record"),
    "naming three seats for two players": (
        _save_with_seats(3),
        "the players it names do not fit its rules, which are for 2 players",
    ),
}


@pytest.mark.parametrize(("saved", "reason"), UNREADABLE_SAVES.values(), ids=UNREADABLE_SAVES.keys())
def test_an_unreadable_save_is_explained_kept_offered_and_a_fresh_match_starts(
    app: App, page: Page, saved: str, reason: str
) -> None:
    _plant(page, SAVE_KEY, saved)
    player = _open(app, page)

    problem = player.dialog(PROBLEM)
    expect(problem).to_be_visible()
    expect(problem).to_contain_text("Your saved game could not be read")
    expect(problem).to_contain_text(reason)
    expect(problem).to_contain_text("A new match has started")
    expect(problem).to_contain_text("The unreadable save has been kept; you can download it.")
    assert page.evaluate(f"localStorage.getItem({json.dumps(UNREADABLE_KEY)})") == saved

    with page.expect_download() as download:
        problem.get_by_role("button", name="Download the unreadable save").click()
    expect(problem).to_be_hidden()
    assert download.value.suggested_filename == "allfives-unreadable-save.json"
    assert Path(download.value.path()).read_text(encoding="utf-8") == saved

    _a_fresh_match_plays(player)
    fresh = Game.load_text(page.evaluate(f"localStorage.getItem({json.dumps(SAVE_KEY)})"))
    assert len(fresh.match.hands) == 1, "the fresh match is saved in its place"
    assert page.evaluate(f"localStorage.getItem({json.dumps(UNREADABLE_KEY)})") == saved, "and still kept"


# --------------------------------------------------------------------------
# (b) Storage that is full, or blocked


STORAGE_FULL = """Storage.prototype.setItem = function () {
    throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
};"""
STORAGE_BLOCKED = """Object.defineProperty(window, "localStorage", {
    get() { throw new DOMException("The operation is insecure.", "SecurityError"); },
});"""


@pytest.mark.parametrize(
    ("script", "saved_before"), [(STORAGE_FULL, True), (STORAGE_BLOCKED, False)], ids=["full", "blocked"]
)
def test_without_storage_the_game_plays_on_and_says_it_cannot_save(
    app: App, page: Page, script: str, saved_before: bool
) -> None:
    """Full: a game saved before the storage filled up (the person leads it,
    so nothing moves until they do); blocked: the storage cannot even be read."""
    if saved_before:
        _plant(page, SAVE_KEY, _save())
    page.context.add_init_script(script=script)
    player = _open(app, page)
    status = page.get_by_role("status")
    if not saved_before:  # nothing can be remembered, not even that the introduction was seen
        page.get_by_role("dialog").get_by_role("button", name="Skip").click()

    expect(status).to_contain_text(CANNOT_SAVE)
    if saved_before:
        assert player.tiles_on_board() == [], "the player is told before they make a move"
    expect(player.dialog(PROBLEM)).to_have_count(0)
    player.play_my_turns(3)
    expect(status).to_have_text("This browser will not let the game be saved: playing on without saving.")
    assert len(player.tiles_on_board()) >= 4, "three moves of the person and the computer's replies"
    # A passing message said over the fault gives way to the fault again, not to whose turn it is.
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=app.site.url.rstrip("/"))
    page.get_by_role("button", name="Menu").click()
    player.dialog("Menu").get_by_role("button", name="Copy a link to this deal").click()
    expect(status).to_have_text("The link is copied.")
    expect(status).to_have_text(
        "This browser will not let the game be saved: playing on without saving.", timeout=15_000
    )
    player.set_computer_speed("Fast")  # the preferences cannot be kept either; nothing breaks
    player.play_my_turns(1)


# --------------------------------------------------------------------------
# (c) A shared link that is broken


def _link_with_a_bad_move() -> str:
    """A link to a real deal whose first move plays a tile the leader does not hold."""
    game = _game(seed=11)
    record = game.to_record()
    leader = game.match.deals[0].leader
    assert leader is not None
    other = game.match.deals[0].hands[1 - leader][0]
    record["hands"][0]["moves"] = [str(other)]
    return encode_link(record)


LINKS = {
    "cut short": (
        _game(seed=11).share_link().removeprefix("#game=")[:-30],
        "The link could not be opened: it is damaged and holds no game.",
    ),
    "over-long": ("A" * (MAX_LINK_CHARS + 1), "The link could not be opened: it is too long to be a game link."),
    "naming an illegal move": (
        _link_with_a_bad_move(),
        re.compile(r"hand 1, move 1 \(\d-\d\): player \d does not hold"),
    ),
}


@pytest.mark.parametrize(("link", "reason"), LINKS.values(), ids=LINKS.keys())
def test_a_broken_link_is_explained_and_a_fresh_match_starts(
    app: App, page: Page, link: str, reason: str | re.Pattern[str]
) -> None:
    app.open("#game=" + link)
    app.wait_until_ready()
    player = Player(page)

    problem = player.dialog(PROBLEM)
    expect(problem).to_be_visible()
    expect(problem).to_contain_text("The link could not be opened")
    expect(problem).to_contain_text(reason)
    expect(problem).to_contain_text("A new match has started instead.")
    # Nothing to download: whoever sent the link still has it.
    expect(problem.get_by_role("button")).to_have_text(["OK"])
    assert "#game=" not in page.url, "the broken link is taken off the address"
    problem.get_by_role("button", name="OK").click()
    expect(problem).to_be_hidden()
    _a_fresh_match_plays(player)


def test_a_broken_link_never_costs_the_match_in_progress(app: App, page: Page) -> None:
    saved = _save()
    _plant(page, SAVE_KEY, saved)
    app.open("#game=" + LINKS["cut short"][0])
    app.wait_until_ready()
    player = Player(page)

    problem = player.dialog(PROBLEM)
    expect(problem).to_contain_text("The link could not be opened")
    expect(problem).to_contain_text("Your match goes on where you left it.")
    problem.get_by_role("button", name="OK").click()
    kept = Game.load_text(page.evaluate(f"localStorage.getItem({json.dumps(SAVE_KEY)})"))
    assert kept.to_record() == json.loads(saved), "the saved match is the one on the table"


def test_an_unreadable_save_that_cannot_be_kept_says_so_and_is_offered(app: App, page: Page) -> None:
    saved = _save(version=9)
    _plant(page, SAVE_KEY, saved)
    page.context.add_init_script(script=STORAGE_FULL)
    player = _open(app, page)

    problem = player.dialog(PROBLEM)
    expect(problem).to_contain_text("Your saved game could not be read")
    expect(problem).to_contain_text("could not be kept here")
    expect(problem).not_to_contain_text("has been kept")
    with page.expect_download() as download:
        problem.get_by_role("button", name="Download the unreadable save").click()
    assert Path(download.value.path()).read_text(encoding="utf-8") == saved


# --------------------------------------------------------------------------
# (d) Hostile names, typed in or loaded from a file

HOSTILE_NAMES = ("<img src=x onerror=alert(1)>", "javascript:alert(1)", "W" * 10_000)
HOSTILE_META_NAMES = ('"><svg onload=alert(2)>', "<script>alert(3)</script>")
#: Markup the page must never have made from a name: elements, handlers, script links.
MADE_FROM_NAMES = """() => {
    const all = [...document.querySelectorAll("*")];
    return {
        img: document.querySelectorAll("img").length,
        scripts: [...document.scripts].filter((s) => !s.src && s.type !== "py").length,
        handlers: all.filter((e) => [...e.attributes].some((a) => a.name.startsWith("on"))).map((e) => e.tagName),
        links: [...document.querySelectorAll("[href], [src]")]
            .filter((e) => /^\\s*javascript:/i.test(e.getAttribute("href") || e.getAttribute("src") || "")).length,
    };
}"""
NOTHING_MADE = {"img": 0, "scripts": 0, "handlers": [], "links": 0}


def _shown_as(name: str) -> str:
    """A name as the page keeps it: spaces collapsed, cut to fit."""
    return " ".join(name.split())[:MAX_NAME]


def test_hostile_names_are_shown_as_text_and_trimmed(app: App, page: Page) -> None:
    alerts: list[str] = []

    def on_dialog(dialog: Dialog) -> None:
        alerts.append(f"{dialog.type}: {dialog.message}")
        dialog.dismiss()

    page.on("dialog", on_dialog)
    player = _open(app, page)

    form = player.fill_in_new_match(
        seed=3,
        target=30,
        seats=((HOSTILE_NAMES[0], "Person"), (HOSTILE_NAMES[1], "Beginner"), (HOSTILE_NAMES[2], "Beginner")),
    )
    typed = form.get_by_role("textbox", name="Name of seat 3").input_value()
    assert len(typed) <= MAX_NAME, "the name box itself takes no more than fits"
    player.start(form)
    player.wait_for_turn()

    shown = [_shown_as(name) for name in HOSTILE_NAMES]
    assert shown[0] == "<img src=x onerror=alert"
    for name in shown:
        expect(player.scores.get_by_text(name, exact=True)).to_have_count(1)
    for name in shown[1:]:
        expect(player.opponents.get_by_text(name, exact=True)).to_have_count(1)
    expect(player.log.filter(has_text="Hand 1: ")).to_have_count(1)
    assert page.evaluate(MADE_FROM_NAMES) == NOTHING_MADE
    setup = json.loads(page.evaluate(f"localStorage.getItem({json.dumps(SAVE_KEY)})"))["meta"]["setup"]
    assert [seat["name"] for seat in setup["seats"]] == shown, "the save keeps the names as shown"

    # A record with hostile names of its own, loaded from a file.
    game = _game(seed=4, seats=(SeatSetup("x"), SeatSetup("y", "beginner")))
    record = game.to_record()
    for seat, name in zip(record["meta"]["setup"]["seats"], HOSTILE_META_NAMES, strict=True):
        seat["name"] = name
    page.get_by_role("button", name="Menu").click()
    menu = player.dialog("Menu")
    menu.get_by_label("Load a game from a file").set_input_files(
        files=[{"name": "hostile.json", "mimeType": "application/json", "buffer": json.dumps(record).encode()}]
    )
    expect(menu).to_be_hidden()
    expect(page.locator("#announce")).to_contain_text("The game was loaded.")
    for name in HOSTILE_META_NAMES:
        expect(player.scores.get_by_text(_shown_as(name), exact=True)).to_have_count(1)
    expect(player.opponents.get_by_text(_shown_as(HOSTILE_META_NAMES[1]), exact=True)).to_have_count(1)
    player.wait_for_turn()
    player.play_a_tile()
    expect(player.log.filter(has_text=f"{_shown_as(HOSTILE_META_NAMES[0])}: ")).not_to_have_count(0)

    assert page.evaluate(MADE_FROM_NAMES) == NOTHING_MADE
    assert alerts == [], "no name ran as script"


# --------------------------------------------------------------------------
# (f) The history: a file brought in that is not all good, storage that refuses it

#: A key whose writes the storage refuses: the history's, so the game itself still saves.
REFUSE_HISTORY = """(() => { const set = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key, value) {
        if (String(key).startsWith("allfives.match.")) throw new DOMException("full", "QuotaExceededError");
        return set.call(this, key, value); }; })()"""


def test_a_history_file_with_hostile_lines_keeps_the_good_and_refuses_the_rest_in_words(app: App, page: Page) -> None:
    good = _game(seed=4, seats=(SeatSetup("x"), SeatSetup("y", "beginner")))
    record = good.to_record()
    for seat, name in zip(record["meta"]["setup"]["seats"], HOSTILE_META_NAMES, strict=True):
        seat["name"] = name
    newer = {"format": "allfives-history", "version": 99}
    lines = [
        json.dumps(record),
        "\u0000\ufffd garbage",
        "[" * 5000,
        json.dumps(newer),
        json.dumps({"format": "allfives-record", "version": 1, "rules": {"players": 2}, "hands": [{"leader": 7}]}),
    ]
    player = _open(app, page)
    page.get_by_role("button", name="Menu").click()
    player.dialog("Menu").get_by_role("button", name="History").click()
    history = player.dialog("History")
    history.get_by_label("Bring in matches from a file").set_input_files(
        files=[{"name": "hostile.jsonl", "mimeType": "application/json", "buffer": "\n".join(lines).encode()}]
    )
    report = history.get_by_role("status")
    expect(report).to_contain_text("1 match brought in.")
    expect(report).to_contain_text("4 entries were refused:")
    expect(report).to_contain_text("line 2: it is not a game record (it is not JSON)")
    expect(report).to_contain_text("line 4: it comes from a newer version of All Fives (version 99)")
    expect(report.get_by_role("listitem")).to_have_count(4)
    said = report.inner_text()
    assert "Traceback" not in said
    assert "Error" not in said
    listed = history.get_by_role("list", name="Matches").get_by_role("listitem")
    expect(listed).to_have_count(1)
    expect(listed.first).to_contain_text(" against ".join(_shown_as(n) for n in HOSTILE_META_NAMES))
    assert page.evaluate(MADE_FROM_NAMES) == NOTHING_MADE


def test_storage_that_refuses_the_history_is_said_once_and_the_game_plays_on(app: App, page: Page) -> None:
    page.context.add_init_script(script=REFUSE_HISTORY)
    win_the_match(page, app)
    status = page.get_by_role("status")
    expect(status).to_contain_text("This match could not be kept in the history")
    player = Player(page)
    player.dialog("The match is over").get_by_role("button", name="Close").click()
    player.start_match(seed=7)
    player.play_my_turns(1)
    expect(status).to_have_text(re.compile(r"^This match could not be kept in the history .* The game plays on\.$"))
    page.get_by_role("button", name="Menu").click()
    player.dialog("Menu").get_by_role("button", name="History").click()
    expect(player.dialog("History")).to_contain_text("No match is kept yet")


# --------------------------------------------------------------------------
# (e) A form left half-filled

#: Values the New match form's own checks refuse: too many tiles for two
#: players, and points to win that are not a multiple of five.
INVALID_FIELDS = {"Tiles each": "99", "Points to win": "7"}


@pytest.mark.parametrize(("field", "typed"), INVALID_FIELDS.items(), ids=INVALID_FIELDS.keys())
def test_cancel_leaves_the_new_match_form_even_with_a_field_left_invalid(
    app: App, page: Page, field: str, typed: str
) -> None:
    player = _open(app, page)
    player.wait_for_turn()
    hand, board = player.tiles_in_hand(), player.tiles_on_board()

    page.get_by_role("button", name="New match").click()
    form = player.dialog("New match")
    form.get_by_role("spinbutton", name=field).fill(typed)
    form.get_by_role("button", name="Cancel").click()

    expect(form).to_be_hidden()
    assert player.tiles_in_hand() == hand, "the match on the table goes on"
    assert player.tiles_on_board() == board
    player.play_a_tile()
