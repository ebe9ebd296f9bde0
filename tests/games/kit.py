"""A reusable test kit for game engines: any engine passes it in a few lines.

    from tests.games.kit import run_kit
    report = run_kit(engine, seeds=range(20))

`run_kit` plays random legal games to the end for every seed, player count and option
variant and checks, along the way and at the end:

* the state and every action survive a JSON round trip (`load(json(dump(s))) == s`);
* the same seed and the same actions give the same states; setup plus the move log
  replays to the stored state;
* every action in `legal_actions` is accepted by `apply`, and `apply` never mutates its input;
* malformed, mutated and out-of-turn actions raise IllegalAction and change nothing;
* no view (each seat and a spectator) and no log line contains a token the viewer may
  not see;
* `to_move` is non-empty while the game runs and empty when it is over, every seat to
  move has legal actions, `timeout_action` is legal, and the `Outcome` is valid.

The single checks are public too, so an engine's own tests can call them on hand-built states.
"""

from __future__ import annotations

import functools
import itertools
import json
import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from games.engine import Action, Game, IllegalAction, Outcome

__all__ = [
    "Hidden",
    "KitReport",
    "Playout",
    "assert_apply_does_not_mutate",
    "assert_describe_hides_secrets",
    "assert_json_round_trip",
    "assert_legal_actions_accepted",
    "assert_load_rejects_garbage",
    "assert_no_leaks",
    "assert_plain_json",
    "assert_rejected",
    "assert_rejects_bad_payloads",
    "assert_turn_invariants",
    "assert_valid_outcome",
    "bad_payloads",
    "canonical",
    "option_variants",
    "random_playout",
    "replay",
    "run_kit",
]

DEFAULT_MAX_STEPS = 50_000
HUGE = "x" * 100_000
_JUNK_PAYLOADS: tuple[Any, ...] = (
    None,
    [],
    (),
    "draw",
    42,
    3.5,
    True,
    b"type",
    ["type", "draw"],
    {},
    {"type": None},
    {"type": ""},
    {"type": 7},
    {"type": ["play"]},
    {"type": {"nested": 1}},
    {"type": "no-such-move"},
    {"type": HUGE},
    {1: "draw"},
    {"kind": "draw"},
)
_WRONG_VALUES: tuple[Any, ...] = (None, True, 1, 1.5, -1, 10**30, "", HUGE, [], {}, ["x"])


def canonical(obj: Any) -> str:
    """Return a canonical JSON text of `obj`, so True, 1 and 1.0 stay different."""
    return json.dumps(obj, sort_keys=True, allow_nan=False)


def assert_plain_json(obj: Any, where: str = "value") -> None:
    """Fail unless `obj` is built from dict (str keys), list, str, int, float, bool and None.

    A JSON round trip must give back an equal object: tuples, sets, non-string keys,
    NaN and custom objects all fail it.
    """
    try:
        again = json.loads(json.dumps(obj, allow_nan=False))
    except (TypeError, ValueError) as error:
        raise AssertionError(f"{where} is not plain JSON: {error}") from None
    assert again == obj, f"{where} is not plain JSON (a tuple, set or non-string key?)"


def spread_variants(engine: Game[Any]) -> list[tuple[int, dict[str, Any]]]:
    """Every player count with the defaults, then each other option variant once, the
    player counts taken in turn: every count and every option played, without their
    whole cross product (the soak plays that)."""
    counts = list(range(engine.min_players, engine.max_players + 1))
    games: list[tuple[int, dict[str, Any]]] = [(count, {}) for count in counts]
    for index, variant in enumerate(option_variants(engine)[1:]):
        games.append((counts[index % len(counts)], variant))
    return games


def option_variants(engine: Game[Any]) -> list[dict[str, Any]]:
    """Return the defaults plus, for each option, every other value (ints: min and max)."""
    variants: list[dict[str, Any]] = [{}]
    for option in engine.options:
        if option.kind == "bool":
            values: list[Any] = [not option.default]
        elif option.choices:
            values = [value for value, _ in option.choices if value != option.default]
        elif option.kind == "seats":
            values = [tuple(range(1, (option.max or 0) + 1))]
        else:
            values = [v for v in (option.min, option.max) if v is not None and v != option.default]
        variants += [{option.key: value} for value in values]
    return variants


@dataclass
class Playout:
    """One random game: its setup arguments, every state and the move log."""

    engine: Game[Any]
    players: int
    seed: int
    options: Mapping[str, Any]
    states: list[Any]
    log: list[tuple[int, Action]]

    @property
    def final(self) -> Any:
        return self.states[-1]


def random_playout(
    engine: Game[Any],
    *,
    seed: int,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    pick_seed: int | None = None,
    max_steps: int = DEFAULT_MAX_STEPS,
) -> Playout:
    """Play random legal actions from setup until the game is over; fail past `max_steps`."""
    players = engine.min_players if players is None else players
    options = dict(options or {})
    pick = random.Random(seed if pick_seed is None else pick_seed)
    state = engine.setup(players=players, seed=seed, options=options)
    states, log = [state], []
    for _ in range(max_steps):
        seats = sorted(engine.to_move(state))
        if not seats:
            break
        seat = pick.choice(seats)
        action = pick.choice(engine.legal_actions(state, seat))
        state = engine.apply(state, seat, action)
        states.append(state)
        log.append((seat, action))
    else:
        raise AssertionError(f"{engine.slug} seed {seed}: no end after {max_steps} steps")
    return Playout(engine, players, seed, options, states, log)


def replay(
    engine: Game[Any],
    *,
    players: int,
    seed: int,
    options: Mapping[str, Any],
    log: Iterable[tuple[int, Action]],
) -> Any:
    """Return the state that setup plus `log` (sent through JSON, as the database does) gives."""
    state = engine.setup(players=players, seed=seed, options=options)
    for seat, action in log:
        state = engine.apply(state, seat, json.loads(json.dumps(action)))
    return state


def assert_json_round_trip(engine: Game[Any], state: Any) -> None:
    """Dump, JSON-encode, decode and load: the same state comes back, and dumps agree."""
    data = engine.dump(state)
    assert_plain_json(data, "dump")
    text = canonical(data)
    loaded = engine.load(json.loads(text))
    assert loaded == state, "load(dump(state)) differs from state"
    assert canonical(engine.dump(loaded)) == text, "dump is not stable across load"


def _viewer_of(seat: Any, players: int) -> int | None:
    """Return `seat` when it names a real seat, else None (a spectator sees least)."""
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < players:
        return seat
    return None


class Hidden:
    """Which of `tokens` a text holds, exactly as `token in text` tells, found in one pass
    per distinct three-character head instead of one pass per token (a view holds about
    300 hidden card ids)."""

    def __init__(self, tokens: Iterable[str]) -> None:
        self.tokens = frozenset(tokens)
        heads: dict[str, set[int]] = {}
        for token in self.tokens:
            heads.setdefault(token[:3], set()).add(len(token))
        self._heads = [(head, sorted(lengths)) for head, lengths in heads.items()]

    @staticmethod
    def of(tokens: Iterable[str]) -> Hidden:
        """The finder for `tokens`, kept for the next state that hides the same ones."""
        return _hidden(frozenset(tokens))

    def __bool__(self) -> bool:
        return bool(self.tokens)

    def found_in(self, text: str) -> set[str]:
        """Return the tokens that occur in `text`."""
        found: set[str] = set()
        for head, lengths in self._heads:
            at = text.find(head)
            while at >= 0:
                for length in lengths:
                    piece = text[at : at + length]
                    if piece in self.tokens:
                        found.add(piece)
                at = text.find(head, at + 1)
        return found


@functools.lru_cache(maxsize=256)
def _hidden(tokens: frozenset[str]) -> Hidden:
    return Hidden(tokens)


def _expect_illegal(
    engine: Game[Any], state: Any, seat: Any, action: Any, secrets: Hidden
) -> IllegalAction:
    try:
        engine.apply(state, seat, action)
    except IllegalAction as error:
        message = error.message
        assert isinstance(message, str) and message.strip(), "an IllegalAction needs a message"
        assert len(message) < 300, "a message is one readable sentence"
        shown = secrets.found_in(message)
        assert not shown, f"the error message reveals {sorted(shown)}"
        return error
    raise AssertionError(f"{engine.slug}: {_short(action)} by seat {seat!r} was accepted")


def _short(obj: Any) -> str:
    text = repr(obj)
    return text if len(text) < 200 else text[:200] + "..."


def assert_load_rejects_garbage(engine: Game[Any], sample: Any | None = None) -> None:
    """load() raises ValueError on nonsense: non-mappings, empty and half-broken dumps."""
    garbage: list[Any] = [None, [], "state", 42, {}, {"junk": 1}]
    if sample is not None:
        data = engine.dump(sample)
        garbage += [{**data, "junk": 1}, {k: v for k, v in list(data.items())[1:]}]
    for bad in garbage:
        try:
            engine.load(bad)
        except ValueError:
            continue
        raise AssertionError(f"{engine.slug}: load() accepted {_short(bad)}")


def assert_rejected(
    engine: Game[Any], state: Any, seat: Any, action: Any, match: str | None = None
) -> IllegalAction:
    """Apply must raise IllegalAction with a readable message and leave `state` unchanged."""
    before = canonical(engine.dump(state))
    secrets = Hidden.of(engine.secret_tokens(state, _viewer_of(seat, engine.max_players)))
    error = _expect_illegal(engine, state, seat, action, secrets)
    if match is not None:
        assert match in error.message, f"{match!r} not in {error.message!r}"
    assert canonical(engine.dump(state)) == before, "a rejected action changed the state"
    return error


def bad_payloads(
    engine: Game[Any], state: Any, seat: int, *, max_actions: int = 5, max_tokens: int = 4
) -> Iterator[Any]:
    """Yield payloads that must be illegal for `seat` now: junk and mutants of legal actions."""
    legal = engine.legal_actions(state, seat)
    yield from _JUNK_PAYLOADS
    secrets = sorted(engine.secret_tokens(state, seat))[:max_tokens]
    types_seen = sorted({action["type"] for action in legal})
    for kind in types_seen:
        yield {"type": kind.upper() + "!"}
        yield {"type": kind, "junk": 1}
    # Mutate a spread of the legal actions (first, last and some between), not all of them.
    step = max(1, len(legal) // max_actions)
    for action in [*legal[::step][: max_actions - 1], *legal[-1:]]:
        yield {**action, "junk": "extra"}
        yield {**action, "type": action["type"] + "x"}
        for key, value in action.items():
            if key == "type":
                continue
            yield {k: v for k, v in action.items() if k != key}
            for wrong in _WRONG_VALUES:
                yield {**action, key: wrong}
            if isinstance(value, str):
                yield {**action, key: value + " "}
                yield {**action, key: value * 2}
                yield {**action, key: value.swapcase()}
                for token in secrets:
                    yield {**action, key: token}
            elif isinstance(value, int) and not isinstance(value, bool):
                yield {**action, key: str(value)}
                yield {**action, key: float(value)}
                yield {**action, key: value + 10**6}


def assert_rejects_bad_payloads(engine: Game[Any], state: Any, players: int) -> int:
    """Every bad payload and every out-of-turn or malformed seat is rejected; return the count."""
    before = canonical(engine.dump(state))
    checked = 0
    seats = engine.to_move(state)
    for seat in sorted(seats):
        secrets = Hidden.of(engine.secret_tokens(state, seat))
        legal = {canonical(action) for action in engine.legal_actions(state, seat)}
        actions = engine.legal_actions(state, seat)
        for payload in bad_payloads(engine, state, seat):
            # Python equality first (cheap), then JSON text, which tells True from 1.
            if _maybe_legal(payload) and payload in actions and canonical(payload) in legal:
                continue
            _expect_illegal(engine, state, seat, payload, secrets)
            checked += 1
    some_action = _any_legal_action(engine, state)
    if some_action is not None:
        secrets = Hidden.of(engine.secret_tokens(state, None))
        wrong_seats: list[Any] = [s for s in range(players) if s not in seats]
        wrong_seats += [-1, players, 10**9, None, "0", 0.0, True, [0]]
        for seat in wrong_seats:
            _expect_illegal(engine, state, seat, some_action, secrets)
            checked += 1
    assert canonical(engine.dump(state)) == before, "a rejected action changed the state"
    return checked


def _maybe_legal(payload: Any) -> bool:
    """Return False for payloads that can never be legal (cheap pre-check before JSON)."""
    if not isinstance(payload, dict) or not all(isinstance(key, str) for key in payload):
        return False
    return not any(value is HUGE for value in payload.values())


def _any_legal_action(engine: Game[Any], state: Any) -> Action | None:
    for seat in sorted(engine.to_move(state)):
        actions = engine.legal_actions(state, seat)
        if actions:
            return actions[0]
    return None


def assert_apply_does_not_mutate(engine: Game[Any], state: Any, seat: int, action: Action) -> Any:
    """Apply `action`; the input state and the action dict must be unchanged. Return the result."""
    before, action_before = canonical(engine.dump(state)), canonical(action)
    after = engine.apply(state, seat, action)
    assert canonical(engine.dump(state)) == before, "apply mutated its input state"
    assert canonical(action) == action_before, "apply mutated the action"
    return after


def assert_legal_actions_accepted(engine: Game[Any], state: Any) -> int:
    """Every listed legal action is plain JSON, unique, and accepted; return the count."""
    count = 0
    for seat in sorted(engine.to_move(state)):
        actions = engine.legal_actions(state, seat)
        assert actions, f"seat {seat} is to move but has no legal action"
        texts = [canonical(action) for action in actions]
        assert len(set(texts)) == len(texts), "legal_actions lists an action twice"
        assert engine.legal_actions(state, seat) == actions, "legal_actions is not stable"
        for action in actions:
            assert_plain_json(action, "action")
            assert isinstance(action.get("type"), str), "an action needs a string type"
            assert json.loads(canonical(action)) == action
            assert_apply_does_not_mutate(engine, state, seat, action)
            count += 1
    return count


def assert_no_leaks(engine: Game[Any], state: Any, players: int) -> None:
    """No view holds a token its viewer may not see; every view is plain JSON."""
    for viewer in [None, *range(players)]:
        view = engine.view(state, viewer)
        try:
            text = json.dumps(view, allow_nan=False)
        except (TypeError, ValueError) as error:
            raise AssertionError(f"view({viewer}) is not plain JSON: {error}") from None
        assert json.loads(text) == view, f"view({viewer}) is not plain JSON (tuple? set?)"
        tokens = engine.secret_tokens(state, viewer)
        for token in tokens:
            assert isinstance(token, str) and len(token) >= 4, f"token {token!r} too plain"
        shown = Hidden.of(tokens).found_in(text)
        assert not shown, f"view for {viewer} shows the hidden {sorted(shown)}"


def assert_describe_hides_secrets(
    engine: Game[Any], before: Any, after: Any, seat: int, action: Action, players: int
) -> None:
    """Each viewer's log line for `action` names nothing that viewer may not see afterwards."""
    for viewer in [None, *range(players)]:
        line = engine.describe(before, after, seat, action, viewer)
        assert isinstance(line, str) and line.strip(), "describe() must give a line"
        shown = Hidden.of(engine.secret_tokens(after, viewer)).found_in(line)
        assert not shown, f"describe() for {viewer} reveals {sorted(shown)}"


def assert_turn_invariants(engine: Game[Any], state: Any, players: int) -> None:
    """While running someone is to move and can act; when over nobody is and there is an Outcome."""
    seats = engine.to_move(state)
    assert isinstance(seats, frozenset)
    outcome = engine.outcome(state)
    assert all(isinstance(s, int) and 0 <= s < players for s in seats)
    if outcome is None:
        assert seats, "a running game must have a seat to move"
        for seat in seats:
            assert engine.legal_actions(state, seat), f"seat {seat} to move has no legal action"
            timeout = engine.timeout_action(state, seat)
            legal = engine.legal_actions(state, seat)
            assert timeout in legal, f"timeout_action {timeout!r} is not legal"
            assert canonical(timeout) in {canonical(a) for a in legal if a == timeout}
        for seat in range(players):
            if seat not in seats:
                assert engine.legal_actions(state, seat) == [], "only seats to move may act"
    else:
        assert not seats, "nobody moves once the game is over"
        # The contract: ties share, tie-breaks applied; each game's tests pin which.
        assert_valid_outcome(outcome, players, ties_share=False)


def assert_valid_outcome(outcome: Outcome, players: int, *, ties_share: bool = True) -> None:
    """Scores and places fit: a higher score never gets a worse place; equal scores share a
    place when `ties_share` (an engine whose rules break ties may split them)."""
    assert isinstance(outcome, Outcome)
    assert len(outcome.scores) == len(outcome.places) == players
    assert all(isinstance(s, int) and not isinstance(s, bool) for s in outcome.scores)
    assert min(outcome.places) == 1
    assert_plain_json(dict(outcome.details), "outcome.details")
    for i, j in itertools.permutations(range(players), 2):
        if outcome.scores[i] > outcome.scores[j]:
            assert outcome.places[i] < outcome.places[j], "a higher score must place better"
        if ties_share and outcome.scores[i] == outcome.scores[j]:
            assert outcome.places[i] == outcome.places[j], "equal scores share a place"
    for place in outcome.places:
        # Competition ranking: a place is one more than the number of better places.
        assert place == 1 + sum(1 for other in outcome.places if other < place)


@dataclass
class KitReport:
    """What a kit run covered."""

    games: int = 0
    steps: int = 0
    deep_states: int = 0
    legal_checked: int = 0
    bad_checked: int = 0
    finished_scores: list[tuple[int, ...]] = field(default_factory=list)


def check_playout(playout: Playout, report: KitReport, *, deep_every: int) -> None:
    """Run every check over one random game (deep checks on every `deep_every`-th state)."""
    engine, players = playout.engine, playout.players
    last = len(playout.states) - 1
    for index, state in enumerate(playout.states):
        assert_turn_invariants(engine, state, players)
        if index < last:
            seat, action = playout.log[index]
            after = playout.states[index + 1]
            assert_describe_hides_secrets(engine, state, after, seat, action, players)
        if index % deep_every == 0 or index == last:
            report.deep_states += 1
            assert_json_round_trip(engine, state)
            assert_no_leaks(engine, state, players)
            report.legal_checked += assert_legal_actions_accepted(engine, state)
            report.bad_checked += assert_rejects_bad_payloads(engine, state, players)
    final = playout.final
    assert_load_rejects_garbage(engine, playout.states[len(playout.states) // 2])
    outcome = engine.outcome(final)
    assert outcome is not None
    report.finished_scores.append(outcome.scores)
    # After the end, any earlier action is refused.
    for seat, action in playout.log[-3:]:
        assert_rejected(engine, final, seat, action)
    # Replay from the log reproduces the final state (and thus every stored snapshot).
    rebuilt = replay(
        engine, players=players, seed=playout.seed, options=playout.options, log=playout.log
    )
    assert rebuilt == final, "setup + move log does not replay to the stored state"
    assert canonical(engine.dump(rebuilt)) == canonical(engine.dump(final))
    report.games += 1
    report.steps += len(playout.log)


def run_kit(
    engine: Game[Any],
    *,
    seeds: Iterable[int],
    players: Sequence[int] | None = None,
    options: Sequence[Mapping[str, Any]] | None = None,
    games: Sequence[tuple[int, Mapping[str, Any]]] | None = None,
    deep_every: int = 1,
    max_steps: int = DEFAULT_MAX_STEPS,
) -> KitReport:
    """Run the whole kit over seeds x player counts x option variants; return the coverage.

    `games`, pairs of a player count and options, replaces the cross product of `players`
    and `options`. Each seed also checks determinism: the same seed and picks play the
    same game twice.
    """
    if games is None:
        counts = list(players or range(engine.min_players, engine.max_players + 1))
        variants = list(options) if options is not None else option_variants(engine)
        games = [(count, variant) for count in counts for variant in variants]
    report = KitReport()
    assert_load_rejects_garbage(engine)
    for seed in seeds:
        for count, variant in games:
            cleaned = engine.validate_options(variant)
            playout = random_playout(
                engine, seed=seed, players=count, options=cleaned, max_steps=max_steps
            )
            again = random_playout(
                engine, seed=seed, players=count, options=cleaned, max_steps=max_steps
            )
            assert again.log == playout.log and again.final == playout.final, (
                f"{engine.slug} seed {seed}: same seed, different game"
            )
            check_playout(playout, report, deep_every=deep_every)
    return report
