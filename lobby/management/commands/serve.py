"""`manage.py serve`: the one command that runs Playtable on a fresh machine.

It serves with DEBUG off unless the environment sets DEBUG, so a player never sees
Django's debug pages (which list every URL pattern and setting), only our own. The
rest of embedded mode stays as config.settings made it for a local plain-HTTP server:
no HTTPS redirect, no secure-only cookies, the local secret key.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser

from config.env import env_bool

WILDCARDS = ("0.0.0.0", "::", "")
LOCAL_NAMES = ["localhost", "127.0.0.1", "[::1]"]


def site_url(host: str, port: int) -> str:
    """Return the address this server answers at, as e-mails and the console give it."""
    shown = "127.0.0.1" if host in WILDCARDS else host
    if ":" in shown:
        shown = f"[{shown}]"  # an IPv6 address
    return f"http://{shown}:{port}"


def hosts_served(host: str) -> list[str]:
    """Return the Host names a request to this server may carry (for ALLOWED_HOSTS)."""
    if host not in WILDCARDS:
        return [f"[{host}]" if ":" in host else host]
    # Every interface: also this machine's name and its addresses, which other machines
    # on the network use (any other name needs ALLOWED_HOSTS).
    names = {socket.gethostname()}
    with contextlib.suppress(OSError):
        names.update(socket.gethostbyname_ex(socket.gethostname())[2])
    return [*LOCAL_NAMES, *sorted(name for name in names if name)]


def serve_settings_apply(*, host: str, port: int) -> None:
    """Set what a server that players use needs; call before the ASGI app is built.

    1. DEBUG off unless the environment turns it on (a developer's choice).
    2. WhiteNoise serves from the finders' files found at start-up, not by looking
       each request up again (autorefresh is for debug mode only).
    3. ALLOWED_HOSTS, unless the environment names them: the host bound to, and with
       DEBUG off nothing else is allowed by Django itself.
    4. SITE_URL, unless the environment sets it: this server's own address, so the
       links in e-mails (confirmations, resets, reminders) lead here.
    """
    settings.DEBUG = env_bool("DEBUG", default=False)
    if not settings.DEBUG:
        settings.WHITENOISE_AUTOREFRESH = False
    if "ALLOWED_HOSTS" not in os.environ:
        extra = [name for name in hosts_served(host) if name not in settings.ALLOWED_HOSTS]
        settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, *extra]
    if "SITE_URL" not in os.environ:
        settings.SITE_URL = site_url(host, port)


class Command(BaseCommand):
    help = (
        "Apply migrations, then serve HTTP and WebSockets (daphne) with a Celery worker "
        "and beat in the same process. Stop with Ctrl-C."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--port", type=int, default=8000, help="Port to listen on.")
        parser.add_argument("--host", default="127.0.0.1", help="Interface to bind.")
        parser.add_argument(
            "--demo", action="store_true", help="Create demo accounts and print their passwords."
        )
        parser.add_argument(
            "--no-worker",
            action="store_true",
            help="Do not start the in-process Celery worker and beat (a separate worker runs).",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        # Import daphne's server first: it installs Twisted's asyncio reactor.
        from daphne.endpoints import build_endpoint_description_strings
        from daphne.server import Server, twisted_loop

        host, port = options["host"], options["port"]
        # Before the ASGI app and its middleware are built: they read these settings.
        serve_settings_apply(host=host, port=port)

        from config.asgi import application
        from config.celery import app as celery_app
        from lobby import embedded
        from lobby.demo import demo_accounts_create

        call_command("migrate", interactive=False, verbosity=0)
        self.stdout.write("Database is up to date.")
        if options["demo"]:
            for username, password in demo_accounts_create():
                self.stdout.write(f"  demo account: {username} / {password}")

        worker = None
        if not options["no_worker"]:
            worker = embedded.start(celery_app)
            broker = settings.CELERY_BROKER_URL.split(":", 1)[0]
            self.stdout.write(f"Celery worker and beat running in-process ({broker} broker).")

        self.stdout.write(self.style.SUCCESS(f"Playtable is running at {site_url(host, port)}/"))
        self.stdout.write("Press Ctrl-C to stop.")
        self.stdout.flush()
        embedded.server_loop_set(twisted_loop)
        # Started in the background by a shell script, a process inherits SIGINT ignored, and
        # Twisted then leaves it so: Ctrl-C (or kill -INT) would not stop what we promise it does.
        signal.signal(signal.SIGINT, signal.default_int_handler)
        server = Server(
            application=application,
            endpoints=build_endpoint_description_strings(host=host, port=port),
            signal_handlers=True,
            action_logger=None,
            verbosity=0,
        )
        try:
            server.run()
        finally:
            if worker is not None:
                worker.stop()
            self.stdout.write("Playtable stopped.")
