"""Log lines of Relative Space moves, built from the public events a move produced.

Every line is a sentence of `games.words` (message ids and arguments), said in each
reader's language. A place of the pyramid is said in words ("place 3 of row 1", rows
counted from the bottom as the help explains), never by its code ("A3"); pod numbers are
literals.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from games.relative_space.cards import Card
from games.relative_space.state import Event
from games.words import Msg, join, msg, nmsg

__all__ = ["action_text", "card_phrase", "event_text", "place_numbers", "place_phrase"]

#: Item numbers read with "an" in English ("an 8", "an 11", "an 18").
_AN = frozenset({8, 11, 18})


def place_numbers(name: str) -> tuple[int, int]:
    """Return (row, place) of a pyramid place, both from 1: "A3" is place 3 of row 1.

    The names are supply.build_layout's: the row's letter (A the bottom row) and the
    place's number from the left.
    """
    return ord(name[0]) - ord("A") + 1, int(name[1:])


def place_phrase(name: str) -> Msg:
    """Return "place 3 of row 1" for the place named "A3"."""
    row, place = place_numbers(name)
    return msg("place %(place)s of row %(row)s", place=place, row=row)


def places_phrase(names: Sequence[str]) -> Msg:
    """Return "places 1, 2, 3 of row 1, place 1 of row 2": the places grouped by row."""
    rows: dict[int, list[int]] = {}
    for name in names:
        row, place = place_numbers(name)
        rows.setdefault(row, []).append(place)
    return join(
        ", ",
        [
            nmsg(
                "place %(places)s of row %(row)s",
                "places %(places)s of row %(row)s",
                len(places),
                places=join(", ", [str(place) for place in places]),
                row=row,
            )
            for row, places in rows.items()
        ],
    )


def _special_phrase(code: str) -> Msg:
    """Return "a Key", "a START!", ... for a special card's code (§9)."""
    if code == "KEY":
        return msg("a Key")
    if code == "START":
        return msg("a START!")
    if code == "DOUBLE":
        return msg("a Double Load")
    if code == "LASTCALL":
        return msg("a Last Call")
    return msg("a special card")


def card_phrase(card: Card) -> Msg:
    """Return "a 7", "an 8", "a Key", "a START!" for a card."""
    if card.special is not None:
        return _special_phrase(card.special.code)
    if card.value in _AN:
        return msg("an %(item)s", item=card.value)
    return msg("a %(item)s", item=card.value)


def _played(event: Event, cards: Mapping[str, Card]) -> Msg:
    card = card_phrase(cards[event.card])
    if event.blind:
        return msg(
            "turned up %(card)s from %(place)s onto pod %(pod)s",
            card=card,
            place=place_phrase(event.slot),
            pod=event.pod,
        )
    return msg(
        "played %(card)s from %(place)s onto pod %(pod)s",
        card=card,
        place=place_phrase(event.slot),
        pod=event.pod,
    )


def _blocked(event: Event, played: Msg) -> Msg:
    """Return "<played> and blocked it: <what came back>, <cards out>, <the pod's fate>"."""
    parts: list[Msg] = []
    if event.refilled:
        places = places_phrase(event.refilled)
        # The count only picks the form (one place or several: "riempita"/"riempite").
        parts.append(
            nmsg(
                "%(places)s refilled face up",
                "%(places)s refilled face up",
                len(event.refilled),
                places=places,
            )
        )
    else:
        parts.append(msg("no place to refill"))
    if event.out:
        parts.append(
            nmsg(
                "%(n)s card removed from the game",
                "%(n)s cards removed from the game",
                event.out,
            )
        )
    if event.removed:
        parts.append(msg("pod %(pod)s leaves the game", pod=event.pod))
    else:
        parts.append(msg("pod %(pod)s stays in play, empty", pod=event.pod))
    return msg("%(play)s and blocked it: %(result)s", play=played, result=join(", ", parts))


def event_text(event: Event, cards: Mapping[str, Card]) -> Msg:
    """Return the text of one event, without its subject ("played a 7 on pod 2")."""
    kind = event.kind
    if kind == "open":
        return msg(
            "used the Key from %(place)s to open pod %(pod)s",
            place=place_phrase(event.slot),
            pod=event.pod,
        )
    if kind in ("load", "block"):
        played = _played(event, cards)
        return played if kind == "load" else _blocked(event, played)
    if kind == "launch":
        launched = nmsg(
            "pod %(pod)s launched with %(n)s card",
            "pod %(pod)s launched with %(n)s cards",
            event.out,
            pod=event.pod,
        )
        if event.new_pod:
            new = msg("new pod %(pod)s comes into play", pod=event.new_pod)
            return join(", ", [launched, new])
        return launched
    if kind == "pass":
        return msg("passed on the extra play")
    if kind == "win":
        return msg("emptied the supply and wins")
    return msg("the safety stop ended the game")


def action_text(events: Sequence[Event], cards: Mapping[str, Card]) -> Msg:
    """Return the log line of one move: its events joined in order."""
    if not events:
        return msg("made a move")
    return join("; ", [event_text(event, cards) for event in events])
