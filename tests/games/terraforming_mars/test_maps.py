"""The four maps (rules §9): their data, the map option, and the special spaces (§7.8)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from games.terraforming_mars.board import legal_spaces
from games.terraforming_mars.bots import BOTS
from games.terraforming_mars.constants import OCEANS_MAX, TEMPERATURE_MAX
from games.terraforming_mars.maps import MAPS
from games.terraforming_mars.milestones import AWARDS, MILESTONES
from games.terraforming_mars.state import State
from tests.games.terraforming_mars.helpers import ENGINE, act, game, ready, set_stock, space

# Copies of the shared data files (../shared/data/terraforming-mars), kept with the game.
DATA = Path(__file__).resolve().parents[3] / "games" / "terraforming_mars" / "data"
FILES = {
    "tharsis": "tharsis.json",
    "hellas": "hellas.json",
    "elysium": "elysium.json",
    "vastitas_borealis": "vastitas-borealis.json",
}


def on(map_key: str) -> State:
    """A writable 2-player state on `map_key`, in generation 1's action phase."""
    return game(2, options={"map": map_key})


def greenery_with_plants(st: State, mc: int) -> State:
    set_stock(st, 0, plants=8, mc=mc)
    return ready(st)


@pytest.mark.parametrize("key", sorted(FILES))
def test_each_map_matches_its_data_file(key: str) -> None:
    """Spaces, types, bonuses, volcanic areas and neighbours are those of the shared data."""
    data = json.loads((DATA / FILES[key]).read_text())
    board_map = MAPS[key]
    assert len(board_map.spaces) == data["counts"]["spaces_on_mars"] == 61
    by_id = {s["id"]: s for s in data["spaces"]}
    for space_ in board_map.spaces:
        raw = by_id[space_.id]
        assert space_.type == raw["type"]
        assert list(space_.bonus) == raw["bonus"]
        assert space_.volcanic == raw["volcanic"]
        assert list(space_.neighbors) == raw["neighbors"]
    assert sum(s.volcanic for s in board_map.spaces) == data["counts"]["volcanic"]
    assert [MILESTONES[k].name for k in board_map.milestones] == [
        m["name"] for m in data["milestones"]
    ]
    assert [AWARDS[k].name for k in board_map.awards] == [a["name"] for a in data["awards"]]


def test_the_map_is_a_table_option_and_tharsis_is_the_default() -> None:
    option = next(o for o in ENGINE.options if o.key == "map")
    assert [value for value, _label in option.choices] == [
        "tharsis",
        "hellas",
        "elysium",
        "vastitas_borealis",
    ]
    assert ENGINE.setup(players=2, seed=1, options={}).settings.map == "tharsis"
    st = ENGINE.setup(players=2, seed=1, options={"map": "hellas"})
    assert st.settings.map == "hellas"
    assert ENGINE.load(ENGINE.dump(st)) == st
    with pytest.raises(ValueError):
        ENGINE.setup(players=2, seed=1, options={"map": "amazonis"})


def test_hellas_south_pole_costs_6_mc_and_brings_an_ocean() -> None:
    """§7.8: a greenery on r9c3 costs 6 M€ more and the placer puts an ocean (+1 TR)."""
    st = greenery_with_plants(on("hellas"), mc=10)
    st = act(st, 0, {"type": "convert", "resource": "plants"}, space("r9c3"))
    player = st.players[0]
    assert player.stock[0] == 4
    assert st.queue and st.queue[0][3] == "ocean"
    ocean = legal_spaces(st, 0, "ocean")[0]
    st = act(st, 0, space(ocean))
    assert st.oceans == 1 and st.board[ocean][0] == "ocean"
    assert st.players[0].tr == 22  # the greenery's oxygen step and the ocean


def test_hellas_south_pole_is_closed_to_a_player_who_cannot_pay() -> None:
    st = greenery_with_plants(on("hellas"), mc=5)
    assert "r9c3" not in legal_spaces(st, 0, "greenery")
    assert "r9c3" in legal_spaces(greenery_with_plants(on("hellas"), mc=6), 0, "greenery")


def test_hellas_south_pole_is_ordinary_land_once_the_oceans_are_out() -> None:
    """House rule (§7.8): no cost and no ocean when all nine oceans are placed."""
    st = on("hellas")
    board = st.board_w()
    for key in MAPS["hellas"].ocean_spaces[:OCEANS_MAX]:
        board[key] = ("ocean", -1, "")
    st.oceans = OCEANS_MAX
    st = greenery_with_plants(st, mc=0)
    assert "r9c3" in legal_spaces(st, 0, "greenery")
    st = act(st, 0, {"type": "convert", "resource": "plants"}, space("r9c3"))
    assert st.players[0].stock[0] == 0
    assert not any(item[0] == "place" for item in st.queue)
    assert st.oceans == OCEANS_MAX and st.board["r9c3"][0] == "greenery"
    assert all(entry[2] != "map_ocean" for entry in st.log)


def test_vastitas_centre_costs_4_mc_and_raises_the_temperature() -> None:
    st = greenery_with_plants(on("vastitas_borealis"), mc=10)
    st = act(st, 0, {"type": "convert", "resource": "plants"}, space("r5c5"))
    assert st.players[0].stock[0] == 6
    assert st.temperature == -28
    assert st.players[0].tr == 22  # oxygen and temperature
    assert any(entry[2] == "map_temperature" for entry in st.log)


def test_vastitas_centre_is_ordinary_at_the_temperature_goal() -> None:
    st = on("vastitas_borealis")
    st.temperature = TEMPERATURE_MAX
    st = greenery_with_plants(st, mc=0)
    assert "r5c5" in legal_spaces(st, 0, "greenery")
    st = act(st, 0, {"type": "convert", "resource": "plants"}, space("r5c5"))
    assert st.players[0].stock[0] == 0 and st.players[0].tr == 21


def test_vastitas_centre_is_closed_to_a_player_who_cannot_pay() -> None:
    st = greenery_with_plants(on("vastitas_borealis"), mc=3)
    assert "r5c5" not in legal_spaces(st, 0, "greenery")


def test_lava_flows_goes_on_any_land_of_hellas_and_on_volcanic_spaces_elsewhere() -> None:
    """§7.5, §9.3: Hellas has no volcanic area."""
    hellas = ready(on("hellas"))
    assert legal_spaces(hellas, 0, "volcanic") == legal_spaces(hellas, 0, "land")
    elysium = ready(on("elysium"))
    assert legal_spaces(elysium, 0, "volcanic") == ["r2c1", "r3c1", "r3c7", "r5c9"]


def test_noctis_city_follows_the_city_rule_without_a_reserved_space() -> None:
    st = ready(on("elysium"))
    assert legal_spaces(st, 0, "noctis") == legal_spaces(st, 0, "city")
    assert legal_spaces(ready(game(2)), 0, "noctis") == ["r5c3"]


@pytest.mark.parametrize("key", ["hellas", "elysium", "vastitas_borealis"])
def test_random_games_on_each_map_finish_and_replay(key: str) -> None:
    """Whole random 2-player games end with an outcome; the special spaces get used."""
    for seed in range(3):
        st = ENGINE.setup(players=2, seed=seed, options={"map": key})
        pick = random.Random(seed)
        steps = 0
        while ENGINE.outcome(st) is None:
            seat = min(ENGINE.to_move(st))
            st = ENGINE.apply(st, seat, pick.choice(ENGINE.legal_actions(st, seat)))
            steps += 1
            assert steps < 20_000
        assert ENGINE.load(ENGINE.dump(st)) == st
        assert st.settings.map == key


@pytest.mark.parametrize("key", ["hellas", "elysium", "vastitas_borealis"])
def test_the_heuristic_bot_beats_the_random_one_on_each_map(key: str) -> None:
    bots = (BOTS["heuristic"], BOTS["random"])
    wins = 0
    for seed in range(10):
        st = ENGINE.setup(players=2, seed=seed, options={"map": key})
        rng = random.Random(seed)
        while ENGINE.outcome(st) is None:
            seat = min(ENGINE.to_move(st))
            st = ENGINE.apply(st, seat, bots[seat].choose(ENGINE, st, seat, rng))
        wins += ENGINE.outcome(st).places[0] == 1
    assert wins >= 9
