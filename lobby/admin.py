"""Tables, seats, the (read-only) move log and the chat in the Django admin.

Moderators act on tables and chat messages through actions that ask for a reason
and write the moderation log; the forms they can open stay read-only.

Moderators never see hidden information: while a game runs, anyone below superuser
sees no seed (it deals the whole game) nor its salt, no state (every hand, the deck), no move's
action and no seat's own log line, only what a spectator knows; they cannot filter
on those fields either, which would answer questions about them. Once the game is
over, everything is shown. The seed, its salt and its commitment (games.verify) are
read-only for everyone, superusers included: a seed changed after the start would no
longer match the commitment the players saw.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django import forms
from django.contrib import admin, messages
from django.db.models import QuerySet
from django.db.models.constants import LOOKUP_SEP
from django.http import HttpRequest
from django.template.response import TemplateResponse
from django.utils.translation import gettext_lazy as _

from accounts.admin import UserAdmin
from accounts.admin_actions import ReasonForm, form_action
from accounts.models import User
from lobby import reputation
from lobby.errors import LobbyError
from lobby.models import ChatMessage, Move, Seat, Table
from lobby.services.chat import chat_hide
from lobby.services.moderation import seat_remove, table_abort

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


HIDDEN_UNTIL_OVER = _("Hidden until the game is over.")
# Short words for the table list (the choices' own labels explain, and take a line each).
MODE_SHORT: dict[str, StrOrPromise] = {
    Table.Mode.ASYNC: _("Asynchronous"),
    Table.Mode.LIVE: _("Live"),
}
VISIBILITY_SHORT: dict[str, StrOrPromise] = {
    Table.Visibility.PUBLIC: _("Public"),
    Table.Visibility.PRIVATE: _("Private"),
}


def game_over(table: Table) -> bool:
    """Return whether `table`'s game has ended (finished or aborted)."""
    return table.status in (Table.Status.FINISHED, Table.Status.ABORTED)


def may_see_hidden(request: HttpRequest, table: Table | None) -> bool:
    """Return whether the request's user may see `table`'s seed, state and private log.

    Superusers always may; everyone else once the game is over.
    """
    if request.user.is_superuser:
        return True
    return table is not None and game_over(table)


def _lookup_touches(lookup: str, fields: frozenset[str]) -> bool:
    return lookup.split(LOOKUP_SEP, 1)[0] in fields


class SeatInline(admin.TabularInline[Seat, Table]):
    model = Seat
    extra = 0
    fields = (
        "position",
        "user",
        "bot",
        "is_to_move",
        "deadline",
        "timeouts",
        "abandoned",
        "conceded",
        "score",
        "place",
    )
    readonly_fields = fields
    can_delete = False

    def get_queryset(self, request: HttpRequest) -> QuerySet[Seat]:
        # Each row shows its seat's name (player and table) and its player.
        return super().get_queryset(request).select_related("user", "table")

    def has_add_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


class SeatRemoveForm(ReasonForm):
    """Which player leaves the table (a bot takes the seat), and why."""

    player = forms.TypedChoiceField(label=_("Player"), coerce=int)

    field_order = ["player", "reason"]

    def __init__(self, *args: Any, table: Table, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        player = self.fields["player"]
        assert isinstance(player, forms.ChoiceField)
        player.choices = [
            (seat.user_id, f"{seat.position}: {seat.user.username}")
            for seat in table.seats.select_related("user")
            if seat.is_human and not seat.abandoned and seat.user is not None
        ]


@admin.register(Table)
class TableAdmin(admin.ModelAdmin[Table]):
    # Fits a 1280 px screen beside the filters: the game is in the table's name.
    list_display = (
        "name",
        "status",
        "mode_shown",
        "visibility_shown",
        "rated",
        "players",
        "moves",
        "created_at",
    )
    list_filter = ("game", "status", "mode", "rated", "visibility")
    search_fields = ("code", "seats__user__username")
    readonly_fields = (
        "code",
        "seed",
        "seed_salt",
        "seed_commitment",
        "version",
        "move_count",
        "state",
        "result",
        "created_by",
        "created_at",
        "started_at",
        "finished_at",
        "scored_at",
    )
    inlines = [SeatInline]
    actions = ["abort", "remove_player"]
    # Shown to moderators only once the game is over; the replacement says so before.
    secret_fields = {
        "seed": "seed_hidden",
        "seed_salt": "seed_salt_hidden",
        "state": "state_hidden",
    }

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        # Moderators change tables through the actions only: those keep the log.
        if request.user.is_superuser:
            return self.readonly_fields
        names = [field.name for field in Table._meta.concrete_fields]
        if not may_see_hidden(request, obj):
            names = [self.secret_fields.get(name, name) for name in names]
        return names

    def get_exclude(self, request: HttpRequest, obj: Any = None) -> Any:
        # Out of the form as well: their read-only stand-ins above take their place.
        exclude = list(super().get_exclude(request, obj) or ())
        if not may_see_hidden(request, obj):
            exclude.extend(self.secret_fields)
        return exclude

    def lookup_allowed(self, lookup: str, value: str, request: HttpRequest | None = None) -> bool:
        # A filter such as ?seed__lt=… or ?state__contains=… would answer questions about
        # running games one at a time, so only superusers may filter on those fields.
        if _lookup_touches(lookup, frozenset(self.secret_fields)) and not (
            request is not None and request.user.is_superuser
        ):
            return False
        return super().lookup_allowed(lookup, value, request)

    @admin.display(description=_("table"), ordering="code")
    def name(self, table: Table) -> str:
        return str(table)

    @admin.display(description=_("mode"), ordering="mode")
    def mode_shown(self, table: Table) -> StrOrPromise:
        return MODE_SHORT.get(table.mode, table.mode)

    @admin.display(description=_("visibility"), ordering="visibility")
    def visibility_shown(self, table: Table) -> StrOrPromise:
        return VISIBILITY_SHORT.get(table.visibility, table.visibility)

    @admin.display(description=_("moves"), ordering="move_count")
    def moves(self, table: Table) -> int:
        return table.move_count

    @admin.display(description=_("seed"))
    def seed_hidden(self, table: Table) -> StrOrPromise:
        return HIDDEN_UNTIL_OVER

    @admin.display(description=_("seed salt"))
    def seed_salt_hidden(self, table: Table) -> StrOrPromise:
        return HIDDEN_UNTIL_OVER

    @admin.display(description=_("state"))
    def state_hidden(self, table: Table) -> StrOrPromise:
        return HIDDEN_UNTIL_OVER

    @admin.action(description=_("Abort, with a reason (no rating change)"), permissions=["change"])
    def abort(self, request: HttpRequest, queryset: QuerySet[Table]) -> TemplateResponse | None:
        def apply(data: dict[str, Any]) -> None:
            done = 0
            for table in queryset:
                try:
                    table_abort(moderator=request.user, table_id=table.id, reason=data["reason"])
                except LobbyError as error:
                    self.message_user(request, error.message, messages.WARNING)
                else:
                    done += 1
            if done:
                self.message_user(request, _("Aborted %(n)d table(s).") % {"n": done})

        return form_action(
            self, request, queryset, form_class=ReasonForm, title=_("Abort tables"), apply=apply
        )

    @admin.action(description=_("Remove a player: a bot takes the seat"), permissions=["change"])
    def remove_player(
        self, request: HttpRequest, queryset: QuerySet[Table]
    ) -> TemplateResponse | None:
        if queryset.count() != 1:
            self.message_user(
                request, _("Choose exactly one table to remove a player from."), messages.ERROR
            )
            return None
        table = queryset.get()

        def apply(data: dict[str, Any]) -> None:
            try:
                seat_remove(
                    moderator=request.user,
                    table_id=table.id,
                    user_id=data["player"],
                    reason=data["reason"],
                )
            except LobbyError as error:
                self.message_user(request, error.message, messages.ERROR)
            else:
                self.message_user(request, _("A bot now plays that seat."))

        return form_action(
            self,
            request,
            queryset,
            form_class=SeatRemoveForm,
            form_kwargs={"table": table},
            title=_("Remove a player"),
            apply=apply,
        )


@admin.register(Move)
class MoveAdmin(admin.ModelAdmin[Move]):
    """The log is append-only: moderators read it, nobody edits it.

    While a game runs, moderators read each move as a spectator does: its action and
    the seats' own log lines (a drawn card, kept cards) wait until the game is over.
    """

    list_display = ("table", "n", "kind", "seat", "action", "by_timeout", "created_at")
    list_filter = ("kind", "by_timeout")
    list_select_related = ("table",)
    search_fields = ("table__code",)
    secret_fields = frozenset({"action", "texts"})

    def get_list_display(self, request: HttpRequest) -> Any:
        if request.user.is_superuser:
            return self.list_display
        return [("action_shown" if name == "action" else name) for name in self.list_display]

    def get_fields(self, request: HttpRequest, obj: Move | None = None) -> Any:
        fields = list(super().get_fields(request, obj))
        if not may_see_hidden(request, obj.table if obj is not None else None):
            fields = [name for name in fields if name not in self.secret_fields]
        return fields

    def get_readonly_fields(self, request: HttpRequest, obj: Move | None = None) -> Any:
        return (*super().get_readonly_fields(request, obj), "spectator_text_shown")

    def lookup_allowed(self, lookup: str, value: str, request: HttpRequest | None = None) -> bool:
        # Filtering on actions or private log lines would reveal them: superusers only.
        if _lookup_touches(lookup, self.secret_fields) and not (
            request is not None and request.user.is_superuser
        ):
            return False
        return super().lookup_allowed(lookup, value, request)

    @admin.display(description=_("action"))
    def action_shown(self, move: Move) -> Any:
        """Return the action once the game is over, else what a spectator read of it."""
        if game_over(move.table):
            return move.action
        return move.spectator_text

    @admin.display(description=_("as a spectator saw it"))
    def spectator_text_shown(self, move: Move) -> str:
        return move.spectator_text

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(ChatMessage)
class ChatMessageAdmin(admin.ModelAdmin[ChatMessage]):
    """Table chat: moderators hide messages (with a reason), never edit or delete them."""

    list_display = ("created_at", "user", "table", "text", "hidden", "hidden_by")
    list_filter = ("hidden",)
    search_fields = ("user__username", "text", "table__code")
    list_select_related = ("user", "table", "hidden_by")
    date_hierarchy = "created_at"
    fields = ("table", "user", "text", "created_at", "hidden", "hidden_by", "hidden_reason")
    readonly_fields = fields
    actions = ["hide", "unhide"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def _set_hidden(
        self,
        request: HttpRequest,
        queryset: QuerySet[ChatMessage],
        hide: bool,
        title: StrOrPromise,
    ) -> TemplateResponse | None:
        def apply(data: dict[str, Any]) -> None:
            changed = [message for message in queryset if message.hidden != hide]
            for message in changed:
                chat_hide(
                    moderator=request.user, message_id=message.id, reason=data["reason"], hide=hide
                )
            self.message_user(request, _("Changed %(n)d message(s).") % {"n": len(changed)})

        return form_action(self, request, queryset, form_class=ReasonForm, title=title, apply=apply)

    @admin.action(description=_("Hide from everyone, with a reason"), permissions=["change"])
    def hide(self, request: HttpRequest, queryset: QuerySet[ChatMessage]) -> Any:
        return self._set_hidden(request, queryset, True, _("Hide chat messages"))

    @admin.action(description=_("Show again, with a reason"), permissions=["change"])
    def unhide(self, request: HttpRequest, queryset: QuerySet[ChatMessage]) -> Any:
        return self._set_hidden(request, queryset, False, _("Show chat messages again"))


class UserReputationAdmin(UserAdmin):
    """The user admin with the player's reputation, read-only (lobby.reputation)."""

    fieldsets = (
        *(UserAdmin.fieldsets or ()),
        (_("Reputation"), {"fields": ("finish_rate", "finished", "abandoned", "lost_on_time")}),
    )
    readonly_fields = (  # type: ignore[assignment]
        *UserAdmin.readonly_fields,
        "finish_rate",
        "finished",
        "abandoned",
        "lost_on_time",
    )

    def _reputation(self, user: User) -> reputation.Reputation:
        # One query per user page, kept for the four fields.
        cached: reputation.Reputation | None = getattr(user, "_reputation", None)
        if cached is None:
            cached = reputation.reputation_get(user=user)
            user._reputation = cached  # type: ignore[attr-defined]
        return cached

    @admin.display(description=_("finish rate"))
    def finish_rate(self, user: User) -> str:
        rate = self._reputation(user).rate
        return "–" if rate is None else f"{rate} %"

    @admin.display(description=_("finished (last 100 games)"))
    def finished(self, user: User) -> int:
        return self._reputation(user).finished

    @admin.display(description=_("abandoned (last 100 games)"))
    def abandoned(self, user: User) -> int:
        return self._reputation(user).abandoned

    @admin.display(description=_("lost on time (last 100 games)"))
    def lost_on_time(self, user: User) -> int:
        return self._reputation(user).lost_on_time


# Accounts know nothing of the lobby: the lobby adds the reputation to their user admin.
admin.site.unregister(User)
admin.site.register(User, UserReputationAdmin)
