"""End-of-game scoring: results on the seats, notices to the players, the ladder."""

from __future__ import annotations

from collections.abc import Sequence

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_noop

from games.registry import get_engine
from games.words import Msg
from lobby.models import Seat, Table
from lobby.services.mail import mail_queue
from lobby.signals import table_scored


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
        text = notification_post(
            user=seat.user,
            kind="finished",
            text=finished_wording(seat=seat, seats=seats, game=name),
            url=url,
            subject=str(table.code),
        )
        if seat.user.reminders_enabled and seat.user.email:
            body = f"{text}\n\n{settings.SITE_URL.rstrip('/')}{url}\n"
            mail_queue(to=seat.user.email, subject=f"Playtable: {text}", body=body)
    ladder_update(table_id=table.id)
    table_scored.send(sender=Table, table=table)
    return True


def finished_wording(*, seat: Seat, seats: Sequence[Seat], game: str) -> Msg:
    """Word the end-of-game notice for `seat`: a sentence said in its reader's language.

    It says how the game ended for that player: conceded, out on time (and whether a
    bot played on), won, lost, a draw, or the place among several.
    """
    n = len(seats)
    values: dict[str, str | int] = {"game": game, "place": seat.place or "–", "n": n}
    if seat.score is not None:
        values["score"] = seat.score
    firsts = sum(1 for other in seats if other.place == 1)
    if seat.conceded:
        message = gettext_noop("%(game)s is over: you conceded.")
    elif seat.abandoned and seat.bot:
        message = gettext_noop(
            "%(game)s is over: you were replaced by a bot after timing out "
            "(place %(place)s of %(n)s)."
        )
    elif seat.abandoned:
        message = gettext_noop("%(game)s is over: you lost on time.")
    elif n == 1 and seat.score is not None:
        message = gettext_noop("%(game)s is over: you scored %(score)s.")
    elif n > 1 and seat.place == 1 and firsts == n:
        message = gettext_noop("%(game)s is over: it ended in a draw.")
    elif n > 1 and seat.place == 1 and firsts > 1:
        message = gettext_noop("%(game)s is over: you shared first place.")
    elif n > 1 and seat.place == 1:
        message = gettext_noop("%(game)s is over: you won.")
    elif n == 2 and seat.place is not None:
        message = gettext_noop("%(game)s is over: you lost.")
    else:
        message = gettext_noop("%(game)s is over: you finished in place %(place)s of %(n)s.")
    return Msg(message, values)


def ladder_update(*, table_id: int) -> None:
    """Apply the table to the Elo ladder (the ladder decides whether it counts)."""
    try:
        from ladder.services import ratings_apply
    except ImportError:  # the ladder app is optional for a platform without ratings
        return
    ratings_apply(table_id=table_id)
