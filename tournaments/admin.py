"""Tournaments in the Django admin: moderators cancel one or remove an entrant, with a reason.

Both actions go through the services, which write the moderation log (accounts'
ModerationLog admin is the audit log); nothing is edited by hand here.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.template.response import TemplateResponse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts.admin_actions import ReasonForm, form_action
from lobby.errors import LobbyError
from tournaments.models import Entry, Tournament
from tournaments.services import entry_remove, tournament_cancel


class EntryInline(admin.TabularInline[Entry, Tournament]):
    model = Entry
    fields = ("user", "rating", "dropped", "joined_at")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin[Tournament]):
    list_display = ("name", "game", "format", "status", "round_number", "rounds", "created_at")
    list_filter = ("status", "format", "game")
    search_fields = ("name", "code")
    inlines = [EntryInline]
    actions = ["cancel"]

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        # Moderators change tournaments through the actions only: those keep the log.
        return [field.name for field in Tournament._meta.fields if field.name != "invite_token"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    @admin.action(description=gettext_lazy("Cancel, with a reason"), permissions=["change"])
    def cancel(
        self, request: HttpRequest, queryset: QuerySet[Tournament]
    ) -> TemplateResponse | None:
        def apply(data: dict[str, Any]) -> None:
            done = 0
            for tournament in queryset:
                try:
                    tournament_cancel(
                        moderator=request.user, tournament_id=tournament.id, reason=data["reason"]
                    )
                except LobbyError as error:
                    self.message_user(request, error.message, messages.WARNING)
                else:
                    done += 1
            if done:
                self.message_user(request, _("Cancelled %(n)d tournament(s).") % {"n": done})

        return form_action(
            self,
            request,
            queryset,
            form_class=ReasonForm,
            title=gettext_lazy("Cancel tournaments"),
            apply=apply,
        )


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin[Entry]):
    list_display = ("user", "tournament", "rating", "dropped", "joined_at")
    list_filter = ("dropped",)
    search_fields = ("user__username", "tournament__name")
    readonly_fields = ("tournament", "user", "rating", "dropped", "joined_at")
    actions = ["remove"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    @admin.action(description=gettext_lazy("Remove from the tournament"), permissions=["change"])
    def remove(self, request: HttpRequest, queryset: QuerySet[Entry]) -> TemplateResponse | None:
        def apply(data: dict[str, Any]) -> None:
            done = 0
            for entry in list(queryset):
                try:
                    entry_remove(moderator=request.user, entry_id=entry.id, reason=data["reason"])
                except LobbyError as error:
                    self.message_user(request, error.message, messages.WARNING)
                else:
                    done += 1
            if done:
                self.message_user(request, _("Removed %(n)d entrant(s).") % {"n": done})

        return form_action(
            self,
            request,
            queryset,
            form_class=ReasonForm,
            title=gettext_lazy("Remove entrants"),
            apply=apply,
        )
