"""Build Terraforming Mars states from a known position, and play scripted decisions."""

from __future__ import annotations

from typing import Any

from games.terraforming_mars.catalog import CARDS
from games.terraforming_mars.constants import RES_INDEX
from games.terraforming_mars.engine import ENGINE
from games.terraforming_mars.kernel import recompute
from games.terraforming_mars.state import State

__all__ = ["ENGINE", "act", "card", "game", "give", "in_play", "ready", "resolve"]


def card(number: str) -> str:
    """Return the id of the card printed with `number` ("008" -> "TM-008")."""
    card_id = f"TM-{number}"
    assert card_id in CARDS, number
    return card_id


def game(
    players: int = 2,
    *,
    corps: tuple[str, ...] | None = None,
    first: int = 0,
    seed: int = 7,
    options: dict[str, Any] | None = None,
    mc: int | None = None,
) -> State:
    """Return a WRITABLE state in generation 1's action phase: no hands, chosen corps.

    Corporations are put in play without their starting resources (tests set stocks
    themselves); `ready` freezes the state for the engine.
    """
    st = ENGINE.setup(players=players, seed=seed, options=options or {}).clone()
    for seat in range(players):
        player = st.pw(seat)
        choice = st.sel[seat]
        if choice is not None:
            st.deck = st.deck + tuple(choice["cards"])
        player.hand = ()
        player.corp = card(corps[seat]) if corps and corps[seat] else ""
        recompute(player)
        if mc is not None:
            player.stock[0] = mc
    st.sel = [None] * players
    st.phase = "action"
    st.first = first
    st.active = first
    st.turn_actions = 0
    st.log = ()
    return st


def _take_out(st: State, card_id: str) -> None:
    """Remove a card from the deck / discard pile so it can be put somewhere else."""
    st.deck = tuple(c for c in st.deck if c != card_id)
    st.discard = tuple(c for c in st.discard if c != card_id)


def give(st: State, seat: int, *numbers: str) -> None:
    """Put cards into a hand (taken out of the deck)."""
    player = st.pw(seat)
    for number in numbers:
        card_id = card(number)
        _take_out(st, card_id)
        player.hand = (*player.hand, card_id)


def in_play(st: State, seat: int, *numbers: str, res: int | None = None) -> None:
    """Put cards face up in a tableau (events to the event pile), with `res` resources."""
    player = st.pw(seat)
    for number in numbers:
        card_id = card(number)
        _take_out(st, card_id)
        if CARDS[card_id].kind == "event":
            player.events = (*player.events, card_id)
        else:
            player.played = (*player.played, card_id)
            if CARDS[card_id].resource:
                player.res[card_id] = res or 0
    recompute(player)


def set_stock(st: State, seat: int, **amounts: int) -> None:
    player = st.pw(seat)
    for name, value in amounts.items():
        player.stock[RES_INDEX[name]] = value


def set_prod(st: State, seat: int, **amounts: int) -> None:
    player = st.pw(seat)
    for name, value in amounts.items():
        player.prod[RES_INDEX[name]] = value


def ready(st: State) -> State:
    """Freeze a hand-built state so the engine may use it."""
    for player in st.players:
        recompute(player)
    st.freeze()
    assert ENGINE.load(ENGINE.dump(st)) == st
    return st


def act(st: State, seat: int, *actions: dict[str, Any]) -> State:
    """Apply actions in order (each must be legal)."""
    for action in actions:
        legal = ENGINE.legal_actions(st, seat)
        assert action in legal, f"{action} not in {legal}"
        st = ENGINE.apply(st, seat, action)
    return st


def resolve(st: State, seat: int, *choices: dict[str, Any]) -> State:
    """Answer pending decisions of `seat` with `choices`, then the first option of any more."""
    for action in choices:
        st = act(st, seat, action)
    while st.queue and st.queue[0][1] == seat:
        st = act(st, seat, ENGINE.legal_actions(st, seat)[0])
    return st


def play(st: State, seat: int, number: str, *choices: dict[str, Any]) -> State:
    """Play a card from hand, then answer its decisions (first option unless given)."""
    st = act(st, seat, {"type": "play", "card": card(number)})
    return resolve(st, seat, *choices)


def space(space_id: str) -> dict[str, Any]:
    return {"type": "space", "space": space_id}


def place_tiles(st: State, tiles: dict[str, tuple[str, int]]) -> None:
    """Put tiles directly on the board: {space: (kind, owner)}; oceans update the count."""
    board = st.board_w()
    for space_id, (kind, owner) in tiles.items():
        name = ""
        if kind == "capital":
            kind, name = "city", "capital"
        board[space_id] = (kind, -1 if kind == "ocean" else owner, name)
        if kind == "ocean":
            st.oceans += 1
