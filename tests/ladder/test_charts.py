"""The rating-history chart's geometry (pure: no database)."""

from __future__ import annotations

import pytest

from ladder.charts import HEIGHT, LEFT, PAD, WIDTH, line_chart


def points(chart):
    return [tuple(float(n) for n in point.split(",")) for point in chart.points.split()]


def test_the_highest_rating_touches_the_top_and_the_lowest_the_bottom():
    chart = line_chart([1500, 1530, 1470])
    (x0, y0), (x1, y1), (x2, y2) = points(chart)
    assert (x0, x2) == (LEFT, WIDTH - PAD)
    assert x1 == pytest.approx((LEFT + WIDTH - PAD) / 2, abs=0.1)
    assert (y1, y2) == (PAD, HEIGHT - PAD)
    assert y0 == pytest.approx(HEIGHT / 2)
    assert (chart.high, chart.low, chart.first, chart.last, chart.games) == (
        1530,
        1470,
        1500,
        1470,
        2,
    )
    assert (chart.last_x, chart.last_y) == (x2, y2)


def test_a_flat_history_runs_across_the_middle():
    chart = line_chart([1500, 1500])
    assert [y for _, y in points(chart)] == [HEIGHT / 2, HEIGHT / 2]


def test_a_chart_needs_a_value():
    with pytest.raises(ValueError, match="at least one"):
        line_chart([])
