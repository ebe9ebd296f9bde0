"""What one seat (or a spectator) may see of a Lost Cities match, as JSON-safe data."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from games.engine import Action
from games.lost_cities.cards import CARDS, COLOUR_LABELS, COLOURS
from games.lost_cities.engine import LostCities
from games.lost_cities.rules import can_extend, event_text
from games.lost_cities.scoring import column_score
from games.lost_cities.state import LostCitiesState

__all__ = ["build_view", "card_data"]


def card_data(card: str) -> dict[str, Any]:
    """Return one face-up card for the template."""
    info = CARDS[card]
    return {
        "id": card,
        "colour": COLOURS[info.colour],
        "value": info.value,
        "wager": info.value == 0,
        "label": info.label,
    }


def build_view(engine: LostCities, state: LostCitiesState, seat: int | None) -> dict[str, Any]:
    """Return the board data for `seat`; None is a spectator, who sees no hand at all.

    Hidden (rules §5): both hands from the other player, the order and contents of the
    draw pile. Public: expeditions, discard piles, the draw pile's size, scores.

    What every seat sees alike is built once per state (`_public`): a push draws each
    seat's view of the same state. The data is shared between those views, so it is
    read, never changed, by whoever gets it (the templates, lobby.marks).
    """
    if seat not in (0, 1):
        seat = None
    public = _public(engine, state)
    legal = engine.legal_actions(state, seat) if seat is not None else []
    # The board's buttons post these actions as they are: one per legal move, else None.
    plays = _by_kind(legal, "play", "card")
    discards = _by_kind(legal, "discard", "card")
    takes = _by_kind(legal, "take", "colour")

    hand = None
    if seat is not None:
        own = state.columns[seat]
        hand = [
            {
                **card_data(card),
                "playable": can_extend(own[CARDS[card].colour], card),
                "play_action": plays.get(card),
                "discard_action": discards.get(card),
            }
            for card in state.hands[seat]
        ]
    piles = public["discards"]
    if takes:
        piles = [{**pile, "take_action": takes.get(pile["colour"])} for pile in piles]
    return {
        **public,
        "you": seat,
        "opponent": None if seat is None else 1 - seat,
        "hand": hand,
        "opponent_hand_count": None if seat is None else len(state.hands[1 - seat]),
        "discards": piles,
        "your_turn": state.phase != "over" and seat == state.active,
        "legal": legal,
        "draw_action": next((action for action in legal if action["type"] == "draw"), None),
    }


@lru_cache(maxsize=64)
def _public(engine: LostCities, state: LostCitiesState) -> dict[str, Any]:
    """Return what every seat's view of `state` shows alike (see `build_view`)."""
    settings = state.settings
    colours = range(settings.expeditions)
    bonus = settings.bonus_counts_wagers
    running = state.phase != "over"
    round_now = [sum(column_score(col, bonus) for col in state.columns[s]) for s in (0, 1)]
    totals = state.totals
    outcome = engine.outcome(state)
    recent = [
        {"round": event[0], "seat": event[1], "text": event_text(event, settings.rounds)}
        for event in state.recent
    ]
    return {
        "game": engine.slug,
        "players": [
            {
                "seat": s,
                "hand_count": len(state.hands[s]),
                "round_score": round_now[s],
                "total": totals[s],
                "started_round": state.start == s,
                "to_move": running and state.active == s,
            }
            for s in (0, 1)
        ],
        "colours": [{"key": COLOURS[c], "label": COLOUR_LABELS[c]} for c in colours],
        "expeditions": [
            [_column_view(c, state.columns[s][c], bonus) for c in colours] for s in (0, 1)
        ],
        "discards": [
            _pile_view(c, state.discards[c], settings.discard_display, None) for c in colours
        ],
        "deck_count": len(state.deck),
        "to_move": sorted(engine.to_move(state)),
        "active": state.active if running else None,
        "phase": state.phase,
        "blocked_take_colour": COLOURS[state.blocked] if state.blocked >= 0 else None,
        "round": state.round,
        "rounds": settings.rounds,
        "round_info": engine.round_info(state),
        "round_scores": [list(done.scores) for done in state.history],
        "starts": [done.start for done in state.history] + ([state.start] if running else []),
        "start_player": state.start,
        "totals": list(totals),
        "round_breakdown": engine.round_details(state)["rounds"],
        "last_action": recent[-1] if recent else None,
        "recent": recent,
        "highlight": _highlight(state),
        "finished": not running,
        "outcome": None
        if outcome is None
        else {
            "scores": list(outcome.scores),
            "places": list(outcome.places),
            "details": outcome.details,
        },
        "options": {
            "expeditions": settings.expeditions,
            "rounds": settings.rounds,
            "first_player": settings.first_player,
            "discard_display": settings.discard_display,
            "bonus_counts_wagers": bonus,
        },
    }


def _column_view(colour: int, column: tuple[str, ...], bonus: bool) -> dict[str, Any]:
    numbers = [CARDS[card].value for card in column if CARDS[card].value]
    return {
        "colour": COLOURS[colour],
        "label": COLOUR_LABELS[colour],
        "cards": [card_data(card) for card in column],
        "started": bool(column),
        "wagers": len(column) - len(numbers),
        "sum": sum(numbers),
        "top": numbers[-1] if numbers else None,
        # rules §10: show each column's running score while the round is in progress.
        "score": column_score(column, bonus),
    }


def _by_kind(legal: list[Action], kind: str, key: str) -> dict[str, Action]:
    """Return the legal actions of type `kind` by the value of their field `key`."""
    return {action[key]: action for action in legal if action["type"] == kind}


def _pile_view(
    colour: int, pile: tuple[str, ...], display: str, take: Action | None
) -> dict[str, Any]:
    return {
        "colour": COLOURS[colour],
        "label": COLOUR_LABELS[colour],
        "count": len(pile),
        "top": card_data(pile[-1]) if pile else None,
        # rules §5 house rule: the full pile only when the table chose that display.
        "cards": [card_data(card) for card in pile] if display == "full" else None,
        "take_action": take,
    }


def _highlight(state: LostCitiesState) -> list[str]:
    """Return ids of cards placed in the last turns that still lie face up on the table.

    A card taken into a hand is left out: its id must not appear in the opponent's page.
    """
    face_up = {card for cols in state.columns for col in cols for card in col}
    face_up.update(card for pile in state.discards for card in pile)
    return [
        card
        for round_no, _seat, kind, card in state.recent
        if round_no == state.round and kind in ("play", "discard") and card in face_up
    ]
