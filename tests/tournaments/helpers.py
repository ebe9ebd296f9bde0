"""Shared steps for tournament tests: make one, fill it, end its games."""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from lobby.models import Table
from lobby.services import game_finish, table_concede
from tests.factories import UserFactory
from tournaments.models import Tournament
from tournaments.services import entry_join, tournament_create, tournament_tick


def players(n: int, prefix: str = "p") -> list[Any]:
    return [UserFactory(username=f"{prefix}{i}") for i in range(1, n + 1)]


def open_tournament(creator: Any, **kwargs: Any) -> Tournament:
    fields: dict[str, Any] = {
        "name": "Autumn Swiss",
        "game": "lost_cities",
        "options": {},
        "rounds": 3,
        "min_players": 2,
        "max_players": 8,
    }
    fields.update(kwargs)
    return tournament_create(user=creator, **fields)


def start(tournament: Tournament, users: list[Any]) -> Tournament:
    """Register everyone, then run the start now."""
    for user in users:
        entry_join(code=tournament.code, user=user)
    Tournament.objects.filter(id=tournament.id).update(deadline=timezone.now())
    tournament_tick(tournament_id=tournament.id)
    tournament.refresh_from_db()
    return tournament


def tables_of_round(tournament: Tournament, number: int) -> list[Table]:
    return list(
        Table.objects.filter(
            tournament_pairing__round__tournament=tournament,
            tournament_pairing__round__number=number,
        ).order_by("id")
    )


def end_game(table: Table, winner_seat: int = 0) -> None:
    """End a two-player game: the other seat concedes, then the table is scored."""
    loser = table.seats.exclude(position=winner_seat).get().user
    table_concede(code=table.code, user=loser)
    game_finish(table_id=table.id)


def run_due(tournament: Tournament) -> Tournament:
    """Run what is due (as the task on commit or the sweep would)."""
    tournament_tick(tournament_id=tournament.id)
    tournament.refresh_from_db()
    return tournament


def win(table: Table, username: str) -> None:
    """End a two-player game won by `username` (the other concedes)."""
    seat = table.seats.get(user__username=username)
    end_game(table, winner_seat=seat.position)
