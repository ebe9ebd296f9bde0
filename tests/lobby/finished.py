"""A finished two-player game made quickly: played in the engine, written as the move flow does."""

from __future__ import annotations

import random
from typing import Any

from django.utils import timezone

from games.registry import get_engine
from lobby.models import Move, Table
from lobby.services import seat_join, table_create
from lobby.services.moves import state_settle

MAX_MOVES = 5000


def finished_table(creator: Any, other: Any, *, game: str = "lost_cities", seed: int = 5) -> Table:
    """Return a table of `game` that `creator` (seat 0) and `other` (seat 1) played out.

    The heuristic bot chooses both seats' actions in the engine (one round of Lost
    Cities); the log lines are the engine's, per viewer, as `move_record` writes them, and
    the end goes through `state_settle`, as after a real last move. Much faster than
    playing move by move through the move flow.
    """
    options = {"rounds": 1} if game == "lost_cities" else {}
    table = table_create(user=creator, game=game, players=2, options=options)
    seat_join(code=table.code, user=other)
    table.refresh_from_db()
    engine = get_engine(game)
    bots = get_engine(game).bots
    bot = bots.get("heuristic") or bots["random"]
    assert table.state is not None
    state = engine.load(table.state)
    rng = random.Random(seed)
    moves: list[Move] = []
    while engine.outcome(state) is None and len(moves) < MAX_MOVES:
        n = len(moves) + 1
        seats = sorted(engine.to_move(state))
        if not seats:  # a timed round nobody acts in any more: the clock ends it
            phase = engine.timed_phase(state)
            assert phase is not None
            texts = {"spectator": "Time is up for this round."}
            action = {"phase": phase[0]}
            moves.append(Move(table=table, n=n, kind=Move.Kind.TIME_UP, action=action, texts=texts))
            state = engine.time_up(state, phase[0])
            continue
        seat = rng.choice(seats)
        action = bot.choose(engine, state, seat, rng)
        after = engine.apply(state, seat, action)
        texts = {"spectator": engine.describe(state, after, seat, action, None)}
        for viewer in range(table.players):
            texts[str(viewer)] = engine.describe(state, after, seat, action, viewer)
        moves.append(Move(table=table, n=n, seat=seat, action=action, texts=texts))
        state = after
    assert engine.outcome(state) is not None, f"{game}: no end in {MAX_MOVES} moves"
    Move.objects.bulk_create(moves)
    table.move_count = len(moves)
    table.version += len(moves)
    table.state = engine.dump(state)
    seats = list(table.seats.select_related("user").order_by("position"))
    state_settle(
        table=table, seats=seats, engine=engine, state=state, acted=None, now=timezone.now()
    )
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    return table
