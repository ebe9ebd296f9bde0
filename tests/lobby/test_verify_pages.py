"""The seed stays secret while a table runs, everywhere; its commitment is shown from the start.

Pages (table, replay, record), socket pushes and the admin are read while the game runs
and after it ends: the seed appears in none of them before the end, and in the table's
page, its replay and its push once it is over.
"""

from __future__ import annotations

import asyncio

import pytest
from asgiref.sync import sync_to_async
from django.contrib import admin
from django.test import Client
from django.urls import reverse

from games.registry import get_engine
from lobby.models import Table
from lobby.services import move_submit, table_concede
from tests.factories import UserFactory
from tests.lobby.helpers import started_table
from tests.lobby.test_consumers import ANON, connect, session_cookie


def _client(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def _moderator():
    from django.contrib.auth.models import Group

    user = UserFactory(is_staff=True)
    user.groups.add(Group.objects.get(name="Moderators"))
    return user


def _play_one(table: Table) -> None:
    engine = get_engine(table.game)
    state = engine.load(table.state)
    seat = min(engine.to_move(state))
    user = table.seats.get(position=seat).user
    action = next(a for a in engine.legal_actions(state, seat) if a["type"] == "discard")
    move_submit(code=table.code, user=user, action=action, seen_version=None)


def _pages(table: Table, clients: dict[str, Client], moderator: Client) -> dict[str, str]:
    pages: dict[str, str] = {}
    for name, client in clients.items():
        for view in ("table", "replay", "record"):
            response = client.get(reverse(f"lobby:{view}", args=[table.code]))
            pages[f"{name} {view} {response.status_code}"] = response.content.decode()
    change = reverse("admin:lobby_table_change", args=[table.id])
    pages["moderator admin"] = moderator.get(change).content.decode()
    return pages


@pytest.mark.django_db
def test_the_seed_is_on_no_page_while_the_game_runs_and_on_them_after(alice, bob, carol):
    table = started_table(alice, bob)
    _play_one(table)
    table.refresh_from_db()
    seed, salt = str(table.seed), table.seed_salt
    clients = {"alice": _client(alice), "carol": _client(carol), "anon": _client()}
    moderator = _client(_moderator())

    running = _pages(table, clients, moderator)
    assert {key.rsplit(" ", 1)[1] for key in running if "record" in key} == {"403"}
    assert {key.rsplit(" ", 1)[1] for key in running if "replay" in key} == {"404"}
    for where, page in running.items():
        assert seed not in page, where
        assert salt not in page, where
    for who in clients:
        page = running[f"{who} table 200"]
        assert table.seed_commitment in page  # the full value, to copy
        assert reverse("lobby:help") + "#verifiable-shuffles" in page
    assert "published when the game is over" in running["carol record 403"]
    assert table.seed_commitment in running["moderator admin"]

    table_concede(code=table.code, user=bob)
    table.refresh_from_db()
    over = _pages(table, clients, moderator)
    for who in clients:
        for view in ("table", "replay"):
            page = over[f"{who} {view} 200"]
            assert seed in page and salt in page and table.seed_commitment in page, (who, view)
            assert reverse("lobby:record", args=[table.code]) in page
        assert seed in over[f"{who} record 200"]
    assert seed in over["moderator admin"] and salt in over["moderator admin"]


@pytest.mark.django_db(transaction=True)
def test_no_socket_push_carries_the_seed_before_the_end(alice, bob, carol):
    table = started_table(alice, bob)
    seed = str(table.seed)
    headers = {"alice": session_cookie(alice), "carol": session_cookie(carol), "anon": ANON}

    async def scenario() -> tuple[dict[str, list[str]], dict[str, str]]:
        sockets = {name: await connect(table, h) for name, h in headers.items()}
        before = {name: [await s.receive_from(timeout=5)] for name, s in sockets.items()}
        await sync_to_async(_play_one)(table)
        for name, s in sockets.items():
            before[name].append(await s.receive_from(timeout=5))
        await sync_to_async(table_concede)(code=table.code, user=bob)
        after = {name: await s.receive_from(timeout=5) for name, s in sockets.items()}
        for s in sockets.values():
            await s.disconnect()
        return before, after

    before, after = asyncio.run(scenario())
    table.refresh_from_db()
    for name, messages in before.items():
        assert table.seed_commitment in messages[0], name  # the board sent on connect
        for message in messages:
            assert seed not in message and table.seed_salt not in message, name
    for name, message in after.items():
        assert seed in message and table.seed_salt in message, name


@pytest.mark.django_db
def test_a_forged_admin_post_cannot_change_the_seed(alice, bob):
    """Not even a superuser's form has the seed, its salt or its commitment."""
    table = started_table(alice, bob)
    before = (table.seed, table.seed_salt, table.seed_commitment)
    root = UserFactory(is_staff=True, is_superuser=True)
    client = _client(root)
    change = reverse("admin:lobby_table_change", args=[table.id])
    page = client.get(change)
    form = page.context["adminform"].form
    for name in ("seed", "seed_salt", "seed_commitment"):
        assert name not in form.fields
    data = {name: form[name].value() for name in form.fields}
    data = {k: ("" if v is None else v) for k, v in data.items()}
    data["options"] = '{"rounds": 1}'
    data.update(
        {
            "seed": "1",
            "seed_salt": "0" * 32,
            "seed_commitment": "f" * 64,
            "seats-TOTAL_FORMS": "2",
            "seats-INITIAL_FORMS": "2",
            "seats-MIN_NUM_FORMS": "0",
            "seats-MAX_NUM_FORMS": "1000",
        }
    )
    for index, seat in enumerate(table.seats.order_by("position")):
        data[f"seats-{index}-id"] = str(seat.pk)
        data[f"seats-{index}-table"] = str(table.pk)
    response = client.post(change, data)
    # The form was valid and saved (a redirect): the forged fields were simply ignored.
    assert response.status_code == 302, response.content.decode()[:2000]
    table.refresh_from_db()
    assert (table.seed, table.seed_salt, table.seed_commitment) == before
    # The moderator's copy of the form shows the seed and salt as hidden, read-only.
    model_admin = admin.site._registry[Table]
    moderator_page = _client(_moderator()).get(change).content.decode()
    assert "Hidden until the game is over." in moderator_page
    assert str(table.seed) not in moderator_page
    assert {"seed", "seed_salt", "seed_commitment"} <= set(model_admin.readonly_fields)


@pytest.mark.django_db
def test_a_table_aborted_mid_game_has_no_record_but_shows_its_seed(alice, bob):
    from lobby.services.moderation import table_abort

    table = started_table(alice, bob)
    moderator = _moderator()
    table_abort(moderator=moderator, table_id=table.id, reason="Test abort")
    table.refresh_from_db()
    assert table.status == Table.Status.ABORTED
    client = _client(alice)
    response = client.get(reverse("lobby:record", args=[table.code]))
    assert response.status_code == 404
    assert "it has no result to check" in response.content.decode()
    page = client.get(table.get_absolute_url()).content.decode()
    assert str(table.seed) in page and table.seed_commitment in page
    assert reverse("lobby:record", args=[table.code]) not in page


@pytest.mark.django_db
def test_a_table_that_never_started_shows_no_commitment(alice):
    from lobby.services import table_create

    table = table_create(user=alice, game="lost_cities", players=2, options={})
    page = _client(alice).get(table.get_absolute_url()).content.decode()
    assert 'class="fairness"' not in page and str(table.seed) not in page
    response = _client(alice).get(reverse("lobby:record", args=[table.code]))
    assert response.status_code == 403
