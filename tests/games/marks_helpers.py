"""Play moves from a built state through the platform and read the last-move marks the
other player's board carries (lobby.marks; each game's marks.py)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from games.registry import get_engine
from lobby.marks import last_move
from lobby.models import Table
from lobby.rendering import board_html
from lobby.services import move_submit
from tests.lobby.helpers import live_table


def play_from(
    game: str, state: Any, users: Sequence[Any], seat: int, actions: Sequence[dict[str, Any]]
) -> Table:
    """Return a live table of `users` set to `state`, after `seat` played `actions`."""
    table = live_table(game, users[0], users[1])
    table.state = get_engine(game).dump(state)
    table.save(update_fields=["state"])
    for action in actions:
        move_submit(code=table.code, user=users[seat], action=action, seen_version=None)
    table.refresh_from_db()
    return table


def keys_for(table: Table, viewer: int) -> set[str]:
    """Return the keys the other seat's latest turn marks on `viewer`'s board."""
    engine = get_engine(table.game)
    view = engine.view(engine.load(table.state), viewer)
    mark = last_move(engine, view, list(table.moves.order_by("n")), viewer)
    return set(mark.keys) if mark is not None else set()


def marked_tags(table: Table, user: Any) -> list[str]:
    """Return the start tags of `user`'s board that carry the last-move mark."""
    html = board_html(table, user)
    return re.findall(r"<[a-z][a-z0-9]* [^>]*data-last-move=\"\d+\"[^>]*>", html)
