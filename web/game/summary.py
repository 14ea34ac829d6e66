"""The end of a hand and of the match on screen: the hand's summary (each
player's tiles left drawn as tiles, what they counted, each side's score),
"Look at the table", which closes it without dealing and leaves the Next
hand button under the table, and the match's story (its scores hand by hand
and the best hand). What they say comes from :mod:`story`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pyscript import document

from allfives import HandEnded

from game import coach, deal_proof, dialogs, landing, parts, story, words
from page.dom import by_id, el
from table import board

if TYPE_CHECKING:
    from game.roles import Table

__all__ = ["deal_next", "install", "render_next", "show_hand_end", "show_match_end"]


def install(page: Table) -> None:
    """The Next hand button under the table (index.html) deals the next hand."""
    page.on(by_id("next-hand"), "click", lambda _event: deal_next(page))


def render_next(page: Table) -> None:
    """The Next hand button shows while a hand has ended and its summary was
    closed to look at the table; the summary's own Next hand does the same."""
    game = page.game
    button = by_id("next-hand")
    waits = game is not None and game.needs_deal and game.dealt and not game.is_over
    waits = waits and game is not None and game.daily is None  # a daily deal is one hand
    button.hidden = not waits or page.state.busy or page.state.waiting


def deal_next(page: Table) -> None:
    """Deal the next hand, once the one on the table has ended."""
    game = page.game
    if game is None or not game.needs_deal or game.is_over or page.state.busy:
        return
    page.state.revealed = None
    page.apply_events(game.start())
    page.save()
    page.render()
    page.after_move()


def tiles_left(seat: story.SeatLeft) -> Any:
    """One player's tiles left, drawn large, and what they counted."""
    item = el("li", None, class_="left-hand")
    item.append(el("span", seat.name, class_="left-name"))
    picture = el("span", None, class_="left-tiles", role="img", aria_label=seat.label)
    picture.innerHTML = "".join(board.tile_svg(tile) for tile in seat.tiles)
    item.append(picture)
    item.append(el("span", seat.counted, class_="left-count"))
    return item


def listing(heading: str, name: str, items: list[Any]) -> list[Any]:
    """A heading and the list it names (a screen reader reads the list by it)."""
    node = el("ul", None, class_=name, aria_labelledby=f"{name}-heading")
    node.append(*items)
    return [el("h3", heading, id=f"{name}-heading"), node]


def side_score(side: story.SideChange) -> Any:
    """A side's line: its name, what the hand's end did, its score now."""
    item = el("li", None, class_="side-score")
    for text, name in ((side.name, "side-name"), (side.change, "side-change"), (side.score, "side-total")):
        if item.childElementCount:
            item.append(document.createTextNode(" "))
        item.append(el("span", text, class_=name))
    return item


def deal_check(check: deal_proof.DealCheck) -> Any:
    """ "Check this deal", closed until asked for: the seed and how to check it."""
    part = el("details", None, class_="deal-proof")
    part.append(el("summary", check.heading))
    part.append(el("p", check.seed, class_="deal-seed"))
    part.append(el("p", check.how))
    return part


def show_hand_end(page: Table) -> None:
    """The hand's summary. Next hand deals; Look at the table (and Escape)
    closes it and leaves the finished table, with Next hand under it."""
    game = page.game
    assert game is not None
    end = next((e for e in reversed(game.hand_log) if isinstance(e, HandEnded)), None)
    if end is None:
        return
    said = story.hand_summary(page.t, game, end, game.view(page.shown_seat()).shown)
    body = [
        el("p", said.line, class_="hand-line"),
        *listing(said.left_heading, "left-hands", [tiles_left(seat) for seat in said.seats]),
        *listing(said.scores_heading, "side-scores", [side_score(side) for side in said.sides]),
    ]
    check = deal_proof.check_this_deal(page.t, game.history, end.hand)
    if check:
        body.append(deal_check(check))

    def done(value: str) -> None:
        if value == dialogs.DAILY_RESULT:
            return  # game.daily answers it
        if value == "review" and page.game is game:
            page.spawn(coach.show_review(page, game, end.hand, lambda: show_hand_end(page)))
        elif value == "next" and page.game is game:
            deal_next(page)
        else:  # Look at the table, or Escape: the table stays as it ended, Next hand under it
            render_next(page)
            page.dialog_return = by_id("next-hand")

    first = ("next", page.t("next_hand")) if game.daily is None else (dialogs.DAILY_RESULT, page.t("daily_see_result"))
    buttons = [first, ("look", page.t("look_at_table"))]
    if coach.can_review(game):
        buttons.append(("review", page.t("review")))
    page.open_dialog(landing.hand_over(page.t, game, end.hand), body, buttons, done)


def show_match_end(page: Table) -> None:
    """The match's end: who won, the final scores, the match hand by hand and its best hand."""
    game = page.game
    assert game is not None
    result = game.result()
    assert result is not None
    winner, _scores = result
    said = words.said_to_you(page.t, game, "winner", game.rules.seats_of(winner))
    told = story.match_story(page.t, game)
    body = [el("p", page.t(said, name=game.side_name(winner)), class_="match-winner"), el("p", told.final)]
    if told.best:
        body.append(el("p", told.best, class_="match-best"))
    body.append(el("h3", told.heading, id="match-story-heading"))
    sheet = parts.table(told.head, told.rows)
    sheet.classList.add("match-story")
    sheet.setAttribute("aria-labelledby", "match-story-heading")
    body.append(sheet)

    last_hand = game.hands_dealt

    def done(value: str) -> None:
        if value == "new":
            dialogs.show_new_match(page)
        elif value == "review" and page.game is game:
            page.spawn(coach.show_review(page, game, last_hand, lambda: show_match_end(page)))

    buttons = [("new", page.t("new_match"))]
    if coach.can_review(game) and last_hand:
        buttons.append(("review", page.t("review_last_hand")))
    buttons.append(("close", page.t("close")))
    page.open_dialog(page.t("match_over"), body, buttons, done)
