"""A push draws each distinct view once and reads the table once, whatever the sockets.

Two players and twenty spectators watch a Lost Cities table; one move is made through
the HTTP endpoint (or over the mover's socket). Counted, not timed: board drawings, table
reads and SQL queries of the push, and what each socket receives.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Callable
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from django.db.backends import utils as db_utils
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation

from games.registry import get_engine
from lobby import pushes, rendering
from lobby.services import move_submit
from tests.factories import UserFactory
from tests.lobby.helpers import seat_to_move, started_table
from tests.lobby.test_consumers import ANON, connect, hand_ids, session_cookie

pytestmark = pytest.mark.django_db(transaction=True)


class QueryCount:
    """SQL statements run in any thread (the sockets' work runs in a worker thread), but
    those of a block run under `left_out()` (the move itself)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.count = 0
        lock = threading.Lock()
        real = db_utils.CursorWrapper.execute
        self._out = threading.local()

        def execute(cursor, sql, params=None):
            if not getattr(self._out, "on", False):
                with lock:
                    self.count += 1
            return real(cursor, sql, params)

        monkeypatch.setattr(db_utils.CursorWrapper, "execute", execute)

    def left_out(self, call: Callable[..., Any]) -> Callable[..., Any]:
        """Return `call`, its own statements not counted (in whatever thread it runs)."""

        def run(*args: Any, **kwargs: Any) -> Any:
            self._out.on = True
            try:
                return call(*args, **kwargs)
            finally:
                self._out.on = False

        return run


@pytest.mark.parametrize("where", ["answer", "elsewhere"])
def test_two_players_and_twenty_spectators_cost_one_drawing_per_view_and_at_most_one_read(
    where, alice, bob, monkeypatch
):
    """`answer`: the move's HTTP answer draws the mover's board and every other view this
    process's sockets show, and leaves them and its read of the table for those sockets.
    `elsewhere`: the move was made by another process (a bot's task, another daphne): the
    sockets read the table once and draw each view once."""
    table = started_table(alice, bob)
    seat_of = {s.user: s.position for s in table.seats.all()}
    mover_seat = seat_to_move(table)
    mover, other = (alice, bob) if seat_of[alice] == mover_seat else (bob, alice)
    watchers = [UserFactory() for _ in range(10)]
    headers = [session_cookie(mover), session_cookie(other)]
    headers += [session_cookie(w) for w in watchers] + [ANON] * 10
    client = Client()
    client.force_login(mover)
    engine = get_engine("lost_cities")
    action = engine.legal_actions(engine.load(table.state), mover_seat)[0]

    async def scenario():
        sockets = [await connect(table, h) for h in headers]
        first = [await s.receive_from(timeout=5) for s in sockets]
        drawn, read = rendering.board_render.count, pushes.reads
        # Counted from before the move (the sockets may start reading and drawing while
        # the move's thread returns), the move's own statements and drawings apart.
        queries = QueryCount(monkeypatch)
        answer_drawn = 0

        def move() -> Any:
            nonlocal answer_drawn
            before = rendering.board_render.count
            try:
                if where == "answer":
                    return client.post(
                        reverse("lobby:move", args=[table.code]),
                        {"action": json.dumps(action), "version": table.version},
                        HTTP_HX_REQUEST="true",
                    )
                return move_submit(
                    code=table.code, user=mover, action=action, seen_version=table.version
                )
            finally:
                answer_drawn = rendering.board_render.count - before

        response = await sync_to_async(queries.left_out(move))()
        if where == "answer":
            assert response.status_code == 200
        pushed = [await s.receive_from(timeout=5) for s in sockets]
        counts = {
            "answer drawings": answer_drawn,
            "push drawings": rendering.board_render.count - drawn - answer_drawn,
            "push reads": pushes.reads - read,
            "push queries": queries.count,
        }
        extra = [await s.receive_nothing(timeout=0.2) for s in sockets[:3]]
        for s in sockets:
            await s.disconnect()
        return first, pushed, counts, extra

    first, pushed, counts, extra = asyncio.run(scenario())
    if where == "answer":
        # The mover's view drawn once for the answer and reused by the mover's socket;
        # the other player's and the spectators' view drawn once each in the same
        # hand-off, before the doorbell (lobby.pushes.predraw), so the push itself draws
        # nothing and does not read the table again.
        expected = {"answer drawings": 3, "push drawings": 0, "push reads": 0, "push queries": 0}
    else:
        # One read (the table with its seats, and its log) and three views drawn.
        expected = {"answer drawings": 0, "push drawings": 3, "push reads": 1, "push queries": 2}
    assert counts == expected
    assert all(extra), "one message per socket and push"
    # Every spectator got the same message, and it shows no hand.
    assert len(set(pushed[2:])) == 1
    table.refresh_from_db()
    hands = hand_ids(table, 0) | hand_ids(table, 1)
    assert not any(card in pushed[2] for card in hands)
    assert not any(card in pushed[1] for card in hand_ids(table, seat_of[mover]))
    # A push is smaller than the whole board it updates: only the regions that changed.
    for before, after in zip(first, pushed, strict=True):
        assert after.startswith(f'<div id="table-{table.code}-board-meta" hidden')
        assert len(after) < len(before)


def another_process_listens(monkeypatch: pytest.MonkeyPatch) -> None:
    """The scenario of a test standing for two processes: another one holds a socket of
    the table (on Redis, this process's own doorbells would say none does, and its
    drawings would skip the cache: config.channel_layer.heard_elsewhere)."""
    monkeypatch.setattr(rendering, "heard_elsewhere", lambda group: True)


def test_a_view_another_process_is_drawing_is_waited_for_not_drawn_again(alice, bob, monkeypatch):
    """The drawing is claimed in the cache (Redis across processes): a second process
    waits for the first's board instead of drawing its own; an abandoned claim only
    delays its own drawing."""
    from django.contrib.auth.models import AnonymousUser
    from django.core.cache import cache

    another_process_listens(monkeypatch)
    table = started_table(alice, bob)
    spectator = AnonymousUser()
    key = rendering.board_key(table, spectator)
    theirs = rendering.board_render(table, spectator)
    assert cache.add(f"{key}:drawing", 1, 2)  # "another process" claims it

    waits = []

    def sleep(seconds: float) -> None:  # the other process finishes while this one waits
        waits.append(seconds)
        if len(waits) == 2:
            cache.set(key, theirs, rendering.SHARED_BOARD_SECONDS)

    monkeypatch.setattr(rendering.time, "sleep", sleep)
    drawn = rendering.board_render.count
    got = rendering.board_get(table, spectator)
    assert len(waits) == 2
    assert got == theirs
    assert rendering.board_render.count == drawn

    # A claim whose owner died: drawn here after the wait, once.
    monkeypatch.setattr(rendering.time, "sleep", lambda seconds: None)
    monkeypatch.setattr(rendering, "DRAW_WAIT_SECONDS", 0.01)
    cache.delete(key)
    assert cache.add(f"{key}:drawing", 1, 2) is False  # still claimed
    got = rendering.board_get(table, spectator)
    assert rendering.board_render.count == drawn + 1
    assert got.version == table.version


def test_a_socket_move_draws_every_view_of_this_processs_sockets_once_before_the_doorbell(
    alice, bob
):
    """A move over the socket draws, in its own hand-off, the mover's board and each other
    view its process's sockets show (per language too); the push then draws nothing, and a
    closed socket's view is no longer drawn."""
    from lobby.socket_moves import socket_move

    table = started_table(alice, bob)
    seat_of = {s.user: s.position for s in table.seats.all()}
    mover_seat = seat_to_move(table)
    mover, other = (alice, bob) if seat_of[alice] == mover_seat else (bob, alice)
    german = [(b"origin", b"http://testserver"), (b"accept-language", b"de")]
    headers = [session_cookie(mover), session_cookie(other), ANON, ANON, german]
    engine = get_engine("lost_cities")
    actions = engine.legal_actions(engine.load(table.state), mover_seat)[:1]
    code = str(table.code)

    def move(version: int) -> object:
        text = json.dumps({"action": json.dumps(actions[0]), "version": str(version)})
        return socket_move(code=code, user=mover, text=text, language="en", zone=None)

    async def scenario():
        sockets = [await connect(table, h) for h in headers]
        for s in sockets:
            await s.receive_from(timeout=5)
        drawn = rendering.board_render.count
        board = await sync_to_async(move)(table.version)
        move_drawn = rendering.board_render.count - drawn
        pushed = [await s.receive_from(timeout=5) for s in sockets[1:]]
        counts = {"move drawings": move_drawn, "push drawings": 0}
        counts["push drawings"] = rendering.board_render.count - drawn - move_drawn
        await sockets[4].disconnect()
        watching = len(pushes._watching.get(code, {}))
        for s in sockets[:4]:
            await s.disconnect()
        return board, pushed, counts, watching

    board, pushed, counts, watching = asyncio.run(scenario())
    assert not isinstance(board, str), board
    # The mover's view, the other player's, the spectators' in English and in German.
    assert counts == {"move drawings": 4, "push drawings": 0}
    assert pushed[1] == pushed[2] and pushed[3] != pushed[1]
    assert "Karten" in pushed[3] and "Karten" not in pushed[1]
    table.refresh_from_db()
    assert not any(card in pushed[0] for card in hand_ids(table, mover_seat))
    assert watching == 4
    assert code not in pushes._watching


def test_a_view_that_fails_to_draw_ahead_is_drawn_by_its_socket_and_the_move_stands(
    alice, bob, monkeypatch
):
    from lobby.socket_moves import socket_move

    table = started_table(alice, bob)
    seat_of = {s.user: s.position for s in table.seats.all()}
    mover_seat = seat_to_move(table)
    mover, other = (alice, bob) if seat_of[alice] == mover_seat else (bob, alice)
    engine = get_engine("lost_cities")
    action = engine.legal_actions(engine.load(table.state), mover_seat)[0]
    real, failed, armed = pushes.board_get, [], []

    def flaky(table_, user, **kwargs):
        if armed and user == other and not failed:
            failed.append(user)
            raise RuntimeError("a drawing that fails once")
        return real(table_, user, **kwargs)

    monkeypatch.setattr(pushes, "board_get", flaky)
    text = json.dumps({"action": json.dumps(action), "version": str(table.version)})
    headers = session_cookie(other)

    async def scenario():
        theirs = await connect(table, headers)
        await theirs.receive_from(timeout=5)
        armed.append(True)  # from here: the other player's first drawing fails
        board = await sync_to_async(socket_move)(
            code=str(table.code), user=mover, text=text, language="en", zone=None
        )
        pushed = await theirs.receive_from(timeout=5)
        await theirs.disconnect()
        return board, pushed

    board, pushed = asyncio.run(scenario())
    assert failed == [other]
    assert not isinstance(board, str) and board.version == table.version + 1
    assert f'data-version="{table.version + 1}"' in pushed


def test_a_game_whose_players_act_at_once_leaves_the_other_views_to_the_push(alice, bob):
    """Mondo: versions follow each other fast, and a socket draws the table as it is when
    it reads it, so one drawing serves several moves; nothing is drawn ahead."""
    from lobby.socket_moves import socket_move
    from tests.lobby.helpers import live_table

    table = live_table("mondo", alice, bob)
    engine = get_engine("mondo")
    state = engine.load(table.state)
    seat_of = {s.user: s.position for s in table.seats.all()}
    mover = alice if seat_of[alice] in engine.to_move(state) else bob
    other = bob if mover is alice else alice
    action = engine.legal_actions(state, seat_of[mover])[0]
    text = json.dumps({"action": json.dumps(action), "version": str(table.version)})
    headers = session_cookie(other)

    def move_counted():
        # Counted in the move's own thread: the socket's drawing, in another hand-off, may
        # start as soon as the move returns, before the loop reads a count.
        before = rendering.board_render.count
        board = socket_move(code=str(table.code), user=mover, text=text, language="en", zone=None)
        return board, rendering.board_render.count - before

    async def scenario():
        theirs = await connect(table, headers)
        await theirs.receive_from(timeout=5)
        drawn = rendering.board_render.count
        board, move_drawn = await sync_to_async(move_counted)()
        pushed = await theirs.receive_from(timeout=5)
        push_drawn = rendering.board_render.count - drawn - move_drawn
        await theirs.disconnect()
        return board, pushed, move_drawn, push_drawn

    board, pushed, move_drawn, push_drawn = asyncio.run(scenario())
    assert not isinstance(board, str), board
    assert (move_drawn, push_drawn) == (1, 1)
    assert f'data-version="{board.version}"' in pushed


def test_a_push_drawing_asks_for_its_language_and_urls_once(alice, bob, monkeypatch):
    """The card names, words and links of a drawing all use the catalogue and URLconf held
    for it (games.words.catalogue_held, config.urlcache.urls_held): Django's per-thread
    lookups of both are asked once per drawing, not once per card or link."""
    from django.urls import base as urls_base
    from django.utils.translation import trans_real

    from config import urlcache
    from games import words

    table = started_table(alice, bob)
    rendering.board_render(table, alice)  # templates compiled, links reversed once
    asked = {"catalogue": 0, "urlconf": 0}
    real_catalogue, real_urlconf = trans_real.catalog, urls_base.get_urlconf

    def catalogue():
        asked["catalogue"] += 1
        return real_catalogue()

    def urlconf(default=None):
        asked["urlconf"] += 1
        return real_urlconf(default)

    monkeypatch.setattr(words, "_catalogue", catalogue)
    monkeypatch.setattr(urlcache, "get_urlconf", urlconf)
    with translation.override("de"):
        board = rendering.board_render(table, alice)
    assert asked == {"catalogue": 1, "urlconf": 1}
    # And the words are German, the links the site's own.
    assert "Runde 1 von" in board.html
    assert f'href="{alice.get_absolute_url()}"' in board.html


def test_a_shared_drawing_holds_each_region_once(alice, bob, monkeypatch):
    """The drawing the cache shares keeps the board's frame and its regions apart: the
    whole board is written out from them (the same HTML as a page's drawing), and what
    goes to Redis is about half of what both written out in full would be."""
    import pickle

    table = started_table(alice, bob)
    # The two drawings are compared character for character: the clocks in them must read
    # the same instant (a slow machine once crossed a tenth of a second between them).
    instant = timezone.now()
    monkeypatch.setattr(timezone, "now", lambda: instant)
    board = rendering.board_render(table, alice)
    whole = board.html
    assert whole == rendering.board_html(table, alice)
    assert all(element in whole for element in board.regions.values())
    assert not any(element in board.frame for element in board.regions.values())
    stored = len(pickle.dumps(board, protocol=pickle.HIGHEST_PROTOCOL))
    lines = sum(len(line) for *_, line in board.log)
    assert stored < len(whole) + lines + 2_000


def test_a_moves_drawings_are_shared_in_one_write_before_its_doorbell(alice, bob, monkeypatch):
    """The mover's view and the other views of this process's sockets go to the cache
    together, once every one is drawn and before the doorbell rings; each is then there
    for another process, as drawn."""
    from django.core.cache import cache

    from lobby.services import notify
    from lobby.socket_moves import socket_move

    another_process_listens(monkeypatch)
    table = started_table(alice, bob)
    seat_of = {s.user: s.position for s in table.seats.all()}
    mover_seat = seat_to_move(table)
    mover, other = (alice, bob) if seat_of[alice] == mover_seat else (bob, alice)
    code = str(table.code)
    pushes.watch(code, "their-socket", other, [], "en", None)
    writes: list[list[str]] = []
    real_share = rendering._share

    def share(boards):
        writes.append([key for key, _board in boards])
        real_share(boards)

    rings: list[int] = []
    real_send = notify.group_send_many

    def send(sends):
        rings.append(len(writes))
        real_send(sends)

    monkeypatch.setattr(rendering, "_share", share)
    monkeypatch.setattr(notify, "group_send_many", send)
    engine = get_engine("lost_cities")
    action = engine.legal_actions(engine.load(table.state), mover_seat)[0]
    text = json.dumps({"action": json.dumps(action), "version": str(table.version)})
    try:
        board = socket_move(code=code, user=mover, text=text, language="en", zone=None)
    finally:
        pushes.unwatch(code, "their-socket")
    assert not isinstance(board, str), board
    (keys,) = writes
    assert [key.split(":")[3] for key in keys] == [f"seat{mover_seat}", f"seat{1 - mover_seat}"]
    assert rings == [1]  # the doorbell rang after the one write
    table.refresh_from_db()
    with translation.override("en"), timezone.override(None):
        assert keys[0] == rendering.board_key(table, mover)
    shared = cache.get(keys[0])
    assert shared == board
    assert cache.get(keys[1]).version == table.version


def test_drawings_held_in_an_inner_block_are_written_by_the_outer_one(alice, bob, monkeypatch):
    another_process_listens(monkeypatch)
    table = started_table(alice, bob)
    writes: list[int] = []
    monkeypatch.setattr(rendering, "_share", lambda boards: writes.append(len(boards)))
    with rendering.boards_shared_together():
        with rendering.boards_shared_together():
            rendering.board_get(table, alice, fresh=True)
        assert writes == []
        rendering.board_get(table, bob, fresh=True)
    assert writes == [2]
