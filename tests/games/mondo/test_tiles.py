"""The house tile set (rules §4.4, Appendix A) and the board layout (rules §3)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from games.mondo.board import CELL_COUNT, CELLS, NEIGHBOURS, RIM, SOLO_CELLS, rim_landscape
from games.mondo.tiles import ANIMAL_LANDSCAPE, TILE_COUNT, TILE_FACES, TILE_IDS, TILE_TABLE

RULES = Path("/work/shared/rules/mondo.md")


def test_the_tile_table_is_appendix_a_verbatim() -> None:
    """The data is loaded from the rules' table, not re-derived (checked against the
    rules file when it is at hand)."""
    lines = TILE_TABLE.splitlines()
    assert lines[0].split() == ["id", "NESW", "animal", "volcano", "back"]
    assert lines[17] == "017 wwwf parrot    -        w"
    assert lines[136] == "136 dfds -         -        d"
    if RULES.exists():
        assert TILE_TABLE.strip() in RULES.read_text()


def test_there_are_136_different_tiles_with_distinctive_ids() -> None:
    assert TILE_COUNT == 136 == len(set(TILE_IDS))
    assert TILE_IDS[0] == "MO-001" and TILE_IDS[-1] == "MO-136"
    keys = set()
    for front, back in TILE_FACES:
        turns = {front.edges[i:] + front.edges[:i] for i in range(4)}
        keys.add((min(turns), front.animal, front.volcano, back.edges[0]))
    assert len(keys) == 136


def test_the_landscapes_are_balanced() -> None:
    """544 edges, 136 of each landscape; each landscape on 76 fronts; 34 backs each."""
    edges = Counter(land for front, _back in TILE_FACES for land in front.edges)
    assert edges == {"w": 136, "f": 136, "s": 136, "d": 136}
    fronts = Counter(land for front, _back in TILE_FACES for land in set(front.edges))
    assert fronts == {"w": 76, "f": 76, "s": 76, "d": 76}
    backs = Counter(back.edges[0] for _front, back in TILE_FACES)
    assert backs == {"w": 34, "f": 34, "s": 34, "d": 34}
    assert all(set(back.edges) == {back.edges[0]} and not back.animal for _f, back in TILE_FACES)
    assert all(1 <= len(set(front.edges)) <= 3 for front, _back in TILE_FACES)


def test_animals_and_volcanoes_match_the_appendix() -> None:
    """54 animals (4 of six species, 3 of the others), 24 active and 12 inactive volcanoes."""
    animals = Counter(front.animal for front, _back in TILE_FACES if front.animal)
    assert sum(animals.values()) == 54
    for species in ("buffalo", "elephant", "panda", "parrot", "snake", "scorpion"):
        assert animals[species] == 4
    assert sorted(set(animals.values())) == [3, 4] and len(animals) == 16
    per_land = Counter(ANIMAL_LANDSCAPE[a] for a in animals.elements())
    assert per_land == {"s": 14, "f": 14, "d": 14, "w": 12}
    for front, _back in TILE_FACES:
        if front.animal:
            assert ANIMAL_LANDSCAPE[front.animal] in front.edges
    active = [i + 1 for i, (f, _b) in enumerate(TILE_FACES) if f.volcano == "active"]
    inactive = [i + 1 for i, (f, _b) in enumerate(TILE_FACES) if f.volcano == "inactive"]
    assert active == [n for n in range(1, 137) if n % 17 in (3, 9, 14)]
    assert inactive == [n for n in range(1, 137) if n % 34 in (6, 23, 29)]
    both = sum(1 for f, _b in TILE_FACES if f.animal and f.volcano)
    assert both == 8


def test_the_board_has_24_spaces_24_border_edges_and_36_internal_edges() -> None:
    """rules §3.1: rows of 2, 4, 6, 6, 4, 2; 12 spaces on the outer ring."""
    assert CELL_COUNT == 24
    assert Counter(row for row, _col in CELLS) == {0: 2, 1: 4, 2: 6, 3: 6, 4: 4, 5: 2}
    border = sum(1 for n in NEIGHBOURS for other in n if other < 0)
    internal = sum(1 for n in NEIGHBOURS for other in n if other >= 0) // 2
    assert (border, internal) == (24, 36)
    assert sum(1 for n in NEIGHBOURS if min(n) < 0) == 12
    assert [CELLS[c] for c in SOLO_CELLS] == [(1, 1), (1, 4), (4, 1), (4, 4)]


def test_the_back_rim_has_four_quadrants() -> None:
    """rules §3.3 (house rule): NW forest, NE steppe, SE desert, SW water."""
    by_cell = {CELLS[c]: rim_landscape(c, 1) for c in range(CELL_COUNT) if min(NEIGHBOURS[c]) < 0}
    assert by_cell[(0, 2)] == by_cell[(1, 1)] == by_cell[(2, 0)] == "f"
    assert by_cell[(0, 3)] == by_cell[(1, 4)] == by_cell[(2, 5)] == "s"
    assert by_cell[(3, 5)] == by_cell[(4, 4)] == by_cell[(5, 3)] == "d"
    assert by_cell[(3, 0)] == by_cell[(4, 1)] == by_cell[(5, 2)] == "w"
    assert set(RIM[0]) == {"w"}
