"""Sockets that follow the session: a player's sockets end when the player may no longer
see what they show (log-out, suspension, ban).

Every table socket of a logged-in player also joins the group `user-<id>`, and so does
the per-user socket of each of their pages (lobby.consumers.MeConsumer); a `session.end`
message to that group closes them all at once, in every process. The per-user sockets
alone also join `turns-<id>`, which gets the player's "your turn" number
(`turns.changed`): the table sockets, which ignore it, are not sent it on every move.
"""

from __future__ import annotations

import logging
from typing import Any

from lobby.embedded import group_send

logger = logging.getLogger(__name__)


def user_group(user_id: int) -> str:
    """Return the channel group that holds every socket of this player."""
    return f"user-{user_id}"


def turns_group(user_id: int) -> str:
    """Return the channel group of this player's per-user sockets (their "your turn" number)."""
    return f"turns-{user_id}"


def user_sockets_close(user_id: int) -> None:
    """Close every socket this player has open (best effort if the layer is down).

    A socket that misses the message (Redis down) still cannot outlive the session for
    long: it sees the player's hand only while its session is valid, and every reconnect
    checks the session again.
    """
    try:
        group_send(user_group(user_id), {"type": "session.end"})
    except Exception:
        logger.warning("could not close the sockets of user %s", user_id, exc_info=True)


def on_logged_out(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    """Receiver of Django's user_logged_out: this player's sockets end now."""
    if user is not None and user.pk is not None:
        user_sockets_close(user.pk)


def on_shut_out(sender: Any, user_id: int, **kwargs: Any) -> None:
    """Receiver of accounts' user_shut_out (suspension, ban)."""
    user_sockets_close(user_id)
