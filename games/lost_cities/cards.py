"""The Lost Cities deck as constants (rules §1).

Card ids are distinctive strings such as "LC-Y7" (yellow 7) and "LC-YW2" (the second
yellow wager), so leak scans can search rendered pages for them without false alarms.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "CARDS",
    "COLOUR_INDEX",
    "COLOUR_LABELS",
    "COLOURS",
    "NUMBER_VALUES",
    "WAGERS_PER_COLOUR",
    "Card",
    "deck_ids",
]

# rules §1.1 and §1.2: the classic five colours, then purple for the six-colour game.
COLOURS: tuple[str, ...] = ("yellow", "blue", "white", "green", "red", "purple")
COLOUR_LABELS: tuple[str, ...] = ("Yellow", "Blue", "White", "Green", "Red", "Purple")
COLOUR_INDEX: dict[str, int] = {colour: i for i, colour in enumerate(COLOURS)}
_LETTERS = "YBWGRP"

NUMBER_VALUES: tuple[int, ...] = tuple(range(2, 11))  # rules §1.1: one each of 2..10
WAGERS_PER_COLOUR = 3  # rules §1.1: three interchangeable wagers per colour


@dataclass(frozen=True, slots=True)
class Card:
    """One card: its colour index, its value (0 for a wager) and a stable sort key."""

    id: str
    colour: int
    value: int
    order: int
    label: str

    @property
    def wager(self) -> bool:
        return self.value == 0


def _build() -> dict[str, Card]:
    cards: dict[str, Card] = {}
    for colour, (letter, label) in enumerate(zip(_LETTERS, COLOUR_LABELS, strict=True)):
        base = colour * 16
        # rules §1.3: the wagers of a colour are interchangeable; ids differ only for the UI.
        for n in range(1, WAGERS_PER_COLOUR + 1):
            card_id = f"LC-{letter}W{n}"
            cards[card_id] = Card(card_id, colour, 0, base + n - 1, f"{label} wager")
        for value in NUMBER_VALUES:
            card_id = f"LC-{letter}{value}"
            cards[card_id] = Card(card_id, colour, value, base + value + 1, f"{label} {value}")
    return cards


CARDS: dict[str, Card] = _build()
"""Every card of the six-colour set by id, in sort order (colour, wagers, then values)."""


def deck_ids(expeditions: int) -> tuple[str, ...]:
    """Return the ids of the full card set for 5 or 6 expeditions, in sort order."""
    return tuple(card.id for card in CARDS.values() if card.colour < expeditions)
