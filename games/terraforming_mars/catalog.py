"""The card catalogue: every registered CardDef by id, filled by games.terraforming_mars.cards.

Kept in its own module so that the interpreter, the card modules and their hooks can all
import it without import cycles. A registered card's name and effect text are the `Msg`s of
card_texts (the same English words, said in each reader's language); rules read ids only.
"""

from __future__ import annotations

import dataclasses

from games.terraforming_mars.card_texts import NAMES, TEXTS
from games.terraforming_mars.cards.model import CardDef

__all__ = ["CARDS", "by_number", "register_cards"]

CARDS: dict[str, CardDef] = {}
_NAMES: dict[str, str] = {}


def register_cards(cards: tuple[CardDef, ...] | list[CardDef]) -> None:
    """Add `cards` to the catalogue; a second card with the same id or name is a bug."""
    for card in map(_in_words, cards):
        assert card.id not in CARDS, f"card {card.id} registered twice"
        assert card.name not in _NAMES, f"card name {card.name!r} registered twice"
        CARDS[card.id] = card
        _NAMES[card.name] = card.id


def _in_words(card: CardDef) -> CardDef:
    """Return `card` with its name and text as sentences to translate, when they are printed.

    A card whose English differs from cards.csv keeps its plain words (the catalogue test
    fails on it: card_texts.py is written from the CSV).
    """
    name, text = NAMES.get(card.number), TEXTS.get(card.number)
    return dataclasses.replace(
        card,
        name=name if name == card.name else card.name,
        text=text if text == card.text else card.text,
    )


def by_number(number: str) -> CardDef:
    """Return the card printed with `number` ("008", "R08")."""
    return CARDS[f"TM-{number}"]
