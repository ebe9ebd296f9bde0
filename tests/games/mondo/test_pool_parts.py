"""Mondo's pool in parts, each its own region: a take pushes the part it changed, not the
whole pool (~136 tiles, 35 KB) to every player."""

from __future__ import annotations

import re

import pytest

from games.mondo.templatetags.mondo_tiles import POOL_PART
from games.registry import get_engine
from lobby.rendering import board_message, board_render
from lobby.services import move_submit
from tests.factories import UserFactory
from tests.lobby.helpers import live_table

pytestmark = pytest.mark.django_db

REGION = re.compile(r'<div id="table-[^"]+-board-(pool[\w-]*)" class="region">')


def _take(table, users, seat: int, slot: int) -> None:
    move_submit(
        code=table.code,
        user=users[seat],
        action={"type": "take", "slot": slot},
        seen_version=table.version,
    )
    table.refresh_from_db()


def test_a_take_pushes_only_the_part_of_the_pool_it_changed():
    table = live_table("mondo", UserFactory(), UserFactory())
    users = {s.position: s.user for s in table.seats.select_related("user")}
    engine = get_engine("mondo")
    pool = engine.view(engine.load(table.state), 0)["pool"]
    assert len(pool) > 4 * POOL_PART
    before = board_render(table, users[1])
    assert len([n for n in before.regions if re.fullmatch(r"pool-\d+", n)]) == -(
        -len(pool) // POOL_PART
    )
    # The whole board still shows every place of the pool, in order.
    takes = re.findall(r"&quot;slot&quot;:(\d+)", before.html)
    assert [int(n) for n in takes] == list(range(len(pool)))

    slot = 2 * POOL_PART + 3
    _take(table, users, 0, slot)
    after = board_render(table, users[1])
    _, sent = board_message(before, None)
    message, sent = board_message(after, sent)
    pushed = REGION.findall(message)
    assert [n for n in pushed if n.startswith("pool-")] == [f"pool-{slot // POOL_PART}"]
    assert "pool" in pushed  # the count of tiles left
    assert f'data-slot="{slot}"' in message  # the gap, marked as the other's last move
    assert 'data-last-move="' in message
    assert len(message.encode()) < 12_000, len(message.encode())

    # The taker's own board: its pool is dimmed while it holds the tile.
    mine = board_render(table, users[0])
    assert mine.html.count("mo-slot mo-busy") == len(pool) - 1

    # The other player takes from another part: the taker's push carries that part alone
    # (its own gap, unmarked for it, stays as drawn).
    second = POOL_PART + 1
    _take(table, users, 1, second)
    after = board_render(table, users[0])
    message, _ = board_message(after, board_message(mine, None)[1])
    parts = sorted(n for n in REGION.findall(message) if n.startswith("pool-"))
    assert parts == [f"pool-{second // POOL_PART}"]
