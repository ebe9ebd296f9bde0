"""Fold the symbol drawings of static/icons/symbols/ into static/icons/sprite.svg."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from lobby.icons import build_sprite, sprite_path


class Command(BaseCommand):
    help = "Build static/icons/sprite.svg from static/icons/symbols/*.svg (--check: only compare)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--check", action="store_true", help="fail if the sprite is stale")

    def handle(self, *args: Any, **options: Any) -> None:
        text = build_sprite()
        path = sprite_path()
        current = path.read_text(encoding="utf-8") if path.exists() else ""
        if options["check"]:
            if current != text:
                raise CommandError("static/icons/sprite.svg is stale: run manage.py build_sprite")
            self.stdout.write("The sprite is up to date.")
            return
        path.write_text(text, encoding="utf-8")
        self.stdout.write(f"Wrote {path} ({text.count('<symbol ')} symbols).")
