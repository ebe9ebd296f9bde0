"""The mover's own drawing of the version its move just committed asks the cache nothing.

Drawn while the table's doorbell is held, no other process can have drawn it: the move
path skips the cache's read and claim (two Redis round trips per move) and only shares
the drawing, which another process's socket of the same view then takes from the cache.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.core.cache import cache as real_cache
from django.test import Client
from django.urls import reverse
from django.utils import translation

from games.registry import get_engine
from lobby import pushes, rendering
from lobby.selectors import table_get
from lobby.socket_moves import socket_move
from tests.lobby.helpers import seat_to_move, started_table

pytestmark = pytest.mark.django_db


class Recorder:
    """The board cache, with every call and its key written down."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, str]] = []

    def __getattr__(self, name: str) -> Any:
        real = getattr(real_cache, name)

        def call(key: str, *args: Any, **kwargs: Any) -> Any:
            self.calls.append((name, key))
            return real(key, *args, **kwargs)

        return call

    def on(self, key: str) -> list[str]:
        return [name for name, k in self.calls if k.startswith(key)]


def _mover_and_action(table: Any, alice: Any, bob: Any) -> tuple[Any, dict[str, Any]]:
    seat = seat_to_move(table)
    mover = alice if seat == 0 else bob
    engine = get_engine(table.game)
    return mover, engine.legal_actions(engine.load(table.state), seat)[0]


def _play(via: str, table: Any, mover: Any, action: dict[str, Any]) -> Any:
    """Play the move over the socket (return its answer) or as the page's HTTP post
    (assert it answered 200; return None)."""
    if via == "socket":
        text = json.dumps({"action": json.dumps(action), "version": str(table.version)})
        return socket_move(code=table.code, user=mover, text=text, language="en", zone=None)
    client = Client()
    client.force_login(mover)
    response = client.post(
        reverse("lobby:move", args=[table.code]),
        {"action": json.dumps(action), "version": table.version},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200
    return None


def _drawn_elsewhere_from_the_cache(code: Any, mover: Any) -> None:
    """Another process (nothing primed there) gets the mover's view from the cache."""
    pushes._primed.clear()
    table = table_get(code=code)
    drawn = rendering.board_render.count
    with translation.override("en"):
        board = rendering.board_get(table, mover)
    assert rendering.board_render.count == drawn
    assert board.version == table.version


@pytest.mark.parametrize("via", ["socket", "http"])
def test_the_movers_drawing_is_shared_without_asking_the_cache_first(
    via: str, alice: Any, bob: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = started_table(alice, bob)
    mover, action = _mover_and_action(table, alice, bob)
    recorder = Recorder()
    monkeypatch.setattr(rendering, "cache", recorder)
    drawn = rendering.board_render.count
    board = _play(via, table, mover, action)
    if via == "socket":
        assert isinstance(board, rendering.Board)
    assert rendering.board_render.count == drawn + 1
    key = f"board:{table.code}:{table.version + 1}:seat{seat_to_move(table)}:"
    assert recorder.on(key) == ["set"]
    _drawn_elsewhere_from_the_cache(table.code, mover)


@pytest.mark.parametrize("via", ["socket", "http"])
def test_a_drawing_no_other_process_would_read_is_not_kept(
    via: str, alice: Any, bob: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """When the table's last doorbell reached no other process (its sockets all live in
    this one: config.channel_layer.heard_elsewhere), the move's drawing goes to no cache,
    and a drawing the process's sockets make asks the cache nothing either."""
    table = started_table(alice, bob)
    mover, action = _mover_and_action(table, alice, bob)
    asked: list[str] = []

    def heard_elsewhere(group: str) -> bool:
        asked.append(group)
        return False

    monkeypatch.setattr(rendering, "heard_elsewhere", heard_elsewhere)
    recorder = Recorder()
    monkeypatch.setattr(rendering, "cache", recorder)
    board = _play(via, table, mover, action)
    if via == "socket":
        assert isinstance(board, rendering.Board) and board.version == table.version + 1
    assert asked == [table.group_name]
    assert recorder.on(f"board:{table.code}:") == []
    # A socket's drawing (nothing primed): drawn here, no cache asked or written.
    pushes._primed.clear()
    drawn = rendering.board_render.count
    with translation.override("en"):
        board = rendering.board_get(table_get(code=table.code), mover)
    assert rendering.board_render.count == drawn + 1
    assert board.version == table.version + 1
    assert recorder.on(f"board:{table.code}:") == []


def test_other_drawings_still_look_in_the_cache_first(
    alice: Any, bob: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = started_table(alice, bob)
    recorder = Recorder()
    monkeypatch.setattr(rendering, "cache", recorder)
    with translation.override("en"):
        rendering.board_get(table_get(code=table.code), alice)
        rendering.board_get(table_get(code=table.code), alice)
    key = f"board:{table.code}:{table.version}:seat0:"
    assert recorder.on(key) == ["get", "add", "set", "get"]


def test_what_a_move_leaves_for_its_sockets_expires_oldest_first(monkeypatch):
    """Primed snapshots and drawings live PRIMED_SECONDS; a key primed again is fresh
    again; expiry drops the stale front and never touches a fresh entry."""
    clock = [1000.0]
    monkeypatch.setattr(pushes.time, "monotonic", lambda: clock[0])
    monkeypatch.setattr(pushes, "_primed", type(pushes._primed)())
    for n in range(50):
        pushes._prime_board("t", n, ("seat:0", "en", "UTC"), f"board {n}")
        clock[0] += 0.125
    pushes._prime_board("t", 3, ("seat:0", "en", "UTC"), "board 3 again")
    assert pushes._primed_get(("board", "t", 3, "seat:0", "en", "UTC")) == "board 3 again"
    assert pushes._primed_get(("board", "t", 10, "seat:0", "en", "UTC")) is None, "expired"
    assert pushes._primed_get(("board", "t", 45, "seat:0", "en", "UTC")) == "board 45"
    kept = list(pushes._primed)
    # 2 s at 0.125 s apart: versions 34–49 (the front ones went as they aged), then 3.
    assert [key[2] for key in kept] == [*range(34, 50), 3]
    clock[0] += pushes.PRIMED_SECONDS + 0.05
    pushes._prime_board("t", 99, ("seat:0", "en", "UTC"), "board 99")
    assert [key[2] for key in pushes._primed] == [99]


def test_a_drawing_of_another_shape_is_never_read(alice: Any, bob: Any) -> None:
    """The cache key ends with the drawing's shape (its fields): a release that draws boards
    of another shape, started beside this one, neither reads nor overwrites these."""
    from dataclasses import fields

    table = started_table(alice, bob)
    with translation.override("en"):
        key = rendering.board_key(table, alice)
    names = ",".join(field.name for field in fields(rendering.Board))
    assert key.endswith(":" + rendering._digest(names)[:8])
    assert rendering._digest(names.replace("frame", "html"))[:8] != rendering.BOARD_FORMAT
