"""The uses of landed modules, one decision at a time, and the end of a Chapter 2 turn.

Rules §5.3 (cities, shield), §5.4 (the order things resolve in), §5.5 (jettison),
§5.6 (population ships) and §5.1 (who unloads next, or the end of the game, §6).
"""

from __future__ import annotations

from games.engine import Action, IllegalAction
from games.reworld.data import LETTERS
from games.reworld.house_rules import (
    CATALOGUE,
    HOUSE_RULES,
    MODULES,
    SHIPS,
    a_label,
    city_colour,
    crews_label,
)
from games.reworld.scoring import goal_met
from games.reworld.state import ReworldState, evolve, logged, replace_at, with_seat
from games.words import Msg, msg

__all__ = [
    "crew_targets",
    "jettison",
    "land_actions",
    "next_unloader",
    "settle",
    "to_city",
    "to_shield",
]


def next_unloader(state: ReworldState, after: int) -> ReworldState:
    """Pass the turn to the next player with modules left (§5.1), or end the game (§6)."""
    for step in range(1, state.players + 1):
        seat = (after + step) % state.players
        if any(state.seats[seat].rows):
            return evolve(state, phase="undock", active=seat)
    return evolve(
        state, phase="over", **logged(state, -1, msg("every freighter is empty: final scoring"))
    )


def crew_targets(state: ReworldState, seat: int) -> list[str]:
    """Return the letters of the cities the crew now landing may fly to (§5.3, H10)."""
    module = state.landing[0]
    assert MODULES[module].kind == "crew"
    shuttles = sum(1 for m in state.landing if MODULES[m].kind == "shuttle")
    if state.carried >= shuttles * HOUSE_RULES.shuttle_capacity:
        return []
    colour = MODULES[module].colour
    player = state.seats[seat]
    return [
        letter
        for letter, city in zip(LETTERS, player.cities, strict=True)
        if city and city_colour(city) in ("", colour)
    ]


def land_actions(state: ReworldState, seat: int) -> list[Action]:
    """Return the uses the module at the front of the landing may be given."""
    module = MODULES[state.landing[0]]
    player = state.seats[seat]
    actions: list[Action] = []
    if module.kind == "terrabot":
        actions.append({"type": "city", "city": module.letter})
    elif module.kind == "crew":
        actions += [{"type": "city", "city": letter} for letter in crew_targets(state, seat)]
    elif module.kind == "satellite":
        actions += [
            {"type": "city", "city": letter}
            for letter, city, satellite in zip(
                LETTERS, player.cities, player.satellites, strict=True
            )
            if city and not satellite
        ]
    if module.kind in ("shuttle", "satellite"):
        actions.append({"type": "shield"})
    actions.append({"type": "jettison"})
    return actions


def settle(state: ReworldState, seat: int) -> ReworldState:
    """Resolve what needs no decision, then wait for one or end the turn (§5.4).

    A shuttle reaching the front while crews await transport flies them (H10); a crew
    with no legal target must be jettisoned (§5.5).
    """
    while state.landing:
        module = state.landing[0]
        kind = MODULES[module].kind
        if kind == "shuttle" and state.carried:
            player = state.seats[seat]
            state = evolve(
                state,
                landing=state.landing[1:],
                carried=max(0, state.carried - HOUSE_RULES.shuttle_capacity),
                seats=with_seat(state, seat, evolve(player, spent=(*player.spent, module))),
            )
            continue
        if kind == "crew" and not crew_targets(state, seat):
            state = jettison(state, seat, then_settle=False, forced=True)
            continue
        return state
    return _end_turn(state, seat)


def to_city(state: ReworldState, seat: int, letter: str) -> ReworldState:
    """Put the landing module into (or, a satellite, beside) city `letter` (§5.3)."""
    if letter not in LETTERS:
        raise IllegalAction(msg("Cities are lettered A to E."))
    index = LETTERS.index(letter)
    module = state.landing[0]
    info = MODULES[module]
    player = state.seats[seat]
    city = player.cities[index]
    marks = (*state.marks, f"city-{seat}-{letter}")
    if info.kind == "terrabot":
        if info.letter != letter:
            raise IllegalAction(
                msg(
                    "A terrabot %(letter)s can only found or grow city %(letter)s.",
                    letter=info.letter,
                )
            )
        if city:
            text = msg("grew city %(city)s with a terrabot", city=letter)
        else:
            text = msg("founded city %(city)s", city=letter)
        player = evolve(player, cities=replace_at(player.cities, index, (*city, module)))
        carried = state.carried
    elif info.kind == "crew":
        if letter not in crew_targets(state, seat):
            raise IllegalAction(_crew_refusal(state, seat, letter))
        player = evolve(player, cities=replace_at(player.cities, index, (*city, module)))
        text = msg("flew %(module)s down to city %(city)s", module=a_label(module), city=letter)
        carried = state.carried + 1
    elif info.kind == "satellite":
        if not city:
            raise IllegalAction(
                msg("You have no city %(city)s to attach the satellite to.", city=letter)
            )
        if player.satellites[index]:
            raise IllegalAction(msg("City %(city)s already has a satellite.", city=letter))
        # H12: the satellite scores the city's size now (terrabots and crews).
        size = len(city)
        player = evolve(
            player,
            satellites=replace_at(player.satellites, index, module),
            points=(*player.points[:2], player.points[2] + size, *player.points[3:]),
        )
        text = msg("attached a satellite to city %(city)s (+%(points)s)", city=letter, points=size)
        carried = state.carried
    else:
        raise IllegalAction(
            msg("A shuttle without crews does not settle: put it into your shield or jettison it.")
        )
    state = evolve(
        state,
        landing=state.landing[1:],
        carried=carried,
        seats=with_seat(state, seat, player),
        **logged(state, seat, text, *marks),
    )
    return settle(state, seat)


def _crew_refusal(state: ReworldState, seat: int, letter: str) -> Msg:
    module = state.landing[0]
    city = state.seats[seat].cities[LETTERS.index(letter)]
    if not city:
        return msg("You have no city %(city)s: a terrabot must found it first.", city=letter)
    if city_colour(city) not in ("", MODULES[module].colour):
        return msg(
            "City %(city)s already has %(crews)s: %(crew)s cannot join them.",
            city=letter,
            crews=crews_label(city_colour(city)),
            crew=a_label(module),
        )
    return msg("A construction crew needs a shuttle undocked in the same turn to fly down.")


def to_shield(state: ReworldState, seat: int) -> ReworldState:
    """Add the landing shuttle or satellite to the defence shield (§5.3)."""
    module = state.landing[0]
    if MODULES[module].kind not in ("shuttle", "satellite"):
        raise IllegalAction(
            msg(
                "Only shuttles and satellites can join the defence shield, not %(module)s.",
                module=a_label(module),
            )
        )
    player = state.seats[seat]
    state = evolve(
        state,
        landing=state.landing[1:],
        seats=with_seat(state, seat, evolve(player, shield=(*player.shield, module))),
        **logged(
            state,
            seat,
            msg("added %(module)s to the defence shield", module=a_label(module)),
            *state.marks,
            f"shield-{seat}",
        ),
    )
    return settle(state, seat)


def jettison(
    state: ReworldState, seat: int, *, then_settle: bool = True, forced: bool = False
) -> ReworldState:
    """Push the landing module into space for its penalty (§5.5, H14)."""
    module = state.landing[0]
    player = state.seats[seat]
    penalty = HOUSE_RULES.jettison_penalty
    player = evolve(
        player,
        jettisoned=(*player.jettisoned, module),
        points=(*player.points[:4], player.points[4] - penalty),
    )
    if forced:
        text = msg(
            "jettisoned %(module)s (no shuttle or city could take it) (-%(points)s)",
            module=a_label(module),
            points=penalty,
        )
    else:
        text = msg("jettisoned %(module)s (-%(points)s)", module=a_label(module), points=penalty)
    state = evolve(
        state,
        landing=state.landing[1:],
        seats=with_seat(state, seat, player),
        **logged(state, seat, text, *state.marks),
    )
    return settle(state, seat) if then_settle else state


def _end_turn(state: ReworldState, seat: int) -> ReworldState:
    """Claim every population ship the player now meets (§5.6), then pass the turn."""
    assert state.carried == 0
    player = state.seats[seat]
    owners = state.owners
    for index, ship_id in enumerate(state.ships):
        if owners[index] >= 0:
            continue
        ship = SHIPS[ship_id]
        if goal_met(ship, player, CATALOGUE, state.players):
            owners = replace_at(owners, index, seat)
            player = evolve(
                player,
                points=(*player.points[:3], player.points[3] + ship.points, player.points[4]),
            )
            state = evolve(
                state,
                **logged(
                    state,
                    seat,
                    msg(
                        "claimed population ship %(ship)s (+%(points)s)",
                        ship=ship_id,
                        points=ship.points,
                    ),
                    *state.marks,
                    f"ship-{ship_id}",
                ),
            )
    state = evolve(
        state,
        owners=owners,
        landing_row=0,
        seats=with_seat(state, seat, player),
    )
    return next_unloader(state, seat)
