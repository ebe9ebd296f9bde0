"""Every card of cards.csv, prelude.csv and colonies.csv is in the engine, exactly as printed.

`games/terraforming_mars/data/cards.csv` is the project's copy of the shared data file; the
first test checks the copy against the shared original whenever that file is at hand.
"""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

import games.terraforming_mars
from games.terraforming_mars.catalog import CARDS
from games.terraforming_mars.phases import corporation_pool, project_pool
from games.terraforming_mars.state import Settings
from tests.games.terraforming_mars.helpers import ENGINE

OWN_CSV = Path(games.terraforming_mars.__file__).parent / "data" / "cards.csv"
OWN_PRELUDE_CSV = OWN_CSV.parent / "prelude.csv"  # §13: the Prelude expansion
COLONIES_CSV = OWN_CSV.with_name("colonies.csv")  # §14: the Colonies expansion
SHARED_CSV = Path(__file__).resolve().parents[4] / "shared" / "data" / "terraforming-mars"


def _rows(path: Path = OWN_CSV) -> dict[str, dict[str, str]]:
    with path.open(encoding="utf-8") as handle:
        return {row["id"]: row for row in csv.DictReader(handle)}


BASE_ROWS = _rows()
PRELUDE_ROWS = _rows(OWN_PRELUDE_CSV)
COLONY_ROWS = _rows(COLONIES_CSV)
ROWS = {**BASE_ROWS, **PRELUDE_ROWS}
ALL_ROWS = {**ROWS, **COLONY_ROWS}


def test_the_projects_copy_of_the_card_list_is_complete() -> None:
    projects = [i for i in BASE_ROWS if not i.startswith("R")]
    assert projects == [f"{n:03d}" for n in range(1, 209)]
    assert sum(1 for i in BASE_ROWS if i.startswith("R")) == 13
    shared = SHARED_CSV / "cards.csv"
    if shared.exists():  # on a development machine the original sits beside the repo
        assert shared.read_bytes() == OWN_CSV.read_bytes()


def test_the_projects_copy_of_the_prelude_list_is_complete() -> None:
    """§13: 35 preludes, 7 project cards and 5 corporations, all of the module "prelude"."""
    kinds = [row["type"] for row in PRELUDE_ROWS.values()]
    assert kinds.count("prelude") == 35
    assert sum(1 for kind in kinds if kind in ("automated", "active", "event")) == 7
    assert kinds.count("corporation") == 5
    assert {row["module"] for row in PRELUDE_ROWS.values()} == {"prelude"}
    assert not set(PRELUDE_ROWS) & set(BASE_ROWS)
    shared = SHARED_CSV / "prelude.csv"
    if shared.exists():
        assert shared.read_bytes() == OWN_PRELUDE_CSV.read_bytes()


def test_the_colonies_copy_of_the_card_list_is_complete() -> None:
    projects = [i for i in COLONY_ROWS if i.startswith("C")]
    assert projects == [f"C{n:02d}" for n in range(1, 50)]
    assert sum(1 for i in COLONY_ROWS if i.startswith("R")) == 5
    assert not set(COLONY_ROWS) & set(ROWS)
    for name in ("colonies.csv", "colony-tiles.json"):
        shared = SHARED_CSV / name
        if shared.exists():
            assert shared.read_bytes() == (OWN_CSV.parent / name).read_bytes()


def test_the_engine_holds_every_card_of_the_list_and_no_other() -> None:
    assert sorted(CARDS) == sorted(f"TM-{number}" for number in ALL_ROWS)


@pytest.mark.parametrize("number", sorted(ALL_ROWS))
def test_each_card_matches_the_list(number: str) -> None:
    row, card = ALL_ROWS[number], CARDS[f"TM-{number}"]
    assert card.number == number
    assert card.name == row["name"]
    assert card.module == row["module"]
    assert card.kind == row["type"]
    assert card.cost == int(row["cost"] or 0)
    assert sorted(card.tags) == sorted(filter(None, row["tags"].split(";")))
    assert card.requirement == row["requirement"]
    assert card.vp == row["vp"]
    assert card.resource == row["resource"]
    assert card.starting_mc == int(row["starting_mc"] or 0)
    assert card.text, "every card explains itself in words"


def _settings(corporate_era: bool, colonies: bool = False) -> Settings:
    return Settings(
        corporate_era=corporate_era,
        draft=False,
        beginner=False,
        solo_mode="standard",
        strict_red_frame=False,
        live_score=True,
        colonies=colonies,
    )


def test_with_corporate_era_the_deck_holds_all_208_project_cards() -> None:
    assert project_pool(_settings(True)) == [f"TM-{n:03d}" for n in range(1, 209)]
    corporations = {CARDS[c].name for c in corporation_pool(_settings(True))}
    assert len(corporations) == 12


def test_without_corporate_era_the_deck_is_exactly_the_base_cards() -> None:
    base = sorted(
        f"TM-{i}"
        for i, row in ROWS.items()
        if row["module"] == "base" and row["type"] != "corporation"
    )
    assert project_pool(_settings(False)) == base
    corporations = corporation_pool(_settings(False))
    assert all(CARDS[c].module == "base" for c in corporations)
    assert len(corporations) == 10  # Saturn Systems and Teractor are Corporate Era


@pytest.mark.parametrize("corporate_era", [True, False])
def test_a_new_game_deals_from_that_deck(corporate_era: bool) -> None:
    st = ENGINE.setup(players=2, seed=5, options={"corporate_era": corporate_era})
    cards = set(st.deck)
    for choice in st.sel:
        cards.update(choice["cards"])
    assert cards == set(project_pool(_settings(corporate_era)))


@pytest.mark.parametrize("corporate_era", [True, False])
def test_the_colonies_cards_join_the_deck_only_with_the_option(corporate_era: bool) -> None:
    colonies = {f"TM-{i}" for i, row in COLONY_ROWS.items() if row["type"] != "corporation"}
    corps = {f"TM-{i}" for i, row in COLONY_ROWS.items() if row["type"] == "corporation"}
    without = project_pool(_settings(corporate_era))
    with_them = project_pool(_settings(corporate_era, colonies=True))
    assert not colonies & set(without)
    assert set(with_them) == set(without) | colonies
    assert not corps & set(corporation_pool(_settings(corporate_era)))
    assert corps <= set(corporation_pool(_settings(corporate_era, colonies=True)))
    st = ENGINE.setup(players=2, seed=5, options={"corporate_era": corporate_era, "colonies": True})
    cards = set(st.deck)
    for choice in st.sel:
        cards.update(choice["cards"])
    assert cards == set(with_them)
