"""Ratings and their history in the Django admin, read-only apart from two actions.

A rating is the sum of its history: editing one by hand would leave RatingChange rows
that no longer add up, so both are shown and searched here but changed only by
ladder.services (games) and ladder.moderation (a moderator's adjust or reset, with a
reason, recorded in the moderation log).
"""

from __future__ import annotations

from typing import Any, TypeVar

from django import forms
from django.contrib import admin, messages
from django.db.models import Model, QuerySet
from django.http import HttpRequest
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.html import format_html
from django.utils.http import urlencode
from django.utils.translation import gettext_lazy as _

from accounts.admin_actions import ReasonForm, form_action
from ladder.models import Rating, RatingChange
from ladder.moderation import MAX_ADJUSTMENT, RatingError, rating_adjust, rating_reset

_ModelT = TypeVar("_ModelT", bound=Model)


class ReadOnlyAdmin(admin.ModelAdmin[_ModelT]):
    """Let staff look, never add, change or delete."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class AdjustForm(ReasonForm):
    """Points to add to a rating (negative to take away), and why."""

    points = forms.FloatField(
        label=_("Points"),
        min_value=-MAX_ADJUSTMENT,
        max_value=MAX_ADJUSTMENT,
        help_text=_("Added to the rating; a negative number takes points away."),
    )

    field_order = ["points", "reason"]


@admin.register(Rating)
class RatingAdmin(ReadOnlyAdmin[Rating]):
    list_display = ("user", "game", "rating_shown", "games", "peak_shown", "last_played")
    list_filter = ("game",)
    search_fields = ("user__username",)
    list_select_related = ("user",)
    ordering = ("game", "-rating")
    fields = ("user", "game", "rating", "games", "peak", "last_played", "history")
    readonly_fields = fields
    actions = ["adjust", "reset"]

    def has_adjust_permission(self, request: HttpRequest) -> bool:
        # The form stays read-only (has_change_permission is False); "change rating"
        # lets a moderator use the two actions, which keep the history in the log.
        return request.user.has_perm("ladder.change_rating")

    def _each(self, request: HttpRequest, queryset: QuerySet[Rating], act: Any) -> None:
        done = 0
        for rating in queryset:
            try:
                act(rating)
            except RatingError as error:
                self.message_user(request, error.message, messages.ERROR)
            else:
                done += 1
        if done:
            self.message_user(request, _("Changed %(n)d rating(s).") % {"n": done})

    @admin.action(description=_("Adjust by some points, with a reason"), permissions=["adjust"])
    def adjust(self, request: HttpRequest, queryset: QuerySet[Rating]) -> TemplateResponse | None:
        def apply(data: dict[str, Any]) -> None:
            self._each(
                request,
                queryset,
                lambda rating: rating_adjust(
                    moderator=request.user,
                    rating_id=rating.id,
                    points=data["points"],
                    reason=data["reason"],
                ),
            )

        return form_action(
            self, request, queryset, form_class=AdjustForm, title=_("Adjust ratings"), apply=apply
        )

    @admin.action(
        description=_("Reset to 1500 (a fresh start), with a reason"), permissions=["adjust"]
    )
    def reset(self, request: HttpRequest, queryset: QuerySet[Rating]) -> TemplateResponse | None:
        def apply(data: dict[str, Any]) -> None:
            self._each(
                request,
                queryset,
                lambda rating: rating_reset(
                    moderator=request.user, rating_id=rating.id, reason=data["reason"]
                ),
            )

        return form_action(
            self, request, queryset, form_class=ReasonForm, title=_("Reset ratings"), apply=apply
        )

    @admin.display(description=_("rating"), ordering="rating")
    def rating_shown(self, rating: Rating) -> str:
        return f"{rating.rating:.0f}"

    @admin.display(description=_("peak"), ordering="peak")
    def peak_shown(self, rating: Rating) -> str:
        return f"{rating.peak:.0f}"

    @admin.display(description=_("history"))
    def history(self, rating: Rating) -> str:
        url = reverse("admin:ladder_ratingchange_changelist")
        params: dict[str, int | str] = {"user__id__exact": rating.user_id, "game": rating.game}
        query = urlencode(params)
        log = reverse("admin:accounts_moderationlog_changelist")
        log_params: dict[str, int | str] = {"target_user__id__exact": rating.user_id, "q": "rating"}
        log_query = urlencode(log_params)
        return format_html(
            '<a href="{}?{}">{}</a> · <a href="{}?{}">{}</a>',
            url,
            query,
            _("rated games"),
            log,
            log_query,
            _("moderators' changes"),
        )


@admin.register(RatingChange)
class RatingChangeAdmin(ReadOnlyAdmin[RatingChange]):
    list_display = ("created_at", "user", "game", "table", "place", "before", "after", "k")
    list_filter = ("game",)
    search_fields = ("user__username",)
    list_select_related = ("user", "table")
    date_hierarchy = "created_at"
    fields = (
        "table",
        "user",
        "game",
        "place",
        "rating_before",
        "rating_after",
        "change",
        "k",
        "pairs",
        "created_at",
    )
    readonly_fields = fields

    @admin.display(description=_("before"), ordering="rating_before")
    def before(self, change: RatingChange) -> str:
        return f"{change.rating_before:.0f}"

    @admin.display(description=_("after"), ordering="rating_after")
    def after(self, change: RatingChange) -> str:
        return f"{change.rating_after:.0f}"
