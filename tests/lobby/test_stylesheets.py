"""Every stylesheet we ship closes what it opens.

A browser drops nothing when a block is left open: it reads every later rule as part of that
block. An unclosed phone-only `@media` once hid the drawn Terraforming Mars cards from every
wider screen, and no test of markup could see it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHEETS = sorted(
    path
    for path in ROOT.glob("**/static/**/*.css")
    if not {".venv", "node_modules", "var", "staticfiles"} & set(path.relative_to(ROOT).parts)
)
COMMENT_OR_STRING = re.compile(r"/\*.*?\*/|\"(?:\\.|[^\"\\])*\"|'(?:\\.|[^'\\])*'", re.S)


def unclosed(css: str) -> list[str]:
    """Return the problems of `css`'s blocks: a `}` with nothing open, or blocks left open
    (each named by the line that opened it)."""
    problems: list[str] = []
    opened: list[int] = []
    text = COMMENT_OR_STRING.sub(lambda m: re.sub(r"[^\n]", " ", m.group()), css)
    for number, line in enumerate(text.splitlines(), 1):
        for char in line:
            if char == "{":
                opened.append(number)
            elif char == "}":
                if not opened:
                    problems.append(f"line {number}: '}}' closes nothing")
                else:
                    opened.pop()
    problems += [f"line {number}: '{{' never closed" for number in opened]
    return problems


def test_the_sheets_are_found() -> None:
    names = {path.name for path in SHEETS}
    assert {"playtable.css", "board.css"} <= names
    assert len(SHEETS) >= 8


@pytest.mark.parametrize("sheet", SHEETS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_block_is_closed(sheet: Path) -> None:
    assert unclosed(sheet.read_text(encoding="utf-8")) == []


def test_the_check_finds_an_open_media_block_and_ignores_braces_in_comments_and_strings() -> None:
    assert unclosed("@media (max-width: 700px) {\n  .a { b: c; }\n.d { e: f; }\n") == [
        "line 1: '{' never closed"
    ]
    assert unclosed(".a { b: c; } }") == ["line 1: '}' closes nothing"]
    assert unclosed("/* { */ .a { content: \"}\"; } .b::after { content: '{'; }") == []
