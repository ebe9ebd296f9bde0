"""Reworld scoring as pure functions: goals, majorities and the final breakdown (rules §7).

The point tables are house rules; callers pass them in from the engine's one table.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.reworld.data import LETTERS, Catalogue, ShipGoal
from games.reworld.state import POINT_SOURCES, Player

__all__ = [
    "city_crews",
    "crew_colours",
    "final_breakdown",
    "first_group",
    "goal_met",
    "goal_progress",
    "rank_points",
]


def rank_points(values: Sequence[int | None], table: Sequence[int]) -> list[int]:
    """Return the points per seat for ranking `values` (None: not ranked) by `table`.

    Rules §7.3 (house rule H16): higher values rank first; players tied for a place all
    get the points of the next lower place, and the next player takes the place after
    the whole tied group. Places beyond the table score 0.
    """
    points = [0] * len(values)
    ranked = sorted((v for v in values if v is not None), reverse=True)
    place = 0
    while place < len(ranked):
        value = ranked[place]
        group = [seat for seat, v in enumerate(values) if v == value]
        index = place + (1 if len(group) > 1 else 0)
        award = table[index] if index < len(table) else 0
        for seat in group:
            points[seat] = award
        place += len(group)
    return points


def first_group(values: Sequence[int | None]) -> list[int]:
    """Return the seats in first place of `values` (None: not ranked), tied or alone."""
    ranked = [v for v in values if v is not None]
    if not ranked:
        return []
    best = max(ranked)
    return [seat for seat, v in enumerate(values) if v == best]


def city_crews(city: Sequence[str], catalogue: Catalogue) -> int:
    """Return how many construction crews live in `city`."""
    modules = catalogue.modules
    return sum(1 for module in city if modules[module].kind == "crew")


def crew_colours(player: Player, catalogue: Catalogue) -> set[str]:
    """Return the crew colours found in `player`'s cities."""
    modules = catalogue.modules
    return {
        modules[module].colour
        for city in player.cities
        for module in city
        if modules[module].kind == "crew"
    }


def goal_progress(goal: ShipGoal, player: Player, catalogue: Catalogue) -> int:
    """Return the number `goal` compares with its threshold, for `player` now (§2.6)."""
    kind = goal.kind
    if kind == "city_size":
        return max(len(city) for city in player.cities)
    if kind in ("all_letters", "cities"):
        return sum(1 for city in player.cities if city)
    if kind == "empty_rows":
        return sum(
            1 for row, held in zip(player.rows, player.start_rows, strict=True) if held and not row
        )
    if kind == "shield":
        return len(player.shield)
    if kind == "city_crews":
        return max(city_crews(city, catalogue) for city in player.cities)
    if kind == "crew_colours":
        return len(crew_colours(player, catalogue))
    if kind == "satellite_cities":
        return sum(1 for satellite in player.satellites if satellite)
    if kind == "solid_cities":
        owned = [city for city in player.cities if city]
        if any(len(city) < goal.size for city in owned):
            return 0
        return len(owned)
    raise AssertionError(f"unknown goal kind {kind}")


def goal_met(goal: ShipGoal, player: Player, catalogue: Catalogue, players: int) -> bool:
    """Return whether `player` meets `goal` on the side for `players` (§2.6, §5.6)."""
    return goal_progress(goal, player, catalogue) >= goal.threshold(players)


def final_breakdown(
    seats: Sequence[Player],
    owners: Sequence[int],
    *,
    city_table: Sequence[int],
    shield_table: Sequence[int],
    missing_penalty: int,
) -> dict[str, Any]:
    """Return the final scoring of every seat (rules §7.3, §7.4) with running points added.

    1. For each letter, rank the owners of a city of that letter by its size.
    2. Each letter without a city costs `missing_penalty`.
    3. Rank the players with a shield by its size; first place also takes the final
       population ship.
    4. Add the running points of Chapter 1 and Chapter 2.
    """
    players = len(seats)
    letters = []
    city_points = [0] * players
    for index, letter in enumerate(LETTERS):
        sizes = [len(p.cities[index]) if p.cities[index] else None for p in seats]
        points = rank_points(sizes, city_table)
        letters.append({"letter": letter, "sizes": sizes, "points": points})
        for seat in range(players):
            city_points[seat] += points[seat]
    shields = [len(p.shield) if p.shield else None for p in seats]
    shield_points = rank_points(shields, shield_table)
    final_ship = first_group(shields)
    rows = []
    for seat, player in enumerate(seats):
        missing = sum(1 for city in player.cities if not city)
        running = dict(zip(POINT_SOURCES, player.points, strict=True))
        total = sum(player.points) + city_points[seat] - missing * missing_penalty
        total += shield_points[seat]
        ships = sum(1 for owner in owners if owner == seat) + (1 if seat in final_ship else 0)
        rows.append(
            {
                "seat": seat,
                "running": running,
                "cities": city_points[seat],
                "city_points": [entry["points"][seat] for entry in letters],
                "missing": missing,
                "missing_points": -missing * missing_penalty,
                "shield_size": len(player.shield),
                "shield": shield_points[seat],
                "final_ship": seat in final_ship,
                "ships": ships,
                "jettisoned": len(player.jettisoned),
                "total": total,
            }
        )
    return {"letters": letters, "shields": shields, "final_ship": final_ship, "seats": rows}
