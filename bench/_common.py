"""Shared helpers of the benchmarks: Django set-up (to fill the registry) and tables."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any


def setup_django() -> None:
    """Configure Django so the game apps' ready() fills the engine registry (no database)."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()


def selected_engines(slug: str | None) -> list[Any]:
    """Return the engine named by `slug`, or every registered engine."""
    from games.registry import engines, get_engine

    return [get_engine(slug)] if slug else engines()


def print_table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
    """Print rows as a plain-text table: the first column left-aligned, figures right."""
    table = [list(headers), *[list(row) for row in rows]]
    widths = [max(len(row[i]) for row in table) for i in range(len(headers))]

    def line(cells: Sequence[str]) -> str:
        first = cells[0].ljust(widths[0])
        return "  ".join(
            [first, *(cell.rjust(w) for cell, w in zip(cells[1:], widths[1:], strict=True))]
        )

    print(line(table[0]))
    print("  ".join("-" * width for width in widths))
    for row in table[1:]:
        print(line(row))


def parse_options(pairs: list[str] | None) -> dict[str, Any]:
    """Table options from `--option key=value` (the value read as JSON when it parses)."""
    import json

    options: dict[str, Any] = {}
    for pair in pairs or ():
        key, _, raw = pair.partition("=")
        try:
            options[key] = json.loads(raw)
        except ValueError:
            options[key] = raw
    return options
