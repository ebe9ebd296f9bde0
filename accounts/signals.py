"""Signals other apps may listen to, so that accounts never needs to import them."""

from __future__ import annotations

from django.dispatch import Signal

#: Sent after the commit that suspends or bans a player, with `user_id`: whatever the
#: player still holds open (the lobby's sockets) must end now.
user_shut_out = Signal()

#: Sent inside the transaction that changes a player's quiet hours, time zone or vacation,
#: with `user`, `before` (User.pause_fields() before the change) and `now`: the deadlines
#: of their asynchronous seats move in the same commit (the lobby listens).
pauses_changed = Signal()
