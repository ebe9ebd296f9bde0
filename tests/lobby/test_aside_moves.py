"""Aside moves (games.engine.Game.aside_actions): a seat that is not to move may send them.

Terraforming Mars' "pass in advance" goes through the HTTP move and the table socket like
any move: logged, the version bumped, every board told, and no clock started for the seat
that sent it. Anything else from a seat not to move is still "It is not your turn." (409);
a malformed or forged aside payload is refused with the engine's words (400).
"""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest

from games.registry import get_engine
from lobby import services
from lobby.models import Move, Seat, Table
from lobby.services.moves import replay_state
from tests.lobby.helpers import live_table, post_move
from tests.lobby.test_consumers import connect, session_cookie

AHEAD = {"type": "pass_ahead", "cancel": False}
CANCEL = {"type": "pass_ahead", "cancel": True}
POWER_PLANT = {"type": "project", "project": "power_plant"}


def _action_phase(alice: Any, bob: Any) -> tuple[Table, dict[int, Any], int]:
    """A live two-player Terraforming Mars table in its action phase; (table, users, active)."""
    table = live_table("terraforming_mars", alice, bob)
    engine = get_engine(table.game)
    users = {seat.position: seat.user for seat in table.seats.select_related("user")}
    bot = engine.bots["heuristic"]
    rng = random.Random(3)
    for _ in range(40):
        table.refresh_from_db()
        state = engine.load(table.state)
        if state.phase == "action":
            return table, users, state.active
        seat = min(engine.to_move(state))
        action = bot.choose(engine, state, seat, rng)
        services.move_submit(
            code=table.code, user=users[seat], action=action, seen_version=table.version
        )
    raise AssertionError("the setup never ended")


def _finish_turn(table: Table, actor: Any, seat: int) -> None:
    """The active seat takes one action (not a pass), ends its turn and confirms it."""
    engine = get_engine(table.game)
    for _ in range(30):
        table.refresh_from_db()
        state = engine.load(table.state)
        if seat not in engine.to_move(state):
            return
        legal = engine.legal_actions(state, seat)
        if state.queue or len(legal) == 1:
            action = legal[0]
        elif state.turn_actions:
            action = {"type": "end_turn"}
        else:
            action = next(a for a in legal if a["type"] != "pass")
        done = post_move(actor, table, action, table.version, HTTP_HX_REQUEST="true")
        assert done.status_code == 200, (action, done.content.decode()[:300])
        if action == {"type": "confirm"}:
            return
    raise AssertionError("the turn never ended")


def _client(client: Any, user: Any) -> Any:
    other = type(client)()
    other.force_login(user)
    return other


def _seat(table: Table, position: int) -> Seat:
    return table.seats.get(position=position)


@pytest.mark.django_db
def test_pass_in_advance_over_http_off_turn(client, alice, bob) -> None:
    table, users, active = _action_phase(alice, bob)
    waiting = 1 - active
    engine = get_engine(table.game)
    mine = _client(client, users[waiting])
    version, moves = table.version, table.move_count
    before = _seat(table, waiting)
    mover_clock = _seat(table, active).deadline
    assert not before.is_to_move and before.deadline is None

    # Anything but an aside action off turn: the usual refusal, nothing changed.
    for action in (POWER_PLANT, {"type": "undo"}, {"type": "end_turn"}):
        refused = post_move(mine, table, action, version, HTTP_HX_REQUEST="true")
        assert refused.status_code == 409, action
        assert "It is not your turn." in refused.content.decode()
    # A malformed or forged aside payload: 400 with the engine's words.
    cases = [
        ({"type": "pass_ahead", "cancel": "no"}, "not filled in correctly"),
        ({"type": "pass_ahead"}, "missing something"),
        ({"type": "pass_ahead", "cancel": True}, "You have not passed in advance."),
    ]
    for action, words in cases:
        refused = post_move(mine, table, action, version, HTTP_HX_REQUEST="true")
        assert refused.status_code == 400, action
        assert words in refused.content.decode(), action
    table.refresh_from_db()
    assert table.version == version and table.move_count == moves

    answer = post_move(mine, table, AHEAD, version, HTTP_HX_REQUEST="true")
    assert answer.status_code == 200, answer.content.decode()[:300]
    assert "Cancel pass in advance" in answer.content.decode()
    table.refresh_from_db()
    assert table.version == version + 1 and table.move_count == moves + 1
    logged = Move.objects.get(table=table, n=table.move_count)
    assert logged.seat == waiting and logged.action == AHEAD
    after = _seat(table, waiting)
    assert not after.is_to_move and after.deadline is None  # no clock started
    assert after.turn_started_at == before.turn_started_at
    assert after.time_left == before.time_left
    assert _seat(table, active).deadline == mover_clock  # the mover's clock runs on
    state = engine.load(table.state)
    assert state.ahead[waiting] and replay_state(engine=engine, table=table) == state

    # The active player ends the turn: the waiting seat passes at once, never to move.
    actor = _client(client, users[active])
    _finish_turn(table, actor, active)
    table.refresh_from_db()
    state = engine.load(table.state)
    assert state.players[waiting].passed and state.active == active
    assert any(entry[1:3] == (waiting, "pass_ahead") for entry in state.log)
    assert not _seat(table, waiting).is_to_move
    assert replay_state(engine=engine, table=table) == state


@pytest.mark.django_db
def test_undo_never_takes_back_another_seats_aside_move(client, alice, bob) -> None:
    table, users, active = _action_phase(alice, bob)
    waiting = 1 - active
    engine = get_engine(table.game)
    actor, other = _client(client, users[active]), _client(client, users[waiting])
    state = engine.load(table.state)
    step = next(  # a first step the active player could take back
        a
        for a in engine.legal_actions(state, active)
        if engine.undo_steps(engine.apply(state, active, a), active) >= 1
    )
    assert post_move(actor, table, step, table.version, HTTP_HX_REQUEST="true").status_code == 200
    table.refresh_from_db()
    assert engine.undo_steps(engine.load(table.state), active) >= 1
    assert post_move(other, table, AHEAD, table.version, HTTP_HX_REQUEST="true").status_code == 200
    table.refresh_from_db()
    moves = table.move_count
    refused = post_move(actor, table, {"type": "undo"}, table.version, HTTP_HX_REQUEST="true")
    assert refused.status_code == 409
    assert "nothing you can take back" in refused.content.decode()
    table.refresh_from_db()
    assert table.move_count == moves
    assert Move.objects.filter(table=table, seat=waiting, action=AHEAD).exists()


def _fields(action: dict[str, Any], version: int) -> str:
    return json.dumps({"action": json.dumps(action), "version": str(version)})


@pytest.mark.django_db(transaction=True)
def test_pass_in_advance_over_the_socket_is_pushed_to_the_others(alice, bob) -> None:
    table, users, active = _action_phase(alice, bob)
    waiting = 1 - active
    version = table.version
    mover_headers, waiting_headers = session_cookie(users[active]), session_cookie(users[waiting])

    async def scenario() -> tuple[str, str, str, str]:
        mover = await connect(table, mover_headers)
        mine = await connect(table, waiting_headers)
        await mover.receive_from(timeout=5)
        await mine.receive_from(timeout=5)
        await mine.send_to(text_data=_fields(POWER_PLANT, version))
        refused = await mine.receive_from(timeout=5)
        await mine.send_to(text_data=_fields({"type": "pass_ahead", "cancel": 1}, version))
        malformed = await mine.receive_from(timeout=5)
        await mine.send_to(text_data=_fields(AHEAD, version))
        answer = await mine.receive_from(timeout=5)
        pushed = await mover.receive_from(timeout=5)
        await mover.disconnect()
        await mine.disconnect()
        return refused, malformed, answer, pushed

    refused, malformed, answer, pushed = asyncio.run(scenario())
    assert "board-error" in refused and "It is not your turn." in refused
    assert "board-error" in malformed and "not filled in correctly" in malformed
    table.refresh_from_db()
    assert table.version == version + 1 and table.move_count
    meta = f'data-version="{table.version}"'
    assert meta in answer and meta in pushed  # the mover's board is told too
    assert "Cancel pass in advance" in answer
    assert "pass in advance" not in pushed.lower()  # nobody else learns of it
    assert not _seat(table, waiting).is_to_move
    assert get_engine(table.game).load(table.state).ahead[waiting]


@pytest.mark.django_db
def test_undo_before_confirm_takes_the_turn_back(client, alice, bob) -> None:
    """README "Turn flow": the turn waits for Confirm; the platform's Undo takes it back."""
    table, users, active = _action_phase(alice, bob)
    engine = get_engine(table.game)
    actor = _client(client, users[active])
    state = engine.load(table.state)
    assert state.confirm[active]  # the lobby's default
    start = table.move_count
    step = next(
        a
        for a in engine.legal_actions(state, active)
        if a["type"] != "pass" and engine.undo_steps(engine.apply(state, active, a), active) >= 1
    )
    for action in (step, {"type": "end_turn"}):
        table.refresh_from_db()
        state = engine.load(table.state)
        while state.queue and engine.legal_actions(state, active) != [{"type": "confirm"}]:
            answer = engine.legal_actions(state, active)[0]
            post_move(actor, table, answer, table.version, HTTP_HX_REQUEST="true")
            table.refresh_from_db()
            state = engine.load(table.state)
        if state.queue:
            break
        done = post_move(actor, table, action, table.version, HTTP_HX_REQUEST="true")
        assert done.status_code == 200, (action, done.content.decode()[:300])
    table.refresh_from_db()
    state = engine.load(table.state)
    assert engine.legal_actions(state, active) == [{"type": "confirm"}]
    assert _seat(table, active).is_to_move and not _seat(table, 1 - active).is_to_move
    steps = engine.undo_steps(state, active)
    assert steps >= 1
    before = table.move_count
    answer = post_move(actor, table, {"type": "undo"}, table.version, HTTP_HX_REQUEST="true")
    assert answer.status_code == 200, answer.content.decode()[:300]
    table.refresh_from_db()
    after = engine.load(table.state)
    assert table.move_count == before - steps >= start  # the log was cut, not past the turn
    assert after.active == active and engine.to_move(after) == {active}
    assert engine.legal_actions(after, active) != [{"type": "confirm"}]
    assert replay_state(engine=engine, table=table) == after
