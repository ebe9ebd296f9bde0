"""Mondo's table options (rules §5.1, §11) and the choices they offer."""

from __future__ import annotations

from games.engine import Option, gettext_noop
from games.mondo.rules import MAX_MINUTES

__all__ = ["BACKSIDE_CHOICES", "OPTIONS", "VOLCANO_CHIP_CHOICES"]

BACKSIDE_CHOICES = (
    ("front", gettext_noop("Front: water all around (standard)")),
    ("back", gettext_noop("Back: four landscapes around the rim")),
    ("choose", gettext_noop("Each player chooses a side every round")),
)
VOLCANO_CHIP_CHOICES = (
    ("round", gettext_noop("The top scorer of the last round")),
    ("total", gettext_noop("The overall leader")),
)

OPTIONS: tuple[Option, ...] = (
    Option(
        key="time",
        label=gettext_noop("Minutes per round"),
        kind="int",
        default=0,
        min=0,
        max=MAX_MINUTES,
        help=gettext_noop(
            "Usually 4 to 7. 0 means by level: beginner 7, advanced 6, expert 5 minutes."
        ),
    ),
    Option(
        key="backside",
        label=gettext_noop("Board side"),
        kind="choice",
        default="front",
        choices=BACKSIDE_CHOICES,
    ),
    Option(
        key="advanced",
        label=gettext_noop("Advanced: scoring modifiers"),
        kind="bool",
        default=False,
        help=gettext_noop("One of five special scorings applies each round (+4 / -4)."),
    ),
    Option(
        key="expert",
        label=gettext_noop("Expert: modifiers and additional tasks"),
        kind="bool",
        default=False,
        help=gettext_noop("Each player may take up to two tasks per round."),
    ),
    Option(
        key="volcano_chip",
        label=gettext_noop("Volcano chip goes to"),
        kind="choice",
        default="round",
        choices=VOLCANO_CHIP_CHOICES,
    ),
    Option(
        key="handicap",
        label=gettext_noop("Handicapped players"),
        kind="seats",
        default=(),
        max=4,
        help=gettext_noop(
            "Tick the strong players: only they lose points for volcanoes, one per active "
            "volcano each; nobody else loses any."
        ),
    ),
    Option(
        key="handicap_inactive",
        label=gettext_noop("Handicap also counts inactive volcanoes"),
        kind="bool",
        default=False,
    ),
    Option(
        key="hidden_time",
        label=gettext_noop("Hidden time"),
        kind="bool",
        default=False,
        help=gettext_noop("The remaining time is not shown."),
    ),
    Option(
        key="sudden_end",
        label=gettext_noop("Sudden end"),
        kind="bool",
        default=False,
        help=gettext_noop(
            "4 minutes; the round ends for all when anyone jumps out, which needs at most "
            "3 free spaces."
        ),
    ),
    Option(
        key="slow_game",
        label=gettext_noop("Slow game"),
        kind="bool",
        default=False,
        help=gettext_noop("No timer until the first player jumps out; then 1 minute."),
    ),
    Option(
        key="random_tasks",
        label=gettext_noop("Expert: tasks dealt at random"),
        kind="bool",
        default=False,
        help=gettext_noop("Each player gets two tasks and must attempt them."),
    ),
    Option(
        key="no_flip",
        label=gettext_noop("No flipping"),
        kind="bool",
        default=False,
        help=gettext_noop("Tiles must be used with the face they show in the pool."),
    ),
    Option(
        key="solo_rules",
        label=gettext_noop("Solo rules for everyone"),
        kind="bool",
        default=False,
        help=gettext_noop("Solo for two: everyone plays the solo rules; fewest minus points wins."),
    ),
)
"""Every option a new table offers, in the order of the form."""
