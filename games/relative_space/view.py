"""What one seat (or a spectator) may see of a Relative Space game, as JSON-safe data."""

from __future__ import annotations

from typing import Any

from games.relative_space.cards import Card
from games.relative_space.engine import RelativeSpace
from games.relative_space.state import Event, RelativeSpaceState
from games.relative_space.supply import Supply, open_slots
from games.relative_space.text import place_numbers

__all__ = ["build_view", "card_data"]


def card_data(card: Card) -> dict[str, Any]:
    """Return one face-up card for the template (never called for a hidden card)."""
    special = card.special
    return {
        "id": card.id,
        "item": special is None,
        "value": card.value,
        "code": card.code,
        "name": card.name,
        "short": card.name if special is None else special.short,
        "text": "" if special is None else special.text,
    }


def build_view(
    engine: RelativeSpace, state: RelativeSpaceState, seat: int | None
) -> dict[str, Any]:
    """Return the board data for `seat`; None is a spectator.

    Hidden (§3.3, §11.3): every face-down supply card, from everyone including its
    owner, and the set-aside cards (count only). Everything else is public.
    """
    if not (type(seat) is int and 0 <= seat < state.players):
        seat = None
    cards = engine.cards
    layout = engine.layout
    running = not state.over
    legal = engine.legal_actions(state, seat) if seat is not None else []
    last_turn = state.recent[-1].turn if state.recent else 0
    latest = [event for event in state.recent if event.turn == last_turn]
    fresh = {
        (event.seat, name) for event in latest if event.kind == "block" for name in event.refilled
    }
    placed_last = {event.card for event in latest if event.kind in ("load", "open")}

    targets: dict[int, list[dict[str, Any]]] = {pod.id: [] for pod in state.pods}
    new_pod: list[dict[str, Any]] = []
    pickable: list[str] = []
    supply = state.supplies[state.active]
    holes = [i for i in state.empty_at_start if supply[i] is None]
    pods = {pod.id: pod for pod in state.pods}
    for action in legal:
        if action["type"] == "pass":
            continue
        name = action["slot"]
        if name not in pickable:
            pickable.append(name)
        if action["type"] == "open_pod":
            row, place = place_numbers(action["key"])
            new_pod.append(
                {
                    "slot": name,
                    "key": action["key"],
                    "key_row": row,
                    "key_place": place,
                    "action": action,
                }
            )
            continue
        entry = supply[layout.index[name]]
        assert entry is not None
        pod = pods[action["pod"]]
        targets[pod.id].append(
            {
                "slot": name,
                "action": action,
                "result": _result(cards, entry, pod.load),
                # §8: a block sends back at most the pod's cards plus the blocking one.
                "returns": min(len(pod.cards) + 1, len(holes)),
            }
        )
    # Cards that only a key uncovers can go nowhere but onto the new pod (§9.1).
    playable = {action["slot"] for action in legal if action["type"] == "play"}
    key_only = {target["slot"] for target in new_pod} - playable

    order = [(seat + k) % state.players for k in range(state.players)] if seat is not None else []
    if seat is None:
        order = list(range(state.players))
    extra = state.stack[-1][1] if state.stack else None
    outcome = engine.outcome(state)
    return {
        "game": engine.slug,
        "you": seat,
        "players": state.players,
        "order": order,
        "active": state.active if running else None,
        "to_move": sorted(engine.to_move(state)),
        "your_turn": running and seat == state.active,
        "turn": state.turn,
        "turn_limit": state.turn_limit,
        "round_info": engine.round_info(state),
        "first": state.first,
        "phase": "over" if not running else ("extra" if state.stack else "play"),
        "extra_pod": extra or None,
        "pending": [
            {"type": "extra_play" if kind == "extra" else "launch", "pod": pod or None}
            for kind, pod in state.stack
        ],
        "pods": [
            {
                "id": pod.id,
                "load": pod.load,
                "count": len(pod.cards),
                "cards": [
                    {**card_data(cards[card]), "last": card in placed_last} for card in pod.cards
                ],
                "top": card_data(cards[pod.cards[-1]]) if pod.cards else None,
                "targets": targets[pod.id],
                "allowed": extra is None or extra == 0 or extra == pod.id,
                "launching": any(k == "launch" and p == pod.id for k, p in state.stack),
            }
            for pod in state.pods
        ],
        "next_pod": state.next_pod,
        "new_pod_targets": new_pod,
        "pickable": pickable,
        "key_only": sorted(key_only, key=layout.index.__getitem__),
        "legal": legal,
        "pass_action": {"type": "pass"} if {"type": "pass"} in legal else None,
        "supplies": [
            _supply_view(engine, state, s, seat, set(pickable), key_only, fresh) for s in order
        ],
        "out_count": len(state.out),
        "out": [card_data(cards[card]) for card in state.out],
        "set_aside_count": len(state.set_aside),
        "empty_at_start": [layout.names[i] for i in state.empty_at_start],
        "recent": _turns(state, cards),
        "finished": not running,
        "winner": state.winner if state.winner >= 0 else None,
        "end_reason": None if running else ("win" if state.winner >= 0 else "limit"),
        "outcome": None
        if outcome is None
        else {
            "scores": list(outcome.scores),
            "places": list(outcome.places),
            "details": outcome.details,
        },
        "options": {"turn_limit": state.turn_limit},
    }


def _result(cards: dict[str, Card], entry: tuple[str, bool], load: int) -> str:
    """Return "loads", "blocks" or "unknown" (a face-down card) for a play onto `load`."""
    card, face_up = entry
    if not face_up:
        return "unknown"
    info = cards[card]
    return "loads" if not info.is_item or info.value >= load else "blocks"


def _supply_view(
    engine: RelativeSpace,
    state: RelativeSpaceState,
    seat: int,
    viewer: int | None,
    pickable: set[str],
    key_only: set[str],
    fresh: set[tuple[int, str]],
) -> dict[str, Any]:
    layout = engine.layout
    supply: Supply = state.supplies[seat]
    available = set(open_slots(layout, supply))
    mine = seat == viewer and state.active == seat and not state.over
    holes = set(state.empty_at_start) if state.active == seat and not state.over else set()
    rows = []
    for row in reversed(layout.row_slots):  # the top (back) row is drawn first
        slots = []
        for i in row:
            entry = supply[i]
            name = layout.names[i]
            slot: dict[str, Any] = {
                "name": name,
                "state": "empty" if entry is None else ("up" if entry[1] else "down"),
                "open": i in available,
                "covered": entry is not None and i not in available,
                "card": card_data(engine.cards[entry[0]])
                if entry is not None and entry[1]
                else None,
                "pick": mine and name in pickable,
                "key_only": mine and name in key_only,
                "fresh": (seat, name) in fresh,
                "hole": i in holes,
            }
            slots.append(slot)
        rows.append(slots)
    count = sum(1 for entry in supply if entry is not None)
    return {
        "seat": seat,
        "you": seat == viewer,
        "count": count,
        "face_down": sum(1 for entry in supply if entry is not None and not entry[1]),
        "to_move": not state.over and state.active == seat,
        "winner": state.winner == seat,
        "rows": rows,
    }


def _event_data(event: Event, cards: dict[str, Card]) -> dict[str, Any]:
    return {
        "kind": event.kind,
        "card": card_data(cards[event.card]) if event.card else None,
        "pod": event.pod,
        "slot": event.slot,
        "blind": event.blind,
        "refilled": list(event.refilled),
        "out": event.out,
        "removed": event.removed,
        "new_pod": event.new_pod,
    }


def _turns(state: RelativeSpaceState, cards: dict[str, Card]) -> list[dict[str, Any]]:
    """Return the recent turns, newest first, at most one round of the table."""
    turns: list[dict[str, Any]] = []
    for event in reversed(state.recent):
        if not turns or turns[-1]["turn"] != event.turn:
            if len(turns) == state.players:
                break
            turns.append({"turn": event.turn, "seat": event.seat, "events": []})
        turns[-1]["events"].insert(0, _event_data(event, cards))
    cut = state.events > len(state.recent)
    if len(turns) > 1 and cut and turns[-1]["turn"] == state.recent[0].turn:
        turns.pop()  # the oldest turn may have lost its first events to the cut
    for position, turn in enumerate(turns):
        turn["latest"] = position == 0
    return turns
