"""The game's words for things: resources, tags, tiles, amounts, said in each reader's language.

Pure data (`Msg` literals, so makemessages collects them); the log, the prompts, the refusals
and the board nest them in their sentences.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from games.words import Arg, Msg, msg, nmsg

__all__ = [
    "BONUS_WORDS",
    "CARD_RESOURCE_WORDS",
    "MAP_NAMES",
    "OFF_MAP_NAMES",
    "RESOURCE_WORDS",
    "SPACE_NAMES",
    "TAG_WORDS",
    "TILE_LABELS",
    "NAMED_TILES",
    "amount_of",
    "resource_word",
    "space_words",
    "tile_label",
]

TILE_LABELS = {
    "ocean": msg("ocean"),
    "greenery": msg("greenery"),
    "city": msg("city"),
    "special": msg("special"),
    "capital": msg("Capital"),
    "natural_preserve": msg("Natural Preserve"),
    "mining_area": msg("Mining Area"),
    "mining_rights": msg("Mining Rights"),
    "commercial_district": msg("Commercial District"),
    "nuclear_zone": msg("Nuclear Zone"),
    "lava_flows": msg("Lava Flows"),
    "mohole_area": msg("Mohole Area"),
    "industrial_center": msg("Industrial Center"),
    "ecological_zone": msg("Ecological Zone"),
    "restricted_area": msg("Restricted Area"),
}
#: The named tiles drawn with a symbol of their own (static/icons/symbols/tm-tile-<name>.svg,
#: hyphens for underscores): the special tiles and the Capital city. No letter codes.
NAMED_TILES = frozenset(
    {
        "capital",
        "natural_preserve",
        "mining_area",
        "mining_rights",
        "commercial_district",
        "nuclear_zone",
        "lava_flows",
        "mohole_area",
        "industrial_center",
        "ecological_zone",
        "restricted_area",
    }
)
#: Standard resources (production boxes) by key, as a reader reads them.
RESOURCE_WORDS = {
    "mc": msg("M€"),
    "steel": msg("steel"),
    "titanium": msg("titanium"),
    "plants": msg("plants"),
    "energy": msg("energy"),
    "heat": msg("heat"),
}
#: Tags by key (the board's tag marks, requirements).
TAG_WORDS = {
    "building": msg("building"),
    "space": msg("space"),
    "power": msg("power"),
    "science": msg("science"),
    "jovian": msg("jovian"),
    "earth": msg("earth"),
    "plant": msg("plant"),
    "microbe": msg("microbe"),
    "animal": msg("animal"),
    "city": msg("city"),
    "event": msg("event"),
    "wild": msg("wild"),
}
#: Resources kept on cards (§1.2), by key.
CARD_RESOURCE_WORDS = {
    "animal": msg("animals"),
    "microbe": msg("microbes"),
    "science": msg("science resources"),
    "fighter": msg("fighters"),
    "floater": msg("floaters"),  # §14
    "camp": msg("camps"),  # §17.2 (Colonies)
}
_AMOUNTS: dict[str, Callable[[int], Msg]] = {
    "mc": lambda n: msg("%(n)s M€", n=n),
    "steel": lambda n: msg("%(n)s steel", n=n),
    "titanium": lambda n: msg("%(n)s titanium", n=n),
    "plants": lambda n: nmsg("%(n)s plant", "%(n)s plants", n),
    "energy": lambda n: msg("%(n)s energy", n=n),
    "heat": lambda n: msg("%(n)s heat", n=n),
    "animal": lambda n: nmsg("%(n)s animal", "%(n)s animals", n),
    "microbe": lambda n: nmsg("%(n)s microbe", "%(n)s microbes", n),
    "science": lambda n: nmsg("%(n)s science resource", "%(n)s science resources", n),
    "fighter": lambda n: nmsg("%(n)s fighter", "%(n)s fighters", n),
    "floater": lambda n: nmsg("%(n)s floater", "%(n)s floaters", n),
    "camp": lambda n: nmsg("%(n)s camp", "%(n)s camps", n),
}
#: What pays, by payment letter (payment.letter_of) or name, as a resource key.
PAY_KEYS = {"s": "steel", "t": "titanium", "h": "heat", "p": "microbe", "m": "mc", "mc": "mc"}


def amount_of(n: int, what: str) -> Msg:
    """Return "3 steel", "1 animal": an amount of a resource (standard or on cards)."""
    key = {"plant": "plants", "animals": "animal", "microbes": "microbe"}.get(what, what)
    key = PAY_KEYS.get(key, key)
    make = _AMOUNTS.get(key)
    if make is not None:
        return make(n)
    return msg("%(n)s × %(what)s", n=n, what=what)


def resource_word(key: str) -> Arg:
    """Return a standard resource's or a card resource's word (the key if unknown)."""
    return RESOURCE_WORDS.get(key) or CARD_RESOURCE_WORDS.get(key) or key


#: A map's bonus icons (§7.3, §7.8), as a space's description names them.
BONUS_WORDS = {
    "steel": msg("steel"),
    "titanium": msg("titanium"),
    "plant": msg("plant"),
    "card": msg("card"),
    "heat": msg("heat"),
    "ocean": msg("ocean"),
    "temperature": msg("temperature"),
    "delegate": msg("delegate"),
}


def tile_label(kind: str, name: str) -> Arg:
    """Return a tile's words: its special name if it has one, else its kind."""
    return TILE_LABELS.get(name or kind, name or kind)


#: Named spaces of the maps (volcanoes, Noctis City), by the name a map file gives them.
SPACE_NAMES = {
    "Noctis City": msg("Noctis City"),
    "Alba Mons": msg("Alba Mons"),
    "Arsia Mons": msg("Arsia Mons"),
    "Ascraeus Mons": msg("Ascraeus Mons"),
    "Elysium Mons": msg("Elysium Mons"),
    "Hecates Tholus": msg("Hecates Tholus"),
    "Olympus Mons": msg("Olympus Mons"),
    "Pavonis Mons": msg("Pavonis Mons"),
    "Tharsis Tholus": msg("Tharsis Tholus"),
    "Uranius Tholus": msg("Uranius Tholus"),
}
#: The city spaces off Mars (§7.7), by key.
OFF_MAP_NAMES = {
    "ganymede_colony": msg("Ganymede Colony"),
    "phobos_space_haven": msg("Phobos Space Haven"),
}

_SPACE_ID = re.compile(r"^r(\d+)c(\d+)$")


def space_words(space: str, names: Mapping[str, str] | None = None) -> Arg:
    """Return a space as players read it: its name, else "row 3, space 4" (§7.1's r3c4).

    `names` maps space ids to the map's names (`MapDef` spaces' `name`); without it (an old
    log row read without its map) a space is said by its row and place. Off-map spaces are
    said by their names; anything else (not a space id) as it is.
    """
    if space in OFF_MAP_NAMES:
        return OFF_MAP_NAMES[space]
    name = names.get(space) if names else None
    if name:
        return SPACE_NAMES.get(name, name)
    found = _SPACE_ID.match(space)
    if found is None:
        return space
    # Translators: a hex of the map of Mars, counted from the top row and from the left.
    return msg("row %(row)s, space %(col)s", row=int(found[1]), col=int(found[2]))


#: The maps (§9), by key.
MAP_NAMES = {
    "tharsis": msg("Tharsis"),
    "hellas": msg("Hellas"),
    "elysium": msg("Elysium"),
    "vastitas_borealis": msg("Vastitas Borealis"),
}
