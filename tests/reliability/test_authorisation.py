"""Authorisation matrix: every route × every kind of visitor, with the expected answer.

Roles: anonymous, a stranger, the seated player to move, the other seat, a suspended
player (seated, logged in before the suspension), a moderator (staff in the
Moderators group) and an admin (superuser). The table is PRIVATE and in play, the
hardest case: strangers — moderators and admins included — must not learn it exists
outside the admin.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
from datetime import timedelta

import pytest
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.contrib.auth.models import Group
from django.test import Client
from django.utils import timezone

from config.asgi import application
from lobby.models import Table
from lobby.services import seat_join, table_create
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

ROLES = ["anonymous", "stranger", "seated", "other", "suspended", "moderator", "admin"]
LOGIN = "login"  # a redirect to the log-in page

FORMS = {
    "/t/{code}/move": {"action": '{"type": "draw"}'},
    "/t/{code}/bot": {"kind": "random"},
    "/t/{code}/chat": {"text": "hello"},
}
# (method, path template) → expected answer per role, in ROLES order.
MATRIX = {
    ("get", "/"): [200, 200, 200, 200, 200, 200, 200],
    ("get", "/games/"): [200] * 7,
    ("get", "/games/lost_cities/"): [200] * 7,
    ("get", "/games/lost_cities/new/"): [LOGIN, 200, 200, 200, LOGIN, 200, 200],
    # Play now: a seat at a public table of the game or a new one, never this private table.
    ("post", "/games/lost_cities/play/"): [LOGIN, 302, 302, 302, LOGIN, 302, 302],
    ("get", "/tables/"): [200] * 7,
    ("get", "/tables/mine/"): [LOGIN, 200, 200, 200, LOGIN, 200, 200],
    ("get", "/ladder/"): [200] * 7,
    ("get", "/ladder/lost_cities/"): [200] * 7,
    ("get", "/accounts/u/{seated}/"): [200] * 7,
    ("get", "/accounts/preferences/"): [LOGIN, 200, 200, 200, LOGIN, 200, 200],
    ("get", "/accounts/notifications/"): [LOGIN, 200, 200, 200, LOGIN, 200, 200],
    ("get", "/t/{code}/"): [404, 404, 200, 200, 404, 404, 404],
    ("get", "/t/{code}/replay/"): [404] * 7,  # private, and not finished
    ("get", "/t/{code}/record.json"): [404, 404, 403, 403, 404, 404, 404],  # not over yet
    ("post", "/t/{code}/move"): [
        LOGIN,
        404,
        400,
        409,
        LOGIN,
        404,
        404,
    ],
    ("post", "/t/{code}/join"): [LOGIN, 404, 409, 409, LOGIN, 404, 404],
    ("post", "/t/{code}/leave"): [LOGIN, 404, 409, 409, LOGIN, 404, 404],
    ("post", "/t/{code}/start"): [LOGIN, 404, 409, 409, LOGIN, 404, 404],
    ("post", "/t/{code}/bot"): [LOGIN, 404, 409, 409, LOGIN, 404, 404],
    # The seated player concedes; then the game is over for the other seat.
    ("post", "/t/{code}/concede"): [LOGIN, 404, 302, 409, LOGIN, 404, 404],
    ("post", "/t/{code}/chat"): [LOGIN, 404, 302, 302, LOGIN, 404, 404],
    ("get", "/admin/"): [LOGIN, LOGIN, LOGIN, LOGIN, LOGIN, 200, 200],
    ("get", "/admin/lobby/table/"): [LOGIN, LOGIN, LOGIN, LOGIN, LOGIN, 200, 200],
    ("get", "/admin/lobby/move/"): [LOGIN, LOGIN, LOGIN, LOGIN, LOGIN, 200, 200],
    ("get", "/admin/accounts/user/"): [LOGIN, LOGIN, LOGIN, LOGIN, LOGIN, 200, 200],
    ("get", "/admin/accounts/moderationlog/"): [LOGIN, LOGIN, LOGIN, LOGIN, LOGIN, 200, 200],
    ("get", "/admin/auth/group/"): [LOGIN, LOGIN, LOGIN, LOGIN, LOGIN, 403, 200],
}
# Opening the table's socket: accepted (True) or refused (False).
SOCKET = [False, False, True, True, False, False, False]
CELLS: dict[str, int] = {"http": 0, "socket": 0}


def moderators_group() -> Group:
    """Return the Moderators group; a transactional test's flush removed the migration's."""
    from importlib import import_module

    from django.apps import apps

    migration = import_module("accounts.migrations.0004_moderators_group")
    if not Group.objects.filter(name=migration.GROUP).exists():
        migration.group_create(apps, None)
    return Group.objects.get(name=migration.GROUP)


def make_world() -> tuple[Table, dict[str, object]]:
    seated, other = UserFactory(), UserFactory()
    table = table_create(
        user=seated, game="lost_cities", players=2, options={}, visibility="private"
    )
    seat_join(code=table.code, user=other, invited=True)
    table.refresh_from_db()
    if not table.seats.get(user=seated).is_to_move:
        seated, other = other, seated
    suspended = UserFactory()
    moderator = UserFactory(is_staff=True)
    moderator.groups.add(moderators_group())
    admin = UserFactory(is_staff=True, is_superuser=True)
    users = {
        "anonymous": None,
        "stranger": UserFactory(),
        "seated": seated,
        "other": other,
        "suspended": suspended,
        "moderator": moderator,
        "admin": admin,
    }
    return table, users


def client_for(role: str, users: dict) -> Client:
    client = Client()
    user = users[role]
    if user is not None:
        client.force_login(user)
    if role == "suspended":
        # Suspended after logging in: the open session must end at the next request.
        user.suspended_until = timezone.now() + timedelta(days=3)
        user.suspension_reason = "spam"
        user.save()
    return client


def answer(response) -> object:
    if response.status_code == 302 and "/login/" in response["Location"]:
        return LOGIN
    return response.status_code


@pytest.mark.parametrize(("method", "path"), list(MATRIX))
def test_every_route_answers_each_role_as_expected(method, path):
    table, users = make_world()
    got = []
    for role in ROLES:
        client = client_for(role, users)
        url = path.format(code=table.code, seated=users["seated"].username)
        response = getattr(client, method)(url, FORMS.get(path, {}))
        got.append(answer(response))
        CELLS["http"] += 1
    assert got == MATRIX[(method, path)], dict(zip(ROLES, got, strict=True))


def test_the_table_socket_admits_only_the_players():
    table, users = make_world()
    headers = {}
    for role in ROLES:
        client = client_for(role, users)
        cookie = client.cookies.get(settings.SESSION_COOKIE_NAME)
        base = [(b"origin", b"http://testserver")]
        if cookie is not None:
            base.append((b"cookie", f"{settings.SESSION_COOKIE_NAME}={cookie.value}".encode()))
        headers[role] = base

    async def connect(h) -> bool:
        socket = WebsocketCommunicator(application, f"/ws/table/{table.code}/", headers=h)
        connected, _ = await socket.connect(timeout=5)
        if connected:
            await socket.disconnect()
        return connected

    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        got = [pool.submit(asyncio.run, connect(headers[r])).result(30) for r in ROLES]
    CELLS["socket"] += len(ROLES)
    assert got == SOCKET, dict(zip(ROLES, got, strict=True))


def test_the_matrix_covers_every_table_route():
    from lobby.urls import urlpatterns

    table_routes = {
        str(p.pattern).split("/", 2)[-1]
        for p in urlpatterns
        if str(p.pattern).startswith("t/<uuid:code>/")
    }
    covered = {path.split("{code}/", 1)[-1] for _, path in MATRIX if "{code}" in path}
    missing = table_routes - covered - {"", "invite/<str:token>/", "invite-friend"}
    assert not missing, missing
    assert len(MATRIX) * len(ROLES) >= 150


# A move sent over the table socket (lobby.socket_moves), per role whose socket opens: the
# words it is refused with (a draw before playing or discarding is illegal in Lost Cities).
# At a public table spectators' sockets open too; the suspended one is closed at once.
SOCKET_MOVE = {
    "anonymous": "You are not seated at this table.",
    "stranger": "You are not seated at this table.",
    "seated": "First place a card",  # the engine's sentence: a card first, then the draw
    "other": "It is not your turn.",
    "moderator": "You are not seated at this table.",
    "admin": "You are not seated at this table.",
}


def test_a_move_over_the_table_socket_is_refused_in_words_to_all_but_the_mover():
    table, users = make_world()
    Table.objects.filter(id=table.id).update(visibility="public")
    table.refresh_from_db()
    before = (table.version, table.move_count)
    headers = {}
    for role in SOCKET_MOVE:
        client = client_for(role, users)
        cookie = client.cookies.get(settings.SESSION_COOKIE_NAME)
        base = [(b"origin", b"http://testserver")]
        if cookie is not None:
            base.append((b"cookie", f"{settings.SESSION_COOKIE_NAME}={cookie.value}".encode()))
        headers[role] = base
    message = json.dumps({"action": json.dumps({"type": "draw"}), "version": str(table.version)})

    async def move(h) -> str:
        socket = WebsocketCommunicator(application, f"/ws/table/{table.code}/", headers=h)
        connected, _ = await socket.connect(timeout=5)
        assert connected
        await socket.receive_from(timeout=5)
        await socket.send_to(text_data=message)
        answer = await socket.receive_from(timeout=5)
        await socket.disconnect()
        return answer

    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        got = {r: pool.submit(asyncio.run, move(headers[r])).result(30) for r in SOCKET_MOVE}
    CELLS["socket"] += len(SOCKET_MOVE)
    for role, words in SOCKET_MOVE.items():
        assert got[role].startswith(f'<div id="table-{table.code}-board-error"'), role
        assert words in got[role], (role, got[role])
    table.refresh_from_db()
    assert (table.version, table.move_count) == before
