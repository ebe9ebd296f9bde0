"""Reads for the tournament pages: lists, entrants, standings, bracket, rounds."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Count, QuerySet

from games.registry import engines
from tournaments.models import Entry, Pairing, Tournament
from tournaments.pairing import DoubleMatch, Match, Placing, Player, Standing, double_placings
from tournaments.services import bracket_of, double_bracket_of, standings_of


def tournament_list(*, status: str, game: str | None = None) -> QuerySet[Tournament]:
    """Return the tournaments in one status, of one game if given.

    Upcoming ones by start time, running ones newest first; "finished" also holds the
    cancelled ones (the Now column says which), the last ended first.
    """
    statuses = [status]
    if status == Tournament.Status.FINISHED:
        statuses.append(Tournament.Status.CANCELLED)
    found = Tournament.objects.filter(status__in=statuses).annotate(entrants=Count("entries"))
    if game:
        found = found.filter(game=game)
    order = {
        Tournament.Status.OPEN: "starts_at",
        Tournament.Status.RUNNING: "-started_at",
    }.get(Tournament.Status(status), "-finished_at")
    return found.order_by(order, "-created_at")


def game_filter(value: str | None) -> str | None:
    """Return `value` if it names a game, else None (all games)."""
    if value and value in {engine.slug for engine in engines()}:
        return value
    return None


def tournament_lists(*, game: str | None = None) -> dict[str, Any]:
    """Return the list page's three sections (also what its socket pushes)."""
    status = Tournament.Status
    return {
        "upcoming": tournament_list(status=status.OPEN, game=game)[:50],
        "running": tournament_list(status=status.RUNNING, game=game)[:50],
        "finished": tournament_list(status=status.FINISHED, game=game).select_related("winner")[
            :20
        ],
        "game": game,
    }


@dataclass(frozen=True)
class StandingRow:
    line: Standing
    entry: Entry


@dataclass(frozen=True)
class Slot:
    entry: Entry | None
    won: bool
    bye: bool = False  # nobody will come: the other player goes through without a game


@dataclass(frozen=True)
class BracketColumn:
    """One column of a bracket: the tournament round it is played in and its matches."""

    number: int
    matches: list[tuple[Slot, Slot]]


@dataclass(frozen=True)
class PlacingRow:
    line: Placing
    entry: Entry


@dataclass(frozen=True)
class RoundRow:
    number: int
    pairings: list[tuple[Pairing, list[Entry]]]
    byes: list[Entry]


def _won(match: Match | DoubleMatch, player: int | None) -> bool:
    return player is not None and match.winner == player


def _double_slot(
    match: DoubleMatch, player: int | None, known: bool, by_id: dict[int, Entry]
) -> Slot:
    return Slot(
        by_id.get(player) if player is not None else None,
        _won(match, player),
        bye=known and player is None,
    )


def _columns(rounds: list[list[DoubleMatch]], by_id: dict[int, Entry]) -> list[BracketColumn]:
    return [
        BracketColumn(
            matches[0].round,
            [
                (
                    _double_slot(m, m.first, m.first_known, by_id),
                    _double_slot(m, m.second, m.second_known, by_id),
                )
                for m in matches
            ],
        )
        for matches in rounds
        if matches
    ]


def double_elimination_page(entries: list[Entry], tournament: Tournament) -> dict[str, Any]:
    """Return both brackets, the grand final(s) and the placings of a double elimination."""
    by_id = {e.id: e for e in entries}
    tree = double_bracket_of(tournament, entries)
    players = [Player(e.id, e.rating) for e in entries]
    return {
        "winners": _columns(tree.winners, by_id),
        "losers": _columns(tree.losers, by_id),
        "finals": _columns([[m] for m in tree.finals], by_id),
        "placings": [
            PlacingRow(line, by_id[line.player]) for line in double_placings(tree, players)
        ],
    }


def tournament_page(*, tournament: Tournament, user: Any) -> dict[str, Any]:
    """Return everything the tournament page shows (also what its socket pushes)."""
    entries = list(tournament.entries.select_related("user"))
    by_id = {e.id: e for e in entries}
    mine = next((e for e in entries if e.user_id == getattr(user, "id", None)), None)
    context: dict[str, Any] = {
        "tournament": tournament,
        "entries": entries,
        "my_entry": mine,
        "standings": [],
        "bracket": [],
        "double": None,
        "rounds": [],
    }
    if tournament.status == Tournament.Status.OPEN:
        return context
    if tournament.format == Tournament.Format.ELIMINATION:
        context["bracket"] = [
            [
                (
                    Slot(by_id.get(m.first) if m.first else None, _won(m, m.first)),
                    Slot(by_id.get(m.second) if m.second else None, _won(m, m.second)),
                )
                for m in matches
            ]
            for matches in bracket_of(tournament, entries)
        ]
    elif tournament.format == Tournament.Format.DOUBLE_ELIMINATION:
        context["double"] = double_elimination_page(entries, tournament)
    else:
        context["standings"] = [
            StandingRow(line, by_id[line.player]) for line in standings_of(tournament, entries)
        ]
    # Rounds first, then only their pairings: a round committed between the two
    # reads (a live push racing the next round's creation) waits for the next push.
    round_list = list(tournament.round_set.all())
    rounds: dict[int, RoundRow] = {
        r.number: RoundRow(r.number, [], [by_id[b] for b in r.byes if b in by_id])
        for r in round_list
    }
    pairings = Pairing.objects.filter(round__in=round_list).select_related("round", "table")
    for pairing in pairings:
        seated = [by_id[e] for e in pairing.entries if e in by_id]
        rounds[pairing.round.number].pairings.append((pairing, seated))
    context["rounds"] = sorted(rounds.values(), key=lambda r: -r.number)
    return context
