"""Mondo rules engine (rules/mondo.md): pure Python, deterministic from the seed.

All seats act at the same time during a round (`simultaneous = True`); the engine is
the referee of the shared pool: a tile taken by one player is gone for everyone else
until it is placed or put back. The platform's clock ends a round through `time_up`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any

from games import rng
from games.engine import (
    Action,
    ClockDefaults,
    Game,
    IllegalAction,
    Option,
    Outcome,
    gettext_noop,
    parse_action,
    places_from_scores,
)
from games.mondo.board import CELL_COUNT, CELL_KEYS, KEY_INDEX, NEIGHBOURS, SOLO_CELLS, cell_label
from games.mondo.cards import MODIFIERS, TASK_INDEX, TASKS
from games.mondo.scoring import (
    ORIENTED_CODE,
    BoardScore,
    score_board,
    score_round,
    volcano_holders,
)
from games.mondo.state import (
    EMPTY,
    Held,
    MondoState,
    Placed,
    Player,
    RoundResult,
    Settings,
    code_of,
    dump_state,
    evolve,
    load_state,
)
from games.mondo.tiles import TILE_COUNT, TILE_IDS

__all__ = ["ENGINE", "Mondo", "MondoState"]

# --- Rule constants and house rules (rules/mondo.md) -----------------------------------
# Every value the engine uses is one line here; "(house rule)" marks what rules/mondo.md
# tags "not confirmed by sources".
ROUNDS = 3  # §6: a game has exactly three rounds
CHIP_VALUES = (4, 3, 2, 1)  # §5.2 step 3: as many chips as players, highest values, 4 on top
# (house rule §5.2 step 3: two players use 4 and 3; solo uses none, §10)
LEVEL_MINUTES = {"beginner": 7, "advanced": 6, "expert": 5}  # §5.1
MAX_MINUTES = 30  # §11 `time`: 4-7 minutes usual, other values allowed; 0 = by level
SUDDEN_END_MINUTES = 4  # §11 sudden_end: "shorter timer (e.g. 4 min)"
SUDDEN_END_MAX_FREE = 3  # §11 sudden_end: jump out only with at most 3 free spaces
SLOW_GAME_SECONDS = 60  # §11 slow_game: the first to jump out starts a 1-minute timer
BREAK_SECONDS = 60  # (house rule, digital) a pause to read the scores between rounds,
# ended early once every player is ready
TASKS_PER_PLAYER = 2  # §6 step 1: reveal 2 x players tasks; §11 random_tasks: 2 dealt each
MAX_CLAIMS = 2  # §9.1: up to two tasks per player and round
MIN_TILES_TO_CLAIM = 3  # §9.1: at least three tiles on the board to take a task
SOLO_SEEDS = 4  # §10 (house rule): four random tiles on the tinted spaces
GRACE_SECONDS = 0  # §6.2: no grace window after a drop: a placed tile is fixed at once
# House rules that are behaviour rather than a number, and where they live:
# - §5.2 step 2: each round every tile enters the pool with a random face and rotation
#   (`_fresh_pool`).
# - §6.2: taking a tile gives exclusive possession, served in arrival order (`_do_take`);
#   a tile put back returns to its own place in the pool, showing the face and rotation
#   its holder gave it (`_do_return`); a held tile goes back when its holder jumps out
#   or the round ends (`_jump_out`, `_end_round`).
# - §3.1, §3.3, §3.4: the disc layout, the back rim's quadrants, the tinted spaces
#   (board.py). §4.4 / Appendix A: the tile set; §2.1: the water species (tiles.py).
# - §3.2, §3.3: a tile edge against a rim of another landscape is a connection error;
#   §7.3: one error per mismatching shared edge, one per mismatching rim edge (scoring.py).
# - §7.8: a tie for the top round score gives every tied player the volcano chip.
# - §8: every player tied for best gets +4, every one tied for worst -4; all equal: none.
# - §10: solo is scored in minus points only (free + errors + every volcano) over three
#   rounds; solo and "solo for two" play the beginner rules (no modifiers, no tasks).
# - §11 handicap: one handicapped player, named by player number.
# - §11 random_tasks: two tasks dealt to each player.
# - §12: equal totals share the place.

SIDES = ("front", "back")
BACKSIDE_CHOICES = (
    ("front", gettext_noop("Front: water all around (standard)")),
    ("back", gettext_noop("Back: four landscapes around the rim")),
    ("choose", gettext_noop("Each player chooses a side every round")),
)
VOLCANO_CHIP_CHOICES = (
    ("round", gettext_noop("The top scorer of the last round")),
    ("total", gettext_noop("The overall leader")),
)

_SHAPES: dict[str, dict[str, type]] = {
    "take": {"slot": int},
    "rotate": {"dir": str},
    "flip": {},
    "return": {},
    "place": {"cell": str},
    "stop": {},
    "claim": {"task": str},
    "side": {"side": str},
    "ready": {},
}
_ROTATE = {"left": 3, "right": 1}


def is_solo(state: MondoState) -> bool:
    """Return whether the solo rules apply (rules §10, §11 solo_for_two)."""
    return state.players == 1 or state.settings.solo_rules


def level(settings: Settings) -> str:
    """Return the level the options give (rules §5.1)."""
    if settings.expert:
        return "expert"
    return "advanced" if settings.advanced else "beginner"


def round_seconds(settings: Settings, players: int) -> int:
    """Return the length of a round in seconds (rules §5.1, §6.4, §11)."""
    if settings.time:
        return settings.time * 60
    if settings.sudden_end:
        return SUDDEN_END_MINUTES * 60
    if players == 1 or settings.solo_rules:
        return LEVEL_MINUTES["beginner"] * 60
    return LEVEL_MINUTES[level(settings)] * 60


def uses_modifiers(state: MondoState) -> bool:
    return (state.settings.advanced or state.settings.expert) and not is_solo(state)


def uses_tasks(state: MondoState) -> bool:
    return state.settings.expert and not is_solo(state)


def handicap_seat(state: MondoState) -> int:
    """Return the handicapped seat, or -1 (rules §11 handicap)."""
    seat = state.settings.handicap - 1
    return seat if 0 <= seat < state.players and not is_solo(state) else -1


@lru_cache(maxsize=256)
def pool_order(seed: int, round_no: int) -> tuple[int, ...]:
    """Return the tile in each pool slot of a round (rules §5.2 step 2)."""
    return tuple(rng.shuffled(range(TILE_COUNT), seed=seed, salt=f"mondo/pool-{round_no}"))


def _fresh_pool(seed: int, round_no: int) -> list[Placed]:
    """Return a round's pool: every tile with a random face up and rotation (house rule)."""
    words = rng.words(TILE_COUNT, seed=seed, salt=f"mondo/pool-faces-{round_no}")
    return [
        code_of(tile, word & 1, (word >> 1) & 3)
        for tile, word in zip(pool_order(seed, round_no), words, strict=True)
    ]


def _modifier_deck(seed: int) -> tuple[int, ...]:
    """Return the shuffled modifier deck; round r reveals the r-th (rules §5.2 step 5)."""
    return tuple(rng.shuffled(range(len(MODIFIERS)), seed=seed, salt="mondo/modifiers"))


def _task_display(seed: int, round_no: int) -> tuple[int, ...]:
    """Return this round's shuffled task order (rules §6 step 1)."""
    return tuple(rng.shuffled(range(len(TASKS)), seed=seed, salt=f"mondo/tasks-{round_no}"))


def _chip_stack(players: int) -> tuple[int, ...]:
    """Return the bonus chips of a round, top first (rules §5.2 step 3, §10, §11)."""
    if players == 1:
        return ()
    return CHIP_VALUES[:players]


def _empty_player(side: int) -> Player:
    return Player(
        board=(EMPTY,) * CELL_COUNT,
        held=None,
        side=side,
        out=0,
        chip=0,
        tasks=(),
        last=-1,
        ready=False,
    )


def _start_round(
    seed: int,
    settings: Settings,
    players: int,
    round_no: int,
    history: tuple[RoundResult, ...],
) -> MondoState:
    """Return round `round_no` ready to play: empty boards, the full pool, chips restored."""
    pool = _fresh_pool(seed, round_no)
    side = 1 if settings.backside == "back" else 0
    seats = [_empty_player(side) for _ in range(players)]
    solo = players == 1 or settings.solo_rules
    if solo:
        # rules §10: four random tiles on the tinted spaces, random face and rotation.
        for seat in range(players):
            slots = [slot for slot, code in enumerate(pool) if code != EMPTY]
            chosen = rng.shuffled(slots, seed=seed, salt=f"mondo/solo-{round_no}-{seat}")
            words = rng.words(SOLO_SEEDS, seed=seed, salt=f"mondo/solo-faces-{round_no}-{seat}")
            board: list[Placed] = [EMPTY] * CELL_COUNT
            for cell, slot, word in zip(SOLO_CELLS, chosen[:SOLO_SEEDS], words, strict=True):
                board[cell] = code_of(pool[slot] >> 3, word & 1, (word >> 1) & 3)
                pool[slot] = EMPTY
            seats[seat] = Player(
                board=tuple(board),
                held=None,
                side=side,
                out=0,
                chip=0,
                tasks=(),
                last=-1,
                ready=False,
            )
    modifier = -1
    tasks: tuple[int, ...] = ()
    modules = not solo
    if modules and (settings.advanced or settings.expert):
        modifier = _modifier_deck(seed)[round_no - 1]
    if modules and settings.expert:
        order = _task_display(seed, round_no)
        count = min(len(TASKS), TASKS_PER_PLAYER * players)
        if settings.random_tasks:
            # rules §11 random_tasks: two tasks dealt to each player, to be attempted.
            for seat in range(players):
                dealt = order[seat * TASKS_PER_PLAYER : (seat + 1) * TASKS_PER_PLAYER]
                seats[seat] = _replace_player(seats[seat], tasks=dealt)
        else:
            tasks = order[:count]
    return MondoState(
        seed=seed,
        settings=settings,
        players=players,
        round=round_no,
        phase="play",
        pool=tuple(pool),
        seats=tuple(seats),
        chips=_chip_stack(players),
        modifier=modifier,
        tasks=tasks,
        holders=_holders(settings, players, history),
        history=history,
    )


def _holders(settings: Settings, players: int, history: tuple[RoundResult, ...]) -> tuple[int, ...]:
    """Return who holds the volcano chip in the round after `history` (rules §7.8, §10)."""
    if players == 1 or settings.solo_rules:
        return tuple(range(players))
    if not history:
        return ()
    if settings.volcano_chip == "total":
        totals = [sum(done.players[s].score for done in history) for s in range(players)]
        return volcano_holders(totals)
    return volcano_holders([player.score for player in history[-1].players])


def _replace_player(player: Player, **changes: Any) -> Player:
    values: dict[str, Any] = {
        "board": player.board,
        "held": player.held,
        "side": player.side,
        "out": player.out,
        "chip": player.chip,
        "tasks": player.tasks,
        "last": player.last,
        "ready": player.ready,
    }
    values.update(changes)
    return Player(**values)


def _with_seat(state: MondoState, seat: int, player: Player) -> tuple[Player, ...]:
    seats = state.seats
    return (*seats[:seat], player, *seats[seat + 1 :])


_ADJACENT = tuple(tuple(other for other in edges if other >= 0) for edges in NEIGHBOURS)


def legal_cells(board: tuple[Placed, ...]) -> list[int]:
    """Return the empty cells a tile may go on (rules §6.1)."""
    if board.count(EMPTY) == CELL_COUNT:
        return list(range(CELL_COUNT))
    return [
        cell
        for cell, adjacent in enumerate(_ADJACENT)
        if board[cell] == EMPTY and any(board[other] != EMPTY for other in adjacent)
    ]


def board_faces(player: Player) -> list[Any]:
    """Return the oriented faces on a player's board, for scoring."""
    return [None if code == EMPTY else ORIENTED_CODE[code] for code in player.board]


def board_score(player: Player) -> BoardScore:
    """Return the score of a player's board as it lies now."""
    return score_board(board_faces(player), player.side)


def seeded_count(state: MondoState) -> int:
    return SOLO_SEEDS if is_solo(state) else 0


def tiles_on(player: Player) -> int:
    return CELL_COUNT - player.board.count(EMPTY)


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
    play_time = "20–30 min"
    # rules/mondo.md: three timed rounds of 5-7 minutes. Mondo is simultaneous, so the
    # platform runs no per-seat clock (the rounds' own timer is the clock); this is
    # the game's length should a per-seat clock ever apply.
    clock = ClockDefaults(
        live_minutes=30, live_increment_seconds=0, async_move_hours=24, async_bank_days=1
    )
    options = (
        Option(
            key="time",
            label=gettext_noop("Minutes per round"),
            kind="int",
            default=0,
            min=0,
            max=MAX_MINUTES,
            help=gettext_noop(
                "Usually 4 to 7. 0 means by level: beginner 7, advanced 6, expert 5 minutes."
            ),
        ),
        Option(
            key="backside",
            label=gettext_noop("Board side"),
            kind="choice",
            default="front",
            choices=BACKSIDE_CHOICES,
        ),
        Option(
            key="advanced",
            label=gettext_noop("Advanced: scoring modifiers"),
            kind="bool",
            default=False,
            help=gettext_noop("One of five special scorings applies each round (+4 / -4)."),
        ),
        Option(
            key="expert",
            label=gettext_noop("Expert: modifiers and additional tasks"),
            kind="bool",
            default=False,
            help=gettext_noop("Each player may take up to two tasks per round."),
        ),
        Option(
            key="volcano_chip",
            label=gettext_noop("Volcano chip goes to"),
            kind="choice",
            default="round",
            choices=VOLCANO_CHIP_CHOICES,
        ),
        Option(
            key="handicap",
            label=gettext_noop("Handicapped player"),
            kind="int",
            default=0,
            min=0,
            max=4,
            help=gettext_noop(
                "0 for nobody, else a player number: only that player loses points for "
                "volcanoes, one per active volcano."
            ),
        ),
        Option(
            key="handicap_inactive",
            label=gettext_noop("Handicap also counts inactive volcanoes"),
            kind="bool",
            default=False,
        ),
        Option(
            key="hidden_time",
            label=gettext_noop("Hidden time"),
            kind="bool",
            default=False,
            help=gettext_noop("The remaining time is not shown."),
        ),
        Option(
            key="sudden_end",
            label=gettext_noop("Sudden end"),
            kind="bool",
            default=False,
            help=gettext_noop(
                "4 minutes; the round ends for all when anyone jumps out, which needs at most "
                "3 free spaces."
            ),
        ),
        Option(
            key="slow_game",
            label=gettext_noop("Slow game"),
            kind="bool",
            default=False,
            help=gettext_noop("No timer until the first player jumps out; then 1 minute."),
        ),
        Option(
            key="random_tasks",
            label=gettext_noop("Expert: tasks dealt at random"),
            kind="bool",
            default=False,
            help=gettext_noop("Each player gets two tasks and must attempt them."),
        ),
        Option(
            key="no_flip",
            label=gettext_noop("No flipping"),
            kind="bool",
            default=False,
            help=gettext_noop("Tiles must be used with the face they show in the pool."),
        ),
        Option(
            key="solo_rules",
            label=gettext_noop("Solo rules for everyone"),
            kind="bool",
            default=False,
            help=gettext_noop(
                "Solo for two: everyone plays the solo rules; fewest minus points wins."
            ),
        ),
    )

    # --- setup and who may act -----------------------------------------------------------

    def setup(self, *, players: int, seed: int, options: Mapping[str, Any]) -> MondoState:
        """Return round 1 of a new game, dealt from `seed`."""
        if type(players) is not int or not self.min_players <= players <= self.max_players:
            raise ValueError("Mondo is a game for 1 to 4 players.")
        if type(seed) is not int:
            raise ValueError("The seed must be an integer.")
        settings = Settings(**self.validate_options(options))
        return _start_round(seed, settings, players, 1, ())

    def to_move(self, state: MondoState) -> frozenset[int]:
        """Return every seat that may act now: all still in the round, or not yet ready."""
        if state.phase == "play":
            return frozenset(s for s, player in enumerate(state.seats) if not player.out)
        if state.phase == "break":
            return frozenset(s for s, player in enumerate(state.seats) if not player.ready)
        return frozenset()

    def round_info(self, state: MondoState) -> str | None:
        """Return "Round r of 3"."""
        return f"Round {state.round} of {ROUNDS}"

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
            return self._end_round(state)
        return self._next_round(state)

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
        actions += [
            {"type": "claim", "task": TASKS[task].key} for task in self._claimable(state, seat)
        ]
        if self._may_choose_side(state, player):
            actions.append({"type": "side", "side": SIDES[1 - player.side]})
        if self._may_stop(state, player):
            actions.append({"type": "stop"})
        return actions

    def _claimable(self, state: MondoState, seat: int) -> list[int]:
        player = state.seats[seat]
        if (
            not state.tasks
            or len(player.tasks) >= MAX_CLAIMS
            or tiles_on(player) < MIN_TILES_TO_CLAIM
        ):
            return []
        taken = {task for other in state.seats for task in other.tasks}
        return [task for task in state.tasks if task not in taken]

    def _may_choose_side(self, state: MondoState, player: Player) -> bool:
        return state.settings.backside == "choose" and tiles_on(player) <= seeded_count(state)

    def _may_stop(self, state: MondoState, player: Player) -> bool:
        if state.settings.sudden_end:
            return CELL_COUNT - tiles_on(player) <= SUDDEN_END_MAX_FREE
        return True

    # --- apply ---------------------------------------------------------------------------

    def apply(self, state: MondoState, seat: int, action: Action) -> MondoState:
        """Return the state after `seat` plays `action`; raise IllegalAction otherwise."""
        if state.phase == "over":
            raise IllegalAction("The game is over.")
        kind, fields = parse_action(action, _SHAPES)
        if type(seat) is not int or not 0 <= seat < state.players:
            raise IllegalAction("You are not playing at this table.")
        player = state.seats[seat]
        if state.phase == "break":
            if kind != "ready":
                raise IllegalAction(
                    f"Round {state.round} is over: the next round starts when everybody is ready."
                )
            if player.ready:
                raise IllegalAction("You are ready: waiting for the other players.")
            return self._ready(state, seat, player)
        if kind == "ready":
            raise IllegalAction("The round is running: keep building your world.")
        if player.out:
            raise IllegalAction("You are out of this round: wait for the others or for the timer.")
        handler: Callable[[MondoState, int, Player, Action], MondoState]
        handler = getattr(self, f"_do_{kind}")
        return handler(state, seat, player, fields)

    def _do_take(self, state: MondoState, seat: int, player: Player, fields: Action) -> MondoState:
        if player.held is not None:
            raise IllegalAction("You already hold a tile: place it or put it back first.")
        slot = fields["slot"]
        if not 0 <= slot < TILE_COUNT:
            raise IllegalAction("There is no such place in the pool.")
        code = state.pool[slot]
        if code == EMPTY:
            # rules §6.2: requests are served in arrival order; the later one loses.
            if any(other.held is not None and other.held[1] == slot for other in state.seats):
                raise IllegalAction(
                    "Another player took that tile just before you. Pick another one."
                )
            raise IllegalAction("That tile is no longer in the pool. Pick another one.")
        held: Held = (code, slot)
        pool = state.pool
        return evolve(
            state,
            pool=(*pool[:slot], EMPTY, *pool[slot + 1 :]),
            seats=_with_seat(state, seat, _replace_player(player, held=held)),
        )

    def _held(self, player: Player) -> Held:
        if player.held is None:
            raise IllegalAction("You hold no tile: take one from the pool first.")
        return player.held

    def _do_rotate(
        self, state: MondoState, seat: int, player: Player, fields: Action
    ) -> MondoState:
        code, slot = self._held(player)
        turn = _ROTATE.get(fields["dir"])
        if turn is None:
            raise IllegalAction("Turn the tile left or right.")
        held: Held = ((code & ~3) | ((code + turn) & 3), slot)
        return evolve(state, seats=_with_seat(state, seat, _replace_player(player, held=held)))

    def _do_flip(self, state: MondoState, seat: int, player: Player, fields: Action) -> MondoState:
        code, slot = self._held(player)
        if state.settings.no_flip:
            raise IllegalAction(
                "At this table tiles keep the face they show in the pool: no flipping."
            )
        held: Held = (code ^ 4, slot)
        return evolve(state, seats=_with_seat(state, seat, _replace_player(player, held=held)))

    def _do_return(
        self, state: MondoState, seat: int, player: Player, fields: Action
    ) -> MondoState:
        self._held(player)
        return evolve(state, **_returned(state, seat, player))

    def _do_place(self, state: MondoState, seat: int, player: Player, fields: Action) -> MondoState:
        code, _slot = self._held(player)
        cell = KEY_INDEX.get(fields["cell"], -1)
        if cell < 0:
            raise IllegalAction("There is no such space on your board.")
        if player.board[cell] != EMPTY:
            raise IllegalAction("That space is taken: placed tiles never move.")
        if cell not in legal_cells(player.board):
            raise IllegalAction("A new tile must touch a tile already on your board along an edge.")
        board = (*player.board[:cell], code, *player.board[cell + 1 :])
        placed = _replace_player(player, board=board, held=None, last=cell)
        state = evolve(state, seats=_with_seat(state, seat, placed))
        if EMPTY not in board:
            # rules §6.3: a full board takes the top bonus chip automatically.
            return self._jump_out(state, seat)
        return state

    def _do_stop(self, state: MondoState, seat: int, player: Player, fields: Action) -> MondoState:
        if not self._may_stop(state, player):
            raise IllegalAction(
                f"In the sudden-end game you may jump out only with at most "
                f"{SUDDEN_END_MAX_FREE} free spaces."
            )
        return self._jump_out(state, seat)

    def _do_claim(self, state: MondoState, seat: int, player: Player, fields: Action) -> MondoState:
        task = TASK_INDEX.get(fields["task"], -1)
        if not state.tasks:
            raise IllegalAction("There are no tasks to take in this game.")
        if task not in state.tasks:
            raise IllegalAction("That task is not on display this round.")
        if task in player.tasks:
            raise IllegalAction("You already took that task.")
        if any(task in other.tasks for other in state.seats):
            raise IllegalAction("Another player already took that task.")
        if len(player.tasks) >= MAX_CLAIMS:
            raise IllegalAction(f"You may take at most {MAX_CLAIMS} tasks per round.")
        if tiles_on(player) < MIN_TILES_TO_CLAIM:
            raise IllegalAction(
                f"Place at least {MIN_TILES_TO_CLAIM} tiles before you take a task."
            )
        claimed = _replace_player(player, tasks=(*player.tasks, task))
        return evolve(state, seats=_with_seat(state, seat, claimed))

    def _do_side(self, state: MondoState, seat: int, player: Player, fields: Action) -> MondoState:
        if state.settings.backside != "choose":
            raise IllegalAction("The board side is fixed at this table.")
        if fields["side"] not in SIDES:
            raise IllegalAction("A board has a front and a back side.")
        side = SIDES.index(fields["side"])
        if not self._may_choose_side(state, player):
            raise IllegalAction("Choose the side before you place your first tile of the round.")
        if side == player.side:
            raise IllegalAction("Your board already shows that side.")
        return evolve(state, seats=_with_seat(state, seat, _replace_player(player, side=side)))

    def _jump_out(self, state: MondoState, seat: int) -> MondoState:
        """Take the top bonus chip and leave the round (rules §6 step 4)."""
        player = state.seats[seat]
        order = 1 + sum(1 for other in state.seats if other.out)
        chip = state.chips[0] if state.chips else 0
        changes = _returned(state, seat, player)
        player = changes["seats"][seat]
        out = _replace_player(player, out=order, chip=chip)
        state = evolve(
            state,
            pool=changes["pool"],
            seats=_with_seat(state, seat, out),
            chips=state.chips[1:],
        )
        everyone = all(other.out for other in state.seats)
        if everyone or state.settings.sudden_end:
            # rules §6 step 5; §11 sudden_end: the first jump-out ends the round for all.
            return self._end_round(state)
        return state

    def _end_round(self, state: MondoState) -> MondoState:
        """Score the round for everyone (rules §7) and pause or end the game."""
        pool = list(state.pool)
        seats = []
        for player in state.seats:
            if player.held is not None:
                code, slot = player.held
                pool[slot] = code
                player = _replace_player(player, held=None)
            seats.append(player)
        scores = [board_score(player) for player in seats]
        first = next((s for s, player in enumerate(seats) if player.out == 1), -1)
        results = score_round(
            scores,
            sides=[player.side for player in seats],
            chips=[player.chip for player in seats],
            holders=[s in state.holders for s in range(state.players)],
            modifier=state.modifier,
            claims=[player.tasks for player in seats],
            first_out=first,
            solo=is_solo(state),
            handicap=handicap_seat(state),
            handicap_inactive=state.settings.handicap_inactive,
        )
        done = RoundResult(
            round=state.round,
            modifier=state.modifier,
            tasks=state.tasks,
            holders=state.holders,
            players=results,
        )
        return evolve(
            state,
            phase="over" if state.round >= ROUNDS else "break",
            pool=tuple(pool),
            seats=tuple(seats),
            history=(*state.history, done),
        )

    def _ready(self, state: MondoState, seat: int, player: Player) -> MondoState:
        state = evolve(state, seats=_with_seat(state, seat, _replace_player(player, ready=True)))
        if all(other.ready for other in state.seats):
            return self._next_round(state)
        return state

    def _next_round(self, state: MondoState) -> MondoState:
        return _start_round(
            state.seed, state.settings, state.players, state.round + 1, state.history
        )

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
        from games.mondo.view import history_view

        return {"solo": is_solo(state), "rounds": history_view(state)}

    def timeout_action(self, state: MondoState, seat: int) -> Action:
        """Return a safe move for a seat nobody plays: get ready, or leave the round.

        Jumping out returns a held tile to the pool. In the sudden-end game, where that
        needs a nearly full board, the seat keeps filling it instead.
        """
        if state.phase == "break":
            return {"type": "ready"}
        player = state.seats[seat]
        if self._may_stop(state, player):
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
        if not isinstance(data, Mapping):
            raise ValueError("Not a valid Mondo state: expected a mapping.")
        state = load_state(data, max_players=self.max_players, options=self.options)
        _check_consistency(state)
        return state

    # --- information ---------------------------------------------------------------------

    def secret_tokens(self, state: MondoState, viewer: int | None) -> set[str]:
        """Return what `viewer` may not see (rules §5.2, §6.2).

        Tiles in the pool show one face only: their ids (which name the hidden face) stay
        secret, as do the tiles other players hold, and the modifiers still in the deck.
        """
        secret = set(_pool_secrets(state.pool))
        for seat, player in enumerate(state.seats):
            if player.held is not None and seat != viewer:
                secret.add(TILE_IDS[player.held[0] >> 3])
        if uses_modifiers(state) and state.phase != "over":
            deck = _modifier_deck(state.seed)
            secret.update(MODIFIERS[index].id for index in deck[state.round :])
        return secret

    def describe(self, before: MondoState, seat: int, action: Action, viewer: int | None) -> str:
        """Return the log line of `action`; nobody's hidden tile is named."""
        try:
            kind, fields = parse_action(action, _SHAPES)
            after = self.apply(before, seat, action)
        except IllegalAction:
            return "made a move"
        text = _describe(before, after, seat, kind, fields)
        if after.phase != before.phase or after.round != before.round:
            if after.phase == "over" and before.phase == "play":
                text += ": the game is over"
            elif before.phase == "play":
                text += f": round {before.round} is over"
            else:
                text += f": round {after.round} begins"
        return text

    def view(self, state: MondoState, seat: int | None) -> dict[str, Any]:
        """Return what `seat` may see (None = spectator), ready for the board template."""
        from games.mondo.view import build_view

        return build_view(self, state, seat)


@lru_cache(maxsize=256)
def _pool_secrets(pool: tuple[Placed, ...]) -> frozenset[str]:
    """Return the ids of the tiles in the pool (their hidden faces are secret)."""
    return frozenset(TILE_IDS[code >> 3] for code in pool if code != EMPTY)


def _returned(state: MondoState, seat: int, player: Player) -> dict[str, Any]:
    """Return pool and seats with the player's held tile back in its pool slot."""
    if player.held is None:
        return {"pool": state.pool, "seats": state.seats}
    code, slot = player.held
    pool = state.pool
    return {
        "pool": (*pool[:slot], code, *pool[slot + 1 :]),
        "seats": _with_seat(state, seat, _replace_player(player, held=None)),
    }


def _describe(before: MondoState, after: MondoState, seat: int, kind: str, fields: Action) -> str:
    player = after.seats[seat]
    if kind == "take":
        return "took a tile from the pool"
    if kind == "rotate":
        return f"turned the held tile to the {fields['dir']}"
    if kind == "flip":
        return "flipped the held tile"
    if kind == "return":
        return "put a tile back into the pool"
    if kind == "place":
        text = f"placed a tile on {cell_label(KEY_INDEX[fields['cell']])}"
        if player.out and player.chip:
            text += f" and jumped out automatically with bonus chip {player.chip}"
        elif player.out:
            text += ", the board is full"
        return text
    if kind == "stop":
        if player.chip:
            return f"jumped out with bonus chip {player.chip}"
        return "finished the round"
    if kind == "claim":
        return f"took the task {TASKS[TASK_INDEX[fields['task']]].label}"
    if kind == "side":
        return f"turned the board to its {fields['side']} side"
    return f"is ready for round {before.round + 1}"


def _check_consistency(state: MondoState) -> None:
    """Check the rules' invariants of a loaded state; raise ValueError when one fails."""

    def fail(message: str) -> None:
        raise ValueError(f"Not a valid Mondo state: {message}.")

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
    stack = _chip_stack(state.players)
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
    if state.holders != _holders(state.settings, state.players, state.history[: state.round - 1]):
        fail("the volcano chip is with the wrong player")
    expected_modifier = _modifier_deck(state.seed)[state.round - 1] if uses_modifiers(state) else -1
    if state.modifier != expected_modifier:
        fail("the scoring modifier does not match the deck")
    _check_tasks(state, fail)


def _check_tasks(state: MondoState, fail: Any) -> None:
    """Tasks on display and in hand match the round's shuffle (rules §9.1, §11)."""
    if not uses_tasks(state):
        if state.tasks or any(player.tasks for player in state.seats):
            fail("there are no tasks in this game")
        return
    order = _task_display(state.seed, state.round)
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


ENGINE = Mondo()
"""The one engine instance, registered by MondoConfig.ready()."""
