"""`verify_game`: check a finished game's shuffle commitment and replay (games.verify).

    python manage.py verify_game <table code>          # from this site's database
    python manage.py verify_game --file record.json    # a record downloaded from a table

Exit code 0: verified. 1: something does not match (each finding is printed). 2: no such
table, a game not over, or a file that cannot be read.
"""

from __future__ import annotations

import json
import uuid
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _

from games.verify import verify_record
from games.words import nmsg, say


class Command(BaseCommand):
    help = "Check that a finished game's seed matches its commitment and that its log replays."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("code", nargs="?", help="the table's code (its address's UUID)")
        parser.add_argument("--file", help="a game record (record.json) instead of a table code")

    def handle(self, *args: Any, **options: Any) -> None:
        if bool(options["code"]) == bool(options["file"]):
            raise CommandError(_("Give either a table code or --file, not both."), returncode=2)
        record = self._from_file(options["file"]) if options["file"] else self._from_db(options)
        verdict = verify_record(record)
        if not verdict.ok:
            for finding in verdict.findings:
                self.stderr.write(f"- {say(finding.data())}")
            raise CommandError(_("Not verified."), returncode=1)
        verified = nmsg(
            "Verified: the seed matches the commitment, and %(n)s move replays to the "
            "recorded final state and result.",
            "Verified: the seed matches the commitment, and %(n)s moves replay to the "
            "recorded final state and result.",
            verdict.moves,
        )
        self.stdout.write(say(verified.data()))

    def _from_file(self, name: str) -> Any:
        try:
            return json.loads(Path(name).read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, ValueError) as error:
            raise CommandError(
                _("Cannot read the record %(file)s: %(error)s") % {"file": name, "error": error},
                returncode=2,
            ) from None

    def _from_db(self, options: dict[str, Any]) -> Any:
        from lobby.models import Table
        from lobby.selectors import table_record

        try:
            table = Table.objects.get(code=uuid.UUID(options["code"]))
        except (ValueError, Table.DoesNotExist):
            raise CommandError(_("There is no such table."), returncode=2) from None
        if not table.is_over:
            raise CommandError(
                _("This game is not over: its seed stays secret until the end."), returncode=2
            )
        if table.status != Table.Status.FINISHED:
            raise CommandError(
                _("This table was cancelled: it has no result to check."), returncode=2
            )
        if not table.seed_commitment:
            raise CommandError(
                _("This game predates verifiable shuffles: it has no commitment."), returncode=2
            )
        return table_record(table=table)
