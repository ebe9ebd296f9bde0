"""WebSocket routes of tournaments."""

from __future__ import annotations

from django.urls import path

from tournaments import consumers

websocket_urlpatterns = [
    path("ws/tournaments/", consumers.TournamentListConsumer.as_asgi()),
    path("ws/tournament/<uuid:code>/", consumers.TournamentConsumer.as_asgi()),
]
