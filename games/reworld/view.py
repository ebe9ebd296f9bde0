"""What one seat (or a spectator) may see of a Reworld game, as JSON-safe data."""

from __future__ import annotations

from typing import Any

from games.reworld.data import LETTERS, NUMBERS
from games.reworld.engine import Reworld
from games.reworld.house_rules import (
    ARMS,
    CATALOGUE,
    HOUSE_RULES,
    MODULES,
    NUMBER,
    ROUNDS,
    ROWS,
    SHIPS,
    city_colour,
)
from games.reworld.rules import completable, counts_of, payment_is_legal
from games.reworld.scoring import city_crews, goal_progress
from games.reworld.state import POINT_SOURCES, ReworldState

__all__ = ["build_view", "module_data"]

_LAND_LABELS = {"shield": "Shield", "jettison": "Jettison"}


def module_data(module: str) -> dict[str, Any]:
    """Return one face-up module for the template."""
    info = MODULES[module]
    return {
        "id": module,
        "kind": info.kind,
        "letter": info.letter,
        "colour": info.colour,
        "label": info.label,
    }


def _positions(arm: int) -> dict[str, int]:
    """Return grid places that draw the 20 arms as a ring (rules §2.3).

    Desktop: arms 1-10 left to right on top, 11-20 right to left below, so 10 sits by 11
    and 20 by 1. Phone: the same ring stood upright, two columns of ten.
    """
    half = ARMS // 2
    if arm < half:
        return {"dr": 1, "dc": arm + 1, "pr": arm + 1, "pc": 1}
    return {"dr": 2, "dc": ARMS - arm, "pr": ARMS - arm, "pc": 2}


def build_view(engine: Reworld, state: ReworldState, seat: int | None) -> dict[str, Any]:
    """Return the board data for `seat`; None is a spectator, who sees no hand at all.

    Hidden (rules §3): every hand but the viewer's, the bag, the undealt cards and the
    cards discarded face down for the marker. Everything else is open, including every
    card paid at the station until the round ends (§10: counting cards is part of it).
    """
    if not (type(seat) is int and 0 <= seat < state.players):
        seat = None
    running = state.phase != "over"
    legal = engine.legal_actions(state, seat) if seat is not None else []
    your_turn = running and seat == state.active
    marks = set(state.marks)
    breakdown = engine.breakdown(state)
    outcome = engine.outcome(state)
    return {
        "game": engine.slug,
        "you": seat,
        "players": state.players,
        "phase": state.phase,
        "chapter": state.chapter,
        "round": state.round,
        "rounds": ROUNDS,
        "round_info": engine.round_info(state),
        "active": state.active if running else None,
        "your_turn": your_turn,
        "finished": not running,
        "start_player": state.start,
        "marker_taken": state.marker_taken,
        "seats": [
            _seat_view(state, s, seat, marks, legal, breakdown) for s in range(state.players)
        ],
        "order": _seat_order(state.players, seat),
        "station": _station_view(engine, state, seat, marks, legal),
        "hand": _hand_view(state, seat),
        "payment": _payment_view(engine, state, legal) if state.phase == "pay" else None,
        "buy_options": _buy_options(legal),
        "landing": _landing_view(state, legal) if state.phase == "land" else None,
        "ships": _ships_view(state, seat, marks),
        "final_ship": {
            "holders": breakdown["final_ship"],
            "points": list(HOUSE_RULES.shield_table[state.players]),
        },
        "tables": {
            "cities": list(HOUSE_RULES.city_table[state.players]),
            "shield": list(HOUSE_RULES.shield_table[state.players]),
            "missing": HOUSE_RULES.missing_letter_penalty,
            "jettison": HOUSE_RULES.jettison_penalty,
        },
        "bag_count": len(state.bag),
        "removed_count": len(state.removed),
        "history": [list(kept) for kept in state.history],
        "recent": [{"seat": who, "text": text} for who, text in reversed(state.recent)],
        "legal": legal,
        "breakdown": breakdown,
        "outcome": None
        if outcome is None
        else {
            "scores": list(outcome.scores),
            "places": list(outcome.places),
            "ranking": outcome.details["ranking"],
        },
    }


def _seat_order(players: int, seat: int | None) -> list[int]:
    """Return the seats to draw: the viewer first, then the others clockwise."""
    first = seat if seat is not None else 0
    return [(first + step) % players for step in range(players)]


def _seat_view(
    state: ReworldState,
    s: int,
    viewer: int | None,
    marks: set[str],
    legal: list[dict[str, Any]],
    breakdown: dict[str, Any],
) -> dict[str, Any]:
    player = state.seats[s]
    mine = viewer == s
    undock: dict[int, list[dict[str, Any]]] = {}
    if mine:
        for action in legal:
            if action["type"] == "undock":
                undock.setdefault(action["row"], []).append(action)
    rows = []
    for number in range(1, ROWS + 1):
        row = player.rows[number - 1]
        rows.append(
            {
                "number": number,
                # Outer end first: the next module out is the first one listed (§2.4).
                "modules": [module_data(m) for m in reversed(row)],
                "count": len(row),
                "last": f"row-{s}-{number}" in marks,
                "undock": undock.get(number, []),
                "held_at_start": player.start_rows[number - 1],
            }
        )
    cities = []
    for index, letter in enumerate(LETTERS):
        city = player.cities[index]
        cities.append(
            {
                "letter": letter,
                "founded": bool(city),
                "size": len(city),
                "crews": city_crews(city, CATALOGUE),
                "terrabots": len(city) - city_crews(city, CATALOGUE),
                "colour": city_colour(city),
                "satellite": bool(player.satellites[index]),
                "last": f"city-{s}-{letter}" in marks,
            }
        )
    shuttles = sum(1 for m in player.shield if MODULES[m].kind == "shuttle")
    final = breakdown["seats"][s]
    return {
        "seat": s,
        "you": mine,
        "to_move": state.phase != "over" and state.active == s,
        "start_player": state.start == s,
        "dropped": player.dropped,
        "hand_count": len(player.hand),
        "points": [
            {"source": source, "points": points}
            for source, points in zip(POINT_SOURCES, player.points, strict=True)
        ],
        "running": sum(player.points),
        # What the final scoring would add if the game ended now (§7.3, §7.4).
        "projected": final["total"] - sum(player.points),
        "projected_total": final["total"],
        "rows": rows,
        "modules_left": sum(len(row) for row in player.rows),
        "cities": cities,
        "shield": {
            "size": len(player.shield),
            "shuttles": shuttles,
            "satellites": len(player.shield) - shuttles,
            "last": f"shield-{s}" in marks,
        },
        "spent": len(player.spent),
        "jettisoned": len(player.jettisoned),
        "ships": [
            ship for ship, owner in zip(state.ships, state.owners, strict=True) if owner == s
        ],
        "marker_last": state.start == s and "marker" in marks,
    }


def _station_view(
    engine: Reworld,
    state: ReworldState,
    viewer: int | None,
    marks: set[str],
    legal: list[dict[str, Any]],
) -> list[dict[str, Any]]:
    buys = {action["arm"]: action for action in legal if action["type"] == "buy"}
    arms = []
    for arm in range(ARMS):
        module = state.arms[arm]
        slot = state.slots[arm]
        sold = state.sold[arm]
        arms.append(
            {
                "arm": arm,
                "space": arm + 1,
                "module": module_data(module) if module else None,
                "sold": module_data(sold) if sold else None,
                "buyer": state.buyers[arm] if state.buyers[arm] >= 0 else None,
                "cards": [NUMBER[card] for card in slot],
                "top": NUMBER[slot[-1]] if slot else None,
                "need": list(engine.price(state, arm)) if module else [],
                "buy": buys.get(arm),
                "pending": state.pending == arm,
                "last": f"arm-{arm}" in marks,
                **_positions(arm),
            }
        )
    return arms


def _hand_view(state: ReworldState, seat: int | None) -> dict[str, Any] | None:
    if seat is None:
        return None
    hand = state.seats[seat].hand
    counts = counts_of([NUMBER[card] for card in hand])
    return {
        "cards": [{"id": card, "number": NUMBER[card]} for card in hand],
        "counts": [{"number": n, "count": counts[n]} for n in NUMBERS],
        "size": len(hand),
    }


def _buy_options(legal: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "markers": [action for action in legal if action["type"] == "marker"],
        "drop": next((action for action in legal if action["type"] == "drop"), None),
    }


def _payment_view(
    engine: Reworld, state: ReworldState, legal: list[dict[str, Any]]
) -> dict[str, Any]:
    arm = state.pending
    need = engine.price(state, arm)
    paid = [NUMBER[card] for card in state.paid]
    hand = counts_of([NUMBER[card] for card in state.seats[state.active].hand])
    pay = []
    for action in legal:
        if action["type"] != "pay":
            continue
        n = action["number"]
        after = [*paid, n]
        grows = any(
            hand[m] - (m == n) > 0
            and completable(need, counts_of([*after, m]), _minus(hand, (n, m)))
            for m in NUMBERS
        )
        pay.append(
            {
                "action": action,
                "number": n,
                # Paying this card completes the purchase at once (one top card possible).
                "completes": len(set(after)) == 1 and payment_is_legal(need, after) and not grows,
            }
        )
    return {
        "arm": arm,
        "space": arm + 1,
        "module": module_data(state.arms[arm]),
        "need": list(need),
        "paid": paid,
        "complete": payment_is_legal(need, paid),
        "pay": pay,
        "top": [action for action in legal if action["type"] == "top"],
        "cancel": next((action for action in legal if action["type"] == "cancel"), None),
    }


def _minus(
    counts: tuple[int, ...], numbers: tuple[int, ...]
) -> tuple[int, int, int, int, int, int]:
    values = list(counts)
    for n in numbers:
        values[n] -= 1
    return (values[0], values[1], values[2], values[3], values[4], values[5])


def _landing_view(state: ReworldState, legal: list[dict[str, Any]]) -> dict[str, Any]:
    current = state.landing[0]
    shuttles = sum(1 for m in state.landing if MODULES[m].kind == "shuttle")
    cities = state.seats[state.active].cities
    options = []
    for action in legal:
        letter = action.get("city")
        city = cities[LETTERS.index(letter)] if letter else ()
        options.append(
            {
                "action": action,
                "kind": action["type"],
                "city": letter,
                "founded": bool(city),
                "size": len(city),
            }
        )
    return {
        "row": state.landing_row,
        "current": module_data(current),
        "waiting": [module_data(m) for m in state.landing[1:]],
        "shuttles": shuttles,
        "carried": state.carried,
        "options": options,
    }


def _ships_view(state: ReworldState, seat: int | None, marks: set[str]) -> list[dict[str, Any]]:
    ships = []
    for ship_id, owner in zip(state.ships, state.owners, strict=True):
        ship = SHIPS[ship_id]
        ships.append(
            {
                "id": ship_id,
                "kind": ship.kind,
                "need": ship.threshold(state.players),
                "size": ship.size,
                "points": ship.points,
                "owner": owner if owner >= 0 else None,
                "progress": None
                if seat is None or state.chapter == 1
                else goal_progress(ship, state.seats[seat], CATALOGUE),
                "last": f"ship-{ship_id}" in marks,
            }
        )
    return ships
