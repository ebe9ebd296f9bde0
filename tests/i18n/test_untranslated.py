"""Every word a player reads, in German, Dutch and Italian: nothing left in English.

Seeded games of every engine are played through the platform (`move_submit`), and at
intervals every board is drawn for each seat and for a spectator in each language, with
every translation marked (tests/i18n/marking.py): the log, the prompts, the cards. At the
same states, wrong actions are sent to the engine and its refusals are said in each
language. The test fails on any message the catalogue does not translate (missing, empty
or fuzzy) and on any words shown outside a translation (an English sentence built in
code), and lists what it found.
"""

from __future__ import annotations

import ast
import random
from typing import Any

import pytest
from django.conf import settings

from games.engine import IllegalAction
from games.registry import get_engine
from games.words import say
from lobby.models import Table
from lobby.rendering import board_html
from lobby.services import move_submit, seat_join, table_create
from tests.factories import UserFactory
from tests.i18n.marking import Findings, marking

pytestmark = pytest.mark.django_db

LANGUAGES = [code for code, _name in settings.LANGUAGES if code != "en"]
GAMES = ["lost_cities", "relative_space", "reworld", "mondo", "terraforming_mars"]
#: Moves per seeded game at most, and how often the boards are drawn.
MOVES = {"terraforming_mars": 260}
DEFAULT_MOVES = 400
SAMPLE_EVERY = 9
SEEDS = (3, 8)
#: Terraforming Mars with other options, one seeded game each (players, options).
TM_VARIANTS = {
    "hellas": (2, {"map": "hellas"}),
    "elysium": (2, {"map": "elysium"}),
    "vastitas_borealis": (2, {"map": "vastitas_borealis"}),
    "draft_3_players": (3, {"draft": True}),
    "solo": (1, {}),
}


def _wrong_actions(engine: Any, state: Any, seat: int, rng: random.Random) -> list[Any]:
    """Actions near the legal ones with one value changed: the engine must refuse most."""
    legal = engine.legal_actions(state, seat)
    values = sorted({repr(v) for action in legal for v in action.values()})
    wrong = []
    for action in rng.sample(legal, min(4, len(legal))):
        for key in action:
            if key == "type":
                continue
            others = [ast.literal_eval(v) for v in rng.sample(values, min(3, len(values)))]
            wrong.extend({**action, key: value} for value in (None, -1, 999, "zz", *others))
    wrong.append({"type": "no-such-action"})
    return wrong


def _play(
    game: str, seed: int, players: int = 2, options: dict[str, Any] | None = None
) -> list[tuple[Table, list[Any], str]]:
    """Play a seeded game; return snapshots (table copy, users, label) to draw later."""
    engine = get_engine(game)
    names = ("ann", "ben", "cid", "dee", "eve")[:players]
    users = [UserFactory(username=f"{game[:6]}{seed}{x}") for x in names]
    table = table_create(
        user=users[0],
        game=game,
        players=players,
        options=options or {},
        mode=Table.Mode.LIVE,
        time_control={"base_seconds": 3600, "increment_seconds": 0},
    )
    for user in users[1:]:
        seat_join(code=table.code, user=user)
    rng = random.Random(seed)
    snapshots = []
    for n in range(MOVES.get(game, DEFAULT_MOVES)):
        table.refresh_from_db()
        if table.status != Table.Status.ACTIVE:
            break
        state = engine.load(table.state)
        seat = rng.choice(sorted(engine.to_move(state)))
        action = rng.choice(engine.legal_actions(state, seat))
        if n % SAMPLE_EVERY == 0:
            snapshots.append(
                (Table.objects.get(pk=table.pk), users, f"{game} seed {seed} move {n}")
            )
        move_submit(code=table.code, user=users[seat], action=action, seen_version=table.version)
    table.refresh_from_db()
    snapshots.append((table, users, f"{game} seed {seed} end ({table.status})"))
    return snapshots


@pytest.mark.long
@pytest.mark.parametrize("game", GAMES)
def test_boards_logs_prompts_and_refusals_are_all_translated(game: str, monkeypatch) -> None:
    snapshots = [shot for seed in SEEDS for shot in _play(game, seed)]
    failures = _untranslated(game, snapshots, monkeypatch)
    assert not failures, "\n".join(failures)


@pytest.mark.long
@pytest.mark.parametrize("variant", TM_VARIANTS)
def test_terraforming_mars_with_other_options_is_all_translated(variant: str, monkeypatch) -> None:
    players, options = TM_VARIANTS[variant]
    snapshots = _play("terraforming_mars", SEEDS[0], players, options)
    failures = _untranslated(f"terraforming_mars ({variant})", snapshots, monkeypatch)
    assert not failures, "\n".join(failures)


def _untranslated(
    game: str, snapshots: list[tuple[Table, list[Any], str]], monkeypatch: Any
) -> list[str]:
    """Draw every snapshot and say the refusals in each language; return what is English."""
    engine = get_engine(game.split(" ")[0])
    failures = []
    for lang in LANGUAGES:
        findings = Findings()
        with marking(lang, findings, monkeypatch):
            for table, users, label in snapshots:
                findings.allowed = {u.username for u in users} | {str(table.code)}
                for viewer in (*users, None):
                    findings.where = f"{label}, {viewer or 'spectator'}"
                    findings.read_html(board_html(table, viewer))
                if table.status != Table.Status.ACTIVE:
                    continue
                state = engine.load(table.state)
                rng = random.Random(label)
                findings.where = f"{label}, refusals"
                for seat in sorted(engine.to_move(state)):
                    for action in _wrong_actions(engine, state, seat, rng):
                        try:
                            engine.apply(state, seat, action)
                        except IllegalAction as refusal:
                            findings.read_text(say(refusal.message))
                        except (KeyError, TypeError, ValueError):
                            pass
        if not findings.clean:
            failures.append(f"--- {game} in {lang}:\n{findings.report()}")
    return failures
