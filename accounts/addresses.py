"""E-mail addresses and password-reset mail, worded so that no page tells whether an
address belongs to an account.

A new address (sign-up, preferences) waits in `User.pending_email`; the request that
typed it does the same work whoever owns it, and a task then mails it: a confirmation
link if no other account has it confirmed, else a notice to that account's owner
("someone tried to use your address"). Only a confirmed address (`User.email`) gets
reminders and password resets. Password-reset mail is looked up and sent by a task
too, so a known address is not answered more slowly than an unknown one.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.contrib.auth.forms import PasswordResetForm
from django.core import signing
from django.core.mail import send_mail
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from accounts.models import User
from accounts.services import user_language

CONFIRM_SALT = "accounts.addresses.confirm"
CONFIRM_MAX_AGE = timedelta(days=3)
RESET_EMAIL_TEMPLATE = "registration/password_reset_email.txt"
RESET_SUBJECT_TEMPLATE = "registration/password_reset_subject.txt"


class AddressError(Exception):
    """A confirmation link that cannot be used; the message is for the player."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _same(one: str, other: str) -> bool:
    return one.strip().casefold() == other.strip().casefold()


def address_token(*, user: User, address: str) -> str:
    """Return the signed token of a confirmation link: this user, this address."""
    return signing.dumps({"u": user.pk, "e": address.casefold()}, salt=CONFIRM_SALT)


def address_token_read(token: str) -> tuple[int, str]:
    """Return (user id, address) from a confirmation token, or raise AddressError."""
    try:
        data = signing.loads(token, salt=CONFIRM_SALT, max_age=CONFIRM_MAX_AGE)
    except signing.SignatureExpired:
        raise AddressError(
            _("This link has expired. Enter your address again in your preferences for a new one.")
        ) from None
    except signing.BadSignature:
        raise AddressError(_("This link is invalid or was already used.")) from None
    return int(data["u"]), str(data["e"])


@transaction.atomic
def address_change_request(*, user: User, address: str, language: str) -> bool:
    """Make `address` the player's address once they confirm it; return whether mail goes out.

    The address the player already has confirmed needs no mail and drops any pending
    one. Any other becomes pending, and a task mails it after the commit (see the module).
    """
    address = User.objects.normalize_email(address.strip())
    if user.email and _same(address, user.email):
        user.pending_email = ""
        user.save(update_fields=["pending_email"])
        return False
    user.pending_email = address
    user.save(update_fields=["pending_email"])
    from accounts.tasks import address_mail as address_mail_task

    user_id = user.pk
    transaction.on_commit(
        lambda: address_mail_task.delay(user_id=user_id, address=address, language=language)
    )
    return True


def address_mail(*, user_id: int, address: str, language: str) -> str:
    """Mail a pending address; return what was sent: "confirm", "taken" or "" (nothing).

    Nothing, when the player has since changed or confirmed it (the task came late).
    """
    user = User.objects.filter(pk=user_id).first()
    if user is None or not _same(user.pending_email, address):
        return ""
    owner = User.objects.filter(email__iexact=address).exclude(pk=user_id).first()
    site = settings.SITE_URL.rstrip("/")
    if owner is not None:
        with translation.override(user_language(owner)):
            context: dict[str, object] = {
                "login_url": site + reverse("accounts:login"),
                "reset_url": site + reverse("accounts:password_reset"),
            }
            subject = _("Someone tried to use your e-mail address at Playtable")
            body = render_to_string("accounts/email/address_taken.txt", context)
        send_mail(subject, body, None, [owner.email])
        return "taken"
    with translation.override(language):
        token = address_token(user=user, address=address)
        context = {
            "user": user,
            "confirm_url": site + reverse("accounts:email_confirm", kwargs={"token": token}),
            "days": CONFIRM_MAX_AGE.days,
        }
        subject = _("Confirm your e-mail address at Playtable")
        body = render_to_string("accounts/email/address_confirm.txt", context)
    send_mail(subject, body, None, [address])
    return "confirm"


@transaction.atomic
def address_confirm(*, token: str) -> User:
    """Confirm the address a link was mailed to; raise AddressError if it cannot be."""
    user_id, address = address_token_read(token)
    user = User.objects.select_for_update().filter(pk=user_id).first()
    if user is None or not user.pending_email or not _same(user.pending_email, address):
        raise AddressError(_("This link is invalid or was already used."))
    if User.objects.filter(email__iexact=address).exclude(pk=user.pk).exists():
        raise AddressError(_("This address is already confirmed for another account."))
    user.email, user.pending_email = user.pending_email, ""
    user.save(update_fields=["email", "pending_email"])
    return user


def password_reset_request(*, email: str, domain: str, use_https: bool, language: str) -> None:
    """Queue a password-reset mail; the request looks nothing up, whatever the address."""
    from accounts.tasks import password_reset_send as password_reset_send_task

    password_reset_send_task.delay(
        email=email, domain=domain, use_https=use_https, language=language
    )


def password_reset_send(*, email: str, domain: str, use_https: bool, language: str) -> None:
    """Mail a reset link to each active account whose confirmed address is `email`.

    Django's PasswordResetForm finds the accounts (by `User.email`, so a pending
    address gets nothing) and words the mail.
    """
    form = PasswordResetForm({"email": email})
    if not form.is_valid():
        return
    with translation.override(language):
        form.save(
            domain_override=domain,
            use_https=use_https,
            email_template_name=RESET_EMAIL_TEMPLATE,
            subject_template_name=RESET_SUBJECT_TEMPLATE,
        )
