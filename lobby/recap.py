""" "Since your last move": what the other players did while an asynchronous table waited.

Opening an asynchronous table on your turn shows, above the board, the other players'
moves since your last one, as the log words your seat may read (`Move.texts`: never
another seat's hidden cards), grouped per player, and marks the board regions those
moves changed. "My games" gives the same as one line per table (`recap_lines`).

The changed regions are found by drawing the board twice for the viewer: as it was
after their last move (a replay of the log from the seed) and as it is now, both with
the turn's prompts neutralised (`_neutral`), and comparing region by region (regions:
lobby.templatetags.regions). Only the game's own regions count: seats, status, clocks
and the log change every turn and say nothing about the board.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.core.cache import cache
from django.db.models import F, OuterRef, Subquery
from django.template.loader import render_to_string
from django.utils.translation import gettext, ngettext

from games.engine import Game
from games.registry import get_engine
from lobby.models import Move, Seat, Table
from lobby.selectors import seat_for
from lobby.templatetags.regions import COLLECTOR

#: Regions of lobby/_board.html itself: they change with every turn, not with the board.
PLATFORM_REGIONS = frozenset({"error", "seats", "status", "version", "end", "actions", "log"})
#: View keys that say whose turn it is or what may be done now, not what lies on the table.
TURN_KEYS = frozenset(
    {"your_turn", "to_move", "playable", "legal", "highlight", "recent", "last_action", "prompt"}
)
logger = logging.getLogger(__name__)

#: How long the state after a player's move is kept for their next recap.
CACHE_SECONDS = 7 * 86400
#: At most this many of a player's moves are worded in the one-line summary of "My games".
LINE_MOVES = 3


@dataclass
class PlayerMoves:
    """One other player's moves since the viewer's last move, in the viewer's words."""

    position: int | None
    name: str
    texts: list[str] = field(default_factory=list)


@dataclass
class Recap:
    """What happened since the viewer's last move, and which board regions it changed."""

    players: list[PlayerMoves]
    count: int
    changed: frozenset[str]
    since: int  # the number of the viewer's last move


def wants_recap(table: Table, seat: Seat | None) -> bool:
    """Return whether the viewer of `seat` gets a recap: async, in play, their turn."""
    return (
        seat is not None
        and seat.counts_as_turn
        and table.mode == Table.Mode.ASYNC
        and table.status == Table.Status.ACTIVE
        and table.state is not None
    )


def _group(moves: Iterable[Move], seats: Sequence[Seat], position: int) -> list[PlayerMoves]:
    """Group the moves per acting seat, in the order they first moved, in `position`'s words."""
    names = {seat.position: seat.display_name for seat in seats}
    groups: dict[int | None, PlayerMoves] = {}
    for move in moves:
        if move.seat not in groups:
            name = names.get(move.seat, "") if move.seat is not None else ""
            groups[move.seat] = PlayerMoves(move.seat, name)
        groups[move.seat].texts.append(move.text_for(position))
    return list(groups.values())


def recap_get(table: Table, user: Any) -> Recap | None:
    """Return the recap of `table` for `user`, or None when there is none to show.

    1. Only on the viewer's turn at an asynchronous table in play, after a move of theirs.
    2. Read the log once; the moves after the viewer's last one are the recap.
    3. Replay the log up to that move, draw both boards, and compare their regions.
    """
    seat = seat_for(table, user)
    if not wants_recap(table, seat):
        return None
    assert seat is not None
    position = seat.position
    log = list(table.moves.order_by("n").only("table", "n", "kind", "seat", "action", "texts"))
    mine = [i for i, move in enumerate(log) if move.seat == position]
    if not mine:
        return None
    last = mine[-1]
    after = [move for move in log[last + 1 :] if move.seat != position]
    if not after:
        return None
    engine = get_engine(table.game)
    state = _state_after(engine, table, log[: last + 1])
    before = _region_digests(table, user, state)
    assert table.state is not None  # wants_recap: a game in play
    now = _region_digests(table, user, engine.load(table.state))
    changed = frozenset(name for name, digest in now.items() if before.get(name) != digest)
    seats = list(table.seats.all())
    return Recap(_group(after, seats, position), len(after), changed, log[last].n)


def _state_after(engine: Game[Any], table: Table, log: Sequence[Move]) -> Any:
    """Return the state after the last move of `log` (the whole log from move 1).

    Kept in the cache under that move's id: an undo that takes it back deletes the row,
    so a later move never reads a state it did not follow.
    """
    key = f"recap:{table.code}:{log[-1].id}"
    try:
        dumped: dict[str, Any] | None = cache.get(key)
    except Exception:  # the cache (Redis) is down: replay, as without a cache
        logger.warning("recap cache unreachable: replaying without it", exc_info=True)
        dumped = None
    if dumped is not None:
        return engine.load(dumped)
    state = engine.setup(players=table.players, seed=table.seed, options=table.options)
    for move in log:
        if move.kind == Move.Kind.TIME_UP:
            state = engine.time_up(state, move.action["phase"])
        else:
            assert move.seat is not None  # a seat's action names the seat
            state = engine.apply(state, move.seat, move.action)
    try:
        cache.set(key, engine.dump(state), CACHE_SECONDS)
    except Exception:
        logger.warning("recap cache unreachable: state not kept", exc_info=True)
    return state


def _neutral(value: Any) -> Any:
    """Return `value` with every turn key (TURN_KEYS, "…_action") emptied, at any depth."""
    if isinstance(value, dict):
        return {
            key: _emptied(item) if key in TURN_KEYS or key.endswith("_action") else _neutral(item)
            for key, item in value.items()
        }
    if isinstance(value, list):
        return [_neutral(item) for item in value]
    return value


def _emptied(value: Any) -> Any:
    if isinstance(value, bool):
        return False
    if isinstance(value, list | tuple | dict | set | frozenset):
        return type(value)()
    return None


def _region_digests(table: Table, user: Any, state: Any) -> dict[str, str]:
    """Draw the viewer's board of `state` as a replay frame; return each game region's digest."""
    from lobby.rendering import board_context

    context = board_context(table, user, moves=[], state=state)
    context["view"] = _neutral(context["view"])
    context["replay"] = True
    collector: dict[str, str] = {}
    context[COLLECTOR] = collector
    render_to_string("lobby/_board.html", context)
    return {
        name: hashlib.blake2b(element.encode(), digest_size=12).hexdigest()
        for name, element in collector.items()
        if name not in PLATFORM_REGIONS
    }


def recap_lines(tables: Sequence[Table], user: Any) -> None:
    """Set `recap_line` on each table: the summary of the moves since `user`'s last move.

    For "My games": only asynchronous tables where it is the user's turn get a line
    (the others get ""). One query for all the tables: the moves after the user's last
    move at each table, found by a subquery.
    """
    for table in tables:
        table.recap_line = ""
    wanted = {
        table.id: table
        for table in tables
        if wants_recap(table, seat_for(table, user)) and getattr(table, "my_turn", True)
    }
    if not wanted:
        return
    my_position = Seat.objects.filter(table_id=OuterRef(OuterRef("table_id")), user=user).values(
        "position"
    )[:1]
    my_last = (
        Move.objects.filter(table_id=OuterRef("table_id"), seat=Subquery(my_position))
        .order_by("-n")
        .values("n")[:1]
    )
    moves = (
        Move.objects.filter(table_id__in=wanted)
        .annotate(my_last=Subquery(my_last))
        .filter(n__gt=F("my_last"))
        .only("table_id", "n", "seat", "texts")
        .order_by("table_id", "n")
    )
    per_table: dict[int, list[Move]] = {}
    for move in moves:
        per_table.setdefault(move.table_id, []).append(move)
    for table_id, table_moves in per_table.items():
        table = wanted[table_id]
        seat = seat_for(table, user)
        assert seat is not None
        table.recap_line = recap_line(_group(table_moves, list(table.seats.all()), seat.position))


def recap_line(players: Sequence[PlayerMoves]) -> str:
    """Return "Anna: drew Blue 6, played Red 4 — 3 moves", in the active language."""
    parts = []
    count = 0
    for player in players:
        count += len(player.texts)
        words = ", ".join(player.texts[:LINE_MOVES])
        if len(player.texts) > LINE_MOVES:
            words = gettext("%(moves)s, …") % {"moves": words}
        if player.name:
            parts.append(gettext("%(name)s: %(moves)s") % {"name": player.name, "moves": words})
        else:
            parts.append(words)
    total = ngettext("%(n)s move", "%(n)s moves", count) % {"n": count}
    return gettext("%(summary)s — %(total)s") % {"summary": "; ".join(parts), "total": total}
