"""The card catalogue: every registered CardDef by id, filled by games.terraforming_mars.cards.

Kept in its own module so that the interpreter, the card modules and their hooks can all
import it without import cycles.
"""

from __future__ import annotations

from games.terraforming_mars.cards.model import CardDef

__all__ = ["CARDS", "by_number", "register_cards"]

CARDS: dict[str, CardDef] = {}
_NAMES: dict[str, str] = {}


def register_cards(cards: tuple[CardDef, ...] | list[CardDef]) -> None:
    """Add `cards` to the catalogue; a second card with the same id or name is a bug."""
    for card in cards:
        assert card.id not in CARDS, f"card {card.id} registered twice"
        assert card.name not in _NAMES, f"card name {card.name!r} registered twice"
        CARDS[card.id] = card
        _NAMES[card.name] = card.id


def by_number(number: str) -> CardDef:
    """Return the card printed with `number` ("008", "R08")."""
    return CARDS[f"TM-{number}"]
