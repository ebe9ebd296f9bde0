"""The turn flow as Board Game Arena players know it (README "Turn flow").

1. Pass in advance: while another player acts, a seat that has not passed may say "I pass
   when my turn comes" ({"type": "pass_ahead", "cancel": false}) and take it back
   ({"type": "pass_ahead", "cancel": true}) while it is still not its turn. `State.ahead`
   keeps it; `phases.next_turn` passes for the seat when the turn comes to it.
2. The order of simultaneous effects: the decision ("order", seat, "", groups) that
   `kernel.fire` queues when the order of one player's triggers can matter. Each group is
   (card id, queue items); {"type": "first", "card": id} resolves that card's effects first,
   {"type": "whatever"} all of them in the default (tableau) order.
3. Confirm the end of a turn: with the seat's setting on (`State.confirm`, from the table
   option `confirm_turn`), a turn that is over waits at ("confirm", seat, "") until the
   player presses Confirm ({"type": "confirm"}); until then the platform's Undo takes back
   the turn's decisions. {"type": "confirm_turns", "on": bool} switches the seat's setting
   (offered at tables that play with the option; without it nobody confirms).

Pass in advance and the setting are *aside* actions (games.engine.Game.aside_actions): a seat
may send them when it is not to move; they are logged like any move, and never legal actions,
so bots never send them.
"""

from __future__ import annotations

from typing import Any

from games.terraforming_mars import phases
from games.terraforming_mars.kernel import Decision, decision, front, order_matters
from games.terraforming_mars.state import State
from games.words import msg

__all__ = ["ASIDE_KINDS", "apply_aside", "aside_options", "turn_over"]

Action = dict[str, Any]

#: The action types that are aside actions (never an answer to the decision at hand).
ASIDE_KINDS = frozenset({"pass_ahead", "confirm_turns"})


def aside_options(st: State, seat: int, to_move: frozenset[int]) -> list[Action]:
    """Return the aside actions `seat` may send now (the engine's `aside_actions`)."""
    if st.phase == "over" or not 0 <= seat < st.n:
        return []
    options: list[Action] = []
    if st.phase == "action" and seat not in to_move and not st.solo:
        if st.ahead[seat]:
            options.append({"type": "pass_ahead", "cancel": True})
        elif seat != st.active and not st.players[seat].passed:
            options.append({"type": "pass_ahead", "cancel": False})
    if st.settings.confirm_turn:  # a table played without the option offers no setting
        options.append({"type": "confirm_turns", "on": not st.confirm[seat]})
    return options


def apply_aside(st: State, seat: int, action: Action) -> None:
    """Carry out a legal aside action on the writable state `st` (no log line: a setting)."""
    if action["type"] == "pass_ahead":
        st.ahead = _set(st.ahead, seat, not action["cancel"])
    else:
        st.confirm = _set(st.confirm, seat, bool(action["on"]))


def _set(flags: tuple[bool, ...], seat: int, value: bool) -> tuple[bool, ...]:
    return tuple(value if index == seat else flag for index, flag in enumerate(flags))


def turn_over(st: State, seat: int) -> None:
    """The seat's turn is over (its second action, end turn or pass): confirm, or move on."""
    if st.confirm[seat]:
        front(st, ("confirm", seat, ""))
    else:
        phases.next_turn(st)


@decision("confirm")
class ConfirmTurn(Decision):
    """("confirm", seat, ""): the turn is over; it moves on when the player confirms it."""

    auto = False
    prompt = msg("Your turn is over. Confirm it, or take it back with Undo.")

    def options(self, st: State, item: tuple[Any, ...]) -> list[Action]:
        return [{"type": "confirm"}]

    def choose(self, st: State, item: tuple[Any, ...], action: Action) -> None:
        phases.next_turn(st)


@decision("order")
class EffectOrder(Decision):
    """("order", seat, "", groups): which of the player's simultaneous effects goes first."""

    prompt = msg("Several of your effects happen at once. Which one resolves first?")

    def options(self, st: State, item: tuple[Any, ...]) -> list[Action]:
        options: list[Action] = [{"type": "first", "card": card} for card, _ in item[3]]
        options.append({"type": "whatever"})
        return options

    def choose(self, st: State, item: tuple[Any, ...], action: Action) -> None:
        groups = item[3]
        if action["type"] == "whatever":
            for _card, items in groups:
                for queued in items:
                    front(st, queued)
            return
        chosen = next(group for group in groups if group[0] == action["card"])
        for queued in chosen[1]:
            front(st, queued)
        rest = tuple(group for group in groups if group[0] != action["card"])
        if order_matters(rest):
            front(st, ("order", item[1], "", rest))
            return
        for _card, items in rest:
            for queued in items:
                front(st, queued)
