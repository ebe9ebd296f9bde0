from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        from lobby.signals import table_scored
        from tournaments.services import table_scored_receive

        table_scored.connect(table_scored_receive, dispatch_uid="tournaments.table_scored")
