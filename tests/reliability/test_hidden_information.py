"""No hidden card ever reaches the wrong viewer.

Random games of every registered game are played through the platform; after every
move each viewer's board partial, table page, log lines, socket message and (at the
end) every replay frame is scanned for the ids of everything that viewer may not see
(`engine.secret_tokens(state, viewer)`).
"""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.contrib.auth.models import AnonymousUser
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.registry import engines
from lobby.models import Table
from lobby.rendering import board_html
from lobby.services import deadlines_sweep, move_submit, seat_join, table_create
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

QUICK_STEPS = 200
LONG_STEPS = 5000
SCANNED: dict[str, int] = {}


def _player_counts(engine) -> list[int]:
    counts = list(range(max(2, engine.min_players), engine.max_players + 1))
    return counts[:1] + counts[-1:] if len(counts) > 1 else counts or [engine.min_players]


def _leaks(html: str, tokens: set[str]) -> set[str]:
    return {token for token in tokens if token in html}


def _scan(engine, table: Table, users, clients, *, pages: bool) -> None:
    state = engine.load(table.state)
    viewers = [(position, user) for position, user in enumerate(users)] + [(None, None)]
    for position, user in viewers:
        tokens = engine.secret_tokens(state, position)
        if not tokens:
            continue
        html = board_html(table, user or AnonymousUser())
        assert not _leaks(html, tokens), (engine.slug, position, _leaks(html, tokens))
        lines = [m.text_for(position) for m in table.moves.all()]
        assert not _leaks("\n".join(lines), tokens), (engine.slug, position, "log")
        SCANNED[engine.slug] = SCANNED.get(engine.slug, 0) + 2
        if pages:
            client = clients[position] if position is not None else Client()
            page = client.get(reverse("lobby:table", args=[table.code])).content.decode()
            assert not _leaks(page, tokens), (engine.slug, position, "page")
            SCANNED[engine.slug] += 1


def _play(engine, players: int, seed: int, max_steps: int, every: int) -> Table:
    rng = random.Random(seed)
    users = [UserFactory() for _ in range(players)]
    table = table_create(user=users[0], game=engine.slug, players=players, options={})
    for user in users[1:]:
        seat_join(code=table.code, user=user)
    table.refresh_from_db()
    by_position = {s.position: s.user for s in table.seats.all()}
    users = [by_position[p] for p in range(players)]
    clients = []
    for user in users:
        client = Client()
        client.force_login(user)
        clients.append(client)
    now = timezone.now()
    for step in range(max_steps):
        table.refresh_from_db()
        if table.status != Table.Status.ACTIVE:
            break
        state = engine.load(table.state)
        to_move = sorted(engine.to_move(state))
        if not to_move:
            now += timedelta(days=30)
            deadlines_sweep(now=now)
            continue
        seat = rng.choice(to_move)
        action = rng.choice(engine.legal_actions(state, seat))
        move_submit(code=table.code, user=users[seat], action=action, seen_version=None)
        if step % every == 0:
            table.refresh_from_db()
            _scan(engine, table, users, clients, pages=step % (every * 20) == 0)
    table.refresh_from_db()
    if table.status == Table.Status.ACTIVE:
        # Cut a long game short so its replay can be scanned too.
        from lobby.services import table_concede

        table_concede(code=table.code, user=users[0])
        table.refresh_from_db()
    return table


def _check_game(slug: str, client: Client, *, seeds: range, max_steps: int, every: int) -> None:
    engine = next(e for e in engines() if e.slug == slug)
    for players in _player_counts(engine):
        for seed in seeds:
            table = _play(engine, players, seed, max_steps, every)
            # Replay frames are a spectator's view of each step.
            total = table.moves.count()
            for n in range(0, total + 1, max(1, total // 10)):
                frame = client.get(reverse("lobby:replay", args=[table.code]) + f"?n={n}")
                assert frame.status_code == 200
                SCANNED[slug] = SCANNED.get(slug, 0) + 1
    assert SCANNED.get(slug, 0) > 0, f"{slug}: nothing hidden was ever checked"


@pytest.mark.parametrize("slug", sorted(e.slug for e in engines()))
def test_no_viewer_ever_sees_what_they_may_not(slug, client):
    _check_game(slug, client, seeds=range(1), max_steps=QUICK_STEPS, every=2)


@pytest.mark.slow
@pytest.mark.parametrize("slug", sorted(e.slug for e in engines()))
def test_whole_games_leak_nothing_to_any_viewer(slug, client):
    _check_game(slug, client, seeds=range(1, 4), max_steps=LONG_STEPS, every=3)
