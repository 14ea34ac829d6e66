"""The score cards and the other players' cards (game/cards.py), on CPython:
one drawing for the first paint and the live page, from the match and the
page's state alone."""

from __future__ import annotations

import re
from datetime import date

from allfives.players.simple import greedy_move

from game import cards, first_screen
from game.daily.model import daily_game
from game.state import PageState
from table.game import Game, GameSetup, SeatSetup
from table.i18n import Translator, Words

T = Translator("en")


def started(seed: int = 3) -> Game:
    game = Game(GameSetup(seats=(SeatSetup("You"), SeatSetup("Computer", "easy")), seed=seed))
    game.start()
    return game


def test_the_first_paint_draws_the_cards_with_the_live_page_s_own_functions() -> None:
    game = Game(first_screen.default_setup(T))
    assert first_screen.scores_markup is cards.scores_markup
    assert first_screen.opponents_markup is cards.opponents_markup
    assert cards.scores_markup(T, game, PageState()) == cards.scores_markup(T, game)


def test_a_score_counting_up_shows_the_number_reached_so_far_and_the_side_to_move_is_marked() -> None:
    game = started()
    state = PageState(shown_scores={0: 0, 1: 0})
    state.counting[game.rules.side_of(game.to_move or 0)] = 5
    drawn = cards.scores_markup(T, game, state)
    assert '<span class="score-value counting" data-side="' in drawn
    assert drawn.count('class="score to-move"') == 1


def test_the_daily_names_itself_before_the_score_cards_and_says_no_target() -> None:
    drawn = cards.scores_markup(T, daily_game(date(2026, 12, 6), "You", "Expert", practice=False))
    assert drawn.startswith('<div class="score daily-name">Daily deal of 6 December 2026</div>')
    assert "of 250" not in drawn


def test_a_note_under_an_opponent_is_said_in_the_language_the_card_is_drawn_in() -> None:
    game = started()
    state = PageState()
    state.notes[1] = Words("note_drew", count=2)
    for language, said in (("en", "drew 2 tiles"), ("de", "hat 2 Steine gezogen")):
        drawn = cards.opponents_markup(Translator(language), game, game.view(0), 0, state)
        assert f'<div class="opponent-state" aria-hidden="true">{said}</div>' in drawn


def test_at_the_hand_s_end_the_opponent_s_tiles_are_face_up_and_read_out() -> None:
    game = started()
    hand = game.match.hand
    assert hand is not None
    while not hand.is_over:
        game.match.play(greedy_move(hand))
    seen = game.view(0)
    drawn = cards.opponents_markup(T, game, seen, 0, PageState())
    assert 'class="backs shown" role="img" aria-label="Computer holds' in drawn
    assert 'aria-hidden="true"><svg' not in drawn, "no tile is hidden face down once the hand is over"


def test_names_are_text_never_markup_on_the_live_cards_too() -> None:
    game = Game(GameSetup(seats=(SeatSetup("<i>Ann</i>"), SeatSetup("Bo & Cy", "easy")), seed=1))
    game.start()
    drawn = cards.scores_markup(T, game, PageState()) + cards.opponents_markup(T, game, game.view(0), 0, PageState())
    assert "<i>" not in drawn
    assert "Bo &amp; Cy" in drawn


def test_a_hand_hidden_from_the_screen_holds_no_tile_in_its_markup() -> None:
    # Hot-seat: until its owner holds the device, a hand is drawn from its size alone.
    game = started()
    seen = game.view(0)
    drawn = cards.hand_markup(T, seen, visible=False, mine=False)
    assert drawn.count('class="hand-tile"') == len(seen.hand)
    assert "data-tile" not in drawn
    assert 'class="pip"' not in drawn
    assert drawn.count('tabindex="0"') == 1


def your_turn(seed: int) -> Game:
    """Seed ``seed``'s match at your first turn."""
    game = started(seed)
    while not game.person_to_move:
        search = game.computer_thinking()
        while (decision := search.step(1000)) is None:
            pass
        game.play_computer(decision)
    return game


def test_your_hand_is_drawn_highest_first_with_one_tab_stop_on_the_first_tile_that_fits() -> None:
    # A turn where your highest tile does not fit: the tab stop is on a later one.
    game = next(
        game
        for game in map(your_turn, range(1, 60))
        if not any(
            move.tile is max(game.view().hand, key=lambda t: (t.high, t.low)) for move in game.view().legal_moves
        )
    )
    seen = game.view()
    fits = {move.tile for move in seen.legal_moves}
    chosen = next(iter(fits))
    drawn = cards.hand_markup(T, seen, visible=True, mine=True, selected=chosen)
    shown = re.findall(r'<button[^>]*data-tile="(\d-\d)"', drawn)
    assert shown == [str(tile) for tile in sorted(seen.hand, key=lambda t: (t.high, t.low), reverse=True)]
    first_fitting = next(tile for tile in shown if any(str(f) == tile for f in fits))
    assert re.findall(r'<button[^>]*data-tile="(\d-\d)"[^>]*tabindex="0"', drawn) == [first_fitting]
    assert drawn.count("playable") == len(fits)
    assert re.findall(r'<button[^>]*data-tile="(\d-\d)"[^>]*aria-pressed="true"', drawn) == [str(chosen)]
    # Not your turn: nothing is playable, and the hand's first tile is its tab stop.
    waiting = cards.hand_markup(T, seen, visible=True, mine=False)
    assert "playable" not in waiting
    assert re.findall(r'<button[^>]*data-tile="(\d-\d)"[^>]*tabindex="0"', waiting) == [shown[0]]
