"""The tournament sockets: the list page and a tournament's page follow every change live."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client

from config.asgi import application
from tests.factories import UserFactory
from tests.tournaments.helpers import open_tournament
from tournaments.models import Entry, Tournament
from tournaments.services import entry_join

pytestmark = pytest.mark.django_db(transaction=True)

ORIGIN = (b"origin", b"http://testserver")
#: Enough messages for one change to ring the page more than once (a join that fills
#: the tournament rings once for the join and once for the start it sets off).
MOST = 6


async def _until(socket: WebsocketCommunicator, found: Callable[[str], bool]) -> str:
    """Return the first message that satisfies `found`, reading at most MOST of them."""
    seen = []
    for _ in range(MOST):
        html = await socket.receive_from(timeout=5)
        if found(html):
            return html
        seen.append(html[:200])
    raise AssertionError(f"no such message among {seen}")


def _row(html: str, section: str, name: str) -> str:
    """Return the text of the row of `name` in the pushed `section` ('' if it is not there)."""
    part = re.search(rf'<section class="card" id="{section}"[^>]*>(.*?)</section>', html, re.S)
    assert part is not None, html[:300]
    row = re.search(rf"<tr>\s*<td><a [^>]*>{name}</a>.*?</tr>", part.group(1), re.S)
    return re.sub(r"<[^>]+>|\s+", " ", row.group(0)) if row else ""


def test_an_open_list_page_follows_a_tournament_from_its_making_to_its_end():
    host = UserFactory(username="host")
    users = [UserFactory(username=f"p{i}") for i in range(1, 5)]

    async def watch() -> dict[str, str]:
        everything = WebsocketCommunicator(application, "/ws/tournaments/", headers=[ORIGIN])
        reworld = WebsocketCommunicator(
            application, "/ws/tournaments/?game=reworld", headers=[ORIGIN]
        )
        for socket in (everything, reworld):
            connected, _ = await socket.connect(timeout=5)
            assert connected
        seen: dict[str, str] = {}
        made = await database_sync_to_async(open_tournament)(
            host, name="Night cup", rounds=1, min_players=4, max_players=4
        )
        html = await _until(everything, lambda h: "Night cup" in h)
        assert 'id="upcoming" hx-swap-oob="true"' in html
        seen["made"] = _row(html, "upcoming", "Night cup")
        # The other page shows Reworld's tournaments only: the push leaves this one out.
        assert "Night cup" not in await reworld.receive_from(timeout=5)

        await database_sync_to_async(entry_join)(code=made.code, user=users[0])
        html = await _until(everything, lambda h: "1/4" in _row(h, "upcoming", "Night cup"))
        seen["one"] = _row(html, "upcoming", "Night cup")
        for user in users[1:]:  # the fourth fills it: it starts at once
            await database_sync_to_async(entry_join)(code=made.code, user=user)
        html = await _until(everything, lambda h: _row(h, "running", "Night cup") != "")
        seen["running"] = _row(html, "running", "Night cup")
        assert _row(html, "upcoming", "Night cup") == ""

        await database_sync_to_async(_end_every_game)(made.code)
        html = await _until(everything, lambda h: _row(h, "finished", "Night cup") != "")
        seen["finished"] = _row(html, "finished", "Night cup")
        assert _row(html, "running", "Night cup") == ""
        await everything.disconnect()
        await reworld.disconnect()
        return seen

    seen = async_to_sync(watch)()
    assert "0/4" in seen["made"] and "Registration open" in seen["made"]
    assert "1/4" in seen["one"]
    assert "4/4" in seen["running"] and "round 1 of 1" in seen["running"]
    winner = Tournament.objects.get().winner
    assert f"Winner: {winner.username}" in seen["finished"]


def _end_every_game(code: Any) -> None:
    from tests.tournaments.helpers import end_game, run_due, tables_of_round

    tournament = Tournament.objects.get(code=code)
    for table in tables_of_round(tournament, 1):
        end_game(table)
    run_due(tournament)


def _signed_in(user: Any, url: str) -> tuple[Client, list[tuple[bytes, bytes]]]:
    """Return a client that showed `url` to `user`, and its cookies as socket headers."""
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    assert client.get(url).status_code == 200
    cookies = "; ".join(
        f"{name}={client.cookies[name].value}"
        for name in (settings.SESSION_COOKIE_NAME, settings.CSRF_COOKIE_NAME)
    )
    return client, [ORIGIN, (b"cookie", cookies.encode())]


def test_the_leave_button_comes_live_when_the_tournament_starts_and_it_works():
    host = UserFactory(username="host")
    ann, ben = UserFactory(username="ann"), UserFactory(username="ben")
    tournament = open_tournament(host, rounds=1, max_players=2)
    entry_join(code=tournament.code, user=ann)
    client, headers = _signed_in(ann, tournament.get_absolute_url())
    actions = f'id="tournament-{tournament.code}-actions"'

    async def watch() -> str:
        socket = WebsocketCommunicator(
            application, f"/ws/tournament/{tournament.code}/", headers=headers
        )
        connected, _ = await socket.connect(timeout=5)
        assert connected
        await database_sync_to_async(entry_join)(code=tournament.code, user=ben)  # full: starts
        html = await _until(socket, lambda h: 'data-status="running"' in h)
        await socket.disconnect()
        return html

    html = async_to_sync(watch)()
    # Ann's own buttons come with the live region: she may drop out now.
    assert f'<div {actions} class="tournament-actions" hx-swap-oob="true">' in html
    buttons = html[html.index(actions) :]
    assert "Leave the tournament" in buttons and "Drop out of the tournament?" in buttons
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', buttons)
    assert token is not None
    # The pushed form is a working form: its token passes the CSRF check.
    answer = client.post(
        f"/tournaments/{tournament.code}/leave", {"csrfmiddlewaretoken": token.group(1)}
    )
    assert answer.status_code == 302
    assert Entry.objects.get(user=ann).dropped


def test_a_spectator_signed_in_gets_no_buttons_after_the_start():
    host = UserFactory(username="host")
    ann, ben, eve = (UserFactory(username=n) for n in ("ann", "ben", "eve"))
    tournament = open_tournament(host, rounds=1, max_players=2)
    entry_join(code=tournament.code, user=ann)
    _client, headers = _signed_in(eve, tournament.get_absolute_url())

    async def watch(socket_headers: list[tuple[bytes, bytes]]) -> str:
        socket = WebsocketCommunicator(
            application, f"/ws/tournament/{tournament.code}/", headers=socket_headers
        )
        connected, _ = await socket.connect(timeout=5)
        assert connected
        await database_sync_to_async(entry_join)(code=tournament.code, user=ben)
        html = await _until(socket, lambda h: 'data-status="running"' in h)
        await socket.disconnect()
        return html

    html = async_to_sync(watch)(headers)
    actions = html[html.index(f'id="tournament-{tournament.code}-actions"') :]
    assert "<form" not in actions and "Log in" not in actions


def test_the_pushed_join_button_keeps_the_invite_the_page_came_with():
    host, bob = UserFactory(username="host"), UserFactory(username="bob")
    tournament = open_tournament(host, invite_only=True)
    token = tournament.invite_token
    _client, headers = _signed_in(bob, f"{tournament.get_absolute_url()}?invite={token}")

    others = iter([UserFactory(username="cal"), UserFactory(username="dee")])

    async def watch(query: str) -> str:
        socket = WebsocketCommunicator(
            application, f"/ws/tournament/{tournament.code}/{query}", headers=headers
        )
        connected, _ = await socket.connect(timeout=5)
        assert connected
        await database_sync_to_async(entry_join)(
            code=tournament.code, user=next(others), token=token
        )
        html = await _until(socket, lambda h: "Join the tournament" in h)
        await socket.disconnect()
        return html

    invited = async_to_sync(watch)(f"?invite={token}")
    assert f'<input type="hidden" name="invite" value="{token}">' in invited
    assert "-invite" not in invited  # the organiser's invite link stays while it is open
    guessed = async_to_sync(watch)("?invite=guess")
    assert 'name="invite"' not in guessed


def test_the_organisers_invite_link_goes_live_when_registration_closes():
    host = UserFactory(username="host")
    tournament = open_tournament(host, invite_only=True, max_players=2, rounds=1)
    client, headers = _signed_in(host, tournament.get_absolute_url())
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert f'id="tournament-{tournament.code}-invite"' in page and tournament.invite_token in page
    joiners = [UserFactory(username="ann"), UserFactory(username="ben")]

    async def watch() -> str:
        socket = WebsocketCommunicator(
            application, f"/ws/tournament/{tournament.code}/", headers=headers
        )
        connected, _ = await socket.connect(timeout=5)
        assert connected
        for user in joiners:  # the second fills it: it starts
            await database_sync_to_async(entry_join)(
                code=tournament.code, user=user, token=tournament.invite_token
            )
        html = await _until(socket, lambda h: 'data-status="running"' in h)
        await socket.disconnect()
        return html

    html = async_to_sync(watch)()
    gone = f'<p id="tournament-{tournament.code}-invite" hx-swap-oob="true" hidden></p>'
    assert gone in html and tournament.invite_token not in html
