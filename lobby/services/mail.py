"""E-mail through an outbox: queued with the change it tells of, sent after the commit.

`mail_queue` writes an OutboundMail row inside the caller's transaction, so the mail
exists exactly when the change does; a task sends it after the commit, and
`mails_resend` (called by the sweep) sends whatever a lost task left behind.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.core.mail import send_mail
from django.db import transaction
from django.utils import timezone

from lobby.models import OutboundMail

logger = logging.getLogger(__name__)

#: A mail still unsent this long after it was queued is sent by the sweep.
RESEND_AFTER = timedelta(seconds=60)


def mail_queue(*, to: str, subject: str, body: str) -> OutboundMail:
    """Queue one e-mail in the current transaction; send it after the commit."""
    mail = OutboundMail.objects.create(to_address=to, subject=subject[:300], body=body)
    mail_id = mail.id

    def enqueue() -> None:
        from lobby.tasks import mail_send as mail_send_task

        mail_send_task.delay(mail_id)

    # robust: a broker that is down must not turn the committed change into an error;
    # the sweep sends the mail later.
    transaction.on_commit(enqueue, robust=True)
    return mail


@transaction.atomic
def mail_send(*, mail_id: int, now: datetime | None = None) -> bool:
    """Send one queued mail unless it was sent already; return whether it went out.

    The row is locked while sending, so a task and the sweep never both send it.
    A failure is counted and left for the sweep, up to MAX_ATTEMPTS.
    """
    mail = (
        OutboundMail.objects.select_for_update(skip_locked=True)
        .filter(id=mail_id, sent_at__isnull=True, attempts__lt=OutboundMail.MAX_ATTEMPTS)
        .first()
    )
    if mail is None:
        return False
    mail.attempts += 1
    try:
        send_mail(mail.subject, mail.body, None, [mail.to_address], fail_silently=False)
    except Exception as error:  # SMTP down, refused address...: try again later
        logger.warning("mail %s not sent (attempt %s): %s", mail.id, mail.attempts, error)
        mail.last_error = str(error)[:300]
        mail.save(update_fields=["attempts", "last_error"])
        return False
    mail.sent_at = now or timezone.now()
    mail.save(update_fields=["attempts", "sent_at"])
    return True


def mails_resend(*, now: datetime | None = None) -> int:
    """Send every mail that is still unsent a while after it was queued."""
    now = now or timezone.now()
    due = OutboundMail.objects.filter(
        sent_at__isnull=True,
        created_at__lte=now - RESEND_AFTER,
        attempts__lt=OutboundMail.MAX_ATTEMPTS,
    ).values_list("id", flat=True)
    return sum(mail_send(mail_id=mail_id, now=now) for mail_id in list(due[:200]))
