"""Moves over the table's WebSocket (lobby.socket_moves): the same service as the HTTP
move, answered on the mover's socket; every refusal in words, nothing changed."""

from __future__ import annotations

import asyncio
import json
import re

import pytest
from django.conf import settings
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.registry import get_engine
from lobby import rendering
from lobby.models import Table
from lobby.socket_moves import move_ref, refusal_html, socket_move
from tests.lobby.helpers import live_table, seat_to_move, started_table
from tests.lobby.test_consumers import ANON, connect, session_cookie

CARD = re.compile(r'data-card="(LC-[A-Z]+\d+)"')


def discard(table: Table, seat: int) -> dict:
    engine = get_engine(table.game)
    state = engine.load(table.state)
    return next(a for a in engine.legal_actions(state, seat) if a["type"] == "discard")


def fields(action: dict, version: int | None) -> str:
    message = {"action": json.dumps(action)}
    if version is not None:
        message["version"] = str(version)
    return json.dumps(message)


def _sending_type(layer: object) -> type:
    """The class whose `group_send` sends for `layer` (channels_redis's pub/sub layer,
    config.channel_layer, sends through a layer of its own per event loop)."""
    from channels_redis.pubsub import RedisPubSubChannelLayer, RedisPubSubLoopLayer

    return RedisPubSubLoopLayer if isinstance(layer, RedisPubSubChannelLayer) else type(layer)


def first_legal_over_socket(table: Table, mover, seat: int):
    """Send the seat's first legal action over the socket; return the mover's board."""
    engine = get_engine(table.game)
    action = engine.legal_actions(engine.load(table.state), seat)[0]
    board = socket_move(
        code=str(table.code),
        user=mover,
        text=fields(action, table.version),
        language="en",
        zone=None,
    )
    assert not isinstance(board, str), board
    return board


async def both_sockets(table: Table, mine_headers, their_headers):
    """Open the mover's and the other player's sockets; each has read its first board."""
    mine = await connect(table, mine_headers)
    theirs = await connect(table, their_headers)
    await mine.receive_from(timeout=5)
    await theirs.receive_from(timeout=5)
    return mine, theirs


def move_over_socket(table: Table, mine_headers, their_headers, action, connected=None):
    """Open both players' sockets (then call `connected`, if given), send the mover's
    action; return the mover's answer, the other's push, and whether the mover's socket
    then stayed quiet (its own doorbell sends nothing more)."""

    async def scenario():
        mine, theirs = await both_sockets(table, mine_headers, their_headers)
        if connected is not None:
            connected()
        await mine.send_to(text_data=fields(action, table.version))
        answer = await mine.receive_from(timeout=5)
        pushed = await theirs.receive_from(timeout=5)
        quiet = await mine.receive_nothing(timeout=0.3)
        await mine.disconnect()
        await theirs.disconnect()
        return answer, pushed, quiet

    return asyncio.run(scenario())


def players(table: Table, alice, bob):
    mover_seat = seat_to_move(table)
    by_seat = {s.position: s.user for s in table.seats.select_related("user")}
    return by_seat[mover_seat], by_seat[1 - mover_seat], mover_seat


@pytest.mark.django_db(transaction=True)
def test_a_move_sent_over_the_socket_is_played_and_answered_on_that_socket(alice, bob):
    table = started_table(alice, bob)
    mover, other, seat = players(table, alice, bob)
    action = discard(table, seat)

    mine_headers, their_headers = session_cookie(mover), session_cookie(other)
    # The mover's own doorbell finds the version already sent: no second message.
    answer, pushed, quiet = move_over_socket(table, mine_headers, their_headers, action)
    before = table.version
    table.refresh_from_db()
    assert table.version == before + 1 and table.move_count == 1
    meta = f'<div id="table-{table.code}-board-meta" hidden data-version="{table.version}"'
    assert answer.startswith(meta) and pushed.startswith(meta)
    assert f'data-base="{before}"' in answer
    assert quiet
    # The other player's push shows none of the mover's cards.
    engine = get_engine(table.game)
    hand = {c["id"] for c in engine.view(engine.load(table.state), seat)["hand"]}
    assert not (set(CARD.findall(pushed)) & hand)


@pytest.mark.django_db(transaction=True)
def test_a_socket_move_costs_one_hand_off_and_answers_the_mover_first(alice, bob, monkeypatch):
    """The move's own hand-off is the only one: neither the socket message nor the two
    doorbells go through a thread first (channels' dispatch closes stale database
    connections in one per message; lobby.consumers.SocketConsumer skips it)."""
    from asgiref.sync import SyncToAsync

    table = started_table(alice, bob)
    mover, other, seat = players(table, alice, bob)
    action = discard(table, seat)
    mine_headers, their_headers = session_cookie(mover), session_cookie(other)
    hand_offs: list[str] = []
    real = SyncToAsync.thread_handler

    def counted(self, loop, *args, **kwargs):
        hand_offs.append(getattr(self.func, "__name__", repr(self.func)))
        return real(self, loop, *args, **kwargs)

    monkeypatch.setattr(SyncToAsync, "thread_handler", counted)
    # The doorbell is sent from the loop, after the mover's answer (notify.rings_held's
    # hand_over): no hand-off back to the loop either.
    from channels.layers import get_channel_layer

    from lobby import embedded
    from lobby.consumers import TableConsumer

    events: list[str] = []
    monkeypatch.setattr(embedded, "_run", lambda *args: events.append("thread to loop"))
    layer_type = _sending_type(get_channel_layer())
    real_group_send, real_send = layer_type.group_send, TableConsumer.send

    async def group_send(self, group, message):
        events.append(f"ring {message['type']}")
        await real_group_send(self, group, message)

    async def send(self, text_data=None, bytes_data=None, close=False):
        events.append("send")
        await real_send(self, text_data=text_data, bytes_data=bytes_data, close=close)

    monkeypatch.setattr(layer_type, "group_send", group_send)
    monkeypatch.setattr(TableConsumer, "send", send)

    async def scenario():
        mine, theirs = await both_sockets(table, mine_headers, their_headers)
        hand_offs.clear()
        events.clear()
        await mine.send_to(text_data=fields(action, table.version))
        answer = await mine.receive_from(timeout=5)
        pushed = await theirs.receive_from(timeout=5)
        await mine.receive_nothing(timeout=0.3)
        during = list(hand_offs)
        await mine.disconnect()
        await theirs.disconnect()
        return answer, pushed, during

    answer, pushed, during = asyncio.run(scenario())
    assert "data-base=" in answer and "data-base=" in pushed
    assert during == ["socket_move"]
    assert events[0] == "send" and "ring table.updated" in events
    assert events.count("send") == 2 and "thread to loop" not in events


@pytest.mark.django_db(transaction=True)
def test_the_doorbell_still_rings_when_the_movers_answer_cannot_be_sent(alice, bob, monkeypatch):
    """The move is committed before its answer goes out: whatever happens to the answer
    (the mover's socket gone), the other sockets still get their push."""
    from lobby.consumers import TableConsumer

    table = started_table(alice, bob)
    mover, other, seat = players(table, alice, bob)
    action = discard(table, seat)
    mine_headers, their_headers = session_cookie(mover), session_cookie(other)
    real_send = TableConsumer.send
    broken: list[str] = []

    async def send(self, text_data=None, bytes_data=None, close=False):
        if self.user == mover and broken == ["armed"]:
            broken.append("answer lost")
            raise ConnectionError("the mover's socket is gone")
        await real_send(self, text_data=text_data, bytes_data=bytes_data, close=close)

    monkeypatch.setattr(TableConsumer, "send", send)

    async def scenario():
        mine, theirs = await both_sockets(table, mine_headers, their_headers)
        broken.append("armed")
        await mine.send_to(text_data=fields(action, table.version))
        pushed = await theirs.receive_from(timeout=5)
        await theirs.disconnect()
        with pytest.raises(ConnectionError):
            await mine.wait(timeout=5)  # the consumer's error, as Channels raises it
        return pushed

    pushed = asyncio.run(scenario())
    before = table.version
    table.refresh_from_db()
    assert broken == ["armed", "answer lost"]
    assert table.version == before + 1
    assert f'data-version="{table.version}"' in pushed


@pytest.mark.django_db(transaction=True)
def test_refused_socket_moves_say_why_and_change_nothing(alice, bob, carol):
    table = started_table(alice, bob)
    mover, other, seat = players(table, alice, bob)
    legal = discard(table, seat)
    version = table.version
    cases = [
        # (who, message, words)
        (mover, fields(legal, version - 1), "The table has moved on since you looked."),
        (mover, fields({"type": "discard", "card": "LC-NOPE"}, version), None),
        (mover, '{"action": "{not json", "version": "1"}', "could not be read"),
        (mover, '{"action": "[1]"}', "could not be read"),
        (mover, fields(legal, None)[:-1] + ', "version": "1e3"}', "could not be read"),
        (mover, json.dumps({"action": json.dumps(legal), "version": 3}), "could not be read"),
        (mover, "{" + " " * 5000 + "}", "could not be read"),
        (other, fields(legal, version), "It is not your turn."),
        (carol, fields(legal, version), "You are not seated at this table."),
        (None, fields(legal, version), "You are not seated at this table."),
    ]

    headers = [session_cookie(who) if who else ANON for who, _message, _words in cases]

    async def scenario():
        answers = []
        for (_who, message, _words), header in zip(cases, headers, strict=True):
            socket = await connect(table, header)
            await socket.receive_from(timeout=5)
            await socket.send_to(text_data=message)
            answers.append(await socket.receive_from(timeout=5))
            await socket.disconnect()
        return answers

    answers = asyncio.run(scenario())
    for (_who, message, words), answer in zip(cases, answers, strict=True):
        assert answer.startswith(f'<div id="table-{table.code}-board-error" class="region">')
        assert 'role="alert"' in answer, message
        if words is not None:
            assert words in answer, (message, answer)
        else:
            assert len(re.sub("<[^>]+>", "", answer).strip()) > 10  # words, not a code
    table.refresh_from_db()
    assert table.version == version and table.move_count == 0


@pytest.mark.django_db(transaction=True)
def test_a_move_names_its_ref_and_only_its_own_answer_carries_it(alice, bob):
    """A page sends a "ref" with its move; the answer (or refusal) carries it back, the
    other sockets' pushes do not: in Mondo other players' pushes arrive at any moment."""
    table = started_table(alice, bob)
    mover, other, seat = players(table, alice, bob)
    action = discard(table, seat)
    mine_headers, their_headers = session_cookie(mover), session_cookie(other)
    with_ref = json.loads(fields(action, table.version)) | {"ref": "m-1_A"}
    stale = json.loads(fields(action, table.version)) | {"ref": "m-2"}

    async def scenario():
        mine, theirs = await both_sockets(table, mine_headers, their_headers)
        await mine.send_to(text_data=json.dumps(with_ref))
        answer = await mine.receive_from(timeout=5)
        pushed = await theirs.receive_from(timeout=5)
        await mine.send_to(text_data=json.dumps(stale))  # the same move again: stale now
        refused = await mine.receive_from(timeout=5)
        await mine.disconnect()
        await theirs.disconnect()
        return answer, pushed, refused

    answer, pushed, refused = asyncio.run(scenario())
    table.refresh_from_db()
    assert table.move_count == 1
    assert answer.startswith(f'<div id="table-{table.code}-board-meta" hidden')
    assert answer.split(">", 1)[0].endswith(' data-ref="m-1_A"')
    assert "data-ref" not in pushed
    assert refused.startswith(
        f'<div id="table-{table.code}-board-error" class="region" data-ref="m-2">'
    )
    assert "moved on" in refused


@pytest.mark.parametrize(
    "ref",
    ["", "x" * 17, 'a"b', "<script>", 7, ["m"], "m 1", "é"],
    ids=["empty", "long", "quote", "tag", "number", "list", "space", "accent"],
)
@pytest.mark.django_db
def test_a_malformed_ref_refuses_the_move_in_words_and_changes_nothing(ref, alice, bob):
    table = started_table(alice, bob)
    mover, _other, seat = players(table, alice, bob)
    version, state = table.version, table.state
    text = json.dumps(json.loads(fields(discard(table, seat), version)) | {"ref": ref})
    words = socket_move(code=str(table.code), user=mover, text=text, language="en", zone=None)
    assert isinstance(words, str) and "could not be read" in words
    # Nothing to echo: the refusal names no ref.
    assert move_ref(text) is None
    assert "data-ref" not in refusal_html(str(table.code), words, move_ref(text))
    table.refresh_from_db()
    assert table.version == version and table.move_count == 0 and table.state == state


#: The locked table with its seats and players (one statement, lobby.statements), the Move,
#: the table's write, the recent log for the drawing: the HTTP move's
#: (tests/perf/test_query_budget.py) less session and user.
SOCKET_MOVE_QUERIES = 4
#: On PostgreSQL the Move and the table's write are one statement (lobby.statements.rows_write).
SOCKET_MOVE_QUERIES_POSTGRESQL = 3


@pytest.mark.django_db
def test_a_socket_move_costs_its_queries_and_one_drawing(alice, bob):
    """Pinned: a move within a turn over the socket reads and writes as little as the HTTP
    move (tests/perf/test_query_budget.py) less the session and user, and draws once."""
    table = started_table(alice, bob)
    mover, _other, seat = players(table, alice, bob)
    mover.is_authenticated  # noqa: B018  # loaded, as the socket's scope user is
    drawn = rendering.board_render.count
    with CaptureQueriesContext(connection) as queries:
        board = socket_move(
            code=str(table.code),
            user=mover,
            text=fields(discard(table, seat), table.version),
            language="en",
            zone=None,
        )
    assert not isinstance(board, str), board
    assert board.version == table.version + 1
    assert rendering.board_render.count == drawn + 1
    sql = [q["sql"] for q in queries if "SAVEPOINT" not in q["sql"]]
    expected = (
        SOCKET_MOVE_QUERIES_POSTGRESQL if connection.vendor == "postgresql" else SOCKET_MOVE_QUERIES
    )
    assert len(sql) == expected, [q[:60] for q in sql]


def test_socket_move_words_follow_the_page_language(alice, bob, db):
    table = started_table(alice, bob)
    words = socket_move(code=str(table.code), user=alice, text="{", language="de", zone=None)
    assert isinstance(words, str) and "could not be read" not in words


GAMES = ["lost_cities", "relative_space", "reworld", "mondo", "terraforming_mars"]


@pytest.mark.parametrize("game", GAMES)
def test_every_game_sends_its_moves_over_the_socket_by_default(game, alice, bob, db):
    """The default SOCKET_MOVE_GAMES holds every game: each board's move form is marked."""
    table = live_table(game, alice, bob)
    assert game in settings.SOCKET_MOVE_GAMES
    assert "data-socket-moves" in rendering.board_html(table, alice)


@pytest.mark.parametrize("game", GAMES)
def test_a_legal_move_of_every_game_over_the_socket_returns_the_board(game, alice, bob, db):
    table = live_table(game, alice, bob)
    seat = seat_to_move(table)
    mover = {s.position: s.user for s in table.seats.select_related("user")}[seat]
    board = first_legal_over_socket(table, mover, seat)
    before = table.version
    table.refresh_from_db()
    assert board.version == table.version == before + 1 and table.move_count == 1
    assert board.board_id == f"table-{table.code}-board"


@pytest.mark.parametrize("game", GAMES)
def test_malformed_and_forged_moves_of_every_game_are_refused_in_words(game, alice, bob, carol, db):
    table = live_table(game, alice, bob)
    seat = seat_to_move(table)
    by_seat = {s.position: s.user for s in table.seats.select_related("user")}
    engine = get_engine(game)
    legal = engine.legal_actions(engine.load(table.state), seat)[0]
    version, state = table.version, table.state
    cases = [
        (by_seat[seat], '{"action": "{not json", "version": "1"}', "could not be read"),
        (by_seat[seat], json.dumps({"action": json.dumps(legal), "version": 3}), "could not"),
        (by_seat[seat], fields({**legal, "type": "forged"}, version), None),
        (carol, fields(legal, version), "You are not seated at this table."),
    ]
    if 1 - seat not in engine.to_move(engine.load(state)):
        cases.append((by_seat[1 - seat], fields(legal, version), "It is not your turn."))
    for who, message, words in cases:
        answer = socket_move(code=str(table.code), user=who, text=message, language="en", zone=None)
        assert isinstance(answer, str), (message, answer)
        if words is not None:
            assert words in answer, (message, answer)
        else:
            assert len(answer.strip()) > 10, answer  # words, not a code
    table.refresh_from_db()
    assert table.version == version and table.move_count == 0 and table.state == state


@pytest.mark.django_db(transaction=True)
def test_a_move_sends_its_doorbell_and_turn_counts_in_one_hand_off(alice, bob, monkeypatch):
    """The move that passes the turn rings the table and tells both players their turn
    counts: three group messages, one hand-off to the event loop (group_send_many)."""
    from channels.db import database_sync_to_async
    from channels.layers import get_channel_layer

    from lobby import embedded
    from lobby.sockets import turns_group, user_group

    layer = get_channel_layer()
    table = started_table(alice, bob)
    mover, other, seat = players(table, alice, bob)
    groups = (table.group_name, user_group(mover.id), turns_group(mover.id), turns_group(other.id))
    hand_offs = []
    real_run = embedded._run
    monkeypatch.setattr(
        embedded, "_run", lambda layer, make: hand_offs.append(1) or real_run(layer, make)
    )

    # The listeners live on one event loop for the whole test, as a process's sockets
    # do (the Redis layer keeps a process's channels per loop); the moves are made from
    # a thread of it, as a socket move is.
    async def scenario() -> dict[str, dict]:
        listeners = {}
        for group in groups:
            listeners[group] = await layer.new_channel()
            await layer.group_add(group, listeners[group])
        for step in ("place", "take"):
            await database_sync_to_async(table.refresh_from_db)()
            hand_offs.clear()
            await database_sync_to_async(first_legal_over_socket)(table, mover, seat)
            assert len(hand_offs) == 1, step
        # The table sockets, also in `user-<id>`, are not sent the turn counts they ignore.
        quiet = listeners.pop(user_group(mover.id))
        with pytest.raises(TimeoutError):
            await asyncio.wait_for(layer.receive(quiet), 0.2)
        return {
            group: await asyncio.wait_for(layer.receive(channel), 5)
            for group, channel in listeners.items()
        }

    received = asyncio.run(scenario())
    assert received[table.group_name]["type"] == "table.updated"
    assert {received[turns_group(u.id)]["type"] for u in (mover, other)} == {"turns.changed"}
    assert received[turns_group(other.id)]["count"] == 1
    assert received[turns_group(other.id)]["url"] == table.get_absolute_url()


def test_one_failing_group_message_does_not_stop_the_others(monkeypatch, caplog):
    from lobby import embedded

    delivered = []

    class Layer:
        async def group_send(self, group, message):
            if group == "broken":
                raise ConnectionError("that shard is down")
            delivered.append((group, message["type"]))

    monkeypatch.setattr(embedded, "get_channel_layer", Layer)
    sends = [("a", {"type": "x.one"}), ("broken", {"type": "x.two"}), ("b", {"type": "x.three"})]
    embedded.group_send_many(sends)
    assert sorted(delivered) == [("a", "x.one"), ("b", "x.three")]
    assert "a x.two message to broken could not be sent" in caplog.text
    # The same from the event loop (a socket move's consumer sends its own doorbell).
    delivered.clear()
    caplog.clear()
    asyncio.run(embedded.group_send_many_async(sends))
    assert sorted(delivered) == [("a", "x.one"), ("b", "x.three")]
    assert "a x.two message to broken could not be sent" in caplog.text


@pytest.mark.django_db(transaction=True)
def test_the_movers_own_doorbell_reads_and_draws_nothing(alice, bob, monkeypatch):
    """The mover's socket already sent its answer of the version its doorbell names: the
    doorbell is passed over at once, without a read or a board for that socket; the other
    player's socket takes its board."""
    from lobby import pushes

    table = started_table(alice, bob)
    mover, other, seat = players(table, alice, bob)
    action = discard(table, seat)
    mine_headers, their_headers = session_cookie(mover), session_cookie(other)
    asked: list[object] = []
    real = pushes.board_for

    async def counting(code, version, user, *args):
        asked.append(user)
        return await real(code, version, user, *args)

    answer, pushed, quiet = move_over_socket(
        table,
        mine_headers,
        their_headers,
        action,
        connected=lambda: monkeypatch.setattr(pushes, "board_for", counting),
    )
    assert 'data-version="' in answer and 'data-version="' in pushed and quiet
    assert [getattr(user, "pk", None) for user in asked] == [other.pk]
