"""Every page and e-mail of the site in German, Dutch and Italian: nothing left in English.

The lived-in site of tests/e2e/tour.py (a finished rated game with notices and chat, a
table of every game in play, open tables) is built once; then, in each language with
every translation marked (tests/i18n/marking.py), every page of its tour is fetched
logged out, as a player and as a moderator, and every e-mail the site sends is written
(password reset, address confirmation, an address already taken, turn reminders, clock
warnings, the end of a game) and read. The test fails on any message the catalogue does
not translate and on any words shown outside a translation, and lists what it found.
"""

from __future__ import annotations

import re
import zoneinfo
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

import pytest
from django.conf import settings
from django.core import mail
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.registry import engines
from lobby.models import OutboundMail, Seat, Table
from tests.e2e import tour
from tests.i18n.marking import WORD, Findings, marking

pytestmark = pytest.mark.django_db

LANGUAGES = [code for code, _name in settings.LANGUAGES if code != "en"]
#: What people wrote (the players' chat, a moderator's reason): their words, their language.
CHAT = ["Good luck!", "You too, have fun.", "My first game of", "Both players colluded."]
#: Each language named in itself in the language menu, as a reader looks for it.
LANGUAGE_NAMES = {"English", "Deutsch", "Nederlands", "Italiano"}
#: Names of things, the same in every language: the login-protection app in the admin.
NAMES = {"Axes"}
#: The alt text of the admin's yes/no icons, which Django itself writes untranslated
#: (django.contrib.admin.templatetags.admin_list._boolean_icon): not ours to translate.
DJANGO_UNTRANSLATED = {"True", "False"}
URL = re.compile(r"https?://\S+")
#: What the admin shows as it is stored: a JSON value (options, state, an action).
JSON = re.compile(r"^\s*(\{.*\}|\[.*\]|null)\s*$", re.S)


@dataclass
class SiteFindings(Findings):
    """Findings where an allowed name counts only as whole words ("ana" is not in "Canada")
    and a link is not words."""

    def _note(self, stretch: str, where: str | None) -> None:
        stretch = URL.sub(" ", JSON.sub(" ", stretch))
        for allowed in sorted(self.allowed, key=len, reverse=True):
            if allowed in stretch:
                stretch = re.sub(rf"(?<!\w){re.escape(allowed)}(?!\w)", " ", stretch)
        if WORD.search(stretch):
            super()._note(stretch, where)


def _allowed(site: tour.Site) -> set[str]:
    tables = [site.finished, site.open_public, site.open_private, *site.boards.values()]
    names = {user.username for user in (site.ana, site.bo, site.mod)}
    addresses = {user.email for user in (site.ana, site.bo, site.mod)}
    games = {engine.name for engine in engines()} | {engine.slug for engine in engines()}
    # The time zones' names (IANA's), offered as they are in the preferences.
    zones = {zone.replace("_", " ") for zone in zoneinfo.available_timezones()}
    data = names | addresses | {str(table.code) for table in tables}
    # A table's seed salt and commitment (hex, shown in the admin): data, not words.
    data |= {value for t in tables for value in (t.seed_salt, t.seed_commitment) if value}
    # A tournament's name is what its host wrote, like the chat.
    data |= {site.tournament.name} if site.tournament is not None else set()
    return data | games | zones | set(CHAT) | LANGUAGE_NAMES | NAMES | DJANGO_UNTRANSLATED


def _client(lang: str, user: Any = None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = lang
    return client


def _more_pages(site: tour.Site, ended: dict[str, Table]) -> list[tour.Stop]:
    """Pages the tour leaves out: the ends of the other paths, a replay's step, a bad link,
    and tables that ended every other way."""
    replay = reverse("lobby:replay", args=[site.finished.code])
    stops = [
        tour.Stop("password_reset_complete", reverse("accounts:password_reset_complete")),
        tour.Stop(
            "email_confirm_bad_link",
            reverse("accounts:email_confirm", args=["bad"]),
            status=400,
        ),
        tour.Stop("replay_step", f"{replay}?n=7"),
        tour.Stop("replay_step_seat", f"{replay}?n=12&seat=0"),
    ]
    return stops + [
        tour.Stop(f"ended_{name}", table.get_absolute_url()) for name, table in ended.items()
    ]


def _end_tables(site: tour.Site) -> dict[str, Table]:
    """Tables that ended every other way: conceded, cancelled, aborted, out of time."""
    from lobby.services import seat_join, seat_leave, table_concede, table_create
    from lobby.services.moderation import table_abort
    from lobby.services.timers import seat_timeout

    def started() -> Table:
        table = table_create(user=site.ana, game="lost_cities", players=2, options={})
        seat_join(code=table.code, user=site.bo)
        return Table.objects.get(pk=table.pk)

    conceded = table_concede(code=started().code, user=site.bo)
    cancelled = table_create(user=site.ana, game="mondo", players=2, options={})
    seat_leave(code=cancelled.code, user=site.ana)
    aborted = started()
    table_abort(moderator=site.mod, table_id=aborted.id, reason=CHAT[-1])
    timed = started()
    for _turn in range(10):
        seat = timed.seats.filter(is_to_move=True).first()
        if seat is None or seat.deadline is None:
            break
        seat_timeout(seat_id=seat.id, now=seat.deadline + timedelta(seconds=1))
    tables = {"conceded": conceded, "cancelled": cancelled, "aborted": aborted, "timed": timed}
    for table in tables.values():
        table.refresh_from_db()
    assert tables["timed"].status == Table.Status.FINISHED
    return tables


def _pages(site: tour.Site, ended: dict[str, Table]) -> Iterator[tuple[str, Any, tour.Stop]]:
    for stop in tour.pages_logged_out(site):
        yield "logged out", None, stop
    for stop in tour.pages_logged_in(site):
        yield "ana", site.ana, stop
    for stop in _more_pages(site, ended):
        yield "ana", site.ana, stop
    for stop in tour.pages_moderator():
        yield "mod", site.mod, stop
    for stop in _admin_pages(site):
        yield "mod", site.mod, stop


def _admin_pages(site: tour.Site) -> list[tour.Stop]:
    """The admin's lists a moderator works through, and a finished and a running table."""
    lists = [
        "lobby/table",
        "lobby/move",
        "lobby/chatmessage",
        "accounts/user",
        "accounts/report",
        "accounts/moderationlog",
        "ladder/rating",
        "ladder/ratingchange",
    ]
    stops = [tour.Stop(f"admin_{path}", f"/admin/{path}/") for path in lists]
    running = site.boards["lost_cities"]
    stops += [
        tour.Stop("admin_table_finished", f"/admin/lobby/table/{site.finished.pk}/change/"),
        tour.Stop("admin_table_running", f"/admin/lobby/table/{running.pk}/change/"),
    ]
    return stops


def _read_pages(site: tour.Site, ended: dict[str, Table], lang: str, findings: Findings) -> None:
    clients: dict[str, Client] = {}
    for who, user, stop in _pages(site, ended):
        client = clients.setdefault(who, _client(lang, user))
        findings.where = f"{stop.name} ({who})"
        response = client.get(stop.path, follow=True)
        assert response.status_code == stop.status, (stop.name, response.status_code)
        findings.read_html(response.content.decode())


def _read_refusals(site: tour.Site, lang: str, findings: Findings) -> None:
    """Forms sent wrong: the errors a visitor reads (log-in, sign-up, a new table)."""
    posts = [
        (
            None,
            reverse("accounts:login"),
            {"username": "ana", "password": "not-the-passphrase"},
        ),
        (
            None,
            reverse("accounts:signup"),
            {"username": "ana", "email": "x", "password1": "short", "password2": "other"},
        ),
        (
            site.ana,
            reverse("lobby:table-new", args=["lost_cities"]),
            {"players": "9", "mode": "async", "visibility": "public", "opt_rounds": "99"},
        ),
        (
            site.ana,
            reverse("lobby:table-new", args=["lost_cities"]),
            {"players": "2", "mode": "live", "visibility": "public", "opt_expeditions": "zz"},
        ),
    ]
    for user, path, data in posts:
        findings.where = f"refused POST {path} ({user or 'logged out'})"
        response = _client(lang, user).post(path, data)
        page = response.content.decode()
        assert "errors" in page, (path, response.status_code)
        findings.read_html(page)


def _mails_sent(findings: Findings, since: int) -> None:
    for sent in mail.outbox[since:]:
        findings.read_text(sent.subject)
        findings.read_text(sent.body)
        for content, mimetype in getattr(sent, "alternatives", []):
            if mimetype == "text/html":
                findings.read_html(str(content))


def _read_mails(site: tour.Site, lang: str, findings: Findings) -> None:
    from accounts.addresses import address_mail, password_reset_send
    from lobby.services.finish import game_finish
    from lobby.services.timers import _remind

    for user in (site.ana, site.bo):
        user.language = lang
        user.save(update_fields=["language"])

    since = len(mail.outbox)
    findings.where = "password reset e-mail"
    password_reset_send(email=site.ana.email, domain="testserver", use_https=True, language=lang)
    _mails_sent(findings, since)

    since = len(mail.outbox)
    findings.where = "address confirmation e-mail"
    site.bo.pending_email = "bo.new@example.com"
    site.bo.save(update_fields=["pending_email"])
    address_mail(user_id=site.bo.pk, address=site.bo.pending_email, language=lang)
    _mails_sent(findings, since)

    since = len(mail.outbox)
    findings.where = "address taken e-mail"
    site.bo.pending_email = site.ana.email
    site.bo.save(update_fields=["pending_email"])
    address_mail(user_id=site.bo.pk, address=site.ana.email, language=lang)
    _mails_sent(findings, since)

    # Reminders and clock warnings of ana's turn at every game, async and live.
    first = OutboundMail.objects.order_by("-id").values_list("id", flat=True).first() or 0
    now = timezone.now()
    for mode in (Table.Mode.ASYNC, Table.Mode.LIVE):
        for table in site.boards.values():
            Table.objects.filter(pk=table.pk).update(mode=mode)
            seat = Seat.objects.get(table=table, position=0)
            for kind in ("reminder", "deadline"):
                findings.where = f"{kind} e-mail and notice, {table.game} ({mode})"
                Seat.objects.filter(pk=seat.pk).update(
                    is_to_move=True,
                    turn_started_at=now - timedelta(hours=1, seconds=len(kind)),
                    deadline=now + timedelta(hours=5, minutes=3),
                    reminded_turn_at=None,
                    warned_turn_at=None,
                )
                seat.refresh_from_db()
                _remind(seat, kind, now)
    # The end of the finished game, told once more: notices and e-mails.
    findings.where = "game over e-mail and notice"
    Table.objects.filter(pk=site.finished.pk).update(scored_at=None)
    game_finish(table_id=site.finished.pk)
    for sent in OutboundMail.objects.filter(id__gt=first).order_by("id"):
        findings.read_text(sent.subject)
        findings.read_text(sent.body)
    # The notices just posted, on the notifications page.
    findings.where = "notifications (ana, after the e-mails)"
    response = _client(lang, site.ana).get("/accounts/notifications/", follow=True)
    findings.read_html(response.content.decode())


def test_every_page_and_email_is_translated(monkeypatch) -> None:
    site = tour.site_build()
    ended = _end_tables(site)
    failures = []
    for lang in LANGUAGES:
        findings = SiteFindings(allowed=_allowed(site))
        with marking(lang, findings, monkeypatch):
            _read_pages(site, ended, lang, findings)
            _read_refusals(site, lang, findings)
            _read_mails(site, lang, findings)
        if not findings.clean:
            failures.append(f"--- the site in {lang}:\n{findings.report()}")
    assert not failures, "\n".join(failures)
