"""Every player's TR, resources (stock and production) and hand size at a glance, in the
right column beside the map, in turn order from the viewer; never a card of another hand."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser
from django.utils import translation

from games.registry import get_engine
from lobby.models import Table
from lobby.rendering import board_html
from tests.games.terraforming_mars.test_board_bga import (
    _in_action_turn_with_undo,
    _play_until,
    _region,
    _table,
)

pytestmark = pytest.mark.django_db

RESOURCES = ("megacredit", "steel", "titanium", "plant", "energy", "heat")
#: Distinct numbers per seat: no stock, production or TR equals another one.
STOCKS = ([41, 7, 3, 12, 5, 19], [28, 2, 9, 6, 11, 4])
PRODS = ([-2, 1, 3, 2, 0, 5], [6, 0, 1, 4, 2, 3])
TRS = (23, 31)


def _set_numbers(table: Table) -> Any:
    """A mid-game table whose players hold the numbers above; return its state."""
    engine = get_engine("terraforming_mars")
    state = _play_until(table, _in_action_turn_with_undo)
    for seat, player in enumerate(state.players):
        player.stock = list(STOCKS[seat])
        player.prod = list(PRODS[seat])
        player.tr = TRS[seat]
    table.state = engine.dump(state)
    table.save(update_fields=["state"])
    return state


def _blocks(glance: str) -> dict[int, str]:
    """Each player's block of the summary, by seat, in the order drawn."""
    parts = re.split(r'(?=<div class="tm-glance-player[^"]*" data-seat=")', glance)[1:]
    return {int(re.search(r'data-seat="(\d)"', part).group(1)): part for part in parts}  # type: ignore[union-attr]


def _numbers(block: str) -> tuple[list[int], list[str], int, int]:
    stocks = [int(n) for n in re.findall(r'<span class="tm-glance-stock">(-?\d+)</span>', block)]
    prods = re.findall(
        r'class="tm-glance-prod"><span class="sr-only">[^<]*</span>\(([^)]*)\)', block
    )
    tr = re.search(r'class="tm-glance-tr"[^>]*>.*?<strong>(\d+)</strong>', block, re.S)
    hand = re.search(r'class="tm-glance-hand"[^>]*>.*?<strong>(\d+)</strong>', block, re.S)
    assert tr and hand
    return stocks, prods, int(tr.group(1)), int(hand.group(1))


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_summary_lists_every_player_with_tr_stocks_and_productions(
    alice, bob, language: str
) -> None:
    table = _table(alice, bob)
    state = _set_numbers(table)
    with translation.override(language):
        html = board_html(table, bob)
    glance = _region(html, table, "glance")
    # In the right column of the map area, under the global parameters.
    main = html[html.index('<div class="tm-main">') :]
    side = main[main.index('<div class="tm-side">') :]
    assert side.index("board-globals") < side.index("board-glance")
    assert html.index('class="tm-main"') < html.index("board-glance") < html.index("tm-players")
    blocks = _blocks(glance)
    assert list(blocks) == [1, 0]  # the viewer (bob, seat 1) first, then in turn order
    for seat, block in blocks.items():
        stocks, prods, tr, hand = _numbers(block)
        assert stocks == STOCKS[seat]
        assert prods == [f"+{n}" if n > 0 else str(n) for n in PRODS[seat]]
        assert (tr, hand) == (TRS[seat], len(state.players[seat].hand))
        for name in RESOURCES:
            assert f"#tm-res-{name}" in block
        assert ["alice", "bob"][seat] in block
    assert "(-2)" in blocks[0] and "(+6)" in blocks[1]
    words = {
        "en": ("Players at a glance", "to move", "you", "production", "Terraform rating"),
        "de": ("Alle Spieler auf einen Blick", "am Zug", "du", "Produktion", "Terraformwert"),
    }[language]
    assert f'aria-label="{words[0]}"' in glance
    active = blocks[state.active]
    assert "tm-glance-moving" in active and f">{words[1]}</span>" in active
    other = blocks[1 - state.active]
    assert "tm-glance-moving" not in other and f">{words[1]}</span>" not in other
    assert f'<span class="badge">{words[2]}</span>' in blocks[1]
    assert f'<span class="badge">{words[2]}</span>' not in blocks[0]
    assert f'<span class="sr-only">{words[3]}</span>' in glance
    assert f'aria-label="{words[4]}"' in glance


def test_the_summary_shows_who_passed_and_no_card_of_any_hand(alice, bob) -> None:
    table = _table(alice, bob)
    engine = get_engine("terraforming_mars")
    state = _set_numbers(table)
    waiting = 1 - state.active
    state.players[waiting].passed = True
    table.state = engine.dump(state)
    table.save(update_fields=["state"])
    for viewer in (alice, bob, AnonymousUser()):
        glance = _region(board_html(table, viewer), table, "glance")
        assert "passed</span>" in _blocks(glance)[waiting]
        assert "passed</span>" not in _blocks(glance)[state.active]
        for player in state.players:
            for card in player.hand:
                assert card not in glance
    spectator = _blocks(_region(board_html(table, AnonymousUser()), table, "glance"))
    assert list(spectator) == [0, 1] and 'class="badge"' not in "".join(spectator.values())


def test_during_setup_the_summary_holds_no_zeros(alice, bob) -> None:
    """Before every player has chosen there are no resources yet: none are shown."""
    table = _table(alice, bob)
    glance = _region(board_html(table, alice), table, "glance")
    assert len(_blocks(glance)) == 2
    assert "tm-glance-stock" not in glance and "tm-glance-hand" not in glance
