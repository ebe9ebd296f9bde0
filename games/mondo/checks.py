"""Mondo's load-time checks: a stored state must be one the rules can reach.

`state.load_state` checks every field's type and range; these check the invariants on
top (every tile in one place, chips, phases, the decks). They run inside the engine's
`state_of("Mondo")`, which words a failure as "Not a valid Mondo state: ...".
"""

from __future__ import annotations

from games.mondo.cards import TASKS
from games.mondo.rules import (
    MAX_CLAIMS,
    ROUNDS,
    TASKS_PER_PLAYER,
    chip_stack,
    holders_after,
    modifier_deck,
    pool_order,
    task_display,
    uses_modifiers,
    uses_tasks,
)
from games.mondo.state import EMPTY, MondoState
from games.mondo.tiles import TILE_COUNT
from games.validate import fail

__all__ = ["check_consistency"]


def check_consistency(state: MondoState) -> None:
    """Check the rules' invariants of a loaded state; `fail` on the first one broken."""
    order = pool_order(state.seed, state.round)
    seen = [False] * TILE_COUNT
    for slot, code in enumerate(state.pool):
        if code != EMPTY:
            if code >> 3 != order[slot]:
                fail("a tile lies in the wrong place of the pool")
            seen[code >> 3] = True
    for player in state.seats:
        if player.held is not None:
            code, slot = player.held
            tile = code >> 3
            if order[slot] != tile or state.pool[slot] != EMPTY or seen[tile]:
                fail("a held tile does not match its place in the pool")
            seen[tile] = True
        for code in player.board:
            if code != EMPTY:
                if seen[code >> 3]:
                    fail("a tile is in two places")
                seen[code >> 3] = True
        if player.last >= 0 and player.board[player.last] == EMPTY:
            fail("the last placed tile is missing")
    if not all(seen):
        fail("every tile must be in exactly one place")
    finished = state.round if state.phase in ("break", "over") else state.round - 1
    if len(state.history) != finished or any(
        done.round != number for number, done in enumerate(state.history, start=1)
    ):
        fail("the scored rounds do not match the round")
    if state.phase == "over" and state.round != ROUNDS:
        fail("the game ends after the third round")
    stack = chip_stack(state.players)
    outs = sorted(player.out for player in state.seats if player.out)
    if outs != list(range(1, len(outs) + 1)):
        fail("the jump-out order has gaps")
    if state.chips != stack[len(outs) :]:
        fail("the bonus chips left do not match the players out")
    for player in state.seats:
        expected = stack[player.out - 1] if player.out and player.out <= len(stack) else 0
        if player.chip != expected:
            fail("a bonus chip does not match the jump-out order")
        if state.phase != "play" and player.held is not None:
            fail("nobody holds a tile between rounds")
        if state.phase != "break" and player.ready:
            fail("ready only counts between rounds")
        if len(player.tasks) > MAX_CLAIMS:
            fail("a player holds too many tasks")
    if state.phase == "play" and all(player.out for player in state.seats):
        fail("a round where everybody is out is over")
    if state.holders != holders_after(
        state.settings, state.players, state.history[: state.round - 1]
    ):
        fail("the volcano chip is with the wrong player")
    expected_modifier = modifier_deck(state.seed)[state.round - 1] if uses_modifiers(state) else -1
    if state.modifier != expected_modifier:
        fail("the scoring modifier does not match the deck")
    _check_tasks(state)


def _check_tasks(state: MondoState) -> None:
    """Tasks on display and in hand match the round's shuffle (rules §9.1, §11)."""
    if not uses_tasks(state):
        if state.tasks or any(player.tasks for player in state.seats):
            fail("there are no tasks in this game")
        return
    order = task_display(state.seed, state.round)
    if state.settings.random_tasks:
        if state.tasks:
            fail("dealt tasks are not on display")
        for seat, player in enumerate(state.seats):
            dealt = order[seat * TASKS_PER_PLAYER : (seat + 1) * TASKS_PER_PLAYER]
            if player.tasks != dealt:
                fail("a player's dealt tasks do not match the deal")
        return
    if state.tasks != order[: min(len(TASKS), TASKS_PER_PLAYER * state.players)]:
        fail("the task display does not match the shuffle")
    claimed = [task for player in state.seats for task in player.tasks]
    if len(set(claimed)) != len(claimed) or not set(claimed) <= set(state.tasks):
        fail("a task is claimed twice or is not on display")
