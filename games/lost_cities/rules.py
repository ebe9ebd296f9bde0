"""Small Lost Cities rule helpers shared by the engine, the view and the bots."""

from __future__ import annotations

from games.lost_cities.cards import CARDS, COLOURS
from games.lost_cities.state import Event

__all__ = ["can_extend", "column_floor", "event_text", "round_end_text"]

_VALUE = {card_id: card.value for card_id, card in CARDS.items()}


def column_floor(column: tuple[str, ...]) -> int:
    """Return the value a card must exceed to extend `column` (rules §4).

    A column without number cards (empty, or wagers only) takes anything: -1, so wagers
    (value 0) and all numbers pass. Otherwise only numbers above the highest number pass,
    and wagers (0) never do. Numbers rise, so the highest is the last card.
    """
    return (_VALUE[column[-1]] or -1) if column else -1


def can_extend(column: tuple[str, ...], card: str) -> bool:
    """Return whether `card` may go at the end of `column`, a column of its colour (rules §4)."""
    return _VALUE[card] > column_floor(column)


def round_end_text(round_no: int, rounds: int) -> str:
    """Return the tail of a log line for the draw of the last card (rules §6)."""
    if round_no >= rounds:
        return ", the last card of the draw pile: the game is over"
    return f", the last card of the draw pile: round {round_no} is over"


def event_text(event: Event, rounds: int) -> str:
    """Return the public log text of a stored event, which every viewer may read."""
    round_no, _seat, kind, card = event
    if kind == "draw":
        return "drew a card"
    if kind == "draw_last":
        return "drew a card" + round_end_text(round_no, rounds)
    info = CARDS[card]
    colour = COLOURS[info.colour]
    if kind == "play":
        return f"played {info.label} on the {colour} expedition"
    if kind == "discard":
        return f"discarded {info.label}"
    return f"took {info.label} from the {colour} discard pile"
