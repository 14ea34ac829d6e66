"""The game page's dialogs as markup: the hand's summary and the match's
end (what :mod:`story` and :mod:`deal_proof` say; :mod:`summary` opens
them), the Menu (:mod:`dialogs`) and the summary tables they share. A pure
module: every text in it escaped, put in place by the shell."""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from game import story
from game.deal_proof import DealCheck
from table import board

__all__ = ["Menu", "hand_end_markup", "lines", "match_end_markup", "menu_markup", "table_markup"]


def _esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def lines(*said: str) -> str:
    """A dialog that says ``said``, a paragraph each."""
    return "".join(f"<p>{_esc(line)}</p>" for line in said)


def _tiles_left(seat: story.SeatLeft) -> str:
    """One player's tiles left, drawn large, and what they counted."""
    tiles = "".join(board.tile_svg(tile) for tile in seat.tiles)
    return (
        f'<li class="left-hand"><span class="left-name">{_esc(seat.name)}</span>'
        f'<span class="left-tiles" role="img" aria-label="{_esc(seat.label)}">{tiles}</span>'
        f'<span class="left-count">{_esc(seat.counted)}</span></li>'
    )


def _side_score(side: story.SideChange) -> str:
    """A side's line: its name, what the hand's end did, its score now."""
    return (
        f'<li class="side-score"><span class="side-name">{_esc(side.name)}</span>'
        f' <span class="side-change">{_esc(side.change)}</span>'
        f' <span class="side-total">{_esc(side.score)}</span></li>'
    )


def _listing(heading: str, name: str, items: Sequence[str]) -> str:
    """A heading and the list it names (a screen reader reads the list by it)."""
    return f'<h3 id="{name}-heading">{_esc(heading)}</h3><ul class="{name}" aria-labelledby="{name}-heading">{"".join(items)}</ul>'


def hand_end_markup(said: story.HandSummary, check: DealCheck | None) -> str:
    """The hand's summary: its line, each player's tiles left, each side's
    score, and "Check this deal", closed until asked for."""
    parts = [
        f'<p class="hand-line">{_esc(said.line)}</p>',
        _listing(said.left_heading, "left-hands", [_tiles_left(seat) for seat in said.seats]),
        _listing(said.scores_heading, "side-scores", [_side_score(side) for side in said.sides]),
    ]
    if check:
        parts.append(
            f'<details class="deal-proof"><summary>{_esc(check.heading)}</summary>'
            f'<p class="deal-seed">{_esc(check.seed)}</p><p>{_esc(check.how)}</p></details>'
        )
    return "".join(parts)


def table_markup(
    head: Sequence[str] | None, rows: Sequence[Sequence[str]], *, kind: str = "", labelled_by: str = ""
) -> str:
    """A summary table: a heading row (when given), then rows whose first
    cell heads the row; ``kind`` a class more, ``labelled_by`` the id of
    the heading that names it."""
    lines = []
    if head is not None:
        lines.append("<tr>" + "".join(f'<th scope="col">{_esc(h)}</th>' for h in head) + "</tr>")
    for row in rows:
        cells = "".join(f"<td>{_esc(cell)}</td>" for cell in row[1:])
        lines.append(f'<tr><th scope="row">{_esc(row[0])}</th>{cells}</tr>')
    named = f' aria-labelledby="{_esc(labelled_by)}"' if labelled_by else ""
    return f'<table class="{_esc(" ".join(["summary", kind]).strip())}"{named}>{"".join(lines)}</table>'


def match_end_markup(winner: str, told: story.MatchStory) -> str:
    """The match's end: who won, the final scores, its best hand, and the
    match hand by hand."""
    best = f'<p class="match-best">{_esc(told.best)}</p>' if told.best else ""
    sheet = table_markup(told.head, told.rows, kind="match-story", labelled_by="match-story-heading")
    return (
        f'<p class="match-winner">{_esc(winner)}</p><p>{_esc(told.final)}</p>{best}'
        f'<h3 id="match-story-heading">{_esc(told.heading)}</h3>{sheet}'
    )


@dataclass(frozen=True, slots=True)
class Menu:
    """What the Menu shows: the settings as they stand (``language`` among
    ``languages``, code to name; ``speed`` among ``speeds``, value to label;
    ``learning``), the score sheet, the deal's fingerprint (when a hand is
    in play), the line on how matches are kept, the rules page's address."""

    language: str
    languages: Mapping[str, str]
    speed: str
    speeds: Sequence[tuple[str, str]]
    learning: bool
    sheet_head: Sequence[str]
    sheet_rows: Sequence[Sequence[str]]
    proof: str | None
    storage: str
    rules_page: str


def _field(label: str, control: str) -> str:
    return f'<label class="field"><span>{_esc(label)}</span>{control}</label>'


def menu_markup(menu: Menu, say: Callable[[str], str]) -> str:
    """The Menu's body: the settings, the score sheet, the deal's
    fingerprint, how matches are kept, the rules, and bringing in a game
    from a file; ``say`` words each label."""
    languages = "".join(
        f'<option value="{_esc(code)}" lang="{_esc(code)}"{" selected" if code == menu.language else ""}>'
        f"{_esc(name)}</option>"
        for code, name in menu.languages.items()
    )
    speeds = "".join(
        f'<option value="{_esc(key)}"{" selected" if key == menu.speed else ""}>{_esc(label)}</option>'
        for key, label in menu.speeds
    )
    checked = " checked" if menu.learning else ""
    parts = [
        _field(say("language"), f'<select id="menu-language" name="language">{languages}</select>'),
        _field(say("speed"), f'<select id="menu-speed" name="speed">{speeds}</select>'),
        _field(say("learning_aid"), f'<input type="checkbox" id="menu-learning" name="learning"{checked}>'),
        f"<h3>{_esc(say('score_sheet'))}</h3>",
        table_markup(menu.sheet_head, menu.sheet_rows, kind="score-sheet"),
    ]
    if menu.proof:
        parts.append(f'<p class="deal-proof">{_esc(menu.proof)}</p>')
    # The statistics are on the History screen, worked out from the matches it lists.
    parts.append(f'<p class="storage-note">{_esc(menu.storage)}</p>')
    parts.append(f'<p><a href="{_esc(menu.rules_page)}" target="_blank">{_esc(say("how_to_play"))}</a></p>')
    file_input = (
        f'<input type="file" id="menu-import" accept=".json,application/json" aria-label="{_esc(say("import"))}">'
    )
    parts.append(_field(say("import"), file_input))
    return "".join(parts)
