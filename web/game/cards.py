"""The score cards, the other players' cards and your hand as markup,
browser-free (issue 45): one drawing for the first paint, which the build
writes into index.html on CPython (first_screen.py), and for the live page,
whose ``render`` hands it to the shell for its region; so the two cannot
drift. The shell morphs a region into its new markup, so a hand tile that
stays keeps its button (its focus) from one drawing to the next.

What the page's state adds to the match (a score counting up, the notes
under the opponents, a computer thinking) comes from :class:`PageState`;
the first paint has none."""

from __future__ import annotations

from html import escape
from typing import Final

from allfives import HandEnded, Move, Tile
from allfives.view import SeatView

from game import landing, words
from game.state import PageState
from table import board
from table.game import Game
from table.i18n import Translator

__all__ = ["LANGUAGE_MARK", "element", "hand_markup", "marked", "moves_of", "opponents_markup", "scores_markup"]

#: The attribute that marks a piece of the first screen drawn in one language.
LANGUAGE_MARK: Final = "data-first-lang"


def marked(language: str | None) -> dict[str, str]:
    """The attribute of a copy drawn in ``language``, for the first paint (none for the live page)."""
    return {} if language is None else {LANGUAGE_MARK.replace("-", "_"): language}


def element(tag: str, text: str | None = None, inner: str = "", **attrs: str) -> str:
    """An element as markup, as page.dom.el makes it: text escaped; an
    attribute's name with ``_`` for ``-`` and a trailing ``_`` for a keyword."""
    named = {name.rstrip("_").replace("_", "-"): value for name, value in attrs.items()}
    shown = "".join(f' {name}="{escape(value)}"' for name, value in named.items())
    return f"<{tag}{shown}>{escape(text, quote=False) if text is not None else inner}</{tag}>"


def _classes(*names: str | None) -> str:
    return " ".join(name for name in names if name)


def scores_markup(t: Translator, game: Game, state: PageState | None = None, language: str | None = None) -> str:
    """The score cards: the daily's name where it is the daily, then each
    side's name, the number its card shows (counting up, as ``state``
    says) and what it plays to; the side to move marked."""
    rules = game.rules
    mark = marked(language)
    cards = [element("div", words.daily_name(t, game.daily), class_="score daily-name")] if game.daily else []
    moving = game.to_move
    for side in range(rules.sides):
        shown = game.scores[side] if state is None else state.shown_score(side, game.scores[side])
        counting = state is not None and side in state.counting
        to_move = moving is not None and rules.side_of(moving) == side
        inner = (
            element("span", game.side_name(side), class_="score-name")
            + element(
                "span",
                t.number(shown),
                class_=_classes("score-value", "counting" if counting else None),
                data_side=str(side),
            )
            + element("span", words.score_note(t, game, shown), class_="score-target")
        )
        cards.append(element("div", inner=inner, class_=_classes("score", "to-move" if to_move else None), **mark))
    return "".join(cards)


def opponents_markup(
    t: Translator,
    game: Game,
    seen: SeatView | None = None,
    viewer: int = 0,
    state: PageState | None = None,
    language: str | None = None,
) -> str:
    """The other players' cards: the name and level (a partner marked), the
    tiles held face down (face up and read out once the hand is over), and
    what the player just did; each card reads as one line to a screen reader."""
    cards = []
    ended = None if seen is None or not seen.shown else _hand_end(seen)
    for seat, setup in enumerate(game.seats):
        if seat == viewer:
            continue
        count = seen.hand_sizes[seat] if seen else 0
        badges = [] if setup.is_person or game.daily else [t(f"level_{setup.kind}")]  # the daily's is "Expert"
        title = element("span", setup.name) + "".join(element("span", badge, class_="badge") for badge in badges)
        if game.rules.teams and game.rules.side_of(seat) == game.rules.side_of(viewer):
            badges.append(t("partner"))
            title += element("span", badges[-1], class_="badge partner")
        if seen is not None and seen.shown:  # the hand is over: its tiles are counted face up, and read out
            tiles = "".join(board.tile_svg(tile, css_class="left") for tile in seen.shown[seat])
            label = landing.hands_left_label(t, setup.name, seen.shown[seat])
            backs = element("div", inner=tiles, class_="backs shown", role="img", aria_label=label)
            note = landing.pips_left(t, ended, seat)
            said = note
        else:
            tiles = "".join(board.tile_svg(None, face_down=True, css_class="back") for _ in range(count))
            backs = element("div", inner=tiles, class_="backs", aria_hidden="true")
            note = _note(t, game, seat, state)
            said = words.opponent_card(t, setup.name, badges, count, note)
        inner = (
            element("div", inner=title, class_="opponent-name", aria_hidden="true")
            + backs
            + element("div", note, class_="opponent-state", aria_hidden="true")
            + element("span", said, class_="visually-hidden")
        )
        to_move = game.to_move == seat
        cards.append(
            element(
                "div",
                inner=inner,
                class_=_classes("opponent", "to-move" if to_move else None),
                data_seat=str(seat),
                **marked(language),
            )
        )
    return "".join(cards)


def _note(t: Translator, game: Game, seat: int, state: PageState | None) -> str:
    """What a player just did ("drew 2 tiles"), or that the computer is thinking."""
    if state is None:
        return ""
    if state.busy and game.to_move == seat and not game.seats[seat].is_person:
        return t("thinking")
    note = state.notes.get(seat)
    return "" if note is None else note(t)


def _hand_end(seen: SeatView) -> HandEnded | None:
    """How the hand on the table ended, once it has (it may end in a win instead)."""
    return next((e for e in reversed(seen.history) if isinstance(e, HandEnded)), None)


def hand_markup(
    t: Translator,
    seen: SeatView | None,
    *,
    visible: bool,
    mine: bool,
    selected: Tile | None = None,
    hinted: Tile | None = None,
) -> str:
    """Your hand: a button for each tile, highest first, named for where it
    fits and what it would score. While it is ``mine`` to play, the tiles
    that fit are marked playable, the ``selected`` one pressed and the
    ``hinted`` one marked; one tile is the hand's tab stop (the first that
    fits; the arrows move on). A hand not ``visible`` (hot-seat, before its
    owner holds the device) is drawn from its size alone: its tiles are not
    in the markup."""
    if seen is None:
        return ""
    if not visible:
        return "".join(
            element(
                "button",
                inner=board.tile_svg(None, face_down=True),
                type="button",
                class_="hand-tile",
                id=f"hand-hidden-{index}",
                aria_label=t("hidden_tile"),
                aria_disabled="true",
                tabindex="0" if index == 0 else "-1",
            )
            for index in range(len(seen.hand))
        )
    tiles = words.hand_order(seen.hand)
    fits = {tile: moves_of(seen, tile) if mine else [] for tile in tiles}
    if mine:
        stop = next((tile for tile in tiles if fits[tile]), None)
    else:
        stop = tiles[0] if tiles else None
    buttons = []
    for tile in tiles:
        moves = fits[tile]
        pressed = {"aria_pressed": "true"} if tile is selected else {}
        buttons.append(
            element(
                "button",
                inner=board.tile_svg(tile),
                type="button",
                class_=_classes(
                    "hand-tile",
                    "playable" if moves else None,
                    "selected" if tile is selected else None,
                    "hinted" if tile is hinted else None,
                ),
                id=f"hand-{tile}",
                data_action="choose",
                data_tile=str(tile),
                aria_label=words.tile_label(t, seen, tile, moves),
                **({} if moves else {"aria_disabled": "true"}),
                **pressed,
                tabindex="0" if tile is stop else "-1",
            )
        )
    return "".join(buttons)


def moves_of(seen: SeatView | None, tile: Tile) -> list[Move]:
    """The legal moves that play ``tile``, as the seat on screen sees them."""
    return [] if seen is None else [move for move in seen.legal_moves if move.tile is tile]
