"""`makemessages` that also collects the engines' sentences (games.words: msg, nmsg, pmsg)
and the words of the Jinja2 boards (lobby/jinja.py), which Django's own command reads as
if they were Django templates and so misses (`{% trans %}`, `ngettext()`)."""

from __future__ import annotations

from pathlib import Path

from django.core.management.commands import makemessages

from lobby.jinja import is_jinja_template, words_of


def _call(function: str, strings: tuple[str | None, ...]) -> str:
    """Return a Python call that xgettext reads as the same words."""
    said = [repr(text) for text in strings if text is not None]
    if function in {"gettext", "_"}:
        return f"gettext({said[0]})"
    if function == "ngettext":
        return f"ngettext({said[0]}, {said[1]}, 1)"
    if function == "pgettext":
        return f"pgettext({said[0]}, {said[1]})"
    return f"npgettext({said[0]}, {said[1]}, {said[2]}, 1)"


class BuildFile(makemessages.BuildFile):
    """A file to read; a Jinja2 template is turned into calls of gettext on their lines."""

    def preprocess(self) -> None:
        if not (self.is_templatized and is_jinja_template(self.path)):
            super().preprocess()
            return
        source = Path(self.path).read_text(encoding="utf-8")
        lines = [""] * (source.count("\n") + 1)
        for lineno, function, strings in words_of(source):
            lines[lineno - 1] += _call(function, strings) + "; "
        Path(self.work_path).write_text("\n".join(lines), encoding="utf-8")


class Command(makemessages.Command):
    """Django's command, with the engines' two sentence builders as gettext keywords and
    Jinja2 templates read by Jinja2."""

    build_file_class = BuildFile
    xgettext_options = [
        *makemessages.Command.xgettext_options,
        "--keyword=msg",
        "--keyword=nmsg:1,2",
        "--keyword=pmsg:1c,2",
    ]
