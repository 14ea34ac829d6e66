"""The coach's review under a live replay, drawn from what it shows: the
decision's grade with the best move's toggle, the hand's lines and its
margin graph, and the key moments, each a button to jump to.

A pure module: it returns markup, every text in it escaped, and the shell
puts it in place (:func:`page.dom.draw`); a click on a toggle or a moment
comes back to the replay as plain data (``{"action": "best"}``,
``{"action": "moment", "move": "12"}``).
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from replay.frames import Frame, ReaderTranslator
from replay.marks import Mark, Marks, Moment

__all__ = ["review_markup"]


def _esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def review_markup(
    marks: Marks,
    frame: Frame,
    mark: Mark | None,
    *,
    seat: int,
    names: Sequence[str],
    words: ReaderTranslator,
    show_best: bool,
    prefix: str = "",
) -> str:
    """The review section's content at ``frame``, whose decision is ``mark``
    (None where nobody chose); ``show_best``: the board shows the best move
    instead of the one played. A review that could not be read says only
    why (``marks.problem``)."""
    p = _esc(prefix)
    hidden = ' hidden=""'
    toggle_hidden = hidden if mark is None or mark.best is None else ""
    toggle_text = words("mark_show_played" if show_best else "mark_show_best") if mark is not None else ""
    moments: list[Moment] = []
    if marks.problem is not None:
        said, lines = _esc(marks.problem), ""
    else:
        said = ""
        if mark is not None:
            said = f'<span class="grade grade-{_esc(mark.grade)}">{_esc(mark.grade_word)}</span> {_esc(mark.text)}'
            if show_best and mark.best is not None:
                said += f" {_esc(mark.best_text)}"
        lines = "".join(f"<p>{_esc(line)}</p>" for line in marks.hand_lines(frame.hand))
        graph = marks.graph(frame.hand, seat)  # escapes what it writes
        if graph:
            # The graph's own name says its values; the caption is for the eye.
            caption = _esc(words("mark_graph_caption", name=names[seat]))
            lines += f'<figure class="graph">{graph}<figcaption aria-hidden="true">{caption}</figcaption></figure>'
        moments = marks.moments()
    items = "".join(
        f'<li><button type="button" data-action="moment" data-move="{moment.position}"'
        f' aria-current="{"true" if moment.position == frame.move else "false"}">{_esc(moment.text)}</button></li>'
        for moment in moments
    )
    return (
        f'<h2 id="{p}review-title" class="review-title">{_esc(words("mark_review"))}</h2>'
        f'<p id="{p}mark" class="mark" aria-live="polite">{said}</p>'
        f'<button type="button" id="{p}best-toggle" data-action="best"'
        f' aria-pressed="{"true" if show_best else "false"}"{toggle_hidden}>{_esc(toggle_text)}</button>'
        f'<div id="{p}hand-review" class="hand-review">{lines}</div>'
        f'<nav id="{p}moments" class="moments" aria-labelledby="{p}moments-title"{"" if moments else hidden}>'
        f'<h3 id="{p}moments-title">{_esc(words("mark_moments"))}</h3>'
        f'<ul id="{p}moment-list">{items}</ul></nav>'
    )
