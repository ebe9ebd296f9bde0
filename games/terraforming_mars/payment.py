"""Paying (rules §5): costs after discounts, what a player can pay, and the payment steps.

A payment is a short sequence of decisions: how much steel, then how much titanium, then
(Helion) how much heat, then (Psychrophiles, Prelude, for a plant card) how many of its
microbes at 2 M€ each; the M€ part is always what is left, so M€ never overpay
([house rule] §5) while steel and titanium may (no change is given). A step with one
possible answer resolves by itself, so most payments ask nothing at all.
"""

from __future__ import annotations

from typing import Any

from games.terraforming_mars.catalog import CARDS
from games.terraforming_mars.constants import (
    CARD_PRICE,
    HEAT,
    MC,
    PSYCHROPHILES,
    PSYCHROPHILES_MC,
    STEEL,
    TITANIUM,
)
from games.terraforming_mars.kernel import Decision, decision, fire, front, log, op
from games.terraforming_mars.state import Player, State

__all__ = [
    "capacity",
    "card_cost",
    "card_price",
    "check_payment",
    "means_value",
    "pay_item",
    "payment_plan",
    "seat_card_price",
]

_LETTER = {"s": STEEL, "t": TITANIUM, "h": HEAT}
_NAME = {"s": "steel", "t": "titanium", "h": "heat", "p": "microbe"}
_BY_NAME = {"steel": "s", "titanium": "t", "heat": "h", "microbe": "p"}


def _held(player: Player, letter: str) -> int:
    """How much of a means `player` holds ("p": the microbes on Psychrophiles)."""
    if letter == "p":
        return player.res.get(PSYCHROPHILES, 0) if PSYCHROPHILES in player.played else 0
    return player.stock[_LETTER[letter]]


def _spend(player: Player, letter: str, used: int) -> None:
    if letter == "p":
        player.res[PSYCHROPHILES] -= used
    else:
        player.stock[_LETTER[letter]] -= used


def card_cost(player: Player, card_id: str) -> int:
    """Return what `card_id` costs `player`: printed cost minus every discount, at least 0."""
    card = CARDS[card_id]
    mods = player.mods
    cost = card.cost - mods.discount_all
    for tag, off in mods.discount_tags:
        if tag in card.tag_ids:
            cost -= off
    for kind, value in player.next_card:
        if kind == "discount":
            cost -= value
    return cost if cost > 0 else 0


def _value(player: Player, letter: str) -> int:
    if letter == "s":
        return player.mods.steel_value
    if letter == "t":
        return player.mods.titanium_value
    if letter == "p":
        return PSYCHROPHILES_MC
    return 1


def means_value(player: Player, name: str) -> int:
    """M€ one unit of a means of payment is worth to `player` ("steel", "microbe"…)."""
    return _value(player, _BY_NAME[name])


def capacity(
    player: Player, steel: bool = False, titanium: bool = False, plant: bool = False
) -> int:
    """Return the most M€ `player` can pay: M€, usable steel and titanium, Helion's heat.

    `plant`: a card with a plant tag, which Psychrophiles' microbes may pay (Prelude).
    """
    stock = player.stock
    total = stock[MC]
    mods = player.mods
    if steel:
        total += stock[STEEL] * mods.steel_value
    if titanium:
        total += stock[TITANIUM] * mods.titanium_value
    if mods.heat_as_mc:
        total += stock[HEAT]
    if plant:
        total += _held(player, "p") * PSYCHROPHILES_MC
    return total


def ways(player: Player, steel: bool = False, titanium: bool = False, plant: bool = False) -> str:
    """Return the letters of the means besides M€ that `player` holds and may use."""
    out = ""
    stock = player.stock
    if steel and stock[STEEL]:
        out += "s"
    if titanium and stock[TITANIUM]:
        out += "t"
    if player.mods.heat_as_mc and stock[HEAT]:
        out += "h"
    if plant and _held(player, "p"):
        out += "p"
    return out


def card_price(corp: str) -> int:
    """M€ per card bought into hand (§2.2 step 6, §3.2): 3, or what the corporation says.

    Polyphemos: 5, at setup, in research and for every card bought during play (Business
    Network, Inventors' Guild).
    """
    if corp in CARDS:
        for effect in CARDS[corp].effects:
            if effect[0] == "card_price":
                return int(effect[1])
    return CARD_PRICE


def seat_card_price(st: State, seat: int) -> int:
    """The card price of `seat` now: its chosen corporation's (setup) or the one in play."""
    choice = st.sel[seat] if 0 <= seat < len(st.sel) else None
    corp = (choice or {}).get("corp") or st.players[seat].corp
    return card_price(corp)


def pay_item(
    st: State,
    seat: int,
    source: str,
    amount: int,
    *,
    steel: bool = False,
    titanium: bool = False,
    plant: bool = False,
) -> tuple[Any, ...]:
    """Return the queue item that makes `seat` pay `amount` (the caller checked capacity)."""
    return ("pay", seat, source, amount, ways(st.players[seat], steel, titanium, plant))


def payment_plan(player: Player, amount: int, letters: str) -> tuple[int, int]:
    """Return (least, most) of the first means in `letters` that still leaves a payable rest."""
    letter = letters[0]
    value = _value(player, letter)
    held = _held(player, letter)
    others = player.stock[MC] + sum(
        _held(player, other) * _value(player, other) for other in letters[1:]
    )
    least = max(0, -(-(amount - others) // value))
    most = held if letter in "st" else min(held, -(-amount // value))
    return least, most


def check_payment(
    player: Player,
    cost: int,
    *,
    steel: int = 0,
    titanium: int = 0,
    heat: int = 0,
    mc: int,
    building: bool = False,
    space: bool = False,
) -> bool:
    """Return whether paying `cost` with exactly this mix is allowed (§5).

    Steel only for building cards, titanium only for space cards, heat only for Helion,
    each no more than held; the metal part may exceed the cost, but then no M€ or heat is
    added, and M€ plus heat never exceed what the metals leave.
    """
    stock = player.stock
    if min(steel, titanium, heat, mc) < 0:
        return False
    if steel > stock[STEEL] or titanium > stock[TITANIUM] or heat > stock[HEAT] or mc > stock[MC]:
        return False
    if (steel and not building) or (titanium and not space):
        return False
    if heat and not player.mods.heat_as_mc:
        return False
    metals = steel * player.mods.steel_value + titanium * player.mods.titanium_value
    rest = max(0, cost - metals)
    return mc + heat == rest


@op("pay")
def _pay(st: State, item: tuple[Any, ...]) -> None:
    """("pay", seat, source, amount, letters): ask for the next means, or pay the rest in M€."""
    seat, source, amount, letters = item[1], item[2], item[3], item[4]
    if amount <= 0:
        return
    player = st.players[seat]
    letters = "".join(x for x in letters if _held(player, x))
    if letters:
        front(st, ("pay_with", seat, source, amount, letters))
        return
    player = st.pw(seat)
    assert player.stock[MC] >= amount, "a payment was started that cannot be made"
    player.stock[MC] -= amount
    log(st, seat, "paid", amount)


@decision("pay_with")
class PayWith(Decision):
    """How much of one means (steel, titanium or Helion's heat) goes into a payment."""

    def options(self, st: State, item: tuple[Any, ...]) -> list[dict[str, Any]]:
        player = st.players[item[1]]
        letters = item[4]
        least, most = payment_plan(player, item[3], letters)
        name = _NAME[letters[0]]
        return [
            {"type": "pay", "resource": name, "amount": amount} for amount in range(least, most + 1)
        ]

    def choose(self, st: State, item: tuple[Any, ...], action: dict[str, Any]) -> None:
        seat, source, amount, letters = item[1], item[2], item[3], item[4]
        used = action["amount"]
        letter = letters[0]
        player = st.pw(seat)
        if used:
            _spend(player, letter, used)
            log(st, seat, "paid_with", used, _NAME[letter])
        front(st, ("pay", seat, source, amount - used * _value(player, letter), letters[1:]))


@op("paid")
def _paid(st: State, item: tuple[Any, ...]) -> None:
    """("paid", seat, source, printed cost): triggers after paying (CrediCor)."""
    fire(st, "paid", item[1], cost=item[3], card=item[2])


def letter_of(name: str) -> str:
    return _BY_NAME[name]
