"""No hidden card ever reaches the wrong viewer.

Random games of every registered game are played through the platform and scanned for
the ids of everything a viewer may not see (`engine.secret_tokens(state, viewer)`):

- every few moves, each seat's and a spectator's board partial and log lines, and now
  and then their table page; at the end, about ten replay frames (a spectator's view);
- in games played with the table's sockets open (each seat's and an anonymous
  spectator's), every message each socket receives, from the board on connect on.

The "catches" tests prove that the scans can fail: a board rendered for the wrong viewer
must trip them.
"""

from __future__ import annotations

import asyncio
import random
from datetime import timedelta

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from config.asgi import application
from games.registry import engines
from lobby.models import Table
from lobby.rendering import board_html
from lobby.services import (
    deadlines_sweep,
    move_submit,
    replay_states,
    seat_join,
    table_create,
)
from tests.factories import UserFactory
from tests.games.kit import Hidden

pytestmark = pytest.mark.django_db

QUICK_STEPS = 200
LONG_STEPS = 5000
SCANNED: dict[str, int] = {}


def _player_counts(engine) -> list[int]:
    counts = list(range(max(2, engine.min_players), engine.max_players + 1))
    return counts[:1] + counts[-1:] if len(counts) > 1 else counts or [engine.min_players]


def _leaks(html: str, tokens: set[str]) -> set[str]:
    return Hidden.of(tokens).found_in(html)


#: Each table's log as each viewer reads it, so far: (the last move's id, its lines). A scan
#: reads only the moves made since the last scan (the whole log on every scan made a long
#: game quadratic) and still checks every line against what is hidden now.
_LOGS: dict[tuple[str, int | None], tuple[int, list[str]]] = {}


def _log_lines(table: Table, position: int | None) -> list[str]:
    key = (str(table.code), position)
    last, lines = _LOGS.get(key, (0, []))
    for move in table.moves.filter(pk__gt=last).order_by("pk"):
        lines.append(move.text_for(position))
        last = move.pk
    _LOGS[key] = (last, lines)
    return lines


def _scan(engine, table: Table, users, clients, *, pages: bool) -> None:
    state = engine.load(table.state)
    viewers = [(position, user) for position, user in enumerate(users)] + [(None, None)]
    for position, user in viewers:
        tokens = engine.secret_tokens(state, position)
        if not tokens:
            continue
        html = board_html(table, user or AnonymousUser())
        assert not _leaks(html, tokens), (engine.slug, position, _leaks(html, tokens))
        lines = _log_lines(table, position)
        assert not _leaks("\n".join(lines), tokens), (engine.slug, position, "log")
        SCANNED[engine.slug] = SCANNED.get(engine.slug, 0) + 2
        if pages:
            client = clients[position] if position is not None else Client()
            page = client.get(reverse("lobby:table", args=[table.code])).content.decode()
            assert not _leaks(page, tokens), (engine.slug, position, "page")
            SCANNED[engine.slug] += 1


def _seat_players(engine, players: int) -> tuple[Table, list]:
    """Open a public table of the game, fill it, and return it with its users by position."""
    users = [UserFactory() for _ in range(players)]
    table = table_create(user=users[0], game=engine.slug, players=players, options={})
    for user in users[1:]:
        seat_join(code=table.code, user=user)
    table.refresh_from_db()
    by_position = {s.position: s.user for s in table.seats.all()}
    return table, [by_position[p] for p in range(players)]


def _random_step(engine, table: Table, users, rng: random.Random, clock: list) -> bool:
    """Play one random legal action (or let the clock end a phase nobody acts in).

    Return False, doing nothing, once the table is no longer in play.
    """
    table.refresh_from_db()
    if table.status != Table.Status.ACTIVE:
        return False
    state = engine.load(table.state)
    to_move = sorted(engine.to_move(state))
    if not to_move:
        clock[0] += timedelta(days=30)
        deadlines_sweep(now=clock[0])
        return True
    seat = rng.choice(to_move)
    action = rng.choice(engine.legal_actions(state, seat))
    move_submit(code=table.code, user=users[seat], action=action, seen_version=None)
    return True


def _play(engine, players: int, seed: int, max_steps: int, every: int) -> Table:
    rng = random.Random(seed)
    table, users = _seat_players(engine, players)
    clients = []
    for user in users:
        client = Client()
        client.force_login(user)
        clients.append(client)
    clock = [timezone.now()]
    for step in range(max_steps):
        if not _random_step(engine, table, users, rng, clock):
            break
        if step % every == 0:
            table.refresh_from_db()
            _scan(engine, table, users, clients, pages=step % (every * 20) == 0)
    table.refresh_from_db()
    for position in [*range(players), None]:  # the scans read the whole log, line by line
        assert _log_lines(table, position) == [
            m.text_for(position) for m in table.moves.order_by("pk")
        ]
    if table.status == Table.Status.ACTIVE:
        # Cut a long game short so its replay can be scanned too.
        from lobby.services import table_concede

        table_concede(code=table.code, user=users[0])
        table.refresh_from_db()
    return table


def _check_game(
    slug: str,
    client: Client,
    *,
    seeds: range,
    max_steps: int,
    every: int,
    players_only: int | None = None,
) -> None:
    engine = next(e for e in engines() if e.slug == slug)
    counts = _player_counts(engine) if players_only is None else [players_only]
    for players in counts:
        for seed in seeds:
            table = _play(engine, players, seed, max_steps, every)
            _scan_replay(engine, table, client)
    assert SCANNED.get(slug, 0) > 0, f"{slug}: nothing hidden was ever checked"


def _scan_replay(engine, table: Table, client: Client) -> None:
    """Scan about ten replay frames, each a spectator's view of the game at that step."""
    states = replay_states(engine=engine, table=table)
    total = len(states) - 1
    for n in range(0, total + 1, max(1, total // 10)):
        frame = client.get(reverse("lobby:replay", args=[table.code]) + f"?n={n}")
        assert frame.status_code == 200
        tokens = engine.secret_tokens(states[n], None)
        leaked = _leaks(frame.content.decode(), tokens)
        assert not leaked, f"{engine.slug}: replay frame {n} shows hidden {sorted(leaked)}"
        SCANNED[engine.slug] = SCANNED.get(engine.slug, 0) + bool(tokens)


@pytest.mark.long
@pytest.mark.parametrize("slug", sorted(e.slug for e in engines()))
def test_no_viewer_ever_sees_what_they_may_not(slug, client):
    _check_game(slug, client, seeds=range(1), max_steps=QUICK_STEPS, every=2)


#: The soaks' items, one per game and player count, so that both cores share the long ones.
SOAK_ITEMS = [
    (engine.slug, players)
    for engine in sorted(engines(), key=lambda e: e.slug)
    for players in _player_counts(engine)
]


@pytest.mark.slow
@pytest.mark.long
@pytest.mark.parametrize(("slug", "players"), SOAK_ITEMS)
def test_whole_games_leak_nothing_to_any_viewer(slug, players, client):
    _check_game(
        slug, client, seeds=range(1, 4), max_steps=LONG_STEPS, every=3, players_only=players
    )


def test_the_replay_scan_catches_a_frame_that_shows_a_hand(client, monkeypatch):
    """A replay that draws the first seat's view instead of a spectator's fails the scan."""
    from lobby import views

    engine = next(e for e in engines() if e.slug == "lost_cities")
    table = _play(engine, 2, 0, 6, every=1000)

    class FirstSeatsEyes:
        def __getattr__(self, name):
            return getattr(engine, name)

        def view(self, state, seat):
            return engine.view(state, 0 if seat is None else seat)

    monkeypatch.setattr(views, "get_engine", lambda slug: FirstSeatsEyes())
    with pytest.raises(AssertionError, match="shows hidden"):
        _scan_replay(engine, table, client)


# Sockets: every message each seat's socket and a spectator's receive during a game.

SOCKET_STEPS = 24
SOCKET_LONG_STEPS = 200
SPECTATOR = [(b"origin", b"http://testserver")]


def _socket_headers(user) -> list[tuple[bytes, bytes]]:
    client = Client()
    client.force_login(user)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    return [
        (b"cookie", f"{settings.SESSION_COOKIE_NAME}={cookie}".encode()),
        (b"origin", b"http://testserver"),
        (b"host", b"testserver"),
    ]


def _secrets(engine, table: Table, positions) -> dict[int | None, set[str]]:
    table.refresh_from_db()
    state = engine.load(table.state)
    return {position: engine.secret_tokens(state, position) for position in positions}


def _play_watched(engine, players: int, seed: int, max_steps: int, rings: list) -> int:
    """Play a random game with every seat's socket and a spectator's open; scan each message.

    `rings` grows by one for every doorbell the table's sockets get; after each step every
    socket must receive exactly that many boards, each scanned against the state the step
    left (renders run after it, so none shows an earlier one). Return the messages scanned.
    """
    rng = random.Random(seed)
    table, users = _seat_players(engine, players)
    headers = {position: _socket_headers(user) for position, user in enumerate(users)}
    headers[None] = SPECTATOR
    clock = [timezone.now()]
    scanned = 0

    async def scenario() -> None:
        nonlocal scanned
        sockets = {}
        try:
            for position, header in headers.items():
                socket = WebsocketCommunicator(
                    application, f"/ws/table/{table.code}/", headers=header
                )
                connected, _ = await socket.connect(timeout=10)
                assert connected, (engine.slug, position)
                sockets[position] = socket
            expected = 1  # the board on connect
            for step in range(max_steps + 1):
                secrets = await sync_to_async(_secrets)(engine, table, list(sockets))
                for position, socket in sockets.items():
                    for _ in range(expected):
                        html = await socket.receive_from(timeout=30)
                        leaked = _leaks(html, secrets[position])
                        assert not leaked, (
                            f"{engine.slug}: the socket of viewer {position} received hidden "
                            f"{sorted(leaked)}"
                        )
                        scanned += bool(secrets[position])
                before = len(rings)
                if step == max_steps or not await sync_to_async(_random_step)(
                    engine, table, users, rng, clock
                ):
                    break
                expected = len(rings) - before
            # Nothing arrived that was not scanned.
            for position, socket in sockets.items():
                assert await socket.receive_nothing(timeout=0.1), (engine.slug, position)
        finally:
            for socket in sockets.values():
                await socket.disconnect()

    asyncio.run(scenario())
    return scanned


@pytest.fixture
def rings(monkeypatch) -> list:
    """Count the doorbells rung for tables' sockets (the board pushes that follow)."""
    from lobby.services import notify

    rung: list = []
    real = notify.group_send

    def counted(group: str, message: dict) -> None:
        if message.get("type") == "table.updated":
            rung.append(group)
        real(group, message)

    monkeypatch.setattr(notify, "group_send", counted)
    real_many = notify.group_send_many

    def counted_many(sends: list) -> None:
        rung.extend(group for group, message in sends if message.get("type") == "table.updated")
        real_many(sends)

    monkeypatch.setattr(notify, "group_send_many", counted_many)
    return rung


def _check_sockets(slug: str, rings: list, *, counts, seeds: range, max_steps: int) -> None:
    engine = next(e for e in engines() if e.slug == slug)
    scanned = 0
    for players in counts(engine):
        for seed in seeds:
            scanned += _play_watched(engine, players, seed, max_steps, rings)
    assert scanned > 0, f"{slug}: no socket message had anything to hide"


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("slug", sorted(e.slug for e in engines()))
def test_no_socket_ever_shows_its_viewer_what_they_may_not(slug, rings):
    _check_sockets(
        slug, rings, counts=lambda e: _player_counts(e)[:1], seeds=range(1), max_steps=SOCKET_STEPS
    )


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("slug", "players"), SOAK_ITEMS)
def test_whole_games_push_nothing_hidden_to_any_socket(slug, players, rings):
    _check_sockets(
        slug, rings, counts=lambda e: [players], seeds=range(1, 2), max_steps=SOCKET_LONG_STEPS
    )


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("where", ["on connect", "on a push"])
def test_the_socket_scan_catches_a_board_rendered_for_the_wrong_viewer(where, rings, monkeypatch):
    """A consumer that sends every socket the first seat's board fails the scan."""
    from lobby import pushes

    real = pushes.board_for

    async def first_seats_board(code, version, user, *args):
        if (version is None) == (where == "on connect"):
            shot = await pushes.snapshot(code, version)
            user = await sync_to_async(lambda: shot.table.seats.get(position=0).user)()
        return await real(code, version, user, *args)

    monkeypatch.setattr(pushes, "board_for", first_seats_board)
    engine = next(e for e in engines() if e.slug == "lost_cities")
    with pytest.raises(AssertionError, match="received hidden"):
        _play_watched(engine, 2, 0, 4, rings)
