"""Verifiable shuffles: the commitment to a table's seed, and the check of a finished game.

When a table starts, the platform draws a random salt and shows everyone

    commitment = SHA-256("playtable-seed-v1:<seed>:<salt>")   (hex; seed in decimal)

The seed deals the whole game (games.rng), so the commitment fixes the deck order before
the first move without revealing it. When the game is over, the seed and salt are revealed
and anyone can check a game's record (`verify_record`):

1. the commitment matches the revealed seed and salt;
2. replaying the move log from that seed with the engine (`replay`, the same steps the
   platform uses for undo and the replay pages) reaches the recorded final state
   (compared by `state_digest`) and the recorded result (`game_result` /
   `forfeit_result`, which the platform uses to write it).

Pure Python, like the engines: anyone with this repository can check a downloaded record.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any

from games.engine import Action, Game, IllegalAction, Outcome
from games.words import Msg, msg

__all__ = [
    "COMMITMENT_VERSION",
    "RECORD_FORMAT",
    "TIME_UP",
    "Verdict",
    "final_places",
    "forfeit_result",
    "game_result",
    "replay",
    "replay_step",
    "seed_commitment",
    "state_digest",
    "verify_record",
]

#: The label in front of the committed bytes: a later scheme gets a new label.
COMMITMENT_VERSION = "playtable-seed-v1"
#: The `format` of a game record (the lobby's record.json).
RECORD_FORMAT = "playtable-record-v1"
#: The kind of a log entry that the platform's clock wrote when a timed phase ran out.
TIME_UP = "time_up"

_SLUG = re.compile(r"[a-z][a-z0-9_]{0,39}")


def seed_commitment(seed: int, salt: str) -> str:
    """Return the SHA-256 hex digest of "playtable-seed-v1:<seed>:<salt>" (UTF-8).

    The seed is an integer written in decimal and the salt is hex, so neither can hold
    the separator: the string names exactly one (seed, salt) pair.
    """
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise TypeError("the seed is an integer")
    return hashlib.sha256(f"{COMMITMENT_VERSION}:{seed}:{salt}".encode()).hexdigest()


def _canonical(data: Any) -> bytes:
    # Through JSON once first: a dumped state and the same state read back from the
    # database (tuples as lists, keys as strings) give the same bytes.
    plain = json.loads(json.dumps(data))
    return json.dumps(plain, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode()


def state_digest(dumped: Mapping[str, Any]) -> str:
    """Return the SHA-256 hex digest of a dumped state in canonical JSON (sorted keys)."""
    return hashlib.sha256(_canonical(dumped)).hexdigest()


def replay_step(engine: Game[Any], state: Any, kind: str, seat: int | None, action: Action) -> Any:
    """Return the state after one logged entry: a seat's action or a timed phase's end."""
    if kind == TIME_UP:
        return engine.time_up(state, action["phase"])
    if seat is None:
        raise ValueError("a seat's action names the seat")
    return engine.apply(state, seat, action)


def replay(
    engine: Game[Any],
    *,
    players: int,
    seed: int,
    options: Mapping[str, Any],
    log: Iterable[tuple[str, int | None, Action]],
) -> Iterator[Any]:
    """Yield the state after setup, then after each (kind, seat, action) of the log."""
    state = engine.setup(players=players, seed=seed, options=options)
    yield state
    for kind, seat, action in log:
        state = replay_step(engine, state, kind, seat, action)
        yield state


def final_places(scores: Sequence[int], places: Sequence[int], out: Iterable[int]) -> list[int]:
    """Return places with every seat in `out` ranked last (sharing the last place).

    The others keep the engine's order among themselves (its tie-breaks included).
    """
    gone = set(out)
    stay = [p for p in range(len(scores)) if p not in gone]
    result = [0] * len(scores)
    for position in stay:
        result[position] = 1 + sum(1 for other in stay if places[other] < places[position])
    for position in gone:
        result[position] = len(stay) + 1
    return result


def game_result(outcome: Outcome, out: Iterable[int]) -> dict[str, Any]:
    """Return the result the platform records for a game that reached its end."""
    return {
        "scores": list(outcome.scores),
        "places": final_places(outcome.scores, outcome.places, out),
        "details": dict(outcome.details),
    }


def forfeit_result(players: int, out: Iterable[int]) -> dict[str, Any]:
    """Return the result of a game ended early: the seats out rank last, the rest share first."""
    gone = sorted(set(out))
    places = [players - len(gone) + 1 if p in gone else 1 for p in range(players)]
    return {"forfeit": gone, "places": places}


@dataclass
class Verdict:
    """The answer of a check: `ok` when nothing is wrong; else what is, in sentences."""

    findings: list[Msg] = field(default_factory=list)
    moves: int = 0

    @property
    def ok(self) -> bool:
        return not self.findings


def _engine_for(slug: Any) -> Game[Any] | None:
    from games.registry import UnknownGame, get_engine

    try:
        return get_engine(slug)
    except UnknownGame:
        pass
    # Outside the site (no app registry filled): the engine module of an installed game.
    if not isinstance(slug, str) or not _SLUG.fullmatch(slug) or slug == "verify":
        return None
    try:
        engine = import_module(f"games.{slug}.engine").ENGINE
    except (ImportError, AttributeError):
        return None
    return engine if isinstance(engine, Game) else None


def _log_entries(raw: Any) -> list[tuple[str, int | None, Action]] | None:
    """Return the record's log as (kind, seat, action), or None if it is malformed."""
    if not isinstance(raw, list):
        return None
    entries = []
    for number, entry in enumerate(raw, start=1):
        if not isinstance(entry, Mapping) or entry.get("n") != number:
            return None
        kind, seat, action = entry.get("kind"), entry.get("seat"), entry.get("action")
        if kind not in ("action", TIME_UP) or not isinstance(action, dict):
            return None
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
            return None
        entries.append((kind, seat, action))
    return entries


def _out_seats(raw: Any, players: Any) -> set[int] | None:
    if not isinstance(raw, list) or len(raw) != players:
        return None
    out = set()
    for position, seat in enumerate(raw):
        if not isinstance(seat, Mapping) or seat.get("position") != position:
            return None
        if seat.get("conceded") or seat.get("abandoned"):
            out.add(position)
    return out


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def verify_record(record: Any, engine: Game[Any] | None = None) -> Verdict:
    """Check a finished game's record: its commitment, its replay, its final state and result.

    `engine` defaults to the installed engine the record names. Returns a Verdict whose
    findings say, in sentences, each thing that does not hold (none: verified).
    """
    verdict = Verdict()
    findings = verdict.findings
    if not isinstance(record, Mapping) or record.get("format") != RECORD_FORMAT:
        findings.append(msg("This file is not a Playtable game record."))
        return verdict
    seed, salt, commitment = record.get("seed"), record.get("salt"), record.get("commitment")
    if not salt and not commitment:
        findings.append(msg("This game predates verifiable shuffles: it has no commitment."))
        return verdict
    players, options = record.get("players"), record.get("options")
    log = _log_entries(record.get("log"))
    out = _out_seats(record.get("seats"), players) if _is_int(players) else None
    if (
        not _is_int(seed)
        or not isinstance(salt, str)
        or not isinstance(commitment, str)
        or not _is_int(players)
        or not isinstance(options, dict)
        or log is None
        or out is None
    ):
        findings.append(msg("This game record is incomplete or malformed."))
        return verdict
    assert isinstance(seed, int) and isinstance(players, int)  # checked just above
    engine = engine or _engine_for(record.get("game"))
    if engine is None or engine.slug != record.get("game"):
        findings.append(
            msg(
                "This record is of a game not installed here: %(game)s.",
                game=str(record.get("game")),
            )
        )
        return verdict
    if seed_commitment(seed, salt) != commitment:
        findings.append(
            msg("The commitment does not match the revealed seed and salt: the seed was changed.")
        )
    state = _replayed(engine, verdict, players=players, seed=seed, options=options, log=log)
    if state is None:
        return verdict
    if state_digest(engine.dump(state)) != record.get("final_state_sha256"):
        findings.append(msg("The replayed game does not reach the recorded final state."))
    outcome = engine.outcome(state)
    if outcome is not None:
        expected: dict[str, Any] | None = game_result(outcome, out)
    elif out:
        expected = forfeit_result(players, out)
    else:
        expected = None
        findings.append(
            msg("The replayed game has not ended, and nobody conceded or ran out of time.")
        )
    if expected is not None and _canonical(expected) != _canonical(record.get("result")):
        findings.append(msg("The recorded result is not the result of the replayed game."))
    return verdict


def _replayed(
    engine: Game[Any],
    verdict: Verdict,
    *,
    players: int,
    seed: int,
    options: dict[str, Any],
    log: list[tuple[str, int | None, Action]],
) -> Any:
    """Return the state the log replays to, or None with a finding where it breaks."""
    try:
        steps = replay(engine, players=players, seed=seed, options=options, log=log)
        state = next(steps)
    except Exception:  # noqa: BLE001 — nonsense options or players: a finding, not a crash
        verdict.findings.append(msg("The game cannot be set up with the recorded options."))
        return None
    for number in range(1, len(log) + 1):
        try:
            state = next(steps)
        except IllegalAction as error:
            verdict.findings.append(
                msg(
                    "Move %(n)s is not legal in the replayed game: %(why)s",
                    n=number,
                    why=error.message,
                )
            )
            return None
        except Exception:  # noqa: BLE001 — a malformed action: a finding, not a crash
            verdict.findings.append(msg("Move %(n)s cannot be replayed.", n=number))
            return None
        verdict.moves = number
    return state
