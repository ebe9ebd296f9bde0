"""The standard effects ("ops") that card data is written in, and their decisions.

Automatic ops (item = (name, seat, source, *args)):

    ("gain", res, n)                  gain n of a standard resource (negative: lose)
    ("prod", res, n)                  change own production (checked before playing)
    ("raise", "temperature"|"oxygen", n)
    ("ocean", n)                      place n ocean tiles (each a decision, none if 9 are out)
    ("tile", kind, rule, name)        place a tile: kind city/greenery/ocean/special
    ("tr", n)                         raise own TR
    ("draw", n)                       draw n project cards
    ("add", n)                        put n resources on this card
    ("gain_per", res, n, counter, every)   n per `every` counted ("tags", "earth") ...
    ("prod_per", res, n, counter, every)
    ("if", (counter, at_least), then_ops, else_ops)
    ("hook", name, *args)             code of one card (kernel.HOOKS)

Decisions:

    ("choice", labels, branches)      choose one of several effect lists
    ("red_prod", res, n)              lower any player's production (red frame, §4.1.1)
    ("steal_prod", res, n)            move production from any player to you
    ("remove_any", res, n)            remove up to n of a resource from any player
    ("add_card", rtype, n, where)     put n resources on one of your cards ("any"/"other")
    ("remove_card_res", rtype, n)     remove up to n resources from any one card (Virus)
    ("move_res", rtype)               take 1 resource from any card onto this one (Predators)
    ("place", kind, rule, name)       choose the space of a tile
"""

from __future__ import annotations

from typing import Any

from games.terraforming_mars.board import legal_spaces, place_tile
from games.terraforming_mars.catalog import CARDS
from games.terraforming_mars.constants import NEUTRAL, PRODUCTION_MIN, RES_INDEX
from games.terraforming_mars.kernel import (
    HOOKS,
    Decision,
    add_card_res,
    add_prod,
    count,
    decision,
    draw_to_hand,
    fire,
    front,
    gain,
    log,
    lose,
    op,
    push_ops,
    raise_oxygen,
    raise_temperature,
    raise_tr,
    recompute,
)
from games.terraforming_mars.state import State

__all__ = ["card_holders", "protected", "resource_cards"]

Item = tuple[Any, ...]
Action = dict[str, Any]


# --- automatic ops --------------------------------------------------------------------------


@op("gain")
def _gain(st: State, item: Item) -> None:
    res, amount = RES_INDEX[item[3]], item[4]
    if amount < 0:
        lose(st, item[1], res, -amount)
    else:
        gain(st, item[1], res, amount)
    log(st, item[1], "gain", item[3], amount)


@op("prod")
def _prod(st: State, item: Item) -> None:
    add_prod(st, item[1], RES_INDEX[item[3]], item[4])
    log(st, item[1], "prod", item[3], item[4])


@op("raise")
def _raise(st: State, item: Item) -> None:
    if item[3] == "temperature":
        raise_temperature(st, item[1], item[4])
    else:
        raise_oxygen(st, item[1], item[4])


@op("ocean")
def _ocean(st: State, item: Item) -> None:
    for _ in range(item[3]):
        front(st, ("place", item[1], item[2], "ocean", "ocean", ""))


@op("tile")
def _tile(st: State, item: Item) -> None:
    front(st, ("place", item[1], item[2], item[3], item[4], item[5] if len(item) > 5 else ""))


@op("tr")
def _tr(st: State, item: Item) -> None:
    raise_tr(st, item[1], item[3])
    log(st, item[1], "tr", item[3])


@op("draw")
def _draw(st: State, item: Item) -> None:
    drawn = draw_to_hand(st, item[1], item[3])
    log(st, item[1], "draw", drawn)


@op("add")
def _add(st: State, item: Item) -> None:
    add_card_res(st, item[1], item[2], item[3])
    log(st, item[1], "add_res", item[2], item[3])


@op("gain_per")
def _gain_per(st: State, item: Item) -> None:
    every = item[6] if len(item) > 6 else 1
    amount = item[4] * (count(st, item[1], item[5]) // every)
    gain(st, item[1], RES_INDEX[item[3]], amount)
    log(st, item[1], "gain", item[3], amount)


@op("prod_per")
def _prod_per(st: State, item: Item) -> None:
    every = item[6] if len(item) > 6 else 1
    amount = item[4] * (count(st, item[1], item[5]) // every)
    add_prod(st, item[1], RES_INDEX[item[3]], amount)
    log(st, item[1], "prod", item[3], amount)


@op("if")
def _if(st: State, item: Item) -> None:
    counted, at_least = item[3]
    branch = item[4] if count(st, item[1], counted) >= at_least else item[5]
    push_ops(st, item[1], item[2], branch)


@op("to_hand")
def _to_hand(st: State, item: Item) -> None:
    """("to_hand", seat, source, card): a card goes into the player's hand."""
    player = st.pw(item[1])
    player.hand = (*player.hand, item[3])


@op("hook")
def _hook(st: State, item: Item) -> None:
    HOOKS[item[3]](st, item)


@op("play_card")
def _play_card(st: State, item: Item) -> None:
    """The card enters play, then its printed effects, then the play triggers (§4.1)."""
    seat, card_id = item[1], item[3]
    card = CARDS[card_id]
    player = st.pw(seat)
    if card.kind == "event":
        player.events = (*player.events, card_id)
    else:
        player.played = (*player.played, card_id)
        if card.resource and card_id not in player.res:
            player.res[card_id] = 0
        recompute(player)
    log(st, seat, "play", card_id)
    push_ops(st, seat, card_id, card.play)
    front(st, ("played", seat, card_id, card_id))


@op("played")
def _played(st: State, item: Item) -> None:
    """Fire "when a card / a tag is played" triggers (events: only at this moment, §1.3)."""
    seat, card_id = item[1], item[3]
    card = CARDS[card_id]
    fire(st, "card", seat, card=card_id, tags=card.tags, event=card.kind == "event")
    for tag in card.tags:
        fire(st, "tag", seat, tag=tag, card=card_id)


# --- helpers for decisions -------------------------------------------------------------------


def resource_cards(st: State, seat: int, rtype: str) -> list[str]:
    """Return `seat`'s cards in play that collect `rtype`, in play order."""
    player = st.players[seat]
    return [c for c in player.in_play() if CARDS[c].resource == rtype]


def card_holders(
    st: State, rtype: str, exclude: str = "", taker: int | None = None
) -> list[tuple[int, str]]:
    """Return (owner, card) of every card in play holding at least one `rtype` resource.

    `taker` is the player who would remove them (by default the owner of `exclude`, the
    card that takes them): resources `protected` from the taker are left out.
    """
    if taker is None and exclude:
        taker = next((s for s, p in enumerate(st.players) if exclude in p.in_play()), None)
    out = []
    for seat, player in enumerate(st.players):
        for card in player.in_play():
            if (
                card != exclude
                and CARDS[card].resource == rtype
                and player.res.get(card, 0) > 0
                and (taker is None or not protected(st, taker, seat, rtype, card))
            ):
                out.append((seat, card))
    return out


def protected(st: State, taker: int, owner: int, what: str, card: str = "") -> bool:
    """Return whether `taker` may not remove `what` (a resource or card resource) of `owner`.

    Card effects say so: ("protect", "here") keeps the resources on that card from everyone
    (Pets); ("protect", "opponents", kinds) keeps the owner's `kinds` from other players
    (Protected Habitats). `card` is the card the resources are on, if any.
    """
    if card and ("protect", "here") in CARDS[card].effects:
        return True
    if taker == owner or not 0 <= owner < st.n:
        return False
    for held in st.players[owner].in_play():
        for effect in CARDS[held].effects:
            if effect[0] == "protect" and effect[1] == "opponents" and what in effect[2]:
                return True
    return False


def _owner_of(st: State, card: str) -> int:
    for seat, player in enumerate(st.players):
        if card in player.played or card == player.corp:
            return seat
    raise AssertionError(f"{card} is not in play")


# --- decisions ------------------------------------------------------------------------------


@decision("place")
class Place(Decision):
    """("place", seat, source, kind, rule, name): choose the space for a tile (§7)."""

    def options(self, st: State, item: Item) -> list[Action]:
        return [{"type": "space", "space": s} for s in legal_spaces(st, item[1], item[4])]

    def choose(self, st: State, item: Item, action: Action) -> None:
        place_tile(st, item[1], action["space"], item[3], item[5])

    def empty(self, st: State, item: Item) -> None:
        log(st, item[1], "no_space", item[3])


@decision("choice")
class Choice(Decision):
    """("choice", seat, source, labels, branches): one of several effect lists (§4.1.1)."""

    def options(self, st: State, item: Item) -> list[Action]:
        return [{"type": "choose", "option": label} for label in item[3]]

    def choose(self, st: State, item: Item, action: Action) -> None:
        index = item[3].index(action["option"])
        log(st, item[1], "chose", item[2], action["option"])
        push_ops(st, item[1], item[2], item[4][index])


def _prod_targets(st: State, seat: int, res: int, amount: int, own_gain: int = 0) -> list[Action]:
    """Targets of a red-framed production decrease (§4.1.1, §11.1).

    `own_gain`: what the player's own production rises by first (moving production to you).
    """
    strict = st.settings.strict_red_frame
    minimum = PRODUCTION_MIN[res]
    options: list[Action] = [
        {"type": "target", "player": i}
        for i, p in enumerate(st.players)
        if (i != seat or strict)
        and p.prod[res] + (own_gain if i == seat else 0) - amount >= minimum
    ]
    if st.solo:
        options.append({"type": "neutral"})
    if not strict:
        options.append({"type": "skip"})
    return options


def _lower_target(st: State, item: Item, action: Action) -> None:
    res, amount = RES_INDEX[item[3]], item[4]
    if action["type"] == "target":
        add_prod(st, action["player"], res, -amount)
        log(st, item[1], "lower_prod", action["player"], item[3], amount)
    elif action["type"] == "neutral":
        log(st, item[1], "lower_prod", NEUTRAL, item[3], amount)
    else:
        log(st, item[1], "lower_prod_nobody", item[3])


@decision("red_prod")
class RedProd(Decision):
    """("red_prod", seat, source, res, n): lower any player's production n steps."""

    def options(self, st: State, item: Item) -> list[Action]:
        return _prod_targets(st, item[1], RES_INDEX[item[3]], item[4])

    def choose(self, st: State, item: Item, action: Action) -> None:
        _lower_target(st, item, action)


@decision("steal_prod")
class StealProd(Decision):
    """("steal_prod", seat, source, res, n): move production from any player to you.

    Your increase comes first, then the decrease: with strict red frames you may take it
    from yourself even at zero (Energy Tapping when nobody has energy production, §4.1.1).
    """

    def options(self, st: State, item: Item) -> list[Action]:
        return _prod_targets(st, item[1], RES_INDEX[item[3]], item[4], own_gain=item[4])

    def choose(self, st: State, item: Item, action: Action) -> None:
        add_prod(st, item[1], RES_INDEX[item[3]], item[4])
        log(st, item[1], "prod", item[3], item[4])
        _lower_target(st, item, action)


@decision("remove_any")
class RemoveAny(Decision):
    """("remove_any", seat, source, res, n): remove up to n of a resource from anyone."""

    def options(self, st: State, item: Item) -> list[Action]:
        res = RES_INDEX[item[3]]
        options: list[Action] = [
            {"type": "target", "player": i}
            for i, p in enumerate(st.players)
            if i != item[1] and p.stock[res] > 0 and not protected(st, item[1], i, item[3])
        ]
        if st.solo:
            options.append({"type": "neutral"})
        options.append({"type": "skip"})
        return options

    def choose(self, st: State, item: Item, action: Action) -> None:
        if action["type"] == "target":
            front(st, ("remove_amount", item[1], item[2], item[3], item[4], action["player"]))
        elif action["type"] == "neutral":
            log(st, item[1], "remove", NEUTRAL, item[3], item[4])
        else:
            log(st, item[1], "remove_nothing", item[3])


@decision("remove_amount")
class RemoveAmount(Decision):
    """("remove_amount", seat, source, res, n, target): how many (1 … up to n)."""

    def options(self, st: State, item: Item) -> list[Action]:
        have = st.players[item[5]].stock[RES_INDEX[item[3]]]
        return [{"type": "amount", "amount": a} for a in range(1, min(item[4], have) + 1)]

    def choose(self, st: State, item: Item, action: Action) -> None:
        taken = lose(st, item[5], RES_INDEX[item[3]], action["amount"])
        log(st, item[1], "remove", item[5], item[3], taken)


@decision("add_card")
class AddCard(Decision):
    """("add_card", seat, source, rtype, n, where): n resources on one of your cards.

    where: "any" (this card included) or "other". With no such card they are lost (§4.1.1).
    """

    def options(self, st: State, item: Item) -> list[Action]:
        cards = resource_cards(st, item[1], item[3])
        if item[5] == "other":
            cards = [c for c in cards if c != item[2]]
        return [{"type": "card", "card": c} for c in cards]

    def choose(self, st: State, item: Item, action: Action) -> None:
        add_card_res(st, item[1], action["card"], item[4])
        log(st, item[1], "add_res", action["card"], item[4])

    def empty(self, st: State, item: Item) -> None:
        log(st, item[1], "lost_res", item[3], item[4])


@decision("remove_card_res")
class RemoveCardRes(Decision):
    """("remove_card_res", seat, source, rtype, n): remove up to n from any one card."""

    def options(self, st: State, item: Item) -> list[Action]:
        options: list[Action] = [
            {"type": "card", "card": card}
            for _owner, card in card_holders(st, item[3], taker=item[1])
        ]
        options.append({"type": "skip"})
        return options

    def choose(self, st: State, item: Item, action: Action) -> None:
        if action["type"] == "skip":
            log(st, item[1], "remove_nothing", item[3])
            return
        front(st, ("remove_card_amount", item[1], item[2], action["card"], item[4]))


@decision("remove_card_amount")
class RemoveCardAmount(Decision):
    """("remove_card_amount", seat, source, card, n): how many resources to remove."""

    def options(self, st: State, item: Item) -> list[Action]:
        owner = _owner_of(st, item[3])
        have = st.players[owner].res.get(item[3], 0)
        return [{"type": "amount", "amount": a} for a in range(1, min(item[4], have) + 1)]

    def choose(self, st: State, item: Item, action: Action) -> None:
        owner = _owner_of(st, item[3])
        add_card_res(st, owner, item[3], -action["amount"])
        log(st, item[1], "remove_res", owner, item[3], action["amount"])


@decision("move_res")
class MoveRes(Decision):
    """("move_res", seat, source, rtype): take 1 resource from any other card onto this one."""

    def options(self, st: State, item: Item) -> list[Action]:
        return [
            {"type": "card", "card": card}
            for _owner, card in card_holders(st, item[3], exclude=item[2])
        ]

    def choose(self, st: State, item: Item, action: Action) -> None:
        owner = _owner_of(st, action["card"])
        add_card_res(st, owner, action["card"], -1)
        add_card_res(st, item[1], item[2], 1)
        log(st, item[1], "move_res", owner, action["card"], item[2])
