"""The game page's dialogs: the New match form, the menu with the score sheet, the embed code, and the
problems met at start-up. Each is a function of the :class:`~main.Page`
it opens on; what the dialogs say comes from :mod:`words`."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from pyscript import document, window

from allfives import Rules
from allfives.record import RecordError
from allfives.rules import OPTION_RANGES, RulesError

from game import deal_proof, dialog_markup, first_screen, history_page, translation, words
from game.parts import download
from page.dom import by_id, el
from replay import poster
from table import refusal
from table.controller import Game, GameSetup
from table.i18n import LANGUAGES, Said, Words

if TYPE_CHECKING:
    from game.roles import Host, Menu, Table

#: The buttons game.daily answers when a dialog closes with them: Menu,
#: Daily deal, and a daily's summary, See how the Expert did.
DAILY_DEAL = "daily-deal"
DAILY_RESULT = "daily-result"


def show_problem(page: Host, message: str, unreadable: str, kept: bool) -> None:
    """Say what went wrong at start-up; offer ``unreadable`` (a save that
    could not be read) as a download, and say whether it was ``kept``."""
    body = dialog_markup.lines(message, *([page.t("save_kept" if kept else "save_not_kept")] if unreadable else []))
    buttons = [("ok", page.t("ok"))]
    if unreadable:
        buttons.insert(0, ("download", page.t("download_unreadable")))

    def done(value: str) -> None:
        if value == "download":
            download("allfives-unreadable-save.json", unreadable)

    page.open_dialog(page.t("problem_title"), body, buttons, done)


def show_pass_screen(page: Table) -> None:
    game = page.game
    assert game is not None
    seat = game.to_move
    assert seat is not None
    name = game.seats[seat].name

    def done(_value: str) -> None:
        page.state.revealed = seat
        page.render()
        page.focus_hand()

    page.open_dialog(
        page.t("pass_to", name=name),
        dialog_markup.lines(page.t("pass_explain", name=name)),
        [("show", page.t("show_hand", name=name))],
        done,
    )


def show_new_match(page: Table) -> None:
    """The New match form. Its Cancel (and Escape) leaves the match as it was,
    so the form says what Start does to a match in progress only when there
    is one, just above Start (and as Start's description): it ends that
    match, which the History keeps, where the browser lets it keep anything."""
    game = page.game
    setup = game.setup if game else first_screen.default_setup(page.t)

    def done(value: str) -> None:
        if value != "start":
            return
        try:
            new_setup = read_new_match(page)
        except (ValueError, RulesError) as problem:
            show_new_match(page)
            by_id("nm-error").textContent = str(problem)
            return
        page.store.remember_setup(new_setup.to_json())
        history_page.leave(page, page.game)
        page.begin(Game(new_setup))

    form = dialog_markup.new_match_markup(page.t, setup)
    page.open_dialog(page.t("new_match"), form, [("start", page.t("start")), ("cancel", page.t("cancel"))], done)
    if game is not None and game.in_progress:
        # Above the buttons, which stay in view while the form scrolls (the next dialog's buttons replace it).
        scores = ", ".join(f"{game.side_name(side)} {page.t.number(score)}" for side, score in enumerate(game.scores))
        said = page.t("new_match_ends", scores=scores)
        if page.store.storage is not None:
            said += " " + page.t("new_match_kept")
        row = by_id("dialog-buttons")
        row.prepend(el("p", said, class_="form-note", id="nm-ends"))
        row.querySelector('[value="start"]').setAttribute("aria-describedby", "nm-ends")
    page.on(by_id("nm-players"), "change", lambda _e: sync_seats(page, chosen=True))
    page.on(by_id("nm-preset"), "change", lambda _e: apply_preset(page))
    sync_seats(page)


def sync_seats(page: Table, *, chosen: bool = False) -> None:
    """Show the seats in play, each with a distinct default name; choosing
    a count that may play in partnerships checks them (the usual game)."""
    players = int(str(by_id("nm-players").value))
    for row in document.querySelectorAll(".seat-row"):
        seat = int(str(row.dataset.seat))
        row.hidden = seat >= players
        name = by_id(f"nm-name{seat}")
        name.value = words.renamed_default(page.t, str(name.value), seat, players)
    partners = players in OPTION_RANGES.partnerships
    by_id("nm-partnerships").disabled = not partners
    if not partners or chosen:
        by_id("nm-partnerships").checked = partners
    by_id("nm-hand_size").max = str(OPTION_RANGES.hand_sizes(players)[-1])
    # Left empty, a number is the usual one for this many players: shown faintly.
    usual = Rules(players=players)
    by_id("nm-hand_size").placeholder = str(usual.deal_size)
    by_id("nm-target").placeholder = str(usual.points_to_win)


def apply_preset(page: Table) -> None:
    name = str(by_id("nm-preset").value)
    if not name:
        return
    rules = Rules.preset(name, int(str(by_id("nm-players").value)))
    by_id("nm-hand_size").value = str(rules.hand_size or "")
    by_id("nm-target").value = str(rules.target or "")
    by_id("nm-hand_end").value = rules.hand_end
    by_id("nm-lead").value = rules.lead
    by_id("nm-win").value = rules.win


def read_new_match(page: Table) -> GameSetup:
    names = ["players", "hand_size", "target", "hand_end", "lead", "win", "seed"]
    names += [f"{what}{seat}" for seat in range(max(OPTION_RANGES.players)) for what in ("name", "kind")]
    values = {name: str(by_id(f"nm-{name}").value) for name in names}
    return words.read_setup(page.t, values, partnerships=bool(by_id("nm-partnerships").checked))


def show_menu(page: Menu) -> None:
    page.open_dialog(*menu_parts(page), lambda value: menu_closed(page, value))
    listen_to_menu(page)
    # The Menu holds the focus itself (its name is read), not its first
    # control: a focus ring on the Language box, unasked, read as if it were
    # the thing to change. Tab reaches every control from here.
    by_id("dialog").focus()


def menu_parts(page: Menu) -> tuple[str, str, list[tuple[str, str]]]:
    """The Menu's title, body and buttons, in the page's language."""
    t, game = page.t, page.game
    assert game is not None
    code = t.language
    menu = dialog_markup.Menu(
        language=code,
        languages=LANGUAGES,
        speed=page.speed,
        speeds=[(key, t("speed_" + key)) for key in words.SPEEDS],
        learning=page.learning,
        sheet_head=(t("hand"), *(game.side_name(side) for side in range(game.rules.sides))),
        sheet_rows=words.score_sheet_rows(t, game),
        proof=deal_proof.menu_line(t, game.history),
        storage=history_page.persistence_line(page),
        # The rules tutorial is written in every language of the game (build.py).
        rules_page="./rules.html" if code == "en" else f"./rules.{code}.html",
    )
    buttons = [
        ("history", t("history")),
        (DAILY_DEAL, t("daily_deal")),
        ("export", t("export")),
        ("link", t("copy_link")),
        ("embed", t("embed_code")),
        ("close", t("close")),
    ]
    return t("menu"), dialog_markup.menu_markup(menu, t), buttons


def listen_to_menu(page: Menu) -> None:
    page.on(by_id("menu-import"), "change", lambda event: on_import(page, event))
    page.on(by_id("menu-language"), "change", lambda _event: change_language(page))


def change_language(page: Menu) -> None:
    """A language chosen in the open Menu is spoken at once: the page and the
    Menu itself are drawn again in it, the focus back on the Language box."""
    keep_settings(page)
    page.refill_dialog(*menu_parts(page))
    listen_to_menu(page)
    by_id("menu-language").focus()


def keep_settings(page: Menu) -> None:
    """The Menu's settings as they stand: kept, and the language spoken."""
    page.speed = str(by_id("menu-speed").value)
    page.learning = bool(by_id("menu-learning").checked)
    chosen = str(by_id("menu-language").value)
    page.store.remember_prefs({"language": chosen, "speed": page.speed, "learning": page.learning})
    translation.switch(page, chosen)  # redraws the page, in the new language if it is one


def menu_closed(page: Menu, value: str) -> None:
    keep_settings(page)
    page.render(again=True)  # the same table: the hint (or a refusal) under it stays said
    if value == "export":
        export(page)
    elif value == "link":
        page.spawn(copy_link(page))
    elif value == "embed":
        show_embed_code(page)
    elif value == "history":
        history_page.show(page)


def on_import(page: Table, event: Any) -> None:
    files = event.target.files
    if not files or files.length == 0:
        return
    page.spawn(import_file(page, files.item(0)))


async def import_file(page: Table, file: Any) -> None:
    text = str(await file.text())
    try:
        game = Game.load_text(text)
    except RecordError as error:
        by_id("dialog").close()
        show_problem(page, page.t("import_broken", reason=refusal.reason(page.t, error)), "", False)
        return
    by_id("dialog").close()
    history_page.leave(page, page.game)
    page.begin(game)
    page.announce(page.t("imported"))


def export(page: Table) -> None:
    if page.game is not None:
        download("allfives-game.json", json.dumps(page.game.to_record(), indent=1))


def show_embed_code(page: Table) -> None:
    """The snippet that puts this hand on another page, as a replay:
    from the position on the table now, or the whole hand from its deal."""
    game = page.game
    if game is None or not game.dealt:
        return
    moves = game.moves_in_hand
    page_url = str(window.location.href).split("#")[0].split("?")[0]

    def code(whole_hand: bool) -> str:
        # The facade: the position drawn, turned into the live replay when
        # the reader asks (poster.facade, docs/embedding.md).
        return poster.embed_code(game, page_url, whole_hand=whole_hand, seat=page.shown_seat(), lang=page.t.language)

    choice = el("fieldset", None, class_="embed-choice")
    choice.append(el("legend", page.t("embed_show")))
    radios = []
    for value, label in (
        ("position", page.t("embed_this_position", count=moves)),
        ("hand", page.t("embed_whole_hand")),
    ):
        row = el("label")
        radio = el("input", None, type="radio", name="embed-from", value=value)
        radio.checked = value == "position"
        radios.append(radio)
        row.append(radio)
        row.append(document.createTextNode(" " + label))
        choice.append(row)
    field = el("textarea", None, readonly="", rows="6", class_="embed-field", id="embed-field")
    field.setAttribute("aria-label", page.t("embed_code_label"))
    field.value = code(False)
    wrap = el("label", None, class_="field")
    wrap.append(el("span", page.t("embed_code_label")))
    wrap.append(field)

    def chosen(_event: Any) -> None:
        field.value = code(bool(radios[1].checked))

    for radio in radios:
        page.on(radio, "change", chosen)

    def done(value: str) -> None:
        if value == "copy":
            copied, title, prompt = Words("embed_copied"), page.t("embed_code"), page.t("copy_by_hand_code")
            page.spawn(copy_text(page, str(field.value), copied, title, prompt))

    page.open_dialog(
        page.t("embed_code"),
        [el("p", page.t("embed_explain")), choice, wrap],
        [("copy", page.t("copy")), ("close", page.t("close"))],
        done,
    )


async def copy_text(page: Host, text: str, copied: Said, title: str, prompt: str) -> None:
    """Put ``text`` on the clipboard and say ``copied``; where the browser
    will not allow it, show it selected in a dialog, to copy by hand. A
    dialog opened while the browser made up its mind (the question a link
    pasted into the tab asks) is left alone: the refusal is said in the
    header instead, for the player to ask again once it is answered."""
    try:
        await window.navigator.clipboard.writeText(text)
        said = copied
    except Exception:
        if not by_id("dialog").open:
            field = el("textarea", None, readonly="", rows="6", class_="embed-field")
            field.value = text
            field.setAttribute("aria-label", title)
            page.open_dialog(title, [el("p", prompt), field], [("ok", page.t("ok"))])
            field.select()
            return
        said = Words("copy_refused")
    page.set_status(said)
    page.announce(said(page.t))


async def copy_link(page: Table) -> None:
    game = page.game
    if game is None:
        return
    link = str(window.location.href).split("#")[0] + game.share_link()
    await copy_text(page, link, Words("link_copied"), page.t("copy_link"), page.t("copy_by_hand"))
