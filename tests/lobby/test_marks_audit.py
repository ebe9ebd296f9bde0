"""Every move the other player sees marks something: random games of every game with marks,
each move of one seat checked on the board drawn for the other (lobby.marks).

For every move, the game's `touched` must name at least one element, and each key it names
must exist on the viewer's board (drawn with that key marked, it carries `data-last-move`).
Only the action types of `QUIET`, which change nothing the other player sees, mark nothing.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.template.loader import render_to_string

from games.registry import get_engine
from lobby.marks import LastMove
from lobby.rendering import board_context
from tests.lobby.helpers import live_table, random_move

pytestmark = pytest.mark.django_db

#: Action types that change nothing another player sees, by game, and why.
QUIET: dict[str, dict[str, str]] = {
    "lost_cities": {},
    "relative_space": {},
    "reworld": {},
    "mondo": {
        # The held tile is its holder's alone (rules §6.2): turning or flipping it shows
        # nothing on anyone else's board.
        "rotate": "turns the held tile, which only its holder sees",
        "flip": "flips the held tile, which only its holder sees",
    },
    "terraforming_mars": {
        # games/terraforming_mars/marks.py _QUIET: hidden choices and the turn flow's
        # confirmations, which change no panel.
        "keep": "cards kept in research: hidden until the phase ends",
        "release": "cards let go in research: hidden",
        "draft": "a card drafted: hidden",
        "skip": "a hidden choice",
        "done": "ends a hidden choice",
        "confirm": "confirms what the previous moves showed",
        "pass_ahead": "a pass in advance: nobody else learns of it",
        "confirm_turns": "the turn flow's setting: nobody else learns of it",
    },
}

#: Moves played per game (Terraforming Mars is long; its first generation is plenty).
MOVES = {"terraforming_mars": 120}
SEEDS = [11, 12, 13]

N = 99999  # the mark's number: no real move has it


def _draw(table: Any, user: Any, keys: set[str], seat: int) -> str:
    context = board_context(table, user)
    context["last_move"] = LastMove(n=N, seat=seat, keys=frozenset(keys))
    return render_to_string("lobby/_board.html", context)


#: The games and the options they are played with (Mondo's expert game has tasks to take,
#: and "choose" a board side to turn).
GAMES = [
    pytest.param("lost_cities", {}, id="lost_cities"),
    pytest.param("relative_space", {}, id="relative_space"),
    pytest.param("reworld", {}, id="reworld"),
    pytest.param("mondo", {}, id="mondo"),
    pytest.param("mondo", {"expert": True, "backside": "choose"}, id="mondo-expert"),
    pytest.param("terraforming_mars", {}, id="terraforming_mars"),
]


@pytest.mark.parametrize(("game", "options"), GAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_every_move_of_the_other_player_marks_what_the_viewer_sees(alice, bob, game, options, seed):
    table = live_table(game, alice, bob, options=options)
    engine = get_engine(game)
    users = {0: alice, 1: bob}
    rng = random.Random(seed)
    quiet = QUIET[game]
    proven: set[tuple[str, str]] = set()  # (action type, key kind) seen on a board already
    unmarked: list[str] = []
    for _ in range(MOVES.get(game, 300)):
        table.refresh_from_db()
        if engine.is_over(engine.load(table.state)):
            break
        seat, action = random_move(table, users, rng)
        viewer = 1 - seat
        view = engine.view(engine.load(table.state), viewer)
        keys = set(engine.marker(view, seat, action))
        kind = str(action.get("type"))
        if kind in quiet:
            assert not keys, (kind, keys, "a quiet action marks nothing")
            continue
        if not keys:
            unmarked.append(f"{kind}: {action}")
            continue
        new = {key for key in keys if (kind, key.split(":")[0]) not in proven}
        if not new:
            continue
        html = _draw(table, users[viewer], keys, seat)
        assert f'data-last-move="{N}"' in html, (action, keys)
        for key in new:  # each kind of key, once: it names an element of this board
            assert f'data-last-move="{N}"' in _draw(table, users[viewer], {key}, seat), (
                action,
                key,
            )
            proven.add((kind, key.split(":")[0]))
    assert not unmarked, unmarked
