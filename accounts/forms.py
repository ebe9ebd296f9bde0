"""Sign-up, log-in, preference and report forms."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from django import forms
from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm, PasswordResetForm, UserCreationForm
from django.utils import translation
from django.utils.html import escape
from django.utils.translation import gettext_lazy as _

from accounts import avatars
from accounts.addresses import password_reset_request
from accounts.models import Report, User, time_zone_choices
from accounts.moderation import suspension_text
from accounts.vacations import MAX_QUIET_HOURS


class SignUpForm(UserCreationForm[User]):
    """Create an account: username, e-mail and a password checked by Django's validators.

    The e-mail address is not checked against other accounts here: whoever owns it, the
    answer is the same, and it waits for confirmation (accounts/addresses.py). The
    username is refused if another player's is the same but for case or width, or if it
    mixes alphabets to look like another (accounts/validators.py, via the model).
    """

    email = forms.EmailField(label=_("E-mail"), help_text=_("For password resets and reminders."))

    # django-stubs does not declare UserCreationForm.Meta, which Django defines.
    class Meta(UserCreationForm.Meta):  # type: ignore[name-defined,misc]
        model = User
        fields = ("username",)

    field_order = ["username", "email", "password1", "password2"]

    def clean_email(self) -> str:
        email: str = self.cleaned_data["email"].strip()
        return email


class PreferencesForm(forms.ModelForm[User]):
    """What a player may change about themselves.

    A new e-mail address is not saved here: the view asks for its confirmation
    (accounts/addresses.py), and says the same whoever owns the address.
    """

    email = forms.EmailField(label=_("E-mail"))
    time_zone = forms.ChoiceField(
        label=_("Time zone"),
        choices=(),
        required=False,
        help_text=_("Automatic: the time zone your browser reports, on each device."),
    )

    class Meta:
        model = User
        fields = (
            "reminders_enabled",
            "turn_sound",
            "turn_notifications",
            "confirm_moves",
            "show_live_score",
            "fewer_animations",
            "time_zone",
            "quiet_start",
            "quiet_end",
            "bio",
        )
        widgets = {
            "bio": forms.Textarea(attrs={"rows": 3}),
            "quiet_start": forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
            "quiet_end": forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
        }
        help_texts = {
            "quiet_start": _(
                "Your asynchronous clocks stand still and no reminder is sent between these "
                "times, every day, in your time zone. Leave both empty for none."
            ),
        }

    field_order = [
        "email",
        "reminders_enabled",
        "turn_sound",
        "turn_notifications",
        "confirm_moves",
        "show_live_score",
        "fewer_animations",
        "time_zone",
        "quiet_start",
        "quiet_end",
        "bio",
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        time_zone = self.fields["time_zone"]
        assert isinstance(time_zone, forms.ChoiceField)
        time_zone.choices = [("", _("Automatic (this browser’s)")), *time_zone_choices()]
        user = self.instance
        self.fields["email"].initial = user.pending_email or user.email
        if user.pending_email and user.email:
            self.fields["email"].help_text = _(
                "Waiting for you to open the link we sent to this address. "
                "Until then, mail goes to %(email)s."
            ) % {"email": escape(user.email)}
        elif user.pending_email:
            self.fields["email"].help_text = _(
                "Waiting for you to open the link we sent to this address."
            )

    def clean_email(self) -> str:
        email: str = self.cleaned_data["email"].strip()
        return email

    def clean(self) -> dict[str, Any]:
        """Refuse half a quiet window, an empty or too long one, and one without a zone."""
        data = super().clean() or {}
        start, end = data.get("quiet_start"), data.get("quiet_end")
        if start is None and end is None:
            return data
        if start is None or end is None:
            raise forms.ValidationError(
                _("Give both times of your quiet hours, or neither."), code="quiet_half"
            )
        if start == end:
            raise forms.ValidationError(
                _("Quiet hours must end at another time than they start."), code="quiet_empty"
            )
        length = ((end.hour * 60 + end.minute) - (start.hour * 60 + start.minute)) % (24 * 60)
        if length > 60 * MAX_QUIET_HOURS:
            raise forms.ValidationError(
                _("Quiet hours may last at most %(hours)s hours a day.")
                % {"hours": MAX_QUIET_HOURS},
                code="quiet_long",
            )
        if not data.get("time_zone"):
            raise forms.ValidationError(
                _("Choose your time zone to set quiet hours: they are kept in it."),
                code="quiet_zone",
            )
        return data


class VacationForm(forms.Form):
    """Whole days off, from a first to a last day, in the player's time zone."""

    first_day = forms.DateField(
        label=_("First day"), widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
    )
    last_day = forms.DateField(
        label=_("Last day"), widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
    )


class AvatarForm(forms.Form):
    """A picture to show beside the player's name: checked and re-encoded (accounts/avatars.py)."""

    picture = forms.FileField(
        label=_("A new picture"),
        help_text=_("PNG, JPEG or WebP, at most 1 MB; shown as a 128×128 square."),
        widget=forms.FileInput(attrs={"accept": "image/png,image/jpeg,image/webp"}),
    )

    def clean_picture(self) -> bytes:
        png: bytes = avatars.png_from_upload(self.cleaned_data["picture"])
        return png


class LoginForm(AuthenticationForm):
    """Django's log-in form, which also turns away suspended and banned players, saying why.

    Guessing is throttled by django-axes (accounts/login_protection.py), which turns a
    locked-out attempt into this page with its refusal, whatever the password.
    """

    def confirm_login_allowed(self, user: Any) -> None:
        super().confirm_login_allowed(user)
        if user.is_suspended:
            raise forms.ValidationError(suspension_text(user), code="suspended")


class QueuedPasswordResetForm(PasswordResetForm):
    """Django's reset form, but saving only queues the mail: the task looks the address up.

    So the page answers after the same work, and in the same time, for every address.
    """

    def save(  # type: ignore[override]
        self, *, request: Any = None, use_https: bool = False, **kwargs: Any
    ) -> None:
        # The link leads to SITE_URL (a path in it included), as in every other mail:
        # never to whatever Host header the request carried.
        site = urlsplit(settings.SITE_URL)
        password_reset_request(
            email=self.cleaned_data["email"],
            domain=site.netloc + site.path.rstrip("/"),
            use_https=site.scheme == "https",
            language=translation.get_language() or settings.LANGUAGE_CODE,
        )


class ReportForm(forms.ModelForm[Report]):
    """What a player tells the moderators about another player."""

    class Meta:
        model = Report
        fields = ("category", "comment")
        widgets = {"comment": forms.Textarea(attrs={"rows": 5, "maxlength": 2000})}
        help_texts = {"comment": _("Say what happened, and when. Moderators read every report.")}
