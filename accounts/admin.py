"""Players, reports and the moderation log in the Django admin.

Moderators (the "Moderators" group) see players and act on them only through the
actions below, each of which asks for a reason and writes the moderation log.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from axes.admin import AccessAttemptAdmin as AxesAccessAttemptAdmin
from axes.models import AccessAttempt
from django.contrib import admin, messages
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from django.db.models import Q, QuerySet
from django.http import HttpRequest
from django.template.response import TemplateResponse
from django.utils import formats, timezone
from django.utils.translation import gettext_lazy as _

from accounts.admin_actions import NoteForm, ReasonForm, SuspendForm, form_action
from accounts.models import ModerationLog, Report, User
from accounts.moderation import (
    ModerationError,
    avatar_remove,
    report_handle,
    user_ban,
    user_reinstate,
    user_suspend,
)

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


class StandingFilter(admin.SimpleListFilter):
    """Filter players by whether they may play now."""

    title = _("standing")
    parameter_name = "standing"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, Any]]:
        return [
            ("suspended", _("Suspended now")),
            ("banned", _("Banned")),
            ("good", _("In good standing")),
        ]

    def queryset(self, request: HttpRequest, queryset: QuerySet[User]) -> QuerySet[User]:
        suspended = Q(suspended_until__gt=timezone.now())
        if self.value() == "suspended":
            return queryset.filter(suspended, banned=False)
        if self.value() == "banned":
            return queryset.filter(banned=True)
        if self.value() == "good":
            return queryset.exclude(suspended).filter(banned=False)
        return queryset


def _when(value: datetime | None, *, date_only: bool = False) -> str:
    """Return a time as the admin's lists show it, free to wrap (Django's own date
    columns do not wrap, which pushed the lists past a 1280 px screen)."""
    if value is None:
        return "–"
    local = timezone.localtime(value)
    return formats.date_format(local) if date_only else formats.localize(local)


def _each(
    modeladmin: admin.ModelAdmin[Any], request: HttpRequest, queryset: QuerySet[Any], act: Any
) -> None:
    """Apply `act` to each object; report what was done and what was refused."""
    done = 0
    for obj in queryset:
        try:
            act(obj)
        except ModerationError as error:
            modeladmin.message_user(request, error.message, messages.WARNING)
        else:
            done += 1
    if done:
        modeladmin.message_user(
            request, _("Done for %(n)d item(s); see the moderation log.") % {"n": done}
        )


@admin.register(User)
class UserAdmin(BaseUserAdmin[User]):
    list_display = (
        "username",
        "email",
        "is_active",
        "is_staff",
        "standing",
        "joined",
        "last_seen",
    )
    list_filter = (StandingFilter, "is_active", "is_staff", "banned", "reminders_enabled")
    search_fields = ("username", "email")
    fieldsets = (
        *(BaseUserAdmin.fieldsets or ()),
        ("Playtable", {"fields": ("reminders_enabled", "time_zone", "bio")}),
        (_("Moderation"), {"fields": ("suspended_until", "banned", "suspension_reason")}),
    )
    # Changed only through the actions, which write the moderation log.
    readonly_fields = ("suspended_until", "banned", "suspension_reason")
    actions = ["suspend", "ban", "reinstate", "remove_picture"]

    def has_suspend_permission(self, request: HttpRequest) -> bool:
        return request.user.has_perm("accounts.suspend_user")

    @admin.display(description=_("date joined"), ordering="date_joined")
    def joined(self, user: User) -> str:
        return _when(user.date_joined, date_only=True)

    @admin.display(description=_("last login"), ordering="last_login")
    def last_seen(self, user: User) -> str:
        return _when(user.last_login)

    @admin.display(description=_("standing"))
    def standing(self, user: User) -> str:
        if user.banned:
            return str(_("banned"))
        if user.is_suspended:
            until = formats.localize(timezone.localtime(user.suspended_until))
            return str(_("suspended until %(until)s") % {"until": until})
        return "–"

    @admin.action(description=_("Suspend until a date, with a reason"), permissions=["suspend"])
    def suspend(self, request: HttpRequest, queryset: QuerySet[User]) -> TemplateResponse | None:
        def apply(data: dict[str, Any]) -> None:
            _each(
                self,
                request,
                queryset,
                lambda user: user_suspend(
                    moderator=request.user,
                    user_id=user.id,
                    until=data["until"],
                    reason=data["reason"],
                ),
            )

        return form_action(
            self, request, queryset, form_class=SuspendForm, title=_("Suspend"), apply=apply
        )

    @admin.action(description=_("Ban, with a reason"), permissions=["suspend"])
    def ban(self, request: HttpRequest, queryset: QuerySet[User]) -> TemplateResponse | None:
        def apply(data: dict[str, Any]) -> None:
            _each(
                self,
                request,
                queryset,
                lambda user: user_ban(
                    moderator=request.user, user_id=user.id, reason=data["reason"]
                ),
            )

        return form_action(
            self, request, queryset, form_class=ReasonForm, title=_("Ban"), apply=apply
        )

    @admin.action(description=_("Lift a suspension or ban, with a reason"), permissions=["suspend"])
    def reinstate(self, request: HttpRequest, queryset: QuerySet[User]) -> TemplateResponse | None:
        def apply(data: dict[str, Any]) -> None:
            _each(
                self,
                request,
                queryset,
                lambda user: user_reinstate(
                    moderator=request.user, user_id=user.id, reason=data["reason"]
                ),
            )

        return form_action(
            self,
            request,
            queryset,
            form_class=ReasonForm,
            title=_("Lift a suspension or ban"),
            apply=apply,
        )

    @admin.action(
        description=_("Remove the uploaded picture, with a reason"), permissions=["suspend"]
    )
    def remove_picture(
        self, request: HttpRequest, queryset: QuerySet[User]
    ) -> TemplateResponse | None:
        def apply(data: dict[str, Any]) -> None:
            _each(
                self,
                request,
                queryset,
                lambda user: avatar_remove(
                    moderator=request.user, user_id=user.id, reason=data["reason"]
                ),
            )

        return form_action(
            self,
            request,
            queryset,
            form_class=ReasonForm,
            title=_("Remove the uploaded picture"),
            apply=apply,
        )


@admin.register(Report)
class ReportAdmin(admin.ModelAdmin[Report]):
    """The reports queue, newest first; a report is closed with a note through the actions."""

    list_display = (
        "created",
        "status",
        "category",
        "reporter",
        "reported",
        "table",
        "handled_by",
    )
    list_filter = ("status", "category")
    search_fields = ("reporter__username", "reported__username", "comment")
    list_select_related = ("reporter", "reported", "table", "handled_by")
    date_hierarchy = "created_at"
    ordering = ("-created_at",)
    fields = (
        "reporter",
        "reported",
        "table",
        "category",
        "comment",
        "created_at",
        "status",
        "resolution_note",
        "handled_by",
        "handled_at",
    )
    readonly_fields = fields
    actions = ["resolve", "dismiss"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    @admin.display(description=_("created at"), ordering="created_at")
    def created(self, report: Report) -> str:
        return _when(report.created_at)

    def _close(
        self, request: HttpRequest, queryset: QuerySet[Report], status: str, title: StrOrPromise
    ) -> TemplateResponse | None:
        def apply(data: dict[str, Any]) -> None:
            _each(
                self,
                request,
                queryset,
                lambda report: report_handle(
                    moderator=request.user, report_id=report.id, status=status, note=data["note"]
                ),
            )

        return form_action(self, request, queryset, form_class=NoteForm, title=title, apply=apply)

    @admin.action(description=_("Resolve, with a note"), permissions=["change"])
    def resolve(self, request: HttpRequest, queryset: QuerySet[Report]) -> TemplateResponse | None:
        return self._close(request, queryset, Report.Status.RESOLVED, _("Resolve"))

    @admin.action(description=_("Dismiss, with a note"), permissions=["change"])
    def dismiss(self, request: HttpRequest, queryset: QuerySet[Report]) -> TemplateResponse | None:
        return self._close(request, queryset, Report.Status.DISMISSED, _("Dismiss"))


@admin.register(ModerationLog)
class ModerationLogAdmin(admin.ModelAdmin[ModerationLog]):
    """The audit log: read by staff, never added to, changed or deleted by hand."""

    list_display = ("created_at", "moderator", "action", "target_user", "target_shown", "reason")
    list_filter = ("action", ("moderator", admin.RelatedOnlyFieldListFilter))
    search_fields = ("moderator__username", "target_user__username", "target", "reason")
    list_select_related = ("moderator", "target_user")
    date_hierarchy = "created_at"
    fields = (
        "created_at",
        "moderator",
        "action",
        "target_user",
        "table",
        "target_shown",
        "reason",
        "details",
    )
    readonly_fields = fields

    @admin.display(description=_("object"), ordering="target")
    def target_shown(self, entry: ModerationLog) -> str:
        return entry.target_said

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class AccessAttemptAdmin(AxesAccessAttemptAdmin):  # type: ignore[misc]
    """django-axes' list of log-in lockouts, without the browser's user agent: that long
    text pushed the list past a 1280 px screen, and each entry's own page shows it."""

    list_display = [name for name in AxesAccessAttemptAdmin.list_display if name != "user_agent"]


if admin.site.is_registered(AccessAttempt):
    admin.site.unregister(AccessAttempt)
    admin.site.register(AccessAttempt, AccessAttemptAdmin)
