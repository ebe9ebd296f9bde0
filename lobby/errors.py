"""Errors a lobby service raises; each carries a player-readable message and an HTTP status."""

from __future__ import annotations


class LobbyError(Exception):
    """A request the lobby refuses; nothing was changed."""

    status = 400

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class BadRequest(LobbyError):
    """Malformed or illegal input."""

    status = 400


class NotAllowed(LobbyError):
    """The user may not do that here (not seated, not the creator, blocked...)."""

    status = 403


class NotFound(LobbyError):
    """No such table, or one the user may not know about."""

    status = 404


class Conflict(LobbyError):
    """The table has moved on: a stale version, not your turn, the game is over."""

    status = 409


class RateLimited(LobbyError):
    """Too many requests in too short a time."""

    status = 429
