"""The Lost Cities deck as constants (rules §1).

Card ids are distinctive strings such as "LC-Y7" (yellow 7) and "LC-YW2" (the second
yellow wager), so leak scans can search rendered pages for them without false alarms.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from games.words import Msg, msg

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
# The colours' names as the board shows them, said in the reader's language.
COLOUR_LABELS: tuple[Msg, ...] = (
    msg("Yellow"),
    msg("Blue"),
    msg("White"),
    msg("Green"),
    msg("Red"),
    msg("Purple"),
)
COLOUR_INDEX: dict[str, int] = {colour: i for i, colour in enumerate(COLOURS)}
_LETTERS = "YBWGRP"

# A card's name, one sentence per colour (translators inflect the colour): "Blue 6", and
# "Blue wager". Each entry builds the card's label from its value.
_NUMBER_LABELS: tuple[Callable[[int], Msg], ...] = (
    lambda value: msg("Yellow %(value)s", value=value),
    lambda value: msg("Blue %(value)s", value=value),
    lambda value: msg("White %(value)s", value=value),
    lambda value: msg("Green %(value)s", value=value),
    lambda value: msg("Red %(value)s", value=value),
    lambda value: msg("Purple %(value)s", value=value),
)
_WAGER_LABELS: tuple[Msg, ...] = (
    msg("Yellow wager"),
    msg("Blue wager"),
    msg("White wager"),
    msg("Green wager"),
    msg("Red wager"),
    msg("Purple wager"),
)

NUMBER_VALUES: tuple[int, ...] = tuple(range(2, 11))  # rules §1.1: one each of 2..10
WAGERS_PER_COLOUR = 3  # rules §1.1: three interchangeable wagers per colour


@dataclass(frozen=True, slots=True)
class Card:
    """One card: its colour index, its value (0 for a wager) and a stable sort key."""

    id: str
    colour: int
    value: int
    order: int
    label: Msg

    @property
    def wager(self) -> bool:
        return self.value == 0


def _build() -> dict[str, Card]:
    cards: dict[str, Card] = {}
    for colour, letter in enumerate(_LETTERS):
        base = colour * 16
        # rules §1.3: the wagers of a colour are interchangeable; ids differ only for the UI.
        for n in range(1, WAGERS_PER_COLOUR + 1):
            card_id = f"LC-{letter}W{n}"
            cards[card_id] = Card(card_id, colour, 0, base + n - 1, _WAGER_LABELS[colour])
        for value in NUMBER_VALUES:
            card_id = f"LC-{letter}{value}"
            cards[card_id] = Card(
                card_id, colour, value, base + value + 1, _NUMBER_LABELS[colour](value)
            )
    return cards


CARDS: dict[str, Card] = _build()
"""Every card of the six-colour set by id, in sort order (colour, wagers, then values)."""


def deck_ids(expeditions: int) -> tuple[str, ...]:
    """Return the ids of the full card set for 5 or 6 expeditions, in sort order."""
    return tuple(card.id for card in CARDS.values() if card.colour < expeditions)
