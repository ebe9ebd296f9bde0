"""WebSocket consumers of the tournament pages: a doorbell, then this reader's live regions.

A tournament's page hears its own group (`tournament-<code>`); the list page hears the
group of every tournament's changes (`tournaments`) and redraws its three sections with
the game filter it was opened with.
"""

from __future__ import annotations

import zoneinfo
from contextlib import nullcontext
from typing import Any
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.http import HttpRequest
from django.middleware.csrf import CSRF_ALLOWED_CHARS, CSRF_SECRET_LENGTH, get_token
from django.template.loader import render_to_string
from django.utils import timezone, translation

from lobby.consumers import LayerReconnected, scope_language, scope_zone
from tournaments.models import LIST_GROUP, Tournament
from tournaments.selectors import game_filter, tournament_lists, tournament_page


def scope_csrf_token(scope: dict[str, Any]) -> str:
    """Return a form token for the page behind this socket ('' without a CSRF cookie).

    The buttons pushed to a page are plain forms: they need the token the page's own
    forms carry. It is drawn from the CSRF cookie the socket's handshake sent, as
    Django draws it for a page.
    """
    secret = dict(scope.get("cookies") or {}).get(settings.CSRF_COOKIE_NAME, "")
    if len(secret) != CSRF_SECRET_LENGTH or not set(secret) <= set(CSRF_ALLOWED_CHARS):
        return ""  # none, or not one Django made: the page's own reload mends it
    request = HttpRequest()
    request.META["CSRF_COOKIE"] = secret
    return str(get_token(request))


def _query(scope: dict[str, Any], name: str) -> str:
    raw: bytes = scope.get("query_string") or b""
    values = parse_qs(raw.decode("latin-1")).get(name) or [""]
    return str(values[0])[:100]


def live_html(
    *,
    code: str,
    user: Any,
    language: str,
    zone: zoneinfo.ZoneInfo | None = None,
    csrf_token: str = "",
    invite: str = "",
) -> str | None:
    """Render the live region of the page and the reader's buttons (out-of-band swaps)."""
    tournament = Tournament.objects.filter(code=code).first()
    if tournament is None:
        return None
    with translation.override(language), timezone.override(zone) if zone else nullcontext():
        context = tournament_page(tournament=tournament, user=user)
        context.update(
            oob=True,
            user=user,
            csrf_token=csrf_token,
            invite=invite if invite and invite == tournament.invite_token else "",
        )
        return render_to_string("tournaments/_live.html", context)


def lists_html(*, game: str | None, language: str, zone: zoneinfo.ZoneInfo | None = None) -> str:
    """Render the list page's three sections (out-of-band swaps) in the page's language."""
    with translation.override(language), timezone.override(zone) if zone else nullcontext():
        context = tournament_lists(game=game)
        context["oob"] = True
        return render_to_string("tournaments/_list_sections.html", context)


class TournamentConsumer(LayerReconnected, AsyncWebsocketConsumer):  # type: ignore[misc]  # Channels has no hints
    """Join the tournament's group; on each `tournament.updated`, send the live region."""

    async def connect(self) -> None:
        self.code = str(self.scope["url_route"]["kwargs"]["code"])
        self.user = self.scope.get("user")
        self.language = scope_language(self.scope)
        self.zone = await database_sync_to_async(scope_zone)(self.scope)
        self.csrf_token = scope_csrf_token(self.scope)
        self.invite = _query(self.scope, "invite")
        self.group = f"tournament-{self.code}"
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """Ignore what the page sends (htmx's ws extension may send nothing at all)."""

    async def tournament_updated(self, event: dict[str, Any]) -> None:
        html = await database_sync_to_async(live_html)(
            code=self.code,
            user=self.user,
            language=self.language,
            zone=self.zone,
            csrf_token=self.csrf_token,
            invite=self.invite,
        )
        if html is not None:
            await self.send(text_data=html)


class TournamentListConsumer(LayerReconnected, AsyncWebsocketConsumer):  # type: ignore[misc]  # Channels has no hints
    """Join the list's group; on each `tournaments.changed`, send the three sections."""

    async def connect(self) -> None:
        self.game = await database_sync_to_async(game_filter)(_query(self.scope, "game"))
        self.language = scope_language(self.scope)
        self.zone = await database_sync_to_async(scope_zone)(self.scope)
        await self.channel_layer.group_add(LIST_GROUP, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(LIST_GROUP, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """Ignore what the page sends."""

    async def tournaments_changed(self, event: dict[str, Any]) -> None:
        html = await database_sync_to_async(lists_html)(
            game=self.game, language=self.language, zone=self.zone
        )
        await self.send(text_data=html)
