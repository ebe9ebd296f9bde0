"""Mondo state: frozen dataclasses of tuples, and their JSON dump and validating load."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from functools import lru_cache
from typing import Any

from games.engine import Option, OptionError
from games.mondo.board import CELL_COUNT
from games.mondo.cards import MODIFIER_INDEX, MODIFIERS, TASK_INDEX, TASKS
from games.mondo.scoring import PlayerRound, round_total
from games.mondo.tiles import TILE_COUNT
from games.validate import boolean, fail, integer, items, keys

__all__ = [
    "DUMP_VERSION",
    "EMPTY",
    "PHASES",
    "Held",
    "MondoState",
    "Placed",
    "Player",
    "RoundResult",
    "Settings",
    "code_of",
    "dump_state",
    "evolve",
    "load_state",
]

DUMP_VERSION = 1
PHASES = ("play", "break", "over")

EMPTY = -1
Placed = int
"""A tile lying face up as one number: tile * 8 + face * 4 + rotation; EMPTY for none.

Tile 0..135, face 0 front / 1 back, rotation 0..3 quarter turns clockwise.
"""

Held = tuple[int, int]
"""A tile in a player's hand: (its code as in Placed, the pool slot it came from)."""


def code_of(tile: int, face: int, rotation: int) -> Placed:
    """Return the code of a tile lying with `face` up, turned `rotation` times."""
    return tile * 8 + face * 4 + rotation


@dataclass(frozen=True, slots=True)
class Settings:
    """The table options, cleaned (rules §11)."""

    time: int
    backside: str
    advanced: bool
    expert: bool
    volcano_chip: str
    handicap: tuple[int, ...]  # player numbers (1 = seat 0), sorted; () for nobody
    handicap_inactive: bool
    hidden_time: bool
    sudden_end: bool
    slow_game: bool
    random_tasks: bool
    no_flip: bool
    solo_rules: bool


@dataclass(frozen=True, slots=True)
class Player:
    """One player's part of a round."""

    board: tuple[Placed, ...]  # one code per cell (board.CELLS order), EMPTY if free
    held: Held | None
    side: int  # 0 front (water rim), 1 back (mixed rim)
    out: int  # 0 while playing; k when this player was the k-th to jump out
    chip: int  # the bonus chip value taken this round (0 = none)
    tasks: tuple[int, ...]  # task indices claimed (or dealt) this round
    last: int  # the cell of the last tile placed this round, -1 for none
    ready: bool  # between rounds: ready for the next one


@dataclass(frozen=True, slots=True)
class RoundResult:
    """A scored round: its modifier, the task display, the volcano chip and the breakdown."""

    round: int
    modifier: int
    tasks: tuple[int, ...]
    holders: tuple[int, ...]
    players: tuple[PlayerRound, ...]


@dataclass(frozen=True)
class MondoState:
    """Everything about a game. Frozen: `apply` builds a new state with `evolve`."""

    seed: int
    settings: Settings
    players: int
    round: int  # 1..3; stays at 3 once the game is over
    phase: str  # "play", "break" (between rounds) or "over"
    pool: tuple[Placed, ...]  # TILE_COUNT slots; EMPTY where a tile was taken
    seats: tuple[Player, ...]
    chips: tuple[int, ...]  # bonus chips left, top first
    modifier: int  # this round's scoring modifier, -1 for none
    tasks: tuple[int, ...]  # the tasks on display this round
    holders: tuple[int, ...]  # seats holding the volcano chip this round
    history: tuple[RoundResult, ...]

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(
            sum(done.players[seat].score for done in self.history) for seat in range(self.players)
        )


_FIELD_NAMES = frozenset(field.name for field in fields(MondoState))
_new_instance = object.__new__


def evolve(state: MondoState, **changes: Any) -> MondoState:
    """Return a copy of `state` with `changes`, like `dataclasses.replace` but faster."""
    assert changes.keys() <= _FIELD_NAMES, f"unknown fields {set(changes) - _FIELD_NAMES}"
    new = _new_instance(MondoState)
    attributes = new.__dict__
    attributes.update(state.__dict__)
    attributes.update(changes)
    return new


# --- dump --------------------------------------------------------------------------------

# A row of tiles (the pool, a board) is dumped as one text, three hex digits per tile code
# and "---" for EMPTY: a JSON string is far smaller and faster than a list of numbers.
_ENCODE = {code: f"{code:03x}" for code in range(TILE_COUNT * 8)}
_ENCODE[EMPTY] = "---"
_DECODE = {text: code for code, text in _ENCODE.items()}


@lru_cache(maxsize=4096)
def _encode(codes: tuple[Placed, ...]) -> str:
    # Cached: a state is dumped often (every move, every check) and rows rarely change.
    return "".join([_ENCODE[code] for code in codes])


ROUND_FIELDS = tuple(name for name in PlayerRound.__dataclass_fields__ if name != "tasks")
"""The figures of a player's round, in the order of its dumped text."""
SEAT_FIELDS = ("board", "held", "side", "out", "chip", "tasks", "last", "ready")
"""The order of a seat's entries in a dump (a list keeps dumps small and fast)."""


@lru_cache(maxsize=1024)
def _player_round_dump(player: PlayerRound) -> str:
    """Return a round's figures as one text: "6,4,...,12|finished:0:-3;first-out:1:3"."""
    text = ",".join(str(int(getattr(player, name))) for name in ROUND_FIELDS)
    if player.tasks:
        text += "|" + ";".join(
            f"{TASKS[task].key}:{int(ok)}:{points}" for task, ok, points in player.tasks
        )
    return text


def _plain(value: Any) -> Any:
    """Return an option's value as JSON has it (a set of player numbers is a list)."""
    return list(value) if isinstance(value, tuple) else value


def dump_state(state: MondoState) -> dict[str, Any]:
    """Return `state` as JSON-safe data."""
    settings = state.settings
    return {
        "v": DUMP_VERSION,
        "seed": state.seed,
        "players": state.players,
        "options": {
            name: _plain(getattr(settings, name)) for name in Settings.__dataclass_fields__
        },
        "round": state.round,
        "phase": state.phase,
        "pool": _encode(state.pool),
        "seats": [
            [
                _encode(player.board),
                None if player.held is None else list(player.held),
                player.side,
                player.out,
                player.chip,
                [TASKS[task].key for task in player.tasks],
                player.last,
                player.ready,
            ]
            for player in state.seats
        ],
        "chips": list(state.chips),
        "modifier": MODIFIERS[state.modifier].id if state.modifier >= 0 else None,
        "tasks": [TASKS[task].key for task in state.tasks],
        "holders": list(state.holders),
        "history": [
            {
                "round": done.round,
                "modifier": MODIFIERS[done.modifier].id if done.modifier >= 0 else None,
                "tasks": [TASKS[task].key for task in done.tasks],
                "holders": list(done.holders),
                "players": [_player_round_dump(player) for player in done.players],
            }
            for done in state.history
        ],
    }


# --- load --------------------------------------------------------------------------------


def _decode(value: Any, what: str, length: int) -> tuple[Placed, ...]:
    """Return the codes of an `_encode`d row, checked."""
    if not isinstance(value, str) or len(value) != 3 * length:
        fail(f"{what} must be a text of {length} tiles")
    codes = []
    for i in range(0, 3 * length, 3):
        code = _DECODE.get(value[i : i + 3])
        if code is None:
            fail(f"{what} holds an unknown tile")
        codes.append(code)
    return tuple(codes)


def _held(value: Any) -> Held | None:
    if value is None:
        return None
    code, slot = items(value, "held", 2)
    return (
        integer(code, "held", 0, TILE_COUNT * 8 - 1),
        integer(slot, "held slot", 0, TILE_COUNT - 1),
    )


def _task(value: Any, what: str) -> int:
    if not isinstance(value, str) or value not in TASK_INDEX:
        fail(f"{what} names an unknown task")
    return TASK_INDEX[value]


def _modifier(value: Any, what: str) -> int:
    if value is None:
        return -1
    if not isinstance(value, str) or value not in MODIFIER_INDEX:
        fail(f"{what} names an unknown modifier")
    return MODIFIER_INDEX[value]


def _settings(raw: Any, options: Sequence[Option]) -> Settings:
    data = dict(keys(raw, "options", set(Settings.__dataclass_fields__)))
    for option in options:
        value = data[option.key]
        try:
            if option.kind == "seats":
                # A JSON list of player numbers; a dump older than the set holds one number
                # (0 for nobody), which still loads.
                ok = isinstance(value, (list, tuple, int)) and not isinstance(value, bool)
                cleaned = option.clean(value)
                ok = ok and (isinstance(value, int) or tuple(cleaned) == tuple(value))
                data[option.key] = cleaned
            else:
                ok = type(value) is type(option.default) and option.clean(value) == value
        except OptionError:
            ok = False
        if not ok:
            fail(f"option {option.key} is not allowed")
    return Settings(**data)


def _player(raw: Any, players: int) -> Player:
    data = dict(zip(SEAT_FIELDS, items(raw, "seat", len(SEAT_FIELDS)), strict=True))
    board = _decode(data["board"], "board", CELL_COUNT)
    tasks = tuple(_task(task, "seat tasks") for task in items(data["tasks"], "seat tasks"))
    if len(set(tasks)) != len(tasks):
        fail("a seat holds a task twice")
    return Player(
        board=board,
        held=_held(data["held"]),
        side=integer(data["side"], "side", 0, 1),
        out=integer(data["out"], "out", 0, players),
        chip=integer(data["chip"], "chip", 0, 4),
        tasks=tasks,
        last=integer(data["last"], "last", -1, CELL_COUNT - 1),
        ready=boolean(data["ready"], "ready"),
    )


_NUMBER = re.compile(r"-?[0-9]{1,4}")


def _player_round(raw: Any, solo: bool) -> PlayerRound:
    """Return a round's figures from their text (see `_player_round_dump`), checked."""
    if not isinstance(raw, str) or len(raw) > 400:
        fail("a round result must be a short text")
    numbers, _bar, task_text = raw.partition("|")
    figures = numbers.split(",")
    if len(figures) != len(ROUND_FIELDS) or not all(_NUMBER.fullmatch(f) for f in figures):
        fail("a round result has the wrong figures")
    values: dict[str, Any] = dict(zip(ROUND_FIELDS, map(int, figures), strict=True))
    if values["volcano_chip"] not in (0, 1):
        fail("the volcano chip is yes or no")
    values["volcano_chip"] = bool(values["volcano_chip"])
    tasks = []
    for item in task_text.split(";") if task_text else ():
        parts = item.split(":")
        if len(parts) != 3 or parts[1] not in ("0", "1") or not _NUMBER.fullmatch(parts[2]):
            fail("a round task is not readable")
        task = _task(parts[0], "round task")
        ok, points = parts[1] == "1", int(parts[2])
        value = TASKS[task].value
        if points != (value if ok else -value):
            fail("a task result does not match its points")
        tasks.append((task, ok, points))
    player = PlayerRound(**values, tasks=tuple(tasks))
    if player.score != round_total(player, solo):
        fail("a round score does not add up")
    return player


def _round_result(raw: Any, players: int, solo: bool) -> RoundResult:
    data = keys(raw, "history entry", {"round", "modifier", "tasks", "holders", "players"})
    return RoundResult(
        round=integer(data["round"], "history round", 1, 3),
        modifier=_modifier(data["modifier"], "history"),
        tasks=tuple(_task(task, "history") for task in items(data["tasks"], "history tasks")),
        holders=tuple(
            integer(seat, "history holder", 0, players - 1)
            for seat in items(data["holders"], "history holders")
        ),
        players=tuple(
            _player_round(player, solo)
            for player in items(data["players"], "history players", players)
        ),
    )


_STATE_KEYS = frozenset(
    {"v", "seed", "players", "options", "round", "phase", "pool", "seats", "chips"}
    | {"modifier", "tasks", "holders", "history"}
)


def load_state(
    data: Mapping[str, Any], *, max_players: int, options: Sequence[Option]
) -> MondoState:
    """Return the state stored in `data`, checking every field's type and range.

    Run it inside `games.validate.state_of("Mondo")`, as the engine's `load` does; the
    engine checks the rules' consistency on top (`checks`: tiles conserved, chips, phases).
    """
    keys(data, "state", _STATE_KEYS)
    if data["v"] != DUMP_VERSION:
        fail("unknown version")
    players = integer(data["players"], "players", 1, max_players)
    settings = _settings(data["options"], options)
    solo = players == 1 or settings.solo_rules
    phase = data["phase"]
    if phase not in PHASES:
        fail("unknown phase")
    return MondoState(
        seed=integer(data["seed"], "seed"),
        settings=settings,
        players=players,
        round=integer(data["round"], "round", 1, 3),
        phase=phase,
        pool=_decode(data["pool"], "pool", TILE_COUNT),
        seats=tuple(_player(raw, players) for raw in items(data["seats"], "seats", players)),
        chips=tuple(integer(chip, "chip", 1, 4) for chip in items(data["chips"], "chips")),
        modifier=_modifier(data["modifier"], "modifier"),
        tasks=tuple(_task(task, "tasks") for task in items(data["tasks"], "tasks")),
        holders=tuple(
            integer(seat, "holder", 0, players - 1) for seat in items(data["holders"], "holders")
        ),
        history=tuple(
            _round_result(raw, players, solo) for raw in items(data["history"], "history")
        ),
    )
