"""Lobby services: every write to tables, seats and moves goes through here."""

from __future__ import annotations

from lobby.services.finish import game_finish
from lobby.services.moves import bot_play, move_submit, replay_states
from lobby.services.tables import (
    seat_add_bot,
    seat_join,
    seat_leave,
    table_concede,
    table_create,
    table_start,
)
from lobby.services.timers import deadlines_sweep, phase_time_up, reminders_send, seat_timeout

__all__ = [
    "bot_play",
    "deadlines_sweep",
    "game_finish",
    "move_submit",
    "phase_time_up",
    "reminders_send",
    "replay_states",
    "seat_add_bot",
    "seat_join",
    "seat_leave",
    "seat_timeout",
    "table_concede",
    "table_create",
    "table_start",
]
