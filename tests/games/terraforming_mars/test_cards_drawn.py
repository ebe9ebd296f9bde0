"""Cards drawn as cards: cost corner, tag icons, requirement, type colour, VP badge; the
hand's sorting data; the tableau's stacks (templatetags/tm_cards.py, _hand.html, _tableau.html)."""

from __future__ import annotations

import re

import pytest

from games.registry import get_engine
from games.terraforming_mars.catalog import CARDS
from games.terraforming_mars.kernel import recompute
from games.terraforming_mars.templatetags.tm_cards import card_html, vp_sort_value
from games.terraforming_mars.view import card_view
from lobby.models import Table
from lobby.rendering import board_html
from lobby.services import seat_join, table_create

pytestmark = pytest.mark.django_db


def _card(name: str) -> str:
    return next(c for c, info in CARDS.items() if info.name == name)


def _two_player_table(alice, bob) -> Table:
    table = table_create(user=alice, game="terraforming_mars", players=2, options={})
    table = seat_join(code=table.code, user=bob)
    table.refresh_from_db()
    return table


def _state(table: Table):
    return get_engine("terraforming_mars").load(table.state)


def _store(table: Table, st) -> None:
    st.freeze()
    table.state = get_engine("terraforming_mars").dump(st)
    table.save(update_fields=["state"])


def test_a_blue_card_shows_cost_tags_requirement_vp_and_its_resources(alice, bob) -> None:
    table = _two_player_table(alice, bob)
    st = _state(table).clone()
    birds = _card("Birds")
    st.pw(0).res[birds] = 3
    html = card_html(card_view(st, birds, 0))
    assert 'class="tm-card tm-k-blue"' in html
    assert re.search(r'class="tm-cost"[^>]*>.*?<b>10</b>', html)
    assert 'icon-tm-tag-animal" role="img" aria-label="animal"' in html
    assert '<div class="tm-req" title="Requires oxygen ≥ 13 %">oxygen ≥ 13 %</div>' in html
    # 1 VP per animal: the badge says "1/" and shows the animal symbol.
    assert re.search(r'class="tm-vp"[^>]*>.*?1/<svg class="icon icon-tm-cres-animal"', html)
    assert re.search(r'class="tm-card-res"[^>]*>.*?<b>3</b>', html)
    assert "tm-unplayable" not in html


@pytest.mark.parametrize(
    ("name", "colour", "cost", "tags", "vp"),
    [
        ("Comet", "red", "21", ["space", "event"], None),
        ("Heat Trappers", "green", "6", ["power", "building"], "-1"),
        ("Io Mining Industries", "green", "41", ["jovian", "space"], "1/"),
        ("Research Outpost", "blue", "18", ["science", "city", "building"], None),
    ],
)
def test_each_kind_of_card_has_its_colour_cost_tags_and_vp(
    alice, bob, name, colour, cost, tags, vp
) -> None:
    table = _two_player_table(alice, bob)
    html = card_html(card_view(_state(table), _card(name)))
    assert f'class="tm-card tm-k-{colour}"' in html
    assert f"<b>{cost}</b>" in html
    corner = html[html.index('class="tm-card-top"') : html.index("</div>")]
    assert re.findall(r"icon-tm-tag-(\w+)", corner) == tags
    if vp is None:
        assert "tm-vp" not in html
    else:
        assert re.search(rf'class="tm-vp"[^>]*><svg[^>]*><use[^>]*></use></svg>{vp}', html)
    assert "tm-req" not in html


def test_a_corporation_has_no_cost_corner(alice, bob) -> None:
    table = _two_player_table(alice, bob)
    corp = next(c for c, info in CARDS.items() if info.kind == "corporation")
    html = card_html(card_view(_state(table), corp))
    assert 'class="tm-card tm-k-corp"' in html
    assert "tm-cost" not in html


def test_vp_sort_value_reads_the_number_of_a_formula() -> None:
    assert [vp_sort_value(v) for v in ("2", "-1", "1/2res", "3 if res>=1", "")] == [2, -1, 1, 3, 0]


def _action_phase(table: Table):
    """Random moves until seat 0 acts in the action phase with cards in hand."""
    import random

    engine = get_engine("terraforming_mars")
    state = engine.load(table.state)
    pick = random.Random(4)
    for _ in range(3000):
        acting = state.phase == "action" and not state.queue and state.active == 0
        if acting and state.players[0].hand and not state.players[0].first_action:
            break
        seat = pick.choice(sorted(engine.to_move(state)))
        state = engine.apply(state, seat, pick.choice(engine.legal_actions(state, seat)))
    assert state.phase == "action" and state.active == 0
    return state


def test_the_hand_carries_what_sorting_needs_and_dims_what_cannot_be_played(alice, bob) -> None:
    table = _two_player_table(alice, bob)
    st = _action_phase(table).clone()
    player = st.pw(0)
    comet, heat = _card("Comet"), _card("Heat Trappers")
    st.deck = tuple(c for c in st.deck if c not in (comet, heat))
    player.hand = (comet, heat)
    player.stock = (10, 0, 0, 0, 0, 0)  # 10 M€: Heat Trappers (6) yes, Comet (21) no
    player.prod = (player.prod[0], player.prod[1], player.prod[2], player.prod[3], 1, 0)
    _store(table, st)
    html = board_html(table, alice)
    hand = html[html.index('class="tm-hand"') :]
    items = re.findall(
        r'<li class="tm-hand-card([^"]*)" data-card="([^"]+)" data-cost="(\d+)"'
        r' data-vp="(-?\d+)" data-playable="(\d)" data-dealt="(\d)">',
        hand,
    )
    assert items == [("", comet, "21", "0", "0", "0"), (" tm-playable", heat, "6", "-1", "1", "1")]
    comet_li = hand[hand.index(f'data-card="{comet}"') : hand.index(f'data-card="{heat}"')]
    assert "tm-card tm-k-red tm-unplayable" in comet_li
    assert 'class="tm-reason"' in comet_li  # the reason in words under the dimmed card
    assert "data-tm-sort" in hand and 'value="cost"' in hand and 'value="manual"' in hand
    assert hand.count("data-tm-move=") == 4  # left and right for each card
    assert "games/terraforming_mars/hand.js" in html


def test_the_tableau_stacks_blue_actions_and_effects_apart(alice, bob) -> None:
    table = _two_player_table(alice, bob)
    st = _action_phase(table).clone()
    player = st.pw(1)
    played = [_card(n) for n in ("Birds", "Martian Rails", "Research Outpost", "Pets")]
    events = [_card("Comet")]
    green = [_card("Heat Trappers"), _card("Capital")]
    for pile in ("deck", "discard"):
        setattr(st, pile, tuple(c for c in getattr(st, pile) if c not in played + events + green))
    player.hand = tuple(c for c in player.hand if c not in played + events + green)
    player.played = (*player.played, *played, *green)
    player.events = (*player.events, *events)
    recompute(player)
    _store(table, st)
    html = board_html(table, alice)
    start = html.index('class="tm-player tm-b1')
    theirs = html[start : html.index("</article>", start)]
    stacks = dict(
        re.findall(
            r'data-panel="1-(\w+)".*?<span class="tm-stack-count">(\d+)</span>', theirs, re.S
        )
    )
    assert stacks["actions"] == "2"  # Birds, Martian Rails: blue with an action
    assert stacks["effects"] == "2"  # Research Outpost, Pets: blue without one
    assert stacks["events"] == "1" and int(stacks["green"]) >= 2
    assert list(stacks)[:1] == ["corp"] or "corp" not in stacks
    effects = theirs[theirs.index('data-panel="1-effects"') :]
    effects = effects[: effects.index("</details>")]
    assert effects.count('class="tm-card tm-k-blue"') == 2  # the stack holds every card drawn
    assert "Research Outpost" in effects and "Pets" in effects
    # Another player's stacks start closed; your own actions start open.
    assert re.search(r'data-panel="1-actions">', theirs)
    mine = html[html.index('class="tm-player tm-b0') :]
    if 'data-panel="0-actions"' in mine:
        assert 'data-panel="0-actions" open' in mine


def test_the_tag_icons_say_their_words_in_the_readers_language(alice, bob) -> None:
    from django.utils import translation

    table = _two_player_table(alice, bob)
    with translation.override("de"):
        html = card_html(card_view(_state(table), _card("Birds")))
    label = re.search(r'icon-tm-tag-animal" role="img" aria-label="([^"]+)"', html)
    assert label is not None and label.group(1) not in ("animal", "")
