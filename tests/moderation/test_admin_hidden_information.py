"""Moderators never see a running game's hidden information in the admin.

A real game of every registered game is started and played a few moves. Every admin
page a moderator can reach (index, each change list, searches, the table's, moves',
chat's change and history pages, the action forms) is scanned for the game's secrets:
`engine.secret_tokens(state, None)`, opaque encodings in the stored state (Mondo's
pool), the seed and each seat's own log lines. The superuser's copy of the same pages
must hold them, which shows that the scan can fail. Once the game is conceded, the
moderator sees the state too.
"""

from __future__ import annotations

import html
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib import admin
from django.test import Client
from django.urls import reverse

from games.registry import engines, get_engine
from games.words import say
from lobby.models import ChatMessage, Move, Table
from lobby.services import move_submit, seat_join, table_concede, table_create
from lobby.services.chat import chat_post
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

MOVES = 6
# An opaque encoding of hidden things in a stored state (Mondo keeps its pool as hex).
OPAQUE = re.compile(r"[0-9a-f]{24,}")
SCANNED: dict[str, int] = {}


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def _spelled(texts: set[str]) -> set[str]:
    """Return each text as it may appear in a page: as it is, or HTML-escaped."""
    return texts | {html.escape(text) for text in texts}


def _leaves(data: Any) -> set[str]:
    """Return the strings a stored sentence holds (message ids and plain arguments)."""
    if isinstance(data, dict):
        return {leaf for value in data.values() for leaf in _leaves(value)}
    if isinstance(data, list):
        return {leaf for value in data for leaf in _leaves(value)}
    return {data} if isinstance(data, str) and len(data) > 2 else set()


def _secrets(table: Table) -> dict[str, set[str]]:
    """Return what a moderator may not see of `table` while it runs, by kind."""
    engine = get_engine(table.game)
    state = engine.load(table.state)
    private, words, public_words = set(), set(), set()
    for move in table.moves.all():
        public = move.texts.get("spectator")
        public_words |= _leaves(public)
        for key, text in move.texts.items():
            if key == "spectator" or text == public:
                continue
            # The line as read, and the words its stored data holds that no public line has.
            private.add(say(text))
            words |= _leaves(text)
    private |= words - public_words
    return {
        "state": engine.secret_tokens(state, None)
        | {run for text in _strings(table.state) for run in OPAQUE.findall(text)},
        "seed": {str(table.seed)},
        "private log": _spelled(private),
    }


def _found(page: str, secrets: dict[str, set[str]]) -> dict[str, set[str]]:
    found = {kind: {s for s in texts if s in page} for kind, texts in secrets.items()}
    return {kind: texts for kind, texts in found.items() if texts}


def _game(slug: str, rng: random.Random) -> tuple[Table, list[Any]]:
    """Start a two-player game of `slug`, play a few moves and chat once."""
    engine = get_engine(slug)
    users = [UserFactory(), UserFactory()]
    table = table_create(user=users[0], game=slug, players=2, options={})
    seat_join(code=table.code, user=users[1])
    table.refresh_from_db()
    by_position = {seat.position: seat.user for seat in table.seats.all()}
    for _ in range(MOVES):
        state = engine.load(table.state)
        to_move = sorted(engine.to_move(state))
        if not to_move:
            break
        seat = rng.choice(to_move)
        action = rng.choice(engine.legal_actions(state, seat))
        move_submit(code=table.code, user=by_position[seat], action=action, seen_version=None)
        table.refresh_from_db()
    chat_post(code=table.code, user=users[0], text="good luck")
    assert table.status == Table.Status.ACTIVE
    assert table.moves.exists()
    return table, [by_position[p] for p in sorted(by_position)]


def _changelists() -> list[str]:
    return [
        f"admin:{model._meta.app_label}_{model._meta.model_name}_changelist"
        for model in admin.site._registry
    ]


def _pages(client: Client, table: Table, players: list[Any]) -> Iterator[tuple[str, Any]]:
    """Fetch every admin page about `table` and the site that staff may open."""
    yield "index", client.get(reverse("admin:index"))
    for app in ("lobby", "accounts", "ladder"):
        yield f"app {app}", client.get(reverse("admin:app_list", args=[app]))
    searches = ["", str(table.code), players[0].username]
    for name in _changelists():
        for q in searches:
            yield f"{name}?q={q}", client.get(reverse(name), {"q": q} if q else {})
    yield (
        "moves of the table",
        client.get(reverse("admin:lobby_move_changelist"), {"table__id__exact": table.id}),
    )
    for view in ("change", "history", "delete"):
        yield f"table {view}", client.get(reverse(f"admin:lobby_table_{view}", args=[table.id]))
    for move in table.moves.all():
        for view in ("change", "history"):
            yield (
                f"move {move.n} {view}",
                client.get(reverse(f"admin:lobby_move_{view}", args=[move.id])),
            )
    for message in ChatMessage.objects.filter(table=table):
        for view in ("change", "history"):
            url = reverse(f"admin:lobby_chatmessage_{view}", args=[message.id])
            yield f"chat {view}", client.get(url)
    for action in ("abort", "remove_player"):
        data = {"action": action, "index": "0", "_selected_action": [str(table.id)]}
        yield f"action {action}", client.post(reverse("admin:lobby_table_changelist"), data)


def _scan(
    client: Client, table: Table, players: list[Any], secrets: dict[str, set[str]]
) -> dict[str, Any]:
    """Return {page: what of `secrets` it shows} and count the pages read."""
    leaks: dict[str, Any] = {}
    for where, response in _pages(client, table, players):
        assert response.status_code in (200, 403), (where, response.status_code)
        if response.status_code == 200:
            SCANNED[table.game] = SCANNED.get(table.game, 0) + 1
        found = _found(response.content.decode(), secrets)
        if found:
            leaks[where] = found
    return leaks


@pytest.fixture
def superuser(db):
    return UserFactory(username="root", is_staff=True, is_superuser=True)


@pytest.mark.parametrize("slug", sorted(e.slug for e in engines()))
def test_a_moderator_sees_no_secret_of_a_running_game(slug, request, mod_client, superuser):
    """No admin page shows a moderator the state, seed, actions or private log lines."""
    table, players = _game(slug, random.Random(request.node.nodeid))
    secrets = _secrets(table)
    SCANNED[slug] = 0
    assert _scan(mod_client, table, players, secrets) == {}
    moderator_pages = SCANNED[slug]
    assert moderator_pages >= 40, moderator_pages
    page = mod_client.get(reverse("admin:lobby_table_change", args=[table.id])).content.decode()
    assert "Hidden until the game is over." in page

    # The same pages as a superuser show every kind of secret: the scan can fail.
    root = Client()
    root.force_login(superuser)
    shown = _scan(root, table, players, secrets)
    kinds = {kind for found in shown.values() for kind in found}
    expected = {kind for kind, texts in secrets.items() if texts}
    assert kinds == expected, (kinds, expected)
    print(f"{slug}: {moderator_pages} admin pages scanned as a moderator; {sorted(expected)}")


@pytest.mark.parametrize("slug", sorted(e.slug for e in engines()))
def test_a_moderator_sees_everything_once_the_game_is_over(slug, request, mod_client):
    """After a concession the state, seed, actions and private log lines are shown."""
    table, players = _game(slug, random.Random(request.node.nodeid))
    secrets = _secrets(table)
    table_concede(code=table.code, user=players[0])
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    page = mod_client.get(reverse("admin:lobby_table_change", args=[table.id])).content.decode()
    assert _found(page, {"state": secrets["state"]})
    assert str(table.seed) in page
    move = table.moves.order_by("n").first()
    assert move is not None
    page = mod_client.get(reverse("admin:lobby_move_change", args=[move.id])).content.decode()
    assert html.escape(str(move.action["type"])) in page
    pages = "".join(
        mod_client.get(reverse("admin:lobby_move_change", args=[m.id])).content.decode()
        for m in table.moves.all()
    )
    if secrets["private log"]:
        assert _found(pages, {"log": secrets["private log"]})


def test_a_moderator_cannot_filter_on_hidden_fields(mod_client, superuser):
    """Filters on the seed, state, actions or log lines answer only superusers."""
    table, _players = _game("lost_cities", random.Random(1))
    root = Client()
    root.force_login(superuser)
    move = table.moves.order_by("n").first()
    assert move is not None
    probes = [
        ("admin:lobby_table_changelist", {"seed": str(table.seed)}),
        ("admin:lobby_table_changelist", {"seed__lt": str(table.seed + 1)}),
        ("admin:lobby_table_changelist", {"state__icontains": "LC-"}),
        ("admin:lobby_table_changelist", {"state__deck__0": "LC-B10"}),
        ("admin:lobby_move_changelist", {"action__icontains": "draw"}),
        ("admin:lobby_move_changelist", {"texts__icontains": "drew"}),
    ]
    for name, params in probes:
        assert mod_client.get(reverse(name), params).status_code == 400, params
        assert root.get(reverse(name), params).status_code == 200, params
    # Through a relation, Django's own check refuses everyone.
    for name in ("lobby_chatmessage", "lobby_move", "accounts_moderationlog", "accounts_report"):
        params = {"table__seed": str(table.seed)}
        assert mod_client.get(reverse(f"admin:{name}_changelist"), params).status_code == 400
    # The superuser's seed filter does find the table: it is an oracle worth closing.
    found = root.get(reverse("admin:lobby_table_changelist"), {"seed": str(table.seed)})
    assert list(found.context["cl"].result_list) == [table]


def test_searching_for_the_seed_or_a_hidden_card_finds_nothing(mod_client):
    """The search box is no oracle: the seed and hidden card ids match no row."""
    table, _players = _game("lost_cities", random.Random(3))
    hidden = sorted(_secrets(table)["state"])
    for name in _changelists():
        for q in (str(table.seed), str(table.seed)[:6], hidden[0], hidden[-1]):
            response = mod_client.get(reverse(name), {"q": q})
            if response.status_code == 403:
                continue
            assert response.status_code == 200, (name, q)
            assert response.context["cl"].result_count == 0, (name, q)


def test_a_moderator_reads_a_running_game_s_moves_as_a_spectator(mod_client):
    """The move list shows a spectator's log line instead of the action."""
    table, _players = _game("lost_cities", random.Random(2))
    page = mod_client.get(reverse("admin:lobby_move_changelist"), {"q": str(table.code)})
    text = page.content.decode()
    for move in Move.objects.filter(table=table):
        assert html.escape(move.spectator_text) in text
