"""Log lines of Relative Space moves, built from the public events a move produced."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from games.relative_space.cards import Card
from games.relative_space.state import Event

__all__ = ["action_text", "card_phrase", "event_text"]


def card_phrase(card: Card) -> str:
    """Return "a 7", "an 8", "a Key", "a START!" for a card."""
    name = card.name
    article = "an" if name[0] in "8AEIOU" or name in ("11", "18") else "a"
    return f"{article} {name}"


def _slots(names: Sequence[str]) -> str:
    return ", ".join(names)


def event_text(event: Event, cards: Mapping[str, Card]) -> str:
    """Return the text of one event, without its subject ("played a 7 on pod 2")."""
    kind = event.kind
    if kind == "open":
        return f"used the Key from {event.slot} to open pod {event.pod}"
    if kind in ("load", "block"):
        card = card_phrase(cards[event.card])
        if event.blind:
            text = f"turned up {event.slot}, {card}, onto pod {event.pod}"
        else:
            text = f"played {card} from {event.slot} onto pod {event.pod}"
        if kind == "load":
            return text
        text += " and blocked it"
        if event.refilled:
            text += f": {_slots(event.refilled)} refilled face up"
        else:
            text += ": no place to refill"
        if event.out:
            text += f", {event.out} card{'s' if event.out != 1 else ''} removed from the game"
        if event.removed:
            return text + f", pod {event.pod} leaves the game"
        return text + f", pod {event.pod} stays in play, empty"
    if kind == "launch":
        text = f"pod {event.pod} launched with {event.out} card{'s' if event.out != 1 else ''}"
        if event.new_pod:
            text += f", new pod {event.new_pod} comes into play"
        return text
    if kind == "pass":
        return "passed on the extra play"
    if kind == "win":
        return "emptied the supply and wins"
    return "the safety stop ended the game"


def action_text(events: Sequence[Event], cards: Mapping[str, Card]) -> str:
    """Return the log line of one move: its events joined in order."""
    if not events:
        return "made a move"
    return "; ".join(event_text(event, cards) for event in events)
