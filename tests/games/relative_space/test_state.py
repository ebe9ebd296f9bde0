"""Dump and load: JSON as the rules suggest (§4.3, §11.2), validated on the way in."""

from __future__ import annotations

import json

import pytest

from tests.games.relative_space.helpers import ENGINE, build_state, play


def a_state():
    state = build_state(
        supplies=[{"A1": "LASTCALL", "A2": "9", "C1": "~4"}, {"A1": "2"}], pods=["3 5", "7"]
    )
    return play(state, "A1", 1)


def test_the_dump_is_plain_json_with_slot_maps_and_a_stack() -> None:
    data = ENGINE.dump(a_state())
    assert json.loads(json.dumps(data)) == data
    assert data["supplies"][0]["A2"] == {"card": "RS-I9#1", "face_up": True}
    assert data["supplies"][0]["C1"]["face_up"] is False
    assert data["supplies"][0]["A1"] is None
    assert data["pods"][0] == {"id": 1, "cards": ["RS-I3#1", "RS-I5#1", "RS-LASTCALL#1"],
                               "load_value": 5}  # fmt: skip
    assert data["stack"] == [{"type": "launch", "pod": 1}, {"type": "extra_play", "pod": 1}]
    assert data["options"] == {"turn_limit": 500}


def test_load_gives_back_the_same_state() -> None:
    state = a_state()
    assert ENGINE.load(json.loads(json.dumps(ENGINE.dump(state)))) == state


def all_pod_cards(data) -> list[str]:
    return [card for pod in data["pods"] for card in pod["cards"]]


def broken(change) -> dict:
    data = json.loads(json.dumps(ENGINE.dump(a_state())))
    change(data)
    return data


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["out"].append(d["out"][0]), "exactly one place"),
        (lambda d: d["pods"][0].update(load_value=3), "topmost item"),
        (lambda d: d["supplies"][0]["A2"].update(face_up=False), "dealt face up"),
        (lambda d: d.update(pods=[], out=d["out"] + all_pod_cards(d)), "pods must be in play"),
        (lambda d: d.update(winner=1), "winner"),
        (lambda d: d.update(stack=[{"type": "launch", "pod": 1}]), "extra play on top"),
        (lambda d: d.update(stack=[{"type": "jump", "pod": 1}]), "unknown type"),
        (lambda d: d.update(players=6), "out of range"),
        (lambda d: d["supplies"][0].pop("A1"), "keys"),
        (lambda d: d.update(first=1 - d["first"]), "first player"),
        (lambda d: d.update(empty_at_start=["A2"]), "refilled by a block"),
        (lambda d: d.update(turn=501), "out of range"),
    ],
)
def test_load_refuses_a_state_that_breaks_a_rule(change, message) -> None:
    with pytest.raises(ValueError, match=message):
        ENGINE.load(broken(change))
