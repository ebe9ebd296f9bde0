"""What each seat and a spectator see (rules §5 "Public and hidden information", §10)."""

from __future__ import annotations

import json

from tests.games.kit import assert_no_leaks
from tests.games.lost_cities.helpers import ENGINE, build_state, ids

HANDS = ["YW1 Y2 Y5 B4 R7 R9 G2 W9", "B2 B3 B5 B6 R2 R3 R4 R5"]
VIEW_KEYS = {
    "game", "you", "opponent", "players", "colours", "hand", "opponent_hand_count",
    "expeditions", "discards", "deck_count", "to_move", "active", "your_turn", "phase",
    "blocked_take_colour", "legal", "draw_action", "round", "rounds", "round_info",
    "round_scores", "starts", "start_player", "totals", "round_breakdown", "last_action",
    "recent", "highlight", "finished", "outcome", "options",
}  # fmt: skip


def a_state(**kwargs):
    kwargs.setdefault("hands", HANDS)
    kwargs.setdefault("columns", [{"yellow": "YW2 Y4"}, {"red": "R6 R8"}])
    kwargs.setdefault("discards", {"green": "G5 G7", "blue": "B9"})
    return build_state(**kwargs)


def text_of(view) -> str:
    return json.dumps(view)


def test_a_seat_sees_every_documented_key() -> None:
    """The board template can rely on this set of keys, for players and spectators."""
    state = a_state()
    assert set(ENGINE.view(state, 0)) == VIEW_KEYS
    assert set(ENGINE.view(state, None)) == VIEW_KEYS


def test_a_player_sees_their_own_hand_sorted_by_colour_then_value() -> None:
    """The hand lists id, colour, value, wager, label and whether it can be played."""
    view = ENGINE.view(a_state(), 0)
    assert [card["id"] for card in view["hand"]] == ids("YW1 Y2 Y5 B4 W9 G2 R7 R9")
    assert view["hand"][0] == {
        "id": "LC-YW1",
        "colour": "yellow",
        "value": 0,
        "wager": True,
        "label": "Yellow wager",
        "playable": False,  # the yellow column already has the 4
        "play_action": None,
        "discard_action": {"type": "discard", "card": "LC-YW1"},
    }
    playable = {card["id"]: card["playable"] for card in view["hand"]}
    assert playable["LC-Y2"] is False and playable["LC-Y5"] is True and playable["LC-B4"]
    assert view["hand"][2]["play_action"] == {"type": "play", "card": "LC-Y5"}


def test_the_board_buttons_post_the_legal_actions_of_the_seat_to_move_only() -> None:
    """Each button's action is one of `legal`; the seat not to move gets none."""
    state = a_state()
    mine, theirs = ENGINE.view(state, 0), ENGINE.view(state, 1)
    posted = [card[key] for card in mine["hand"] for key in ("play_action", "discard_action")]
    assert sorted(map(str, filter(None, posted))) == sorted(map(str, mine["legal"]))
    assert not any(card["play_action"] or card["discard_action"] for card in theirs["hand"])
    taking = ENGINE.apply(state, 0, {"type": "discard", "card": "LC-R7"})
    mine = ENGINE.view(taking, 0)
    posted = [mine["draw_action"], *(pile["take_action"] for pile in mine["discards"])]
    assert sorted(map(str, filter(None, posted))) == sorted(map(str, mine["legal"]))
    assert ENGINE.view(taking, 1)["draw_action"] is None


def test_a_player_never_sees_the_opponents_hand_or_the_draw_pile() -> None:
    """Only a count of the opponent's cards; no id of theirs or of the draw pile."""
    state = a_state()
    view = ENGINE.view(state, 0)
    assert view["opponent_hand_count"] == 8 and view["deck_count"] == len(state.deck)
    text = text_of(view)
    for card in [*state.hands[1], *state.deck]:
        assert card not in text
    assert_no_leaks(ENGINE, state, 2)


def test_a_spectator_sees_no_hand_at_all() -> None:
    """None means spectator: no hand, no hand count of "the opponent", no legal moves."""
    state = a_state()
    view = ENGINE.view(state, None)
    assert view["hand"] is None and view["you"] is None and view["opponent_hand_count"] is None
    assert view["legal"] == [] and view["your_turn"] is False
    assert [p["hand_count"] for p in view["players"]] == [8, 8]
    text = text_of(view)
    for card in [*state.hands[0], *state.hands[1], *state.deck]:
        assert card not in text


def test_expeditions_show_cards_and_a_running_score_per_column() -> None:
    """Both players' columns are public, each with its score so far (rules §10)."""
    view = ENGINE.view(a_state(), 1)
    yellow = view["expeditions"][0][0]
    assert [c["id"] for c in yellow["cards"]] == ids("YW2 Y4")
    assert (yellow["started"], yellow["wagers"], yellow["sum"], yellow["top"]) == (True, 1, 4, 4)
    assert yellow["score"] == (4 - 20) * 2
    red_of_seat_1 = view["expeditions"][1][4]
    assert red_of_seat_1["score"] == 14 - 20
    blue = view["expeditions"][0][1]
    assert (blue["started"], blue["score"], blue["top"]) == (False, 0, None)
    assert [p["round_score"] for p in view["players"]] == [-32, -6]


def test_discard_piles_show_the_top_card_and_the_size_by_default() -> None:
    """Top display: the top card and the count, not the cards beneath."""
    view = ENGINE.view(a_state(), 0)
    green = view["discards"][3]
    assert (green["top"]["id"], green["count"], green["cards"]) == ("LC-G7", 2, None)
    assert "LC-G5" not in text_of(view)
    assert view["discards"][0] == {
        "colour": "yellow",
        "label": "Yellow",
        "count": 0,
        "top": None,
        "cards": None,
        "take_action": None,
    }


def test_the_full_display_option_shows_every_discarded_card() -> None:
    """discard_display = full lists the whole pile, bottom first."""
    view = ENGINE.view(a_state(discard_display="full"), 1)
    assert [c["id"] for c in view["discards"][3]["cards"]] == ids("G5 G7")


def test_the_pile_just_discarded_onto_is_shown_as_blocked() -> None:
    """After a discard onto red, red cannot be taken this turn; other piles can."""
    state = ENGINE.apply(a_state(), 0, {"type": "discard", "card": "LC-R7"})
    view = ENGINE.view(state, 0)
    assert view["phase"] == "take" and view["blocked_take_colour"] == "red"
    assert {p["colour"]: p["take_action"] for p in view["discards"] if p["count"]} == {
        "blue": {"type": "take", "colour": "blue"},
        "green": {"type": "take", "colour": "green"},
        "red": None,
    }
    assert view["draw_action"] == {"type": "draw"}
    assert ENGINE.view(state, 1)["discards"][1]["take_action"] is None


def test_legal_moves_are_listed_only_for_the_seat_to_move() -> None:
    """The active seat gets its legal actions; the other seat gets none."""
    state = a_state()
    mine, theirs = ENGINE.view(state, 0), ENGINE.view(state, 1)
    assert mine["legal"] == ENGINE.legal_actions(state, 0) and mine["your_turn"] is True
    assert theirs["legal"] == [] and theirs["your_turn"] is False
    assert mine["to_move"] == theirs["to_move"] == [0]


def test_the_last_action_is_public_and_never_names_a_drawn_card() -> None:
    """The view's "last moves" hold public text: a draw reads "drew a card" for everyone."""
    state = a_state()
    state = ENGINE.apply(state, 0, {"type": "play", "card": "LC-Y5"})
    drawn = state.deck[-1]
    state = ENGINE.apply(state, 0, {"type": "draw"})
    for viewer in (0, 1, None):
        view = ENGINE.view(state, viewer)
        assert view["last_action"] == {"round": 1, "seat": 0, "text": "drew a card"}
        assert [e["text"] for e in view["recent"]] == [
            "played Yellow 5 on the yellow expedition",
            "drew a card",
        ]
        assert view["highlight"] == ["LC-Y5"]
    assert drawn not in text_of(ENGINE.view(state, 1))


def test_a_card_taken_from_a_pile_is_not_highlighted_for_the_opponent() -> None:
    """The taken card is in a hand now; its id must not appear in the other seat's view."""
    state = ENGINE.apply(a_state(), 0, {"type": "discard", "card": "LC-R7"})
    state = ENGINE.apply(state, 0, {"type": "take", "colour": "blue"})
    view = ENGINE.view(state, 1)
    assert view["highlight"] == ["LC-R7"]
    assert "LC-B9" not in text_of(view)
    assert view["last_action"]["text"] == "took Blue 9 from the blue discard pile"


def test_round_scores_totals_and_a_breakdown_follow_each_finished_round() -> None:
    """After round 1: its scores, the totals, who starts, and a per-colour breakdown."""
    state = build_state(
        hands=["Y2 Y3 Y5 Y6 B2 B3 B4", "B5 B6 B7 B8 B9 B10 R2 R3"],
        columns=[{"green": "G2 G3 G5 G6 G7 G8 G9 G10"}, {"red": "R5 R7"}],
        deck_size=1,
        phase="take",
        first_player="creator",
    )
    after = ENGINE.apply(state, 0, {"type": "draw"})
    view = ENGINE.view(after, 1)
    assert (view["round"], view["rounds"], view["round_info"]) == (2, 3, "Round 2 of 3")
    assert view["round_scores"] == [[50, -8]] and view["totals"] == [50, -8]
    assert view["starts"] == [0, 0] and view["start_player"] == 0
    green = view["round_breakdown"][0]["players"][0]["colours"][3]
    assert (green["sum"], green["cost"], green["multiplier"], green["bonus"]) == (50, 20, 1, 20)
    assert green["result"] == 50
    assert view["last_action"]["text"].endswith("round 1 is over")
    # The old round's cards were reshuffled: its breakdown carries values, not ids.
    assert_no_leaks(ENGINE, after, 2)


def test_a_finished_match_shows_the_outcome_and_the_final_board() -> None:
    """The end-of-game panel gets scores, places and the breakdown; nobody is to move."""
    state = build_state(
        hands=["Y2 Y3 Y5 Y6 B2 B3 B4", "B5 B6 B7 B8 B9 B10 R2 R3"],
        columns=[{"green": "G2 G3 G5 G6 G7 G8 G9 G10"}, {}],
        deck_size=1,
        phase="take",
        rounds=1,
    )
    after = ENGINE.apply(state, 0, {"type": "draw"})
    view = ENGINE.view(after, None)
    assert view["finished"] is True and view["phase"] == "over"
    assert view["to_move"] == [] and view["active"] is None and view["legal"] == []
    assert view["outcome"]["scores"] == [50, 0] and view["outcome"]["places"] == [1, 2]
    assert view["outcome"]["details"]["rounds"][0]["players"][0]["score"] == 50
    assert len(view["expeditions"][0][3]["cards"]) == 8
    assert_no_leaks(ENGINE, after, 2)


def test_the_view_reports_the_table_options() -> None:
    """Options are echoed so the board can explain the table's choices."""
    view = ENGINE.view(a_state(expeditions=6, bonus_counts_wagers=False), 0)
    assert view["options"]["expeditions"] == 6
    assert view["options"]["bonus_counts_wagers"] is False
    assert [c["key"] for c in view["colours"]][-1] == "purple"
    assert len(view["discards"]) == 6 and len(view["expeditions"][0]) == 6


def test_a_view_for_an_unknown_seat_is_a_spectator_view() -> None:
    """A seat number that is not at the table sees what a spectator sees."""
    state = a_state()
    assert ENGINE.view(state, 5) == ENGINE.view(state, None)


def test_views_of_one_state_share_the_public_part_but_never_a_seats_own() -> None:
    """A push draws each seat's view of one state: what all see alike is built once, and
    the seat to move's take buttons stay in its own view, whoever's view came first."""
    from games.lost_cities.view import _public

    taking = ENGINE.apply(a_state(), 0, {"type": "discard", "card": "LC-R7"})
    views = {}
    for first in (0, 1, None):
        _public.cache_clear()
        alone = ENGINE.view(taking, first)
        views[first] = [ENGINE.view(taking, seat) for seat in (0, 1, None)]
        # The same view whether it was built first or after the others.
        assert text_of(alone) == text_of(views[first][(0, 1, None).index(first)])
    assert all(text_of(views[0]) == text_of(views[f]) for f in (1, None))
    mine, theirs, spectator = views[0]
    assert mine["expeditions"] is theirs["expeditions"] is spectator["expeditions"]
    assert {pile["colour"] for pile in mine["discards"] if pile["take_action"]} == {
        "green", "blue"
    }  # fmt: skip
    assert not any(pile["take_action"] for pile in theirs["discards"] + spectator["discards"])
    assert mine["draw_action"] and theirs["draw_action"] is None
    assert theirs["hand"] != mine["hand"] and spectator["hand"] is None
    assert _public.cache_info().hits >= 2
