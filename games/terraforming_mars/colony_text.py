"""Words of the Colonies expansion (rules §14): tile names, refusals, log lines, prompts.

Every sentence is a `games.words` sentence, said in each reader's language; text.py hands
the colony log codes, action types and decisions over to this module.
"""

from __future__ import annotations

from typing import Any

from games.terraforming_mars.colonies import TILES, Benefit
from games.terraforming_mars.vocab import amount_of, resource_word
from games.words import Msg, msg, nmsg

__all__ = [
    "COLONY_NAMES",
    "colony_requirement_words",
    "benefit_words",
    "colony_name",
    "describe",
    "log_line",
    "prompt",
]

COLONY_NAMES = {
    "callisto": msg("Callisto"),
    "ceres": msg("Ceres"),
    "enceladus": msg("Enceladus"),
    "europa": msg("Europa"),
    "ganymede": msg("Ganymede"),
    "io": msg("Io"),
    "luna": msg("Luna"),
    "miranda": msg("Miranda"),
    "pluto": msg("Pluto"),
    "titan": msg("Titan"),
    "triton": msg("Triton"),
}
PAYMENT_WORDS = {
    "mc": msg("M€"),
    "energy": msg("energy"),
    "titanium": msg("titanium"),
}


#: The words of the Colonies cards' action modes and choices, by card id (text.choice_label).
CHOICE_LABELS: dict[str, dict[str, Msg]] = {
    "TM-C03": {
        "add": msg("Put 1 floater here"),
        "titanium": msg("Remove 1 floater here to gain 2 titanium"),
        "energy": msg("Remove 1 floater here to gain 3 energy"),
        "heat": msg("Remove 1 floater here to gain 4 heat"),
    },
    "TM-C19": {
        "jovian": msg("Put 1 floater on one of your Jovian cards"),
        "mc": msg("Gain 1 M€ per floater here (at most 4 M€)"),
    },
    "TM-C21": {
        "+2 plant production": msg("+2 plant production"),
        "+5 M€ production": msg("+5 M€ production"),
    },
    "TM-C32": {
        "add": msg("Put 1 floater here"),
        "draw": msg("Remove 1 floater here to draw 1 card"),
    },
    "TM-C43": {
        "add": msg("Spend 1 titanium to put 2 floaters here"),
        "tr": msg("Remove 2 floaters here to raise your TR 1 step"),
    },
    "TM-C44": {
        "jovian": msg("Put 1 floater on one of your Jovian cards"),
        "trade": msg("Remove 1 floater here to trade for free"),
    },
    "TM-C45": {
        "jovian": msg("Put 2 floaters on one of your Jovian cards"),
        "titanium": msg("Remove floaters here for 1 titanium each"),
    },
}


def choice_words(card: str, option: str) -> Msg | None:
    """A Colonies card's option in words; a colony tile's key is the tile's name."""
    own = CHOICE_LABELS.get(card, {}).get(option)
    if own is not None:
        return own
    return COLONY_NAMES.get(option)


def colony_name(key: str) -> Any:
    return COLONY_NAMES.get(key, key)


def benefit_words(benefit: Benefit, step: int | None = None) -> Msg:
    """A tile benefit in words: "+1 energy production", "2 steel", "draw 1 card"."""
    index = 0 if step is None else min(step, len(benefit.amounts) - 1)
    n = benefit.amounts[index]
    resource = benefit.resources[index] if benefit.resources else benefit.resource
    kind = benefit.kind
    if kind == "production":
        return msg("+%(n)s %(resource)s production", n=n, resource=resource_word(resource))
    if kind == "stock":
        return amount_of(n, resource)
    if kind == "card_resource":
        return msg("%(amount)s on a card", amount=amount_of(n, resource))
    if kind == "draw":
        return nmsg("draw %(n)s card", "draw %(n)s cards", n)
    if kind == "draw_then_discard":
        return msg("draw 1 card, then discard 1 when the turn ends")
    return msg("place an ocean tile")


def colony_requirement_words(req: tuple[Any, ...]) -> Msg | None:
    """A Colonies requirement in words, for the card face (None if it is not one)."""
    kind = req[0]
    if kind == "floaters_own":
        return msg("%(n)s floaters on your cards", n=req[1])
    if kind == "cities_own":
        return msg("%(n)s own city tiles", n=req[1])
    if kind == "colonies_own":
        if req[1] == "max":
            return msg("at most %(n)s own colonies", n=req[2])
        return msg("%(n)s own colonies", n=req[2])
    return None


def step_label(benefit: Benefit, step: int) -> Any:
    """A track step's short mark: the amount, or (Europa) the production it raises."""
    if benefit.resources:
        return SHORT_PRODUCTION.get(benefit.resources[step], benefit.resources[step])
    return benefit.amounts[min(step, len(benefit.amounts) - 1)]


#: Europa's track marks: the production a trade there raises by 1.
SHORT_PRODUCTION = {
    # Translators: a short mark on a colony track: +1 M€ production.
    "mc": msg("+M€"),
    # Translators: a short mark on a colony track: +1 energy production (3 letters or so).
    "energy": msg("+En"),
    # Translators: a short mark on a colony track: +1 plant production (3 letters or so).
    "plants": msg("+Pl"),
}


def income_words(benefit: Benefit) -> Msg:
    """What a tile's trade income is, above its track: "Trade income: energy"."""
    if benefit.kind == "production":
        what: Any = msg("+1 production of the kind shown")
    elif benefit.kind == "draw":
        what = msg("cards drawn")
    elif benefit.kind == "card_resource":
        what = msg("%(resource)s on a card", resource=resource_word(benefit.resource))
    else:
        what = resource_word(benefit.resource)
    return msg("Trade income: %(what)s", what=what)


def describe(action: dict[str, Any]) -> Msg | None:
    """The log line of a colony action (no subject), or None if it is not one."""
    kind = action["type"]
    if kind == "trade":
        return msg(
            "traded with %(colony)s, paying with %(payment)s",
            colony=colony_name(action["colony"]),
            payment=PAYMENT_WORDS.get(action["payment"], action["payment"]),
        )
    if kind == "colony":
        return msg("built a colony on %(colony)s", colony=colony_name(action["colony"]))
    return None


def log_line(code: str, args: tuple[Any, ...]) -> Msg | None:
    """A public log entry of the expansion in words, or None if the code is not one of ours."""
    if code == "colony_trade" and args[1] == "free":
        return msg("trades with %(colony)s without paying.", colony=colony_name(args[0]))
    if code == "colony_trade":
        return msg(
            "trades with %(colony)s for %(amount)s.",
            colony=colony_name(args[0]),
            amount=amount_of(args[2], args[1]),
        )
    if code == "colony_project":
        return msg(
            "uses the standard project Build Colony (%(colony)s).", colony=colony_name(args[0])
        )
    if code == "colony_built":
        return msg("builds a colony on %(colony)s.", colony=colony_name(args[0]))
    if code == "colony_prod":
        return msg(
            "gets +%(n)s %(resource)s production from %(colony)s.",
            n=args[2],
            resource=resource_word(args[1]),
            colony=colony_name(args[0]),
        )
    if code == "colony_gain":
        return msg(
            "gets %(amount)s from %(colony)s.",
            amount=amount_of(args[2], args[1]),
            colony=colony_name(args[0]),
        )
    if code == "colony_draw":
        return nmsg(
            "draws %(n)s card from %(colony)s.",
            "draws %(n)s cards from %(colony)s.",
            args[1],
            colony=colony_name(args[0]),
        )
    if code == "colony_discarded":
        return msg("discards a card (Pluto).")
    if code == "colony_none":
        return msg("has no colony tile to build on.")
    if code == "colony_marker":
        return msg(
            "moves the marker of %(colony)s to step %(n)s.", colony=colony_name(args[0]), n=args[1]
        )
    if code == "colony_added":
        return msg("brings %(colony)s into the game.", colony=colony_name(args[0]))
    if code == "colony_markers":
        return msg("Trade fleets return; the colony markers rise one step.")
    return None


def prompt(item: tuple[Any, ...]) -> Msg | None:
    """The question of a colony decision, or None if it is not one of ours."""
    if item[0] == "colony_place":
        return msg("On which colony tile do you build your colony?")
    if item[0] == "colony_discard":
        return msg("Pluto: discard a card from your hand.")
    return None


def tile_name(key: str) -> Any:
    """The tile's name (for the board); `TILES` lists every key."""
    return colony_name(key) if key in TILES else key
