"""Reworld pieces as data: modules, officer cards and population-ship goals (rules §2).

The numbers of each piece are house rules and live in the engine's table (rules §12);
this module only builds the pieces from them. Ids are distinctive strings ("RW-TA1" is
the first terrabot A, "RW-O3-2" the second officer card 3), so leak scans of rendered
pages can search for them without false alarms.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "COLOURS",
    "COLOUR_LABELS",
    "GOAL_KINDS",
    "KINDS",
    "KIND_LABELS",
    "LETTERS",
    "NUMBERS",
    "Card",
    "Catalogue",
    "Module",
    "ShipGoal",
    "build_catalogue",
]

LETTERS: tuple[str, ...] = ("A", "B", "C", "D", "E")  # §1: climate zones / city letters
# §2.2: five crew colours; the names are placeholders, only "five distinct colours" matters.
COLOURS: tuple[str, ...] = ("red", "yellow", "green", "blue", "violet")
COLOUR_LABELS: tuple[str, ...] = ("red", "yellow", "green", "blue", "violet")
_COLOUR_CODES = "RYGBV"
NUMBERS: tuple[int, ...] = (1, 2, 3, 4, 5)  # §2.1: officer cards show 1 to 5
KINDS: tuple[str, ...] = ("terrabot", "crew", "shuttle", "satellite")  # §1
KIND_LABELS = {
    "terrabot": "terrabot",
    "crew": "construction crew",
    "shuttle": "shuttle",
    "satellite": "satellite",
}

# §2.6: what a population ship can ask for. "solid_cities" is P14: at least `need`
# cities, and every city owned has at least `size` modules.
GOAL_KINDS: tuple[str, ...] = (
    "city_size",
    "all_letters",
    "cities",
    "empty_rows",
    "shield",
    "city_crews",
    "crew_colours",
    "satellite_cities",
    "solid_cities",
)


@dataclass(frozen=True, slots=True)
class Module:
    """One module tile: its kind, its letter (terrabots) or colour (crews)."""

    id: str
    kind: str
    letter: str
    colour: str
    order: int
    label: str


@dataclass(frozen=True, slots=True)
class Card:
    """One officer card; only its number matters (§2.1)."""

    id: str
    number: int
    order: int


@dataclass(frozen=True, slots=True)
class ShipGoal:
    """One population ship (§2.6): a goal with one threshold per side, and its points.

    `need` is the threshold on the side for 3-4 players, `need_two` on the 2-player side;
    `size` is the second number of P14 (every city has at least this many modules).
    """

    id: str
    kind: str
    need: int
    need_two: int
    points: int
    size: int = 0

    def threshold(self, players: int) -> int:
        """Return the threshold on the side that `players` use (§3 step 3)."""
        return self.need_two if players == 2 else self.need


@dataclass(frozen=True)
class Catalogue:
    """Every module and card of a game, by id, in a fixed sort order."""

    modules: dict[str, Module]
    cards: dict[str, Card]

    @property
    def module_ids(self) -> tuple[str, ...]:
        return tuple(self.modules)

    @property
    def card_ids(self) -> tuple[str, ...]:
        return tuple(self.cards)


def build_catalogue(
    *,
    cards_per_number: int,
    terrabots_per_letter: int,
    crews_per_colour: int,
    shuttles: int,
    satellites: int,
) -> Catalogue:
    """Return the pieces for the given counts (rules §2.1 and §2.2, house rules H1 and H2)."""
    modules: dict[str, Module] = {}

    def add(module_id: str, kind: str, letter: str, colour: str, label: str) -> None:
        modules[module_id] = Module(module_id, kind, letter, colour, len(modules), label)

    for letter in LETTERS:
        for n in range(1, terrabots_per_letter + 1):
            add(f"RW-T{letter}{n}", "terrabot", letter, "", f"terrabot {letter}")
    for code, colour in zip(_COLOUR_CODES, COLOURS, strict=True):
        for n in range(1, crews_per_colour + 1):
            add(f"RW-C{code}{n}", "crew", "", colour, f"{colour} crew")
    for n in range(1, shuttles + 1):
        add(f"RW-SH{n:02d}", "shuttle", "", "", "shuttle")
    for n in range(1, satellites + 1):
        add(f"RW-SA{n:02d}", "satellite", "", "", "satellite")
    cards: dict[str, Card] = {}
    for number in NUMBERS:
        for n in range(1, cards_per_number + 1):
            card_id = f"RW-O{number}-{n}"
            cards[card_id] = Card(card_id, number, len(cards))
    return Catalogue(modules, cards)
