"""The reports queue and rating adjustments in the admin, as a moderator."""

from __future__ import annotations

import pytest
from django.urls import reverse

from accounts.models import ModerationLog, Report
from accounts.services import report_create
from ladder.elo import START_RATING
from ladder.models import Rating, RatingChange
from ladder.services import ratings_apply
from tests.ladder.helpers import finished_table
from tests.moderation.helpers import action_page, action_run

pytestmark = pytest.mark.django_db


@pytest.fixture
def report(alice, bob):
    return report_create(
        reporter=alice, reported=bob, category="chat_abuse", comment="He called me names."
    )


def test_the_queue_lists_open_reports_and_filters_them(mod_client, report):
    url = reverse("admin:accounts_report_changelist")
    listed = mod_client.get(url, {"status__exact": "open"})
    assert listed.context["cl"].result_count == 1
    assert mod_client.get(url, {"q": "names"}).context["cl"].result_count == 1
    assert mod_client.get(reverse("admin:accounts_report_add")).status_code == 403


@pytest.mark.parametrize(
    ("action", "status", "logged"),
    [("resolve", "resolved", "report_resolve"), ("dismiss", "dismissed", "report_dismiss")],
)
def test_a_moderator_closes_a_report_with_a_note(
    mod_client, moderator, report, bob, action, status, logged
):
    response = action_run(
        mod_client, "accounts_report", action, [report.id], note="Warned the player."
    )
    assert response.status_code == 302
    report.refresh_from_db()
    assert report.status == status
    assert report.resolution_note == "Warned the player."
    assert report.handled_by == moderator and report.handled_at is not None
    entry = ModerationLog.objects.get()
    assert (entry.action, entry.target_user, entry.reason) == (logged, bob, "Warned the player.")
    assert entry.details["report"] == report.id


def test_a_closed_report_stays_closed(mod_client, report):
    action_run(mod_client, "accounts_report", "dismiss", [report.id], note="Nothing there.")
    action_run(mod_client, "accounts_report", "resolve", [report.id], note="Second look.")
    report.refresh_from_db()
    assert report.status == Report.Status.DISMISSED
    assert ModerationLog.objects.count() == 1


def test_a_note_is_required(mod_client, report):
    action_page(mod_client, "accounts_report", "resolve", [report.id])
    response = mod_client.post(
        reverse("admin:accounts_report_changelist"),
        {"action": "resolve", "apply": "yes", "_selected_action": [report.id], "note": ""},
    )
    assert response.status_code == 200
    assert "This field is required." in response.content.decode()
    report.refresh_from_db()
    assert report.status == Report.Status.OPEN


@pytest.fixture
def rated(alice, bob):
    table = finished_table([alice, bob], [1, 2])
    ratings_apply(table_id=table.id)
    return table


def test_a_moderator_adjusts_a_rating_and_the_history_still_adds_up(
    mod_client, moderator, rated, bob
):
    rating = Rating.objects.get(user=bob)
    before = rating.rating
    response = action_run(
        mod_client,
        "ladder_rating",
        "adjust",
        [rating.id],
        points="25",
        reason="Lost to a cheater",
    )
    assert response.status_code == 302
    rating.refresh_from_db()
    assert rating.rating == pytest.approx(before + 25)
    entry = ModerationLog.objects.get()
    assert (entry.action, entry.target_user, entry.moderator) == ("rating_adjust", bob, moderator)
    assert entry.details["before"]["rating"] == pytest.approx(before)
    assert entry.details["after"]["rating"] == pytest.approx(before + 25)
    # Games (RatingChange) plus moderators' changes (the log) make the rating.
    games = sum(RatingChange.objects.filter(user=bob).values_list("change", flat=True))
    adjusted = sum(
        e.details["after"]["rating"] - e.details["before"]["rating"]
        for e in ModerationLog.objects.filter(target_user=bob, action__startswith="rating")
    )
    assert START_RATING + games + adjusted == pytest.approx(rating.rating)


def test_a_moderator_resets_a_rating_to_a_fresh_start(mod_client, rated, alice):
    rating = Rating.objects.get(user=alice)
    assert rating.rating > START_RATING
    action_run(mod_client, "ladder_rating", "reset", [rating.id], reason="Boosted account")
    rating.refresh_from_db()
    assert (rating.rating, rating.games, rating.peak) == (START_RATING, 0, START_RATING)
    assert RatingChange.objects.filter(user=alice).count() == 1  # the history is kept
    entry = ModerationLog.objects.get()
    assert entry.action == "rating_reset" and entry.details["before"]["games"] == 1


def test_an_adjustment_beyond_the_limit_is_refused(mod_client, rated, bob):
    rating = Rating.objects.get(user=bob)
    before = rating.rating
    action_page(mod_client, "ladder_rating", "adjust", [rating.id])
    response = mod_client.post(
        reverse("admin:ladder_rating_changelist"),
        {
            "action": "adjust",
            "apply": "yes",
            "_selected_action": [rating.id],
            "points": "5000",
            "reason": "typo",
        },
    )
    assert response.status_code == 200
    rating.refresh_from_db()
    assert rating.rating == before
    assert not ModerationLog.objects.exists()


def test_the_rating_form_stays_read_only_for_a_moderator(mod_client, rated, bob):
    rating = Rating.objects.get(user=bob)
    page = mod_client.get(reverse("admin:ladder_rating_change", args=[rating.id]))
    assert 'name="_save"' not in page.content.decode()
    assert "moderators&#x27; changes" in page.content.decode()
