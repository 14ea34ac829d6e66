"""The game page's dialogs as markup: the hand's summary and the match's
end (what :mod:`game.story` and :mod:`game.deal_proof` say; :mod:`game.summary` opens
them), the Menu (:mod:`game.dialogs.screen`) and the summary tables they share. A pure
module: every text in it escaped, put in place by the shell."""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from allfives.players import LEVELS
from allfives.rules import GAMES, OPTION_RANGES

from game import story, words
from game.deal_proof import DealCheck
from game.dialogs.match_form import CHOSEN, MatchForm
from table import board
from table.i18n import Translator

__all__ = [
    "Menu",
    "copy_by_hand_markup",
    "embed_markup",
    "field",
    "hand_end_markup",
    "lines",
    "match_end_markup",
    "menu_markup",
    "new_match_fields",
    "new_match_markup",
    "table_markup",
]


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


def field(label: str, control: str) -> str:
    """A form's field: its label, then its control (markup)."""
    return f'<label class="field"><span>{_esc(label)}</span>{control}</label>'


#: A Menu field's mark: its changes come to the page as plain data (web/js/shell.js).
_MENU = ' data-change="menu"'


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
        field(say("language"), f'<select id="menu-language" name="language"{_MENU}>{languages}</select>'),
        field(say("speed"), f'<select id="menu-speed" name="speed"{_MENU}>{speeds}</select>'),
        field(say("learning_aid"), f'<input type="checkbox" id="menu-learning" name="learning"{_MENU}{checked}>'),
        f"<h3>{_esc(say('score_sheet'))}</h3>",
        table_markup(menu.sheet_head, menu.sheet_rows, kind="score-sheet"),
    ]
    if menu.proof:
        parts.append(f'<p class="deal-proof">{_esc(menu.proof)}</p>')
    # The statistics are on the History screen, worked out from the matches it lists.
    parts.append(f'<p class="storage-note">{_esc(menu.storage)}</p>')
    parts.append(f'<p><a href="{_esc(menu.rules_page)}" target="_blank">{_esc(say("how_to_play"))}</a></p>')
    file_input = (
        f'<input type="file" id="menu-import" name="import" accept=".json,application/json"'
        f' aria-label="{_esc(say("import"))}"{_MENU}>'
    )
    parts.append(field(say("import"), file_input))
    return "".join(parts)


def _options(options: Sequence[tuple[str, str]], value: str) -> str:
    return "".join(
        f'<option value="{_esc(v)}"{" selected" if v == value else ""}>{_esc(text)}</option>' for v, text in options
    )


def _select(name: str, options: Sequence[tuple[str, str]], value: str, label: str = "", more: str = "") -> str:
    named = f' aria-label="{_esc(label)}"' if label else ""
    return f'<select name="{name}" id="nm-{name}"{named}{more}>{_options(options, value)}</select>'


#: A New match field's mark: its changes come to the page as plain data (web/js/shell.js).
_CHANGE = ' data-change="new-match"'


def new_match_markup(t: Translator, form: MatchForm) -> str:
    """The New match form, as ``form`` holds it (:mod:`game.dialogs.match_form`): its
    fields (:func:`new_match_fields`), under a disclosure the deal number,
    and a line for a refusal."""
    # The deal number (the seed) is for replaying a deal: out of the way,
    # under a disclosure the player opens when they want it.
    value = f' value="{_esc(form.seed)}"' if form.seed else ""
    seed = (
        f'<input type="number" name="seed" id="nm-seed"{value} placeholder="{_esc(t("seed_random"))}"'
        f' aria-describedby="nm-seed-help"{_CHANGE}>'
    )
    return (
        f'<div class="new-match"><div id="nm-fields">{new_match_fields(t, form)}</div>'
        f'<details class="advanced"><summary>{_esc(t("advanced"))}</summary>{field(t("seed"), seed)}'
        f'<p id="nm-seed-help" class="field-help">{_esc(t("seed_help"))}</p></details>'
        f'<p class="form-error" role="alert" id="nm-error">{_esc(form.refusal)}</p></div>'
    )


def new_match_fields(t: Translator, form: MatchForm) -> str:
    """The New match form's fields, drawn again (``#nm-fields``) when a
    count of players or a preset changes others: the preset (a game of the
    family with its line on where it is played), the players (each seat's
    name and who plays it; the seats beyond the count hidden), partnerships
    (where the count allows them), the hand's size and the target (left
    empty: the usual, shown faintly), the rules of the hand's end, the lead
    and the win."""
    choices, usual = words.form_choices(t), form.usual
    most = max(OPTION_RANGES.players)
    kinds = [("person", t("person"))] + [(level, t("level_" + level)) for level in LEVELS]
    line = t("preset_line_" + form.preset.replace("-", "_")) if form.preset in GAMES else ""
    described = ' aria-describedby="nm-preset-line"' if line else ""
    presets = (
        f'<select name="preset" id="nm-preset"{described}{_CHANGE}>{_options(choices["preset"][:1], form.preset)}'
        f'<optgroup label="All Fives">{_options(choices["preset"][1:], form.preset)}</optgroup>'
        f'<optgroup label="{_esc(t("preset_family"))}">{_options(choices["game"], form.preset)}</optgroup></select>'
    )
    parts = [field(t("preset"), presets)]
    if line:
        parts.append(f'<p class="field-help" id="nm-preset-line">{_esc(line)}</p>')
    partners = ("" if form.may_partner else ' disabled=""') + (" checked" if form.partnerships else "")
    parts += [
        field(t("players"), _select("players", choices["players"], str(form.players), more=_CHANGE)),
        field(
            t("partnerships"),
            f'<input type="checkbox" name="partnerships" id="nm-partnerships"{_CHANGE}{partners}>',
        ),
    ]
    for seat in range(most):
        name = (
            f'<input type="text" name="name{seat}" id="nm-name{seat}" maxlength="24" value="{_esc(form.names[seat])}"'
            f' aria-label="{_esc(t("seat_name", seat=seat + 1))}"{_CHANGE}>'
        )
        kind = _select(f"kind{seat}", kinds, form.kinds[seat], t("seat_kind", seat=seat + 1), _CHANGE)
        hidden = ' hidden=""' if seat >= form.players else ""
        parts.append(
            f'<div class="seat-row" data-seat="{seat}"{hidden}>{field(t("seat_n", seat=seat + 1), name)}{kind}</div>'
        )
    sizes, step = OPTION_RANGES.hand_sizes(form.players), form.target_step
    parts.append(
        field(
            t("hand_size"),
            f'<input type="number" name="hand_size" id="nm-hand_size" min="{sizes[0]}" max="{sizes[-1]}"'
            f' placeholder="{usual.deal_size}" value="{_esc(form.hand_size)}"{_CHANGE}>',
        )
    )
    parts.append(
        field(
            t("target"),
            f'<input type="number" name="target" id="nm-target" min="{step}" step="{step}"'
            f' placeholder="{usual.points_to_win}" value="{_esc(form.target)}"{_CHANGE}>',
        )
    )
    for option in CHOSEN:
        offered = choices[option]
        value = getattr(form, option)
        if value not in {v for v, _ in offered}:  # a family's own, which its preset set
            offered = [*offered, (value, t(words.CHOICE_KEYS[option][value]))]
        parts.append(field(t(option), _select(option, offered, value, more=_CHANGE)))
    return "".join(parts)


def embed_markup(t: Translator, moves: int, whole_hand: bool, code: str) -> str:
    """The embed code's dialog: what it is, the choice of the position on
    the table (after ``moves`` moves) or the whole hand from its deal, and
    the ``code`` for that choice, ready to copy."""
    choices = "".join(
        f'<label><input type="radio" name="embed-from" value="{value}"{" checked" if chosen else ""}'
        f' data-change="embed"> {_esc(label)}</label>'
        for value, label, chosen in (
            ("position", t("embed_this_position", count=moves), not whole_hand),
            ("hand", t("embed_whole_hand"), whole_hand),
        )
    )
    label = t("embed_code_label")
    area = (
        f'<textarea readonly rows="6" class="embed-field" id="embed-field" aria-label="{_esc(label)}">'
        f"{_esc(code)}</textarea>"
    )
    return (
        f"<p>{_esc(t('embed_explain'))}</p>"
        f'<fieldset class="embed-choice"><legend>{_esc(t("embed_show"))}</legend>{choices}</fieldset>'
        f"{field(label, area)}"
    )


def copy_by_hand_markup(prompt: str, text: str, label: str) -> str:
    """``text`` to copy by hand (where the browser will not put it on the
    clipboard), under ``prompt``; the field is named ``label``."""
    return (
        f"<p>{_esc(prompt)}</p>"
        f'<textarea readonly rows="6" class="embed-field" id="copy-field" aria-label="{_esc(label)}">'
        f"{_esc(text)}</textarea>"
    )
