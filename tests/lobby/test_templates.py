"""Templates never leak their own source: comments stay comments."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.test import Client

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = sorted(
    path
    for folder in ("templates", "accounts", "lobby", "ladder", "games")
    for path in (ROOT / folder).rglob("*.html")
)


def test_templates_were_found() -> None:
    assert len(TEMPLATES) > 20


@pytest.mark.parametrize("path", TEMPLATES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_short_comment_closes_on_its_own_line(path: Path) -> None:
    """Django's {# #} comments are one line; an unclosed one is printed on the page."""
    for number, line in enumerate(path.read_text().splitlines(), 1):
        for opened in re.finditer(r"\{#", line):
            assert "#}" in line[opened.end() :], f"line {number}: use {{% comment %}} instead"


@pytest.mark.django_db
def test_pages_show_no_template_syntax(client: Client) -> None:
    for url in ("/", "/games/", "/accounts/login/", "/accounts/signup/"):
        html = client.get(url).content.decode()
        assert "{#" not in html and "{%" not in html, url
