"""`makemessages` that also collects the engines' sentences (games.words: msg, nmsg, pmsg)."""

from __future__ import annotations

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    """Django's command, with the engines' two sentence builders as gettext keywords."""

    xgettext_options = [
        *makemessages.Command.xgettext_options,
        "--keyword=msg",
        "--keyword=nmsg:1,2",
        "--keyword=pmsg:1c,2",
    ]
