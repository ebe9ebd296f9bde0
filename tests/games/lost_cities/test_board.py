"""The board drawn from view(): fanned expeditions, wagers at the foot, running scores."""

from __future__ import annotations

import json
import re

from django.template.loader import render_to_string
from django.utils import translation

from tests.games.lost_cities.helpers import ENGINE, build_state

HANDS = ["G2 G3 G4 G5 G6 G7 G8 G9", "W2 W3 W4 W5 W6 W7 W8 W9"]


def render(state, seat) -> str:
    context = {"view": ENGINE.view(state, seat), "seats": [], "board_id": "b1"}
    return render_to_string("games/lost_cities/_board.html", context)


def column(html: str, colour: str, nth: int) -> str:
    """Return the `nth` column of `colour` (0: the opponent's side above, 1: yours)."""
    found = re.findall(
        rf'<div class="lc-column lc-col-{colour}.*?</div></div>(?=<div class="lc-column|\s*</div>)',
        html,
        re.S,
    )
    assert len(found) == 2, found
    return found[nth]


def test_a_column_fans_its_numbers_and_keeps_its_wagers_at_the_foot() -> None:
    state = build_state(hands=HANDS, columns=[{"yellow": "YW1 YW2 Y4 Y6 Y9"}, {}])
    html = render(state, 0)
    mine = column(html, "yellow", 1)
    fan = re.search(r'<div class="lc-stack lc-fan" style="--n: 3">(.*?)</div>', mine, re.S)
    assert fan is not None
    assert re.findall(r'data-card="([^"]+)"', fan.group(1)) == ["LC-Y4", "LC-Y6", "LC-Y9"]
    wagers = re.search(r'<div class="lc-wagers".*?</div>', mine, re.S)
    assert wagers is not None and "×3" in wagers.group()
    assert re.findall(r'data-card="([^"]+)"', wagers.group()) == ["LC-YW1", "LC-YW2"]
    # (19 − 20) × 3 = −3, shown with its sum, as a negative score, 5 of 8 cards to the bonus.
    assert '<span class="lc-col-score neg"' in mine and ">-3</span>" in mine
    assert "(19 − 20) × 3" in mine and "5/8" in mine and "lc-bonus" not in mine
    # The colour's own symbol, with its name for screen readers.
    assert '<svg class="icon icon-lc-yellow" role="img" aria-label="Yellow">' in mine


def test_eight_cards_earn_the_bonus_and_an_unstarted_column_scores_nothing() -> None:
    state = build_state(hands=HANDS, columns=[{}, {"blue": "B2 B3 B4 B5 B6 B7 B8 B9"}])
    html = render(state, 0)
    theirs = column(html, "blue", 0)
    # (44 − 20) × 1 + 20 = 44
    assert ">44</span>" in theirs and "(44 − 20) × 1" in theirs
    assert 'class="lc-bonus"' in theirs and "lc-count-bonus lc-got" in theirs
    untouched = column(html, "red", 1)
    assert (
        "lc-started" not in untouched and "lc-none" in untouched and "lc-col-sum" not in untouched
    )


def piles(html: str) -> dict[str, str]:
    """Return each discard pile's HTML by its colour."""
    region = re.search(
        r'<div class="lc-row lc-discards".*?(?=<div class="lc-pile lc-deck")', html, re.S
    )
    assert region is not None
    found = re.findall(
        r'(<div class="lc-pile lc-col-([a-z]+)[^"]*".*?</div>)', region.group(), re.S
    )
    return {colour: pile for pile, colour in found}


#: Seat 0 between its two actions (placed a card, yet to take one).
TAKING = ["G2 G3 G4 G5 G6 G7 G8", "W2 W3 W4 W5 W6 W7 W8 W9"]


def test_the_discard_piles_show_their_top_their_count_and_a_take_button_on_the_turn() -> None:
    state = build_state(
        hands=TAKING, discards={"red": "R2 R5", "blue": "B7"}, phase="take", blocked="blue"
    )
    drawn = piles(render(state, 0))
    assert sorted(drawn) == ["blue", "green", "red", "white", "yellow"]
    red, blue, green = drawn["red"], drawn["blue"], drawn["green"]
    assert 'data-card="LC-R5"' in red and 'data-card="LC-R2"' not in red
    assert '<span class="lc-count">2 cards</span>' in red
    assert '<span class="lc-count">1 card</span>' in blue
    assert '<span class="lc-count">0 cards</span>' in green and "lc-empty lc-green" in green
    # The pile just discarded to is blocked and offers no take; the others offer theirs.
    assert 'class="lc-pile lc-col-blue lc-blocked"' in blue and "lc-take" not in blue
    take = re.search(
        r'<button type="submit" name="action" value="([^"]+)"[^>]*>([^<]+)</button>', red
    )
    assert take is not None and take.group(2) == "Take Red"
    assert json.loads(take.group(1).replace("&quot;", '"')) in ENGINE.legal_actions(state, 0)
    # Not the viewer's turn: nothing to take.
    assert "lc-take" not in "".join(piles(render(state, 1)).values())


def test_the_discard_piles_speak_the_players_language() -> None:
    state = build_state(
        hands=TAKING, discards={"red": "R2 R5"}, phase="take", discard_display="full"
    )
    assert '<span class="lc-full-pile">Red 2, Red 5</span>' in piles(render(state, 0))["red"]
    with translation.override("de"):
        red = piles(render(state, 0))["red"]
    assert "2 Karten" in red and "Take" not in red and "Red 2" not in red
