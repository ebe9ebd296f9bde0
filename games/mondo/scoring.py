"""Scoring a Mondo round (rules §7-§10): pure functions of boards and round context.

`score_board` finds the landscape regions of one board by union-find across tiles and
classifies every edge; `score_round` compares the players (volcano majority, scoring
modifier) and settles bonus chips and tasks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from games.mondo.board import CELL_COUNT, NEIGHBOURS, OPPOSITE, RIM
from games.mondo.cards import MODIFIERS, TASKS
from games.mondo.tiles import ANIMAL_LANDSCAPE, TILE_FACES, Face

__all__ = [
    "ORIENTED",
    "ORIENTED_CODE",
    "BoardScore",
    "Oriented",
    "PlayerRound",
    "Region",
    "modifier_points",
    "orient",
    "round_total",
    "score_board",
    "score_round",
    "task_fulfilled",
    "volcano_holders",
]

# rules §8: the best gets +4, the worst -4.
MODIFIER_POINTS = 4


@dataclass(frozen=True, slots=True)
class Oriented:
    """A face as it lies on the board: effective edges and areas after rotation (rules §4.3)."""

    edges: tuple[str, str, str, str]
    edge_area: tuple[int, int, int, int]
    area_land: tuple[str, ...]
    animal: str
    animal_area: int
    volcano: str


def orient(face: Face, rotation: int) -> Oriented:
    """Return `face` turned `rotation` quarter turns clockwise: eff[(i + k) % 4] = edges[i]."""
    k = rotation % 4
    edges = tuple(face.edges[(i - k) % 4] for i in range(4))
    areas = tuple(face.edge_area[(i - k) % 4] for i in range(4))
    return Oriented(
        edges=edges,  # type: ignore[arg-type]
        edge_area=areas,  # type: ignore[arg-type]
        area_land=face.area_land,
        animal=face.animal,
        animal_area=face.animal_area,
        volcano=face.volcano,
    )


ORIENTED: tuple[tuple[tuple[Oriented, ...], ...], ...] = tuple(
    tuple(tuple(orient(face, rot) for rot in range(4)) for face in faces) for faces in TILE_FACES
)
"""ORIENTED[tile][face][rotation], precomputed for the house tile set."""
ORIENTED_CODE: tuple[Oriented, ...] = tuple(
    ORIENTED[code >> 3][(code >> 2) & 1][code & 3] for code in range(len(ORIENTED) * 8)
)
"""The same, indexed by a tile's code: tile * 8 + face * 4 + rotation."""


@dataclass(frozen=True, slots=True)
class Region:
    """A maximal connected landscape (rules §7.2) and its status (rules §7.4)."""

    land: str
    cells: tuple[int, ...]
    animals: tuple[str, ...]
    completed: bool
    error_free: bool
    border: bool

    @property
    def size(self) -> int:
        return len(self.cells)

    @property
    def scores(self) -> bool:
        """Completed, error-free land (water never scores)."""
        return self.land != "w" and self.completed and self.error_free

    @property
    def lake(self) -> bool:
        """Completed, error-free water that does not touch the rim."""
        return self.land == "w" and self.completed and self.error_free and not self.border


@dataclass(frozen=True, slots=True)
class BoardScore:
    """Everything one board yields at scoring time (rules §7.5 and the modifier figures)."""

    animals: int
    aquatic: int
    landscapes: int
    lakes: int
    largest_lake: int
    largest_forest: int
    errors: int
    free: int
    active: int
    inactive: int
    regions: tuple[Region, ...]
    error_edges: tuple[tuple[int, int], ...]

    @property
    def basic(self) -> int:
        """Animals + 2 per scoring landscape - free spaces - connection errors."""
        return self.animals + 2 * self.landscapes - self.free - self.errors


_OPEN, _ERR, _BORDER = 1, 2, 4


def score_board(board: Sequence[Oriented | None], side: int) -> BoardScore:
    """Score one board (rules §7.1-§7.4, pseudocode §7.9).

    1. One node per (space, area); union the areas across every matching shared edge.
    2. Classify each edge: match, connection error (tile or rim), open, or rim match.
    3. Group the nodes into regions, OR-ing their flags and collecting their spaces.
    """
    assert len(board) == CELL_COUNT
    rim = RIM[side]
    parent = list(range(CELL_COUNT * 4))
    flags = [0] * (CELL_COUNT * 4)

    def find(node: int) -> int:
        while parent[node] != node:
            parent[node] = parent[parent[node]]
            node = parent[node]
        return node

    errors = 0
    error_edges: list[tuple[int, int]] = []
    for cell, tile in enumerate(board):
        if tile is None:
            continue
        neighbours = NEIGHBOURS[cell]
        for edge in range(4):
            land = tile.edges[edge]
            node = cell * 4 + tile.edge_area[edge]
            other = neighbours[edge]
            if other < 0:
                flags[node] |= _BORDER
                if land != rim[cell]:
                    # rules §7.3: a mismatch against the rim is one error per tile edge.
                    errors += 1
                    flags[node] |= _ERR
                    error_edges.append((cell, edge))
                continue
            facing = board[other]
            if facing is None:
                flags[node] |= _OPEN
                continue
            back = OPPOSITE[edge]
            if facing.edges[back] == land:
                a, b = find(node), find(other * 4 + facing.edge_area[back])
                if a != b:
                    parent[a] = b
            else:
                flags[node] |= _ERR
                error_edges.append((cell, edge))
                if cell < other:
                    # rules §7.3: a mismatch between two tiles is one error.
                    errors += 1

    groups: dict[int, list[int]] = {}
    for cell, tile in enumerate(board):
        if tile is None:
            continue
        for area in range(len(tile.area_land)):
            node = cell * 4 + area
            groups.setdefault(find(node), []).append(node)
    regions = []
    for nodes in groups.values():
        merged = 0
        cells: list[int] = []
        animals: list[str] = []
        for node in nodes:
            merged |= flags[node]
            cell, area = divmod(node, 4)
            if cell not in cells:
                cells.append(cell)
            tile = board[cell]
            assert tile is not None
            if tile.animal and tile.animal_area == area:
                animals.append(tile.animal)
        first = board[nodes[0] // 4]
        assert first is not None
        regions.append(
            Region(
                land=first.area_land[nodes[0] % 4],
                cells=tuple(sorted(cells)),
                animals=tuple(animals),
                completed=not merged & _OPEN,
                error_free=not merged & _ERR,
                border=bool(merged & _BORDER),
            )
        )
    regions.sort(key=lambda region: (region.cells, region.land))
    placed = [tile for tile in board if tile is not None]
    lakes = [region.size for region in regions if region.lake]
    forests = [region.size for region in regions if region.land == "f" and region.scores]
    return BoardScore(
        animals=sum(1 for tile in placed if tile.animal),
        aquatic=sum(1 for tile in placed if tile.animal and ANIMAL_LANDSCAPE[tile.animal] == "w"),
        landscapes=sum(1 for region in regions if region.scores),
        lakes=len(lakes),
        largest_lake=max(lakes, default=0),
        largest_forest=max(forests, default=0),
        errors=errors,
        free=CELL_COUNT - len(placed),
        active=sum(1 for tile in placed if tile.volcano == "active"),
        inactive=sum(1 for tile in placed if tile.volcano == "inactive"),
        regions=tuple(regions),
        error_edges=tuple(sorted(error_edges)),
    )


def task_fulfilled(task_index: int, board: BoardScore, first_out: bool) -> bool:
    """Return whether a claimed task is fulfilled on the final board (rules §9.2)."""
    task = TASKS[task_index]
    if task.kind == "three":
        return any(
            region.land == task.landscape
            and region.scores
            and region.animals.count(task.animal) >= 3
            for region in board.regions
        )
    if task.kind == "four":
        species = {animal for animal, land in ANIMAL_LANDSCAPE.items() if land == task.landscape}
        return any(
            region.land == task.landscape and region.scores and species <= set(region.animals)
            for region in board.regions
        )
    if task.kind == "perfect":
        return board.free == 0 and board.errors == 0
    if task.kind == "finished":
        return board.free == 0
    return first_out


def modifier_points(values: Sequence[int]) -> list[int]:
    """Return +4 for every player tied for the best value, -4 for the worst (rules §8).

    House rule: when everybody has the same value nobody scores.
    """
    best, worst = max(values), min(values)
    if best == worst:
        return [0] * len(values)
    return [
        MODIFIER_POINTS if value == best else -MODIFIER_POINTS if value == worst else 0
        for value in values
    ]


@dataclass(frozen=True, slots=True)
class PlayerRound:
    """One player's scored round: every figure of the breakdown (rules §7.8)."""

    side: int
    animals: int
    aquatic: int
    landscapes: int
    lakes: int
    largest_lake: int
    largest_forest: int
    free: int
    errors: int
    active: int
    inactive: int
    volcano_chip: bool
    counted: int
    volcano_penalty: int
    chip: int
    modifier_points: int
    tasks: tuple[tuple[int, bool, int], ...]  # (task index, fulfilled, points)
    score: int


def round_total(player: PlayerRound, solo: bool) -> int:
    """Return the round score from its parts (rules §7.8; solo rules §10)."""
    tasks = sum(points for _task, _ok, points in player.tasks)
    if solo:
        # rules §10 (house rule): minus points only; a chip (solo for two) offsets them.
        return player.chip - player.free - player.errors - player.volcano_penalty
    return (
        player.animals
        + 2 * player.landscapes
        + player.chip
        - player.free
        - player.errors
        - player.volcano_penalty
        + player.modifier_points
        + tasks
    )


def _volcano_penalties(
    boards: Sequence[BoardScore],
    holders: Sequence[bool],
    *,
    solo: bool,
    handicap: Sequence[int],
    handicap_inactive: bool,
) -> tuple[list[int], list[int]]:
    """Return (counted volcanoes, points lost) per player (rules §7.6, §10, §11)."""
    counted = [
        board.active + (board.inactive if holder else 0)
        for board, holder in zip(boards, holders, strict=True)
    ]
    if solo:
        # rules §10: the lone player always holds the majority and the volcano chip.
        counted = [board.active + board.inactive for board in boards]
        return counted, counted[:]
    if handicap:
        # rules §11 handicap: only the handicapped players lose points, each one per active
        # volcano (and per inactive one in the harsher level); majority does not matter.
        lost = [0] * len(boards)
        counted = [board.active for board in boards]
        for seat in handicap:
            board = boards[seat]
            lost[seat] = counted[seat] = board.active + (board.inactive if handicap_inactive else 0)
        return counted, lost
    most = max(counted)
    if most == 0:
        return counted, [0] * len(boards)
    return counted, [most if value == most else 0 for value in counted]


def score_round(
    boards: Sequence[BoardScore],
    *,
    sides: Sequence[int],
    chips: Sequence[int],
    holders: Sequence[bool],
    modifier: int,
    claims: Sequence[Sequence[int]],
    first_out: int,
    solo: bool = False,
    handicap: Sequence[int] = (),
    handicap_inactive: bool = False,
) -> tuple[PlayerRound, ...]:
    """Score every player's round together (rules §7.5-§7.8, §8, §9, §10).

    `chips` are the bonus chip values taken (0 = none), `holders` who holds the volcano
    chip, `modifier` the index of this round's scoring modifier (-1 = none), `claims` the
    task indices each player took, `first_out` the seat that jumped out first (-1 = none),
    `handicap` the handicapped seats (none: the volcano chip rules apply).
    """
    counted, lost = _volcano_penalties(
        boards, holders, solo=solo, handicap=handicap, handicap_inactive=handicap_inactive
    )
    extra = [0] * len(boards)
    if modifier >= 0 and not solo:
        measure = MODIFIERS[modifier].measure
        extra = modifier_points([getattr(board, measure) for board in boards])
    results = []
    for seat, board in enumerate(boards):
        tasks = tuple(
            (task, ok, TASKS[task].value if ok else -TASKS[task].value)
            for task in claims[seat]
            for ok in (task_fulfilled(task, board, seat == first_out),)
        )
        player = PlayerRound(
            side=sides[seat],
            animals=board.animals,
            aquatic=board.aquatic,
            landscapes=board.landscapes,
            lakes=board.lakes,
            largest_lake=board.largest_lake,
            largest_forest=board.largest_forest,
            free=board.free,
            errors=board.errors,
            active=board.active,
            inactive=board.inactive,
            volcano_chip=bool(holders[seat]) or solo,
            counted=counted[seat],
            volcano_penalty=lost[seat],
            chip=chips[seat],
            modifier_points=extra[seat],
            tasks=tasks,
            score=0,
        )
        results.append(_with_score(player, solo))
    return tuple(results)


def _with_score(player: PlayerRound, solo: bool) -> PlayerRound:
    return replace(player, score=round_total(player, solo))


def volcano_holders(scores: Sequence[int]) -> tuple[int, ...]:
    """Return the seats that hold the volcano chip next round (rules §7.8).

    The top scorer holds it; house rule: with a tie for the top, every tied player does.
    `scores` are the last round's scores, or the totals (option `volcano_chip`).
    """
    best = max(scores)
    return tuple(seat for seat, score in enumerate(scores) if score == best)
