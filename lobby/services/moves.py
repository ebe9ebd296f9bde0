"""The move flow: lock the table, check seat, turn and version, apply, log, notify."""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterator, Mapping, Sequence
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.text import Truncator
from django.utils.translation import gettext as _

from games.bots import Bot
from games.engine import Action, Game, IllegalAction, Outcome
from games.registry import get_engine
from games.verify import final_places as final_places  # its home was here: kept importable
from games.verify import forfeit_result, game_result, replay
from games.words import Msg, encode, msg, say
from lobby import clocks, metrics, statements
from lobby.errors import BadRequest, Conflict, NotAllowed, NotFound
from lobby.models import Move, Seat, Table
from lobby.services.commit import table_commit


def locked_table(*, code: Any) -> tuple[Table, list[Seat]]:
    """Return the table (row-locked until the transaction ends) and its seats."""
    # One statement, its SQL written once (lobby.statements); the seats are attached as
    # prefetch_related would attach them: `table.seats.all()` answers from this list, so
    # the caller's changes to these seats are what a render sees.
    table = statements.table_with_seats(code, lock=True)
    if table is None:
        raise NotFound(_("There is no such table."))
    seats = list(table.seats.all())
    # What the log was before this transaction's moves (lobby.pushes.RecentMoves).
    table.version_read = table.version
    table.moves_appended = []
    return table, seats


def seat_of(seats: Sequence[Seat], user: Any) -> Seat | None:
    """Return the user's seat among `seats`, or None."""
    if user is None or not user.is_authenticated:
        return None
    return next((seat for seat in seats if seat.user_id == user.id), None)


@transaction.atomic
def move_submit(*, code: Any, user: Any, action: Action, seen_version: int | None) -> Table:
    """Apply a player's action to the table, or raise a LobbyError and change nothing.

    1. Lock the table row: two tabs or two players can submit at once.
    2. Check membership, status, the version the player saw, and the turn.
    3. Apply through the engine, append the Move, store the snapshot, bump the version.
    4. On commit: ring the table's sockets, start timers, let a bot play if one is to move.
    """
    table, seats = locked_table(code=code)
    seat = seat_of(seats, user)
    if seat is None:
        if not table.is_public:
            # A private table is not revealed to strangers.
            raise NotFound(_("There is no such table."))
        raise NotAllowed(_("You are not seated at this table."))
    if table.status != Table.Status.ACTIVE:
        raise Conflict(_("This game is not in play, so no move can be made."))
    if seat.abandoned:
        raise Conflict(_("You are out of this game: a bot plays your seat."))
    engine = get_engine(table.game)
    if seen_version is not None and seen_version != table.version and not engine.simultaneous:
        raise Conflict(
            _("The table has moved on since you looked. Here is the board as it is now.")
        )
    assert table.state is not None  # a game in play has its state
    state = engine.load(table.state)
    if seat.position not in engine.to_move(state) and not aside_kind(
        engine, state, seat.position, action
    ):
        raise Conflict(_("It is not your turn."))
    if action == UNDO:
        move_undo(table=table, seats=seats, engine=engine, state=state, seat=seat)
        return table
    try:
        move_play(
            table=table, seats=seats, engine=engine, state=state, seat=seat.position, action=action
        )
    except IllegalAction as error:
        # The engine's sentence, said in the language of whoever asked.
        raise BadRequest(say(error.message)) from None
    return table


def aside_kind(engine: Game[Any], state: Any, seat: int, action: Any) -> bool:
    """Return whether `action` is of a kind `seat` may send while not to move.

    Only the engine's aside actions (Game.aside_actions, "pass in advance") are; the engine
    then judges the payload, so a malformed or forged one is refused with its words (400),
    and any other action off turn keeps the usual "It is not your turn." (409).
    """
    if not isinstance(action, dict) or action == UNDO:
        return False
    kinds = {aside["type"] for aside in engine.aside_actions(state, seat)}
    return action.get("type") in kinds


#: The platform's own action: take back moves (the engine says how many, Game.undo_steps).
UNDO: Action = {"type": "undo"}


def move_undo(
    *, table: Table, seats: Sequence[Seat], engine: Game[Any], state: Any, seat: Seat
) -> None:
    """Take back the seat's latest moves by replaying the rest of the log from the seed.

    The engine decides how many moves may go (none past a reveal, another seat's decision
    or the start of the turn); they must all be this seat's own actions. The moves leave
    the log, every board is told, and the version moves on, so a stale click is refused.
    """
    count = engine.undo_steps(state, seat.position)
    if count <= 0:
        raise Conflict(_("There is nothing you can take back now."))
    last = list(table.moves.order_by("-n")[:count])
    if len(last) < count or any(
        move.kind != Move.Kind.ACTION or move.seat != seat.position for move in last
    ):
        raise Conflict(_("There is nothing you can take back now."))
    Move.objects.filter(pk__in=[move.pk for move in last]).delete()
    table.move_count -= count
    table.version += 1
    after = replay_state(engine=engine, table=table)
    table.state = engine.dump(after)
    state_settle(
        table=table, seats=seats, engine=engine, state=after, acted=None, now=timezone.now()
    )


def move_play(
    *,
    table: Table,
    seats: Sequence[Seat],
    engine: Game[Any],
    state: Any,
    seat: int,
    action: Action,
    by_timeout: bool = False,
    now: datetime | None = None,
) -> Any:
    """Play `seat`'s `action` on the table and return the state after it.

    The one step of every seat's move (a player's, a bot's, the clock's): the engine
    applies the action exactly once, and `move_record` logs it with the state that apply
    returned. Raises IllegalAction before anything is written.
    """
    after = engine.apply(state, seat, action)
    move_record(
        table=table,
        seats=seats,
        engine=engine,
        before=state,
        after=after,
        seat=seat,
        action=action,
        by_timeout=by_timeout,
        now=now,
    )
    # Counted once the move is committed: a rolled-back move was never made.
    game = table.game
    transaction.on_commit(lambda: metrics.move_counted(game))
    return after


def move_record(
    *,
    table: Table,
    seats: Sequence[Seat],
    engine: Game[Any],
    before: Any,
    after: Any,
    seat: int | None,
    action: Action,
    kind: str = Move.Kind.ACTION,
    by_timeout: bool = False,
    now: datetime | None = None,
) -> None:
    """Append the Move, store the new snapshot and version, run the clocks, schedule effects."""
    now = now or timezone.now()
    # Stored as message ids and arguments, said in each reader's language when read.
    texts: dict[str, Any] = {}
    if kind == Move.Kind.ACTION and seat is not None:
        texts["spectator"] = encode(engine.describe(before, after, seat, action, None))
        for other in seats:
            texts[str(other.position)] = encode(
                engine.describe(before, after, seat, action, other.position)
            )
    else:
        texts["spectator"] = encode(msg("Time is up for this round."))
    table.version += 1
    table.move_count += 1
    move = Move(
        table=table,
        n=table.move_count,
        kind=kind,
        seat=seat,
        action=action,
        texts=texts,
        by_timeout=by_timeout,
    )
    if hasattr(table, "moves_appended"):
        table.moves_appended.append(move)
    table.state = engine.dump(after)
    # The move's row is written with the seats and the table (lobby.services.commit).
    state_settle(
        table=table, seats=seats, engine=engine, state=after, acted=seat, now=now, insert=move
    )


def state_settle(
    *,
    table: Table,
    seats: Sequence[Seat],
    engine: Game[Any],
    state: Any,
    acted: int | None,
    now: datetime,
    insert: Move | None = None,
) -> None:
    """Bring seats, clocks, phase timer and status in line with `state`, then commit it
    (with `insert`, the move that brought it, written in the same go)."""
    outcome = engine.outcome(state)
    to_move = frozenset() if outcome is not None else engine.to_move(state)
    newly_to_move: list[Seat] = []
    for seat in seats:
        was, now_to_move = seat.is_to_move, seat.position in to_move
        if was and not now_to_move:
            clocks.turn_stop(table, seat, now, moved=seat.position == acted)
        if now_to_move and not was:
            clocks.turn_start(table, seat, now)
            newly_to_move.append(seat)
        seat.is_to_move = now_to_move
    phase = engine.timed_phase(state) if outcome is None else None
    phase_started = False
    if phase is None:
        table.phase_key, table.phase_deadline = "", None
    elif phase[0] != table.phase_key:
        table.phase_key = phase[0]
        table.phase_deadline = now + timedelta(seconds=phase[1])
        phase_started = True
    if outcome is not None:
        game_end(table=table, seats=seats, outcome=outcome, now=now)
    table_commit(
        table=table,
        seats=seats,
        newly_to_move=newly_to_move,
        phase_started=phase_started,
        insert=insert,
    )


def game_end(*, table: Table, seats: Sequence[Seat], outcome: Outcome, now: datetime) -> None:
    """Mark the table finished with the engine's scores; players who are out rank last."""
    out = {seat.position for seat in seats if seat.abandoned or seat.conceded}
    # The same function recomputes it when a finished game is verified (games.verify).
    table.result = game_result(outcome, out)
    places = table.result["places"]
    table.status = Table.Status.FINISHED
    table.finished_at = now
    turns_end(table=table, seats=seats, now=now)
    for seat in seats:
        seat.score = outcome.scores[seat.position]
        seat.place = places[seat.position]


def game_end_forfeit(*, table: Table, seats: Sequence[Seat], reason: Msg, now: datetime) -> None:
    """End the game early: every seat that is out ranks last, the others share first place.

    `reason` is kept as a sentence (said in each reader's language) and in English.
    The caller commits the change (`table_commit`).
    """
    out = {seat.position for seat in seats if seat.abandoned or seat.conceded}
    table.status = Table.Status.FINISHED
    table.finished_at = now
    table_end_reason(table, reason)
    turns_end(table=table, seats=seats, now=now)
    table.result = forfeit_result(len(seats), out)
    for seat in seats:
        seat.place = table.result["places"][seat.position]
    table.phase_key, table.phase_deadline = "", None


def table_end_reason(table: Table, reason: Msg) -> None:
    """Keep how the table ended: as a sentence for every reader, and in English."""
    max_length = Table._meta.get_field("end_reason").max_length
    assert max_length is not None  # the field declares one
    table.end_words = encode(reason)
    table.end_reason = Truncator(str(reason)).chars(max_length)


def turns_end(*, table: Table, seats: Sequence[Seat], now: datetime) -> None:
    """Stop every seat's turn clock (no time charged as a move): nobody is to move now."""
    for seat in seats:
        clocks.turn_stop(table, seat, now, moved=False)
        seat.is_to_move = False


@transaction.atomic
def bot_play(*, table_id: int, version: int) -> bool:
    """Play one action for each bot seat to move, if the table is still at `version`.

    Safe to run twice: a stale version or a finished table does nothing. Returns
    whether a move was made.
    """
    table = Table.objects.select_for_update().filter(id=table_id).first()
    if table is None or table.version != version or table.status != Table.Status.ACTIVE:
        return False
    seats = list(table.seats.select_related("user"))
    engine = get_engine(table.game)
    assert table.state is not None  # a game in play has its state
    state = engine.load(table.state)
    bots: Mapping[str, Bot] = engine.bots
    played = False
    for seat in seats:
        if not seat.is_bot or seat.position not in engine.to_move(state):
            continue
        bot = bots.get(seat.bot) or bots.get("random")
        if bot is None:
            action = engine.timeout_action(state, seat.position)
        else:
            # Seeded per table and version: a bot's choices are reproducible too.
            rng = random.Random(f"{table.seed}:{table.version}:{seat.position}")
            action = bot.choose(engine, state, seat.position, rng)
        state = move_play(
            table=table, seats=seats, engine=engine, state=state, seat=seat.position, action=action
        )
        played = True
        if table.status != Table.Status.ACTIVE:
            break
    return played


def replay_state(*, engine: Game[Any], table: Table) -> Any:
    """Return the state that setup plus the whole logged move list gives."""
    return deque(replay_iter(engine=engine, table=table), maxlen=1)[0]


def replay_states(*, engine: Game[Any], table: Table, upto: int | None = None) -> list[Any]:
    """Return the states from setup through each logged move (index n = after move n)."""
    return list(replay_iter(engine=engine, table=table, upto=upto))


def replay_iter(*, engine: Game[Any], table: Table, upto: int | None = None) -> Iterator[Any]:
    """Yield the state after setup, then after each logged move (through move `upto`)."""
    moves = table.moves.order_by("n")
    if upto is not None:
        moves = moves.filter(n__lte=upto)
    # The steps a verification replays too (games.verify), so the two cannot disagree.
    yield from replay(
        engine,
        players=table.players,
        seed=table.seed,
        options=table.options,
        log=moves.values_list("kind", "seat", "action").iterator(),
    )
