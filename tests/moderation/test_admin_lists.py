"""Admin lists read as words: every model's name shows names, not database ids, and
a list page costs the same queries for two rows as for twenty."""

from __future__ import annotations

import pytest
from django.contrib import admin
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from accounts.models import ModerationLog, Notification, Relationship, Report, User
from ladder.models import Rating, RatingChange
from lobby.models import ChatMessage, Move, OutboundMail, Seat, Table
from tests.factories import UserFactory
from tests.moderation.admin_rows import admin_rows_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def root():
    return UserFactory(username="root", is_staff=True, is_superuser=True)


def test_every_model_is_named_in_words_without_ids(root):
    """The whole name is known, so no id can hide in it (they read "report 1: 2 about 1")."""
    rows = admin_rows_create(moderator=root, tag="x")
    ann, ben, table, finished = rows["ann"], rows["ben"], rows["table"], rows["finished"]
    Relationship.objects.create(from_user=ann, to_user=ben, kind=Relationship.Kind.FRIEND)
    notice = Notification.objects.create(user=ann, kind="your_turn", text="Your turn at X.")
    mail = OutboundMail.objects.create(to_address="x@example.com", subject="Your turn", body=".")
    running = f"Lost Cities table {str(table.code)[:8]}"
    over = f"Lost Cities table {str(finished.code)[:8]}"
    names = {
        table: running,
        table.seats.get(user=ann): f"{ann}, seat 0 at {running}",
        table.moves.get(n=1): f"move 1 at {running}",
        ChatMessage.objects.get(): f"{ben} at {running}: You will never win this one, trust me!",
        Report.objects.get(): f"{ann} about {ben} ({running})",
        ModerationLog.objects.get(action="suspend"): f"root: Suspended a player (user {ben})",
        Relationship.objects.get(): f"{ann} → {ben}: Friend",
        notice: f"{ann}: Your turn at X.",
        mail: "“Your turn” to x@example.com",
        Rating.objects.get(user=ann): f"{ann} at Lost Cities: 1530",
        RatingChange.objects.get(user=ann): f"{ann} at {over}: +30.0",
        ann: "annemarie_xvandenberg",
    }
    models = {type(obj) for obj in names}
    assert models >= {Table, Seat, Move, User, Report, ModerationLog}
    assert models >= {ChatMessage, OutboundMail, Rating, RatingChange, Relationship}
    assert {str(obj): name for obj, name in names.items()} == {
        name: name for name in names.values()
    }


def test_a_list_page_costs_no_query_per_row(root):
    """Each list is read with 1 set of rows, then with 3: the queries stay the same."""
    client = Client()
    client.force_login(root)
    names = [
        f"admin:{model._meta.app_label}_{model._meta.model_name}_changelist"
        for model in admin.site._registry
    ]

    def queries() -> dict[str, int]:
        counted = {}
        for name in names:
            with CaptureQueriesContext(connection) as context:
                assert client.get(reverse(name)).status_code == 200
            counted[name] = len(context.captured_queries)
        return counted

    admin_rows_create(moderator=root, tag="a")
    few = queries()
    admin_rows_create(moderator=root, tag="b")
    admin_rows_create(moderator=root, tag="c")
    assert queries() == few
