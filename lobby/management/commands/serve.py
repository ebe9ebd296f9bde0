"""`manage.py serve`: the one command that runs Playtable on a fresh machine."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser


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

        host, port = options["host"], options["port"]
        shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
        self.stdout.write(self.style.SUCCESS(f"Playtable is running at http://{shown}:{port}/"))
        self.stdout.write("Press Ctrl-C to stop.")
        self.stdout.flush()
        embedded.server_loop_set(twisted_loop)
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
