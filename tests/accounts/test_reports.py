"""Reporting a player: from the profile or a table; the reporter hears it was received."""

from __future__ import annotations

import pytest
from django.urls import reverse

from accounts.models import Report
from lobby.services import table_create
from tests.lobby.helpers import started_table

pytestmark = pytest.mark.django_db


def report_url(username: str) -> str:
    return reverse("accounts:report", args=[username])


def test_a_player_reports_another_from_the_profile(client, alice, bob):
    client.force_login(alice)
    page = client.get(report_url("bob")).content.decode()
    for label in ("Abuse in chat", "Stalling", "Cheating", "Other"):
        assert label in page
    response = client.post(
        report_url("bob"), {"category": "cheating", "comment": "Uses an engine."}, follow=True
    )
    assert response.redirect_chain[-1][0] == reverse("accounts:profile", args=["bob"])
    assert "Thank you: your report about bob was received." in response.content.decode()
    report = Report.objects.get()
    assert (report.reporter, report.reported, report.table) == (alice, bob, None)
    assert (report.category, report.comment, report.status) == (
        "cheating",
        "Uses an engine.",
        Report.Status.OPEN,
    )


def test_a_report_from_a_table_is_about_that_table(client, alice, bob):
    table = started_table(alice, bob)
    client.force_login(alice)
    page = client.get(table.get_absolute_url()).content.decode()
    link = f"{report_url('bob')}?table={table.code}"
    assert link in page
    form = client.get(f"{link}&category=stalling").content.decode()
    assert f'value="{table.code}"' in form
    assert '<option value="stalling" selected>' in form
    response = client.post(
        report_url("bob"),
        {"category": "stalling", "comment": "Never moves.", "table": str(table.code)},
    )
    assert response["Location"] == table.get_absolute_url()
    assert Report.objects.get().table == table


def test_a_private_table_the_reporter_cannot_see_is_not_attached(client, alice, bob, carol):
    table = table_create(
        user=alice, game="lost_cities", players=2, options={}, visibility="private"
    )
    client.force_login(carol)
    client.post(
        report_url("bob"), {"category": "other", "comment": "Hmm.", "table": str(table.code)}
    )
    assert Report.objects.get().table is None


def test_nobody_can_report_themselves(client, alice):
    client.force_login(alice)
    response = client.post(report_url("alice"), {"category": "other", "comment": "me"})
    assert response.status_code == 400
    assert "You cannot report yourself." in response.content.decode()
    assert not Report.objects.exists()


def test_a_report_needs_a_category_and_a_comment(client, alice, bob):
    client.force_login(alice)
    response = client.post(report_url("bob"), {"category": "", "comment": ""})
    assert response.status_code == 400
    assert not Report.objects.exists()


def test_reporting_needs_a_login(client, bob):
    response = client.get(report_url("bob"))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
