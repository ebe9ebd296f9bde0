"""The account migrations keep existing players as they were: confirmed, and comparable."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("accounts", "0005_user_language")]
AFTER = [("accounts", "0008_user_pending_email")]


@pytest.mark.django_db(transaction=True)
def test_existing_players_keep_a_confirmed_address_and_get_their_name_key():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old_user = executor.loader.project_state(BEFORE).apps.get_model("accounts", "User")
    old_user.objects.create(username="Straße", email="strasse@example.com", password="!")
    try:
        executor = MigrationExecutor(connection)
        executor.loader.build_graph()
        executor.migrate(AFTER)
        new_user = executor.loader.project_state(AFTER).apps.get_model("accounts", "User")
        player = new_user.objects.get(username="Straße")
        assert (player.email, player.pending_email) == ("strasse@example.com", "")
        assert player.username_key == "strasse"
    finally:
        # Back to the latest schema: the tests that run after this one need it.
        executor = MigrationExecutor(connection)
        executor.loader.build_graph()
        executor.migrate(executor.loader.graph.leaf_nodes())
    # Turn alerts and "confirm every move" are off for existing players (0009).
    latest = executor.loader.project_state(executor.loader.graph.leaf_nodes()).apps
    player = latest.get_model("accounts", "User").objects.get(username="Straße")
    assert (player.turn_sound, player.turn_notifications, player.confirm_moves) == (False,) * 3


@pytest.mark.django_db(transaction=True)
def test_players_on_the_old_utc_default_follow_their_browser_and_others_keep_their_zone():
    before = [("accounts", "0009_user_turn_alerts")]
    after = [("accounts", "0010_avatar_browser_time_zone")]
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    old_user = executor.loader.project_state(before).apps.get_model("accounts", "User")
    old_user.objects.create(username="ann", time_zone="UTC", password="!")
    old_user.objects.create(username="ben", time_zone="Europe/Rome", password="!")
    try:
        executor = MigrationExecutor(connection)
        executor.loader.build_graph()
        executor.migrate(after)
        new_user = executor.loader.project_state(after).apps.get_model("accounts", "User")
        zones = dict(new_user.objects.values_list("username", "time_zone"))
        assert zones == {"ann": "", "ben": "Europe/Rome"}
        assert set(new_user.objects.values_list("avatar_version", flat=True)) == {0}
    finally:
        executor = MigrationExecutor(connection)
        executor.loader.build_graph()
        executor.migrate(executor.loader.graph.leaf_nodes())
