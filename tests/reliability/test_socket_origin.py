"""A WebSocket opens only from the page's own origin (scheme, host and port) or a trusted one.

Channels' AllowedHostsOriginValidator ignored the port: a page on another port of the
same host could open a socket with the visitor's cookies. config.origin compares all
three, as Django's CSRF check does for forms.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
from typing import Any

import pytest
from channels.testing import WebsocketCommunicator

from config.asgi import application

pytestmark = pytest.mark.django_db(transaction=True)


def opens(origin: str | None, host: str | None, scheme: str = "ws", **more: str) -> bool:
    """Return whether the ping socket opens with these headers (through config.asgi)."""
    headers = [(name.encode(), value.encode()) for name, value in more.items()]
    if origin is not None:
        headers.append((b"origin", origin.encode()))
    if host is not None:
        headers.append((b"host", host.encode()))

    async def app(scope: dict[str, Any], receive: Any, send: Any) -> Any:
        return await application({**scope, "scheme": scheme}, receive, send)

    async def scenario() -> bool:
        socket = WebsocketCommunicator(app, "/ws/ping/", headers=headers)
        connected, _ = await socket.connect(timeout=5)
        if connected:
            await socket.send_to(text_data="ping")
            assert await socket.receive_from(timeout=5) == "pong"
            await socket.disconnect()
        return connected

    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, scenario()).result(30)


def test_the_same_origin_is_accepted():
    assert opens("http://testserver", "testserver")
    assert opens("http://127.0.0.1:8000", "127.0.0.1:8000")
    assert opens("http://LOCALHOST:8000", "localhost:8000")


def test_another_port_of_the_same_host_is_refused():
    assert not opens("http://127.0.0.1:9999", "127.0.0.1:8000")
    assert not opens("http://127.0.0.1", "127.0.0.1:8000")
    assert not opens("http://testserver:8080", "testserver")


def test_another_scheme_is_refused():
    assert not opens("https://testserver", "testserver")
    assert opens("https://testserver", "testserver", scheme="wss")
    assert not opens("http://testserver", "testserver", scheme="wss")
    assert not opens("ftp://testserver", "testserver")


def test_another_host_is_refused():
    assert not opens("http://evil.example", "testserver")
    assert not opens("http://testserver.evil.example", "testserver")


def test_a_host_outside_allowed_hosts_is_refused_even_from_its_own_origin():
    assert not opens("http://evil.example", "evil.example")
    assert not opens("http://evil.example", None)


def test_a_missing_or_meaningless_origin_is_refused():
    assert not opens(None, "testserver")
    assert not opens("null", "testserver")
    assert not opens("", "testserver")
    assert not opens("http://testserver/page", "testserver")
    assert not opens("http://testserver:99999", "testserver")


def test_a_trusted_origin_is_accepted(settings):
    settings.CSRF_TRUSTED_ORIGINS = ["https://playtable.example", "https://*.friends.example"]
    assert opens("https://playtable.example", "testserver")
    assert opens("https://play.friends.example", "testserver")
    assert not opens("http://playtable.example", "testserver")
    assert not opens("https://playtable.example:8443", "testserver")
    assert not opens("https://friends.example.evil", "testserver")


def test_the_proxy_header_counts_only_when_the_settings_trust_it(settings):
    assert not opens("https://testserver", "testserver", **{"x-forwarded-proto": "https"})
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    assert opens("https://testserver", "testserver", **{"x-forwarded-proto": "https"})
    assert not opens("http://testserver", "testserver", **{"x-forwarded-proto": "https"})
    assert opens("http://testserver", "testserver", **{"x-forwarded-proto": "http"})


def test_without_a_host_header_the_origin_must_be_an_allowed_host_on_its_default_port():
    """In-process test clients send no Host; browsers always do."""
    assert opens("http://testserver", None)
    assert not opens("http://testserver:8000", None)
