"""What accounts asks of the apps above it, which plug their answers in at start-up.

Accounts imports no app above it (an import-linter contract keeps that): where a page of
ours needs something of the lobby, the lobby registers a function here from its
`AppConfig.ready()`, and until it does the answer is the neutral one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import HttpRequest

__all__ = ["report_table", "report_table_finder_set"]

ReportTableFinder = Callable[[HttpRequest], Any]


def _no_table(request: HttpRequest) -> None:
    return None


_report_table_finder: ReportTableFinder = _no_table


def report_table_finder_set(finder: ReportTableFinder) -> None:
    """Plug in how a report's table (?table=<code>) is found and checked for the reporter."""
    global _report_table_finder
    _report_table_finder = finder


def report_table(request: HttpRequest) -> Any:
    """Return the table a report comes from, if the reporter may see it, else None."""
    return _report_table_finder(request)
