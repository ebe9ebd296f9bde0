"""What each seat and a spectator see (rules §3.3, §11.3) and the board's data."""

from __future__ import annotations

import json

from tests.games.kit import assert_no_leaks
from tests.games.relative_space.helpers import ENGINE, build_state, play

OTHER = {"A1": "9", "A2": "9", "A3": "10", "A4": "10", "C1": "~2"}
VIEW_KEYS = {
    "game", "you", "players", "order", "active", "to_move", "your_turn", "turn", "turn_limit",
    "round_info", "first", "phase", "extra_pod", "pending", "pods", "next_pod",
    "new_pod_targets", "pickable", "key_only", "legal", "pass_action", "supplies", "out_count",
    "out", "set_aside_count", "empty_at_start", "recent", "finished", "winner", "end_reason",
    "outcome", "options",
}  # fmt: skip


def slot(view, seat: int, name: str) -> dict:
    supply = next(s for s in view["supplies"] if s["seat"] == seat)
    return next(s for row in supply["rows"] for s in row if s["name"] == name)


def test_face_down_cards_are_hidden_from_everyone_their_owner_included() -> None:
    """§3.3 [C]: no view names a face-down card, not even the owner's."""
    state = ENGINE.setup(players=3, seed=2, options={})
    hidden = ENGINE.secret_tokens(state, 0)
    assert hidden == ENGINE.secret_tokens(state, None) == ENGINE.secret_tokens(state, 2)
    assert len(hidden) == 3 * 3 + 50  # three face-down cards per supply, 50 set aside
    for viewer in (None, 0, 1, 2):
        view = ENGINE.view(state, viewer)
        text = json.dumps(view)
        assert not any(token in text for token in hidden)
        down = slot(view, 0, "D1")
        assert down["state"] == "down" and down["card"] is None
    assert_no_leaks(ENGINE, state, 3)


def test_a_played_face_down_card_becomes_public() -> None:
    """§11.3: reveal a card only when it is played."""
    state = build_state(supplies=[{"C1": "~4", "D1": "~5"}, OTHER])
    card = state.supplies[0][7][0]
    after = play(state, "C1", 1)
    assert card not in ENGINE.secret_tokens(after, 1)
    assert card in json.dumps(ENGINE.view(after, 1))


def test_the_view_has_the_documented_keys_for_players_and_spectators() -> None:
    state = ENGINE.setup(players=2, seed=3, options={})
    for viewer in (None, 0, 1):
        view = ENGINE.view(state, viewer)
        assert set(view) == VIEW_KEYS
        assert view["you"] == viewer
    assert ENGINE.view(state, None)["legal"] == []
    assert ENGINE.view(state, 7)["you"] is None  # an unknown seat sees what a spectator sees


def test_the_player_to_move_sees_each_play_under_its_pod_with_its_result() -> None:
    """Targets say whether a card loads, blocks (and how many cards come back) or is blind."""
    state = build_state(
        supplies=[{"A1": "3", "A2": "7", "B3": "5", "C1": "~4", "C2": "~1"}, OTHER],
        pods=["1 5"],
    )
    view = ENGINE.view(state, 0)
    assert view["your_turn"] and view["phase"] == "play"
    assert view["pickable"] == ["A1", "A2", "B3", "C1"]
    targets = {t["slot"]: (t["result"], t["returns"]) for t in view["pods"][0]["targets"]}
    # Holes at the start: A3, A4, B1, B2, D1 (five); the pod holds two cards.
    assert targets == {
        "A1": ("blocks", 3), "A2": ("loads", 3), "B3": ("loads", 3), "C1": ("unknown", 3)
    }  # fmt: skip
    assert slot(view, 0, "C1")["pick"] and slot(view, 0, "C2")["covered"]
    assert slot(view, 0, "A3")["hole"]
    other = ENGINE.view(state, 1)
    assert other["pickable"] == [] and not slot(other, 0, "A1")["pick"]


def test_cards_only_a_key_uncovers_are_marked_for_the_new_pod() -> None:
    """E10: B1 and B2 are reachable only through open_pod."""
    state = build_state(supplies=[{"A2": "KEY", "A4": "3", "B1": "5", "B2": "6"}, OTHER])
    view = ENGINE.view(state, 0)
    assert view["key_only"] == ["B1", "B2"]
    assert [t["slot"] for t in view["new_pod_targets"]] == ["A4", "B1", "B2"]
    assert view["next_pod"] == 2


def test_an_extra_play_shows_the_allowed_pod_the_pending_launch_and_a_pass() -> None:
    state = build_state(supplies=[{"A1": "LASTCALL", "A2": "9"}, OTHER], pods=["4", "5"])
    view = ENGINE.view(play(state, "A1", 1), 0)
    assert view["phase"] == "extra" and view["extra_pod"] == 1
    assert [p["allowed"] for p in view["pods"]] == [True, False]
    assert [p["launching"] for p in view["pods"]] == [True, False]
    assert view["pass_action"] == {"type": "pass"}
    assert view["pending"] == [{"type": "launch", "pod": 1}, {"type": "extra_play", "pod": 1}]


def test_the_last_turns_are_listed_newest_first_with_the_latest_marked() -> None:
    state = build_state(supplies=[{"A1": "3", "A2": "2"}, {"A1": "9", "A2": "1"}], pods=["5"])
    state = play(state, "A1", 1)  # 3 blocks the 5
    state = play(state, "A1", 1)  # 9 loads
    view = ENGINE.view(state, 0)
    assert [t["seat"] for t in view["recent"]] == [1, 0]
    assert [t["latest"] for t in view["recent"]] == [True, False]
    assert view["recent"][1]["events"][0]["kind"] == "block"
    assert [c["last"] for c in view["pods"][0]["cards"]] == [True]


def test_refilled_places_are_highlighted_after_a_block() -> None:
    state = build_state(supplies=[{"A1": "3", "A3": "2", "B1": "5"}, OTHER], pods=["5"])
    view = ENGINE.view(play(state, "A1", 1), None)
    assert slot(view, 0, "A2")["fresh"] and slot(view, 0, "A2")["state"] == "up"


def test_the_end_of_game_view_carries_the_score_breakdown() -> None:
    state = build_state(supplies=[{"A1": "5"}, {"A1": "2", "A2": "3"}])
    view = ENGINE.view(play(state, "A1", 1), None)
    assert view["finished"] and view["winner"] == 0 and view["end_reason"] == "win"
    players = view["outcome"]["details"]["players"]
    assert [(p["cards_left"], p["score"], p["place"]) for p in players] == [(0, 10, 1), (2, 8, 2)]
