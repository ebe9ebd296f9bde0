from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LobbyConfig(AppConfig):
    name = "lobby"
    verbose_name = _("Lobby")

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_out

        from accounts import ports
        from accounts.signals import pauses_changed, user_shut_out
        from lobby import selectors, sockets
        from lobby.services.timers import on_pauses_changed

        ports.report_table_finder_set(selectors.report_table)

        user_logged_out.connect(sockets.on_logged_out, dispatch_uid="lobby-sockets-logout")
        user_shut_out.connect(sockets.on_shut_out, dispatch_uid="lobby-sockets-shut-out")
        pauses_changed.connect(on_pauses_changed, dispatch_uid="lobby-deadlines-pauses")
