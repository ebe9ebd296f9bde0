"""The board as Board Game Arena players know it: the action bar, the compact player panel,
the phone tabs, the live score (table option and personal preference), fewer animations,
and a confirmed setup shown as pending."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser
from django.urls import reverse

from games.registry import get_engine
from lobby.models import Table
from lobby.rendering import board_html
from lobby.services import seat_join, table_create

pytestmark = pytest.mark.django_db


def _table(alice: Any, bob: Any, **options: Any) -> Table:
    table = table_create(user=alice, game="terraforming_mars", players=2, options=options)
    table = seat_join(code=table.code, user=bob)
    table.refresh_from_db()
    return table


def _play_until(table: Table, predicate: Callable[[Any], bool], seed: int = 5) -> Any:
    """Random legal moves until `predicate(state)` holds; the state is stored on the table."""
    engine = get_engine("terraforming_mars")
    state = engine.load(table.state)
    pick = random.Random(seed)
    for _ in range(5000):
        if predicate(state):
            break
        seat = pick.choice(sorted(engine.to_move(state)))
        state = engine.apply(state, seat, pick.choice(engine.legal_actions(state, seat)))
    assert predicate(state)
    table.state = engine.dump(state)
    table.save(update_fields=["state"])
    return state


def _region(html: str, table: Table, name: str) -> str:
    """The HTML of one board region (up to the next region's start)."""
    start = html.index(f'id="table-{table.code}-board-{name}"')
    following = html.find(f'id="table-{table.code}-board-', start + 1)
    return html[start : following if following > 0 else len(html)]


def _in_action_turn_with_undo(state: Any) -> bool:
    engine = get_engine("terraforming_mars")
    return (
        state.phase == "action"
        and not state.queue
        and engine.to_move(state) == {state.active}
        and engine.undo_steps(state, state.active) > 0
    )


def test_the_action_bar_holds_the_turn_buttons_and_undo(alice, bob) -> None:
    """Pass and Undo sit in the sticky bar with the turn's choices, not far below them."""
    table = _table(alice, bob)
    state = _play_until(table, _in_action_turn_with_undo)
    html = board_html(table, [alice, bob][state.active])
    decision = _region(html, table, "decision")
    bar = decision[decision.index('class="tm-actionbar"') :]
    assert "Your turn" in bar
    assert 'value=\'{"type":"undo"}\'' in bar
    assert "Pass for this generation" in bar or "End turn" in bar
    # The other player's bar holds only the turn flow's aside buttons (README "Turn flow"):
    # pass in advance, never a turn button or Undo.
    other = board_html(table, [alice, bob][1 - state.active])
    other_bar = _region(other, table, "decision")
    assert 'class="tm-actionbar tm-actionbar-aside"' in other_bar
    assert "Pass in advance" in other_bar
    assert "Your turn" not in other_bar and "undo" not in other_bar
    assert "Pass for this generation" not in other_bar and "End turn" not in other_bar


def test_the_setup_choice_can_be_confirmed_from_the_bar(alice, bob) -> None:
    """Once a corporation is chosen, a Confirm button also sits in the bar at the top."""
    table = _table(alice, bob)
    engine = get_engine("terraforming_mars")
    state = engine.load(table.state)
    corp = next(a for a in engine.legal_actions(state, 0) if a["type"] == "corporation")
    state = engine.apply(state, 0, corp)
    table.state = engine.dump(state)
    table.save(update_fields=["state"])
    decision = _region(board_html(table, alice), table, "decision")
    bar = decision[decision.index("tm-actionbar-setup") : decision.index("tm-selection")]
    assert ">Confirm</button>" in bar and "&quot;type&quot;:&quot;done&quot;" in bar


def test_the_player_panel_shows_resources_production_tr_hand_and_tags(alice, bob) -> None:
    """Every player's stock and production at a glance, as icons with numbers."""
    table = _table(alice, bob)
    state = _play_until(
        table, lambda st: st.phase == "action" and any(sum(p.tags) for p in st.players)
    )
    html = board_html(table, alice)
    for seat, player in enumerate(state.players):
        panel = _region(html, table, f"player-{seat}")
        assert panel.count('class="tm-prodbox"') == 6
        for name in ("megacredit", "steel", "titanium", "plant", "energy", "heat"):
            assert f"#tm-res-{name}" in panel
        stocks = re.findall(r'<span class="tm-stock">(-?\d+)</span>', panel)
        assert [int(n) for n in stocks] == list(player.stock)
        prods = re.findall(
            r'class="tm-prodbox"[^>]*><span class="sr-only">[^<]*</span>([^<]*)<', panel
        )
        assert prods == [f"+{n}" if n > 0 else str(n) for n in player.prod]
        assert f"<strong>{player.tr}</strong>" in panel
        assert f"<strong>{len(player.hand)}</strong>" in panel
        assert "#tm-param-tr" in panel
    tagged = next(s for s, p in enumerate(state.players) if sum(p.tags))
    assert "tm-tagsum" in _region(html, table, f"player-{tagged}")
    active = _region(html, table, f"player-{state.active}")
    assert 'aria-current="true"' in active and "tm-acting" in active
    assert 'aria-current="true"' not in _region(html, table, f"player-{1 - state.active}")


def test_phone_tabs_are_in_the_board_for_players_and_spectators(alice, bob) -> None:
    """Map, hand, tableau, projects for a player; no hand tab for a spectator."""
    table = _table(alice, bob)
    mine = board_html(table, alice)
    tabs = re.findall(r'class="tm-tab" data-tab="(\w+)"', mine)
    assert tabs == ["map", "hand", "tableau", "projects"]
    nav = re.search(r'<nav class="tm-tabs"[^>]*>', mine)
    assert nav and " hidden" in nav.group(0)  # shown by the script only
    spectator = board_html(table, AnonymousUser())
    assert re.findall(r'class="tm-tab" data-tab="(\w+)"', spectator) == [
        "map",
        "tableau",
        "projects",
    ]


def test_the_page_loads_the_tab_script_only_for_this_game(client, alice, bob) -> None:
    table = _table(alice, bob)
    client.force_login(alice)
    page = client.get(reverse("lobby:table", args=[table.code])).content.decode()
    assert "games/terraforming_mars/board.js" in page


@pytest.mark.parametrize(("option", "shown"), [(True, True), (False, False)])
def test_the_table_option_turns_the_live_score_off_for_everyone(
    alice, bob, option: bool, shown: bool
) -> None:
    table = _table(alice, bob, live_score=option)
    _play_until(table, lambda st: st.phase == "action")
    for viewer in (alice, bob, AnonymousUser()):
        assert ("tm-live" in board_html(table, viewer)) is shown


def test_the_preference_hides_the_live_score_and_shortens_animations(client, alice, bob) -> None:
    """Both preferences end up as classes on <body>, read by the CSS."""
    table = _table(alice, bob)
    client.force_login(alice)
    url = reverse("lobby:table", args=[table.code])
    body = re.search(r"<body[^>]*>", client.get(url).content.decode())
    assert body and "no-live-score" not in body.group(0)
    assert "fewer-animations" not in body.group(0)
    alice.show_live_score = False
    alice.fewer_animations = True
    alice.save(update_fields=["show_live_score", "fewer_animations"])
    body = re.search(r"<body[^>]*>", client.get(url).content.decode())
    assert body and 'class="fewer-animations no-live-score"' in body.group(0)


def test_the_preferences_page_saves_both_board_settings(client, alice) -> None:
    client.force_login(alice)
    url = reverse("accounts:preferences")
    page = client.get(url).content.decode()
    assert 'name="show_live_score"' in page and 'name="fewer_animations"' in page
    form = {"email": alice.email, "fewer_animations": "on", "time_zone": ""}
    response = client.post(url, form)
    assert response.status_code == 302
    alice.refresh_from_db()
    assert (alice.show_live_score, alice.fewer_animations) == (False, True)


def test_a_confirmed_setup_shows_as_pending_not_as_zeros(alice, bob) -> None:
    """After "Confirm my choice" and before the others: the chosen corporation and cards,
    waiting; the other player sees none of them."""
    table = _table(alice, bob)
    engine = get_engine("terraforming_mars")
    state = engine.load(table.state)
    corp = next(a for a in engine.legal_actions(state, 0) if a["type"] == "corporation")
    state = engine.apply(state, 0, corp)
    keep = [a for a in engine.legal_actions(state, 0) if a["type"] == "keep"][:2]
    for action in keep:
        state = engine.apply(state, 0, action)
    state = engine.apply(state, 0, {"type": "done"})
    assert state.phase == "setup" and state.sel[0]["stage"] == "done"
    table.state = engine.dump(state)
    table.save(update_fields=["state"])
    # Bob's page while he chooses: no empty hand, no hand count of 0, Alice shown as ready.
    theirs = board_html(table, bob)
    assert "Your hand (0 cards)" not in theirs and "tm-handcount" not in theirs
    assert "alice has chosen." in _region(theirs, table, "player-0")
    html = board_html(table, alice)
    hand = _region(html, table, "hand")
    assert "Waiting for bob to choose." in hand
    assert "Waiting for bob to choose." in _region(html, table, "player-1")
    assert "Your hand (0 cards)" not in html and "tm-handcount" not in html
    assert all(action["card"] in hand for action in keep)
    assert corp["card"] in hand
    panel = _region(html, table, "player-0")
    assert "Waiting for the others" in panel and 'class="tm-stock"' not in panel
    for secret in [corp["card"], *(a["card"] for a in keep)]:
        assert secret not in board_html(table, bob)
        assert secret not in board_html(table, AnonymousUser())
