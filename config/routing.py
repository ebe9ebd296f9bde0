"""Every app's WebSocket routes, gathered for config.asgi."""

from __future__ import annotations

from lobby.routing import websocket_urlpatterns as lobby_patterns
from tournaments.routing import websocket_urlpatterns as tournament_patterns

websocket_urlpatterns = [*lobby_patterns, *tournament_patterns]
