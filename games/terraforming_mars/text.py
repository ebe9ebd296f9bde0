"""Words for the log, the prompts and refusals. Card ids never appear here, only names."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from games.engine import Action
from games.terraforming_mars import colony_text
from games.terraforming_mars.catalog import CARDS
from games.terraforming_mars.colonies import BUILD_COLONY_COST, colony_block, trade_block
from games.terraforming_mars.constants import CARD_PRICE
from games.terraforming_mars.kernel import DECISIONS
from games.terraforming_mars.maps import MAPS, MapDef
from games.terraforming_mars.milestones import AWARDS, MILESTONES
from games.terraforming_mars.payment import seat_card_price
from games.terraforming_mars.playability import play_block
from games.terraforming_mars.state import State
from games.terraforming_mars.turn import (
    award_block,
    convert_block,
    milestone_block,
    project_block,
    use_block,
)
from games.terraforming_mars.vocab import (
    CARD_RESOURCE_WORDS,
    PAY_KEYS,
    RESOURCE_WORDS,
    TAG_WORDS,
    TILE_LABELS,
    amount_of,
    resource_word,
    space_words,
    tile_label,
)
from games.words import Arg, Msg, msg, nmsg, pmsg

__all__ = [
    "CARD_RESOURCE_WORDS",
    "CHOICE_LABELS",
    "PROJECT_EFFECTS",
    "PROJECT_LABELS",
    "RESOURCE_WORDS",
    "TAG_WORDS",
    "TILE_LABELS",
    "amount_of",
    "card_name",
    "buy_label",
    "choice_label",
    "describe_action",
    "explain_illegal",
    "log_text",
    "prompt_text",
    "resource_word",
    "tile_label",
]

PROJECT_LABELS = {
    "sell_patents": msg("Sell patents"),
    "power_plant": msg("Power plant"),
    "asteroid": pmsg("standard project", "Asteroid"),
    "aquifer": msg("Aquifer"),
    "greenery": msg("Greenery"),
    "city": msg("City"),
}
PROJECT_EFFECTS = {
    "sell_patents": msg("Discard cards for 1 M€ each"),
    "power_plant": msg("+1 energy production"),
    "asteroid": msg("Raise temperature 1 step"),
    "aquifer": msg("Place an ocean tile"),
    "greenery": msg("Place a greenery tile"),
    "city": msg("Place a city tile, +1 M€ production"),
}
CHOICE_LABELS = {
    "plants": msg("Gain the plants"),
    "microbes": msg("Add microbes to another card"),
    "animals": msg("Add animals / remove animals"),
    "add": msg("Add a resource here"),
    "remove": msg("Remove resources to raise the parameter"),
    "buy": msg("Buy it for %(n)s M€", n=CARD_PRICE),  # look_buy: buy_label gives the real price
    "discard": msg("Discard it"),
    "plant": msg("Gain 1 plant"),
    "resource": msg("Add 1 resource to that card"),
    "steel": msg("Steel"),
    "titanium": msg("Titanium"),
    "use": msg("Use"),
}
#: A card's own words for an option whose key is a bare word ("plants", "add"), by card id:
#: the same key means different things on different cards.
CARD_CHOICE_LABELS = {
    "TM-R27": {  # Robinson Industries (Prelude): the lowest production that rises
        "mc": msg("+1 M€ production"),
        "steel": msg("+1 steel production"),
        "titanium": msg("+1 titanium production"),
        "plants": msg("+1 plant production"),
        "energy": msg("+1 energy production"),
        "heat": msg("+1 heat production"),
    },
    "TM-019": {
        "plants": msg("Gain 3 plants"),
        "microbes": msg("Add 3 microbes to another card"),
        "animals": msg("Add 2 animals to another card"),
    },
    "TM-033": {
        "add": msg("Add 1 microbe here"),
        "remove": msg("Remove 2 microbes here to raise oxygen 1 step"),
    },
    "TM-034": {
        "add": msg("Add 1 microbe here"),
        "remove": msg("Remove 2 microbes here to raise the temperature 1 step"),
    },
    "TM-050": {
        "animals": msg("Remove up to 2 animals from one card"),
        "plants": msg("Remove up to 5 plants from one player"),
    },
    "TM-069": {
        "plants": msg("Spend 1 plant to gain 7 M€"),
        "steel": msg("Spend 1 steel to gain 7 M€"),
    },
    "TM-134": {
        "plant": msg("Gain 1 plant"),
        "microbes": msg("Add 2 microbes to another of your cards"),
    },
    "TM-157": {
        "add": msg("Add 1 microbe here"),
        "remove": msg("Remove 3 microbes here to raise your TR 1 step"),
    },
    "TM-185": {"add": msg("Add 1 science resource here")},
    "TM-190": {
        "plants": msg("Gain 4 plants"),
        "animals": msg("Add 2 animals to another card"),
    },
}
#: Options whose key is the English sentence itself (cards' "choice" labels), by that English.
_CHOICE_SENTENCES: dict[str, Msg] = {
    str(sentence): sentence
    for sentence in (
        msg("+1 plant production"),
        msg("+2 energy production"),
        msg("Remove up to 3 titanium"),
        msg("Remove up to 4 steel"),
        msg("Remove up to 7 M€"),
        msg("Steal up to 2 steel"),
        msg("Steal up to 3 M€"),
        msg("Gain 5 plants"),
        msg("Put 4 animals on another card"),
        msg("Remove nothing"),
        msg("Remove 1 science resource here to draw 1 card"),
    )
}
#: Options whose key is an English sentence with numbers (Insulation, Flooding, Power
#: Infrastructure): read back into a sentence with named placeholders.
_CHOICE_PATTERNS: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], Msg]], ...] = (
    (
        re.compile(r"-(?P<n>\d+) heat, \+(?P=n) M€ production"),
        lambda n: msg("-%(n)s heat, +%(n)s M€ production", n=int(n["n"])),
    ),
    (
        re.compile(r"Remove (?P<n>\d+) M€ from player (?P<player>\d+)"),
        lambda n: msg(
            "Remove %(n)s M€ from player %(player)s", n=int(n["n"]), player=int(n["player"])
        ),
    ),
    (
        re.compile(r"Spend (?P<n>\d+) energy for (?P=n) M€"),
        lambda n: msg("Spend %(n)s energy for %(n)s M€", n=int(n["n"])),
    ),
)


def buy_label(st: State, seat: int) -> Msg:
    """The "buy" option of a look-and-buy (Business Network, Inventors' Guild) at `seat`'s
    card price (3 M€, Polyphemos 5)."""
    return msg("Buy it for %(n)s M€", n=seat_card_price(st, seat))


def choice_label(card: str, option: str) -> Arg:
    """Return the words of a "choose" option of `card`'s pending decision (the key if unknown).

    The option keys stay what the cards put in the game state (saved games and actions keep
    working); only what a reader reads of them is a sentence.
    """
    own = CARD_CHOICE_LABELS.get(card, {}).get(option) or colony_text.choice_words(card, option)
    if own is not None:
        return own
    label = CHOICE_LABELS.get(option) or _CHOICE_SENTENCES.get(option)
    if label is not None:
        return label
    for pattern, make in _CHOICE_PATTERNS:
        found = pattern.fullmatch(option)
        if found is not None:
            return make(found)
    return option


def card_name(card: str) -> Arg:
    info = CARDS.get(card)
    return info.name if info is not None else msg("a card")


def _player(seat: int) -> Msg:
    return msg("the neutral player") if seat < 0 else msg("player %(n)s", n=seat + 1)


def describe_action(before: State, seat: int, action: Action, viewer: int | None) -> Msg:
    """Return the log line of the legal `action` as `viewer` may read it (no subject)."""
    kind, fields = action["type"], action
    own = viewer == seat
    card = fields.get("card", "")
    if kind == "play":
        return msg("played %(card)s", card=card_name(card))
    if kind == "project":
        project = PROJECT_LABELS.get(fields["project"], "?")
        return msg("used the standard project %(project)s", project=project)
    if kind == "claim":
        milestone = MILESTONES.get(fields["milestone"])
        name = milestone.name if milestone else "?"
        return msg("claimed the milestone %(milestone)s", milestone=name)
    if kind == "fund":
        award = AWARDS.get(fields["award"])
        return msg("funded the award %(award)s", award=award.name if award else "?")
    if kind == "use":
        return msg("used the action of %(card)s", card=card_name(card))
    if kind == "convert":
        if fields["resource"] == "plants":
            return msg("converted plants into a greenery")
        return msg("converted 8 heat into a temperature step")
    if kind == "first_action":
        return msg("took the corporation's first action")
    if kind == "pass":
        return msg("passed for this generation")
    if kind == "end_turn":
        return msg("ended the turn")
    if kind == "space":
        head = before.queue[0] if before.queue else None
        if head and head[0] == "place":
            tile = tile_label(head[3], head[5])
            return msg("placed %(tile)s on %(space)s", tile=tile, space=_space(before, fields))
        return msg("placed a marker on %(space)s", space=_space(before, fields))
    if kind == "pay":
        if before.phase in ("setup", "research") and not own:
            return msg("made a choice")  # §15.0: research picks stay hidden until all confirm
        return msg("paid with %(amount)s", amount=amount_of(fields["amount"], fields["resource"]))
    if kind == "target":
        return msg("chose %(player)s", player=_player(fields["player"]))
    if kind == "neutral":
        return msg("chose the neutral player")
    if kind == "skip":
        return msg("chose nobody / nothing")
    if kind == "amount":
        return msg("chose %(amount)s", amount=fields["amount"])
    if kind == "choose":
        source = before.queue[0][2] if before.queue else ""
        if before.queue and before.queue[0][0] == "look_buy" and fields["option"] == "buy":
            return msg("chose: %(option)s", option=buy_label(before, seat))
        return msg("chose: %(option)s", option=choice_label(source, str(fields["option"])))
    if kind == "card":
        return msg("chose %(card)s", card=card_name(card))
    if kind == "sell":
        if own:
            return msg("picked %(card)s to sell", card=card_name(card))
        return msg("picked a card to sell")
    if kind == "discard":
        return msg("discarded %(card)s", card=card_name(card)) if own else msg("discarded a card")
    if kind == "done":
        return msg("confirmed")
    if kind == "corporation":
        return msg("chose %(card)s", card=card_name(card)) if own else msg("chose a corporation")
    if kind == "keep":
        return msg("kept %(card)s", card=card_name(card)) if own else msg("made a choice")
    if kind == "release":
        return msg("put back %(card)s", card=card_name(card)) if own else msg("made a choice")
    if kind == "draft":
        return msg("drafted %(card)s", card=card_name(card)) if own else msg("drafted a card")
    turn_flow_line = _turn_flow_line(kind, fields, own)
    if turn_flow_line is not None:
        return turn_flow_line
    colony_line = colony_text.describe(action)
    if colony_line is not None:
        return colony_line
    raise ValueError(f"no log line for the action type {kind!r}")


def _turn_flow_line(kind: str, fields: Mapping[str, Any], own: bool) -> Msg | None:
    """The log lines of the turn flow's actions (flow.py), or None for another kind."""
    if kind == "first":
        return msg("resolved %(card)s first", card=card_name(fields["card"]))
    if kind == "whatever":
        return msg("let the effects resolve in the usual order")
    if kind == "confirm":
        return msg("confirmed the turn")
    if kind == "pass_ahead":
        # Nobody else learns of a pass in advance before it happens (BGA keeps it private).
        if not own:
            return msg("changed a setting")
        if fields["cancel"]:
            return msg("will not pass in advance after all")
        return msg("will pass when the turn comes")
    if kind == "confirm_turns":
        if fields["on"]:
            return msg("will confirm the end of each turn")
        return msg("will no longer confirm the end of each turn")
    return None


def explain_illegal(st: State, seat: int, action: dict[str, Any]) -> str:
    """Return a sentence saying why a well-formed action is not legal now."""
    kind = action["type"]
    player = st.players[seat]
    if kind == "pass_ahead":
        if st.phase != "action" or st.solo:
            return msg("You can pass in advance only in another player's turn.")
        if player.passed:
            return msg("You have already passed.")
        if action["cancel"]:
            return msg("You have not passed in advance.")
        if st.ahead[seat]:
            return msg("You have already passed in advance.")
        return msg("You can pass in advance only in another player's turn.")
    if kind == "confirm_turns":
        return msg("That is your setting already.")
    waiting = st.queue and st.queue[0][1] == seat
    if st.phase in ("setup", "research"):
        if kind in ("keep", "release", "corporation", "draft"):
            return msg("That card is not one you can pick now.")
        return msg("First finish choosing your cards.")
    if waiting:
        return msg(
            "First finish what is pending: %(question)s", question=prompt_text(st, st.queue[0])
        )
    not_now = msg("Not possible now.")
    if kind == "play":
        if action["card"] not in player.hand:
            return msg("You do not hold that card.")
        return play_block(st, seat, action["card"]) or msg("You cannot play that card now.")
    if kind == "project":
        if action["project"] not in PROJECT_LABELS:
            return msg("There is no such standard project.")
        return project_block(st, seat, action["project"]) or not_now
    if kind == "claim":
        if action["milestone"] not in MILESTONES:
            return msg("There is no such milestone.")
        return milestone_block(st, seat, action["milestone"]) or not_now
    if kind == "fund":
        if action["award"] not in AWARDS:
            return msg("There is no such award.")
        return award_block(st, seat, action["award"]) or not_now
    if kind == "use":
        if action["card"] not in player.in_play():
            return msg("You have no such card in play.")
        return use_block(st, seat, action["card"]) or not_now
    if kind == "convert":
        if action["resource"] in ("plants", "heat"):
            return convert_block(st, seat, action["resource"]) or not_now
        return msg("You can only convert plants or heat.")
    if kind == "pass":
        return msg("You have already acted this turn: end the turn or take a second action.")
    if kind == "end_turn":
        return msg("Take an action or pass first.")
    if player.first_action:
        return msg("Your corporation's first action comes first.")
    if kind == "trade":
        if not st.colonies:
            return msg("This game is played without the Colonies expansion.")
        return trade_block(st, seat, action["colony"], action["payment"]) or not_now
    if kind == "colony":
        if not st.colonies:
            return msg("This game is played without the Colonies expansion.")
        return colony_block(st, seat, action["colony"], pay=BUILD_COLONY_COST) or not_now
    return msg("That is not possible now.")


def prompt_text(st: State, item: tuple[Any, ...]) -> Msg:
    """Return the question a pending decision asks its player ("Card: question" for a card)."""
    question = _prompt(st, item)
    if item[2] in CARDS and item[0] not in ("sell", "final_greenery", "pay_with"):
        return msg("%(card)s: %(question)s", card=CARDS[item[2]].name, question=question)
    return question


def _prompt(st: State, item: tuple[Any, ...]) -> Msg:
    name = item[0]
    if name == "place":
        return msg("Choose a space for the %(tile)s tile.", tile=tile_label(item[3], item[5]))
    if name == "pay_with":
        what = resource_word(PAY_KEYS.get(item[4][0], item[4][0]))
        return msg("How much %(resource)s do you use to pay %(n)s M€?", resource=what, n=item[3])
    if name == "red_prod":
        return msg(
            "Whose %(resource)s production drops by %(n)s?",
            resource=resource_word(item[3]),
            n=item[4],
        )
    if name == "steal_prod":
        return msg("Whose %(resource)s production do you take?", resource=resource_word(item[3]))
    if name == "remove_any":
        return msg("Remove up to %(amount)s from whom?", amount=amount_of(item[4], item[3]))
    if name in ("remove_amount", "remove_card_amount"):
        return msg("How many do you remove?")
    if name == "add_card":
        return msg("Which card gets %(amount)s?", amount=amount_of(item[4], item[3]))
    if name == "remove_card_res":
        return msg("Remove up to %(amount)s from which card?", amount=amount_of(item[4], item[3]))
    if name == "move_res":
        return msg("Take %(amount)s from which card?", amount=amount_of(1, item[3]))
    if name == "choice":
        return msg("Choose one.")
    if name == "mode":
        return msg("How do you use the action?")
    if name == "sell":
        return msg("Sell patents: pick cards to sell, then confirm.")
    if name == "look_buy":
        return msg("You see %(card)s. Buy it or discard it?", card=card_name(item[3]))
    if name == "mars_university":
        return msg("You may discard a card to draw a new one.")
    if name == "viral":
        return msg("Gain 1 plant or add a resource to %(card)s?", card=card_name(item[3]))
    if name == "robotic":
        return msg("Which production box do you copy?")
    if name == "mining_choice":
        return msg("Which production rises?")
    if name == "claim_space":
        return msg("Which space do you claim?")
    if name == "final_greenery":
        return msg("Final greenery: convert plants into greeneries, or finish.")
    colony_prompt = colony_text.prompt(item)
    if colony_prompt is not None:
        return colony_prompt
    decision = DECISIONS.get(name)
    return _decision_prompt(decision.prompt) if decision else msg("Choose.")


def _decision_prompt(prompt: str) -> Msg:
    """A card's own question: a `Msg`, or an old "{card}question" string (said as written)."""
    if isinstance(prompt, Msg):
        return prompt
    text = prompt.replace("{card}", "")
    return Msg(text[:1].upper() + text[1:])


def space_names(board_map: MapDef) -> dict[str, str]:
    """Return the named spaces of a map (space id -> the name its file gives)."""
    found = _SPACE_NAMES.get(board_map.key)
    if found is None:
        found = _SPACE_NAMES[board_map.key] = {s.id: s.name for s in board_map.spaces if s.name}
    return found


_SPACE_NAMES: dict[str, dict[str, str]] = {}


def _space(before: State, fields: Mapping[str, Any]) -> Arg:
    """Return the space of a move in words, named as on the table's map."""
    board_map = MAPS.get(before.settings.map)
    return space_words(fields["space"], space_names(board_map) if board_map else None)


def log_space(entry: tuple[Any, ...]) -> str | None:
    """Return the id of the map space a log entry names (the map lights it), if any."""
    code, args = entry[2], entry[3:]
    if code == "tile" and len(args) > 2:
        return str(args[2])
    if code in ("land_claim", "neutral_city") and args:
        return str(args[0])
    return None


def log_text(entry: tuple[Any, ...], names: Mapping[str, str] | None = None) -> Msg | None:
    """Return a public log entry in words (None for entries not worth a line).

    `names`: the table's named spaces (`space_names`), so a space reads as on its map; the
    log keeps space ids, so rows stored before the words changed read the same way.
    """
    code, args = entry[2], entry[3:]
    if code == "generation":
        return msg("Generation %(n)s begins.", n=args[0])
    if code == "production":
        return msg("Production phase.")
    if code == "final_greenery":
        return msg("Mars is terraformed: the final greenery round begins.")
    if code == "game_over":
        return msg("The game is over.")
    if code == "setup":
        return msg("The game is set up: choose a corporation and the cards to keep.")
    if code == "corporation":
        return nmsg(
            "plays %(card)s and keeps %(n)s card.",
            "plays %(card)s and keeps %(n)s cards.",
            args[1],
            card=card_name(args[0]),
        )
    if code == "research":
        return nmsg("bought %(n)s card.", "bought %(n)s cards.", args[0])
    if code == "play":
        return msg("played %(card)s.", card=card_name(args[0]))
    if code == "tile":
        return msg(
            "placed %(tile)s on %(space)s.",
            tile=tile_label(args[0], args[1]),
            space=space_words(args[2], names),
        )
    if code == "temperature":
        return msg("raised the temperature to %(n)s °C.", n=args[1])
    if code == "oxygen":
        return msg("raised oxygen to %(n)s %%.", n=args[1])
    if code == "bonus_heat":
        return msg("gets +1 heat production from the temperature track.")
    if code == "bonus_ocean":
        return msg("gets an ocean from the temperature track.")
    if code == "map_ocean":
        return msg("pays %(n)s M€ for the special space and places an ocean.", n=args[0])
    if code == "map_temperature":
        return msg("pays %(n)s M€ for the special space and raises the temperature.", n=args[0])
    if code == "bonus_temperature":
        return msg("gets a temperature step from the oxygen track.")
    if code == "claim":
        return msg("claimed %(milestone)s.", milestone=MILESTONES[args[0]].name)
    if code == "fund":
        return msg("funded %(award)s.", award=AWARDS[args[0]].name)
    if code == "pass":
        return msg("passed.")
    if code == "pass_ahead":
        return msg("passed (in advance).")
    if code == "project":
        return msg("used %(project)s.", project=PROJECT_LABELS[args[0]])
    if code == "use":
        return msg("used the action of %(card)s.", card=card_name(args[0]))
    if code == "convert_plants":
        return msg("converted plants into a greenery.")
    if code == "convert_heat":
        return msg("converted 8 heat into a temperature step.")
    if code == "lower_prod":
        return msg(
            "lowered the %(resource)s production of %(player)s by %(n)s.",
            resource=resource_word(args[1]),
            player=_player(args[0]),
            n=args[2],
        )
    if code == "remove":
        return msg(
            "removed %(amount)s from %(player)s.",
            amount=amount_of(args[2], args[1]),
            player=_player(args[0]),
        )
    if code == "reveal":
        if args[1]:
            return msg("revealed %(card)s (microbe: +1 science).", card=card_name(args[0]))
        return msg("revealed %(card)s.", card=card_name(args[0]))
    if code == "sold":
        return nmsg("sold %(n)s card.", "sold %(n)s cards.", args[0])
    if code == "neutral_city":
        return msg(
            "A neutral city goes on %(city)s, with a neutral greenery on %(greenery)s.",
            city=space_words(args[0], names),
            greenery=space_words(args[1], names),
        )
    if code == "no_space":
        return msg(
            "had no legal space for the %(tile)s tile: it is not placed.",
            tile=tile_label(args[0], ""),
        )
    if code == "lost_res":
        return msg(
            "has no card for the %(resource)s: they are lost.", resource=resource_word(args[0])
        )
    if code == "land_claim":
        return msg("put a Land Claim marker on %(space)s.", space=space_words(args[0], names))
    if code == "solo_end":
        return msg("won the solo game!") if args[0] else msg("did not terraform Mars in time.")
    if code == "first_action":
        return msg("took the corporation's first action.")
    line = _prelude_log_text(code, args)
    if line is not None:
        return line
    return colony_text.log_line(code, args)


def _prelude_log_text(code: str, args: tuple[Any, ...]) -> Msg | None:
    """The log lines of the Prelude expansion (§13)."""
    if code == "prelude_discarded":
        return msg("could not play a prelude and discarded it for %(n)s M€.", n=args[0])
    if code == "prelude_reveal":
        return nmsg(
            "revealed %(n)s card and kept %(kept)s.",
            "revealed %(n)s cards and kept %(kept)s.",
            args[0],
            kept=args[1],
        )
    if code == "prelude_no_card":
        return msg("played no card with %(card)s.", card=card_name(args[0]))
    if code == "valley_trust":
        return nmsg(
            "takes %(n)s prelude from the prelude deck.",
            "takes %(n)s preludes from the prelude deck.",
            args[0],
        )
    return None
