"""WebSocket consumers of the lobby."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import threading
import time
import zoneinfo
from collections.abc import AsyncIterator, Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from asgiref.sync import sync_to_async
from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.db import close_old_connections
from django.http import HttpRequest
from django.utils import translation
from django.utils.functional import LazyObject, empty

from accounts.timezones import zone_for
from lobby import metrics, pushes
from lobby.chat import chat_hidden_html, chat_message_html
from lobby.embedded import group_send_many_async
from lobby.rendering import Sent, board_full, board_message
from lobby.selectors import turn_count
from lobby.socket_moves import move_ref, refusal_html, socket_move
from lobby.sockets import turns_group, user_group

#: The close code that tells a page to connect again at once and take what is current
#: (static/js/playtable.js, turn-alerts.js). htmx reconnects by itself after 1012 ("service
#: restart"), but daphne lets an application close only with 1000 or 3000-4999.
START_AFRESH_CODE = 4012


class LayerReconnected:
    """Close when the channel layer found Redis again after losing it (config.channel_layer):
    the doorbells of that while are lost, so the socket closes with `START_AFRESH_CODE`, and
    the page connects again and is sent what is current."""

    async def layer_reconnected(self, message: dict[str, Any]) -> None:
        await self.close(code=START_AFRESH_CODE)  # type: ignore[attr-defined]


_move_threads: ThreadPoolExecutor | None = None
_move_runner: Callable[..., Awaitable[Any]] | None = None
_move_threads_lock = threading.Lock()
#: Per table: a lock for its moves in this process and how many moves hold or wait for it.
_table_turns: dict[str, tuple[asyncio.Lock, list[int]]] = {}


def move_runner() -> Callable[..., Awaitable[Any]]:
    """Return `socket_move` as a coroutine function run on the moves' own threads.

    Channels' `database_sync_to_async` runs every hand-off of the process on one thread,
    one at a time: a move waiting there for PostgreSQL's commit or for Redis kept the
    next move (and every push that needs the database) waiting too. Moves get
    `settings.MOVE_THREADS` threads of their own; the drawings' caches are shared under
    locks. Moves of one table take their turns before they take a thread
    (`table_turn`), and across processes on the table's row lock.
    """
    global _move_threads, _move_runner
    if _move_runner is None:
        with _move_threads_lock:
            if _move_runner is None:
                _move_threads = ThreadPoolExecutor(
                    max_workers=settings.MOVE_THREADS, thread_name_prefix="moves"
                )
                _move_runner = sync_to_async(
                    _socket_move_closing, thread_sensitive=False, executor=_move_threads
                )
    return _move_runner


@contextlib.asynccontextmanager
async def table_turn(code: str) -> AsyncIterator[None]:
    """Let one move of the table at a time into the moves' threads (Mondo's four players
    act at once): a second one would only hold a thread while it waits for the row lock."""
    entry = _table_turns.get(code)
    if entry is None:
        entry = _table_turns[code] = (asyncio.Lock(), [0])
    lock, users = entry
    users[0] += 1
    try:
        async with lock:
            yield
    finally:
        users[0] -= 1
        if not users[0]:
            del _table_turns[code]


@functools.wraps(socket_move)
def _socket_move_closing(**kwargs: Any) -> Any:
    """`socket_move`, giving its database connection back to the pool afterwards (and
    dropping a broken one before), as Channels' hand-offs do."""
    close_old_connections()
    try:
        return socket_move(**kwargs)
    finally:
        close_old_connections()


# Channels has no type hints, so its consumers are Any to mypy.
class SocketConsumer(LayerReconnected, AsyncWebsocketConsumer):  # type: ignore[misc]
    """A WebSocket consumer whose messages go straight to their handlers.

    Channels' own `dispatch` first hands each message to a thread to close stale database
    connections, then runs the handler: a live move's socket message and each doorbell
    paid that hand-off, four per Lost Cities move. The handlers here reach the database
    only through `database_sync_to_async`, which closes stale connections itself, before
    and after, in the same thread; so they skip it.
    """

    async def dispatch(self, message: dict[str, Any]) -> None:
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)


class PingConsumer(SocketConsumer):
    """Answer "ping" with "pong": a health check for the WebSocket stack."""

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if text_data == "ping":
            await self.send(text_data="pong")
        else:
            await self.send(text_data="error: send the text 'ping'")


def scope_language(scope: dict[str, Any]) -> str:
    """Return the language the page behind this socket was shown in.

    The same choice as LocaleMiddleware's for the page: the language cookie, then the
    browser's Accept-Language, then the site's default.
    """
    request = HttpRequest()
    request.COOKIES = dict(scope.get("cookies") or {})
    for name, value in scope.get("headers") or ():
        if name == b"accept-language":
            request.META["HTTP_ACCEPT_LANGUAGE"] = value.decode("latin-1")
    return translation.get_language_from_request(request)


def scope_user(scope: dict[str, Any]) -> Any:
    """Return the socket's user itself, not Channels' lazy stand-in for it.

    The authentication middleware has read the user before the consumer runs; its lazy
    wrapper then answers every attribute read (`user.id` in each seat lookup of every
    move and drawing) through Python code of its own.
    """
    user = scope.get("user")
    if isinstance(user, LazyObject):
        if user.__dict__.get("_wrapped", empty) is empty:
            getattr(user, "pk", None)  # reading through it sets it up
        return user.__dict__.get("_wrapped", user)
    return user


def scope_zone(scope: dict[str, Any]) -> zoneinfo.ZoneInfo | None:
    """Return the time zone the page behind this socket was shown in (as the middleware's)."""
    return zone_for(scope.get("user"), dict(scope.get("cookies") or {}))


def _chat_message_for(
    message_id: int, user: Any, language: str, zone: zoneinfo.ZoneInfo | None = None
) -> str | None:
    with translation.override(language):
        return chat_message_html(message_id=message_id, user=user, zone=zone)


class TableConsumer(SocketConsumer):
    """One socket per open table page: players and spectators.

    A group message is only a doorbell. The sockets of a process share one read of the
    table per push and one drawing per distinct view (lobby.pushes); each socket then
    sends its page only what changed since what it sent last (lobby.rendering
    .board_message): the whole board on connect and when the page asks ("resync").
    """

    sent: Sent | None = None

    async def connect(self) -> None:
        self.code = str(self.scope["url_route"]["kwargs"]["code"])
        self.user = scope_user(self.scope)
        if getattr(self.user, "is_suspended", False):
            # The HTTP middleware logs them out; their sockets end here.
            await self.close(code=4403)
            return
        session = self.scope.get("session")
        self.invites = list(session.get("invites", [])) if session is not None else []
        self.language = scope_language(self.scope)
        self.zone = scope_zone(self.scope)
        # Join first, then read: a change after the read rings this socket.
        self.group = f"table-{self.code}"
        await self.channel_layer.group_add(self.group, self.channel_name)
        board = await self._board(None)
        if board is None:
            await self.channel_layer.group_discard(self.group, self.channel_name)
            del self.group
            await self.close(code=4404)
            return
        if getattr(self.user, "is_authenticated", False):
            # Log-out, suspension and ban close this socket at once (lobby.sockets).
            self.user_group = user_group(self.user.pk)
            await self.channel_layer.group_add(self.user_group, self.channel_name)
        await self.accept()
        metrics.socket_opened("table")
        self.opened = True
        pushes.watch(
            self.code, self.channel_name, self.user, self.invites, self.language, self.zone
        )
        html, self.sent = board_full(board)
        await self.send(text_data=html)

    async def _board(self, version: int | None) -> Any:
        return await pushes.board_for(
            self.code, version, self.user, self.invites, self.language, self.zone
        )

    async def disconnect(self, code: int) -> None:
        if getattr(self, "opened", False):
            metrics.socket_closed("table")
            pushes.unwatch(self.code, self.channel_name)
            self.opened = False
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)
        if hasattr(self, "user_group"):
            await self.channel_layer.group_discard(self.user_group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """Answer "resync" with the whole board, and play a move sent as a JSON object
        (lobby.socket_moves); ignore the rest."""
        if text_data is not None and text_data.startswith("{"):
            await self._move(text_data)
            return
        if text_data != "resync":
            return
        board = await self._board(None)
        if board is None:
            await self.close(code=4404)
            return
        html, self.sent = board_full(board, resync=True)
        await self.send(text_data=html)

    async def _move(self, text: str) -> None:
        """Play the player's move: one hand-off for lock, apply, commit and the drawing.

        The answer is what changed on this socket's board (its own doorbell then finds the
        version sent and sends nothing), or the refusal's words in the error region; either
        names the move's "ref", if it had one (`move_ref`). The
        move's doorbell and turn counts come back with it and are sent from here, after
        the answer, whatever happens to the answer (`notify.rings_held`'s `hand_over`).
        """
        rings: list[tuple[str, dict[str, object]]] = []
        try:
            async with table_turn(self.code):
                result = await move_runner()(
                    code=self.code,
                    user=self.user,
                    text=text,
                    language=self.language,
                    zone=self.zone,
                    hand_over=rings,
                )
            ref = move_ref(text)
            if isinstance(result, str):
                await self.send(text_data=refusal_html(self.code, result, ref))
            elif self.sent is None or result.version > self.sent.version:
                # (Else a push of a later version reached this socket first.)
                message, self.sent = board_message(result, self.sent, ref)
                await self.send(text_data=message)
        finally:
            if rings:
                await group_send_many_async(rings)

    async def table_updated(self, event: dict[str, Any]) -> None:
        version = int(event.get("version") or 0)
        if version and self.sent is not None and version <= self.sent.version:
            # A late doorbell (the mover's own socket sent its answer already): this page
            # holds that version or a later one; nothing to read or draw.
            return
        board = await self._board(version)
        if board is None:
            await self.close(code=4404)
            return
        if self.sent is not None and board.version <= self.sent.version:
            return  # a late doorbell: this page holds this version already
        message, self.sent = board_message(board, self.sent)
        await self.send(text_data=message)
        if isinstance(event.get("at"), int | float):
            metrics.push_lag_observed(max(0.0, time.time() - float(event["at"])))

    async def session_end(self, event: dict[str, Any]) -> None:
        """The player logged out, or was suspended or banned: this socket ends now."""
        await self.close(code=4401)

    async def turns_changed(self, event: dict[str, Any]) -> None:
        """Ignore a "your turn" number: only the per-user socket (MeConsumer) gets them now,
        through `turns-<id>`; a process of an older release still sends them to `user-<id>`."""

    async def chat_message(self, event: dict[str, Any]) -> None:
        """Append a new chat message, unless this socket's user muted or blocked its author."""
        html = await database_sync_to_async(_chat_message_for)(
            event["id"], self.user, self.language, self.zone
        )
        if html is not None:
            await self.send(text_data=html)

    async def chat_hidden(self, event: dict[str, Any]) -> None:
        """Remove a message that a moderator hid."""
        await self.send(text_data=chat_hidden_html(message_id=event["id"]))


class MeConsumer(SocketConsumer):
    """One socket per page of a logged-in player: at how many tables it is their turn.

    Sends {"type": "turns", "count": N} on connect and whenever N changes (the group
    message `turns.changed` to `turns-<id>`, from lobby.services.notify); such a change
    that gave them the turn also names the table ("url") and the change ("key", the same
    in every tab).
    static/js/turn-alerts.js shows it in the navigation, the tab title and the favicon.
    """

    async def connect(self) -> None:
        user = self.scope.get("user")
        # Accepted, then closed with a code the page understands as "stop trying": a
        # socket refused at the handshake would be retried (and logged) by the browser.
        if not getattr(user, "is_authenticated", False) or getattr(user, "is_suspended", False):
            await self.accept()
            await self.close(code=4403 if getattr(user, "is_suspended", False) else 4401)
            return
        self.user_group = user_group(user.pk)
        self.turns_group = turns_group(user.pk)
        metrics.socket_opened("me")
        self.opened = True
        # Join first, then count: no change can fall between the count and the group.
        await self.channel_layer.group_add(self.user_group, self.channel_name)
        await self.channel_layer.group_add(self.turns_group, self.channel_name)
        await self.accept()
        count = await database_sync_to_async(turn_count)(user_id=user.pk)
        await self.send(text_data=json.dumps({"type": "turns", "count": count}))

    async def disconnect(self, code: int) -> None:
        if getattr(self, "opened", False):
            metrics.socket_closed("me")
            self.opened = False
        if hasattr(self, "user_group"):
            await self.channel_layer.group_discard(self.user_group, self.channel_name)
        if hasattr(self, "turns_group"):
            await self.channel_layer.group_discard(self.turns_group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """Ignore client messages: this socket only tells."""

    async def turns_changed(self, event: dict[str, Any]) -> None:
        message = {"type": "turns", "count": int(event["count"])}
        if event.get("url"):
            message.update(url=str(event["url"]), key=str(event.get("key", "")))
        await self.send(text_data=json.dumps(message))

    async def session_end(self, event: dict[str, Any]) -> None:
        """The player logged out, or was suspended or banned: this socket ends now."""
        await self.close(code=4401)
