"""Relative Space state: frozen dataclasses of tuples, their JSON dump and validating load."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from games.relative_space.cards import Card
from games.relative_space.supply import Layout, Slot, Supply
from games.validate import boolean, fail, ids, integer, items, keys

__all__ = [
    "EVENT_KINDS",
    "Event",
    "Frame",
    "Pod",
    "RelativeSpaceState",
    "dump_state",
    "evolve",
    "load_state",
]

DUMP_VERSION = 1
EVENT_KINDS = ("open", "load", "block", "launch", "pass", "win", "limit")

Frame = tuple[str, int]
"""A pending effect (§7.4): ("extra", pod or 0 for any pod) or ("launch", pod)."""


@dataclass(frozen=True, slots=True)
class Pod:
    """An escape pod in play: its id, its cards bottom to top, and its load value (§6.2)."""

    id: int
    cards: tuple[str, ...]
    load: int


@dataclass(frozen=True, slots=True)
class Event:
    """A public log entry of one step of a turn, for "last moves" and the move log.

    kind "open": `card` (the key, from `slot`) opened pod `pod`.
    kind "load" / "block": `card` from `slot` (face down until played: `blind`) went onto
    `pod`; a block refilled the slots `refilled`, removed `out` cards from the game and
    took the pod out of play when `removed`.
    kind "launch": pod `pod` left with `out` cards; `new_pod` is the pod brought in (or 0).
    kind "pass", "win", "limit": the active seat declined an extra play, won, or the
    safety stop ended the game.
    """

    turn: int
    seat: int
    kind: str
    card: str = ""
    pod: int = 0
    slot: str = ""
    blind: bool = False
    refilled: tuple[str, ...] = ()
    out: int = 0
    removed: bool = False
    new_pod: int = 0


@dataclass(frozen=True)
class RelativeSpaceState:
    """Everything about a game. Frozen: `apply` builds new states with `evolve`."""

    seed: int
    players: int
    turn_limit: int
    first: int  # the seat that took turn 1 (§5 step 5)
    turn: int  # number of the current turn, from 1
    active: int
    supplies: tuple[Supply, ...]
    pods: tuple[Pod, ...]  # in play, by increasing id
    next_pod: int
    out: tuple[str, ...]  # removed from the game, face up, oldest first
    set_aside: tuple[str, ...]  # undealt, hidden (§5 step 3)
    empty_at_start: tuple[int, ...]  # slots of the active seat empty when the turn began (§7.1)
    stack: tuple[Frame, ...]  # pending effects, top = last (§7.4)
    winner: int  # -1 while nobody has won
    over: bool
    recent: tuple[Event, ...]  # the last public events, oldest first
    events: int  # events logged since setup (the log's length)


_FIELD_NAMES = frozenset(field.name for field in fields(RelativeSpaceState))
_new_instance = object.__new__


def evolve(state: RelativeSpaceState, **changes: Any) -> RelativeSpaceState:
    """Return a copy of `state` with `changes`, like `dataclasses.replace` but faster."""
    assert changes.keys() <= _FIELD_NAMES, f"unknown fields {set(changes) - _FIELD_NAMES}"
    new = _new_instance(RelativeSpaceState)
    attributes = new.__dict__
    attributes.update(state.__dict__)
    attributes.update(changes)
    return new


# --- dump ---------------------------------------------------------------------------------


def _dump_event(event: Event) -> dict[str, Any]:
    return {
        "turn": event.turn,
        "seat": event.seat,
        "kind": event.kind,
        "card": event.card,
        "pod": event.pod,
        "slot": event.slot,
        "blind": event.blind,
        "refilled": list(event.refilled),
        "out": event.out,
        "removed": event.removed,
        "new_pod": event.new_pod,
    }


def dump_state(state: RelativeSpaceState, layout: Layout) -> dict[str, Any]:
    """Return `state` as JSON-safe data (supplies as slot maps, §4.3)."""
    names = layout.names
    return {
        "v": DUMP_VERSION,
        "seed": state.seed,
        "players": state.players,
        "options": {"turn_limit": state.turn_limit},
        "first": state.first,
        "turn": state.turn,
        "active": state.active,
        "supplies": [
            {
                names[i]: None if entry is None else {"card": entry[0], "face_up": entry[1]}
                for i, entry in enumerate(supply)
            }
            for supply in state.supplies
        ],
        "pods": [
            {"id": pod.id, "cards": list(pod.cards), "load_value": pod.load} for pod in state.pods
        ],
        "next_pod_id": state.next_pod,
        "out": list(state.out),
        "set_aside": list(state.set_aside),
        "empty_at_start": [names[i] for i in state.empty_at_start],
        "stack": [
            {"type": "extra_play" if kind == "extra" else "launch", "pod": pod or None}
            for kind, pod in state.stack
        ],
        "winner": None if state.winner < 0 else state.winner,
        "over": state.over,
        "recent": [_dump_event(event) for event in state.recent],
        "events": state.events,
    }


# --- load ---------------------------------------------------------------------------------


def _card(value: Any, what: str, cards: Mapping[str, Card]) -> str:
    """Return `value` if it is the id of a card of the deck."""
    return ids((value,), what, cards)[0]


def _slot_name(value: Any, what: str, layout: Layout) -> int:
    """Return the index of the supply place named `value` (§4.3: "A1" to "D1")."""
    if type(value) is not str or value not in layout.index:
        fail(f"{what} names an unknown slot")
    return layout.index[value]


def _supply(raw: Any, layout: Layout, cards: Mapping[str, Card]) -> Supply:
    slots = keys(raw, "a supply", layout.names)
    supply: list[Slot | None] = []
    for i, name in enumerate(layout.names):
        entry = slots[name]
        if entry is None:
            supply.append(None)
            continue
        entry = keys(entry, "a supply slot", ("card", "face_up"))
        face_up = boolean(entry["face_up"], "face_up")
        # §4.5: refills are face up, so only a slot dealt face down can hold a hidden card.
        if not face_up and layout.face_up_at_setup[i]:
            fail(f"slot {name} was dealt face up and cannot hold a face-down card")
        supply.append((_card(entry["card"], "a supply", cards), face_up))
    return tuple(supply)


def _pod(raw: Any, cards: Mapping[str, Card]) -> Pod:
    data = keys(raw, "a pod", ("id", "cards", "load_value"))
    pile = ids(data["cards"], "pod cards", cards)
    # §6.2: the load value is the topmost item's value, or 0.
    values = [cards[card].value for card in pile if cards[card].is_item]
    load = integer(data["load_value"], "load_value", 0)
    if load != (values[-1] if values else 0):
        fail("a pod's load value must be the value of its topmost item card")
    return Pod(integer(data["id"], "pod id", 1), pile, load)


def _frame(raw: Any) -> Frame:
    data = keys(raw, "a stack frame", ("type", "pod"))
    pod = data["pod"]
    if data["type"] == "extra_play":
        return ("extra", 0 if pod is None else integer(pod, "frame pod", 1))
    if data["type"] == "launch":
        return ("launch", integer(pod, "frame pod", 1))
    fail("a stack frame has an unknown type")


_EVENT_KEYS = (
    "turn", "seat", "kind", "card", "pod", "slot", "blind", "refilled", "out", "removed",
    "new_pod",
)  # fmt: skip


def _event(raw: Any, players: int, cards: Mapping[str, Card], layout: Layout) -> Event:
    data = keys(raw, "an event", _EVENT_KEYS)
    if data["kind"] not in EVENT_KINDS:
        fail("an event has an unknown kind")
    card = data["card"]
    if card != "":
        _card(card, "an event", cards)
    slot = data["slot"]
    if slot != "":
        _slot_name(slot, "an event", layout)
    refilled = tuple(items(data["refilled"], "refilled"))
    for name in refilled:
        _slot_name(name, "an event", layout)
    return Event(
        turn=integer(data["turn"], "event turn", 1),
        seat=integer(data["seat"], "event seat", 0, players - 1),
        kind=data["kind"],
        card=card,
        pod=integer(data["pod"], "event pod", 0),
        slot=slot,
        blind=boolean(data["blind"], "blind"),
        refilled=refilled,
        out=integer(data["out"], "event out", 0),
        removed=boolean(data["removed"], "removed"),
        new_pod=integer(data["new_pod"], "event new_pod", 0),
    )


_KEYS = {
    "v", "seed", "players", "options", "first", "turn", "active", "supplies", "pods",
    "next_pod_id", "out", "set_aside", "empty_at_start", "stack", "winner", "over", "recent",
    "events",
}  # fmt: skip


def load_state(
    data: Mapping[str, Any],
    *,
    cards: Mapping[str, Card],
    layout: Layout,
    min_players: int,
    max_players: int,
    turn_limits: tuple[int, int],
) -> RelativeSpaceState:
    """Return the state stored in `data`; raise StateError (a ValueError) on anything wrong.

    Run it inside `games.validate.state_of`, which names the game in the message.

    1. Check every field's type and range.
    2. Check that each card is in exactly one place (§11.5).
    3. Check the pods, the stack, the turn and the end against the rules.
    """
    data = keys(data, "the state", _KEYS)
    if data["v"] != DUMP_VERSION or type(data["v"]) is not int:
        fail("unknown version")
    players = integer(data["players"], "players", min_players, max_players)
    options = keys(data["options"], "options", ("turn_limit",))
    turn_limit = integer(options["turn_limit"], "turn_limit", *turn_limits)
    supplies_raw = items(data["supplies"], "supplies")
    if len(supplies_raw) != players:
        fail("there must be one supply per player")
    pods = tuple(_pod(raw, cards) for raw in items(data["pods"], "pods"))
    names = [
        _slot_name(raw, "empty_at_start", layout)
        for raw in items(data["empty_at_start"], "empty_at_start")
    ]
    winner_raw = data["winner"]
    state = RelativeSpaceState(
        seed=integer(data["seed"], "seed"),
        players=players,
        turn_limit=turn_limit,
        first=integer(data["first"], "first", 0, players - 1),
        turn=integer(data["turn"], "turn", 1, turn_limit),
        active=integer(data["active"], "active", 0, players - 1),
        supplies=tuple(_supply(raw, layout, cards) for raw in supplies_raw),
        pods=pods,
        next_pod=integer(data["next_pod_id"], "next_pod_id", 2),
        out=ids(data["out"], "out", cards),
        set_aside=ids(data["set_aside"], "set_aside", cards),
        empty_at_start=tuple(names),
        stack=tuple(_frame(raw) for raw in items(data["stack"], "stack")),
        winner=-1 if winner_raw is None else integer(winner_raw, "winner", 0, players - 1),
        over=boolean(data["over"], "over"),
        recent=tuple(
            _event(raw, players, cards, layout) for raw in items(data["recent"], "recent")
        ),
        events=integer(data["events"], "events", 0),
    )
    _check_consistency(state, cards, layout)
    return state


def _check_consistency(
    state: RelativeSpaceState, cards: Mapping[str, Card], layout: Layout
) -> None:
    everywhere = [entry[0] for supply in state.supplies for entry in supply if entry is not None]
    everywhere += [card for pod in state.pods for card in pod.cards]
    everywhere += [*state.out, *state.set_aside]
    if len(everywhere) != len(cards) or set(everywhere) != set(cards):
        fail("every card must be in exactly one place")
    if len(state.set_aside) != len(cards) - state.players * layout.size:
        fail("the set-aside cards must be the ones not dealt")
    # §11.5: at least one pod is always in play; ids grow and are never reused.
    ids = [pod.id for pod in state.pods]
    if not ids or ids != sorted(set(ids)) or ids[-1] >= state.next_pod:
        fail("pods must be in play, in increasing id order, below next_pod_id")
    if list(state.empty_at_start) != sorted(set(state.empty_at_start)):
        fail("empty_at_start must list slots in refill order")
    active_supply = state.supplies[state.active]
    if not state.over and any(active_supply[i] is not None for i in state.empty_at_start):
        fail("a slot empty at the start of the turn is only refilled by a block, which ends it")
    if len(state.recent) > state.events:
        fail("more recent events than events")
    emptied = [seat for seat, supply in enumerate(state.supplies) if not any(supply)]
    if state.winner >= 0:
        # §10: the first to empty the supply wins at once.
        if not state.over or emptied != [state.winner] or state.winner != state.active:
            fail("the winner is the active seat, the only one with an empty supply")
    elif emptied:
        fail("a player with an empty supply must have won")
    if state.over:
        if state.stack:
            fail("a finished game has no pending effects")
        if state.winner < 0 and state.turn != state.turn_limit:
            fail("a game without a winner only ends at the turn limit")
    pod_ids = set(ids)
    for position, (kind, pod) in enumerate(state.stack):
        if kind == "launch" and pod >= state.next_pod:
            fail("a launch frame names a pod that never existed")
        if kind == "extra" and position != len(state.stack) - 1:
            fail("an extra play is only ever on top of the stack")
        if kind == "extra" and pod and pod not in pod_ids:
            fail("an extra play onto a pod that is not in play")
    if state.stack and state.stack[-1][0] != "extra":
        fail("launches are resolved at once: a waiting stack has an extra play on top")
