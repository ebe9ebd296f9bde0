"""The wild tag (rules §13, Prelude): one tag of its owner's choice, counted by purpose.

Research Coordination (P40, a project card) and Research Network (P28, a prelude) carry it.
It counts for card requirements, "per tag" effects and milestones, once per count; never for
awards; and (house rules, `constants.WILD_TAG_COUNTS`) not for card VP per tag, not when
another player's card counts your tags, not as a "tag played" trigger, not as a new kind of
tag for Aridor. Each test below fails if the wild tag counted the other way.
"""

from __future__ import annotations

from typing import Any

import pytest

from games.terraforming_mars.catalog import CARDS
from games.terraforming_mars.constants import (
    BUILDER_TAGS,
    DIVERSIFIER_TAGS,
    ECOLOGIST_TAGS,
    MILESTONE_COST,
    TAGS,
    WILD_TAG_COUNTS,
)
from games.terraforming_mars.milestones import AWARDS, MILESTONES
from games.terraforming_mars.playability import play_block
from games.terraforming_mars.scoring import breakdown, card_vp
from games.terraforming_mars.state import State
from games.terraforming_mars.tags import KINDS, distinct_tags, tag_count
from games.terraforming_mars.turn import milestone_block
from tests.games.terraforming_mars.cardkit import play_card, position
from tests.games.terraforming_mars.helpers import (
    ENGINE,
    act,
    card,
    game,
    give,
    in_play,
    ready,
    resolve,
    set_stock,
)

PRELUDE = {"prelude": True}
WILD_CARD = "P40"  # Research Coordination: a green card with one wild tag
WILD_PRELUDE = "P28"  # Research Network: a prelude with one wild tag


def _plain(tag: str, count: int, *, avoid: tuple[str, ...] = ()) -> list[str]:
    """`count` base-game cards whose only tag is `tag`, plain ones (no effect, action or
    trigger) first."""
    found = [
        info.number
        for _id, info in sorted(
            CARDS.items(), key=lambda item: (bool(item[1].effects or item[1].triggers), item[0])
        )
        if info.kind in ("automated", "active")
        and info.module not in ("prelude", "colonies")
        and info.tags == (tag,)
        and not info.actions
        and info.number not in avoid
    ]
    assert len(found) >= count, tag
    return found[:count]


def _with(tag: str, count: int) -> list[str]:
    """`count` base-game green cards that carry `tag` (and maybe other tags)."""
    found = [
        info.number
        for _id, info in sorted(CARDS.items())
        if info.kind == "automated" and info.module not in ("prelude", "colonies")
        if tag in info.tags
    ]
    assert len(found) >= count, tag
    return found[:count]


def _start(**options: Any) -> State:
    """A writable 2-player state with the Prelude cards; seat 0 can pay a claim."""
    return game(2, mc=MILESTONE_COST, options={**PRELUDE, **options})


# --- the table -------------------------------------------------------------------------------


def test_the_table_says_where_a_wild_tag_counts() -> None:
    assert WILD_TAG_COUNTS == {
        "requirement": True,
        "effect": True,
        "milestone": True,
        "award": False,
        "vp": False,
        "others": False,
    }


def test_a_wild_tag_counts_once_per_count_however_many_kinds_are_summed() -> None:
    st = _start()
    in_play(st, 0, *_plain("plant", 1), WILD_CARD)
    player = ready(st).players[0]
    assert tag_count(player, "plant", purpose="effect") == 2
    assert tag_count(player, ("plant", "microbe", "animal"), purpose="milestone") == 2
    assert tag_count(player, ("plant", "microbe", "animal"), purpose="award") == 1
    assert tag_count(player, "wild", purpose="award") == 1  # the wild tags themselves


# --- milestones ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "tag"),
    [("builder", "building"), ("rim_settler", "jovian"), ("agronomist", "plant")]
    + [("spacefarer", "space")],
)
def test_a_tag_milestone_is_reached_with_one_printed_tag_short_and_a_wild_tag(
    key: str, tag: str
) -> None:
    target = MILESTONES[key].target
    st = _start()
    in_play(st, 0, *_with(tag, target - 1))
    short = ready(st.clone())
    assert MILESTONES[key].measure(short, 0) == target - 1
    assert milestone_block(short, 0, key) is not None
    in_play(st, 0, WILD_CARD)
    st = ready(st)
    assert MILESTONES[key].measure(st, 0) == target
    assert milestone_block(st, 0, key) is None


def test_builder_is_claimed_with_7_building_tags_and_a_wild_prelude() -> None:
    st = _start()
    in_play(st, 0, *_plain("building", BUILDER_TAGS - 1))
    st.pw(0).played = (*st.players[0].played, card(WILD_PRELUDE))
    st = ready(st)
    assert {"type": "claim", "milestone": "builder"} in ENGINE.legal_actions(st, 0)
    st = act(st, 0, {"type": "claim", "milestone": "builder"})
    assert ("builder", 0) in st.milestones


def test_ecologist_counts_each_wild_tag_once() -> None:
    st = _start()
    in_play(st, 0, *_plain("plant", ECOLOGIST_TAGS - 2), WILD_CARD)
    st = ready(st)
    assert MILESTONES["ecologist"].measure(st, 0) == ECOLOGIST_TAGS - 1  # not 3 per wild tag
    assert milestone_block(st, 0, "ecologist") is not None
    st = st.clone()
    st.pw(0).played = (*st.players[0].played, card(WILD_PRELUDE))
    st = ready(st)
    assert MILESTONES["ecologist"].measure(st, 0) == ECOLOGIST_TAGS
    assert milestone_block(st, 0, "ecologist") is None


SINGLE_KINDS = tuple(TAGS[i] for i in KINDS if TAGS[i] != "city")  # no city-only card
DOMED_CRATER = "016"  # city and building tags


def test_diversifier_takes_a_wild_tag_as_one_more_kind() -> None:
    st = _start()
    in_play(st, 0, *(_plain(tag, 1)[0] for tag in SINGLE_KINDS[: DIVERSIFIER_TAGS - 1]))
    short = ready(st.clone())
    assert MILESTONES["diversifier"].measure(short, 0) == DIVERSIFIER_TAGS - 1
    assert milestone_block(short, 0, "diversifier") is not None
    in_play(st, 0, WILD_CARD)
    st = ready(st)
    assert MILESTONES["diversifier"].measure(st, 0) == DIVERSIFIER_TAGS
    assert milestone_block(st, 0, "diversifier") is None


def test_diversifier_never_counts_more_kinds_than_there_are() -> None:
    st = _start()
    in_play(st, 0, *(_plain(tag, 1)[0] for tag in SINGLE_KINDS), DOMED_CRATER, WILD_CARD)
    st.pw(0).played = (*st.players[0].played, card(WILD_PRELUDE))
    st = ready(st)
    assert distinct_tags(st.players[0], purpose="milestone") == len(KINDS)
    assert distinct_tags(st.players[0], purpose="award") == len(KINDS)


# --- awards ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "tag"),
    [("scientist", "science"), ("space_baron", "space"), ("contractor", "building")]
    + [("traveller", "earth")],
)
def test_a_tag_award_ignores_the_wild_tag(key: str, tag: str) -> None:
    st = _start()
    in_play(st, 0, *_plain(tag, 2))
    before = AWARDS[key].measure(ready(st.clone()), 0)
    in_play(st, 0, WILD_CARD)
    st = ready(st)
    assert AWARDS[key].measure(st, 0) == before >= 2


def test_a_scientist_tie_is_not_broken_by_a_wild_tag() -> None:
    st = _start()
    science = _plain("science", 4)
    in_play(st, 0, *science[:2], WILD_CARD)
    in_play(st, 1, *science[2:])
    st.awards = (("scientist", 0),)
    st = ready(st)
    rows = breakdown(st)
    assert rows[0]["awards"] == rows[1]["awards"] == 5  # both first


# --- requirements ----------------------------------------------------------------------------


def test_each_wild_tag_fills_one_missing_tag_of_a_requirement() -> None:
    """Advanced Ecosystems needs a plant, an animal and a microbe tag."""
    st = game(2, options=PRELUDE)
    in_play(st, 0, *_plain("plant", 1), WILD_CARD)
    give(st, 0, "135")
    set_stock(st, 0, mc=20)
    reason = play_block(ready(st.clone()), 0, card("135"))
    assert reason is not None and "microbe" in str(reason) and "you have 0" in str(reason)
    st.pw(0).played = (*st.players[0].played, card(WILD_PRELUDE))
    assert play_block(ready(st), 0, card("135")) is None


# --- per-tag effects -------------------------------------------------------------------------


def test_terraforming_ganymede_raises_tr_for_a_wild_tag_too() -> None:
    st = position("197", options=PRELUDE)
    without = play_card(st.clone(), "197").tr()
    in_play(st, 0, WILD_CARD)
    assert play_card(st, "197").tr() == without + 1


def test_miranda_resort_counts_a_wild_tag_as_an_earth_tag() -> None:
    st = position("051", options=PRELUDE)
    without = play_card(st.clone(), "051").prod("mc")
    in_play(st, 0, WILD_CARD)
    assert play_card(st, "051").prod("mc") == without + 1


def test_toll_station_never_counts_an_opponents_wild_tag() -> None:
    st = position("099", options=PRELUDE)
    in_play(st, 1, *_plain("space", 1, avoid=("099",)))
    without = play_card(st.clone(), "099").prod("mc")
    in_play(st, 1, WILD_CARD)
    assert play_card(st, "099").prod("mc") == without == 1


def test_galilean_waystation_counts_only_its_owners_wild_tag() -> None:
    """+1 M€ production per Jovian tag in play, all players' (C13's own included)."""
    st = position("C13", options={**PRELUDE, "colonies": True})
    in_play(st, 1, *_plain("jovian", 1))
    printed = play_card(st.clone(), "C13").prod("mc")
    in_play(st, 1, WILD_CARD)
    assert play_card(st.clone(), "C13").prod("mc") == printed  # the opponent's: no
    st.pw(0).played = (*st.players[0].played, card(WILD_PRELUDE))
    assert play_card(st, "C13").prod("mc") == printed + 1  # the owner's: yes


# --- VP, triggers, Aridor --------------------------------------------------------------------


def test_vp_per_jovian_tag_counts_printed_tags_only() -> None:
    st = _start()
    in_play(st, 0, "092", WILD_CARD)  # Io Mining Industries: 1 VP per Jovian tag
    st = ready(st)
    assert card_vp(st, 0, card("092")) == 1


def test_a_wild_tag_played_sets_off_no_earth_tag_trigger() -> None:
    st = game(2, corps=("R10", ""), options=PRELUDE)  # Point Luna: an Earth tag draws
    give(st, 0, WILD_CARD)
    set_stock(st, 0, mc=10)
    st = resolve(act(ready(st), 0, {"type": "play", "card": card(WILD_CARD)}), 0)
    assert card(WILD_CARD) in st.players[0].played
    assert st.players[0].hand == ()


def test_aridor_gains_nothing_for_a_wild_tag() -> None:
    st = game(2, corps=("R20", ""), options={**PRELUDE, "colonies": True})
    give(st, 0, WILD_CARD)
    set_stock(st, 0, mc=10)
    before = st.players[0].prod[0]
    st = resolve(act(ready(st), 0, {"type": "play", "card": card(WILD_CARD)}), 0)
    assert card(WILD_CARD) in st.players[0].played
    assert st.players[0].prod[0] == before
