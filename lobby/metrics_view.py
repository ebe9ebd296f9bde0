"""`GET /metrics`: the Prometheus endpoint for operators (staff or the metrics token).

The processes' own metrics come from lobby.metrics; the figures that only the database
and the cache know are computed here at each scrape, with one cheap query each.
"""

from __future__ import annotations

import hmac
import logging
import math
from collections.abc import Iterator
from datetime import datetime

from django.conf import settings
from django.db.models import Min
from django.http import HttpRequest, HttpResponse, HttpResponseForbidden
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.exposition import choose_encoder
from prometheus_client.metrics_core import Metric

from games.registry import engines
from lobby import metrics
from lobby.models import Seat, Table

logger = logging.getLogger(__name__)


def oldest_overdue_seconds(*, now: datetime | None = None) -> float:
    """Return how long ago the oldest passed deadline of a table in play was, or 0.

    Seat deadlines (turn timers) and phase deadlines both count: either one still set
    after it passed is a timer that neither its task nor the sweep has handled yet.
    """
    now = now or timezone.now()
    active = Table.Status.ACTIVE
    oldest = [
        Seat.objects.filter(table__status=active, deadline__lt=now).aggregate(
            oldest=Min("deadline")
        )["oldest"],
        Table.objects.filter(status=active, phase_deadline__lt=now).aggregate(
            oldest=Min("phase_deadline")
        )["oldest"],
    ]
    passed = [moment for moment in oldest if moment is not None]
    return (now - min(passed)).total_seconds() if passed else 0.0


class ScrapeTimeGauges:
    """The gauges read at scrape time: overdue deadlines and the Celery probe."""

    def collect(self) -> Iterator[Metric]:
        try:
            overdue = oldest_overdue_seconds()
        except Exception:  # the database is down: the other metrics still answer
            logger.warning("metrics: overdue deadlines could not be read", exc_info=True)
        else:
            yield GaugeMetricFamily(
                "playtable_oldest_overdue_deadline_seconds",
                "Age of the oldest passed seat or phase deadline of a table in play (0: none).",
                value=overdue,
            )
        try:
            probe = metrics.celery_probe_read()
        except Exception:  # the cache (Redis) is down
            logger.warning("metrics: the Celery probe could not be read", exc_info=True)
            return
        # No probe yet (or none for a day): the lag is unknown, the age infinite.
        lag, age = probe if probe is not None else (math.nan, math.inf)
        yield GaugeMetricFamily(
            "playtable_celery_queue_lag_seconds",
            "How long the last probe task waited in the broker before a worker started it.",
            value=lag,
        )
        yield GaugeMetricFamily(
            "playtable_celery_probe_age_seconds",
            "Seconds since a worker last ran the probe task (grows while no worker runs).",
            value=age,
        )


def _allowed(request: HttpRequest) -> bool:
    """Return whether the request comes from staff or carries the metrics token."""
    user = request.user
    if user.is_authenticated and user.is_active and user.is_staff:
        return True
    token = settings.METRICS_TOKEN
    scheme, _space, credentials = request.headers.get("Authorization", "").partition(" ")
    if not token or scheme.lower() != "bearer":
        return False
    return hmac.compare_digest(credentials.strip().encode(), token.encode())


_labels_ready = False


@never_cache
@require_safe
def metrics_view(request: HttpRequest) -> HttpResponse:
    """Serve the metrics in Prometheus' text format to staff or the token's holder."""
    if not _allowed(request):
        return HttpResponseForbidden(
            _("The metrics are for the site's operators: sign in as staff or send the token."),
            content_type="text/plain; charset=utf-8",
        )
    global _labels_ready
    if not _labels_ready:
        metrics.labels_prepare(engine.slug for engine in engines())
        _labels_ready = True
    registry = metrics.process_registry()
    registry.register(ScrapeTimeGauges())
    encoder, content_type = choose_encoder(request.headers.get("Accept", ""))
    try:
        body = encoder(registry)
    except Exception:  # an unreadable metric file, say: a failed scrape, not a 500 page
        logger.exception("metrics: the scrape failed")
        return HttpResponse(
            _("The metrics could not be collected; the log says why."),
            status=503,
            content_type="text/plain; charset=utf-8",
        )
    return HttpResponse(body, content_type=content_type)
