"""ASGI entry point: HTTP through Django, WebSockets through Channels."""

from __future__ import annotations

import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

from django.core.asgi import get_asgi_application  # noqa: E402

# Build Django's app first: it sets up the registry that the routing imports need.
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from config.middleware import UnstorableSocketGuard  # noqa: E402
from config.origin import ExactOriginValidator  # noqa: E402
from config.routing import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        # Sockets only from the page's own scheme, host and port (or a trusted origin),
        # and never with a NUL byte the session lookup could trip over.
        "websocket": UnstorableSocketGuard(
            ExactOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns)))
        ),
    }
)

from config.gctune import server_gc  # noqa: E402

# Everything above lives as long as the process: out of the collector's sight.
server_gc()
