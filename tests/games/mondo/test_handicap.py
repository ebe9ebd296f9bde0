"""rules §11 handicap: any chosen set of strong players is handicapped, not just one."""

from __future__ import annotations

import pytest

from games.engine import OptionError
from games.mondo.options import OPTIONS
from games.mondo.rules import handicap_seats
from games.mondo.state import MondoState
from tests.games.mondo.helpers import ENGINE, state, with_board
from tests.games.mondo.test_round_scoring import round_of

HANDICAP = next(option for option in OPTIONS if option.key == "handicap")

# Seat 0: one active and one inactive volcano; seat 1: three active (the majority);
# seat 2: one active.
BOARDS = {
    0: {"r2c2": ("MO-003", 0, 0), "r4c4": ("MO-006", 0, 0)},
    1: {"r2c2": ("MO-009", 0, 0), "r3c3": ("MO-014", 0, 0), "r4c4": ("MO-020", 0, 0)},
    2: {"r2c2": ("MO-026", 0, 0)},
}


def test_the_option_is_a_set_of_player_numbers() -> None:
    assert HANDICAP.kind == "seats" and HANDICAP.default == ()
    assert HANDICAP.clean([3, 1]) == (1, 3)
    assert HANDICAP.clean(["2", "4"]) == (2, 4)  # as a form posts them
    assert HANDICAP.clean([]) == ()
    assert HANDICAP.clean([1, 2, 3, 4]) == (1, 2, 3, 4)


def test_a_single_number_as_older_tables_stored_it_still_reads() -> None:
    assert HANDICAP.clean(0) == ()
    assert HANDICAP.clean(2) == (2,)
    assert handicap_seats(ENGINE.setup(players=2, seed=1, options={"handicap": 2})) == (1,)


@pytest.mark.parametrize(
    "bad", [[5], [0], [2, 2], [-1], ["x"], ["1\x00"], [None], [True], 5, "many", None, [[1]]]
)
def test_a_forged_set_is_refused_with_words(bad) -> None:
    with pytest.raises(OptionError) as refused:
        ENGINE.validate_options({"handicap": bad})
    assert str(refused.value).startswith("Handicapped players must be player numbers")


def test_every_handicapped_player_pays_per_active_volcano_and_the_others_never() -> None:
    """rules §11: two chosen players each lose 1 per active volcano (per inactive one too at
    the harsher level); the third, with the most volcanoes, loses nothing."""
    rows = [(0, 0, 20, 0, 2, 3, 0), (0, 0, 20, 0, 6, 1, 0), (0, 0, 20, 0, 1, 4, 0)]
    soft = round_of(rows, holders=(1,), handicap=(0, 2))
    assert [r.volcano_penalty for r in soft] == [2, 0, 1]
    harsh = round_of(rows, holders=(1,), handicap=(0, 2), handicap_inactive=True)
    assert [r.volcano_penalty for r in harsh] == [5, 0, 5]
    everyone = round_of(rows, handicap=(0, 1, 2))
    assert [r.volcano_penalty for r in everyone] == [2, 6, 1]
    nobody = round_of(rows, handicap=())
    assert [r.volcano_penalty for r in nobody] == [0, 6, 0]  # the majority rule, §7.6


def _round_one(**options: object) -> MondoState:
    game = state(3, **options)
    for seat, cells in BOARDS.items():
        game = with_board(game, seat, cells)
    return ENGINE.time_up(game, "round-1")


def test_a_game_scores_the_handicap_of_each_chosen_player() -> None:
    assert [p.volcano_penalty for p in _round_one().history[0].players] == [0, 3, 0]
    played = _round_one(handicap=[1, 3])
    assert [p.volcano_penalty for p in played.history[0].players] == [1, 0, 1]
    harsh = _round_one(handicap=[1, 3], handicap_inactive=True)
    assert [p.volcano_penalty for p in harsh.history[0].players] == [2, 0, 1]
    assert ENGINE.view(played, 0)["handicap"] == [0, 2]


def test_a_dump_keeps_the_set_and_an_older_dump_with_one_number_loads() -> None:
    game = state(3, handicap=[1, 3])
    data = ENGINE.dump(game)
    assert data["options"]["handicap"] == [1, 3]
    assert ENGINE.load(data) == game
    older = {**data, "options": {**data["options"], "handicap": 3}}
    assert handicap_seats(ENGINE.load(older)) == (2,)
    assert older["options"]["handicap"] == 3  # load reads its input, never changes it
    nobody = {**data, "options": {**data["options"], "handicap": 0}}
    assert handicap_seats(ENGINE.load(nobody)) == ()


@pytest.mark.parametrize("bad", [[3, 1], [1, 1], [9], "1", True, None, [True]])
def test_a_dump_with_a_malformed_set_is_refused(bad) -> None:
    data = ENGINE.dump(state(3))
    with pytest.raises(ValueError):
        ENGINE.load({**data, "options": {**data["options"], "handicap": bad}})


def test_with_a_handicap_no_volcano_chip_is_shown() -> None:
    """rules §11: the handicapped game has no volcano chip; without it the round-1 top
    scorer holds it in round 2 and the board says so."""
    plain = ENGINE.time_up(_round_one(), "break-1")
    assert plain.round == 2 and plain.holders
    shown = [b["seat"] for b in ENGINE.view(plain, None)["boards"] if b["volcano_chip"]]
    assert shown == list(plain.holders)
    handicapped = ENGINE.time_up(_round_one(handicap=[1, 3]), "break-1")
    view = ENGINE.view(handicapped, None)
    assert not [b for b in view["boards"] if b["volcano_chip"]]
    assert not [p for r in view["history"] for p in r["players"] if p["volcano_chip"]]
