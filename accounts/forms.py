"""Sign-up, log-in, preference and report forms."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.utils.translation import gettext_lazy as _

from accounts.models import Report, User, time_zone_choices
from accounts.moderation import suspension_text


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

    Guessing is throttled by django-axes (accounts/login_protection.py), which turns a
    locked-out attempt into this page with its refusal, whatever the password.
    """

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
