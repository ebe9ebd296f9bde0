"""Ratings per player and game, and the history of every rated game's changes."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from ladder.elo import START_RATING


class Rating(models.Model):
    """A player's current Elo rating at one game."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="ratings",
        verbose_name=_("player"),
    )
    game = models.CharField(_("game"), max_length=40)
    rating = models.FloatField(_("rating"), default=START_RATING)
    games = models.PositiveIntegerField(_("rated games"), default=0)
    # The highest rating held, the 1500 start included.
    peak = models.FloatField(_("peak"), default=START_RATING)
    last_played = models.DateTimeField(_("last played"), null=True, blank=True)

    class Meta:
        verbose_name = _("rating")
        verbose_name_plural = _("ratings")
        ordering = ["game", "-rating"]
        constraints = [
            models.UniqueConstraint(fields=["user", "game"], name="rating_unique_user_game"),
        ]
        # The leaderboard walks one game's ratings from the top, ties in id order. With
        # `games` in the index too, ranking and counting read the index alone.
        indexes = [models.Index(fields=["game", "-rating", "id", "games"], name="rating_ladder")]

    def __str__(self) -> str:
        from lobby.templatetags.playtable import game_name

        return gettext("%(player)s at %(game)s: %(rating)s") % {
            "player": self.user,
            "game": game_name(self.game),
            "rating": f"{self.rating:.0f}",
        }


class RatingChange(models.Model):
    """What one rated table did to one player's rating, and why, opponent by opponent."""

    table = models.ForeignKey(
        "lobby.Table",
        on_delete=models.PROTECT,
        related_name="rating_changes",
        verbose_name=_("table"),
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="rating_changes",
        verbose_name=_("player"),
    )
    game = models.CharField(_("game"), max_length=40)
    place = models.PositiveSmallIntegerField(_("place"))
    rating_before = models.FloatField(_("rating before"))
    rating_after = models.FloatField(_("rating after"))
    change = models.FloatField(_("change"))
    k = models.FloatField(_("K factor"))
    # One entry per opponent: opponent_id, opponent_name, opponent_rating (before),
    # expected, actual and contribution (see ladder.elo.Pair).
    pairs = models.JSONField(_("pairs"), default=list)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        verbose_name = _("rating change")
        verbose_name_plural = _("rating changes")
        ordering = ["-created_at", "-id"]
        constraints = [
            # A table is rated once: a second run of the end-of-game task fails here
            # even if it got past the check in ratings_apply.
            models.UniqueConstraint(
                fields=["table", "user"], name="ratingchange_unique_table_user"
            ),
        ]
        indexes = [models.Index(fields=["user", "game", "id"], name="ratingchange_history")]

    def __str__(self) -> str:
        return gettext("%(player)s at %(table)s: %(change)s") % {
            "player": self.user,
            "table": self.table,
            "change": f"{self.change:+.1f}",
        }
