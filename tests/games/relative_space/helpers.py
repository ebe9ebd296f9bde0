"""Build Relative Space states from a known layout, written in a short card notation.

A card is written as its number ("7") or its special code ("KEY", "START", "DOUBLE",
"LASTCALL"); a leading "~" deals it face down ("~4"). A supply is a mapping of slot
names to cards; a pod is a notation of its cards, bottom first ("1 5 8").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.relative_space.engine import CARDS, ENGINE, LAYOUT
from games.relative_space.state import Pod, RelativeSpaceState

__all__ = ["CARDS", "ENGINE", "LAYOUT", "build_state", "card", "pod_values", "play", "supply_of"]


class _Picker:
    """Hand out unused card ids for notations such as "7" or "START"."""

    def __init__(self) -> None:
        self.used: set[str] = set()

    def take(self, word: str) -> str:
        code = word.lstrip("~")
        prefix = f"RS-I{code}#" if code.isdigit() else f"RS-{code}#"
        for card_id in CARDS:
            if card_id.startswith(prefix) and card_id not in self.used:
                self.used.add(card_id)
                return card_id
        raise AssertionError(f"no unused card left for {word!r}")


def card(word: str) -> str:
    """Return the id of the first copy of a card notation ("7" -> "RS-I7#1")."""
    return _Picker().take(word)


def build_state(
    *,
    supplies: Sequence[Mapping[str, str]],
    pods: Sequence[str] | Mapping[int, str] = ("",),
    active: int = 0,
    empty_at_start: str | None = None,
    stack: Sequence[tuple[str, int]] = (),
    turn: int = 1,
    seed: int = 7,
    turn_limit: int = 500,
    next_pod: int | None = None,
    out: str = "",
) -> RelativeSpaceState:
    """Return a valid state holding exactly the named cards where they are named.

    Every other card is set aside (as many as the deal leaves) or removed from the game.
    `empty_at_start` lists slot names; by default the active seat's empty slots.
    The state is checked with `ENGINE.load`, so it obeys every rule the engine enforces.
    """
    picker = _Picker()
    players = len(supplies)
    built = []
    for spec in supplies:
        slots: list[tuple[str, bool] | None] = [None] * LAYOUT.size
        for name, word in spec.items():
            slots[LAYOUT.index[name]] = (picker.take(word), not word.startswith("~"))
        built.append(tuple(slots))
    pod_specs = dict(enumerate(pods, start=1)) if not isinstance(pods, Mapping) else dict(pods)
    built_pods = []
    for pod_id, text in sorted(pod_specs.items()):
        pile = tuple(picker.take(word) for word in text.split())
        items = [CARDS[c].value for c in pile if CARDS[c].is_item]
        built_pods.append(Pod(pod_id, pile, items[-1] if items else 0))
    out_ids = [picker.take(word) for word in out.split()]
    rest = [c for c in CARDS if c not in picker.used]
    aside = len(CARDS) - players * LAYOUT.size
    if empty_at_start is None:
        holes = tuple(i for i, entry in enumerate(built[active]) if entry is None)
    else:
        holes = tuple(sorted(LAYOUT.index[name] for name in empty_at_start.split()))
    state = RelativeSpaceState(
        seed=seed,
        players=players,
        turn_limit=turn_limit,
        first=ENGINE._first_player(seed, players),
        turn=turn,
        active=active,
        supplies=tuple(built),
        pods=tuple(built_pods),
        next_pod=next_pod or max(pod_specs) + 1,
        out=tuple(out_ids + rest[aside:]),
        set_aside=tuple(rest[:aside]),
        empty_at_start=holes,
        stack=tuple(stack),
        winner=-1,
        over=False,
        recent=(),
        events=0,
    )
    assert ENGINE.load(ENGINE.dump(state)) == state
    return state


def play(state: RelativeSpaceState, slot: str, pod: int) -> RelativeSpaceState:
    """Play the card at `slot` of the active seat onto `pod`."""
    return ENGINE.apply(state, state.active, {"type": "play", "slot": slot, "pod": pod})


def supply_of(state: RelativeSpaceState, seat: int) -> dict[str, Any]:
    """Return a seat's supply as {slot: "7" / "~4" / "START"} for occupied slots."""
    out = {}
    for i, entry in enumerate(state.supplies[seat]):
        if entry is not None:
            info = CARDS[entry[0]]
            word = str(info.value) if info.is_item else info.code
            out[LAYOUT.names[i]] = word if entry[1] else "~" + word
    return out


def pod_values(state: RelativeSpaceState) -> dict[int, list[str]]:
    """Return the pods as {id: ["1", "5", "DOUBLE"]}."""
    return {
        pod.id: [str(CARDS[c].value) if CARDS[c].is_item else CARDS[c].code for c in pod.cards]
        for pod in state.pods
    }
