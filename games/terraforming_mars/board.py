"""Tiles on Mars (rules §7): where each kind of tile may go, and what placing one gives.

Placement rules are looked up by name; a card module may add one with `@placement_rule`.
"""

from __future__ import annotations

from collections.abc import Callable

from games.terraforming_mars.constants import (
    HEAT,
    MC,
    NOBODY,
    OCEAN_ADJACENCY_MC,
    OCEANS_MAX,
    PLANTS,
    STEEL,
    TEMPERATURE_MAX,
    TITANIUM,
)
from games.terraforming_mars.kernel import (
    draw_to_hand,
    fire,
    front,
    gain,
    log,
    lose,
    raise_oxygen,
    raise_temperature,
    raise_tr,
)
from games.terraforming_mars.maps import MAPS, MapDef
from games.terraforming_mars.state import State

__all__ = [
    "RULES",
    "any_legal_space",
    "legal_spaces",
    "map_of",
    "place_tile",
    "placement_rule",
    "special_active",
]

Rule = Callable[[State, int, MapDef], list[str]]
RULES: dict[str, Rule] = {}

_BONUS_RESOURCE = {"steel": STEEL, "titanium": TITANIUM, "plant": PLANTS, "heat": HEAT}


def placement_rule(name: str) -> Callable[[Rule], Rule]:
    """Register a placement rule: (state, seat, map) -> legal space ids in map order."""

    def wrap(fn: Rule) -> Rule:
        assert name not in RULES, f"placement rule {name} registered twice"
        RULES[name] = fn
        return fn

    return wrap


def map_of(st: State) -> MapDef:
    return MAPS[st.settings.map]


def legal_spaces(st: State, seat: int, rule: str) -> list[str]:
    """Return the spaces where `seat` may place a tile under `rule`, in map order.

    Frozen states memoise the answer: the same question is asked by legal_actions, by the
    playability of every card in hand and by the view.
    """
    attributes = st.__dict__
    memo: dict[tuple[int, str], list[str]] | None = None
    if "_owned" not in attributes:
        memo = attributes.get("_spaces")
        if memo is None:
            memo = attributes["_spaces"] = {}
        found = memo.get((seat, rule))
        if found is not None:
            return found
    if rule.startswith("offmap:"):
        space = rule[7:]
        spaces = [] if space in st.board else [space]
    else:
        m = map_of(st)
        spaces = RULES[rule](st, seat, m)
        if m.specials:
            blocked = _unaffordable(st, seat, m)
            if blocked:
                spaces = [s for s in spaces if s not in blocked]
    if memo is not None:
        memo[(seat, rule)] = spaces
    return spaces


def special_active(st: State, icon: str) -> bool:
    """§7.8: a map's special space costs and gives only while its parameter can move."""
    if icon == "ocean":
        return st.oceans < OCEANS_MAX
    return st.temperature < TEMPERATURE_MAX


def _unaffordable(st: State, seat: int, m: MapDef) -> tuple[str, ...]:
    """§7.8: the special spaces `seat` may not choose now: it cannot pay their extra M€."""
    if seat < 0:
        return ()
    mc = st.players[seat].stock[MC]
    return tuple(
        space
        for space, (icon, cost) in m.specials.items()
        if mc < cost and special_active(st, icon)
    )


def any_legal_space(st: State, seat: int, rule: str) -> bool:
    """Return whether `seat` has at least one legal space under `rule` (fast paths)."""
    board, claims = st.board, st.claims
    m = map_of(st)
    if m.specials and _unaffordable(st, seat, m):
        return bool(legal_spaces(st, seat, rule))
    if rule == "greenery" or rule == "land":
        # §7.3: a greenery goes anywhere on land when no space next to an own tile is free.
        return any(s not in board and claims.get(s, seat) == seat for s in m.land)
    if rule == "city":
        neighbors = m.neighbors
        for space in m.land:
            if space in board or claims.get(space, seat) != seat:
                continue
            for other in neighbors[space]:
                tile = board.get(other)
                if tile is not None and tile[0] == "city":
                    break
            else:
                return True
        return False
    if rule == "ocean":
        return st.oceans < OCEANS_MAX and any(s not in board for s in m.ocean_spaces)
    return bool(legal_spaces(st, seat, rule))


def _open_land(st: State, seat: int, m: MapDef) -> list[str]:
    """Land spaces with no tile whose Land Claim marker (if any) is the player's (§7.7)."""
    board, claims = st.board, st.claims
    if claims:
        return [s for s in m.land if s not in board and claims.get(s, seat) == seat]
    return [s for s in m.land if s not in board]


def _has_adjacent(
    st: State, space: str, m: MapDef, test: Callable[[tuple[str, int, str]], bool]
) -> bool:
    board = st.board
    for other in m.neighbors[space]:
        tile = board.get(other)
        if tile is not None and test(tile):
            return True
    return False


def _is_city(tile: tuple[str, int, str]) -> bool:
    return tile[0] == "city"


@placement_rule("ocean")
def _ocean(st: State, seat: int, m: MapDef) -> list[str]:
    """§7.2: only on ocean-reserved spaces, while fewer than 9 oceans are out."""
    if st.oceans >= OCEANS_MAX:
        return []
    return [s for s in m.ocean_spaces if s not in st.board]


@placement_rule("greenery")
def _greenery(st: State, seat: int, m: MapDef) -> list[str]:
    """§7.3: land next to an own tile if such a space exists, else any land."""
    spaces = _open_land(st, seat, m)
    board = st.board
    own = {space for space, tile in board.items() if tile[1] == seat}
    if own:
        near = [s for s in spaces if any(n in own for n in m.neighbors[s])]
        if near:
            return near
    return spaces


@placement_rule("city")
def _city(st: State, seat: int, m: MapDef) -> list[str]:
    """§7.4: land not next to any city tile."""
    return [s for s in _open_land(st, seat, m) if not _has_adjacent(st, s, m, _is_city)]


@placement_rule("noctis")
def _noctis(st: State, seat: int, m: MapDef) -> list[str]:
    """§7.4, §7.7: the Noctis City space even next to a city; elsewhere the city rule."""
    reserved = [s for s, card in m.reserved.items() if card == "noctis_city"]
    if not reserved:
        return _city(st, seat, m)
    return [s for s in reserved if s not in st.board]


@placement_rule("isolated")
def _isolated(st: State, seat: int, m: MapDef) -> list[str]:
    """§7.4, §7.5: land next to no tile at all (Research Outpost, Natural Preserve)."""
    return [s for s in _open_land(st, seat, m) if not _has_adjacent(st, s, m, lambda t: True)]


@placement_rule("land")
def _land(st: State, seat: int, m: MapDef) -> list[str]:
    """§7.5: any free land space."""
    return _open_land(st, seat, m)


@placement_rule("ocean_space")
def _ocean_space(st: State, seat: int, m: MapDef) -> list[str]:
    """§7.2: a non-ocean tile on an ocean-reserved space (Mangrove, Mohole Area)."""
    return [s for s in m.ocean_spaces if s not in st.board]


def _metal(m: MapDef, space: str) -> bool:
    bonus = m.by_id[space].bonus
    return "steel" in bonus or "titanium" in bonus


@placement_rule("mining_rights")
def _mining_rights(st: State, seat: int, m: MapDef) -> list[str]:
    """§7.5: any free land space with a steel or titanium bonus."""
    return [s for s in _open_land(st, seat, m) if _metal(m, s)]


@placement_rule("mining_area")
def _mining_area(st: State, seat: int, m: MapDef) -> list[str]:
    """§7.5: a steel/titanium bonus space next to one of the player's own tiles."""
    return [
        s
        for s in _mining_rights(st, seat, m)
        if _has_adjacent(st, s, m, lambda tile: tile[1] == seat)
    ]


@placement_rule("urbanized")
def _urbanized(st: State, seat: int, m: MapDef) -> list[str]:
    """§7.4: a city next to at least two cities (Urbanized Area)."""
    out = []
    for space in _open_land(st, seat, m):
        cities = sum(1 for n in m.neighbors[space] if st.board.get(n, ("",))[0] == "city")
        if cities >= 2:
            out.append(space)
    return out


@placement_rule("volcanic")
def _volcanic(st: State, seat: int, m: MapDef) -> list[str]:
    """§7.5: a volcanic space (any land on a map without any, such as Hellas)."""
    land = _open_land(st, seat, m)
    if not any(space.volcanic for space in m.spaces):
        return land
    return [s for s in land if m.by_id[s].volcanic]


@placement_rule("next_to_city")
def _next_to_city(st: State, seat: int, m: MapDef) -> list[str]:
    return [s for s in _open_land(st, seat, m) if _has_adjacent(st, s, m, _is_city)]


@placement_rule("next_to_greenery")
def _next_to_greenery(st: State, seat: int, m: MapDef) -> list[str]:
    return [
        s for s in _open_land(st, seat, m) if _has_adjacent(st, s, m, lambda t: t[0] == "greenery")
    ]


@placement_rule("claim")
def _claim(st: State, seat: int, m: MapDef) -> list[str]:
    """§7.7: Land Claim marks an empty, unclaimed, non-reserved land space."""
    return [s for s in m.land if s not in st.board and s not in st.claims]


def place_tile(st: State, seat: int, space: str, kind: str, name: str = "") -> None:
    """Put a tile down and give its placer everything it brings (§7.6).

    1. The tile (an ocean belongs to nobody); a Land Claim marker there is used up.
    2. The printed bonus and +2 M€ per adjacent ocean (on Mars only); a map's special
       space (§7.8) costs its extra M€ and brings an ocean or a temperature step.
    3. The parameter: an ocean +1 ocean and +1 TR; a greenery +1 oxygen step (not in the
       final greenery round, §10.1, §11.3).
    4. Triggers of all players ("tile" events).
    """
    m = map_of(st)
    st.board_w()[space] = (kind, NOBODY if kind == "ocean" else seat, name)
    if space in st.claims:
        del st.claims_w()[space]
    on_mars = space in m.by_id
    metal = False
    log(st, seat, "tile", kind, name, space)
    if on_mars and seat >= 0:
        for icon in m.by_id[space].bonus:
            resource = _BONUS_RESOURCE.get(icon)
            if resource is not None:
                gain(st, seat, resource, 1)
                metal = metal or icon in ("steel", "titanium")
            elif icon == "card":
                draw_to_hand(st, seat, 1)
        board = st.board
        oceans = sum(1 for n in m.neighbors[space] if board.get(n, ("",))[0] == "ocean")
        if oceans:
            gain(st, seat, MC, OCEAN_ADJACENCY_MC * oceans)
        special = m.specials.get(space)
        if special is not None:
            _special(st, seat, kind, *special)
    if kind == "ocean":
        st.oceans += 1
        raise_tr(st, seat)
    elif kind == "greenery" and st.phase != "final":
        raise_oxygen(st, seat, 1)
    fire(st, "tile", seat, kind=kind, name=name, mars=on_mars, metal=metal, space=space)


def _special(st: State, seat: int, kind: str, icon: str, cost: int) -> None:
    """§7.8: pay the space's extra M€ and take its step, while the parameter can move."""
    if icon == "ocean":
        # The tile being placed may itself be the last ocean.
        if st.oceans + (kind == "ocean") >= OCEANS_MAX:
            return
        lose(st, seat, MC, cost)
        log(st, seat, "map_ocean", cost)
        front(st, ("place", seat, "", "ocean", "ocean", ""))
    elif special_active(st, icon):
        lose(st, seat, MC, cost)
        log(st, seat, "map_temperature", cost)
        raise_temperature(st, seat, 1)


def adjacent_count(st: State, space: str, kind: str) -> int:
    """Return how many tiles of `kind` touch `space` (VP of Capital, Commercial District)."""
    m = map_of(st)
    return sum(1 for n in m.neighbors.get(space, ()) if st.board.get(n, ("",))[0] == kind)
