"""Accept a WebSocket only from the page's own origin: scheme, host and port, exactly.

Channels' AllowedHostsOriginValidator compares the Origin's host with ALLOWED_HOSTS and
ignores its port, so any page served from another port of the same host (another app
on :9999, a developer's tool) could open a socket with the visitor's cookies. Here the
Origin must equal the socket's own origin, or be listed in CSRF_TRUSTED_ORIGINS (as for
Django's own CSRF check of forms):

1. The socket's scheme is http for ws and https for wss; behind a TLS proxy (when
   settings.SECURE_PROXY_SSL_HEADER is set) the proxy's header decides, as in
   `HttpRequest.is_secure()`.
2. Its host and port come from the Host header, which must name one of ALLOWED_HOSTS.
   A connection without a Host header (never a browser's: HTTP/1.1 requires one; only
   in-process test clients omit it) is taken to be for the Origin's host on its
   scheme's default port.
3. A missing, malformed or "null" Origin is refused.

This is the rule Django's CSRF check applies to a form's Origin (`is_secure()` and
`get_host()`), so wherever forms post, sockets connect. Daphne puts no "scheme" in a
WebSocket's scope, so a daphne that terminates TLS itself (not the Procfile's) needs its
https origin in CSRF_TRUSTED_ORIGINS.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any
from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host
from django.utils.http import is_same_domain

DEFAULT_PORTS = {"http": 80, "https": 443}
Origin = tuple[str, str, int]


def parse_origin(value: str) -> Origin | None:
    """Return (scheme, host, port) of an origin such as "https://example.com:8443"."""
    try:
        parts = urlsplit(value.strip().lower())
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in DEFAULT_PORTS or not parts.hostname:
        return None
    if parts.path not in ("", "/") or parts.query or parts.fragment or parts.username:
        return None
    return parts.scheme, parts.hostname, port or DEFAULT_PORTS[parts.scheme]


def _scheme(scope: dict[str, Any], headers: dict[bytes, str]) -> str:
    proxy_header = settings.SECURE_PROXY_SSL_HEADER
    if proxy_header:
        meta_name, secure_value = proxy_header
        name = meta_name.removeprefix("HTTP_").lower().replace("_", "-").encode("latin-1")
        if name in headers:
            return "https" if headers[name].split(",", 1)[0].strip() == secure_value else "http"
    return "https" if scope.get("scheme") == "wss" else "http"


def _trusted(origin: Origin, trusted: Iterable[str]) -> bool:
    scheme, host, port = origin
    for entry in trusted:
        if "://*." in entry:
            # Django's subdomain form, "https://*.example.com": any subdomain, same scheme.
            wanted_scheme, pattern = entry.lower().split("://*.", 1)
            wanted_host, wanted_port = split_domain_port(pattern)
            wanted = int(wanted_port) if wanted_port else DEFAULT_PORTS.get(wanted_scheme)
            if (
                scheme == wanted_scheme
                and port == wanted
                and is_same_domain(host, "." + wanted_host)
            ):
                return True
        elif parse_origin(entry) == origin:
            return True
    return False


def _allowed_hosts() -> list[str]:
    hosts = list(settings.ALLOWED_HOSTS)
    if settings.DEBUG and not hosts:
        hosts = ["localhost", "127.0.0.1", "[::1]"]  # what Django itself allows then
    return hosts


def socket_origin_allowed(scope: dict[str, Any]) -> bool:
    """Return whether the socket of `scope` comes from its own origin or a trusted one."""
    headers = {name.lower(): value.decode("latin-1") for name, value in scope.get("headers", ())}
    origin = parse_origin(headers.get(b"origin", ""))
    if origin is None:
        return False
    scheme = _scheme(scope, headers)
    if b"host" in headers:
        domain, port = split_domain_port(headers[b"host"])
        if not domain:
            return False
    else:
        # No Host header: only an in-process test client (see the module's docstring).
        domain, port = (f"[{origin[1]}]" if ":" in origin[1] else origin[1]), ""
    if not validate_host(domain, _allowed_hosts()):
        return False
    own = (scheme, domain.strip("[]"), int(port) if port else DEFAULT_PORTS[scheme])
    return origin == own or _trusted(origin, settings.CSRF_TRUSTED_ORIGINS)


class ExactOriginValidator:
    """ASGI middleware: let a WebSocket through only when `socket_origin_allowed` says so."""

    def __init__(self, application: Any) -> None:
        self.application = application

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        if scope["type"] != "websocket":
            raise ValueError("ExactOriginValidator guards WebSocket connections only.")
        if socket_origin_allowed(scope):
            return await self.application(scope, receive, send)
        return await WebsocketDenier()(scope, receive, send)
