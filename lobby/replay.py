"""Replays of finished games: the state after any move, without replaying the whole log.

The first request for a table replays its log once and keeps every `CHECKPOINT_EVERY`-th
state (dumped) in the cache, keyed by table and version. A step then loads the nearest
checkpoint at or before it and applies at most `CHECKPOINT_EVERY - 1` moves from the log.
"""

from __future__ import annotations

import logging
from typing import Any

from django.core.cache import cache

from games.engine import Action, Game
from games.verify import replay_step
from lobby.models import Move, Table

logger = logging.getLogger(__name__)

#: A checkpoint every this many moves: a step costs one load and at most 19 applies.
CHECKPOINT_EVERY = 20
#: A finished table never changes, but nobody replays it for long.
CACHE_SECONDS = 3600


def _apply(engine: Game[Any], state: Any, kind: str, seat: int | None, action: Action) -> Any:
    # The step a verification replays too (games.verify), so the two cannot disagree.
    return replay_step(engine, state, kind, seat, action)


def _key(table: Table) -> str:
    return f"replay:{table.code}:{table.version}:{CHECKPOINT_EVERY}"


def replay_checkpoints(*, engine: Game[Any], table: Table) -> list[dict[str, Any]]:
    """Return the dumped states after moves 0, 20, 40, … (from the cache when there)."""
    key = _key(table)
    try:
        cached: list[dict[str, Any]] | None = cache.get(key)
    except Exception:  # the cache (Redis) is down: replay, as without a cache
        logger.warning("replay cache unreachable: replaying without it", exc_info=True)
        cached = None
    if cached is not None:
        return cached
    state = engine.setup(players=table.players, seed=table.seed, options=table.options)
    checkpoints = [engine.dump(state)]
    log = table.moves.order_by("n").values_list("n", "kind", "seat", "action")
    for n, kind, seat, action in log:
        state = _apply(engine, state, kind, seat, action)
        if n % CHECKPOINT_EVERY == 0:
            checkpoints.append(engine.dump(state))
    try:
        cache.set(key, checkpoints, CACHE_SECONDS)
    except Exception:
        logger.warning("replay cache unreachable: checkpoints not kept", exc_info=True)
    return checkpoints


def replay_frame(*, engine: Game[Any], table: Table, n: int) -> tuple[Any, Move | None]:
    """Return the state after move `n` and that move (None at the start).

    1. Load the checkpoint at or before `n`.
    2. Read the moves from the checkpoint through `n` (one query) and apply them.
    """
    checkpoints = replay_checkpoints(engine=engine, table=table)
    index = min(n // CHECKPOINT_EVERY, len(checkpoints) - 1)
    start = index * CHECKPOINT_EVERY
    state = engine.load(checkpoints[index])
    if n == 0:
        return state, None
    # From `start` itself when n is a checkpoint: its move is shown, not applied.
    moves = list(table.moves.filter(n__gte=max(start, 1), n__lte=n).order_by("n"))
    for move in moves:
        if move.n > start:
            state = _apply(engine, state, move.kind, move.seat, move.action)
    return state, (moves[-1] if moves else None)
