"""WebSocket consumer of a tournament's page: a doorbell, then this reader's live region."""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.template.loader import render_to_string
from django.utils import translation

from lobby.consumers import scope_language
from tournaments.models import Tournament
from tournaments.selectors import tournament_page


def live_html(*, code: str, user: Any, language: str) -> str | None:
    """Render the live region of the page (an out-of-band swap) in the page's language."""
    tournament = Tournament.objects.filter(code=code).first()
    if tournament is None:
        return None
    with translation.override(language):
        context = tournament_page(tournament=tournament, user=user)
        context["oob"] = True
        return render_to_string("tournaments/_live.html", context)


class TournamentConsumer(AsyncWebsocketConsumer):  # type: ignore[misc]  # Channels has no hints
    """Join the tournament's group; on each `tournament.updated`, send the live region."""

    async def connect(self) -> None:
        self.code = str(self.scope["url_route"]["kwargs"]["code"])
        self.user = self.scope.get("user")
        self.language = scope_language(self.scope)
        self.group = f"tournament-{self.code}"
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """Ignore what the page sends (htmx's ws extension may send nothing at all)."""

    async def tournament_updated(self, event: dict[str, Any]) -> None:
        html = await database_sync_to_async(live_html)(
            code=self.code, user=self.user, language=self.language
        )
        if html is not None:
            await self.send(text_data=html)
