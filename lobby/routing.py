"""WebSocket routes of the lobby."""

from __future__ import annotations

from django.urls import path

from lobby import consumers

websocket_urlpatterns = [
    path("ws/ping/", consumers.PingConsumer.as_asgi()),
    path("ws/table/<uuid:code>/", consumers.TableConsumer.as_asgi()),
    path("ws/me/", consumers.MeConsumer.as_asgi()),
]
