"""Card data types: a card is data (cost, tags, requirement, VP, effects) read by the interpreter.

A card module builds `CardDef`s with `project(...)` or `corporation(...)`. Effects are tuples of
plain strings and ints ("ops", documented in games/terraforming_mars/README.md):

    project("003", "Deep Well Heating", "automated", 13, "power building",
            play=(("prod", "energy", 1), ("raise", "temperature", 1)))

Requirements and VP use the grammar of cards.csv (rules §17.2) and are compiled here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from games.terraforming_mars.constants import CARD_RESOURCES, RES_INDEX, TAG_INDEX, TAGS

__all__ = [
    "CardDef",
    "Mode",
    "Trigger",
    "compile_requirement",
    "compile_vp",
    "corporation",
    "project",
]

Op = tuple[Any, ...]
"""One effect: (name, *arguments), e.g. ("gain", "plants", 3)."""


class Mode(NamedTuple):
    """One way to use a blue card's action: its key, what it costs and what it does (§4.5)."""

    key: str
    costs: tuple[Op, ...]
    effects: tuple[Op, ...]
    label: str = ""


class Trigger(NamedTuple):
    """A permanent "Effect: when …" of a card in play (§4.1 step 4, §17).

    event: "tile" (a tile was placed), "card" (a card was played), "tag" (one tag was put
    into play), "paid" (a card or standard project was paid for), "sp" (a standard project
    was used). scope: "own" (the card's owner did it) or "any" (any player did).
    cond: (key, value) pairs the event must match (see effects.trigger_matches).
    """

    event: str
    scope: str
    cond: tuple[tuple[str, Any], ...]
    ops: tuple[Op, ...]


_REQ = re.compile(
    r"^(oxygen|temperature|oceans|tag:[a-z]+|production:[a-z]+|greeneries_own|cities_any_owner"
    r"|floaters_own|colonies_own|cities_own)"
    r"(>=|<=)(-?\d+)$"
)


def compile_requirement(text: str) -> tuple[tuple[Any, ...], ...]:
    """Return the requirement grammar of §17.2 as tuples; raise ValueError on anything else.

    ("global", "oxygen", "max", 5), ("tag", tag index, n), ("production", res index, n),
    ("greeneries_own", n), ("cities_any", n); Colonies (§17.2): ("floaters_own", n),
    ("colonies_own", "min" | "max", n), ("cities_own", n).
    """
    out: list[tuple[Any, ...]] = []
    for part in filter(None, (p.strip() for p in text.split("&"))):
        match = _REQ.match(part)
        if match is None:
            raise ValueError(f"unknown requirement {part!r}")
        what, op, raw = match.groups()
        value = int(raw)
        if what in ("oxygen", "temperature", "oceans"):
            out.append(("global", what, "max" if op == "<=" else "min", value))
        elif what.startswith("tag:"):
            assert op == ">=", part
            out.append(("tag", TAG_INDEX[what[4:]], value))
        elif what.startswith("production:"):
            assert op == ">=", part
            out.append(("production", RES_INDEX[what[11:]], value))
        elif what == "greeneries_own":
            out.append(("greeneries_own", value))
        elif what in ("floaters_own", "cities_own"):
            assert op == ">=", part
            out.append((what, value))
        elif what == "colonies_own":
            out.append(("colonies_own", "max" if op == "<=" else "min", value))
        else:
            out.append(("cities_any", value))
    return tuple(out)


_VP_RES = re.compile(r"^(\d+)/(\d*)res$")


def compile_vp(text: str) -> tuple[Any, ...] | None:
    """Return the VP grammar of §17.2 as a tuple, or None for no VP.

    ("fixed", n), ("res", per, every), ("tag", tag index, per), ("adjacent", kind, per),
    ("cities", per, every), ("res_at_least", vp, threshold), ("colonies", per, every).
    """
    text = text.strip()
    if not text:
        return None
    if re.fullmatch(r"-?\d+", text):
        return ("fixed", int(text))
    match = _VP_RES.match(text)
    if match:
        return ("res", int(match.group(1)), int(match.group(2) or 1))
    match = re.fullmatch(r"(\d+)/tag:([a-z]+)", text)
    if match:
        return ("tag", TAG_INDEX[match.group(2)], int(match.group(1)))
    match = re.fullmatch(r"(\d+)/adjacent:(ocean|city|greenery)", text)
    if match:
        return ("adjacent", match.group(2), int(match.group(1)))
    match = re.fullmatch(r"(\d+)/(\d+) cities:any_owner", text)
    if match:
        return ("cities", int(match.group(1)), int(match.group(2)))
    match = re.fullmatch(r"(\d+)/(\d+) colonies:any_owner", text)
    if match:
        return ("colonies", int(match.group(1)), int(match.group(2)))
    match = re.fullmatch(r"(\d+) if res>=(\d+)", text)
    if match:
        return ("res_at_least", int(match.group(1)), int(match.group(2)))
    raise ValueError(f"unknown VP {text!r}")


@dataclass(frozen=True)
class CardDef:
    """One card. `id` is the distinctive token used in actions and views ("TM-001")."""

    id: str
    number: str
    name: str
    module: str
    kind: str  # automated, active, event, corporation
    cost: int
    tags: tuple[str, ...]
    requirement: str = ""
    vp: str = ""
    resource: str = ""
    text: str = ""
    play: tuple[Op, ...] = ()
    actions: tuple[Mode, ...] = ()
    effects: tuple[Op, ...] = ()
    triggers: tuple[Trigger, ...] = ()
    starting_mc: int = 0
    first_action: tuple[Op, ...] = ()
    first_action_label: str = ""
    checks: tuple[str, ...] = ()  # names of extra playability hooks (effects.CHECKS)
    req: tuple[tuple[Any, ...], ...] = field(init=False)
    vp_rule: tuple[Any, ...] | None = field(init=False)
    tag_ids: tuple[int, ...] = field(init=False)
    building: bool = field(init=False)
    space: bool = field(init=False)
    production_box: tuple[tuple[int, int], ...] = field(init=False)
    tile_name: str = field(init=False)  # the named tile this card places (Capital …)

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        for tag in self.tags:
            assert tag in TAGS and tag != "event", f"{self.name}: bad tag {tag!r}"
        assert not self.resource or self.resource in CARD_RESOURCES, self.name
        set_(self, "req", compile_requirement(self.requirement))
        set_(self, "vp_rule", compile_vp(self.vp))
        tags = self.tags + (("event",) if self.kind == "event" else ())
        set_(self, "tag_ids", tuple(TAG_INDEX[tag] for tag in tags))
        set_(self, "building", "building" in self.tags)
        set_(self, "space", "space" in self.tags)
        box = tuple((RES_INDEX[op[1]], op[2]) for op in self.play if op[0] == "prod")
        set_(self, "production_box", box)
        names = [op[3] for op in self.play if op[0] == "tile" and len(op) > 3 and op[3]]
        set_(self, "tile_name", names[0] if names else "")

    @property
    def is_project(self) -> bool:
        return self.kind in ("automated", "active", "event")


def _tags(text: str) -> tuple[str, ...]:
    return tuple(text.replace(";", " ").split())


def project(
    number: str,
    name: str,
    kind: str,
    cost: int,
    tags: str = "",
    *,
    module: str = "base",
    req: str = "",
    vp: str = "",
    resource: str = "",
    text: str = "",
    play: tuple[Op, ...] = (),
    action: tuple[Op, ...] | None = None,
    actions: tuple[Mode, ...] = (),
    effects: tuple[Op, ...] = (),
    triggers: tuple[Trigger, ...] = (),
    checks: tuple[str, ...] = (),
) -> CardDef:
    """Return a project card (001–208). `action` is shorthand for one mode: (costs, effects)."""
    assert kind in ("automated", "active", "event"), kind
    if action is not None:
        costs, effs = action
        actions = (Mode("use", tuple(costs), tuple(effs)),)
    return CardDef(
        id=f"TM-{number}",
        number=number,
        name=name,
        module=module,
        kind=kind,
        cost=cost,
        tags=_tags(tags),
        requirement=req,
        vp=vp,
        resource=resource,
        text=text,
        play=play,
        actions=actions,
        effects=effects,
        triggers=triggers,
        checks=checks,
    )


def corporation(
    number: str,
    name: str,
    starting_mc: int,
    tags: str = "",
    *,
    module: str = "base",
    text: str = "",
    play: tuple[Op, ...] = (),
    action: tuple[Op, ...] | None = None,
    actions: tuple[Mode, ...] = (),
    effects: tuple[Op, ...] = (),
    triggers: tuple[Trigger, ...] = (),
    first_action: tuple[Op, ...] = (),
    first_action_label: str = "",
    vp: str = "",
    resource: str = "",
) -> CardDef:
    """Return a corporation card (R00…R43): starting M€, start-up ops, effects, actions.

    `vp` and `resource`: a corporation that collects resources (Colonies: Arklight).
    """
    if action is not None:
        costs, effs = action
        actions = (Mode("use", tuple(costs), tuple(effs)),)
    return CardDef(
        id=f"TM-{number}",
        number=number,
        name=name,
        module=module,
        kind="corporation",
        cost=0,
        tags=_tags(tags),
        text=text,
        play=play,
        actions=actions,
        effects=effects,
        triggers=triggers,
        starting_mc=starting_mc,
        first_action=first_action,
        first_action_label=first_action_label,
        vp=vp,
        resource=resource,
    )
