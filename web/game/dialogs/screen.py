"""The game page's dialogs: the New match form, the menu with the score sheet, the embed code, and the
problems met at start-up. Each is a function of the page it opens on (one of
the protocols of :mod:`roles`); each draws its markup from
:mod:`game.dialogs.words`, hears its fields' changes as plain data
(``page.hear_dialog``) and reads its answer from what it holds, never from
the screen; the browser outside the page (the address, the clipboard, a
file to save) through :mod:`page.browser`. No DOM is touched here."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from allfives.record import RecordError
from allfives.rules import RulesError

from game import deal_proof, first_screen, translation, words
from game.dialogs import words as dialogs_words
from game.dialogs.match_form import REDRAWN_BY, MatchForm
from game.dialogs.parts import copy_link
from game.dialogs.parts import copy_text as copy_text  # game.daily.screen copies through the dialogs too
from game.history import screen as history_screen
from page import browser
from replay import poster
from table import refusal
from table.game import Game
from table.i18n import LANGUAGES, Words

if TYPE_CHECKING:
    from game.roles import Host, Menu, Playing

#: The buttons game.daily.screen answers when a dialog closes with them: Menu,
#: Daily deal, and a daily's summary, See how the Expert did.
DAILY_DEAL = "daily-deal"
DAILY_RESULT = "daily-result"


def show_problem(page: Host, message: str, unreadable: str, kept: bool) -> None:
    """Say what went wrong at start-up; offer ``unreadable`` (a save that
    could not be read) as a download, and say whether it was ``kept``."""
    body = dialogs_words.lines(message, *([page.t("save_kept" if kept else "save_not_kept")] if unreadable else []))
    buttons = [("ok", page.t("ok"))]
    if unreadable:
        buttons.insert(0, ("download", page.t("download_unreadable")))

    def done(value: str) -> None:
        if value == "download":
            browser.download("allfives-unreadable-save.json", unreadable)

    page.open_dialog(page.t("problem_title"), body, buttons, done)


def show_pass_screen(page: Playing) -> None:
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
        dialogs_words.lines(page.t("pass_explain", name=name)),
        [("show", page.t("show_hand", name=name))],
        done,
    )


def show_new_match(page: Playing, form: MatchForm | None = None) -> None:
    """The New match form, a view of its :class:`MatchForm`: a field's
    change comes as plain data and gives the next form, and the fields it
    changes are drawn again from it; Start reads the form. Its Cancel (and
    Escape) leaves the match as it was, so the form says what Start does to
    a match in progress only when there is one, just above Start (and as
    Start's description): it ends that match, which the History keeps, where
    the browser lets it keep anything."""
    game = page.game
    if form is None:
        form = MatchForm.of(page.t, game.setup if game else first_screen.default_setup(page.t))
    held = form

    def changed(data: dict[str, str]) -> None:
        nonlocal held
        if data.get("action") != "new-match":
            return
        name = data.get("name", "")
        held = held.changed(page.t, name, data.get("value", ""))
        if name in REDRAWN_BY:
            page.redraw_dialog_part("nm-fields", dialogs_words.new_match_fields(page.t, held))

    def done(value: str) -> None:
        if value != "start":
            return
        try:
            new_setup = held.setup(page.t)
        except RulesError as problem:  # before ValueError, which it is
            refused = page.t("new_match_refused", reason=refusal.reason(page.t, problem))
            show_new_match(page, held.refused(refused))
            return
        except ValueError as problem:  # a number that is not one, said in words (words.read_setup)
            show_new_match(page, held.refused(str(problem)))
            return
        page.store.remember_setup(new_setup.to_json())
        history_screen.leave(page, page.game)
        page.begin(Game(new_setup))

    markup = dialogs_words.new_match_markup(page.t, form)
    page.open_dialog(page.t("new_match"), markup, [("start", page.t("start")), ("cancel", page.t("cancel"))], done)
    page.hear_dialog(changed)
    if game is not None and game.in_progress:
        # Above the buttons, which stay in view while the form scrolls (the next dialog's buttons replace it).
        scores = ", ".join(f"{game.side_name(side)} {page.t.number(score)}" for side, score in enumerate(game.scores))
        said = page.t("new_match_ends", scores=scores)
        if page.store.storage is not None:
            said += " " + page.t("new_match_kept")
        page.dialog_note("nm-ends", said, "start")


def show_menu(page: Menu) -> None:
    page.open_dialog(*menu_parts(page), lambda value: menu_closed(page, value))
    page.hear_dialog(lambda data: menu_changed(page, data))
    # The Menu holds the focus itself (its name is read), not its first
    # control: a focus ring on the Language box, unasked, read as if it were
    # the thing to change. Tab reaches every control from here.
    page.focus("#dialog", over_dialog=True)


def menu_parts(page: Menu) -> tuple[str, str, list[tuple[str, str]]]:
    """The Menu's title, body and buttons, in the page's language."""
    t, game = page.t, page.game
    assert game is not None
    code = t.language
    menu = dialogs_words.Menu(
        language=code,
        languages=LANGUAGES,
        speed=page.speed,
        speeds=[(key, t("speed_" + key)) for key in words.SPEEDS],
        learning=page.learning,
        sheet_head=(t("hand"), *(game.side_name(side) for side in range(game.rules.sides))),
        sheet_rows=words.score_sheet_rows(t, game),
        proof=deal_proof.menu_line(t, game.history),
        storage=history_screen.persistence_line(page),
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
    return t("menu"), dialogs_words.menu_markup(menu, t), buttons


def menu_changed(page: Menu, data: dict[str, str]) -> None:
    """A setting changed in the open Menu, as plain data: the speed and the
    learning aid are kept when it closes; a language is spoken at once (the
    page and the Menu drawn again in it, the focus back on the Language box);
    a file chosen to bring in is read."""
    if data.get("action") != "menu":
        return
    name, value = data.get("name", ""), data.get("value", "")
    if name == "speed":
        page.speed = value
    elif name == "learning":
        page.learning = value == "checked"
    elif name == "language":
        keep_settings(page, value)
        page.refill_dialog(*menu_parts(page))
        page.focus("#menu-language", over_dialog=True)
    elif name == "import" and "text" in data:
        import_text(page, data["text"])


def keep_settings(page: Menu, language: str | None = None) -> None:
    """The Menu's settings as they stand: kept, and the language spoken
    (``language`` when one was just chosen)."""
    chosen = page.t.language if language is None else language
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
        history_screen.show(page)


def import_text(page: Playing, text: str) -> None:
    """A game brought in from a file's ``text``: begun, or why not said."""
    try:
        game = Game.load_text(text)
    except RecordError as error:
        page.close_notice()
        show_problem(page, page.t("import_broken", reason=refusal.reason(page.t, error)), "", False)
        return
    page.close_notice()
    history_screen.leave(page, page.game)
    page.begin(game)
    page.announce(page.t("imported"))


def export(page: Playing) -> None:
    if page.game is not None:
        browser.download("allfives-game.json", json.dumps(page.game.to_record(), indent=1))


def show_embed_code(page: Playing) -> None:
    """The snippet that puts this hand on another page, as a replay:
    from the position on the table now, or the whole hand from its deal."""
    game = page.game
    if game is None or not game.dealt:
        return
    moves = game.moves_in_hand
    page_url = browser.address().page_url
    whole_hand = False

    def code() -> str:
        # The facade: the position drawn, turned into the live replay when
        # the reader asks (poster.facade, docs/embedding.md).
        return poster.embed_code(game, page_url, whole_hand=whole_hand, seat=page.shown_seat(), lang=page.t.language)

    def chosen(data: dict[str, str]) -> None:
        nonlocal whole_hand
        if data.get("action") == "embed":
            whole_hand = data.get("value") == "hand"
            page.redraw_dialog_part("dialog-body", dialogs_words.embed_markup(page.t, moves, whole_hand, code()))

    def done(value: str) -> None:
        if value == "copy":
            copied, title, prompt = Words("embed_copied"), page.t("embed_code"), page.t("copy_by_hand_code")
            page.spawn(copy_text(page, code(), copied, title, prompt))

    page.open_dialog(
        page.t("embed_code"),
        dialogs_words.embed_markup(page.t, moves, whole_hand, code()),
        [("copy", page.t("copy")), ("close", page.t("close"))],
        done,
    )
    page.hear_dialog(chosen)
