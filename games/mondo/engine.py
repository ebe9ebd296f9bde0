"""Mondo rules engine (rules/mondo.md): pure Python, deterministic from the seed.

All seats act at the same time during a round (`simultaneous = True`); the engine is
the referee of the shared pool: a tile taken by one player is gone for everyone else
until it is placed or put back. The platform's clock ends a round through `time_up`.
The rules' numbers and the round's mechanics live in `rules`, the options in `options`,
the load-time checks in `checks`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engine import (
    Action,
    ClockDefaults,
    Game,
    IllegalAction,
    Outcome,
    gettext_noop,
    move,
    places_from_scores,
)
from games.mondo.board import CELL_KEYS, KEY_INDEX, cell_label
from games.mondo.cards import MODIFIERS, TASK_INDEX, TASKS
from games.mondo.checks import check_consistency
from games.mondo.options import OPTIONS
from games.mondo.results import history_view
from games.mondo.rules import (
    BREAK_SECONDS,
    MAX_CLAIMS,
    MIN_TILES_TO_CLAIM,
    ROUNDS,
    SIDES,
    SLOW_GAME_SECONDS,
    SUDDEN_END_MAX_FREE,
    claimable,
    end_round,
    is_solo,
    jump_out,
    legal_cells,
    may_choose_side,
    may_stop,
    modifier_deck,
    next_round,
    pool_secrets,
    replace_player,
    returned,
    round_seconds,
    start_round,
    tiles_on,
    uses_modifiers,
    with_seat,
)
from games.mondo.state import (
    EMPTY,
    Held,
    MondoState,
    Player,
    Settings,
    dump_state,
    evolve,
    load_state,
)
from games.mondo.tiles import TILE_COUNT, TILE_IDS
from games.validate import fail, state_of
from games.words import Msg, msg

__all__ = ["ENGINE", "Mondo", "MondoState"]

_ROTATE = {"left": 3, "right": 1}


class Mondo(Game[MondoState]):
    """Mondo: build a small world of landscape tiles against the clock, all at once."""

    slug = "mondo"
    name = "Mondo"
    min_players = 1
    max_players = 4
    simultaneous = True
    summary = gettext_noop(
        "Everyone at once, against the clock: grab landscape tiles from a shared pool "
        "and build the best little world."
    )
    play_time = gettext_noop("20–30 min")
    # rules/mondo.md: three timed rounds of 5-7 minutes. Mondo is simultaneous, so the
    # platform runs no per-seat clock (the rounds' own timer is the clock); this is
    # the game's length should a per-seat clock ever apply.
    clock = ClockDefaults(
        live_minutes=30, live_increment_seconds=0, async_move_hours=24, async_bank_days=1
    )
    options = OPTIONS

    # --- setup and who may act -----------------------------------------------------------

    def setup(self, *, players: int, seed: int, options: Mapping[str, Any]) -> MondoState:
        """Return round 1 of a new game, dealt from `seed`."""
        if type(players) is not int or not self.min_players <= players <= self.max_players:
            raise ValueError("Mondo is a game for 1 to 4 players.")
        if type(seed) is not int:
            raise ValueError("The seed must be an integer.")
        settings = Settings(**self.validate_options(options))
        return start_round(seed, settings, players, 1, ())

    def to_move(self, state: MondoState) -> frozenset[int]:
        """Return every seat that may act now: all still in the round, or not yet ready."""
        if state.phase == "play":
            return frozenset(s for s, player in enumerate(state.seats) if not player.out)
        if state.phase == "break":
            return frozenset(s for s, player in enumerate(state.seats) if not player.ready)
        return frozenset()

    def is_over(self, state: MondoState) -> bool:
        """Return whether the third round is scored."""
        return state.phase == "over"

    def not_to_move(self, state: MondoState, seat: Any) -> str:
        """Refuse an outsider, a seat already ready between rounds, a seat out of the round."""
        if type(seat) is not int or not 0 <= seat < state.players:
            return msg("You are not playing at this table.")
        if state.phase == "break":
            return msg("You are ready: waiting for the other players.")
        return msg("You are out of this round: wait for the others or for the timer.")

    def round_info(self, state: MondoState) -> str | None:
        """Return "Round r of 3"."""
        return msg("Round %(round)s of %(rounds)s", round=state.round, rounds=ROUNDS)

    def timed_phase(self, state: MondoState) -> tuple[str, float] | None:
        """Return the round timer (rules §6.4, §11 slow_game) or the pause between rounds."""
        if state.phase == "play":
            if state.settings.slow_game:
                if not any(player.out for player in state.seats):
                    return None
                return (f"round-{state.round}-last", float(SLOW_GAME_SECONDS))
            return (f"round-{state.round}", float(round_seconds(state.settings, state.players)))
        if state.phase == "break":
            return (f"break-{state.round}", float(BREAK_SECONDS))
        return None

    def time_up(self, state: MondoState, phase_key: str) -> MondoState:
        """Close the round (or the pause) `phase_key` for everyone; other keys change nothing."""
        current = self.timed_phase(state)
        if current is None or current[0] != phase_key:
            return state
        if state.phase == "play":
            return end_round(state)
        return next_round(state)

    # --- legal actions -------------------------------------------------------------------

    def legal_actions(self, state: MondoState, seat: int) -> list[Action]:
        """Return the seat's actions: pool or held-tile actions, tasks, side, jump out."""
        if seat not in self.to_move(state):
            return []
        player = state.seats[seat]
        if state.phase == "break":
            return [{"type": "ready"}]
        actions: list[Action] = []
        if player.held is None:
            actions += [
                {"type": "take", "slot": slot}
                for slot, code in enumerate(state.pool)
                if code != EMPTY
            ]
        else:
            actions += [{"type": "rotate", "dir": "left"}, {"type": "rotate", "dir": "right"}]
            if not state.settings.no_flip:
                actions.append({"type": "flip"})
            actions.append({"type": "return"})
            actions += [
                {"type": "place", "cell": CELL_KEYS[cell]} for cell in legal_cells(player.board)
            ]
        actions += [{"type": "claim", "task": TASKS[task].key} for task in claimable(state, seat)]
        if may_choose_side(state, player):
            actions.append({"type": "side", "side": SIDES[1 - player.side]})
        if may_stop(state, player):
            actions.append({"type": "stop"})
        return actions

    # --- moves ---------------------------------------------------------------------------

    def dispatch(self, state: MondoState, seat: int, kind: str, action: Action) -> MondoState:
        """Refuse a move of the wrong phase: between rounds only "ready" counts, and only then."""
        if state.phase == "break" and kind != "ready":
            raise IllegalAction(
                msg(
                    "Round %(round)s is over: the next round starts when everybody is ready.",
                    round=state.round,
                )
            )
        if state.phase == "play" and kind == "ready":
            raise IllegalAction(msg("The round is running: keep building your world."))
        return super().dispatch(state, seat, kind, action)

    @move("take", slot=int)
    def _take(self, state: MondoState, seat: int, slot: int) -> MondoState:
        player = state.seats[seat]
        if player.held is not None:
            raise IllegalAction(msg("You already hold a tile: place it or put it back first."))
        if not 0 <= slot < TILE_COUNT:
            raise IllegalAction(msg("There is no such place in the pool."))
        code = state.pool[slot]
        if code == EMPTY:
            # rules §6.2: requests are served in arrival order; the later one loses.
            if any(other.held is not None and other.held[1] == slot for other in state.seats):
                raise IllegalAction(
                    msg("Another player took that tile just before you. Pick another one.")
                )
            raise IllegalAction(msg("That tile is no longer in the pool. Pick another one."))
        held: Held = (code, slot)
        pool = state.pool
        return evolve(
            state,
            pool=(*pool[:slot], EMPTY, *pool[slot + 1 :]),
            seats=with_seat(state, seat, replace_player(player, held=held)),
        )

    @staticmethod
    def _holding(player: Player) -> Held:
        if player.held is None:
            raise IllegalAction(msg("You hold no tile: take one from the pool first."))
        return player.held

    @move("rotate", dir=str)
    def _rotate(self, state: MondoState, seat: int, dir: str) -> MondoState:
        player = state.seats[seat]
        code, slot = self._holding(player)
        turn = _ROTATE.get(dir)
        if turn is None:
            raise IllegalAction(msg("Turn the tile left or right."))
        held: Held = ((code & ~3) | ((code + turn) & 3), slot)
        return evolve(state, seats=with_seat(state, seat, replace_player(player, held=held)))

    @move("flip")
    def _flip(self, state: MondoState, seat: int) -> MondoState:
        player = state.seats[seat]
        code, slot = self._holding(player)
        if state.settings.no_flip:
            raise IllegalAction(
                msg("At this table tiles keep the face they show in the pool: no flipping.")
            )
        held: Held = (code ^ 4, slot)
        return evolve(state, seats=with_seat(state, seat, replace_player(player, held=held)))

    @move("return")
    def _return(self, state: MondoState, seat: int) -> MondoState:
        player = state.seats[seat]
        self._holding(player)
        return evolve(state, **returned(state, seat, player))

    @move("place", cell=str)
    def _place(self, state: MondoState, seat: int, cell: str) -> MondoState:
        player = state.seats[seat]
        code, _slot = self._holding(player)
        index = KEY_INDEX.get(cell, -1)
        if index < 0:
            raise IllegalAction(msg("There is no such space on your board."))
        if player.board[index] != EMPTY:
            raise IllegalAction(msg("That space is taken: placed tiles never move."))
        if index not in legal_cells(player.board):
            raise IllegalAction(
                msg("A new tile must touch a tile already on your board along an edge.")
            )
        board = (*player.board[:index], code, *player.board[index + 1 :])
        placed = replace_player(player, board=board, held=None, last=index)
        state = evolve(state, seats=with_seat(state, seat, placed))
        if EMPTY not in board:
            # rules §6.3: a full board takes the top bonus chip automatically.
            return jump_out(state, seat)
        return state

    @move("stop")
    def _stop(self, state: MondoState, seat: int) -> MondoState:
        if not may_stop(state, state.seats[seat]):
            raise IllegalAction(
                msg(
                    "In the sudden-end game you may jump out only with at most %(n)s free spaces.",
                    n=SUDDEN_END_MAX_FREE,
                )
            )
        return jump_out(state, seat)

    @move("claim", task=str)
    def _claim(self, state: MondoState, seat: int, task: str) -> MondoState:
        player = state.seats[seat]
        index = TASK_INDEX.get(task, -1)
        if not state.tasks:
            raise IllegalAction(msg("There are no tasks to take in this game."))
        if index not in state.tasks:
            raise IllegalAction(msg("That task is not on display this round."))
        if index in player.tasks:
            raise IllegalAction(msg("You already took that task."))
        if any(index in other.tasks for other in state.seats):
            raise IllegalAction(msg("Another player already took that task."))
        if len(player.tasks) >= MAX_CLAIMS:
            raise IllegalAction(msg("You may take at most %(n)s tasks per round.", n=MAX_CLAIMS))
        if tiles_on(player) < MIN_TILES_TO_CLAIM:
            raise IllegalAction(
                msg("Place at least %(n)s tiles before you take a task.", n=MIN_TILES_TO_CLAIM)
            )
        claimed = replace_player(player, tasks=(*player.tasks, index))
        return evolve(state, seats=with_seat(state, seat, claimed))

    @move("side", side=str)
    def _side(self, state: MondoState, seat: int, side: str) -> MondoState:
        player = state.seats[seat]
        if state.settings.backside != "choose":
            raise IllegalAction(msg("The board side is fixed at this table."))
        if side not in SIDES:
            raise IllegalAction(msg("A board has a front and a back side."))
        number = SIDES.index(side)
        if not may_choose_side(state, player):
            raise IllegalAction(
                msg("Choose the side before you place your first tile of the round.")
            )
        if number == player.side:
            raise IllegalAction(msg("Your board already shows that side."))
        return evolve(state, seats=with_seat(state, seat, replace_player(player, side=number)))

    @move("ready")
    def _ready(self, state: MondoState, seat: int) -> MondoState:
        player = replace_player(state.seats[seat], ready=True)
        state = evolve(state, seats=with_seat(state, seat, player))
        if all(other.ready for other in state.seats):
            return next_round(state)
        return state

    # --- results -------------------------------------------------------------------------

    def outcome(self, state: MondoState) -> Outcome | None:
        """Return the totals and places once the third round is scored (rules §12)."""
        if state.phase != "over":
            return None
        totals = state.totals
        return Outcome(
            scores=totals, places=places_from_scores(totals), details=self.details(state)
        )

    def details(self, state: MondoState) -> dict[str, Any]:
        """Return the per-round, per-player breakdown for the end-of-game panel."""
        return {"solo": is_solo(state), "rounds": history_view(state)}

    def timeout_action(self, state: MondoState, seat: int) -> Action:
        """Return a safe move for a seat nobody plays: get ready, or leave the round.

        Jumping out returns a held tile to the pool. In the sudden-end game, where that
        needs a nearly full board, the seat keeps filling it instead.
        """
        if state.phase == "break":
            return {"type": "ready"}
        player = state.seats[seat]
        if may_stop(state, player):
            return {"type": "stop"}
        if player.held is None:
            slot = next(s for s, code in enumerate(state.pool) if code != EMPTY)
            return {"type": "take", "slot": slot}
        return {"type": "place", "cell": CELL_KEYS[legal_cells(player.board)[0]]}

    # --- persistence ---------------------------------------------------------------------

    def dump(self, state: MondoState) -> dict[str, Any]:
        """Return `state` as JSON-safe data."""
        return dump_state(state)

    def load(self, data: Mapping[str, Any]) -> MondoState:
        """Return the state in `data`; raise ValueError when it breaks a rule."""
        with state_of("Mondo"):
            if not isinstance(data, Mapping):
                fail("expected a mapping")
            state = load_state(data, max_players=self.max_players, options=self.options)
            check_consistency(state)
        return state

    # --- information ---------------------------------------------------------------------

    def secret_tokens(self, state: MondoState, viewer: int | None) -> set[str]:
        """Return what `viewer` may not see (rules §5.2, §6.2).

        Tiles in the pool show one face only: their ids (which name the hidden face) stay
        secret, as do the tiles other players hold, and the modifiers still in the deck.
        """
        secret = set(pool_secrets(state.pool))
        for seat, player in enumerate(state.seats):
            if player.held is not None and seat != viewer:
                secret.add(TILE_IDS[player.held[0] >> 3])
        if uses_modifiers(state) and state.phase != "over":
            deck = modifier_deck(state.seed)
            secret.update(MODIFIERS[index].id for index in deck[state.round :])
        return secret

    def describe(
        self, before: MondoState, after: MondoState, seat: int, action: Action, viewer: int | None
    ) -> Msg:
        """Return the log line of `action`; nobody's hidden tile is named."""
        text = _describe(before, after, seat, action)
        if after.phase != before.phase or after.round != before.round:
            if after.phase == "over" and before.phase == "play":
                return msg("%(move)s: the game is over", move=text)
            if before.phase == "play":
                return msg("%(move)s: round %(round)s is over", move=text, round=before.round)
            return msg("%(move)s: round %(round)s begins", move=text, round=after.round)
        return text


def _describe(before: MondoState, after: MondoState, seat: int, action: Action) -> Msg:
    player = after.seats[seat]
    kind = action["type"]
    if kind == "take":
        return msg("took a tile from the pool")
    if kind == "rotate":
        if action["dir"] == "left":
            return msg("turned the held tile to the left")
        return msg("turned the held tile to the right")
    if kind == "flip":
        return msg("flipped the held tile")
    if kind == "return":
        return msg("put a tile back into the pool")
    if kind == "place":
        cell = cell_label(KEY_INDEX[action["cell"]])
        if player.out and player.chip:
            return msg(
                "placed a tile on %(cell)s and jumped out automatically with bonus chip %(chip)s",
                cell=cell,
                chip=player.chip,
            )
        if player.out:
            return msg("placed a tile on %(cell)s, the board is full", cell=cell)
        return msg("placed a tile on %(cell)s", cell=cell)
    if kind == "stop":
        if player.chip:
            return msg("jumped out with bonus chip %(chip)s", chip=player.chip)
        return msg("finished the round")
    if kind == "claim":
        # The task's name is a catalogue message already (gettext_noop in cards).
        return msg("took the task %(task)s", task=Msg(TASKS[TASK_INDEX[action["task"]]].label))
    if kind == "side":
        if action["side"] == "front":
            return msg("turned the board to its front side")
        return msg("turned the board to its back side")
    return msg("is ready for round %(round)s", round=before.round + 1)


ENGINE = Mondo()
"""The one engine instance, registered by MondoConfig.ready()."""
