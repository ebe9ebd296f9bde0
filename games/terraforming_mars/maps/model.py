"""Map data types (rules §7.1, §17.3) and the lookups the placement rules need."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

__all__ = ["SPECIAL_ICONS", "MapDef", "Space", "space_row"]

# §7.8: bonus icons that cost the placer extra M€ and bring a global parameter step, while
# that parameter can still move (Hellas' ocean space, Vastitas Borealis' temperature space).
SPECIAL_ICONS = {"ocean": 6, "temperature": 4}


class Space(NamedTuple):
    """One hex of Mars as the map file gives it."""

    id: str
    row: int
    col: int
    q: int
    r: int
    type: str  # "land", "ocean_reserved" or "reserved_city"
    bonus: tuple[str, ...]
    volcanic: bool
    name: str
    neighbors: tuple[str, ...]


_TYPES = {"L": "land", "O": "ocean_reserved", "R": "reserved_city"}


def space_row(
    sid: str, q: int, r: int, kind: str, bonus: str, volcanic: bool, name: str, near: str
) -> Space:
    """Return a Space from one row of a map module (the format every map module uses).

    A row: id, axial q, axial r, type (L land, O ocean-reserved, R reserved city), bonus
    icons, volcanic, name, neighbours clockwise from the upper-left one.
    """
    row, col = (int(part) for part in sid[1:].split("c"))
    return Space(
        sid, row, col, q, r, _TYPES[kind], tuple(bonus.split()), volcanic, name, tuple(near.split())
    )


@dataclass(frozen=True)
class MapDef:
    """A map: its spaces, off-map city spaces, reserved spaces, milestones and awards."""

    key: str
    name: str
    spaces: tuple[Space, ...]
    off_map: tuple[str, ...]
    reserved: dict[str, str]  # space id -> the card key that alone may use it
    milestones: tuple[str, ...]
    awards: tuple[str, ...]
    by_id: dict[str, Space] = field(init=False)
    neighbors: dict[str, tuple[str, ...]] = field(init=False)
    land: tuple[str, ...] = field(init=False)
    ocean_spaces: tuple[str, ...] = field(init=False)
    metal_spaces: tuple[str, ...] = field(init=False)
    order: dict[str, int] = field(init=False)
    specials: dict[str, tuple[str, int]] = field(init=False)  # space -> (icon, extra M€)

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        set_(self, "by_id", {space.id: space for space in self.spaces})
        neighbors = {space.id: space.neighbors for space in self.spaces}
        for key in self.off_map:
            neighbors[key] = ()
        set_(self, "neighbors", neighbors)
        set_(self, "land", tuple(s.id for s in self.spaces if s.type == "land"))
        set_(self, "ocean_spaces", tuple(s.id for s in self.spaces if s.type == "ocean_reserved"))
        set_(
            self,
            "metal_spaces",
            tuple(s.id for s in self.spaces if "steel" in s.bonus or "titanium" in s.bonus),
        )
        set_(self, "order", {s.id: i for i, s in enumerate(self.spaces)})
        specials = {}
        for space in self.spaces:
            for icon in space.bonus:
                if icon in SPECIAL_ICONS:
                    specials[space.id] = (icon, SPECIAL_ICONS[icon])
        set_(self, "specials", specials)
        for space in self.spaces:
            for other in space.neighbors:
                assert space.id in self.by_id[other].neighbors, f"{space.id}/{other} not mutual"

    def is_on_mars(self, space: str) -> bool:
        """Return whether `space` is a hex of Mars (not an off-map city space)."""
        return space in self.by_id
