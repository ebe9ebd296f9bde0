"""A harness for card tests: a position where the card is playable, and the effect's deltas."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.terraforming_mars.catalog import CARDS
from games.terraforming_mars.constants import RESOURCES, TAGS
from games.terraforming_mars.payment import card_cost
from games.terraforming_mars.playability import play_block
from games.terraforming_mars.state import State
from tests.games.terraforming_mars.helpers import (
    ENGINE,
    act,
    card,
    game,
    give,
    in_play,
    place_tiles,
    ready,
    resolve,
    set_prod,
    set_stock,
)

OCEAN_SPACES = ("r1c2", "r1c4", "r1c5", "r2c6", "r4c8", "r5c4", "r5c5", "r5c6", "r6c6")


def _fillers(tag: str, exclude: str) -> list[str]:
    """Plain cards (no effects or triggers) that carry `tag`, to meet tag requirements."""
    out = []
    for card_id, info in sorted(CARDS.items()):
        if card_id == exclude or info.kind not in ("automated", "active"):
            continue
        if tag in info.tags and not info.triggers and not info.effects and not info.actions:
            out.append(card_id[3:])
    return out


def meet_requirements(st: State, number: str, seat: int = 0) -> None:
    """Set the globals, tags and production so the card's requirement holds."""
    info = CARDS[card(number)]
    for req in info.req:
        kind = req[0]
        if kind == "global":
            _, what, bound, limit = req
            if bound == "max":
                continue
            if what == "oceans":
                place_tiles(st, {s: ("ocean", -1) for s in OCEAN_SPACES[: limit - st.oceans]})
            elif what == "oxygen":
                st.oxygen = limit
            else:
                st.temperature = limit
        elif kind == "tag":
            tag = TAGS[req[1]]
            have = st.players[seat].tags[req[1]]
            fillers = [f for f in _fillers(tag, info.id) if card(f) not in st.players[seat].played]
            for filler in fillers[: max(0, req[2] - have)]:
                in_play(st, seat, filler)
        elif kind == "production":
            st.pw(seat).prod[req[1]] = max(st.pw(seat).prod[req[1]], req[2])


@dataclass
class Played:
    before: State
    after: State
    seat: int = 0

    def stock(self, res: str, seat: int | None = None) -> int:
        s = self.seat if seat is None else seat
        i = RESOURCES.index(res)
        return self.after.players[s].stock[i] - self.before.players[s].stock[i]

    def prod(self, res: str, seat: int | None = None) -> int:
        s = self.seat if seat is None else seat
        i = RESOURCES.index(res)
        return self.after.players[s].prod[i] - self.before.players[s].prod[i]

    def tr(self, seat: int | None = None) -> int:
        s = self.seat if seat is None else seat
        return self.after.players[s].tr - self.before.players[s].tr

    @property
    def tiles(self) -> list[tuple[str, int, str]]:
        return [t for s, t in self.after.board.items() if s not in self.before.board]

    def res(self, number: str, seat: int | None = None) -> int:
        s = self.seat if seat is None else seat
        return self.after.players[s].res.get(card(number), 0)


def position(
    number: str,
    *,
    players: int = 2,
    corps: tuple[str, ...] | None = None,
    options: dict[str, Any] | None = None,
    extra_mc: int = 0,
) -> State:
    """Return a writable position where seat 0 holds `number` and can just pay for it."""
    st = game(players, corps=corps, options=options)
    for seat in range(players):
        set_prod(st, seat, steel=1, titanium=1, plants=3, energy=3, heat=3)
        set_stock(st, seat, plants=5)
    meet_requirements(st, number)
    give(st, 0, number)
    set_stock(st, 0, mc=card_cost(st.players[0], card(number)) + extra_mc)
    return st


def play_card(st: State, number: str, *choices: dict[str, Any], seat: int = 0) -> Played:
    """Play `number` from seat 0's hand (must be playable), answering its decisions."""
    before = ready(st) if "_owned" in st.__dict__ else st
    reason = play_block(before, seat, card(number))
    assert reason is None, reason
    after = act(before, seat, {"type": "play", "card": card(number)})
    # The M€ paid is not part of the effect: count from after the payment.
    paid = before.clone()
    paid.pw(seat).stock[0] -= card_cost(before.players[seat], card(number))
    paid.freeze()
    after = resolve(after, seat, *choices)
    return Played(paid, after, seat)


def run(number: str, *choices: dict[str, Any], **kwargs: Any) -> Played:
    return play_card(position(number, **kwargs), number, *choices)


def use(st: State, number: str, *choices: dict[str, Any], seat: int = 0) -> Played:
    """Use the action of a card in play."""
    before = ready(st) if "_owned" in st.__dict__ else st
    after = act(before, seat, {"type": "use", "card": card(number)})
    return Played(before, resolve(after, seat, *choices), seat)


__all__ = ["ENGINE", "Played", "meet_requirements", "play_card", "position", "run", "use"]
