"""Sign-up, profiles, preferences, friends, blocks and reports.

Log-in and passwords use Django's auth views; the password-reset one queues its mail.
"""

from __future__ import annotations

import hashlib
from typing import Any

from axes.helpers import get_client_ip_address
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.db.models import F
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone, translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST
from django.views.i18n import set_language
from django_htmx.http import HttpResponseClientRedirect

from accounts import addresses, avatars, moderation, ports, selectors, services, vacations
from accounts.forms import (
    AvatarForm,
    PreferencesForm,
    QueuedPasswordResetForm,
    ReportForm,
    SignUpForm,
    VacationForm,
)
from accounts.models import Avatar, Relationship, User
from config import ratelimit
from config.http import AuthenticatedHttpRequest

# The same words whether or not the address belongs to another account.
_CONFIRM_SENT = gettext_lazy(
    "We sent a link to %(email)s: open it to confirm your address. "
    "Until then, we send no other mail there."
)


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    """Create an account and log the new player in."""
    if request.user.is_authenticated:
        return redirect("home")
    form = SignUpForm(request.POST or None)
    if request.method == "POST":
        limit, window = settings.SIGNUP_RATE_LIMIT
        # The client's address as log-in protection reads it (behind a configured proxy,
        # the forwarded one), so sign-ups are not all counted as the proxy's.
        address = get_client_ip_address(request) or ""
        try:
            allowed = ratelimit.hit(
                f"signup:{address}", limit=limit, window=window, fail_open=False
            )
        except ratelimit.Unavailable:
            form.add_error(None, _("Sign-up is briefly unavailable. Please try again in a minute."))
            return render(request, "accounts/signup.html", {"form": form}, status=503)
        if not allowed:
            form.add_error(None, _("Too many new accounts from your address. Try again later."))
            return render(request, "accounts/signup.html", {"form": form}, status=429)
    if request.method == "POST" and form.is_valid():
        user = form.save(commit=False)
        user.language = translation.get_language() or ""
        user.save()
        address = form.cleaned_data["email"]
        addresses.address_change_request(user=user, address=address, language=user.language)
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, _("Welcome to Playtable, %(name)s!") % {"name": user.username})
        messages.info(request, _CONFIRM_SENT % {"email": address})
        return redirect("home")
    status = 400 if request.method == "POST" else 200
    return render(request, "accounts/signup.html", {"form": form}, status=status)


def profile(request: HttpRequest, username: str) -> HttpResponse:
    """Show a player's public profile; to others, the friend, mute, block and report buttons."""
    player = get_object_or_404(User, username=username, is_active=True)
    held = selectors.relationship_kinds(user=request.user, other=player)
    context = {
        "player": player,
        "relations": {kind: kind in held for kind in Relationship.Kind.values},
    }
    if request.user == player:
        context["lists"] = [
            (kind, selectors.user_list_related(user=player, kind=kind))
            for kind in Relationship.Kind.values
        ]
    return render(request, "accounts/profile.html", context)


def _back(request: HttpRequest, player: User) -> HttpResponse:
    """Redirect to the page the form came from (same site only), else the profile.

    An htmx request (a mute button in the chat) gets a full-page redirect, so the page
    reloads without the muted player's messages.
    """
    target = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        target = player.get_absolute_url()
    if getattr(request, "htmx", False):
        return HttpResponseClientRedirect(target)
    return redirect(target)


_DONE = {
    ("friend", True): gettext_lazy("%(name)s is now your friend."),
    ("friend", False): gettext_lazy("%(name)s is no longer your friend."),
    ("block", True): gettext_lazy(
        "You blocked %(name)s: they cannot join your tables or chat to you."
    ),
    ("block", False): gettext_lazy("You unblocked %(name)s."),
    ("mute", True): gettext_lazy("You muted %(name)s: you will not see their chat."),
    ("mute", False): gettext_lazy("You unmuted %(name)s."),
}


@login_required
@require_POST
def relationship_set(request: HttpRequest, username: str) -> HttpResponse:
    """Add or remove a friend, a block or a mute (POST kind=friend|block|mute, on=1|0)."""
    player = get_object_or_404(User, username=username, is_active=True)
    kind, on = request.POST.get("kind", ""), request.POST.get("on") == "1"
    if kind not in Relationship.Kind.values:
        messages.error(request, _("Choose friend, block or mute."))
        return _back(request, player)
    if on:
        try:
            services.relationship_add(user=request.user, other=player, kind=kind)
        except services.RelationshipError as error:
            messages.error(request, error.message)
            return _back(request, player)
    else:
        services.relationship_remove(user=request.user, other=player, kind=kind)
    messages.success(request, str(_DONE[kind, on]) % {"name": player.username})
    return _back(request, player)


@login_required
@require_http_methods(["GET", "POST"])
def report(request: HttpRequest, username: str) -> HttpResponse:
    """Report a player to the moderators, optionally about a table (?table=<code>)."""
    player = get_object_or_404(User, username=username, is_active=True)
    table = ports.report_table(request)
    initial = {"category": request.GET.get("category", "")}
    form = ReportForm(request.POST or None, initial=initial)
    context = {"player": player, "form": form, "table": table}
    if player == request.user:
        context["refused"] = _("You cannot report yourself.")
        return render(request, "accounts/report.html", context, status=400)
    if request.method == "POST":
        if form.is_valid():
            try:
                services.report_create(
                    reporter=request.user,
                    reported=player,
                    table=table,
                    **form.cleaned_data,
                )
            except services.RelationshipError as error:
                context["refused"] = error.message
                return render(request, "accounts/report.html", context, status=400)
            messages.success(
                request,
                _(
                    "Thank you: your report about %(name)s was received. "
                    "A moderator will look at it."
                )
                % {"name": player.username},
            )
            return redirect(table or player)
        return render(request, "accounts/report.html", context, status=400)
    return render(request, "accounts/report.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def preferences(request: HttpRequest) -> HttpResponse:
    """Let a player change e-mail, reminders, time zone, quiet hours and bio."""
    user = request.user
    assert isinstance(user, User)
    before = user.pause_fields()  # the form writes into the instance as it validates
    form = PreferencesForm(request.POST or None, instance=user)
    if request.method == "POST" and "picture-form" in request.POST:
        return avatar_set(request)
    if request.method == "POST":
        if form.is_valid():
            with transaction.atomic():
                user = form.save()
                vacations.pauses_commit(user=user, before=before, now=timezone.now())
            messages.success(request, _("Your preferences were saved."))
            address = form.cleaned_data["email"]
            if "email" in form.changed_data and addresses.address_change_request(
                user=user, address=address, language=translation.get_language() or ""
            ):
                messages.info(request, _CONFIRM_SENT % {"email": address})
            return redirect("accounts:preferences")
        return render(
            request, "accounts/preferences.html", _preferences_context(request, form), status=400
        )
    return render(request, "accounts/preferences.html", _preferences_context(request, form))


def _preferences_context(
    request: HttpRequest,
    form: PreferencesForm,
    picture: AvatarForm | None = None,
    vacation: VacationForm | None = None,
) -> dict[str, Any]:
    user = request.user
    assert isinstance(user, User)
    now = timezone.now()
    today = vacations.today_for(user, now)
    booked = list(user.vacations.filter(last_day__gte=today))
    for each in booked:
        each.going_on = each.first_day <= today and each.ended_at is None
    return {
        "form": form,
        "picture_form": picture or AvatarForm(prefix="picture"),
        "vacation_form": vacation or VacationForm(prefix="vacation"),
        "vacations": booked,
        "vacation_zone": user.time_zone,
        "vacation_days_left": [
            (year, vacations.allowance_left(user, year)) for year in (today.year, today.year + 1)
        ],
        "vacation_allowance": vacations.ALLOWANCE_DAYS,
    }


@login_required
@require_POST
def vacation_book(request: HttpRequest) -> HttpResponse:
    """Book whole days of vacation; a refusal re-shows the preferences with its reason."""
    user = request.user
    assert isinstance(user, User)
    vacation = VacationForm(request.POST, prefix="vacation")
    if vacation.is_valid():
        try:
            vacations.vacation_book(
                user=user,
                first=vacation.cleaned_data["first_day"],
                last=vacation.cleaned_data["last_day"],
            )
        except vacations.VacationError as error:
            vacation.add_error(None, error.message)
        else:
            messages.success(request, _("Your vacation was booked."))
            return redirect("accounts:preferences")
    context = _preferences_context(request, PreferencesForm(instance=user), vacation=vacation)
    return render(request, "accounts/preferences.html", context, status=400)


@login_required
@require_POST
def vacation_cancel(request: HttpRequest) -> HttpResponse:
    """Cancel a future vacation, or end the one going on now (today stays counted)."""
    user = request.user
    assert isinstance(user, User)
    try:
        outcome = vacations.vacation_cancel(user=user, vacation_id=request.POST.get("vacation"))
    except vacations.VacationError as error:
        context = _preferences_context(request, PreferencesForm(instance=user))
        context["vacation_error"] = error.message
        return render(request, "accounts/preferences.html", context, status=400)
    if outcome == "ended":
        messages.success(request, _("Your vacation was ended: your clocks run again."))
    else:
        messages.success(request, _("Your vacation was cancelled."))
    return redirect("accounts:preferences")


def avatar_set(request: HttpRequest) -> HttpResponse:
    """Take an uploaded picture (checked and re-encoded), or remove the one there is."""
    user = request.user
    assert isinstance(user, User)
    if "remove" in request.POST:
        with transaction.atomic():
            moderation.avatar_clear(user)
        messages.success(request, _("Your picture was removed."))
        return redirect("accounts:preferences")
    picture = AvatarForm(request.POST, request.FILES, prefix="picture")
    if not picture.is_valid():
        form = PreferencesForm(instance=user)
        return render(
            request,
            "accounts/preferences.html",
            _preferences_context(request, form, picture),
            status=400,
        )
    with transaction.atomic():
        png = picture.cleaned_data["picture"]
        Avatar.objects.update_or_create(user=user, defaults={"png": png})
        User.objects.filter(pk=user.pk).update(avatar_version=F("avatar_version") + 1)
    messages.success(request, _("Your picture was saved."))
    return redirect("accounts:preferences")


#: A picture's URL names its version: a new one gets a new URL, so an old one keeps.
_AVATAR_CACHE = "public, max-age=31536000, immutable"


@require_http_methods(["GET", "HEAD"])
def avatar(request: HttpRequest, username: str, version: int) -> HttpResponse:
    """Serve a player's picture: the uploaded PNG, else the one drawn from the username."""
    players = User.objects.only("id", "username", "avatar_version")
    player = get_object_or_404(players, username=username)
    upload = Avatar.objects.filter(user=player).values_list("png", flat=True).first()
    if upload is not None:
        body, content_type = bytes(upload), "image/png"
    else:
        body, content_type = avatars.svg(player.username).encode(), "image/svg+xml"
    etag = '"' + hashlib.sha256(body).hexdigest()[:32] + '"'
    if etag in request.headers.get("If-None-Match", ""):
        response = HttpResponse(status=304)
    else:
        response = HttpResponse(body, content_type=content_type)
    response["ETag"] = etag
    # An old version's URL gets the current picture, but is not kept for long.
    current = version == player.avatar_version
    response["Cache-Control"] = _AVATAR_CACHE if current else "public, max-age=300"
    return response


@login_required
@require_http_methods(["GET", "POST"])
def notifications(request: AuthenticatedHttpRequest) -> HttpResponse:
    """List the player's notices; POST marks them all read."""
    if request.method == "POST":
        request.user.notifications.filter(read_at__isnull=True).update(read_at=timezone.now())
        return redirect("accounts:notifications")
    items = list(request.user.notifications.all()[:100])
    return render(request, "accounts/notifications.html", {"items": items})


@require_POST
def language_set(request: HttpRequest) -> HttpResponse:
    """Switch the site's language (Django's set_language) and remember it for a player,
    whose notices and e-mails are then written in it."""
    response = set_language(request)
    language = request.POST.get("language", "")
    if request.user.is_authenticated and language in dict(settings.LANGUAGES):
        User.objects.filter(pk=request.user.pk).update(language=language)
    return response


@require_http_methods(["GET", "POST"])
def email_confirm(request: HttpRequest, token: str) -> HttpResponse:
    """Confirm an e-mail address from the link mailed to it (GET asks, POST confirms).

    Asking first means a mail scanner that follows links confirms nothing by itself.
    """
    try:
        _user_id, address = addresses.address_token_read(token)
        if request.method == "POST":
            addresses.address_confirm(token=token)
            messages.success(
                request, _("Your e-mail address %(email)s is confirmed.") % {"email": address}
            )
            return redirect("accounts:preferences" if request.user.is_authenticated else "home")
    except addresses.AddressError as error:
        context = {"refused": error.message}
        return render(request, "accounts/email_confirm.html", context, status=400)
    return render(request, "accounts/email_confirm.html", {"address": address})


class PasswordResetView(auth_views.PasswordResetView):
    """Django's reset page, whose form only queues the mail (QueuedPasswordResetForm)."""

    form_class = QueuedPasswordResetForm
