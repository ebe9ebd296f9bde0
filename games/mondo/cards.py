"""The scoring modifiers (rules §8) and the additional tasks (rules §9) as data."""

from __future__ import annotations

from dataclasses import dataclass

from games.engine import gettext_noop

__all__ = ["MODIFIERS", "MODIFIER_INDEX", "TASKS", "TASK_INDEX", "Modifier", "Task"]


@dataclass(frozen=True, slots=True)
class Modifier:
    """A scoring modifier: the value compared per player (rules §8)."""

    id: str
    measure: str  # a key of the per-player figures (see scoring.modifier_value)
    label: str
    text: str


# rules §8: five modifiers; the best gets +4, the worst -4.
MODIFIERS: tuple[Modifier, ...] = (
    Modifier(
        "mondo-mod-most-landscapes",
        "landscapes",
        gettext_noop("Most landscapes"),
        gettext_noop("Count your completed, error-free landscapes (water does not count)."),
    ),
    Modifier(
        "mondo-mod-most-lakes",
        "lakes",
        gettext_noop("Most lakes"),
        gettext_noop("Count your lakes: completed, error-free water enclosed by land."),
    ),
    Modifier(
        "mondo-mod-most-aquatic",
        "aquatic",
        gettext_noop("Most aquatic animals"),
        gettext_noop("Count the water animals on your board, wherever they are."),
    ),
    Modifier(
        "mondo-mod-largest-lake",
        "largest_lake",
        gettext_noop("Largest lake"),
        gettext_noop("The number of tiles your largest lake touches (0 without a lake)."),
    ),
    Modifier(
        "mondo-mod-largest-forest",
        "largest_forest",
        gettext_noop("Largest forest"),
        gettext_noop("The number of tiles your largest completed, error-free forest touches."),
    ),
)
MODIFIER_INDEX = {modifier.id: i for i, modifier in enumerate(MODIFIERS)}


@dataclass(frozen=True, slots=True)
class Task:
    """An additional task of the expert game (rules §9.2)."""

    key: str
    kind: str  # "three", "four", "perfect", "finished", "first"
    landscape: str  # for "three" and "four"
    animal: str  # for "three"
    value: int
    label: str
    text: str


# rules §9.2: the twelve tasks; values 9/7/5/3/3 from one source.
TASKS: tuple[Task, ...] = (
    Task(
        "three-buffalos",
        "three",
        "s",
        "buffalo",
        9,
        gettext_noop("Three buffalos"),
        gettext_noop("One scoring steppe holds at least 3 buffalos."),
    ),
    Task(
        "three-elephants",
        "three",
        "s",
        "elephant",
        9,
        gettext_noop("Three elephants"),
        gettext_noop("One scoring steppe holds at least 3 elephants."),
    ),
    Task(
        "three-pandas",
        "three",
        "f",
        "panda",
        9,
        gettext_noop("Three pandas"),
        gettext_noop("One scoring forest holds at least 3 pandas."),
    ),
    Task(
        "three-parrots",
        "three",
        "f",
        "parrot",
        9,
        gettext_noop("Three parrots"),
        gettext_noop("One scoring forest holds at least 3 parrots."),
    ),
    Task(
        "three-snakes",
        "three",
        "d",
        "snake",
        9,
        gettext_noop("Three snakes"),
        gettext_noop("One scoring desert holds at least 3 snakes."),
    ),
    Task(
        "three-scorpions",
        "three",
        "d",
        "scorpion",
        9,
        gettext_noop("Three scorpions"),
        gettext_noop("One scoring desert holds at least 3 scorpions."),
    ),
    Task(
        "steppe-animals",
        "four",
        "s",
        "",
        7,
        gettext_noop("Steppe animals"),
        gettext_noop("One scoring steppe holds an elephant, a zebra, an antelope and a buffalo."),
    ),
    Task(
        "forest-animals",
        "four",
        "f",
        "",
        7,
        gettext_noop("Forest animals"),
        gettext_noop("One scoring forest holds a panda, a parrot, a tiger and a gorilla."),
    ),
    Task(
        "desert-animals",
        "four",
        "d",
        "",
        7,
        gettext_noop("Desert animals"),
        gettext_noop("One scoring desert holds a scorpion, a gecko, a snake and an ostrich."),
    ),
    Task(
        "mistake-free",
        "perfect",
        "",
        "",
        5,
        gettext_noop("Mistake-free world"),
        gettext_noop("All 24 spaces filled and not a single connection error."),
    ),
    Task(
        "finished",
        "finished",
        "",
        "",
        3,
        gettext_noop("Finished"),
        gettext_noop("All 24 spaces filled (errors allowed)."),
    ),
    Task(
        "first-out",
        "first",
        "",
        "",
        3,
        gettext_noop("First out"),
        gettext_noop("Be the first to jump out this round (the chip of 4)."),
    ),
)
TASK_INDEX = {task.key: i for i, task in enumerate(TASKS)}
