"""Every word a game's template tags translate is in the catalogues.

makemessages does not read inside f-strings, nor a message chosen by a condition
(`gettext("a" if x else "b")`): such words drop out of the catalogues and show in English.
This reads the tags' code itself (every string literal handed to a translating call,
wherever it stands) and looks each one up in the German catalogue.
"""

from __future__ import annotations

import ast
from pathlib import Path

import polib
import pytest

ROOT = Path(__file__).resolve().parents[2]
TAGS = sorted(ROOT.glob("games/*/templatetags/*.py"))
CALLS = {"gettext", "_", "_word", "gettext_noop", "pgettext", "ngettext"}


def _literals(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _literals(node.body) + _literals(node.orelse)
    return []


def _translated(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Call) and node.args:
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            if name in CALLS:
                found += _literals(node.args[-1] if name == "pgettext" else node.args[0])
    return found


def test_the_tags_are_read():
    assert TAGS and any(_translated(path) for path in TAGS)


@pytest.mark.parametrize("path", TAGS, ids=lambda p: f"{p.parent.parent.name}/{p.name}")
def test_each_translated_word_of_a_tag_is_in_the_catalogue(path: Path):
    po = polib.pofile(ROOT / "locale/de/LC_MESSAGES/django.po")
    catalogue = {entry.msgid for entry in po if not entry.obsolete}
    missing = [word for word in _translated(path) if word and word not in catalogue]
    assert not missing, f"not in the catalogues (run makemessages): {missing}"
