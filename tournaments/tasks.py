"""Celery tasks of tournaments: fetch by id, call a service, safe to run twice."""

from __future__ import annotations

from config.celery import task


@task(acks_late=True)
def tournament_tick(tournament_id: int) -> bool:
    """Start a tournament or its next round if that is due (idempotent)."""
    from tournaments.services import tournament_tick as tournament_tick_service

    return tournament_tick_service(tournament_id=tournament_id)
