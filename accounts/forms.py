"""Sign-up, log-in, preference and report forms."""

from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.utils.translation import gettext_lazy as _

from accounts.models import Report, User, time_zone_choices
from accounts.moderation import suspension_text
from config import ratelimit


class SignUpForm(UserCreationForm[User]):
    """Create an account: username, e-mail and a password checked by Django's validators."""

    email = forms.EmailField(label=_("E-mail"), help_text=_("For password resets and reminders."))

    # django-stubs does not declare UserCreationForm.Meta, which Django defines.
    class Meta(UserCreationForm.Meta):  # type: ignore[name-defined,misc]
        model = User
        fields = ("username", "email")

    def clean_email(self) -> str:
        email: str = self.cleaned_data["email"].strip()
        if User.objects.filter(email__iexact=email).exists():
            raise forms.ValidationError(_("An account with this e-mail address already exists."))
        return email


class PreferencesForm(forms.ModelForm[User]):
    """What a player may change about themselves."""

    time_zone = forms.ChoiceField(label=_("Time zone"), choices=())

    class Meta:
        model = User
        fields = ("email", "reminders_enabled", "time_zone", "bio")
        widgets = {"bio": forms.Textarea(attrs={"rows": 3})}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        time_zone = self.fields["time_zone"]
        assert isinstance(time_zone, forms.ChoiceField)
        time_zone.choices = time_zone_choices()

    def clean_email(self) -> str:
        email: str = self.cleaned_data["email"].strip()
        taken = User.objects.filter(email__iexact=email).exclude(pk=self.instance.pk)
        if taken.exists():
            raise forms.ValidationError(_("An account with this e-mail address already exists."))
        return email


class LoginForm(AuthenticationForm):
    """Django's log-in form, which also turns away suspended and banned players, saying why.

    It throttles guessing: after LOGIN_FAILURE_LIMIT failed attempts for one account
    or from one address within the window, further attempts are refused until the
    window ends, whatever the password.
    """

    def clean(self) -> dict[str, Any]:
        limit, window = settings.LOGIN_FAILURE_LIMIT
        keys = self._throttle_keys()
        if any(ratelimit.exceeded(key, limit=limit) for key in keys):
            raise forms.ValidationError(
                _("Too many failed log-ins. Wait %(minutes)d minutes and try again.")
                % {"minutes": window // 60},
                code="throttled",
            )
        try:
            cleaned = super().clean()
        except forms.ValidationError as error:
            if getattr(error, "code", None) == "invalid_login":
                for key in keys:
                    ratelimit.hit(key, limit=limit, window=window, fail_open=True)
            raise
        ratelimit.reset(keys[0])
        return cleaned

    def _throttle_keys(self) -> list[str]:
        username = (self.data.get("username") or "")[:150].lower()
        address = self.request.META.get("REMOTE_ADDR", "") if self.request else ""
        return [f"login:user:{username}", f"login:ip:{address}"]

    def confirm_login_allowed(self, user: Any) -> None:
        super().confirm_login_allowed(user)
        if user.is_suspended:
            raise forms.ValidationError(suspension_text(user), code="suspended")


class ReportForm(forms.ModelForm[Report]):
    """What a player tells the moderators about another player."""

    class Meta:
        model = Report
        fields = ("category", "comment")
        widgets = {"comment": forms.Textarea(attrs={"rows": 5, "maxlength": 2000})}
        help_texts = {"comment": _("Say what happened, and when. Moderators read every report.")}
