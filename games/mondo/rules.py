"""Mondo's rules below the engine: the numbers, the round's mechanics, the helpers.

Pure functions of the state (rules/mondo.md): who plays which rules, where a tile may go,
how a round starts, how a seat jumps out and how a round is scored. The engine checks a
move and calls them; the view, the bots and the load checks read them too.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from games import rng
from games.mondo.board import CELL_COUNT, NEIGHBOURS, SOLO_CELLS
from games.mondo.cards import MODIFIERS, TASKS
from games.mondo.scoring import ORIENTED_CODE, BoardScore, score_board, score_round, volcano_holders
from games.mondo.state import (
    EMPTY,
    MondoState,
    Placed,
    Player,
    RoundResult,
    Settings,
    code_of,
    evolve,
)
from games.mondo.tiles import TILE_COUNT, TILE_IDS

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
SIDES = ("front", "back")  # a board's two sides as actions name them (Player.side 0, 1)
GRACE_SECONDS = 0  # §6.2: no grace window after a drop: a placed tile is fixed at once
# House rules that are behaviour rather than a number, and where they live:
# - §5.2 step 2: each round every tile enters the pool with a random face and rotation
#   (`_fresh_pool`).
# - §6.2: taking a tile gives exclusive possession, served in arrival order (`Mondo._take`);
#   a tile put back returns to its own place in the pool, showing the face and rotation
#   its holder gave it (`Mondo._return`); a held tile goes back when its holder jumps out
#   or the round ends (`jump_out`, `end_round`).
# - §3.1, §3.3, §3.4: the disc layout, the back rim's quadrants, the tinted spaces
#   (board.py). §4.4 / Appendix A: the tile set; §2.1: the water species (tiles.py).
# - §3.2, §3.3: a tile edge against a rim of another landscape is a connection error;
#   §7.3: one error per mismatching shared edge, one per mismatching rim edge (scoring.py).
# - §7.8: a tie for the top round score gives every tied player the volcano chip.
# - §8: every player tied for best gets +4, every one tied for worst -4; all equal: none.
# - §10: solo is scored in minus points only (free + errors + every volcano) over three
#   rounds; solo and "solo for two" play the beginner rules (no modifiers, no tasks).
# - §11 handicap: any set of handicapped players, named by player number (a table made
#   when it was a single number still reads it: 0 nobody, n that one player).
# - §11 random_tasks: two tasks dealt to each player.
# - §12: equal totals share the place.


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
    """Return whether a scoring modifier applies each round (advanced, expert; not solo)."""
    return (state.settings.advanced or state.settings.expert) and not is_solo(state)


def uses_tasks(state: MondoState) -> bool:
    """Return whether tasks are played (expert level, rules §9.1; not in solo, §10)."""
    return state.settings.expert and not is_solo(state)


def handicap_seats(state: MondoState) -> tuple[int, ...]:
    """Return the handicapped seats, () for none (rules §11 handicap: the chosen players).

    A player number beyond the seats of this table is ignored; solo has no handicap.
    """
    if is_solo(state):
        return ()
    return tuple(n - 1 for n in state.settings.handicap if 1 <= n <= state.players)


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


def modifier_deck(seed: int) -> tuple[int, ...]:
    """Return the shuffled modifier deck; round r reveals the r-th (rules §5.2 step 5)."""
    return tuple(rng.shuffled(range(len(MODIFIERS)), seed=seed, salt="mondo/modifiers"))


def task_display(seed: int, round_no: int) -> tuple[int, ...]:
    """Return this round's shuffled task order (rules §6 step 1)."""
    return tuple(rng.shuffled(range(len(TASKS)), seed=seed, salt=f"mondo/tasks-{round_no}"))


def chip_stack(players: int) -> tuple[int, ...]:
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


def start_round(
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
        modifier = modifier_deck(seed)[round_no - 1]
    if modules and settings.expert:
        order = task_display(seed, round_no)
        count = min(len(TASKS), TASKS_PER_PLAYER * players)
        if settings.random_tasks:
            # rules §11 random_tasks: two tasks dealt to each player, to be attempted.
            for seat in range(players):
                dealt = order[seat * TASKS_PER_PLAYER : (seat + 1) * TASKS_PER_PLAYER]
                seats[seat] = replace_player(seats[seat], tasks=dealt)
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
        chips=chip_stack(players),
        modifier=modifier,
        tasks=tasks,
        holders=holders_after(settings, players, history),
        history=history,
    )


def holders_after(
    settings: Settings, players: int, history: tuple[RoundResult, ...]
) -> tuple[int, ...]:
    """Return who holds the volcano chip in the round after `history` (rules §7.8, §10)."""
    if players == 1 or settings.solo_rules:
        return tuple(range(players))
    if not history:
        return ()
    if settings.volcano_chip == "total":
        totals = [sum(done.players[s].score for done in history) for s in range(players)]
        return volcano_holders(totals)
    return volcano_holders([player.score for player in history[-1].players])


def replace_player(player: Player, **changes: Any) -> Player:
    """Return a copy of `player` with `changes` (a Player is frozen)."""
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


def with_seat(state: MondoState, seat: int, player: Player) -> tuple[Player, ...]:
    """Return the seats of `state` with `player` in place of `seat`."""
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
    """Return how many tiles a board starts the round with (rules §10: solo seeds four)."""
    return SOLO_SEEDS if is_solo(state) else 0


def tiles_on(player: Player) -> int:
    """Return how many tiles lie on a player's board."""
    return CELL_COUNT - player.board.count(EMPTY)


def claimable(state: MondoState, seat: int) -> list[int]:
    """Return the tasks on display `seat` may take now (rules §9.1)."""
    player = state.seats[seat]
    if not state.tasks or len(player.tasks) >= MAX_CLAIMS or tiles_on(player) < MIN_TILES_TO_CLAIM:
        return []
    taken = {task for other in state.seats for task in other.tasks}
    return [task for task in state.tasks if task not in taken]


def may_choose_side(state: MondoState, player: Player) -> bool:
    """Return whether `player` may still turn the board over (rules §11 backside)."""
    return state.settings.backside == "choose" and tiles_on(player) <= seeded_count(state)


def may_stop(state: MondoState, player: Player) -> bool:
    """Return whether `player` may jump out now (rules §6 step 4, §11 sudden_end)."""
    if state.settings.sudden_end:
        return CELL_COUNT - tiles_on(player) <= SUDDEN_END_MAX_FREE
    return True


@lru_cache(maxsize=256)
def pool_secrets(pool: tuple[Placed, ...]) -> frozenset[str]:
    """Return the ids of the tiles in the pool (their hidden faces are secret)."""
    return frozenset(TILE_IDS[code >> 3] for code in pool if code != EMPTY)


def returned(state: MondoState, seat: int, player: Player) -> dict[str, Any]:
    """Return pool and seats with the player's held tile back in its pool slot."""
    if player.held is None:
        return {"pool": state.pool, "seats": state.seats}
    code, slot = player.held
    pool = state.pool
    return {
        "pool": (*pool[:slot], code, *pool[slot + 1 :]),
        "seats": with_seat(state, seat, replace_player(player, held=None)),
    }


def jump_out(state: MondoState, seat: int) -> MondoState:
    """Take the top bonus chip and leave the round (rules §6 step 4)."""
    player = state.seats[seat]
    order = 1 + sum(1 for other in state.seats if other.out)
    chip = state.chips[0] if state.chips else 0
    changes = returned(state, seat, player)
    player = changes["seats"][seat]
    out = replace_player(player, out=order, chip=chip)
    state = evolve(
        state,
        pool=changes["pool"],
        seats=with_seat(state, seat, out),
        chips=state.chips[1:],
    )
    everyone = all(other.out for other in state.seats)
    if everyone or state.settings.sudden_end:
        # rules §6 step 5; §11 sudden_end: the first jump-out ends the round for all.
        return end_round(state)
    return state


def end_round(state: MondoState) -> MondoState:
    """Score the round for everyone (rules §7) and pause or end the game."""
    pool = list(state.pool)
    seats = []
    for player in state.seats:
        if player.held is not None:
            code, slot = player.held
            pool[slot] = code
            player = replace_player(player, held=None)
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
        handicap=handicap_seats(state),
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


def next_round(state: MondoState) -> MondoState:
    """Return the next round, dealt from the seed, once the pause between rounds ends."""
    return start_round(state.seed, state.settings, state.players, state.round + 1, state.history)
