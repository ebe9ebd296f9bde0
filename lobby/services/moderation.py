"""Moderators' actions on tables: abort one, or hand a player's seat to a bot."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.registry import get_engine
from games.words import msg
from lobby import clocks
from lobby.errors import Conflict, NotFound
from lobby.models import Seat, Table
from lobby.services.commit import table_commit
from lobby.services.moves import locked_table, state_settle, table_end_reason, turns_end


@transaction.atomic
def table_abort(*, moderator: Any, table_id: int, reason: str) -> Table:
    """Abort an open or running table: no result, so no rating change; tell its players.

    The ladder rates finished tables only, and pending timers and bot turns check
    the status, so they do nothing once it is aborted.
    """
    from accounts.models import ModerationLog, Notification
    from accounts.moderation import moderation_log_write
    from accounts.services import notifications_post

    code = Table.objects.filter(id=table_id).values_list("code", flat=True).first()
    table, seats = locked_table(code=code)
    if table.status not in (Table.Status.OPEN, Table.Status.ACTIVE):
        raise Conflict(_("Table %(code)s is already over.") % {"code": str(table.code)[:8]})
    now = timezone.now()
    table.status = Table.Status.ABORTED
    table_end_reason(table, msg("Aborted by a moderator: %(reason)s", reason=reason))
    table.finished_at = now
    table.phase_key, table.phase_deadline = "", None
    table.version += 1
    turns_end(table=table, seats=seats, now=now)
    table_commit(table=table, seats=seats)
    players = [seat.user for seat in seats if seat.user is not None]
    notifications_post(
        users=players,
        kind=Notification.Kind.MODERATION,
        text=msg(
            "A moderator aborted your game of %(game)s: %(reason)s",
            game=get_engine(table.game).name,
            reason=reason,
        ),
        url=table.get_absolute_url(),
        subject=str(table.code),
    )
    moderation_log_write(
        moderator=moderator,
        action=ModerationLog.Action.TABLE_ABORT,
        reason=reason,
        target=msg("table %(code)s", code=str(table.code)),
        table=table,
        details={"players": [user.username for user in players], "moves": table.move_count},
    )
    return table


@transaction.atomic
def seat_remove(*, moderator: Any, table_id: int, user_id: int, reason: str) -> Table:
    """Take a player out of a running game: a random bot plays their seat from now on.

    The player ranks last at the end, as one who left (ladder.services counts the seat
    as out). The platform then moves on as after any change: state_settle starts the
    bot's turn if it is to move, and schedules the sockets' update.
    """
    from accounts.models import ModerationLog, Notification
    from accounts.moderation import moderation_log_write
    from accounts.services import notification_post

    code = Table.objects.filter(id=table_id).values_list("code", flat=True).first()
    table, seats = locked_table(code=code)
    seat = next((s for s in seats if s.user_id == user_id), None)
    if seat is None:
        raise NotFound(_("That player is not seated at this table."))
    assert seat.user is not None  # the seat was found by its player's id
    if table.status != Table.Status.ACTIVE:
        raise Conflict(_("Only a game in play can hand a seat to a bot."))
    if seat.abandoned or seat.bot:
        raise Conflict(
            _("A bot already plays for %(name)s.") % {"name": seat.user.username},
        )
    now = timezone.now()
    clocks.turn_stop(table, seat, now, moved=False)
    seat.bot = Seat.Bot.RANDOM
    seat.abandoned = True
    seat.time_left = None
    # Not "to move" now: state_settle sees the bot's turn as new and starts it.
    seat.is_to_move = False
    table.version += 1
    engine = get_engine(table.game)
    assert table.state is not None  # a game in play has its state
    state_settle(
        table=table, seats=seats, engine=engine, state=engine.load(table.state), acted=None, now=now
    )
    notification_post(
        user=seat.user,
        kind=Notification.Kind.MODERATION,
        text=msg(
            "A moderator removed you from a game of %(game)s; a bot plays your seat: %(reason)s",
            game=engine.name,
            reason=reason,
        ),
        url=table.get_absolute_url(),
        subject=str(table.code),
    )
    moderation_log_write(
        moderator=moderator,
        action=ModerationLog.Action.SEAT_REMOVE,
        reason=reason,
        target=msg("table %(code)s, seat %(seat)s", code=str(table.code), seat=seat.position),
        target_user=seat.user,
        table=table,
        details={"seat": seat.position, "bot": seat.bot},
    )
    return table
