"""What one seat (or a spectator) may see of a Mondo game, as JSON-safe data.

Hidden (rules §5.2, §6.2): the face down of every tile in the pool, the tiles other
players hold (only that they hold one), the modifiers still in the deck. Tile ids never
appear: a pool tile is named by its place in the pool, a held tile by its holder.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from games.mondo.board import CELL_COUNT, CELL_INDEX, CELL_KEYS, GRID, SOLO_CELLS
from games.mondo.cards import TASKS
from games.mondo.engine import Mondo
from games.mondo.results import history_view, modifier_view
from games.mondo.rules import (
    ROUNDS,
    board_score,
    handicap_seats,
    is_solo,
    legal_cells,
    level,
    round_seconds,
    uses_modifiers,
)
from games.mondo.scoring import ORIENTED_CODE, Oriented
from games.mondo.state import EMPTY, MondoState, Player
from games.mondo.tiles import ANIMAL_LABELS, ANIMALS

__all__ = ["build_view", "tile_view"]

_EDGE_KEYS = ("n", "e", "s", "w")


def tile_view(face: Oriented) -> dict[str, Any]:
    """Return one face as it lies: CSS classes for its edges and band, animal, volcano.

    Only what the face has, to keep the view small: 136 pool tiles go out on every push.
    """
    return dict(_TILE_VIEWS[face])


def _tile_view(face: Oriented) -> dict[str, Any]:
    areas = face.edge_area
    classes = [f"mo-{key}-{land}" for key, land in zip(_EDGE_KEYS, face.edges, strict=True)]
    # A band joins two opposite edges with different areas on either side (pattern P5).
    if areas[0] == areas[2] and areas[1] != areas[0] and areas[3] != areas[0]:
        classes += ["mo-band-v", f"mo-bl-{face.edges[0]}"]
    elif areas[1] == areas[3] and areas[0] != areas[1] and areas[2] != areas[1]:
        classes += ["mo-band-h", f"mo-bl-{face.edges[1]}"]
    data: dict[str, Any] = {"cls": " ".join(classes)}
    if face.animal:
        data["animal"] = face.animal
        data["label"] = ANIMAL_LABELS[face.animal]
    if face.volcano:
        data["volcano"] = face.volcano
    return data


class _TileViews(dict):  # type: ignore[type-arg]
    """A cache of tile views by face (faces are frozen; tiles repeat on every render)."""

    def __missing__(self, face: Oriented) -> dict[str, Any]:
        data = _tile_view(face)
        self[face] = data
        return data


_TILE_VIEWS = _TileViews()


def _board_view(
    engine: Mondo, state: MondoState, seat: int, viewer: int | None, legal: list[dict[str, Any]]
) -> dict[str, Any]:
    """Return one seat's world as `viewer` sees it.

    Another seat's world reads the same for every viewer: it is built once per process
    for what it reads (`_other_board`), since each move's push draws every seat's view
    and each view shows every world. The dicts are shared: read them, never change them.
    """
    player = state.seats[seat]
    solo = is_solo(state)
    chip = seat in state.holders and not handicap_seats(state)
    if seat != viewer:
        return _other_board(player, seat, state.phase, solo, chip)
    # The viewer's place actions belong on the viewer's own world only.
    places = {action["cell"]: action for action in legal if action["type"] == "place"}
    return _board_data(player, seat, state.phase, solo, chip, places, me=True)


#: ~36 KiB each (18 MiB at most): the worlds of ~130 four-player tables playing at once.
@lru_cache(maxsize=512)
def _other_board(player: Player, seat: int, phase: str, solo: bool, chip: bool) -> dict[str, Any]:
    return _board_data(player, seat, phase, solo, chip, {}, me=False)


def _board_data(
    player: Player,
    seat: int,
    phase: str,
    solo: bool,
    chip: bool,
    places: dict[str, dict[str, Any]],
    *,
    me: bool,
) -> dict[str, Any]:
    score = board_score(player)
    errors: dict[int, list[str]] = {}
    for error_cell, edge in score.error_edges:
        errors.setdefault(error_cell, []).append(_EDGE_KEYS[edge])
    open_cells = set(legal_cells(player.board)) if phase == "play" and not player.out else set()
    rows = []
    for row in range(GRID):
        cells = []
        for col in range(GRID):
            index = CELL_INDEX.get((row, col), -1)
            if index < 0:
                cells.append({"on": False})
                continue
            code = player.board[index]
            key = CELL_KEYS[index]
            # Only the flags that are set: four worlds of 24 spaces go out on every push.
            cell: dict[str, Any] = {"on": True, "key": key, "row": row + 1, "col": col + 1}
            if code != EMPTY:
                cell["tile"] = tile_view(ORIENTED_CODE[code])
            if solo and index in SOLO_CELLS:
                cell["tint"] = True
            if index in open_cells:
                cell["open"] = True
            if key in places:
                cell["action"] = places[key]
            if index == player.last and phase == "play":
                cell["last"] = True
            if index in errors:
                cell["errors"] = " ".join(f"err-{edge}" for edge in errors[index])
            cells.append(cell)
        rows.append(cells)
    minus = score.free + score.errors + score.active + score.inactive
    return {
        "seat": seat,
        "me": me,
        "side": ("front", "back")[player.side],
        "rows": rows,
        "out": player.out,
        "chip": player.chip,
        "holding": player.held is not None,
        "ready": player.ready,
        "placed": CELL_COUNT - score.free,
        # rules §11 handicap: no volcano chip is in play, so none is shown.
        "volcano_chip": chip,
        "tasks": [_task_view(task, None) for task in player.tasks],
        "preview": {
            "animals": score.animals,
            "landscapes": score.landscapes,
            "free": score.free,
            "errors": score.errors,
            "active": score.active,
            "inactive": score.inactive,
            "lakes": score.lakes,
            "basic": score.basic + player.chip,
            "minus": minus,
        },
    }


def _task_view(
    task: int, action: dict[str, Any] | None, claimed_by: int | None = None
) -> dict[str, Any]:
    info = TASKS[task]
    return {
        "key": info.key,
        "label": info.label,
        "text": info.text,
        "value": info.value,
        "claimed_by": claimed_by,
        "action": action,
    }


#: ~47 KiB each (12 MiB at most); a table's version needs two (who may take, who not).
@lru_cache(maxsize=256)
def _pool_view(pool: tuple[int, ...], takes: tuple[int, ...]) -> list[dict[str, Any]]:
    """Return the pool's places, with the take action on the places in `takes`.

    The same for every viewer who may take (and for every one who may not): built once
    per process for each pool and set of takes. Shared: read it, never change it.
    """
    takeable = set(takes)
    return [
        _slot_view(slot, code, {"type": "take", "slot": slot} if slot in takeable else None)
        for slot, code in enumerate(pool)
    ]


def _slot_view(slot: int, code: int, action: dict[str, Any] | None) -> dict[str, Any]:
    """Return one place of the pool: its tile's upper face (if any) and the take action."""
    data: dict[str, Any] = {"slot": slot}
    if code != EMPTY:
        data["tile"] = tile_view(ORIENTED_CODE[code])
    if action is not None:
        data["action"] = action
    return data


def _held_view(state: MondoState, player: Player) -> dict[str, Any] | None:
    if player.held is None:
        return None
    code, _slot = player.held
    return {
        "face": ("front", "back")[(code >> 2) & 1],
        "rotation": code & 3,
        "tile": tile_view(ORIENTED_CODE[code]),
        # The holder may look at both faces (rules §6 step 3).
        "other": tile_view(ORIENTED_CODE[code ^ 4]),
    }


def build_view(engine: Mondo, state: MondoState, seat: int | None) -> dict[str, Any]:
    """Return the board data for `seat`; None is a spectator, who holds nothing."""
    if not (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < state.players):
        seat = None
    legal = engine.legal_actions(state, seat) if seat is not None else []
    by_type: dict[str, list[dict[str, Any]]] = {}
    for action in legal:
        by_type.setdefault(action["type"], []).append(action)
    takes = {action["slot"]: action for action in by_type.get("take", [])}
    claims = {action["task"]: action for action in by_type.get("claim", [])}
    me = state.seats[seat] if seat is not None else None
    claimed_by = {task: s for s, player in enumerate(state.seats) for task in player.tasks}
    outcome = engine.outcome(state)
    running = state.phase == "play"
    rotate = {action["dir"]: action for action in by_type.get("rotate", [])}
    boards = [_board_view(engine, state, s, seat, legal) for s in range(state.players)]
    order = list(range(state.players))
    if seat is not None:
        order = [seat] + [s for s in order if s != seat]
    stack = list(state.chips)
    return {
        "game": engine.slug,
        "you": seat,
        "players": state.players,
        "round": state.round,
        "rounds": ROUNDS,
        "round_info": engine.round_info(state),
        "phase": state.phase,
        "running": running,
        "solo": is_solo(state),
        "level": level(state.settings),
        "round_minutes": round_seconds(state.settings, state.players) // 60,
        "hidden_time": state.settings.hidden_time,
        "slow_game": state.settings.slow_game,
        "sudden_end": state.settings.sudden_end,
        "no_flip": state.settings.no_flip,
        "side_choice": state.settings.backside == "choose",
        "handicap": list(handicap_seats(state)),
        "pool": _pool_view(state.pool, tuple(takes)),
        "pool_count": len(state.pool) - state.pool.count(EMPTY),
        "held": _held_view(state, me) if me is not None else None,
        "controls": {
            "left": rotate.get("left"),
            "right": rotate.get("right"),
            "flip": (by_type.get("flip") or (None,))[0],
            "return": (by_type.get("return") or (None,))[0],
            "stop": (by_type.get("stop") or (None,))[0],
            "ready": (by_type.get("ready") or (None,))[0],
            "side": (by_type.get("side") or (None,))[0],
        },
        "can_act": bool(legal),
        "boards": [boards[s] for s in order],
        "mine": boards[seat] if seat is not None else None,
        "others": [boards[s] for s in order if s != seat],
        "chips": stack,
        "chips_taken": sorted(
            (
                {"seat": s, "chip": player.chip, "order": player.out}
                for s, player in enumerate(state.seats)
                if player.out
            ),
            key=lambda item: item["order"],
        ),
        "modifier": modifier_view(state.modifier) if uses_modifiers(state) else None,
        "tasks": [
            _task_view(task, claims.get(TASKS[task].key), claimed_by.get(task))
            for task in state.tasks
        ],
        "my_tasks": [_task_view(task, None, seat) for task in me.tasks] if me else [],
        "holders": list(state.holders),
        "history": history_view(state),
        "last_round": history_view(state)[-1] if state.history else None,
        "totals": list(state.totals),
        "standings": [
            {"seat": s, "total": total, "minus": -total} for s, total in enumerate(state.totals)
        ],
        "ready_count": sum(1 for player in state.seats if player.ready),
        "legal": legal,
        "animals": [
            {"key": key, "label": ANIMAL_LABELS[key], "icon": f"mo-{key}"} for key in ANIMALS
        ],
        "finished": state.phase == "over",
        "outcome": None
        if outcome is None
        else {"scores": list(outcome.scores), "places": list(outcome.places)},
    }
