"""Relative Space cards: the card model and the deck builder (rules §3.1, §9).

The deck itself is data: the engine's house-rule table (games/relative_space/engine.py)
names the item numbers, their copies and the special-card table, and `build_deck` turns
that table into cards. Card ids are distinctive strings such as "RS-I7#3" (the third
item 7) or "RS-START#2", so leak scans can search rendered pages for hidden cards.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

__all__ = ["ID_PREFIX", "Card", "SpecialCard", "build_deck"]

ID_PREFIX = "RS-"
ITEM_CODE = "I"

ExtraPlay = Literal["any", "same"]


@dataclass(frozen=True, slots=True)
class SpecialCard:
    """One row of the special-card table: what a special card does once it is loaded.

    `launch` is the START! effect (§9.2), resolved after the card's own instruction.
    `extra_play` grants one more play this turn: onto any pod ("any", §9.3) or onto the
    pod the card went on ("same", §9.4). `opens_pod` marks a key (§9.1): at the start of
    a turn it may open a new pod instead of being played.
    """

    code: str
    name: str
    short: str  # what a small card shows
    copies: int
    text: str
    launch: bool = False
    extra_play: ExtraPlay | None = None
    opens_pod: bool = False

    def __post_init__(self) -> None:
        assert self.code.isalpha() and self.code.isupper() and self.code != ITEM_CODE
        assert self.copies >= 0
        assert self.extra_play in (None, "any", "same")


@dataclass(frozen=True, slots=True)
class Card:
    """One physical card. Items carry a value; a special card carries its table row."""

    id: str
    value: int  # 0 for special cards
    special: SpecialCard | None
    order: int  # position in the sorted deck list

    @property
    def is_item(self) -> bool:
        return self.special is None

    @property
    def code(self) -> str:
        """Return "I" for an item, else the special card's code ("KEY", "START", ...)."""
        return ITEM_CODE if self.special is None else self.special.code

    @property
    def name(self) -> str:
        """Return what the card shows: its number, or the special card's name."""
        return str(self.value) if self.special is None else self.special.name


def build_deck(
    item_values: Iterable[int], item_copies: int, specials: Sequence[SpecialCard]
) -> dict[str, Card]:
    """Return every card of the deck by id: items by value and copy, then the specials."""
    cards: dict[str, Card] = {}
    for value in item_values:
        assert value > 0, "item values start at 1: an empty pod has load value 0 (§6.2)"
        for copy in range(1, item_copies + 1):
            card_id = f"{ID_PREFIX}{ITEM_CODE}{value}#{copy}"
            cards[card_id] = Card(card_id, value, None, len(cards))
    for special in specials:
        for copy in range(1, special.copies + 1):
            card_id = f"{ID_PREFIX}{special.code}#{copy}"
            cards[card_id] = Card(card_id, 0, special, len(cards))
    assert len({code.code for code in specials}) == len(specials), "special codes are unique"
    # Copy numbers stay below 10, so no id is the beginning of another (leak scans).
    assert item_copies < 10 and all(special.copies < 10 for special in specials)
    return cards
