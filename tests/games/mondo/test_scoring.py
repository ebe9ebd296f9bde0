"""Scoring one board (rules §7.1-§7.5) and the worked examples 1-4 and 7 of rules §13."""

from __future__ import annotations

from games.mondo.scoring import orient, score_board
from games.mondo.tiles import face_from_edges
from tests.games.mondo.helpers import board_from_grid, make_board, score

BOARD_B = board_from_grid("""
          c0     c1     c2     c3     c4     c5
   r0                  wddw   wwdd
   r1           wwfw   ddfw   dwsd   wwsw
   r2    wfww   ffff   fwwf   ssww   ssss   wwws
   r3    wfww   ffwf   wwff   wssw   swss   wwww
   r4           wwww   fwww   ssww   swws
   r5                  wwww   wwww
""")
ANIMALS_B = {
    (0, 3): "scorpion",
    (1, 2): "snake",
    (2, 1): "panda",
    (3, 1): "parrot",
    (2, 4): "buffalo",
    (3, 4): "elephant",
    (3, 3): "turtle",
}
VOLCANOES_B = {(2, 5): "active", (5, 3): "active", (3, 5): "inactive"}

BOARD_A = board_from_grid("""
          c0     c1     c2     c3     c4     c5
   r0                  wddw   wsdd
   r1           dwfw   ddfw   dwsd   wwsw
   r2    wfww   ffff   fwwf   ssww   ssss   wwws
   r3    wfww   ffwf   wwff   wssw   swss   swww
   r4           wdww   fwwd   ssww   swws
   r5                  wwwd   ....
""")
ANIMALS_A = {k: v for k, v in ANIMALS_B.items() if v != "turtle"}
VOLCANOES_A = {
    (1, 4): "active",
    (2, 5): "active",
    (3, 5): "active",
    (5, 2): "active",
    (2, 0): "inactive",
    (4, 1): "inactive",
}

BOARD_C = board_from_grid("""
          c0     c1     c2     c3     c4     c5
   r2    ....   ....   wfww   wwwf   ....   ....
   r3    ....   ....   wwdw   wddw   ....   ....
   r4           ....   dwdd   dddw   ....
""")
ANIMALS_C = {(2, 2): "dolphin", (2, 3): "tiger", (4, 2): "whale", (4, 3): "penguin"}


def regions_of(result, land):
    return sorted((r.cells, r.scores, r.lake) for r in result.regions if r.land == land)


# --- Example 1 -------------------------------------------------------------------------


def test_example_1_one_shared_mismatch_is_one_error_and_open_regions_do_not_score() -> None:
    """(2,2) ffff with a panda against (2,3) dddd: 1 error, 22 free, score -22."""
    result = score({(2, 2): "ffff", (2, 3): "dddd"}, animals={(2, 2): "panda"})
    assert result.errors == 1
    assert result.free == 22
    assert result.landscapes == 0
    assert all(not region.completed for region in result.regions)
    assert result.animals + 2 * result.landscapes - result.free - result.errors == -22
    assert result.basic == -22


# --- Example 2 -------------------------------------------------------------------------


def test_example_2_the_perfect_board_scores_13_before_chip_and_volcanoes() -> None:
    """Board B: 7 animals, desert, forest and steppe score, one lake, nothing else."""
    result = score(BOARD_B, ANIMALS_B, VOLCANOES_B)
    assert (result.animals, result.landscapes, result.free, result.errors) == (7, 3, 0, 0)
    assert result.basic == 13
    assert (result.aquatic, result.lakes, result.largest_lake, result.largest_forest) == (
        1,
        1,
        4,
        9,
    )
    assert (result.active, result.inactive) == (2, 1)
    scoring = {(r.land, r.size) for r in result.regions if r.scores}
    assert scoring == {("d", 4), ("f", 9), ("s", 9)}
    desert = next(r for r in result.regions if r.land == "d")
    assert desert.cells == (0, 1, 3, 4)  # (0,2) (0,3) (1,2) (1,3)
    lake = next(r for r in result.regions if r.lake)
    assert lake.cells == (8, 9, 14, 15)  # (2,2) (2,3) (3,2) (3,3)
    # The 8 other water regions lie along the rim: closed and clean, but no lakes.
    rim_water = [r for r in result.regions if r.land == "w" and not r.lake]
    assert len(rim_water) == 8
    assert all(r.completed and r.error_free and r.border for r in rim_water)


# --- Example 3 -------------------------------------------------------------------------


def test_example_3_board_a_has_four_errors_four_landscapes_and_one_free_space() -> None:
    """Board A: the published scoring example, 6 + 4x2 + chip 2 - 1 - 4 = 11."""
    result = score(BOARD_A, ANIMALS_A, VOLCANOES_A)
    assert result.animals == 6
    assert (result.active, result.inactive) == (4, 2)
    assert result.errors == 4
    assert result.free == 1
    assert result.landscapes == 4
    assert sorted((r.land, r.size) for r in result.regions if r.scores) == [
        ("d", 2),
        ("d", 4),
        ("f", 9),
        ("s", 9),
    ]
    # The error edges: (0,3)E, (1,1)N, (5,2)W against the rim, (3,5)N against (2,5)S.
    # Cells are numbered in reading order: (0,3) is 1, (1,1) is 2, (2,5) is 11, (3,5) is 17.
    assert set(result.error_edges) == {(1, 1), (2, 0), (22, 3), (17, 0), (11, 2)}
    lake = [r for r in result.regions if r.lake]
    assert [r.cells for r in lake] == [(8, 9, 14, 15)]
    open_water = next(r for r in result.regions if r.land == "w" and 22 in r.cells)
    assert open_water.cells == (19, 20, 22) and not open_water.completed
    chip = 2
    assert result.basic + chip == 11  # the opponent has 5 active volcanoes: no penalty here


def test_example_3_one_edge_areas_in_errors_are_completed_but_not_error_free() -> None:
    """The steppe edge of (0,3) at the rim: a closed region that does not score."""
    result = score(BOARD_A, ANIMALS_A, VOLCANOES_A)
    steppe_at_rim = next(r for r in result.regions if r.land == "s" and r.cells == (1,))
    assert steppe_at_rim.completed and not steppe_at_rim.error_free and not steppe_at_rim.scores


# --- Example 4 -------------------------------------------------------------------------


def test_example_4_a_small_board_with_a_forest_and_a_lake_scores_minus_12() -> None:
    """Board C: forest of 2 scores, lake of 2, 18 free, no errors: 4 + 2 - 18 = -12."""
    result = score(BOARD_C, ANIMALS_C)
    assert (result.animals, result.landscapes, result.free, result.errors) == (4, 1, 18, 0)
    assert result.basic == -12
    assert result.aquatic == 3
    assert (result.lakes, result.largest_lake, result.largest_forest) == (1, 2, 2)
    lake = next(r for r in result.regions if r.lake)
    assert lake.cells == (19, 20)  # (4,2)E and (4,3)W
    deserts = [r for r in result.regions if r.land == "d"]
    assert len(deserts) == 2 and not any(r.completed for r in deserts)


# --- Example 7 -------------------------------------------------------------------------

BOARD_F = {(0, 2): "ffwf", (0, 3): "sswf", (1, 2): "wwww"}


def test_example_7_on_the_back_side_the_rim_closes_landscapes_of_its_own_kind() -> None:
    """Forest and steppe touch rim edges of their landscape: both score; -17."""
    result = score(BOARD_F, side=1)
    assert result.errors == 0 and result.free == 21
    assert sorted((r.land, r.cells) for r in result.regions if r.scores) == [
        ("f", (0, 1)),
        ("s", (1,)),
    ]
    assert all(not r.completed for r in result.regions if r.land == "w")
    assert result.basic == -17


def test_example_7_the_same_tiles_on_the_front_side_make_four_rim_errors() -> None:
    """Forest x2 and steppe x2 against the water rim: no landscape scores; -25."""
    result = score(BOARD_F, side=0)
    assert result.errors == 4
    assert result.landscapes == 0
    assert result.basic == -25


# --- Single rules ----------------------------------------------------------------------


def test_water_never_scores_however_well_it_is_built() -> None:
    """A closed, clean water region inside the board is a lake, not a scoring landscape."""
    result = score(BOARD_B, ANIMALS_B)
    assert all(not r.scores for r in result.regions if r.land == "w")


def test_a_free_space_next_to_a_tile_is_never_an_error() -> None:
    """A lone water tile in the middle: four open edges, 0 errors, 23 free."""
    result = score({(2, 2): "wwww"})
    assert result.errors == 0 and result.free == 23
    assert result.basic == -23


def test_every_rim_mismatch_is_one_error_per_tile_edge() -> None:
    """(2,0) dddd on the front: its N and W edges meet the water rim: 2 errors."""
    result = score({(2, 0): "dddd"})
    assert result.errors == 2
    assert sorted(result.error_edges) == [(6, 0), (6, 3)]
    result = score({(2, 0): "ddww"})  # S and W water: only the north edge is wrong
    assert result.errors == 1


def test_a_mismatch_between_tiles_counts_once_but_marks_both_regions() -> None:
    """ffff next to ffff next to dddd in a row: one error, the forest is spoiled."""
    result = score({(2, 1): "ffff", (2, 2): "ffff", (2, 3): "dddd"})
    assert result.errors == 1
    forest = next(r for r in result.regions if r.land == "f")
    assert forest.cells == (7, 8) and not forest.error_free
    desert = next(r for r in result.regions if r.land == "d")
    assert not desert.error_free
    assert sorted(result.error_edges) == [(8, 1), (9, 3)]


def test_a_band_joins_two_opposite_edges_into_one_area() -> None:
    """fwfs: the forest band joins N and S; it links the forests above and below."""
    face = face_from_edges("fwfs")
    assert face.edge_area == (0, 1, 0, 2)
    result = score({(1, 2): "ffff", (2, 2): "fwfs", (3, 2): "ffff"})
    forest = next(r for r in result.regions if r.land == "f")
    assert forest.cells == (3, 8, 14)


def test_region_size_counts_tiles_not_areas() -> None:
    """A lake touching four tiles has size 4 even though each holds a small corner."""
    result = score(BOARD_B)
    assert next(r for r in result.regions if r.lake).size == 4


def test_an_animal_belongs_to_the_region_of_its_area() -> None:
    """The panda on (2,1) of Board B lies in the big forest, the scorpion in the desert."""
    result = score(BOARD_B, ANIMALS_B)
    forest = next(r for r in result.regions if r.land == "f")
    desert = next(r for r in result.regions if r.land == "d")
    assert sorted(forest.animals) == ["panda", "parrot"]
    assert sorted(desert.animals) == ["scorpion", "snake"]


def test_animals_count_wherever_they_stand() -> None:
    """An animal in an open, spoiled region still gives its point."""
    result = score({(2, 2): "ffff", (2, 3): "dddd"}, animals={(2, 2): "panda"})
    assert result.animals == 1


def test_rotation_turns_edges_clockwise() -> None:
    """rules §4.3: what was on top moves to the right after one quarter turn."""
    face = face_from_edges("wfsd")
    assert orient(face, 1).edges == ("d", "w", "f", "s")
    assert orient(face, 2).edges == ("s", "d", "w", "f")
    assert orient(face, 4).edges == face.edges
    turned = orient(face_from_edges("wwwf", "parrot"), 1)
    assert turned.edges == ("f", "w", "w", "w")
    assert turned.edge_area == (1, 0, 0, 0) and turned.animal_area == 1


def test_an_empty_board_scores_minus_24() -> None:
    """24 free spaces and nothing else."""
    result = score_board(make_board({}), 0)
    assert result.basic == -24 and result.regions == ()
