"""Helpers for lobby tests: create and play tables through the real endpoints."""

from __future__ import annotations

import json
import random
from typing import Any

from django.test import Client
from django.urls import reverse

from games.registry import get_engine
from lobby.models import Table
from lobby.services import move_submit, seat_join, table_create


def started_table(creator: Any, other: Any, **options: Any) -> Table:
    """Return an active Lost Cities table with `creator` at seat 0 and `other` at seat 1."""
    table = table_create(
        user=creator, game="lost_cities", players=2, options={"rounds": 1, **options}
    )
    seat_join(code=table.code, user=other)
    table.refresh_from_db()
    assert table.status == Table.Status.ACTIVE
    return table


def live_table(
    game: str, creator: Any, other: Any, *, base_seconds: int = 3600, options: Any = None
) -> Table:
    """Return an active live two-player table of `game` (default options unless given),
    `creator` at seat 0."""
    table = table_create(
        user=creator,
        game=game,
        players=2,
        options=options or {},
        mode=Table.Mode.LIVE,
        time_control={"base_seconds": base_seconds, "increment_seconds": 0},
    )
    seat_join(code=table.code, user=other)
    table.refresh_from_db()
    assert table.status == Table.Status.ACTIVE
    return table


def post_move(client: Client, table: Table, action: Any, version: int | None, **extra: Any):
    """POST an action as the browser's form does."""
    data = {"action": action if isinstance(action, str) else json.dumps(action)}
    if version is not None:
        data["version"] = str(version)
    return client.post(reverse("lobby:move", args=[table.code]), data, **extra)


def seat_to_move(table: Table) -> int:
    engine = get_engine(table.game)
    return min(engine.to_move(engine.load(table.state)))


def random_legal(table: Table, seat: int, rng: random.Random) -> dict[str, Any]:
    engine = get_engine(table.game)
    return rng.choice(engine.legal_actions(engine.load(table.state), seat))


def random_move(table: Table, users: dict[int, Any], rng: random.Random) -> tuple[int, Any]:
    """Play one random legal move of a seat to move; return (that seat, its action).

    The table is read again before and after, so it holds the state after the move.
    """
    engine = get_engine(table.game)
    table.refresh_from_db()
    state = engine.load(table.state)
    seat = rng.choice(sorted(engine.to_move(state)))
    action = rng.choice(engine.legal_actions(state, seat))
    move_submit(code=table.code, user=users[seat], action=action, seen_version=None)
    table.refresh_from_db()
    return seat, action
