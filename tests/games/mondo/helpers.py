"""Build Mondo boards and states for rule tests from a short text notation."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.mondo.board import CELL_COUNT, CELL_INDEX, KEY_INDEX
from games.mondo.engine import ENGINE
from games.mondo.rules import pool_order
from games.mondo.scoring import BoardScore, Oriented, orient, score_board
from games.mondo.state import EMPTY, MondoState, code_of, evolve
from games.mondo.tiles import TILE_IDS, face_from_edges

__all__ = [
    "ENGINE",
    "board_from_grid",
    "do",
    "make_board",
    "score",
    "slot_of",
    "state",
]

Cell = tuple[int, int]


def make_board(
    tiles: Mapping[Cell, str],
    animals: Mapping[Cell, str] | None = None,
    volcanoes: Mapping[Cell, str] | None = None,
) -> list[Oriented | None]:
    """Return a board of free-form faces: {(row, col): "NESW"} as they lie (rules §13)."""
    board: list[Oriented | None] = [None] * CELL_COUNT
    animals = animals or {}
    volcanoes = volcanoes or {}
    for cell, edges in tiles.items():
        face = face_from_edges(edges, animals.get(cell, ""), volcanoes.get(cell, ""))
        board[CELL_INDEX[cell]] = orient(face, 0)
    return board


def board_from_grid(grid: str) -> dict[Cell, str]:
    """Read a board drawn as in rules §13: rows "r2  wfww ffff ...", "...." = empty."""
    tiles: dict[Cell, str] = {}
    lines = [line for line in grid.splitlines() if line.strip()]
    header = lines[0].split()
    columns = [int(name[1:]) for name in header]
    for line in lines[1:]:
        words = line.split()
        row = int(words[0][1:])
        # Cells are written under their column header, so find each word's position.
        for word, start in _words_with_positions(line)[1:]:
            col = columns[_nearest(start, lines[0], header)]
            if word != "....":
                tiles[(row, col)] = word
    return tiles


def _words_with_positions(line: str) -> list[tuple[str, int]]:
    out = []
    index = 0
    for word in line.split():
        index = line.index(word, index)
        out.append((word, index))
        index += len(word)
    return out


def _nearest(start: int, header_line: str, header: Sequence[str]) -> int:
    positions = [pos for _word, pos in _words_with_positions(header_line)]
    return min(range(len(header)), key=lambda i: abs(positions[i] - start))


def score(
    tiles: Mapping[Cell, str],
    animals: Mapping[Cell, str] | None = None,
    volcanoes: Mapping[Cell, str] | None = None,
    side: int = 0,
) -> BoardScore:
    return score_board(make_board(tiles, animals, volcanoes), side)


def state(players: int = 2, seed: int = 7, **options: Any) -> MondoState:
    """Return a fresh game."""
    return ENGINE.setup(players=players, seed=seed, options=options)


def slot_of(game: MondoState, tile_id: str) -> int:
    """Return the pool slot of a tile this round."""
    return pool_order(game.seed, game.round).index(TILE_IDS.index(tile_id))


def do(game: MondoState, seat: int, kind: str, **fields: Any) -> MondoState:
    """Apply one action, written as keyword arguments."""
    return ENGINE.apply(game, seat, {"type": kind, **fields})


def with_board(
    game: MondoState, seat: int, cells: Mapping[str, tuple[str, int, int]]
) -> MondoState:
    """Return `game` with tiles moved from the pool onto a board: {cell key: (id, face, rot)}."""
    pool = list(game.pool)
    board = list(game.seats[seat].board)
    for key, (tile_id, face, rotation) in cells.items():
        slot = slot_of(game, tile_id)
        assert pool[slot] != EMPTY, f"{tile_id} is not in the pool"
        pool[slot] = EMPTY
        board[KEY_INDEX[key]] = code_of(TILE_IDS.index(tile_id), face, rotation)
    seats = list(game.seats)
    seats[seat] = _replace(seats[seat], board=tuple(board))
    result = evolve(game, pool=tuple(pool), seats=tuple(seats))
    return ENGINE.load(ENGINE.dump(result))


def _replace(player: Any, **changes: Any) -> Any:
    from dataclasses import replace

    return replace(player, **changes)
