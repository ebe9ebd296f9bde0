"""Times as players read them: "3 minutes ago" with the local date on hover, in the zone
of their browser (the `tz` cookie) unless they saved one, in their locale's format."""

from __future__ import annotations

import re
import zoneinfo
from datetime import UTC, datetime, timedelta

import pytest
from django.template import Context, Template
from django.urls import reverse
from django.utils import timezone, translation

from accounts.timezones import zone_for
from lobby.chat import chat_message_html
from lobby.consumers import scope_zone
from lobby.services.chat import chat_post
from tests.lobby.helpers import started_table

pytestmark = pytest.mark.django_db

MOMENT = datetime(2026, 12, 2, 5, 12, tzinfo=UTC)


def render_ago(value):
    return Template("{% load identity %}{{ value|ago }}").render(Context({"value": value}))


def test_ago_says_how_long_ago_with_the_iso_time_and_the_full_local_date():
    with translation.override("en"), timezone.override(zoneinfo.ZoneInfo("Europe/Berlin")):
        html = render_ago(timezone.now() - timedelta(minutes=3))
        assert re.fullmatch(
            r'<time datetime="[0-9T:+-]+" title="[^"]+ \(CET\)">3\xa0minutes ago</time>', html
        ), html
        title = render_ago(MOMENT)
    # 05:12 UTC is 06:12 in Berlin, written as English writes dates.
    assert 'datetime="2026-12-02T06:12:00+01:00"' in title
    assert 'title="Dec. 2, 2026, 6:12 a.m. (CET)"' in title


def test_ago_speaks_the_readers_language_and_writes_their_dates():
    with translation.override("de"), timezone.override(zoneinfo.ZoneInfo("Europe/Berlin")):
        html = render_ago(timezone.now() - timedelta(days=2, hours=1))
        dated = render_ago(MOMENT)
    assert ">2\xa0Tage, 1\xa0Stunde her</time>" in html  # Django's own German
    assert 'title="2. Dezember 2026 06:12 (CET)"' in dated
    with translation.override("nl"):
        assert "geleden</time>" in render_ago(timezone.now() - timedelta(minutes=5))
    with translation.override("it"):
        assert " fa</time>" in render_ago(timezone.now() - timedelta(minutes=5))


def test_ago_renders_nothing_for_what_is_not_a_moment():
    assert render_ago(None) == ""
    assert render_ago("yesterday") == ""


# The middleware: which zone a page is shown in.


def page_zone(client, **cookies):
    for name, value in cookies.items():
        client.cookies[name] = value
    response = client.get(reverse("lobby:tables"))
    assert response.status_code == 200
    return response.context["TIME_ZONE"]


def test_a_visitor_sees_times_in_their_browsers_zone(client):
    assert page_zone(client) == "UTC"
    assert page_zone(client, tz="America/Argentina/Buenos_Aires") == (
        "America/Argentina/Buenos_Aires"
    )


def test_a_player_without_a_saved_zone_follows_the_browser(client, alice):
    assert alice.time_zone == ""  # the default: automatic
    client.force_login(alice)
    assert page_zone(client, tz="Asia/Tokyo") == "Asia/Tokyo"


def test_a_saved_zone_wins_over_the_browsers(client, alice):
    alice.time_zone = "Europe/Amsterdam"
    alice.save()
    client.force_login(alice)
    assert page_zone(client, tz="Asia/Tokyo") == "Europe/Amsterdam"


@pytest.mark.parametrize(
    "forged",
    [
        "Mars/Olympus",
        "../../etc/passwd",
        "Etc/../Europe/Berlin",
        "x" * 5000,
        "",
        "utc",
        "/",
        # Files of the zone database that zoneinfo opens but that name no zone.
        "posixrules",
        "posix/Europe/Berlin",
    ],
)
def test_a_forged_zone_cookie_is_ignored(client, alice, forged):
    assert page_zone(client, tz=forged) == "UTC"
    client.force_login(alice)
    assert page_zone(client, tz=forged) == "UTC"


def test_the_preferences_offer_the_automatic_zone_and_save_it(client, alice):
    alice.time_zone = "Asia/Tokyo"
    alice.save()
    client.force_login(alice)
    body = client.get(reverse("accounts:preferences")).content.decode()
    assert '<option value="">Automatic (this browser’s)</option>' in body
    data = {"email": alice.email, "time_zone": "", "reminders_enabled": "on"}
    assert client.post(reverse("accounts:preferences"), data).status_code == 302
    alice.refresh_from_db()
    assert alice.time_zone == ""


def test_a_chat_time_reads_in_the_browsers_zone_on_the_page_and_over_the_socket(client, alice, bob):
    table = started_table(alice, bob)
    message = chat_post(code=table.code, user=bob, text="good luck")
    client.force_login(alice)
    client.cookies["tz"] = "Asia/Tokyo"
    body = client.get(table.get_absolute_url()).content.decode()
    local = timezone.localtime(message.created_at, zoneinfo.ZoneInfo("Asia/Tokyo"))
    stamp = f'datetime="{local.isoformat(timespec="seconds")}"'
    assert stamp in body
    assert "(JST)" in body
    # The socket of that page: its cookies name the same zone.
    scope = {"user": alice, "cookies": {"tz": "Asia/Tokyo"}}
    assert scope_zone(scope) == zoneinfo.ZoneInfo("Asia/Tokyo")
    pushed = chat_message_html(message_id=message.id, user=alice, zone=scope_zone(scope))
    assert stamp in pushed
    assert "now</time>" in pushed or "ago</time>" in pushed
    assert scope_zone({"user": alice, "cookies": {"tz": "Nowhere/Land"}}) is None


def test_zone_for_prefers_the_saved_zone(alice):
    assert zone_for(alice, {"tz": "Asia/Tokyo"}) == zoneinfo.ZoneInfo("Asia/Tokyo")
    alice.time_zone = "Europe/Rome"
    assert zone_for(alice, {"tz": "Asia/Tokyo"}) == zoneinfo.ZoneInfo("Europe/Rome")
    alice.time_zone = "Not/AZone"
    assert zone_for(alice, {"tz": "Asia/Tokyo"}) == zoneinfo.ZoneInfo("Asia/Tokyo")


def test_notices_and_my_games_say_ago(client, alice, bob):
    table = started_table(alice, bob)
    alice.notifications.create(kind="your_turn", text="Your turn", url=table.get_absolute_url())
    client.force_login(alice)
    notices = client.get(reverse("accounts:notifications")).content.decode()
    assert re.search(r'<time datetime="[^"]+" title="[^"]+">now</time>', notices), notices
    table.status = "finished"
    table.save(update_fields=["status"])
    mine = client.get(reverse("lobby:mine")).content.decode()
    assert re.search(r'<time datetime="[^"]+" title="[^"]+">now</time>', mine)


def test_dates_follow_the_readers_locale(client, alice):
    from ladder.models import Rating

    Rating.objects.create(
        user=alice, game="lost_cities", rating=1600, games=5, peak=1600, last_played=MOMENT
    )
    url = reverse("ladder:detail", args=["lost_cities"])
    client.cookies["django_language"] = "de"
    assert "<td>02.12.2026</td>" in client.get(url).content.decode()
    client.cookies["django_language"] = "en"
    assert "<td>12/02/2026</td>" in client.get(url).content.decode()


def test_full_dates_kept_per_minute_read_as_djangos_own_in_every_language_and_zone():
    """moment_parts writes each minute's full date once per language and zone (a board's
    log asks for them on every push): what it gives is Django's date_format, always."""
    import random

    from django.utils import formats

    from accounts.templatetags.identity import moment_parts

    rng = random.Random(5)
    # Around Europe's autumn change (the fold hour twice) and across a year.
    starts = [datetime(2026, 10, 25, 0, 0, tzinfo=UTC), datetime(2026, 1, 1, tzinfo=UTC)]
    for language in ("en", "de", "nl", "it"):
        for zone in ("UTC", "Europe/Berlin", "America/New_York", "Asia/Kolkata"):
            with translation.override(language), timezone.override(zoneinfo.ZoneInfo(zone)):
                for start in starts:
                    for _ in range(150):
                        value = start + timedelta(seconds=rng.randrange(0, 4 * 3600))
                        local = timezone.localtime(value)
                        written = formats.date_format(local, "DATETIME_FORMAT")
                        title = f"{written} ({local.tzname()})"
                        assert moment_parts(value) == (local.isoformat(timespec="seconds"), title)


def test_a_date_format_with_seconds_is_written_each_time(monkeypatch):
    """Only formats that show nothing finer than minutes are kept per minute."""
    from django.utils import formats

    from accounts.templatetags import identity

    monkeypatch.setattr(formats, "get_format", lambda name, *args, **kwargs: "H:i:s")
    with translation.override("en"), timezone.override(zoneinfo.ZoneInfo("UTC")):
        first = identity.moment_parts(MOMENT)[1]
        later = identity.moment_parts(MOMENT + timedelta(seconds=7))[1]
    assert (first, later) == ("05:12:00 (UTC)", "05:12:07 (UTC)")


def test_full_dates_are_kept_per_catalogue_not_per_language():
    """A catalogue swapped in for the same language (the tests that mark every translated
    word do so) writes its own month names: kept dates are per catalogue object."""
    import copy

    from django.utils.translation import trans_real

    from accounts.templatetags.identity import moment_parts

    with translation.override("de"), timezone.override(zoneinfo.ZoneInfo("UTC")):
        plain = moment_parts(MOMENT)[1]
        real = trans_real.catalog()
        marked = copy.copy(real)
        marked.gettext = lambda message: f"[{real.gettext(message)}]"  # type: ignore[method-assign]
        trans_real._active.value = marked
        try:
            swapped = moment_parts(MOMENT)[1]
        finally:
            trans_real._active.value = real
    assert plain == "2. Dezember 2026 05:12 (UTC)"
    assert "[Dezember]" in swapped
