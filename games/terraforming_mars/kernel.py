"""The interpreter's kernel: registries, the pending-effect queue and the basic state changes.

The game is a queue of pending effects (rules §17.1). A queue item is a tuple
`(name, seat, source card id or "", *arguments)`. An item whose name is in `OPS` resolves by
itself; an item whose name is in `DECISIONS` waits for its seat to choose one of its options.

Card modules extend the interpreter without touching it:

    @op("my_op")                      # a new automatic effect
    def _my_op(st, item): ...

    @decision("my_choice")            # a new choice: options() and choose()
    class MyChoice: ...

    @hook("robotic_workforce")        # code for one card: ("hook", "robotic_workforce")
    def _rw(st, item): ...

    @check("robotic_workforce")       # can the card be played now? None or a reason
    def _rw_check(st, seat, card): ...

Order of resolution (rules §17, [house rule] for what the printed rules leave open):
1. The queue is first-in first-out. An effect that causes further effects (a tile placed, a
   parameter raised, a card played) puts them at the FRONT, in the order they happen, so a
   cascade resolves completely before the next printed effect of the card.
2. A card's printed effects resolve in printed order, then the triggers of its being played.
3. Triggers of one event fire for the acting player first (corporation, then cards in the
   order played), then for the other players clockwise from the actor.
4. When several of one player's cards trigger at once and their order can change the result
   (one asks the player something, and another asks too or changes the hand it looks at),
   the player orders them: the decision ("order", seat, "", groups) offers "resolve this one
   first" per card and "Whatever" (the order of point 3). Otherwise nothing is asked.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games import rng
from games.terraforming_mars.catalog import CARDS
from games.terraforming_mars.constants import (
    ENERGY,
    HEAT,
    OXYGEN_MAX,
    OXYGEN_TEMPERATURE_BONUS,
    PLANTS_PER_GREENERY,
    PRODUCTION_MIN,
    RECENT_EVENTS,
    RES_INDEX,
    STEEL_VALUE,
    TAG_INDEX,
    TEMPERATURE_HEAT_BONUS,
    TEMPERATURE_MAX,
    TEMPERATURE_OCEAN_BONUS,
    TEMPERATURE_STEP,
    TITANIUM_VALUE,
)
from games.terraforming_mars.state import EMPTY_MODS, Mods, Player, State
from games.terraforming_mars.tags import tag_count
from games.words import msg

__all__ = [
    "CHECKS",
    "COUNTERS",
    "DECISIONS",
    "HOOKS",
    "HOOK_ORDER",
    "OPS",
    "Decision",
    "add_card_res",
    "add_prod",
    "check",
    "count",
    "counter",
    "decision",
    "draw_cards",
    "draw_to_hand",
    "fire",
    "front",
    "gain",
    "hook",
    "log",
    "lose",
    "op",
    "order_matters",
    "push_ops",
    "raise_oxygen",
    "raise_temperature",
    "raise_tr",
    "recompute",
    "run",
]

Item = tuple[Any, ...]
OpFn = Callable[[State, Item], None]

OPS: dict[str, OpFn] = {}
HOOKS: dict[str, OpFn] = {}
CHECKS: dict[str, Callable[[State, int, str], str | None]] = {}
COUNTERS: dict[str, Callable[..., int]] = {}
#: How a hook bears on the order of simultaneous triggers (`order_matters`): "ask" when it
#: puts a question to the player, "cards" when it changes the hand (it draws).
HOOK_ORDER: dict[str, str] = {}
#: The same for plain ops (a decision op always asks).
_OP_ORDER = {"draw": "cards"}


class Decision:
    """A pending choice. Subclasses give `options` and `choose`.

    auto: a decision with exactly one option resolves by itself.
    options(st, item) -> list of actions (each a small dict with "type").
    choose(st, item, action) -> None; the item is already off the queue.
    empty(st, item): what happens when there is no option (default: nothing, logged).
    """

    auto = True
    #: The question put to the player when `text.prompt_text` has none of its own: a
    #: `msg(...)` sentence ("Choose."); the card's name is put before it ("Card: Choose.").
    #: An old plain string "{card}choose." still reads, in English.
    prompt: str = msg("Choose.")

    def options(self, st: State, item: Item) -> list[dict[str, Any]]:
        raise NotImplementedError

    def choose(self, st: State, item: Item, action: dict[str, Any]) -> None:
        raise NotImplementedError

    def empty(self, st: State, item: Item) -> None:
        log(st, item[1], "nothing", item[0])


DECISIONS: dict[str, Decision] = {}


def op(name: str) -> Callable[[OpFn], OpFn]:
    """Register an automatic effect under `name`."""

    def wrap(fn: OpFn) -> OpFn:
        assert name not in OPS and name not in DECISIONS, f"op {name} registered twice"
        OPS[name] = fn
        return fn

    return wrap


def decision(name: str) -> Callable[[type[Decision]], type[Decision]]:
    """Register a Decision subclass under `name` (one instance is kept)."""

    def wrap(cls: type[Decision]) -> type[Decision]:
        assert name not in OPS and name not in DECISIONS, f"decision {name} registered twice"
        DECISIONS[name] = cls()
        return cls

    return wrap


def hook(name: str, *, order: str = "") -> Callable[[OpFn], OpFn]:
    """Register the code of ("hook", name, ...) for a card that data cannot express.

    `order`: "ask" if the hook puts a question to the player, "cards" if it draws cards
    (see `order_matters`); "" if neither.
    """

    def wrap(fn: OpFn) -> OpFn:
        assert name not in HOOKS, f"hook {name} registered twice"
        HOOKS[name] = fn
        if order:
            HOOK_ORDER[name] = order
        return fn

    return wrap


def check(name: str) -> Callable[[Callable[[State, int, str], str | None]], Any]:
    """Register a playability check: (state, seat, card id) -> None or a reason."""

    def wrap(fn: Callable[[State, int, str], str | None]) -> Any:
        assert name not in CHECKS, f"check {name} registered twice"
        CHECKS[name] = fn
        return fn

    return wrap


def counter(name: str) -> Callable[[Callable[..., int]], Callable[..., int]]:
    """Register a counter for ("gain_per"/"prod_per", res, n, (name, *args))."""

    def wrap(fn: Callable[..., int]) -> Callable[..., int]:
        COUNTERS[name] = fn
        return fn

    return wrap


# --- the queue ------------------------------------------------------------------------------


def front(st: State, item: Item) -> None:
    """Queue `item` to resolve next (after other items queued by the same effect)."""
    st.__dict__["_front"].append(item)


def flush(st: State) -> None:
    pending = st.__dict__["_front"]
    if pending:
        st.queue[0:0] = pending
        pending.clear()


def push_ops(st: State, seat: int, source: str, ops: tuple[tuple[Any, ...], ...]) -> None:
    """Queue a card's effects (`ops`) for `seat` at the front, in order."""
    pending = st.__dict__["_front"]
    for effect in ops:
        pending.append((effect[0], seat, source, *effect[1:]))


def run(st: State) -> None:
    """Resolve queue items until a decision needs a player, or the queue is empty.

    A decision without options is skipped (the player is never stuck, §17.1); one with a
    single option resolves by itself unless it is marked not automatic.
    """
    flush(st)
    queue = st.queue
    while queue:
        item = queue[0]
        name = item[0]
        pending = DECISIONS.get(name)
        if pending is not None:
            options = pending.options(st, item)
            if options and (len(options) > 1 or not pending.auto):
                st.__dict__["_cache"] = (item[1], options)
                return
            del queue[0]
            if options:
                pending.choose(st, item, options[0])
            else:
                pending.empty(st, item)
        else:
            del queue[0]
            OPS[name](st, item)
        flush(st)


# --- the log --------------------------------------------------------------------------------


def log(st: State, seat: int, code: str, *args: Any) -> None:
    """Add a public event to the game log kept in the state (view.py words it)."""
    entry = (st.gen, seat, code, *args)
    st.log = (*st.log[-(RECENT_EVENTS - 1) :], entry)


# --- resources, production, TR ------------------------------------------------------------


def gain(st: State, seat: int, res: int, amount: int) -> None:
    """Add `amount` (may be negative: lose what there is) of a standard resource."""
    if amount == 0 or seat < 0:
        return
    player = st.pw(seat)
    player.stock[res] = max(0, player.stock[res] + amount)


def lose(st: State, seat: int, res: int, amount: int) -> int:
    """Remove up to `amount` of a resource; return how much was really removed (§6)."""
    if seat < 0:
        return amount  # the solo game's neutral player has unlimited resources (§11.1)
    player = st.pw(seat)
    taken = min(amount, player.stock[res])
    player.stock[res] -= taken
    return taken


def add_prod(st: State, seat: int, res: int, amount: int) -> None:
    """Change a production; it never drops below its minimum (§1.1)."""
    if amount == 0 or seat < 0:
        return
    player = st.pw(seat)
    player.prod[res] = max(PRODUCTION_MIN[res], player.prod[res] + amount)


def raise_tr(st: State, seat: int, steps: int = 1) -> None:
    if seat < 0 or steps == 0:
        return
    player = st.pw(seat)
    player.tr += steps
    if steps > 0:
        player.tr_gen = True


def raise_temperature(st: State, seat: int, steps: int) -> int:
    """Raise the temperature step by step (§8); return the steps made."""
    made = 0
    for _ in range(steps):
        if st.temperature >= TEMPERATURE_MAX:
            break
        st.temperature += TEMPERATURE_STEP
        made += 1
        raise_tr(st, seat)
        if st.temperature in TEMPERATURE_HEAT_BONUS:
            add_prod(st, seat, HEAT, 1)
            log(st, seat, "bonus_heat")
        elif st.temperature == TEMPERATURE_OCEAN_BONUS:
            log(st, seat, "bonus_ocean")
            front(st, ("place", seat, "", "ocean", "ocean", ""))
    if made:
        log(st, seat, "temperature", made, st.temperature)
        fire(st, "param", seat, param="temperature", steps=made)
    return made


def raise_oxygen(st: State, seat: int, steps: int) -> int:
    """Raise oxygen step by step; 8 % brings a temperature step (§1.6); return steps made."""
    made = 0
    for _ in range(steps):
        if st.oxygen >= OXYGEN_MAX:
            break
        st.oxygen += 1
        made += 1
        raise_tr(st, seat)
        log(st, seat, "oxygen", 1, st.oxygen)
        if st.oxygen == OXYGEN_TEMPERATURE_BONUS:
            log(st, seat, "bonus_temperature")
            raise_temperature(st, seat, 1)
    if made:
        fire(st, "param", seat, param="oxygen", steps=made)
    return made


def draw_cards(st: State, count: int) -> list[str]:
    """Take up to `count` cards off the deck, reshuffling the discard pile when empty (§6)."""
    drawn: list[str] = []
    deck = st.deck
    while len(drawn) < count:
        if not deck:
            if not st.discard:
                break
            st.reshuffles += 1
            deck = tuple(
                rng.shuffled(sorted(st.discard), seed=st.seed, salt=f"tm/reshuffle-{st.reshuffles}")
            )
            st.discard = ()
            st.revealed = ()
        take = min(count - len(drawn), len(deck))
        drawn.extend(reversed(deck[len(deck) - take :]))
        deck = deck[: len(deck) - take]
    st.deck = deck
    return drawn


def draw_to_hand(st: State, seat: int, count: int) -> int:
    cards = draw_cards(st, count)
    if cards:
        player = st.pw(seat)
        player.hand = player.hand + tuple(cards)
    return len(cards)


def add_card_res(st: State, seat: int, card: str, amount: int) -> None:
    """Put `amount` resources on `card` (may be negative; never below 0)."""
    player = st.pw(seat)
    player.res[card] = max(0, player.res.get(card, 0) + amount)


# --- derived data ---------------------------------------------------------------------------


def recompute(player: Player) -> None:
    """Rebuild a player's tag counts and modifiers from the corporation and cards in play."""
    tags = [0] * len(TAG_INDEX)
    discount_all = 0
    discount_tags: dict[int, int] = {}
    steel = STEEL_VALUE
    titanium = TITANIUM_VALUE
    req_steps = 0
    heat_as_mc = False
    plants = PLANTS_PER_GREENERY
    sp: dict[str, int] = {}
    triggers: list[tuple[str, Any]] = []
    for card_id in player.in_play():
        card = CARDS[card_id]
        for tag in card.tag_ids:
            tags[tag] += 1
        for effect in card.effects:
            kind = effect[0]
            if kind == "discount":
                if effect[2]:
                    index = TAG_INDEX[effect[2]]
                    discount_tags[index] = discount_tags.get(index, 0) + effect[1]
                else:
                    discount_all += effect[1]
            elif kind == "metal":
                if effect[1] == "steel":
                    steel += effect[2]
                else:
                    titanium += effect[2]
            elif kind == "req_steps":
                req_steps += effect[1]
            elif kind == "heat_as_mc":
                heat_as_mc = True
            elif kind == "greenery_plants":
                plants = effect[1]
            elif kind == "sp_discount":
                sp[effect[1]] = sp.get(effect[1], 0) + effect[2]
        for trigger in card.triggers:
            triggers.append((card_id, trigger))
    player.tags = tags
    if (
        discount_all
        or discount_tags
        or steel != STEEL_VALUE
        or titanium != TITANIUM_VALUE
        or req_steps
        or heat_as_mc
        or plants != PLANTS_PER_GREENERY
        or sp
        or triggers
    ):
        player.mods = Mods(
            discount_all=discount_all,
            discount_tags=tuple(sorted(discount_tags.items())),
            steel_value=steel,
            titanium_value=titanium,
            req_steps=req_steps,
            heat_as_mc=heat_as_mc,
            greenery_plants=plants,
            sp_discount=tuple(sorted(sp.items())),
            triggers=tuple(triggers),
        )
    else:
        player.mods = EMPTY_MODS


# --- triggers ---------------------------------------------------------------------------------


def trigger_matches(cond: tuple[tuple[str, Any], ...], info: dict[str, Any]) -> bool:
    """Return whether an event described by `info` meets a trigger's conditions."""
    for key, value in cond:
        if key == "tile":
            if info.get("kind") != value:
                return False
        elif key == "mars":
            if info.get("mars") != value:
                return False
        elif key == "metal_bonus":
            if info.get("metal") != value:
                return False
        elif key == "tag":
            tag = info.get("tag")
            if tag is not None:
                if tag != value:
                    return False
            elif value not in info.get("tags", ()):
                return False
        elif key == "tag_in":
            if info.get("tag") not in value:
                return False
        elif key == "event":
            if info.get("event") != value:
                return False
        elif key == "min_cost":
            if info.get("cost", 0) < value:
                return False
        elif key == "param":
            if info.get("param") != value:
                return False
        elif key == "project":
            if info.get("project") != value:
                return False
        else:
            raise AssertionError(f"unknown trigger condition {key}")
    return True


def fire(st: State, what: str, actor: int, /, **info: Any) -> None:
    """Queue the triggers of every player's cards that `event` by `actor` sets off.

    The actor's triggers come first, then the other players' clockwise (module docstring).
    Each trigger's ops run for the card's owner, with the card as their source.
    """
    count_players = st.n
    start = actor if 0 <= actor < count_players else 0
    for offset in range(count_players):
        seat = (start + offset) % count_players
        triggers = st.players[seat].mods.triggers
        if not triggers:
            continue
        mine = seat == actor
        groups: dict[str, list[Item]] = {}  # per card, in tableau order
        for card_id, trigger in triggers:
            if trigger.event != what or (trigger.scope == "own" and not mine):
                continue
            if trigger_matches(trigger.cond, info):
                group = groups.setdefault(card_id, [])
                for effect in trigger.ops:
                    group.append((effect[0], seat, card_id, *effect[1:], *_extra(effect, info)))
        ordered = tuple((card_id, tuple(group)) for card_id, group in groups.items() if group)
        if order_matters(ordered):
            front(st, ("order", seat, "", ordered))
        else:
            for _card_id, queued in ordered:
                for item in queued:
                    front(st, item)


def _order_kind(item: Item) -> str:
    """Return how a queued effect bears on the order: "ask", "cards" or ""."""
    name = item[0]
    if name in DECISIONS:
        return "ask"
    if name == "hook":
        return HOOK_ORDER.get(item[3], "")
    return _OP_ORDER.get(name, "")


def order_matters(groups: tuple[tuple[str, tuple[Item, ...]], ...]) -> bool:
    """Whether the order of one player's simultaneous triggers (card, items) can matter.

    It does when one of them asks the player something and another asks too or changes
    the hand (a draw): e.g. Mars University and Olympus Conference on a science tag. Effects
    that only gain resources or production give the same result in any order.
    """
    if len(groups) < 2:
        return False
    kinds = [{_order_kind(item) for item in items} for _card, items in groups]
    asking = sum(1 for found in kinds if "ask" in found)
    touching = sum(1 for found in kinds if found & {"ask", "cards"})
    return asking >= 1 and touching >= 2


def _extra(effect: tuple[Any, ...], info: dict[str, Any]) -> tuple[Any, ...]:
    """Pass the event's card to hooks that need it (Viral Enhancers puts a resource on it)."""
    if effect[0] == "hook" and effect[-1] == "+card":
        return (info.get("card", ""),)
    return ()


# --- counters for "per" effects (§6) --------------------------------------------------------


def count(st: State, seat: int, what: tuple[Any, ...]) -> int:
    return COUNTERS[what[0]](st, seat, *what[1:])


@counter("tags")
def _count_tags(st: State, seat: int, tag: str) -> int:
    """ "Per X tag you have" (§13: your wild tags count)."""
    return tag_count(st.players[seat], tag, purpose="effect")


@counter("opp_tags")
def _count_opp_tags(st: State, seat: int, tag: str) -> int:
    """ "Per X tag your opponents have" (their wild tags do not count: WILD_TAG_COUNTS)."""
    return sum(tag_count(p, tag, purpose="others") for i, p in enumerate(st.players) if i != seat)


@counter("cities")
def _count_cities(st: State, seat: int, scope: str) -> int:
    return st.cities(mars_only=scope == "mars")


@counter("events_all")
def _count_events(st: State, seat: int) -> int:
    return sum(len(p.events) for p in st.players)


def res_index(name: str) -> int:
    return RES_INDEX[name]


ENERGY_INDEX = ENERGY
