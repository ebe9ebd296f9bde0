"""Admin actions that ask for a reason first: the intermediate page and its forms."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from django import forms
from django.contrib import admin
from django.contrib.admin import helpers
from django.db.models import QuerySet
from django.http import HttpRequest
from django.template.response import TemplateResponse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

APPLY = "apply"


class ReasonForm(forms.Form):
    """A moderator's reason: every action writes it to the moderation log."""

    reason = forms.CharField(
        label=_("Reason"),
        max_length=1000,
        widget=forms.Textarea(attrs={"rows": 3, "cols": 60}),
        help_text=_("Written to the moderation log; players may be shown it."),
    )


class SuspendForm(ReasonForm):
    """A suspension's end and its reason."""

    until = forms.DateTimeField(
        label=_("Suspended until"),
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}),
        help_text=_("In your own time zone."),
    )

    field_order = ["until", "reason"]

    def clean_until(self) -> Any:
        until = self.cleaned_data["until"]
        if until <= timezone.now():
            raise forms.ValidationError(_("Choose a moment in the future."))
        return until


class NoteForm(forms.Form):
    """A moderator's note on how a report was handled."""

    note = forms.CharField(
        label=_("Note"),
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 3, "cols": 60}),
        help_text=_("What was done, or why nothing was: kept with the report and in the log."),
    )


def form_action(
    modeladmin: admin.ModelAdmin[Any],
    request: HttpRequest,
    queryset: QuerySet[Any],
    *,
    form_class: type[forms.Form],
    title: StrOrPromise,
    apply: Callable[[dict[str, Any]], None],
    form_kwargs: dict[str, Any] | None = None,
) -> TemplateResponse | None:
    """Run an admin action in two steps: show `form_class`, then `apply` its cleaned data.

    The first POST comes from the change list and shows the form on an intermediate
    page; that page posts back to the same action with APPLY set. Returning None sends
    the moderator back to the change list, with the messages `apply` left.
    """
    kwargs = form_kwargs or {}
    if APPLY in request.POST:
        form = form_class(request.POST, **kwargs)
        if form.is_valid():
            apply(form.cleaned_data)
            return None
    else:
        form = form_class(**kwargs)
    opts = modeladmin.model._meta
    context = {
        **modeladmin.admin_site.each_context(request),
        "title": title,
        "form": form,
        "objects": list(queryset),
        "opts": opts,
        "app_label": opts.app_label,
        "action": request.POST.get("action", ""),
        "action_checkbox_name": helpers.ACTION_CHECKBOX_NAME,
        "apply_name": APPLY,
        "media": modeladmin.media + form.media,
    }
    return TemplateResponse(request, "admin/moderation_action.html", context)
