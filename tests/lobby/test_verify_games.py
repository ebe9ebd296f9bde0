"""Verifiable shuffles through the platform: commitment at the start, record, verify_game.

Each engine's game is played through the services a real table uses: the player's moves
(`move_submit`, one undo where the game offers it), the bot's (`bot_play`), one move the
clock plays (`seat_timeout`) where the game has turn clocks, and the clock ending timed
rounds (`phase_time_up`).
"""

from __future__ import annotations

import io
import json
import random
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from games.registry import engines, get_engine
from games.verify import seed_commitment, verify_record
from lobby.models import Move, Table
from lobby.selectors import table_record
from lobby.services import bot_play, move_submit, seat_add_bot, seat_join, table_create
from lobby.services.moves import UNDO
from lobby.services.tables import table_concede
from lobby.services.timers import phase_time_up, seat_timeout
from tests.lobby.helpers import started_table

pytestmark = pytest.mark.django_db

SLUGS = sorted(engine.slug for engine in engines())
MAX_STEPS = 4000


def _played(slug: str, user, seed: int) -> tuple[Table, dict[str, int]]:
    """Return a finished table of `slug` that `user` played against the heuristic bot."""
    engine = get_engine(slug)
    table = table_create(user=user, game=slug, players=2, options={})
    seat_add_bot(code=table.code, user=user)
    table.refresh_from_db()
    assert table.status == Table.Status.ACTIVE
    me = table.seats.get(user=user)
    bot = engine.bots.get("heuristic") or engine.bots["random"]
    rng = random.Random(seed)
    done = {"undo": 0, "timeout": 0, "bot": 0, "time_up": 0}
    for step in range(MAX_STEPS):
        table.refresh_from_db()
        if table.status != Table.Status.ACTIVE:
            break
        state = engine.load(table.state)
        to_move = engine.to_move(state)
        if not to_move:
            assert table.phase_deadline is not None
            later = table.phase_deadline + timedelta(seconds=1)
            assert phase_time_up(table_id=table.id, phase_key=table.phase_key, now=later)
            done["time_up"] += 1
        elif me.position not in to_move:
            assert bot_play(table_id=table.id, version=table.version)
            done["bot"] += 1
        elif not done["undo"] and engine.undo_steps(state, me.position) > 0:
            move_submit(code=table.code, user=user, action=UNDO, seen_version=table.version)
            done["undo"] += 1
        elif not done["timeout"] and step > 20 and (deadline := _deadline(table, me.pk)):
            assert seat_timeout(seat_id=me.pk, now=deadline + timedelta(seconds=1))
            done["timeout"] += 1
        else:
            action = bot.choose(engine, state, me.position, rng)
            move_submit(code=table.code, user=user, action=action, seen_version=None)
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED, f"{slug}: no end in {MAX_STEPS} steps"
    return table, done


def _deadline(table: Table, seat_pk: int):
    return table.seats.get(pk=seat_pk).deadline


def _verify(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command("verify_game", *args, stdout=out, stderr=err)
    except CommandError as error:
        return error.returncode, out.getvalue(), err.getvalue() + str(error)
    return 0, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("slug", SLUGS)
def test_a_game_played_on_the_platform_is_verified(slug, alice, client) -> None:
    table, done = _played(slug, alice, seed=len(slug))
    assert done["bot"] > 0
    if get_engine(slug).simultaneous:
        assert done["timeout"] == 0  # no turn clocks in a game of timed rounds
    else:
        assert done["timeout"] == 1, done
    if slug == "terraforming_mars":
        assert done["undo"] == 1, done  # the one game here that offers undo
    assert Move.objects.filter(table=table, by_timeout=True).exists() == bool(done["timeout"])

    code, out, err = _verify(str(table.code))
    assert code == 0, err
    assert f"{table.move_count} moves" in out

    # The downloaded record checks out with the pure function, and with the command.
    client.force_login(alice)
    response = client.get(reverse("lobby:record", args=[table.code]))
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith("attachment")
    record = json.loads(response.content)
    assert record == json.loads(json.dumps(table_record(table=table)))
    assert record["seed"] == table.seed and record["commitment"] == table.seed_commitment
    assert len(record["log"]) == table.move_count
    assert verify_record(record).ok


def _finished(alice) -> Table:
    table, _ = _played("relative_space", alice, seed=3)
    return table


def test_the_command_fails_on_a_tampered_move(alice) -> None:
    table = _finished(alice)
    move = table.moves.filter(kind=Move.Kind.ACTION).order_by("n").first()
    assert move is not None
    engine = get_engine(table.game)
    state = engine.setup(players=table.players, seed=table.seed, options=table.options)
    for earlier in table.moves.filter(n__lt=move.n).order_by("n"):
        state = engine.apply(state, earlier.seat, earlier.action)
    others = [a for a in engine.legal_actions(state, move.seat) if a != move.action]
    Move.objects.filter(pk=move.pk).update(action=others[0])
    code, _, err = _verify(str(table.code))
    assert code == 1
    assert "Not verified." in err
    assert "not legal in the replayed game" in err or "recorded final state" in err


def test_the_command_fails_on_a_tampered_seed(alice) -> None:
    table = _finished(alice)
    Table.objects.filter(pk=table.pk).update(seed=table.seed + 1)
    code, _, err = _verify(str(table.code))
    assert code == 1
    assert "The commitment does not match the revealed seed and salt" in err


def test_the_command_fails_on_a_tampered_result(alice) -> None:
    table = _finished(alice)
    result = dict(table.result)
    result["places"] = list(reversed(result["places"]))
    result["scores"] = [score + 1 for score in result["scores"]]
    Table.objects.filter(pk=table.pk).update(result=result)
    code, _, err = _verify(str(table.code))
    assert code == 1
    assert "The recorded result is not the result of the replayed game." in err


def test_the_command_checks_a_downloaded_file(alice, client, tmp_path) -> None:
    table = _finished(alice)
    client.force_login(alice)
    record = json.loads(client.get(reverse("lobby:record", args=[table.code])).content)
    good = tmp_path / "record.json"
    good.write_text(json.dumps(record))
    assert _verify("--file", str(good))[0] == 0
    record["salt"] = "0" * 32
    bad = tmp_path / "tampered.json"
    bad.write_text(json.dumps(record))
    code, _, err = _verify("--file", str(bad))
    assert code == 1 and "commitment does not match" in err
    broken = tmp_path / "broken.json"
    broken.write_bytes(b"{not json\x00")
    assert _verify("--file", str(broken))[0] == 2
    assert _verify("--file", str(tmp_path / "missing.json"))[0] == 2


def test_a_conceded_game_is_verified_with_its_forfeit(alice, bob) -> None:
    table = started_table(alice, bob)
    engine = get_engine(table.game)
    state = engine.load(table.state)
    seat = min(engine.to_move(state))
    mover = table.seats.get(position=seat).user
    move_submit(
        code=table.code, user=mover, action=engine.legal_actions(state, seat)[0], seen_version=None
    )
    table_concede(code=table.code, user=bob)
    table.refresh_from_db()
    assert table.result["forfeit"] == [table.seats.get(user=bob).position]
    assert _verify(str(table.code))[0] == 0
    # The concession cannot be moved onto the other player afterwards.
    record = table_record(table=table)
    for seat_data in record["seats"]:
        seat_data["conceded"] = not seat_data["conceded"]
    assert not verify_record(record).ok


def test_the_command_refuses_unknown_running_and_old_tables(alice, bob) -> None:
    assert _verify("not-a-code")[0] == 2
    assert _verify("00000000-0000-0000-0000-000000000000")[0] == 2
    assert _verify()[0] == 2
    table = started_table(alice, bob)
    code, out, err = _verify(str(table.code))
    assert code == 2 and "not over" in err and str(table.seed) not in out + err
    # A table that ended before commitments existed has none to check.
    table_concede(code=table.code, user=bob)
    Table.objects.filter(pk=table.pk).update(seed_salt="", seed_commitment="")
    code, _, err = _verify(str(table.code))
    assert code == 2 and "predates verifiable shuffles" in err


def test_the_commitment_is_set_once_at_the_start_and_stays(alice, bob) -> None:
    table = table_create(user=alice, game="lost_cities", players=2, options={})
    assert (table.seed_salt, table.seed_commitment) == ("", "")
    seat_join(code=table.code, user=bob)
    table.refresh_from_db()
    assert table.status == Table.Status.ACTIVE and table.state is not None
    assert len(table.seed_salt) == 32 and int(table.seed_salt, 16) >= 0
    assert table.seed_commitment == seed_commitment(table.seed, table.seed_salt)
    first = (table.seed, table.seed_salt, table.seed_commitment)
    engine = get_engine(table.game)
    for _ in range(4):
        state = engine.load(table.state)
        seat = min(engine.to_move(state))
        user = table.seats.get(position=seat).user
        action = engine.legal_actions(state, seat)[0]
        move_submit(code=table.code, user=user, action=action, seen_version=None)
        table.refresh_from_db()
        assert (table.seed, table.seed_salt, table.seed_commitment) == first


def test_a_solo_table_is_committed_when_it_starts_at_creation(alice) -> None:
    table = table_create(user=alice, game="terraforming_mars", players=1, options={})
    table.refresh_from_db()
    assert table.status == Table.Status.ACTIVE
    assert table.seed_commitment == seed_commitment(table.seed, table.seed_salt)


def test_two_tables_never_share_a_salt(alice, bob) -> None:
    salts = {started_table(alice, bob).seed_salt for _ in range(3)}
    assert len(salts) == 3
