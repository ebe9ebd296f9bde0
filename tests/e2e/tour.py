"""A realistic small site, built through the services, and the list of every page on it.

`site_build()` makes three players (`ana` and `bo` play, `mod` is staff), a finished rated
Lost Cities game between ana and bo (ratings, end notices, chat, a replay), and one table of
each registered game in the middle of play, with ana to move and bo on vacation.
`tour_pages(site)` then names every page a visitor can open, logged out and logged in, each
with the name its screenshot gets.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from django.urls import reverse

from games.registry import engines, get_engine
from lobby.models import Table
from lobby.services import move_submit, seat_join, table_create
from lobby.services.chat import chat_post

#: How many moves each mid-game table gets before the tour (then on to ana's turn).
MOVES_MID_GAME = 10


@dataclass
class Site:
    ana: Any
    bo: Any
    mod: Any
    finished: Table
    #: Waiting for players: a public table bo opened, a private one ana opened.
    open_public: Table
    open_private: Table
    boards: dict[str, Table] = field(default_factory=dict)
    #: A Swiss tournament ana opened, bo registered, open for registration.
    tournament: Any = None


def _user(username: str, **extra: Any) -> Any:
    from accounts.models import User

    user = User.objects.create_user(
        username=username, email=f"{username}@example.com", password="tour-passphrase-1", **extra
    )
    return user


def _play(
    table: Table, users: list[Any], rng: random.Random, moves: int, *, stop_at: int | None
) -> Table:
    """Play random legal moves through move_submit; stop once `stop_at` is to move after `moves`."""
    engine = get_engine(table.game)
    for n in range(moves + 200):
        table.refresh_from_db()
        if table.status != Table.Status.ACTIVE:
            break
        state = engine.load(table.state)
        to_move = sorted(engine.to_move(state))
        if n >= moves and stop_at is not None and stop_at in to_move:
            break
        # Among several seats to move (a simultaneous game), the others play first.
        seat = next((s for s in to_move if s != stop_at), to_move[0])
        actions = engine.legal_actions(state, seat)
        # Never end the game early: a mid-game table keeps moves that do not finish it.
        rng.shuffle(actions)
        for action in actions:
            if stop_at is None or not engine.is_over(engine.apply(state, seat, action)):
                break
        move_submit(code=table.code, user=users[seat], action=action, seen_version=table.version)
    table.refresh_from_db()
    return table


def site_build(seed: int = 21) -> Site:
    rng = random.Random(seed)
    ana, bo = _user("ana"), _user("bo")
    mod = _user("mod", is_staff=True, is_superuser=True)
    finished = table_create(user=ana, game="lost_cities", players=2, options={"rounds": 1})
    seat_join(code=finished.code, user=bo)
    chat_post(code=finished.code, user=ana, text="Good luck!")
    chat_post(code=finished.code, user=bo, text="You too, have fun.")
    finished = _play(finished, [ana, bo], rng, 10_000, stop_at=None)
    assert finished.status == Table.Status.FINISHED, finished.status
    open_public = table_create(user=bo, game="relative_space", players=3, options={})
    open_private = table_create(
        user=ana, game="reworld", players=2, options={}, visibility=Table.Visibility.PRIVATE
    )
    site = Site(
        ana=ana,
        bo=bo,
        mod=mod,
        finished=finished,
        open_public=open_public,
        open_private=open_private,
    )
    from tournaments.services import entry_join, tournament_create

    site.tournament = tournament_create(
        user=ana, name="Lost Cities Swiss", game="lost_cities", options={}, min_players=4
    )
    entry_join(code=site.tournament.code, user=bo)
    for engine in engines():
        table = table_create(user=ana, game=engine.slug, players=2, options={})
        seat_join(code=table.code, user=bo)
        table.refresh_from_db()
        assert table.status == Table.Status.ACTIVE, engine.slug
        if engine.slug != "lost_cities":
            chat_post(code=table.code, user=bo, text=f"My first game of {engine.name}!")
        table = _play(table, [ana, bo], rng, MOVES_MID_GAME, stop_at=0)
        assert table.status == Table.Status.ACTIVE, engine.slug
        state = engine.load(table.state)
        assert 0 in engine.to_move(state), engine.slug
        site.boards[engine.slug] = table
    # The Colonies expansion (TM §14) draws its own tiles and actions on the board.
    table = table_create(user=ana, game="terraforming_mars", players=2, options={"colonies": True})
    seat_join(code=table.code, user=bo)
    table = _play(table, [ana, bo], rng, MOVES_MID_GAME, stop_at=0)
    assert table.status == Table.Status.ACTIVE
    site.boards["terraforming_mars_colonies"] = table
    _vacation_book(bo)
    return site


def _vacation_book(user: Any) -> None:
    """Send bo on vacation: every board shows a seat "on vacation until …" (issue 26)."""
    from datetime import timedelta

    from django.utils import timezone

    from accounts.vacations import today_for, vacation_book

    user.time_zone = "Europe/Berlin"
    user.save(update_fields=["time_zone"])
    today = today_for(user, timezone.now())
    vacation_book(user=user, first=today, last=today + timedelta(days=2))


@dataclass(frozen=True)
class Stop:
    """One page of the tour: its name (for screenshots and messages) and its path."""

    name: str
    path: str
    status: int = 200
    #: A board page: on a phone its hand and prompt come before the log and the chat.
    board: bool = False


def _reset_link(user: Any) -> str:
    """The password-reset link of `user`'s e-mail (it leads on to the new-password form)."""
    from django.contrib.auth.tokens import default_token_generator
    from django.utils.encoding import force_bytes
    from django.utils.http import urlsafe_base64_encode

    uid = urlsafe_base64_encode(force_bytes(user.pk))
    token = default_token_generator.make_token(user)
    return reverse("accounts:password_reset_confirm", args=[uid, token])


def pages_logged_out(site: Site) -> list[Stop]:
    stops = [
        Stop("home", reverse("home")),
        Stop("login", reverse("accounts:login")),
        Stop("signup", reverse("accounts:signup")),
        Stop("password_reset", reverse("accounts:password_reset")),
        Stop("password_reset_sent", reverse("accounts:password_reset_done")),
        Stop("games", reverse("lobby:games")),
        Stop("help", reverse("lobby:help")),
        Stop("ladders", reverse("ladder:list")),
        Stop("tables", reverse("lobby:tables")),
        Stop("profile_public", reverse("accounts:profile", args=["bo"])),
        Stop("not_found", "/no-such-page/", status=404),
        Stop(
            "private_table",
            reverse("lobby:table", args=["00000000-0000-0000-0000-000000000000"]),
            status=404,
        ),
        Stop("finished_spectator", site.finished.get_absolute_url()),
        Stop("open_table_spectator", site.open_public.get_absolute_url()),
        Stop(
            "invite_private",
            reverse("lobby:invite", args=[site.open_private.code, site.open_private.invite_token]),
        ),
        Stop("password_reset_confirm", _reset_link(site.bo)),
        Stop("replay_spectator", reverse("lobby:replay", args=[site.finished.code])),
        Stop("player_stats", reverse("ladder:player-stats", args=["bo"])),
        Stop("tournaments", reverse("tournaments:list")),
        Stop("tournament_spectator", site.tournament.get_absolute_url()),
    ]
    for engine in engines():
        stops.append(Stop(f"help_{engine.slug}", reverse("lobby:game", args=[engine.slug])))
        stops.append(Stop(f"stats_{engine.slug}", reverse("ladder:game-stats", args=[engine.slug])))
        stops.append(Stop(f"ladder_{engine.slug}", reverse("ladder:detail", args=[engine.slug])))
    for slug, table in site.boards.items():
        stops.append(Stop(f"board_{slug}_spectator", table.get_absolute_url()))
    return stops


def pages_logged_in(site: Site) -> list[Stop]:
    stops = [
        Stop("home_in", reverse("home")),
        Stop("my_games", reverse("lobby:mine")),
        Stop("tables_in", reverse("lobby:tables")),
        Stop("preferences", reverse("accounts:preferences")),
        Stop("password_change", reverse("accounts:password_change")),
        Stop("notifications", reverse("accounts:notifications")),
        Stop("profile_own", reverse("accounts:profile", args=["ana"])),
        Stop("profile_other", reverse("accounts:profile", args=["bo"])),
        Stop("report", reverse("accounts:report", args=["bo"])),
        Stop("finished_player", site.finished.get_absolute_url()),
        Stop("open_table_to_join", site.open_public.get_absolute_url()),
        Stop("open_table_host_invite_link", site.open_private.get_absolute_url()),
        Stop("replay_player", reverse("lobby:replay", args=[site.finished.code])),
        Stop("ladder_lost_cities_in", reverse("ladder:detail", args=["lost_cities"])),
        Stop("player_stats_own", reverse("ladder:player-stats", args=["ana"])),
        Stop("tournaments_in", reverse("tournaments:list")),
        Stop("tournament_host", site.tournament.get_absolute_url()),
        Stop("tournament_new_lost_cities", reverse("tournaments:new", args=["lost_cities"])),
    ]
    for engine in engines():
        stops.append(
            Stop(f"new_table_{engine.slug}", reverse("lobby:table-new", args=[engine.slug]))
        )
    for slug, table in site.boards.items():
        stops.append(Stop(f"board_{slug}_to_move", table.get_absolute_url(), board=True))
    return stops


def pages_moderator() -> list[Stop]:
    return [Stop("admin_index", "/admin/")]
