"""End-of-game scoring: results on the seats, notices to the players, the ladder."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.registry import get_engine
from lobby.models import Table
from lobby.services.mail import mail_queue


@transaction.atomic
def game_finish(*, table_id: int) -> bool:
    """Score a finished table once: notices to each player, then the ladder update.

    Idempotent: `scored_at` marks the work done, under the table's row lock, so a
    second run (a retried task, the sweep) changes nothing.
    """
    table = Table.objects.select_for_update().filter(id=table_id).first()
    if table is None or table.status != Table.Status.FINISHED or table.scored_at is not None:
        return False
    table.scored_at = timezone.now()
    table.save(update_fields=["scored_at"])
    seats = list(table.seats.select_related("user"))
    name = get_engine(table.game).name
    url = table.get_absolute_url()
    from accounts.services import notification_post

    for seat in seats:
        if seat.user is None:
            continue
        values = {"game": name, "place": seat.place or "–", "n": len(seats)}
        text = notification_post(
            user=seat.user,
            kind="finished",
            text=_finished_wording(values),
            url=url,
            subject=str(table.code),
        )
        if seat.user.reminders_enabled and seat.user.email:
            body = f"{text}\n\n{settings.SITE_URL.rstrip('/')}{url}\n"
            mail_queue(to=seat.user.email, subject=f"Playtable: {text}", body=body)
    ladder_update(table_id=table.id)
    return True


def _finished_wording(values: Mapping[str, object]) -> Callable[[], str]:
    """Word the end-of-game notice later, in its reader's language."""
    return lambda: _("%(game)s is over: you finished in place %(place)s of %(n)s.") % values


def ladder_update(*, table_id: int) -> None:
    """Apply the table to the Elo ladder (the ladder decides whether it counts)."""
    try:
        from ladder.services import ratings_apply
    except ImportError:  # the ladder app is optional for a platform without ratings
        return
    ratings_apply(table_id=table_id)
