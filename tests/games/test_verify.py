"""games.verify: a finished game's record checks out, and any tampering is found.

Pure: the games are played in the engines and their records written by hand, as a
player who downloaded a record and changed it would hold them.
"""

from __future__ import annotations

import copy
import hashlib
import random
from typing import Any

import pytest

from games.registry import engines, get_engine
from games.verify import (
    RECORD_FORMAT,
    forfeit_result,
    game_result,
    seed_commitment,
    state_digest,
    verify_record,
)

SLUGS = sorted(engine.slug for engine in engines())
SALT = "00112233445566778899aabbccddeeff"


def _record(slug: str, seed: int = 41) -> dict[str, Any]:
    """Play a two-player game of `slug` to its end with the heuristic bot; return its record."""
    engine = get_engine(slug)
    bot = engine.bots.get("heuristic") or engine.bots["random"]
    rng = random.Random(seed)
    state = engine.setup(players=2, seed=seed, options={})
    log: list[dict[str, Any]] = []
    while engine.outcome(state) is None:
        assert len(log) < 5000
        to_move = sorted(engine.to_move(state))
        if not to_move:  # a timed round nobody acts in any more: the platform's clock ends it
            phase = engine.timed_phase(state)
            assert phase is not None
            entry = {"kind": "time_up", "seat": None, "action": {"phase": phase[0]}}
            state = engine.time_up(state, phase[0])
        else:
            seat = rng.choice(to_move)
            action = bot.choose(engine, state, seat, rng)
            entry = {"kind": "action", "seat": seat, "action": action}
            state = engine.apply(state, seat, action)
        log.append({"n": len(log) + 1, "by_timeout": False, **entry})
    outcome = engine.outcome(state)
    assert outcome is not None
    return {
        "format": RECORD_FORMAT,
        "game": slug,
        "options": {},
        "players": 2,
        "seed": seed,
        "salt": SALT,
        "commitment": seed_commitment(seed, SALT),
        "seats": [{"position": p, "conceded": False, "abandoned": False} for p in range(2)],
        "log": log,
        "result": game_result(outcome, set()),
        "final_state_sha256": state_digest(engine.dump(state)),
    }


@pytest.fixture(scope="module")
def records() -> dict[str, dict[str, Any]]:
    return {slug: _record(slug) for slug in SLUGS}


def test_the_commitment_is_the_sha256_of_the_documented_string() -> None:
    """SHA-256 of "playtable-seed-v1:<seed>:<salt>", as the help page says to compute it."""
    expected = hashlib.sha256(b"playtable-seed-v1:12345:abcd").hexdigest()
    assert seed_commitment(12345, "abcd") == expected
    assert seed_commitment(12345, "abce") != expected
    assert seed_commitment(12346, "abcd") != expected


def test_the_state_digest_ignores_how_the_json_was_spelled() -> None:
    """A dumped state and the same state read back from JSON (tuples as lists) agree."""
    assert state_digest({"b": (1, 2), "a": {"x": 1}}) == state_digest({"a": {"x": 1}, "b": [1, 2]})
    assert state_digest({"a": 1}) != state_digest({"a": 2})


@pytest.mark.parametrize("slug", SLUGS)
def test_a_finished_game_of_every_engine_is_verified(slug, records) -> None:
    verdict = verify_record(copy.deepcopy(records[slug]))
    assert verdict.findings == []
    assert verdict.ok
    assert verdict.moves == len(records[slug]["log"]) > 0


def _findings(record: dict[str, Any]) -> list[str]:
    verdict = verify_record(record)
    assert not verdict.ok
    return [str(finding) for finding in verdict.findings]


@pytest.mark.parametrize("slug", SLUGS)
def test_a_changed_seed_breaks_the_commitment_and_the_replay(slug, records) -> None:
    record = copy.deepcopy(records[slug])
    record["seed"] += 1
    findings = _findings(record)
    assert any("commitment does not match" in f for f in findings), findings
    # Another deal: the same moves are illegal, or lead somewhere else.
    assert len(findings) >= 2, findings


def test_a_changed_salt_breaks_the_commitment_only(records) -> None:
    record = copy.deepcopy(records["lost_cities"])
    record["salt"] = "ff" + record["salt"][2:]
    assert _findings(record) == [
        "The commitment does not match the revealed seed and salt: the seed was changed."
    ]


def test_a_changed_commitment_is_found(records) -> None:
    record = copy.deepcopy(records["lost_cities"])
    record["commitment"] = seed_commitment(record["seed"] + 1, record["salt"])
    assert len(_findings(record)) == 1


@pytest.mark.parametrize("slug", SLUGS)
def test_one_changed_move_is_found(slug, records) -> None:
    """Another legal action in place of a logged one: the replay breaks or ends elsewhere."""
    record = copy.deepcopy(records[slug])
    engine = get_engine(slug)
    state = engine.setup(players=2, seed=record["seed"], options={})
    # The first logged action that had an alternative is replaced by another legal one.
    for entry in record["log"]:
        if entry["kind"] == "action":
            legal = engine.legal_actions(state, entry["seat"])
            others = [action for action in legal if action != entry["action"]]
            if others:
                entry["action"] = others[0]
                break
            state = engine.apply(state, entry["seat"], entry["action"])
        else:
            state = engine.time_up(state, entry["action"]["phase"])
    else:
        pytest.fail("no move had an alternative")
    findings = _findings(record)
    assert any(
        "is not legal in the replayed game" in f
        or "cannot be replayed" in f
        or "recorded final state" in f
        for f in findings
    ), findings
    assert not any("commitment" in f for f in findings)


def test_a_removed_move_is_found(records) -> None:
    record = copy.deepcopy(records["lost_cities"])
    del record["log"][-1]
    findings = _findings(record)
    assert any("recorded final state" in f for f in findings), findings


def test_a_changed_result_is_found(records) -> None:
    record = copy.deepcopy(records["lost_cities"])
    record["result"]["places"] = list(reversed(record["result"]["places"]))
    record["result"]["scores"] = list(reversed(record["result"]["scores"]))
    if record["result"]["places"] == records["lost_cities"]["result"]["places"]:
        record["result"]["scores"][0] += 1  # a draw reversed is a draw: change a score
    assert _findings(record) == ["The recorded result is not the result of the replayed game."]


def test_a_concession_claimed_afterwards_is_found(records) -> None:
    """The result of a game played to its end cannot be rewritten as a forfeit."""
    record = copy.deepcopy(records["lost_cities"])
    record["seats"][0]["conceded"] = True
    record["result"] = forfeit_result(2, {0})
    assert _findings(record) == ["The recorded result is not the result of the replayed game."]


def test_changed_options_are_found(records) -> None:
    """One round instead of the three played: another game, which the log does not match."""
    record = copy.deepcopy(records["lost_cities"])
    record["options"] = {"rounds": 1}
    findings = _findings(record)
    assert any(
        "recorded final state" in f or "not legal" in f or "cannot be replayed" in f
        for f in findings
    ), findings
    assert not any("commitment" in f for f in findings)


def test_a_final_state_digest_that_is_not_the_replays_is_found(records) -> None:
    record = copy.deepcopy(records["relative_space"])
    record["final_state_sha256"] = "0" * 64
    assert _findings(record) == ["The replayed game does not reach the recorded final state."]


@pytest.mark.parametrize(
    "change",
    [
        lambda r: r.update(format="something else"),
        lambda r: r.update(seed="12"),
        lambda r: r.update(players=True),
        lambda r: r.update(log={"n": 1}),
        lambda r: r["log"].__setitem__(0, {"n": 7, "kind": "action", "seat": 0, "action": {}}),
        lambda r: r["log"][0].update(kind="undo"),
        lambda r: r["log"][0].update(action={"type": "\x00" * 3}),
        lambda r: r.update(seats=[]),
        lambda r: r.update(game="verify"),
        lambda r: r.update(game="../../etc"),
        lambda r: r.update(options={"rounds": "many"}),
    ],
)
def test_a_malformed_record_is_answered_with_a_finding_not_a_crash(change, records) -> None:
    record = copy.deepcopy(records["lost_cities"])
    change(record)
    assert _findings(record)


def test_a_game_from_before_commitments_says_so(records) -> None:
    record = copy.deepcopy(records["lost_cities"])
    record["salt"] = record["commitment"] = ""
    assert _findings(record) == ["This game predates verifiable shuffles: it has no commitment."]


def test_the_module_is_pure() -> None:
    """No Django, no platform app: anyone can run the check with the engines alone."""
    import ast
    import pathlib

    import games.verify

    tree = ast.parse(pathlib.Path(games.verify.__file__).read_text())
    imported = {
        (node.module or "") if isinstance(node, ast.ImportFrom) else alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom)
        for alias in node.names
    }
    assert not {name for name in imported if name.split(".")[0] in {"django", "lobby", "config"}}


@pytest.mark.parametrize("slug", SLUGS)
def test_no_view_of_a_running_game_holds_its_seed(slug) -> None:
    """What a seat or a spectator is sent never carries the seed that deals the game."""
    import json

    engine = get_engine(slug)
    seed = 1234567890123456789
    state = engine.setup(players=2, seed=seed, options={})
    rng = random.Random(slug)
    for _ in range(40):
        for viewer in (None, 0, 1):
            assert str(seed) not in json.dumps(engine.view(state, viewer), default=str)
        to_move = sorted(engine.to_move(state))
        if not to_move:
            break
        state = engine.apply(state, to_move[0], rng.choice(engine.legal_actions(state, to_move[0])))
