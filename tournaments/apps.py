from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        from lobby.signals import table_scored, turn_started
        from tournaments.services import table_scored_receive, turn_started_receive

        table_scored.connect(table_scored_receive, dispatch_uid="tournaments.table_scored")
        turn_started.connect(turn_started_receive, dispatch_uid="tournaments.turn_started")
