"""Rating-history line charts, computed here and drawn by a template as inline SVG."""

from __future__ import annotations

from collections.abc import Sequence
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
