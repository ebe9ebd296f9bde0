"""Charts computed here and drawn by a template as inline SVG: rating histories (lines) and
score distributions (histograms)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

WIDTH = 320
HEIGHT = 120
# Room on the left for the rating labels, and above and below for the line's ends.
LEFT = 40
PAD = 8


@dataclass(frozen=True)
class LineChart:
    """A polyline in a WIDTH×HEIGHT box, with the ratings at its top and bottom edges."""

    points: str  # "x,y x,y …", ready for <polyline points="…">
    last_x: float
    last_y: float
    high: int
    low: int
    first: int
    last: int
    games: int
    width: int = WIDTH
    height: int = HEIGHT
    left: int = LEFT
    top: int = PAD
    bottom: int = HEIGHT - PAD


def line_chart(values: Sequence[float]) -> LineChart:
    """Return the chart of `values` (oldest first): x by game, y by rating, high at the top.

    1. Scale x evenly from LEFT to WIDTH − PAD, one step per game.
    2. Scale y so the lowest value sits at the bottom edge and the highest at the top;
       a flat history (or a single value) is drawn across the middle.
    """
    if not values:
        raise ValueError("A chart needs at least one value.")
    high, low = max(values), min(values)
    span = high - low
    steps = max(len(values) - 1, 1)
    x_step = (WIDTH - PAD - LEFT) / steps
    inner = HEIGHT - 2 * PAD
    coords = []
    for index, value in enumerate(values):
        x = LEFT + index * x_step
        y = HEIGHT / 2 if span == 0 else PAD + (high - value) / span * inner
        coords.append((round(x, 1), round(y, 1)))
    return LineChart(
        points=" ".join(f"{x:g},{y:g}" for x, y in coords),
        last_x=coords[-1][0],
        last_y=coords[-1][1],
        high=round(high),
        low=round(low),
        first=round(values[0]),
        last=round(values[-1]),
        games=len(values) - 1,
    )


#: At most this many bars in a score histogram: wider score ranges share bars.
MAX_BARS = 12
BAR_GAP = 2


@dataclass(frozen=True)
class Bar:
    """One bar of a histogram: the scores from `low` to `high` and how often they occurred."""

    low: int
    high: int
    count: int
    x: float
    y: float
    width: float
    height: float


@dataclass(frozen=True)
class Histogram:
    """Bars in a WIDTH×HEIGHT box, the tallest reaching the top; `most` is its count."""

    bars: list[Bar]
    most: int
    total: int
    low: int
    high: int
    width: int = WIDTH
    height: int = HEIGHT
    left: int = LEFT
    top: int = PAD
    bottom: int = HEIGHT - PAD


def histogram(counts: Mapping[int, int]) -> Histogram:
    """Return the histogram of `counts` ({score: how many times}).

    1. Split the scores from the lowest to the highest into at most MAX_BARS bars of
       equal whole width (a bar covers `low`..`high`, both included).
    2. Scale each bar's height by its count against the tallest bar.
    """
    if not counts:
        raise ValueError("A histogram needs at least one score.")
    low, high = min(counts), max(counts)
    span = high - low + 1
    size = -(-span // MAX_BARS)  # ceiling division: the width of a bar in scores
    n = -(-span // size)
    totals = [0] * n
    for score, count in counts.items():
        totals[(score - low) // size] += count
    most = max(totals)
    slot = (WIDTH - PAD - LEFT) / n
    inner = HEIGHT - 2 * PAD
    bars = []
    for index, count in enumerate(totals):
        height = round(count / most * inner, 1)
        bars.append(
            Bar(
                low=low + index * size,
                high=low + (index + 1) * size - 1,
                count=count,
                x=round(LEFT + index * slot + BAR_GAP / 2, 1),
                y=round(HEIGHT - PAD - height, 1),
                width=round(max(slot - BAR_GAP, 1), 1),
                height=height,
            )
        )
    return Histogram(bars=bars, most=most, total=sum(totals), low=low, high=high)
