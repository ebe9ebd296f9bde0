"""The board fragment rendered straight from view(): buttons, key pods, passes, results."""

from __future__ import annotations

import re

from django.template.loader import render_to_string

from tests.games.relative_space.helpers import ENGINE, build_state, play

OTHER = {"A1": "9", "A2": "9", "A3": "10", "A4": "10", "C1": "~2"}


def render(state, seat, *, replay: bool = False) -> str:
    context = {"view": ENGINE.view(state, seat), "seats": [], "board_id": "b1", "replay": replay}
    html = render_to_string("games/relative_space/_board.html", context)
    for token in ENGINE.secret_tokens(state, seat):
        assert token not in html
    return html


def buttons(html: str) -> list[str]:
    return re.findall(r'<button type="submit" name="action" value="([^"]+)"', html)


def test_an_extra_play_offers_the_allowed_pod_and_a_pass() -> None:
    state = build_state(supplies=[{"A1": "LASTCALL", "A2": "9", "A3": "2"}, OTHER], pods=["4", "5"])
    html = render(play(state, "A1", 1), 0)
    assert "rs-pass" in html and "Extra play: choose a card for pod 1, or pass." in html
    assert "launches after the extra play" in html and "not for this extra play" in html
    assert len(buttons(html)) == 3  # A2 and A3 onto pod 1, and the pass


def test_a_key_shows_the_new_pod_and_cards_only_it_uncovers() -> None:
    state = build_state(supplies=[{"A2": "KEY", "A4": "3", "B1": "5"}, OTHER])
    html = render(state, 0)
    assert "New pod 2" in html and html.count("Open it with the Key at place 2 of row 1") == 2
    assert 'class="rs-slot rs-pickable rs-key-only"' in html
    # Each card's buttons are shown by a rule keyed to its radio button.
    assert "#b1-pick-B1:checked) .rs-go-B1{display:flex}" in html


def test_each_target_says_what_the_play_does() -> None:
    state = build_state(supplies=[{"A1": "3", "A2": "7", "C1": "~4"}, OTHER], pods=["1 5"])
    html = render(state, 0)
    assert "Block pod 1 (3 cards come back)" in html
    assert "Load into pod 1" in html and "Turn it up onto pod 1" in html
    assert html.count("rs-card rs-back") == 2  # own C1 and the other's C1, no ids


def test_a_replay_or_a_waiting_player_gets_no_buttons_or_radios() -> None:
    state = build_state(supplies=[{"A1": "3"}, OTHER])
    for html in (render(state, 1), render(state, 0, replay=True), render(state, None)):
        assert not buttons(html) and 'class="rs-pick"' not in html and "<style>" not in html


def test_the_finished_board_shows_the_winner_and_the_breakdown() -> None:
    state = play(build_state(supplies=[{"A1": "5"}, {"A1": "2", "A2": "3"}]), "A1", 1)
    html = render(state, 1)
    assert "Final scoring" in html and "(10 − 2)" in html
    # One status line: the platform's says the game is over; the board has no second one.
    assert 'class="rs-supply rs-winner"' in html and "rs-hint" not in html
