"""Faults in production's services, for real: Redis and the Celery worker are killed with
SIGKILL mid-game, and every consequence of every committed change still happens once.

daphne, a worker and beat run as separate processes on PostgreSQL and on a Redis server
of the test's own (so killing it touches nothing else). Live tables, so that the worker
holds unacknowledged timer tasks when Redis dies.

1. Redis dies mid-game and mid-finish: moves, a chat line and a concede still commit and
   answer (no 500), /healthz says 503; once Redis is back the worker is still alive, the
   game is scored once (notices, ratings, e-mails) and the bot that was handed the turn
   moves.
2. The worker dies 0.3 s after a move that hands the turn to a bot: after a restart the
   bot moves, once.
3. The worker dies right after a game ends: after a restart it is scored, once.
"""

from __future__ import annotations

import contextlib
import json
import time
from typing import Any

import pytest

from lobby.consumers import START_AFRESH_CODE
from tests.reliability.live import (
    ACTION,
    SHELL_COOKIE,
    Player,
    RedisServer,
    Stack,
    board_version,
    database_fresh,
    wait_for,
)

pytestmark = [pytest.mark.slow, pytest.mark.live]

SETUP = (
    SHELL_COOKIE
    + """
import json
from accounts.models import User
from lobby.services import seat_add_bot, seat_join, table_create

out = {}
games = (("redis", False), ("redis_bot", True), ("worker_bot", True), ("worker_end", False))
for name, bot in games:
    a = User.objects.create_user(f"{name}_a", f"{name}_a@t.invalid", "pw")
    t = table_create(user=a, game="lost_cities", players=2, options={"rounds": 1}, mode="live")
    if bot:
        seat_add_bot(code=t.code, user=a, kind="random")
        cookies = [cookie(a)]
    else:
        b = User.objects.create_user(f"{name}_b", f"{name}_b@t.invalid", "pw")
        seat_join(code=t.code, user=b)
        cookies = [cookie(a), cookie(b)]
    out[name] = {"code": str(t.code), "cookies": cookies}
print(json.dumps(out))
"""
)

FACTS = """
import json
from accounts.models import Notification
from games.registry import get_engine
from ladder.models import RatingChange
from lobby.models import OutboundMail, Table
from lobby.services.moves import replay_state
t = Table.objects.get(code="{code}")
engine = get_engine(t.game)
mails = OutboundMail.objects.filter(body__contains=str(t.code))
print(json.dumps({{
    "status": t.status,
    "scored": t.scored_at is not None,
    "version": t.version,
    "moves": list(t.moves.values_list("n", "seat")),
    "bot_seats": list(t.seats.exclude(bot="").values_list("position", flat=True)),
    "to_move": sorted(engine.to_move(engine.load(t.state))) if t.state else [],
    "replays": engine.dump(replay_state(engine=engine, table=t)) == t.state,
    "finished_notices": Notification.objects.filter(kind="finished", subject=str(t.code)).count(),
    "ratings": RatingChange.objects.filter(table=t).count(),
    "mails_sent": mails.filter(sent_at__isnull=False).count(),
    "mails_unsent": mails.filter(sent_at__isnull=True).count(),
}}))
"""


def table_socket(base: str, code: str, cookie: str) -> Any:
    """A table socket as the page opens it, for the seat whose session is `cookie`."""
    from websockets.sync.client import connect

    return connect(
        f"{base.replace('http', 'ws')}/ws/table/{code}/",
        additional_headers={"Cookie": f"sessionid={cookie}"},
        origin=base,
    )


def socket_close_code(socket: Any, *, seconds: float) -> int | None:
    """Read the socket until the server closes it (within `seconds`); return its code."""
    from websockets.exceptions import ConnectionClosed

    deadline = time.monotonic() + seconds
    try:
        while time.monotonic() < deadline:
            socket.recv(timeout=max(0.1, deadline - time.monotonic()))
    except ConnectionClosed as closed:
        return closed.rcvd.code if closed.rcvd is not None else None
    except TimeoutError:
        return None
    return None


def facts(stack: Stack, code: str) -> dict:
    return json.loads(stack.manage("shell", "-c", FACTS.format(code=code)))


def turn_to_bot(stack: Stack, player: Player, code: str) -> None:
    """Play the human's whole turn; return as soon as the answer shows the bot to move."""
    assert wait_for(lambda: facts(stack, code)["to_move"] == [0], seconds=60, every=1)
    for _ in range(4):
        assert player.move() == 200
        if not ACTION.search(player.last_board):
            return
    raise AssertionError("the human's turn did not end")


def human_moves(stack: Stack, code: str) -> int:
    """Return the number of moves up to and including the human's latest one."""
    moves = facts(stack, code)["moves"]
    return max(n for n, seat in moves if seat == 0)


def test_redis_and_worker_killed_mid_game_lose_no_consequence(tmp_path):
    redis = RedisServer(tmp_path)
    redis.start()
    stack = Stack(
        database_url=database_fresh("playtable_faults"),
        redis_url=redis.url,
        workdir=tmp_path,
        SWEEP_SECONDS="2",
        # The bot's task waits 2 s in the worker that is killed 0.3 s after the move.
        BOT_MOVE_DELAY="2",
        BOT_STALL_SECONDS="3",
        CHANNELS_PREFIX="faults",
    )
    sockets = contextlib.ExitStack()
    try:
        stack.manage("migrate", "--noinput")
        tables = json.loads(stack.manage("shell", "-c", SETUP))
        stack.start()
        base = stack.base

        # 1. Redis dies mid-game and mid-finish.
        t1 = tables["redis"]
        seat = [Player(base, t1["code"], c) for c in t1["cookies"]]
        bot_game = tables["redis_bot"]
        human = Player(base, bot_game["code"], bot_game["cookies"][0])
        for player in seat:
            player.move()
        # Both bot games have made the bots' opening moves, if they open: the humans move.
        for name in ("redis_bot", "worker_bot"):
            code = tables[name]["code"]
            assert wait_for(lambda c=code: facts(stack, c)["to_move"] == [0], seconds=60)
        watcher = sockets.enter_context(table_socket(base, t1["code"], t1["cookies"][1]))
        seen = board_version(watcher.recv(timeout=10))
        redis.kill()
        answers = [player.move() for player in seat for _ in range(2)]
        assert all(code in (200, 409, None) for code in answers), answers
        # A human's whole turn commits while Redis is down, handing the turn to the bot.
        turn_to_bot(stack, human, bot_game["code"])
        moves_before = human_moves(stack, bot_game["code"])
        assert seat[0].post("chat", text="still here?") < 500
        health = seat[0].client.get("/healthz")
        assert health.status_code == 503
        assert seat[0].post("concede") < 500
        down = facts(stack, t1["code"])
        assert down["status"] == "finished"
        time.sleep(3)
        # Redis was away: the open socket heard none of it (no doorbell, no close)...
        with pytest.raises(TimeoutError):
            watcher.recv(timeout=0.5)
        redis.start()
        # ...and once it is back, it is closed with 4012, on which the page connects
        # again (static/js/playtable.js) and is sent the board as it is now.
        closed_by = socket_close_code(watcher, seconds=15)
        assert closed_by == START_AFRESH_CODE, closed_by
        with table_socket(base, t1["code"], t1["cookies"][1]) as again:
            now = board_version(again.recv(timeout=10))
        assert now == facts(stack, t1["code"])["version"] > seen
        scored = wait_for(lambda: facts(stack, t1["code"])["mails_sent"] == 2, seconds=90, every=2)
        after = facts(stack, t1["code"])
        assert scored, after
        assert stack.alive("worker"), "the worker survives a Redis restart"
        assert after["scored"]
        assert after["finished_notices"] == 2
        assert after["ratings"] == 2
        assert after["mails_unsent"] == 0
        bot_moved = wait_for(
            lambda: len(facts(stack, bot_game["code"])["moves"]) >= moves_before + 2,
            seconds=60,
            every=2,
        )
        assert bot_moved, facts(stack, bot_game["code"])
        assert wait_for(lambda: seat[0].client.get("/healthz").status_code == 200, seconds=60)

        # 2. The worker dies 0.3 s after a move that hands the turn to a bot.
        t2 = tables["worker_bot"]
        human = Player(base, t2["code"], t2["cookies"][0])
        turn_to_bot(stack, human, t2["code"])
        time.sleep(0.3)
        stack.kill("worker")
        moves = human_moves(stack, t2["code"])
        assert len(facts(stack, t2["code"])["moves"]) == moves, "the bot waits BOT_MOVE_DELAY"
        time.sleep(2)
        stack.start("worker")
        assert wait_for(lambda: facts(stack, t2["code"])["to_move"] == [0], seconds=60, every=1), (
            facts(stack, t2["code"])
        )
        state = facts(stack, t2["code"])
        assert state["replays"], "the log rebuilds the stored state: no move half-made"
        bot_moves = [seat for n, seat in state["moves"] if n > moves]
        # One bot turn of Lost Cities: play (or discard) a card, then draw.
        assert bot_moves == [1, 1], state["moves"]

        # 3. The worker dies right after a game ends.
        t3 = tables["worker_end"]
        first = Player(base, t3["code"], t3["cookies"][0])
        first.move()
        assert first.post("concede") < 500
        time.sleep(0.1)
        stack.kill("worker")
        time.sleep(1)
        stack.start("worker")
        assert wait_for(lambda: facts(stack, t3["code"])["mails_sent"] == 2, seconds=60, every=2)
        time.sleep(5)  # a few more sweeps: nothing happens twice
        end = facts(stack, t3["code"])
        assert (end["finished_notices"], end["ratings"], end["mails_sent"]) == (2, 2, 2), end
        again = facts(stack, t1["code"])
        assert (again["finished_notices"], again["ratings"], again["mails_sent"]) == (2, 2, 2)
        print(
            "\nfaults: 2 games scored once after Redis/worker kills, "
            "2 bot turns made after a lost task, worker alive after a Redis restart"
        )
    finally:
        sockets.close()
        stack.close()
        redis.kill()
