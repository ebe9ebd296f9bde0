"""Tables and seats: create, join, leave, seat a bot, start, concede."""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.engine import Game, OptionError
from games.registry import UnknownGame, get_engine
from games.verify import seed_commitment
from games.words import msg
from lobby import clocks, reputation
from lobby.errors import BadRequest, Conflict, NotAllowed
from lobby.models import Seat, Table
from lobby.services.commit import table_commit
from lobby.services.moves import (
    game_end_forfeit,
    locked_table,
    seat_of,
    state_settle,
    table_end_reason,
)


def new_seed() -> int:
    """A fresh table's seed: unpredictable, so no player can foresee the deck."""
    return secrets.randbits(62)


@transaction.atomic
def table_create(
    *,
    user: Any,
    game: str,
    players: int,
    options: Mapping[str, Any],
    mode: str = Table.Mode.ASYNC,
    rated: bool = True,
    visibility: str = Table.Visibility.PUBLIC,
    time_control: Mapping[str, int] | None = None,
    min_finish_rate: int | None = None,
) -> Table:
    """Open a table for `game` with validated options and seat its creator first.

    `time_control` holds move_seconds and bank_seconds (async) or base_seconds and
    increment_seconds (live); what it leaves out is the game's default for the mode.
    """
    try:
        engine = get_engine(game)
    except UnknownGame:
        raise BadRequest(_("There is no game called %(game)s.") % {"game": game}) from None
    if not engine.min_players <= players <= engine.max_players:
        raise BadRequest(
            _("%(game)s is played by %(min)d to %(max)d players.")
            % {"game": engine.name, "min": engine.min_players, "max": engine.max_players}
        )
    try:
        cleaned = engine.validate_options(options)
    except OptionError as error:
        raise BadRequest(str(error)) from None
    if mode not in Table.Mode.values or visibility not in Table.Visibility.values:
        raise BadRequest(_("Choose a valid mode and visibility."))
    if min_finish_rate is not None and min_finish_rate not in reputation.MINIMUM_CHOICES:
        raise BadRequest(_("Choose a minimum finish rate from the list."))
    table = Table.objects.create(
        game=engine.slug,
        options=cleaned,
        players=players,
        mode=mode,
        rated=rated,
        visibility=visibility,
        min_finish_rate=min_finish_rate,
        seed=new_seed(),
        created_by=user,
        **(_time_control(engine, mode, time_control) if not engine.simultaneous else {}),
    )
    Seat.objects.create(table=table, position=0, user=user)
    if players == 1:
        table_start_locked(table=table, seats=list(table.seats.all()))
    return table


def _time_control(engine: Game[Any], mode: str, raw: Mapping[str, int] | None) -> dict[str, Any]:
    """Return the clock fields of a new table, checked against the offered choices.

    What the player did not choose is the game's declared default (`Game.clock`).
    """
    control = {**clocks.time_control_defaults(engine, mode), **(raw or {})}
    if mode == Table.Mode.LIVE:
        minutes_ok = control["base_seconds"] in {m * 60 for m in clocks.LIVE_MINUTE_CHOICES}
        if not minutes_ok or control["increment_seconds"] not in clocks.LIVE_INCREMENT_CHOICES:
            raise BadRequest(_("Choose a time control from the list."))
        return {k: control[k] for k in ("base_seconds", "increment_seconds")}
    if (
        control["move_seconds"] not in clocks.ASYNC_MOVE_CHOICES
        or control["bank_seconds"] not in clocks.ASYNC_BANK_CHOICES
    ):
        raise BadRequest(_("Choose a time control from the list."))
    return {k: control[k] for k in ("move_seconds", "bank_seconds")}


def _free_position(table: Table, seats: Sequence[Seat]) -> int:
    taken = {seat.position for seat in seats}
    return next(p for p in range(table.players) if p not in taken)


def _check_open(table: Table) -> None:
    if table.status != Table.Status.OPEN:
        raise Conflict(_("This table has already started or is closed."))


@transaction.atomic
def seat_join(*, code: Any, user: Any, invited: bool = False) -> Table:
    """Seat `user` at an open table; start the game when the table is full."""
    table, seats = locked_table(code=code)
    _check_open(table)
    if seat_of(seats, user) is not None:
        raise Conflict(_("You are already seated at this table."))
    if not table.is_public and not invited:
        raise NotAllowed(_("This table is private: you need the invite link to join."))
    from accounts.services import join_refusal

    refusal = join_refusal(user=user, seated_user_ids=[s.user_id for s in seats if s.user_id])
    if refusal:
        raise NotAllowed(refusal)
    _check_finish_rate(table, user)
    if len(seats) >= table.players:
        raise Conflict(_("This table is full."))
    try:
        with transaction.atomic():
            seat = Seat.objects.create(
                table=table, position=_free_position(table, seats), user=user
            )
    except IntegrityError:
        raise Conflict(_("That seat was just taken. Try again.")) from None
    seats.append(seat)
    _after_seating(table, seats)
    return table


def _check_finish_rate(table: Table, user: Any) -> None:
    """Refuse a player whose finish rate is below the table's minimum (newcomers pass)."""
    if table.min_finish_rate is None:
        return
    mine = reputation.reputation_get(user=user)
    if mine.meets(table.min_finish_rate):
        return
    raise NotAllowed(
        _(
            "This table asks for a finish rate of at least %(minimum)s%%; yours is %(rate)s%%"
            " over your last %(games)s games."
        )
        % {"minimum": table.min_finish_rate, "rate": mine.rate, "games": mine.games}
    )


@transaction.atomic
def seat_add_bot(*, code: Any, user: Any, kind: str = Seat.Bot.HEURISTIC) -> Table:
    """Let the table's creator seat a bot in an empty seat."""
    table, seats = locked_table(code=code)
    _check_open(table)
    if table.created_by_id != user.id:
        raise NotAllowed(_("Only the table's creator can seat a bot."))
    if kind not in get_engine(table.game).bots or kind not in Seat.Bot.values:
        raise BadRequest(_("This game has no bot of that kind."))
    if len(seats) >= table.players:
        raise Conflict(_("This table is full."))
    seat = Seat.objects.create(table=table, position=_free_position(table, seats), bot=kind)
    seats.append(seat)
    _after_seating(table, seats)
    return table


def _after_seating(table: Table, seats: list[Seat]) -> None:
    table.version += 1
    if len(seats) == table.players:
        table_start_locked(table=table, seats=seats)
    else:
        table_commit(table=table, seats=seats)


@transaction.atomic
def seat_leave(*, code: Any, user: Any) -> Table:
    """Leave a table before it starts; the creator leaving cancels the table."""
    table, seats = locked_table(code=code)
    _check_open(table)
    seat = seat_of(seats, user)
    if seat is None:
        raise Conflict(_("You are not seated at this table."))
    if table.created_by_id == user.id:
        table.status = Table.Status.ABORTED
        table_end_reason(table, msg("The creator cancelled the table."))
        table.finished_at = timezone.now()
    else:
        seat.delete()
        seats.remove(seat)
    table.version += 1
    table_commit(table=table, seats=seats)
    return table


@transaction.atomic
def table_start(*, code: Any, user: Any) -> Table:
    """Let the creator start once the minimum number of players is seated."""
    table, seats = locked_table(code=code)
    _check_open(table)
    if table.created_by_id != user.id:
        raise NotAllowed(_("Only the table's creator can start the game."))
    engine = get_engine(table.game)
    if len(seats) < engine.min_players:
        raise Conflict(
            _("%(game)s needs at least %(min)d players.")
            % {"game": engine.name, "min": engine.min_players}
        )
    table_start_locked(table=table, seats=seats)
    return table


def table_start_locked(*, table: Table, seats: list[Seat]) -> None:
    """Deal the game for the seated players (positions made 0..N-1) and start play."""
    engine = get_engine(table.game)
    now = timezone.now()
    seats.sort(key=lambda seat: seat.position)
    renumber = [seat for index, seat in enumerate(seats) if seat.position != index]
    if renumber:
        # Two passes keep the unique (table, position) constraint true at every step.
        for seat in renumber:
            seat.position += 1000
        Seat.objects.bulk_update(renumber, ["position"])
        for seat in renumber:
            seat.position = seats.index(seat)
        Seat.objects.bulk_update(renumber, ["position"])
    table.players = len(seats)
    # Committed to before the first deal is stored: nobody sees a card before it.
    table.seed_salt = secrets.token_hex(16)
    table.seed_commitment = seed_commitment(table.seed, table.seed_salt)
    state = engine.setup(players=table.players, seed=table.seed, options=table.options)
    table.state = engine.dump(state)
    table.status = Table.Status.ACTIVE
    table.started_at = now
    table.version += 1
    for seat in seats:
        seat.time_left = clocks.initial_time_left(table)
    state_settle(table=table, seats=seats, engine=engine, state=state, acted=None, now=now)


@transaction.atomic
def table_concede(*, code: Any, user: Any) -> Table:
    """End the game: the conceding player ranks last, everyone else shares first place."""
    table, seats = locked_table(code=code)
    seat = seat_of(seats, user)
    if seat is None:
        raise NotAllowed(_("You are not seated at this table."))
    if table.status != Table.Status.ACTIVE:
        raise Conflict(_("This game is not in play."))
    seat.conceded = True
    table.version += 1
    reason = msg("%(name)s conceded.", name=user.username)
    game_end_forfeit(table=table, seats=seats, reason=reason, now=timezone.now())
    table_commit(table=table, seats=seats)
    return table
