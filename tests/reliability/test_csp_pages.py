"""No page carries script the content security policy would block.

The policy is `script-src 'self'`: a `<script>` without `src`, an `on…=` event handler
attribute, or a `javascript:` URL does not run; it logs an error instead (and whatever
it was meant to do silently does not happen: a confirmation that never asks). Every
page a visitor, a player, a spectator and a superuser can reach is rendered with the
test client, tables of every game in the middle of play included, and scanned with an
HTML parser. Confirmations are our own `data-confirm` (static/js/confirm.js), never
htmx's `hx-confirm`, so a move asks once, not twice.
"""

from __future__ import annotations

import random
from html.parser import HTMLParser

import pytest
from django.test import Client
from django.urls import reverse

from games.registry import engines, get_engine
from lobby.models import Table
from lobby.services import move_submit, seat_join, table_concede, table_create
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


class ScriptScan(HTMLParser):
    """Collect every inline script, event handler attribute and javascript: URL."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.problems: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        names = {name for name, _ in attrs}
        if tag == "script" and "src" not in names:
            self.problems.append(f"inline <script> at line {self.getpos()[0]}")
        for name, value in attrs:
            where = f"<{tag} {name}=…> at line {self.getpos()[0]}"
            if name.startswith("on") or name.startswith("hx-on"):
                self.problems.append(f"event handler attribute {where}")
            elif name == "hx-confirm":
                self.problems.append(f"hx-confirm instead of data-confirm {where}")
            elif (value or "").strip().lower().startswith("javascript:"):
                self.problems.append(f"javascript: URL {where}")


def problems(html: str) -> list[str]:
    scan = ScriptScan()
    scan.feed(html)
    scan.close()
    return scan.problems


def test_the_scan_finds_what_it_must():
    """Each kind of inline script is caught; scripts from files and data-* are not."""
    assert problems('<button onclick="return confirm(1)">x</button>')
    assert problems('<body onLoad="x()">')  # the parser lowers attribute names
    assert problems("<script>alert(1)</script>")
    assert problems('<a href=" JavaScript:alert(1)">x</a>')
    assert problems('<form hx-confirm="Sure?"></form>')
    assert problems('<div hx-on:click="x()"></div>')
    assert not problems('<script src="/static/js/confirm.js" defer></script>')
    assert not problems('<button data-confirm="Pass?" data-one="1">Pass</button>')


def _logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _mid_game(slug: str, rng: random.Random) -> tuple[Table, list]:
    """Return a table of the game in play, a few moves in, and its players by seat.

    Terraforming Mars is played on until the player to move may pass for the
    generation (the button whose confirmation used to be an inline handler).
    """
    engine = get_engine(slug)
    players = max(2, engine.min_players)
    users = [UserFactory() for _ in range(players)]
    table = table_create(user=users[0], game=slug, players=players, options={})
    for user in users[1:]:
        seat_join(code=table.code, user=user)
    table.refresh_from_db()
    by_position = {s.position: s.user for s in table.seats.all()}
    for step in range(600):
        table.refresh_from_db()
        state = engine.load(table.state)
        to_move = sorted(engine.to_move(state))
        if table.status != Table.Status.ACTIVE or not to_move:
            break
        seat = to_move[0]
        if slug != "terraforming_mars" and step >= 6:
            break
        if slug == "terraforming_mars" and (engine.view(state, seat).get("main") or {}).get("pass"):
            break
        legal = engine.legal_actions(state, seat)
        # Never pass on purpose: the game should reach the action phase and stay there.
        choices = [a for a in legal if a["type"] != "pass"] or legal
        move_submit(
            code=table.code, user=by_position[seat], action=rng.choice(choices), seen_version=None
        )
    table.refresh_from_db()
    assert table.status == Table.Status.ACTIVE, slug
    return table, [by_position[p] for p in sorted(by_position)]


def test_no_page_carries_an_inline_script_or_event_handler(settings):
    settings.SECURE_SSL_REDIRECT = False
    rng = random.Random(7)
    player = UserFactory(username="player")
    watcher = UserFactory(username="watcher")
    admin = UserFactory(username="root", is_staff=True, is_superuser=True)
    player_client, watcher_client = _logged_in(player), _logged_in(watcher)
    anonymous = Client()
    slugs = sorted(e.slug for e in engines())

    pages: list[tuple[str, Client, str]] = []
    for slug in slugs:
        table, users = _mid_game(slug, rng)
        url = reverse("lobby:table", args=[table.code])
        for who, user in enumerate(users):
            pages.append((f"{slug} table, seat {who}", _logged_in(user), url))
        pages.append((f"{slug} table, spectator", watcher_client, url))
        pages.append((f"{slug} table, anonymous", anonymous, url))
        pages.append((f"{slug} game", anonymous, reverse("lobby:game", args=[slug])))
        pages.append((f"{slug} new table", player_client, reverse("lobby:table-new", args=[slug])))
        pages.append((f"{slug} ladder", anonymous, reverse("ladder:detail", args=[slug])))

    # A finished game, replayed by a player and by a spectator.
    finished, users = _mid_game("lost_cities", rng)
    table_concede(code=finished.code, user=users[0])
    replay = reverse("lobby:replay", args=[finished.code])
    pages += [
        ("replay, player", _logged_in(users[1]), replay),
        ("replay, spectator", watcher_client, replay),
        ("finished table", _logged_in(users[1]), reverse("lobby:table", args=[finished.code])),
    ]
    # A player who turned every alert and "confirm every move" on.
    eager = UserFactory(username="eager", turn_sound=True, turn_notifications=True)
    eager.confirm_moves = True
    eager.save()
    pages.append(("preferences, all alerts on", _logged_in(eager), "/accounts/preferences/"))

    for name, url in [
        ("home", reverse("home")),
        ("games", reverse("lobby:games")),
        ("open tables", reverse("lobby:tables")),
        ("my games", reverse("lobby:mine")),
        ("profile", reverse("accounts:profile", args=["player"])),
        ("another's profile", reverse("accounts:profile", args=["watcher"])),
        ("preferences", reverse("accounts:preferences")),
        ("notifications", reverse("accounts:notifications")),
        ("password change", reverse("accounts:password_change")),
        ("ladders", reverse("ladder:list")),
        ("not found", "/no-such-page/"),
    ]:
        pages.append((name, player_client, url))
    for name, url in [
        ("home, anonymous", reverse("home")),
        ("sign-up", reverse("accounts:signup")),
        ("log-in", reverse("accounts:login")),
        ("password reset", reverse("accounts:password_reset")),
        ("password reset sent", reverse("accounts:password_reset_done")),
    ]:
        pages.append((name, anonymous, url))
    admin_client = _logged_in(admin)
    pages += [
        ("admin index", admin_client, reverse("admin:index")),
        ("admin tables", admin_client, reverse("admin:lobby_table_changelist")),
        ("admin users", admin_client, reverse("admin:accounts_user_changelist")),
    ]

    found: dict[str, list[str]] = {}
    bodies: dict[str, str] = {}
    for name, client, url in pages:
        response = client.get(url)
        assert response.status_code in (200, 404), (name, url, response.status_code)
        html = response.content.decode()
        bodies[name] = html
        if problems(html):
            found[name] = problems(html)
    assert found == {}
    # The scan saw what it had to: the pass button, an active player's own board, and
    # the move confirmation of a player who turned it on.
    assert "tm-pass" in "".join(v for k, v in bodies.items() if k.startswith("terraforming"))
    assert 'data-confirm-moves="' in bodies["preferences, all alerts on"]
    assert len(pages) > 40
