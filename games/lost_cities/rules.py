"""Small Lost Cities rule helpers shared by the engine, the view and the bots."""

from __future__ import annotations

from collections.abc import Callable

from games.lost_cities.cards import CARDS
from games.lost_cities.state import Event
from games.words import Msg, msg

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


# One sentence per colour for each colour-bound line: translators inflect the colour
# ("auf die grüne Expedition", "sulla spedizione verde"). Indexed by colour.
_PLAYED: tuple[Callable[[Msg], Msg], ...] = (
    lambda card: msg("played %(card)s on the yellow expedition", card=card),
    lambda card: msg("played %(card)s on the blue expedition", card=card),
    lambda card: msg("played %(card)s on the white expedition", card=card),
    lambda card: msg("played %(card)s on the green expedition", card=card),
    lambda card: msg("played %(card)s on the red expedition", card=card),
    lambda card: msg("played %(card)s on the purple expedition", card=card),
)
_TOOK: tuple[Callable[[Msg], Msg], ...] = (
    lambda card: msg("took %(card)s from the yellow discard pile", card=card),
    lambda card: msg("took %(card)s from the blue discard pile", card=card),
    lambda card: msg("took %(card)s from the white discard pile", card=card),
    lambda card: msg("took %(card)s from the green discard pile", card=card),
    lambda card: msg("took %(card)s from the red discard pile", card=card),
    lambda card: msg("took %(card)s from the purple discard pile", card=card),
)


def round_end_text(move: Msg, round_no: int, rounds: int) -> Msg:
    """Return the log line of `move`, the draw of the last card, with the round's end (§6)."""
    if round_no >= rounds:
        return msg("%(move)s, the last card of the draw pile: the game is over", move=move)
    return msg(
        "%(move)s, the last card of the draw pile: round %(round)s is over",
        move=move,
        round=round_no,
    )


def event_text(event: Event, rounds: int) -> Msg:
    """Return the public log text of a stored event, which every viewer may read."""
    round_no, _seat, kind, card = event
    if kind == "draw":
        return msg("drew a card")
    if kind == "draw_last":
        return round_end_text(msg("drew a card"), round_no, rounds)
    info = CARDS[card]
    if kind == "play":
        return _PLAYED[info.colour](info.label)
    if kind == "discard":
        return msg("discarded %(card)s", card=info.label)
    return _TOOK[info.colour](info.label)
