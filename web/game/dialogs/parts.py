"""What the game page's dialogs share with its other parts: a text put on
the clipboard (or shown to copy by hand where the browser will not), and a
link to the deal on the table. The clipboard and the address are the
browser's (:mod:`page.browser`); the rest is plain Python."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.dialogs import words as dialogs_words
from page import browser
from table.i18n import Said, Words

if TYPE_CHECKING:
    from game.roles import Host, Playing

__all__ = ["copy_link", "copy_text"]


async def copy_text(page: Host, text: str, copied: Said, title: str, prompt: str) -> None:
    """Put ``text`` on the clipboard and say ``copied``; where the browser
    will not allow it, show it selected in a dialog, to copy by hand. A
    dialog opened while the browser made up its mind (the question a link
    pasted into the tab asks) is left alone: the refusal is said in the
    header instead, for the player to ask again once it is answered."""
    try:
        await browser.copy_text(text)
        said = copied
    except Exception:
        if not page.dialog_open():
            page.open_dialog(title, dialogs_words.copy_by_hand_markup(prompt, text, title), [("ok", page.t("ok"))])
            page.select_text_of("copy-field")
            return
        said = Words("copy_refused")
    page.set_status(said)
    page.announce(said(page.t))


async def copy_link(page: Playing) -> None:
    game = page.game
    if game is None:
        return
    link = browser.address().href.split("#")[0] + game.share_link()
    await copy_text(page, link, Words("link_copied"), page.t("copy_link"), page.t("copy_by_hand"))
