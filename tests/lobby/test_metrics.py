"""GET /metrics: who may read it, what it counts, and the sums over several processes."""

from __future__ import annotations

import json
import math
import os
import random
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.urls import reverse
from django.utils import timezone
from prometheus_client.parser import text_string_to_metric_families

from lobby import metrics, metrics_view
from lobby.models import Seat, Table
from lobby.services import move_submit
from lobby.tasks import celery_probe
from tests.factories import UserFactory
from tests.lobby.helpers import random_legal, seat_to_move, started_table

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "scrape-token-for-the-tests"
NAMES = (
    "playtable_moves_total",
    "playtable_push_lag_seconds",
    "playtable_board_render_seconds",
    "playtable_open_sockets",
    "playtable_celery_queue_lag_seconds",
    "playtable_celery_probe_age_seconds",
    "playtable_oldest_overdue_deadline_seconds",
)


@pytest.fixture
def token(settings):
    settings.METRICS_TOKEN = TOKEN
    return TOKEN


def scrape(client, token: str = TOKEN) -> str:
    response = client.get(reverse("metrics"), HTTP_AUTHORIZATION=f"Bearer {token}")
    assert response.status_code == 200, response.content
    return response.content.decode()


def sample(body: str, name: str, **labels: str) -> float | None:
    """Return the value of the sample `name` with exactly these labels in a scrape, or None."""
    for family in text_string_to_metric_families(body):
        for found in family.samples:
            if found.name == name and found.labels == labels:
                return float(found.value)
    return None


# Who may read it


def test_an_anonymous_visitor_is_refused_in_words(client, token):
    response = client.get(reverse("metrics"))
    assert response.status_code == 403
    assert b"operators" in response.content


def test_a_player_who_is_not_staff_is_refused(client, alice, token):
    client.force_login(alice)
    assert client.get(reverse("metrics")).status_code == 403


def test_a_wrong_token_is_refused(client, token):
    response = client.get(reverse("metrics"), HTTP_AUTHORIZATION="Bearer not-the-token")
    assert response.status_code == 403


def test_a_token_of_odd_bytes_is_refused_not_a_500(client, token):
    response = client.get(reverse("metrics"), HTTP_AUTHORIZATION="Bearer \u00ff\u00fe token")
    assert response.status_code == 403


def test_the_token_in_another_scheme_is_refused(client, token):
    response = client.get(reverse("metrics"), HTTP_AUTHORIZATION=f"Basic {TOKEN}")
    assert response.status_code == 403


def test_an_empty_setting_turns_token_access_off(client, settings):
    settings.METRICS_TOKEN = ""
    assert client.get(reverse("metrics"), HTTP_AUTHORIZATION="Bearer ").status_code == 403
    assert client.get(reverse("metrics"), HTTP_AUTHORIZATION="Bearer").status_code == 403


def test_staff_read_every_metric(client, settings):
    settings.METRICS_TOKEN = ""
    client.force_login(UserFactory(is_staff=True))
    response = client.get(reverse("metrics"))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/plain")
    body = response.content.decode()
    for name in NAMES:
        assert f"# TYPE {name} " in body, name


def test_the_right_token_reads_every_metric(client, token):
    body = scrape(client)
    for name in NAMES:
        assert name in body, name
    # Every game and socket kind has its series from the first scrape on.
    assert sample(body, "playtable_moves_total", game="lost_cities") is not None
    assert sample(body, "playtable_open_sockets", kind="me") is not None


def test_prometheus_asking_for_openmetrics_gets_it(client, token):
    response = client.get(
        reverse("metrics"),
        HTTP_AUTHORIZATION=f"Bearer {TOKEN}",
        HTTP_ACCEPT="application/openmetrics-text; version=1.0.0",
    )
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/openmetrics-text")
    assert response.content.decode().endswith("# EOF\n")


def test_a_post_is_refused_and_changes_nothing(client, token):
    response = client.post(reverse("metrics"), HTTP_AUTHORIZATION=f"Bearer {TOKEN}")
    assert response.status_code == 405


def test_plain_http_is_answered_not_redirected(client, token, settings):
    settings.SECURE_SSL_REDIRECT = True
    assert client.get(reverse("home")).status_code == 301
    assert client.get(reverse("metrics"), HTTP_AUTHORIZATION=f"Bearer {TOKEN}").status_code == 200


def test_a_database_that_fails_leaves_the_other_metrics_readable(client, token, monkeypatch):
    def broken(**_kwargs):
        raise RuntimeError("the database is down")

    monkeypatch.setattr(metrics_view, "oldest_overdue_seconds", broken)
    body = scrape(client)
    assert "playtable_oldest_overdue_deadline_seconds" not in body
    assert "playtable_moves_total" in body


# Moves


def test_a_submitted_move_counts_exactly_one(
    client, token, alice, bob, django_capture_on_commit_callbacks
):
    table = started_table(alice, bob)
    before = sample(scrape(client), "playtable_moves_total", game="lost_cities")
    assert before is not None
    seat = seat_to_move(table)
    mover = alice if seat == 0 else bob
    with django_capture_on_commit_callbacks(execute=True):
        move_submit(
            code=table.code,
            user=mover,
            action=random_legal(table, seat, random.Random(1)),
            seen_version=None,
        )
    after = sample(scrape(client), "playtable_moves_total", game="lost_cities")
    assert after == before + 1


def test_a_refused_move_counts_nothing(
    client, token, alice, bob, django_capture_on_commit_callbacks
):
    table = started_table(alice, bob)
    before = sample(scrape(client), "playtable_moves_total", game="lost_cities")
    seat = seat_to_move(table)
    waiting = bob if seat == 0 else alice
    with django_capture_on_commit_callbacks(execute=True), pytest.raises(Exception, match="turn"):
        move_submit(
            code=table.code,
            user=waiting,
            action=random_legal(table, seat, random.Random(1)),
            seen_version=None,
        )
    assert sample(scrape(client), "playtable_moves_total", game="lost_cities") == before


# Overdue deadlines


def test_a_seat_deadline_90_seconds_past_shows_as_at_least_90(client, token, alice, bob):
    table = started_table(alice, bob)
    seat = Seat.objects.get(table=table, position=seat_to_move(table))
    Seat.objects.filter(pk=seat.pk).update(deadline=timezone.now() - timedelta(seconds=90))
    assert sample(scrape(client), "playtable_oldest_overdue_deadline_seconds") >= 90


def test_no_passed_deadline_shows_0(client, token, alice, bob):
    table = started_table(alice, bob)
    # A deadline still to come is not overdue.
    Seat.objects.filter(table=table).update(deadline=timezone.now() + timedelta(hours=1))
    assert sample(scrape(client), "playtable_oldest_overdue_deadline_seconds") == 0


def test_a_passed_phase_deadline_counts_too(client, token, alice, bob):
    table = started_table(alice, bob)
    Seat.objects.filter(table=table).update(deadline=None)
    Table.objects.filter(pk=table.pk).update(phase_deadline=timezone.now() - timedelta(seconds=120))
    assert sample(scrape(client), "playtable_oldest_overdue_deadline_seconds") >= 120


def test_a_finished_table_s_old_deadline_is_not_overdue(client, token, alice, bob):
    table = started_table(alice, bob)
    Seat.objects.filter(table=table).update(deadline=timezone.now() - timedelta(hours=2))
    Table.objects.filter(pk=table.pk).update(status=Table.Status.FINISHED)
    assert sample(scrape(client), "playtable_oldest_overdue_deadline_seconds") == 0


def test_the_oldest_of_several_passed_deadlines_counts(alice, bob, carol):
    now = timezone.now()
    first, second = started_table(alice, bob), started_table(carol, alice)
    Seat.objects.filter(table=first).update(deadline=now - timedelta(seconds=30))
    Seat.objects.filter(table=second).update(deadline=now - timedelta(seconds=300))
    assert metrics_view.oldest_overdue_seconds(now=now) == 300


# Celery's queue lag


def test_before_any_probe_the_lag_is_unknown_and_the_age_infinite(client, token):
    body = scrape(client)
    assert math.isnan(sample(body, "playtable_celery_queue_lag_seconds"))
    assert sample(body, "playtable_celery_probe_age_seconds") == math.inf


def test_the_probe_records_how_long_it_waited(client, token):
    celery_probe(sent=time.time() - 30)
    body = scrape(client)
    assert sample(body, "playtable_celery_queue_lag_seconds") >= 30
    age = sample(body, "playtable_celery_probe_age_seconds")
    assert 0 <= age < math.inf


def test_beat_s_probe_sends_a_stamped_one_that_records_a_lag(client, token):
    # Tasks run inline in the tests (eager), as in any mode without a broker.
    assert celery_probe() is None
    lag = sample(scrape(client), "playtable_celery_queue_lag_seconds")
    assert lag is not None and lag >= 0 and math.isfinite(lag)


def test_the_probe_age_is_measured_from_the_worker_s_run():
    metrics.celery_probe_recorded(sent=1000.0, now=1004.5)
    assert metrics.celery_probe_read(now=1064.5) == (4.5, 60.0)


def test_beat_sends_the_probe_as_often_as_the_sweep():
    schedule = {
        entry["task"]: entry["schedule"] for entry in django_settings.CELERY_BEAT_SCHEDULE.values()
    }
    assert schedule["lobby.tasks.celery_probe"] == schedule["lobby.tasks.deadlines_sweep"]


# Sockets, renders, push lag: what the socket and render code call


def test_open_sockets_count_up_and_down_per_kind(client, token):
    before = sample(scrape(client), "playtable_open_sockets", kind="table")
    metrics.socket_opened("table")
    metrics.socket_opened("table")
    metrics.socket_closed("table")
    metrics.socket_opened("me")
    body = scrape(client)
    assert sample(body, "playtable_open_sockets", kind="table") == before + 1
    metrics.socket_closed("me")


def test_renders_and_push_lags_are_observed(client, token):
    body = scrape(client)
    renders = sample(body, "playtable_board_render_seconds_count", game="lost_cities") or 0
    pushes = sample(body, "playtable_push_lag_seconds_count") or 0
    metrics.render_observed("lost_cities", 0.004)
    metrics.push_lag_observed(0.2)
    body = scrape(client)
    assert sample(body, "playtable_board_render_seconds_count", game="lost_cities") == renders + 1
    assert sample(body, "playtable_push_lag_seconds_count") == pushes + 1


def test_the_functions_never_raise(client, token, monkeypatch):
    before = scrape(client)
    metrics.socket_opened("bogus")
    metrics.socket_closed("bogus")
    metrics.render_observed("lost_cities", math.nan)
    metrics.push_lag_observed(math.inf)

    def broken(**_labels):
        raise RuntimeError("metrics broke")

    monkeypatch.setattr(metrics.MOVES, "labels", broken)
    metrics.move_counted("lost_cities")
    after = scrape(client)
    assert 'kind="bogus"' not in after
    assert sample(after, "playtable_push_lag_seconds_count") == sample(
        before, "playtable_push_lag_seconds_count"
    )


# Several processes (prometheus_client's multiprocess mode)

PROCESS = """
import json, os, sys, django
django.setup()
from lobby import metrics
moves, sockets = int(sys.argv[1]), int(sys.argv[2])
for _ in range(moves):
    metrics.move_counted("lost_cities")
for _ in range(sockets):
    metrics.socket_opened("table")
metrics.render_observed("lost_cities", 0.003)
if sys.argv[3] == "scrape":
    registry = metrics.process_registry()
    print(json.dumps({
        "moves": registry.get_sample_value("playtable_moves_total", {"game": "lost_cities"}),
        "sockets": registry.get_sample_value("playtable_open_sockets", {"kind": "table"}),
        "renders": registry.get_sample_value(
            "playtable_board_render_seconds_count", {"game": "lost_cities"}
        ),
    }))
"""


def run_process(env: dict[str, str], *args: str) -> str:
    result = subprocess.run(
        [sys.executable, "-c", PROCESS, *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


def process_env(tmp_path: Path, multiproc_dir: str) -> dict[str, str]:
    return {
        "PATH": os.environ.get("PATH", ""),
        "DJANGO_SETTINGS_MODULE": "config.settings_test",
        "PLAYTABLE_VAR_DIR": str(tmp_path / "var"),
        "PROMETHEUS_MULTIPROC_DIR": multiproc_dir,
    }


def test_two_processes_counts_sum_in_one_scrape_and_an_ended_one_s_sockets_go(tmp_path):
    env = process_env(tmp_path, str(tmp_path / "metrics"))
    run_process(env, "2", "4", "-")  # opens 4 sockets, then ends
    seen = json.loads(run_process(env, "3", "1", "scrape"))
    assert seen["moves"] == 5
    assert seen["renders"] == 2
    # The ended process's sockets left the live sum with it; the scraper's own one counts.
    assert seen["sockets"] == 1
    # Both ended: their live gauges are gone, their counters stay for the next scrape.
    assert list((tmp_path / "metrics").glob("gauge_livesum_*.db")) == []
    assert len(list((tmp_path / "metrics").glob("counter_*.db"))) == 2


def test_an_empty_directory_variable_means_one_process_and_no_files(tmp_path):
    work = tmp_path / "work"
    work.mkdir()
    env = process_env(tmp_path, "")
    result = subprocess.run(
        [
            sys.executable,
            "-c",
            "import django; django.setup(); from lobby import metrics; "
            "metrics.move_counted('lost_cities'); "
            "import prometheus_client.values as v; print(v.ValueClass.__name__)",
        ],
        cwd=work,
        env={**env, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "MutexValue"
    assert list(work.iterdir()) == []
