from __future__ import annotations

from importlib import import_module

from django.apps import AppConfig


class GamesConfig(AppConfig):
    """The core games app: the engine contract, the registry and the catalogue."""

    default = True  # the module also holds GameConfig, the base of each game's app
    name = "games"
    verbose_name = "Games"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.utils.translation import gettext, ngettext, pgettext
        from django.utils.translation.trans_real import catalog

        from games.words import install

        install(gettext, ngettext, pgettext, catalog)


class GameConfig(AppConfig):
    """The base of every game's app: registers its engine with its view and its bots.

    A game package `games.<slug>` provides `engine.ENGINE`, `view.build_view` and
    `bots.BOTS`; its app only names itself.
    """

    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from games.registry import register

        engine = import_module(f"{self.name}.engine").ENGINE
        engine.attach(
            viewer=import_module(f"{self.name}.view").build_view,
            bots=import_module(f"{self.name}.bots").BOTS,
        )
        try:  # optional: what a move touched, for the last-move highlight (lobby.marks)
            type(engine).marker = staticmethod(import_module(f"{self.name}.marks").touched)
        except ModuleNotFoundError:
            type(engine).marker = None
        register(engine)
