"""A replay's poster: one position of a record drawn as static HTML, the
markup the live replay (:mod:`live_replay`) then takes over in place.

Pure Python, like :mod:`board` and :mod:`replay`: the build runs it on
CPython to put every tutorial replay on rules.html at first paint, before
(and without) any interpreter, and the live replay draws its words with the
same functions, so the poster is the replay's first position to the letter.

Every id of a poster starts with its ``prefix`` (``drawing-board``...), so a
page can hold several replays; embed.html has one, with no prefix.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import urljoin

from allfives import Move, Rules, Tile

from replay.frames import Frame, ReaderTranslator, board_words, explain, frames, seat_names, you_seat
from replay.marks import Marks
from table import board, sketch

if TYPE_CHECKING:
    from table.game import Game

__all__ = [
    "Poster",
    "embed_code",
    "facade",
    "hand_markup",
    "hand_title",
    "others_line",
    "position_line",
    "poster",
    "scores_line",
    "sorted_hand",
]


def scores_line(scores: Sequence[int], names: Sequence[str], rules: Rules, words: ReaderTranslator) -> str:
    """``Scores: Ann 10, Ben 0`` (a side of partners named ``Ann & Cy``)."""
    sides = [
        f"{' & '.join(names[s] for s in rules.seats_of(side))} {words.number(score)}"
        for side, score in enumerate(scores)
    ]
    return words("embed_scores", scores=", ".join(sides))


def position_line(at: Frame, shown: Sequence[Frame], words: ReaderTranslator) -> str:
    """``Hand 2, move 3 of 17``, or ``Hand 1: the deal``: a move is numbered
    within its hand, as the review and its marks number it."""
    if at.in_hand == 0:
        return words("embed_hand_deal", hand=at.hand)
    moves = max(frame.in_hand for frame in shown if frame.hand == at.hand)
    return words("embed_move_of", hand=at.hand, move=at.in_hand, moves=moves)


def hand_title(names: Sequence[str], seat: int, words: ReaderTranslator, *, playing: bool = False) -> str:
    """``Your hand`` when the seat shown is the reader's, else ``Ben's hand``."""
    if playing or you_seat(names, words) == seat:
        return words("embed_your_hand")
    return words("embed_hand_of", name=names[seat])


def others_line(sizes: Sequence[int], boneyard: int, names: Sequence[str], seat: int, words: ReaderTranslator) -> str:
    """The other seats' tiles and the boneyard, counted: ``Ben: 3 tiles · Boneyard: 22 tiles``."""
    others = [words("embed_tiles", name=names[s], count=size) for s, size in enumerate(sizes) if s != seat]
    others.append(words("embed_boneyard", count=boneyard))
    return " · ".join(others)


def sorted_hand(hand: Sequence[Tile]) -> list[Tile]:
    """A hand as the replay lays it out: highest tile first."""
    return sorted(hand, key=lambda t: (t.high, t.low), reverse=True)


def hand_markup(
    hand: Sequence[Tile], words: ReaderTranslator, *, moves: Sequence[Move] | None = None, selected: Tile | None = None
) -> str:
    """The shown seat's hand, highest tile first: pictures named for a
    screen reader; or, while the reader plays it (``moves``, the moves it
    may make), buttons to choose a tile by, those that fit marked playable
    and the ``selected`` one pressed. The poster's first paint and the live
    replay draw it with this one function."""
    if moves is None:
        return "".join(
            f'<span class="hand-tile" role="img" aria-label="{_esc(words.tile(t))}">{board.tile_svg(t)}</span>'
            for t in sorted_hand(hand)
        )
    buttons = []
    for tile in sorted_hand(hand):
        fits = any(move.tile is tile for move in moves)
        classes = " ".join(["hand-tile", *(["playable"] if fits else []), *(["selected"] if tile is selected else [])])
        state = ("" if fits else ' aria-disabled="true"') + (' aria-pressed="true"' if tile is selected else "")
        buttons.append(
            f'<button type="button" class="{classes}" data-action="choose"'
            f' data-tile="{tile}" aria-label="{_esc(words.tile(tile))}"{state}>{board.tile_svg(tile)}</button>'
        )
    return "".join(buttons)


@dataclass(frozen=True)
class Poster:
    """How a poster is framed on its page: the ids' ``prefix``, the
    ``label`` of its replay controls (unique on a page of several), and the
    tag of its hand's title (a page's own headings keep their order)."""

    prefix: str = ""
    label: str = ""
    heading: str = "h2"


def _frames(record: Mapping[str, Any]) -> list[Frame]:
    shown = frames(record)
    if not shown:
        raise ValueError("the record has no hand to show")
    return shown


def replay_buttons(
    words: ReaderTranslator, *, move: int, last: int, position: str, playing: bool = False, prefix: str = ""
) -> str:
    """The replay's controls at ``move`` of ``last``: Back and Next (each
    greyed where it leads nowhere), Play or Pause (``playing``), the slider
    to any move (``position`` says where it stands) and Try it. The first
    paint and the live replay draw them with this one function."""
    back = " disabled" if move == 0 else ""
    forward = " disabled" if move >= last else ""
    return (
        f'<button type="button" data-action="back"{back}>{_esc(words("embed_back"))}</button>'
        f'<button type="button" data-action="play" aria-pressed="{"true" if playing else "false"}">'
        f"{_esc(words('embed_pause' if playing else 'embed_play'))}</button>"
        f'<button type="button" data-action="next"{forward}>{_esc(words("embed_next"))}</button>'
        f'<label class="jump"><span>{_esc(words("embed_move"))}</span>'
        f'<input id="{_esc(prefix)}jump" type="range" min="0" max="{last}" value="{move}" step="1"'
        f' aria-valuetext="{_esc(position)}"></label>'
        f'<button type="button" data-action="try" class="try" title="{_esc(words("embed_try_help"))}">'
        f"{_esc(words('embed_try'))}</button>"
    )


def play_buttons(words: ReaderTranslator, *, must_draw: bool = False, next_hand: bool = False) -> str:
    """ "Try it"'s controls: Draw a tile while the reader ``must_draw``, Next
    hand when a hand is over (``next_hand``), and Back to the replay."""
    draw = "" if must_draw else " hidden"
    deal = "" if next_hand else " hidden"
    return (
        f'<button type="button" data-action="draw"{draw}>{_esc(words("embed_draw"))}</button>'
        f'<button type="button" data-action="next-hand"{deal}>{_esc(words("embed_next_hand"))}</button>'
        f'<button type="button" data-action="replay">{_esc(words("embed_replay"))}</button>'
    )


def explanation_markup(lines: Sequence[str]) -> str:
    """The lines that say what the last move did, a count (with its sum)
    set apart."""
    return "".join(f'<p class="count">{_esc(line)}</p>' if "=" in line else f"<p>{_esc(line)}</p>" for line in lines)


def _esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def poster(
    record: Mapping[str, Any],
    *,
    move: int = 0,
    seat: int = 0,
    words: ReaderTranslator | None = None,
    frame: Poster = Poster(),
) -> str:
    """The replay of ``record`` at position ``move`` as static HTML: the
    scores, the position, the board, what the move did and how the ends
    count, the shown seat's hand, and the step controls. Raises
    :class:`~allfives.record.RecordError` for a record that cannot be shown."""
    words = words or ReaderTranslator("en")
    shown = _frames(record)
    last = len(shown) - 1
    at = shown[max(0, min(move, last))]
    rules = Rules.from_json(record.get("rules", {}))
    names = seat_names(record, rules.players, words)
    seat = max(0, min(seat, rules.players - 1))
    return _markup(at, shown, rules, names, seat, words, frame)


def _markup(
    at: Frame, shown: Sequence[Frame], rules: Rules, names: list[str], seat: int, words: ReaderTranslator, frame: Poster
) -> str:
    last = len(shown) - 1
    p = _esc(frame.prefix)
    played = at.played
    svg = board.render_board(at.layout, last=played.move.tile if played else None, words=board_words(words))
    told = explanation_markup(explain(at.events, at.layout, words, names, rules, seat))
    tiles = hand_markup(at.hands[seat], words)
    sizes = [len(h) for h in at.hands]
    position = position_line(at, shown, words)
    label = _esc(frame.label or words("embed_title"))
    tag = frame.heading
    return (
        f'<header class="embed-top"><p id="{p}scores" class="scores">'
        f"{_esc(scores_line(at.scores, names, rules, words))}</p>"
        f'<p id="{p}position" class="position" role="status">{_esc(position)}</p></header>'
        f'<div id="{p}board" class="table">{svg}</div>'
        f'<div id="{p}explain" class="explain" aria-live="polite">{told}</div>'
        f'<section class="hand-area" aria-labelledby="{p}hand-title">'
        f'<{tag} id="{p}hand-title" class="hand-title">{_esc(hand_title(names, seat, words))}</{tag}>'
        f'<div id="{p}hand" class="hand" role="group" aria-labelledby="{p}hand-title">{tiles}</div>'
        f'<p id="{p}others" class="others">{_esc(others_line(sizes, at.boneyard, names, seat, words))}</p>'
        "</section>"
        f'<nav id="{p}replay-controls" class="controls" aria-label="{label}">'
        f"{replay_buttons(words, move=at.move, last=last, position=position, prefix=frame.prefix)}</nav>"
        f'<nav id="{p}play-controls" class="controls" aria-label="{label}: {_esc(words("embed_try"))}" hidden>'
        f"{play_buttons(words)}</nav>"
        f'<p id="{p}problem" class="problem" role="alert" hidden></p>'
    )


# --------------------------------------------------------------------------
# the facade: a replay for another site's page, which costs nothing until used

# The facade's looks, inline (the host page's stylesheet is not ours), in em
# of the reader's own font size (``medium``), which is the rem the replay is
# laid out in: the facade is as tall as the replay's frame will be at every
# width, and facade.js puts the frame over it, so the host page never moves.

#: The box, the frame's box once it is live: as wide as the host's column, at most 44em.
FACADE_STYLE = (
    "display:block;box-sizing:border-box;max-width:44em;padding:.5em;border:0;border-radius:12px;"
    "background:#f6f3ea;color:#1b1b1b;font:medium/1.45 Arial,sans-serif;text-decoration:none"
)
#: The board: as wide as the box, 9/16 as tall, as the live replay's board is.
FACADE_BOARD_STYLE = "display:block;aspect-ratio:16/9;border:6px solid #6b4423;border-radius:12px;background:#1f6b45"
#: Under the board: the position, what its move did, and the way in, as
#: tall as the rest of the live replay (its words, hand and controls: 19 to
#: 29em at the widths measured, docs/embedding.md), with the box's padding 24em.
FACADE_WORDS_STYLE = "display:flex;flex-direction:column;height:{height}em;padding-top:.4em;overflow:hidden"
FACADE_WORDS_EM = 22.6
#: What the coach's review adds under the live replay's board (23 to 34em at the widths measured).
FACADE_REVIEW_EM = 30
#: The way in, drawn as the replay's buttons are.
FACADE_PLAY_STYLE = "margin:auto;padding:.5em 1.4em;border-radius:2em;background:#1f6b45;color:#fff;font-weight:600"
FACADE_SCRIPT = "facade.js"


def facade(
    record: Mapping[str, Any],
    *,
    src: str,
    script: str,
    move: int = 0,
    seat: int = 0,
    words: ReaderTranslator | None = None,
    title: str = "",
) -> str:
    """The code a host page pastes for the replay of ``record`` at ``move``
    (``src``, the embed.html address): a link to the replay drawn as its
    poster (the board at that position, sketched in few bytes, and under it
    the position, what its move did and the way in), and the small
    ``script`` (facade.js on the game's site) that puts the live replay's
    ``<iframe>`` over it, at its size, when the reader clicks it or presses
    Enter. A page with many of these fetches no interpreter until one is
    used; if the script never runs, the link opens the replay on the game's
    site. The code is short (a hand's is about 3 kB: the board and the
    record are most of it; tests/web/test_embed_code.py keeps it so)."""
    words = words or ReaderTranslator("en")
    shown = _frames(record)
    last = len(shown) - 1
    at = shown[max(0, min(move, last))]
    rules = Rules.from_json(record.get("rules", {}))
    names = seat_names(record, rules.players, words)
    seat = max(0, min(seat, rules.players - 1))
    played = at.played
    svg = sketch.render_sketch(at.layout, last=played.move.tile if played else None, words=board_words(words))
    reviewed = Marks(record, shown, words, names, rules).shown
    under = FACADE_WORDS_STYLE.format(height=FACADE_WORDS_EM + (FACADE_REVIEW_EM if reviewed else 0))
    title = title or words("embed_frame_title")
    position = position_line(at, shown, words)
    action = words("embed_facade_play")
    told = "".join(
        f"<strong>{_esc(line)}</strong>" if "=" in line else f"<span>{_esc(line)}</span>"
        for line in explain(at.events, at.layout, words, names, rules, seat)
    )
    return (
        f'<a class="allfives-replay" href="{_esc(src)}" data-title="{_esc(title)}"'
        f' aria-label="{_esc(f"{title}: {position}. {action}")}"\n'
        f' style="{FACADE_STYLE}">'
        f'<span style="{FACADE_BOARD_STYLE}">{svg}</span>'
        f'<span style="{under}">'
        f"<span><strong>{_esc(position)}</strong> · {_esc(scores_line(at.scores, names, rules, words))}</span>{told}"
        f'<span style="{FACADE_PLAY_STYLE}">&#9654; {_esc(action)}</span></span></a>\n'
        f'<script src="{_esc(script)}" defer></script>'
    )


def embed_code(game: Game, page_url: str, *, whole_hand: bool, seat: int, lang: str) -> str:
    """What the game's "Copy embed code" gives (game/dialogs/screen.py): the
    facade of this hand (:meth:`Game.embed_link`) from the game at
    ``page_url``, from the position on the table or the whole hand, with
    ``seat``'s tiles face up, in ``lang``."""
    src, record, move = game.embed_link(page_url, whole_hand=whole_hand, seat=seat, lang=lang)
    words = ReaderTranslator(lang)
    script = urljoin(page_url, FACADE_SCRIPT)
    return facade(record, src=src, script=script, move=move, seat=seat, words=words, title=words("embed_frame_title"))
