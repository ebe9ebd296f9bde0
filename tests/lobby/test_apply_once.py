"""Every move the platform records was applied by the engine exactly once.

For every registered game, a player's moves (move_submit), a bot's (bot_play) and the
clock's (seat_timeout) go through the real services while `Game.apply` is counted. Bots,
`timeout_action` and `legal_actions` may try actions with apply for their own choice;
those calls are not the move path, so the count pauses inside them, and an apply that
apply itself makes (a legality check inside an engine) is part of the one outer call.
What is left is what the platform and `describe` do with the chosen move: exactly one
apply, for exactly the (seat, action) that the log then holds.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from games.engine import Action, Game
from games.registry import engines, get_engine
from lobby.models import Move, Seat, Table
from lobby.services import bot_play, move_submit, seat_add_bot, seat_timeout, table_create
from lobby.services.timers import phase_time_up

SLUGS = [engine.slug for engine in engines()]

#: Enough steps to see two player moves, a bot's turn and a timeout in any of the games.
MAX_STEPS = 80


class ApplyCount:
    """The (seat, action) of each outermost apply made while counting and not paused."""

    def __init__(self) -> None:
        self.calls: list[tuple[int, Action]] = []
        self.counting = False
        self.paused = 0
        self.depth = 0

    @contextmanager
    def on(self) -> Iterator[list[tuple[int, Action]]]:
        self.calls, self.counting = [], True
        try:
            yield self.calls
        finally:
            self.counting = False

    def pausing(self, function: Callable[..., Any]) -> Callable[..., Any]:
        def paused(*args: Any, **kwargs: Any) -> Any:
            self.paused += 1
            try:
                return function(*args, **kwargs)
            finally:
                self.paused -= 1

        return paused


class PausedBot:
    """A bot whose own thinking (which may try moves with apply) is not counted."""

    def __init__(self, bot: Any, count: ApplyCount) -> None:
        self.name = bot.name
        self.choose = count.pausing(bot.choose)


@pytest.fixture
def count(monkeypatch: pytest.MonkeyPatch) -> Callable[[Game[Any]], ApplyCount]:
    def counting(engine: Game[Any]) -> ApplyCount:
        tally = ApplyCount()
        cls = type(engine)
        real_apply = cls.apply

        def apply(self: Game[Any], state: Any, seat: int, action: Action) -> Any:
            if tally.counting and not tally.paused and not tally.depth:
                tally.calls.append((seat, action))
            tally.depth += 1
            try:
                return real_apply(self, state, seat, action)
            finally:
                tally.depth -= 1

        monkeypatch.setattr(cls, "apply", apply)
        for name in ("timeout_action", "legal_actions"):
            monkeypatch.setattr(cls, name, tally.pausing(getattr(cls, name)))
        bots = {kind: PausedBot(bot, tally) for kind, bot in cls.bots.items()}
        monkeypatch.setattr(cls, "bots", bots)
        return tally

    return counting


def logged(table: Table, after: int) -> list[tuple[int | None, Action, bool]]:
    """Return (seat, action, by_timeout) of the seats' moves logged after move `after`."""
    rows = table.moves.filter(n__gt=after, kind=Move.Kind.ACTION).order_by("n")
    return [(m.seat, m.action, m.by_timeout) for m in rows]


@pytest.mark.django_db
@pytest.mark.parametrize("slug", SLUGS)
def test_each_recorded_move_is_applied_exactly_once(slug, alice, count):
    engine = get_engine(slug)
    kind = "heuristic" if "heuristic" in engine.bots else "random"
    options = {"rounds": 1} if slug == "lost_cities" else {}
    table = table_create(user=alice, game=slug, players=2, options=options)
    seat_add_bot(code=table.code, user=alice, kind=kind)
    tally = count(engine)
    rng = random.Random(slug)
    seen = {"player": 0, "bot": 0, "timeout": 0}
    for _step in range(MAX_STEPS):
        if seen["player"] >= 2 and seen["bot"] and seen["timeout"]:
            break
        table.refresh_from_db()
        assert table.status == Table.Status.ACTIVE, f"{slug}: the game ended first"
        state = engine.load(table.state)
        mine = table.seats.get(user=alice)
        bot = table.seats.exclude(pk=mine.pk).get()
        to_move = engine.to_move(state)
        mover = mine.position in to_move
        if bot.position in to_move and (not seen["bot"] or not mover):
            path = "bot"
        elif mover:
            path = "timeout" if seen["player"] >= 2 and not seen["timeout"] else "player"
        else:  # a timed round that nobody acts in any more: the clock ends it
            assert table.phase_deadline is not None
            phase_time_up(table_id=table.id, phase_key=table.phase_key, now=table.phase_deadline)
            continue
        before = table.move_count
        if path == "player":
            action = rng.choice(engine.legal_actions(state, mine.position))
            with tally.on() as calls:
                move_submit(code=table.code, user=alice, action=action, seen_version=None)
        elif path == "bot":
            with tally.on() as calls:
                assert bot_play(table_id=table.id, version=table.version)
        else:
            deadline = timezone.now() - timedelta(seconds=1)
            Seat.objects.filter(pk=mine.pk).update(deadline=deadline)
            with tally.on() as calls:
                assert seat_timeout(seat_id=mine.pk, deadline=deadline)
        moves = logged(table, before)
        assert moves, f"{slug}: the {path} path recorded no move"
        assert all(by_timeout == (path == "timeout") for _seat, _action, by_timeout in moves)
        assert calls == [(seat, action) for seat, action, _by_timeout in moves], (
            f"{slug}: the {path} path applied {len(calls)} times for {len(moves)} recorded moves"
        )
        seen[path] += 1
    assert seen["player"] >= 2 and seen["bot"] and seen["timeout"], (slug, seen)
