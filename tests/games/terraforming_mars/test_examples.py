"""Every worked example of rules §16, as a test."""

from __future__ import annotations

from games.terraforming_mars.board import legal_spaces
from games.terraforming_mars.payment import check_payment
from games.terraforming_mars.playability import play_block
from games.terraforming_mars.scoring import award_places, breakdown, final_scores
from tests.games.terraforming_mars.helpers import (
    ENGINE,
    act,
    card,
    game,
    give,
    in_play,
    place_tiles,
    play,
    ready,
    set_prod,
    set_stock,
    space,
)


def test_example_1_final_score_adds_up_to_70(monkeypatch) -> None:
    """§16.1: TR 38 + Mayor 5 + awards 7 + 6 greeneries + 3 city points + 11 card VP = 70.

    Immigration Shuttles is card 197 (a later batch): its data is added here the way a
    batch module would add it, which also shows that a new card needs no core change.
    """
    from games.terraforming_mars.cards.model import project
    from games.terraforming_mars.catalog import CARDS

    shuttles = project(
        "197", "Immigration Shuttles", "automated", 31, "earth space", vp="1/3 cities:any_owner"
    )
    monkeypatch.setitem(CARDS, shuttles.id, shuttles)
    st = game(3)
    st.pw(0).tr = 38
    st.milestones = (("mayor", 0),)
    # Landlord: A first. Banker: A second behind B.
    st.awards = (("landlord", 1), ("banker", 2))
    set_prod(st, 0, mc=5)
    set_prod(st, 1, mc=9)
    set_prod(st, 2, mc=1)
    place_tiles(
        st,
        {
            "r4c5": ("city", 0),
            "r4c4": ("greenery", 0),
            "r4c6": ("greenery", 1),
            "r7c2": ("city", 0),
            "r7c1": ("greenery", 0),
            "r1c1": ("greenery", 0),
            "r1c3": ("greenery", 0),
            "r2c1": ("greenery", 0),
            "r9c1": ("greenery", 0),
            # 10 cities in play: A's three (one off Mars) and seven others.
            "r9c4": ("city", 1),
            "r2c4": ("city", 1),
            "r3c7": ("city", 2),
            "r6c4": ("city", 2),
            "r8c5": ("city", 1),
            "r2c2": ("city", 2),
            "r8c2": ("city", 1),
        },
    )
    in_play(st, 0, "072", res=4)  # Birds: 4 animals, 4 VP
    in_play(st, 0, "035", res=7)  # Ants: 7 microbes, 3 VP (rounded down)
    in_play(st, 0, "021")  # Phobos Space Haven: 3 VP (and a city, off Mars)
    in_play(st, 0, "097")  # Nuclear Zone: -2 VP
    st.pw(0).played = (*st.pw(0).played, shuttles.id)
    st.board_w()["phobos_space_haven"] = ("city", 0, "")
    st.freeze()
    assert st.cities() == 10
    row = breakdown(st)[0]
    assert row["tr"] == 38
    assert row["milestones"] == 5
    assert row["awards"] == 5 + 2
    assert row["greeneries"] == 6
    assert row["cities"] == 2 + 1  # r4c5 touches r4c4 and B's r4c6; r7c2 touches r7c1
    assert row["cards"] == 4 + 3 + 3 + 3 - 2
    assert row["total"] == 70


def test_example_2_award_places() -> None:
    """§16.2: ties for first share 5 and nobody is second; 2-player games have no second."""
    assert award_places([12, 12, 9, 9]) == [5, 5, 0, 0]
    assert award_places([12, 9, 9, 3]) == [5, 2, 2, 0]
    assert award_places([10, 4]) == [5, 0]
    assert award_places([7, 7]) == [5, 5]


def test_example_3_affordability_of_capital() -> None:
    """§16.3: 10 M€ + 7 steel cannot pay 26; Earth Catapult or Advanced Alloys make it so."""
    st = game(2)
    st.oceans = 4
    place_tiles(st, {"r1c2": ("ocean", -1), "r1c4": ("ocean", -1), "r1c5": ("ocean", -1)})
    st.oceans = 4
    place_tiles(st, {"r2c6": ("ocean", -1)})
    st.oceans = 4
    set_prod(st, 0, energy=2)
    set_stock(st, 0, mc=10, steel=7, titanium=4)
    give(st, 0, "008")
    assert play_block(ready(st), 0, card("008")) == "Costs 26 M€; you can pay 24 M€."

    with_catapult = game(2)
    with_catapult.__dict__.update(board=dict(st.board), oceans=4, deck=st.deck, discard=st.discard)
    set_prod(with_catapult, 0, energy=2)
    set_stock(with_catapult, 0, mc=10, steel=7)
    give(with_catapult, 0, "008")
    in_play(with_catapult, 0, "070")
    ready(with_catapult)
    assert play_block(with_catapult, 0, card("008")) is None
    # Exactly 10 M€ + 7 steel: the only mix, so the payment asks nothing.
    after = act(with_catapult, 0, {"type": "play", "card": card("008")})
    assert after.players[0].stock[:2] == [0, 0]
    assert after.queue[0][0] == "place"

    with_alloys = game(2)
    with_alloys.__dict__.update(board=dict(st.board), oceans=4, deck=st.deck, discard=st.discard)
    set_prod(with_alloys, 0, energy=2)
    set_stock(with_alloys, 0, mc=10, steel=7)
    give(with_alloys, 0, "008")
    in_play(with_alloys, 0, "071")
    ready(with_alloys)
    assert play_block(with_alloys, 0, card("008")) is None
    assert check_payment(with_alloys.players[0], 26, steel=7, mc=5, building=True)


def test_example_3_overpaying_with_steel_but_never_with_mc() -> None:
    """§16.3: 7 steel + 6 M€ or 10 steel pay 20; 7 steel + 7 M€ is refused; 11 steel is fine."""
    st = game(2)
    set_stock(st, 0, mc=20, steel=11)
    player = ready(st).players[0]
    assert check_payment(player, 20, steel=7, mc=6, building=True)
    assert check_payment(player, 20, steel=10, mc=0, building=True)
    assert not check_payment(player, 20, steel=7, mc=7, building=True)
    assert check_payment(player, 20, steel=11, mc=0, building=True)


def test_example_3_the_payment_steps_offer_exactly_those_mixes() -> None:
    """The steel step for a 20 M€ building card: 7 to 11 steel with 7 M€; M€ makes the rest."""
    st = game(2)
    st.temperature = -12  # Eos Chasma National Park: 16 M€, building; cost 20 needs a card
    set_stock(st, 0, mc=7, steel=11)
    give(st, 0, "032")  # Underground City: 18 M€ building; with 2 energy production
    set_prod(st, 0, energy=2)
    st = ready(st)
    st = act(st, 0, {"type": "play", "card": card("032")})
    amounts = [a["amount"] for a in ENGINE.legal_actions(st, 0)]
    assert amounts == [6, 7, 8, 9, 10, 11]  # 18 M€: at least 6 steel (12) with 6 of 7 M€
    st = act(st, 0, {"type": "pay", "resource": "steel", "amount": 6})
    assert st.players[0].stock[0] == 1  # exactly 6 M€ paid, never 7


def test_example_4_city_legality() -> None:
    """§16.4: no city next to r4c5; r3c3 fine; Noctis City on r5c3 next to a city."""
    st = game(2)
    place_tiles(st, {"r4c5": ("city", 0), "r4c2": ("city", 1)})
    st = ready(st)
    cities = legal_spaces(st, 0, "city")
    assert "r4c6" not in cities and "r3c4" not in cities
    assert "r3c3" in cities
    assert "r5c3" not in cities  # reserved for Noctis City
    assert legal_spaces(st, 0, "noctis") == ["r5c3"]
    assert "r5c3" not in legal_spaces(st, 0, "greenery")
    assert "r5c3" not in legal_spaces(st, 0, "land")


def test_example_4_urbanized_area_needs_two_adjacent_cities() -> None:
    """§16.4: with cities on r4c5 and r5c7, r4c6 touches both."""
    st = game(2)
    place_tiles(st, {"r4c5": ("city", 0), "r5c7": ("city", 1)})
    assert "r4c6" in legal_spaces(ready(st), 0, "urbanized")


def test_example_5_greenery_next_to_own_tiles() -> None:
    """§16.5: B's greenery goes next to B's city on r6c2, never on Noctis City's r5c3."""
    st = game(2)
    place_tiles(st, {"r6c2": ("city", 1)})
    st = ready(st)
    assert legal_spaces(st, 1, "greenery") == ["r5c2", "r6c1", "r6c3", "r7c1", "r7c2"]


def test_example_5_greenery_anywhere_when_no_own_neighbour_is_free() -> None:
    st = game(2)
    place_tiles(
        st,
        {
            "r6c2": ("city", 1),
            "r5c2": ("greenery", 0),
            "r6c1": ("greenery", 0),
            "r6c3": ("greenery", 0),
            "r7c1": ("greenery", 0),
            "r7c2": ("greenery", 0),
        },
    )
    spaces = legal_spaces(ready(st), 1, "greenery")
    assert len(spaces) > 30 and "r1c1" in spaces and "r5c3" not in spaces


def test_example_6_placement_bonuses_and_ocean_adjacency() -> None:
    """§16.6: a greenery on r5c7 next to two oceans; then an ocean on r6c7."""
    st = game(2)
    place_tiles(st, {"r5c6": ("ocean", -1), "r6c6": ("ocean", -1)})
    set_stock(st, 0, plants=8)
    set_stock(st, 1, mc=18)
    st = ready(st)
    before = st.players[0].tr
    st = act(st, 0, {"type": "convert", "resource": "plants"}, space("r5c7"))
    a = st.players[0]
    assert a.stock[3] == 2 and a.stock[0] == 4
    assert st.oxygen == 1 and a.tr == before + 1
    st = act(st, 0, {"type": "end_turn"})
    st = act(st, 1, {"type": "project", "project": "aquifer"}, space("r6c7"))
    b = st.players[1]
    assert b.stock[3] == 1 and b.stock[0] == 2 and b.tr == 21 and st.oceans == 3


def test_example_7_cascade_of_three_steps() -> None:
    """§16.7: oxygen 7 → 8 brings temperature −2 → 0, which brings an ocean: +3 TR."""
    st = game(2)
    st.oxygen, st.temperature = 7, -2
    place_tiles(
        st,
        {s: ("ocean", -1) for s in ("r1c2", "r1c4", "r1c5", "r2c6", "r4c8")},
    )
    set_stock(st, 0, plants=8)
    st = ready(st)
    st = act(st, 0, {"type": "convert", "resource": "plants"}, space("r5c2"))
    assert st.oxygen == 8 and st.temperature == 0
    assert st.queue[0][0] == "place" and st.queue[0][3] == "ocean"
    st = act(st, 0, space("r5c4"))
    assert st.oceans == 6 and st.players[0].tr == 23


def test_example_8_heat_production_bonus() -> None:
    """§16.8: Big Asteroid from −26 °C: −22 °C, +2 TR, +1 heat production."""
    st = game(2)
    st.temperature = -26
    set_stock(st, 0, mc=27)
    give(st, 0, "011")
    st = play(ready(st), 0, "011")  # nobody has plants: "remove up to 4" asks nothing
    assert st.temperature == -22
    assert st.players[0].tr == 22 and st.players[0].prod[5] == 1


OCEAN_SPACES = ("r1c2", "r1c4", "r1c5", "r2c6", "r4c8", "r5c4", "r5c5", "r5c6", "r6c6")


def _req_ok(number: str, corp: str = "", **params: int) -> bool:
    st = game(2, corps=(corp, ""))
    oceans = params.pop("oceans", 0)
    place_tiles(st, {s: ("ocean", -1) for s in OCEAN_SPACES[:oceans]})
    st.__dict__.update(params)
    set_stock(st, 0, mc=50)
    set_prod(st, 0, plants=2)
    give(st, 0, number)
    reason = play_block(ready(st), 0, card(number))
    return reason is None or not reason.startswith("Needs")


def test_example_9_requirement_modifiers() -> None:
    """§16.9: two steps easier (Inventrix here, same as Adaptation Technology)."""
    assert _req_ok("072", "R43", oxygen=11) and not _req_ok("072", "R43", oxygen=10)
    assert not _req_ok("072", oxygen=11)
    assert _req_ok("047", "R43", oceans=3) and not _req_ok("047", "R43", oceans=2)
    assert _req_ok("023", "R43", temperature=-8) and not _req_ok("023", "R43", temperature=-6)
    assert _req_ok("001", "R43", oxygen=7) and not _req_ok("001", "R43", oxygen=8)
    assert not _req_ok("001", oxygen=7)


def test_example_9_modifiers_add_up_to_four_steps() -> None:
    """Inventrix + a one-shot +2 (Special Design) on the same card: 4 steps."""
    st = game(2, corps=("R43", ""))
    st.oxygen = 9
    set_stock(st, 0, mc=50)
    give(st, 0, "072")
    st.pw(0).next_card = (("req_steps", 2),)
    assert play_block(ready(st), 0, card("072")) is None


def _birds_game(strict: bool, own_plants: int, their_plants: tuple[int, int]) -> object:
    st = game(3, options={"strict_red_frame": strict})
    st.oxygen = 13
    set_stock(st, 0, mc=10)
    set_prod(st, 0, plants=own_plants)
    set_prod(st, 1, plants=their_plants[0])
    set_prod(st, 2, plants=their_plants[1])
    give(st, 0, "072")
    return ready(st)


def test_example_10_red_frame_default_allows_nobody() -> None:
    """§16.10 default: Birds may lower nobody, and is playable when nobody has 2."""
    st = _birds_game(False, 3, (1, 0))
    assert play_block(st, 0, card("072")) is None
    st = act(st, 0, {"type": "play", "card": card("072")})
    # Nobody else has 2 to lose and the default never makes the player hit themselves: the
    # only option, "nobody", resolves by itself and every plant production stays put.
    assert [p.prod[3] for p in st.players] == [3, 1, 0]
    assert {"type": "skip"} not in ENGINE.legal_actions(st, 0)
    st = _birds_game(False, 0, (1, 0))
    assert play_block(st, 0, card("072")) is None


def test_example_10_strict_red_frame_must_hit_someone_with_enough() -> None:
    """§16.10 strict: the player must lower their own 3 to 1; nobody with 2 → unplayable."""
    st = _birds_game(True, 3, (1, 0))
    st = play(st, 0, "072")
    assert st.players[0].prod[3] == 1
    st = _birds_game(True, 1, (1, 0))
    assert play_block(st, 0, card("072")) == "Nobody has enough plants production to lower."


def test_example_10_asteroid_may_remove_plants_from_nobody_in_both_modes() -> None:
    for strict in (False, True):
        st = game(2, options={"strict_red_frame": strict})
        set_stock(st, 0, mc=14)
        set_stock(st, 1, plants=5)
        give(st, 0, "009")
        st = act(ready(st), 0, {"type": "play", "card": card("009")})
        assert {"type": "skip"} in ENGINE.legal_actions(st, 0)


def test_example_11_production_phase() -> None:
    """§16.11: TR 25, M€ production −2, 3 energy, 4 heat → 7 heat, +23 M€, 2 energy, 8 heat."""
    st = game(2)
    player = st.pw(0)
    player.tr = 25
    set_prod(st, 0, mc=-2, energy=2, heat=1)
    set_stock(st, 0, mc=0, energy=3, heat=4)
    st.pw(1).passed = True
    st = act(ready(st), 0, {"type": "pass"})
    assert st.phase == "research"
    assert st.players[0].stock == [23, 0, 0, 0, 2, 8]


def test_example_12_milestone_cap_and_helion_heat() -> None:
    """§16.12: three milestones claimed → Planner is closed; Helion pays 3 M€ + 5 heat."""
    from games.terraforming_mars.turn import milestone_block

    st = game(2, corps=("R18", ""))
    st.milestones = (("mayor", 1), ("gardener", 1), ("builder", 1))
    for number in ("001", "002", "003", "004", "005", "006", "009", "010"):
        give(st, 0, number)
    for number in ("011", "012", "013", "014", "015", "016", "017", "018"):
        give(st, 0, number)
    st = ready(st)
    assert len(st.players[0].hand) == 16
    assert milestone_block(st, 0, "planner") == "Three milestones are already claimed."

    st = game(2, corps=("R18", ""))
    for number in ("001", "002", "003", "004", "005", "006", "009", "010"):
        give(st, 0, number)
    for number in ("011", "012", "013", "014", "015", "016", "017", "018"):
        give(st, 0, number)
    set_stock(st, 0, mc=3, heat=5)
    st = ready(st)
    # 8 M€ from 3 M€ and 5 heat: the only mix, so the payment asks nothing.
    st = act(st, 0, {"type": "claim", "milestone": "planner"})
    assert st.milestones == (("planner", 0),)
    assert st.players[0].stock[0] == 0 and st.players[0].stock[5] == 0


def _solo_end(mode: str, oxygen: int, temperature: int, oceans: int, tr: int) -> tuple:
    st = game(1, options={"solo_mode": mode})
    st.gen = 14
    st.oxygen, st.temperature = oxygen, temperature
    place_tiles(st, {s: ("ocean", -1) for s in OCEAN_SPACES[:oceans]})
    st.pw(0).tr = tr
    st = act(ready(st), 0, {"type": "pass"})
    while ENGINE.to_move(st):
        st = act(st, 0, ENGINE.timeout_action(st, 0))
    return ENGINE.outcome(st), st


def test_example_13_solo_one_ocean_short_is_lost() -> None:
    """§16.13: standard solo, end of generation 14 with 8 oceans → lost, whatever the TR."""
    outcome, _ = _solo_end("standard", 14, 8, 8, 60)
    assert outcome.details["solo"]["won"] is False
    assert outcome.scores == (0,)


def test_example_13_tr63_mode_wins_with_tr_63() -> None:
    """§16.13: TR63 mode, TR 63 with 7 oceans → won."""
    outcome, _ = _solo_end("tr63", 5, -10, 7, 63)
    assert outcome.details["solo"]["won"] is True
    assert outcome.scores[0] >= 63


def test_final_scores_break_vp_ties_by_mc() -> None:
    """§10.2: equal VP → most M€ wins; the scores stay the VP."""
    st = game(2)
    set_stock(st, 0, mc=5)
    set_stock(st, 1, mc=9)
    st = ready(st)
    scores, places, details = final_scores(st)
    assert places == [2, 1]
    assert details["tie_break"] is True
    assert scores == [20, 20]
    st2 = game(2)
    set_stock(st2, 0, mc=5)
    set_stock(st2, 1, mc=5)
    scores, places, _ = final_scores(ready(st2))
    assert places == [1, 1] and scores == [20, 20]
