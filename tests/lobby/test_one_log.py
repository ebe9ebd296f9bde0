"""One log per board: the platform's "Moves" list, or the game's own full log, never both."""

from __future__ import annotations

import random

import pytest

from games.registry import get_engine
from lobby import rendering
from lobby.models import Table
from lobby.services import move_submit
from tests.factories import UserFactory
from tests.lobby.helpers import live_table, random_legal

pytestmark = pytest.mark.django_db

#: Every list of past moves a board may draw: (marker in the HTML, whose it is).
LOGS = {
    'class="game-log"': "platform",
    'class="tm-log"': "terraforming_mars",
    'class="rs-recent"': "relative_space",
    'class="rw-recent"': "reworld",
}


def played(game: str, moves: int) -> tuple[Table, object]:
    alice, bob = UserFactory(), UserFactory()
    table = live_table(game, alice, bob)
    users = {0: alice, 1: bob}
    engine, rng = get_engine(game), random.Random(3)
    for _ in range(moves):
        table.refresh_from_db()
        seat = min(engine.to_move(engine.load(table.state)))
        move_submit(
            code=table.code, user=users[seat], action=random_legal(table, seat, rng),
            seen_version=None,
        )  # fmt: skip
    table.refresh_from_db()
    return table, alice


@pytest.mark.parametrize(
    "game", ["lost_cities", "relative_space", "reworld", "mondo", "terraforming_mars"]
)
def test_a_board_mid_game_shows_exactly_one_log(game: str) -> None:
    table, alice = played(game, 4)
    board = rendering.board_render(table, alice)
    shown = [who for marker, who in LOGS.items() if marker in board.html]
    if get_engine(game).own_log:
        assert shown == [game]
    else:
        assert shown == ["platform"]
        assert board.html.count(f'id="{board.board_id}-log-list"') == 1
    # The platform's status line is the board's one status line.
    assert board.html.count('class="status-line"') == 1


def test_a_game_with_its_own_log_gets_no_platform_lines_pushed() -> None:
    table, alice = played("terraforming_mars", 2)
    before = rendering.board_render(table, alice)
    _, sent = rendering.board_full(before)
    engine, rng = get_engine("terraforming_mars"), random.Random(5)
    seat = min(engine.to_move(engine.load(table.state)))
    user = alice if seat == 0 else table.seats.get(position=1).user
    move_submit(
        code=table.code, user=user, action=random_legal(table, seat, rng), seen_version=None
    )
    table.refresh_from_db()
    message, _ = rendering.board_message(rendering.board_render(table, alice), sent)
    assert "-log-list" not in message and 'class="game-log"' not in message
