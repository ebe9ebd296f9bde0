"""Words for the log, the prompts and refusals. Card ids never appear here, only names."""

from __future__ import annotations

from typing import Any

from games.engine import Action
from games.terraforming_mars.catalog import CARDS
from games.terraforming_mars.kernel import DECISIONS
from games.terraforming_mars.milestones import AWARDS, MILESTONES
from games.terraforming_mars.playability import play_block
from games.terraforming_mars.state import State
from games.terraforming_mars.turn import (
    award_block,
    convert_block,
    milestone_block,
    project_block,
    use_block,
)

__all__ = [
    "CHOICE_LABELS",
    "PROJECT_LABELS",
    "TILE_LABELS",
    "describe_action",
    "explain_illegal",
    "log_text",
    "prompt_text",
]

PROJECT_LABELS = {
    "sell_patents": "Sell patents",
    "power_plant": "Power plant",
    "asteroid": "Asteroid",
    "aquifer": "Aquifer",
    "greenery": "Greenery",
    "city": "City",
}
PROJECT_EFFECTS = {
    "sell_patents": "Discard cards for 1 M€ each",
    "power_plant": "+1 energy production",
    "asteroid": "Raise temperature 1 step",
    "aquifer": "Place an ocean tile",
    "greenery": "Place a greenery tile",
    "city": "Place a city tile, +1 M€ production",
}
TILE_LABELS = {
    "ocean": "ocean",
    "greenery": "greenery",
    "city": "city",
    "capital": "Capital",
    "natural_preserve": "Natural Preserve",
    "mining_area": "Mining Area",
    "mining_rights": "Mining Rights",
    "commercial_district": "Commercial District",
    "nuclear_zone": "Nuclear Zone",
    "lava_flows": "Lava Flows",
    "mohole_area": "Mohole Area",
    "industrial_center": "Industrial Center",
    "ecological_zone": "Ecological Zone",
    "restricted_area": "Restricted Area",
}
CHOICE_LABELS = {
    "plants": "Gain the plants",
    "microbes": "Add microbes to another card",
    "animals": "Add animals / remove animals",
    "add": "Add a resource here",
    "remove": "Remove resources to raise the parameter",
    "buy": "Buy it for 3 M€",
    "discard": "Discard it",
    "plant": "Gain 1 plant",
    "resource": "Add 1 resource to that card",
    "steel": "Steel",
    "titanium": "Titanium",
    "use": "Use",
}
RESOURCE_WORDS = {
    "mc": "M€",
    "steel": "steel",
    "titanium": "titanium",
    "plants": "plants",
    "energy": "energy",
    "heat": "heat",
}


def card_name(card: str) -> str:
    info = CARDS.get(card)
    return info.name if info is not None else "a card"


def tile_label(kind: str, name: str) -> str:
    return TILE_LABELS.get(name or kind, name or kind)


def _player(seat: int) -> str:
    return "the neutral player" if seat < 0 else f"player {seat + 1}"


def describe_action(before: State, seat: int, action: Action, viewer: int | None) -> str:
    """Return the log line of the legal `action` as `viewer` may read it (no subject)."""
    kind, fields = action["type"], action
    own = viewer == seat
    card = fields.get("card", "")
    if kind == "play":
        return f"played {card_name(card)}"
    if kind == "project":
        return f"used the standard project {PROJECT_LABELS.get(fields['project'], '?')}"
    if kind == "claim":
        milestone = MILESTONES.get(fields["milestone"])
        return f"claimed the milestone {milestone.name if milestone else '?'}"
    if kind == "fund":
        award = AWARDS.get(fields["award"])
        return f"funded the award {award.name if award else '?'}"
    if kind == "use":
        return f"used the action of {card_name(card)}"
    if kind == "convert":
        if fields["resource"] == "plants":
            return "converted plants into a greenery"
        return "converted 8 heat into a temperature step"
    if kind == "first_action":
        return "took the corporation's first action"
    if kind == "pass":
        return "passed for this generation"
    if kind == "end_turn":
        return "ended the turn"
    if kind == "space":
        head = before.queue[0] if before.queue else None
        what = tile_label(head[3], head[5]) if head and head[0] == "place" else "a marker"
        return f"placed {what} on {fields['space']}"
    if kind == "pay":
        if before.phase in ("setup", "research") and not own:
            return "made a choice"  # §15.0: research picks stay hidden until all confirm
        return f"paid with {fields['amount']} {fields['resource']}"
    if kind == "target":
        return f"chose {_player(fields['player'])}"
    if kind == "neutral":
        return "chose the neutral player"
    if kind == "skip":
        return "chose nobody / nothing"
    if kind == "amount":
        return f"chose {fields['amount']}"
    if kind == "choose":
        return f"chose: {CHOICE_LABELS.get(fields['option'], fields['option'])}"
    if kind == "card":
        return f"chose {card_name(card)}"
    if kind == "sell":
        return f"picked {card_name(card)} to sell" if own else "picked a card to sell"
    if kind == "discard":
        return f"discarded {card_name(card)}" if own else "discarded a card"
    if kind == "done":
        return "confirmed"
    if kind == "corporation":
        return f"chose {card_name(card)}" if own else "chose a corporation"
    if kind == "keep":
        return f"kept {card_name(card)}" if own else "made a choice"
    if kind == "release":
        return f"put back {card_name(card)}" if own else "made a choice"
    if kind == "draft":
        return f"drafted {card_name(card)}" if own else "drafted a card"
    raise ValueError(f"no log line for the action type {kind!r}")


def explain_illegal(st: State, seat: int, action: dict[str, Any]) -> str:
    """Return a sentence saying why a well-formed action is not legal now."""
    kind = action["type"]
    player = st.players[seat]
    waiting = st.queue and st.queue[0][1] == seat
    if st.phase in ("setup", "research"):
        if kind in ("keep", "release", "corporation", "draft"):
            return "That card is not one you can pick now."
        return "First finish choosing your cards."
    if waiting:
        return f"First finish what is pending: {prompt_text(st, st.queue[0])}"
    if kind == "play":
        if action["card"] not in player.hand:
            return "You do not hold that card."
        return play_block(st, seat, action["card"]) or "You cannot play that card now."
    if kind == "project":
        if action["project"] not in PROJECT_LABELS:
            return "There is no such standard project."
        return project_block(st, seat, action["project"]) or "Not possible now."
    if kind == "claim":
        if action["milestone"] not in MILESTONES:
            return "There is no such milestone."
        return milestone_block(st, seat, action["milestone"]) or "Not possible now."
    if kind == "fund":
        if action["award"] not in AWARDS:
            return "There is no such award."
        return award_block(st, seat, action["award"]) or "Not possible now."
    if kind == "use":
        if action["card"] not in player.in_play():
            return "You have no such card in play."
        return use_block(st, seat, action["card"]) or "Not possible now."
    if kind == "convert":
        if action["resource"] in ("plants", "heat"):
            return convert_block(st, seat, action["resource"]) or "Not possible now."
        return "You can only convert plants or heat."
    if kind == "pass":
        return "You have already acted this turn: end the turn or take a second action."
    if kind == "end_turn":
        return "Take an action or pass first."
    if player.first_action:
        return "Your corporation's first action comes first."
    return "That is not possible now."


def prompt_text(st: State, item: tuple[Any, ...]) -> str:
    """Return the question a pending decision asks its player."""
    source = CARDS[item[2]].name if item[2] in CARDS else ""
    text = _prompt(st, item, f"{source}: " if source else "")
    return text[0].upper() + text[1:]


def _prompt(st: State, item: tuple[Any, ...], prefix: str) -> str:
    name = item[0]
    if name == "place":
        return f"{prefix}choose a space for the {tile_label(item[3], item[5])} tile."
    if name == "pay_with":
        return f"How much {_WORD[item[4][0]]} do you use to pay {item[3]} M€?"
    if name == "red_prod":
        word = RESOURCE_WORDS[item[3]]
        return f"{prefix}whose {word} production drops by {item[4]}?"
    if name == "steal_prod":
        return f"{prefix}whose {RESOURCE_WORDS[item[3]]} production do you take?"
    if name == "remove_any":
        return f"{prefix}remove up to {item[4]} {RESOURCE_WORDS[item[3]]} from whom?"
    if name in ("remove_amount", "remove_card_amount"):
        return f"{prefix}how many do you remove?"
    if name == "add_card":
        return f"{prefix}which card gets {item[4]} {item[3]}(s)?"
    if name == "remove_card_res":
        return f"{prefix}remove up to {item[4]} {item[3]}s from which card?"
    if name == "move_res":
        return f"{prefix}take 1 {item[3]} from which card?"
    if name == "choice":
        return f"{prefix}choose one."
    if name == "mode":
        return f"{prefix}how do you use the action?"
    if name == "sell":
        return "Sell patents: pick cards to sell, then confirm."
    if name == "look_buy":
        return f"{prefix}you see {CARDS[item[3]].name}. Buy it or discard it?"
    if name == "mars_university":
        return f"{prefix}you may discard a card to draw a new one."
    if name == "viral":
        return f"{prefix}gain 1 plant or add a resource to {card_name(item[3])}?"
    if name == "robotic":
        return f"{prefix}which production box do you copy?"
    if name == "mining_choice":
        return f"{prefix}which production rises?"
    if name == "claim_space":
        return f"{prefix}which space do you claim?"
    if name == "final_greenery":
        return "Final greenery: convert plants into greeneries, or finish."
    decision = DECISIONS.get(name)
    return decision.prompt.format(card=prefix) if decision else "Choose."


_WORD = {"s": "steel", "t": "titanium", "h": "heat"}


def log_text(entry: tuple[Any, ...]) -> str | None:
    """Return a public log entry in words (None for entries not worth a line)."""
    code, args = entry[2], entry[3:]
    if code == "generation":
        return f"Generation {args[0]} begins."
    if code == "production":
        return "Production phase."
    if code == "final_greenery":
        return "Mars is terraformed: the final greenery round begins."
    if code == "game_over":
        return "The game is over."
    if code == "setup":
        return "The game is set up: choose a corporation and the cards to keep."
    if code == "corporation":
        return f"plays {card_name(args[0])} and keeps {args[1]} card(s)."
    if code == "research":
        return f"bought {args[0]} card(s)."
    if code == "play":
        return f"played {card_name(args[0])}."
    if code == "tile":
        return f"placed {tile_label(args[0], args[1])} on {args[2]}."
    if code == "temperature":
        return f"raised the temperature to {args[1]} °C."
    if code == "oxygen":
        return f"raised oxygen to {args[1]} %."
    if code == "bonus_heat":
        return "gets +1 heat production from the temperature track."
    if code == "bonus_ocean":
        return "gets an ocean from the temperature track."
    if code == "map_ocean":
        return f"pays {args[0]} M€ for the special space and places an ocean."
    if code == "map_temperature":
        return f"pays {args[0]} M€ for the special space and raises the temperature."
    if code == "bonus_temperature":
        return "gets a temperature step from the oxygen track."
    if code == "claim":
        return f"claimed {MILESTONES[args[0]].name}."
    if code == "fund":
        return f"funded {AWARDS[args[0]].name}."
    if code == "pass":
        return "passed."
    if code == "project":
        return f"used {PROJECT_LABELS[args[0]]}."
    if code == "use":
        return f"used the action of {card_name(args[0])}."
    if code == "convert_plants":
        return "converted plants into a greenery."
    if code == "convert_heat":
        return "converted 8 heat into a temperature step."
    if code == "lower_prod":
        return f"lowered the {args[1]} production of {_player(args[0])} by {args[2]}."
    if code == "remove":
        return f"removed {args[2]} {args[1]} from {_player(args[0])}."
    if code == "reveal":
        found = " (microbe: +1 science)" if args[1] else ""
        return f"revealed {card_name(args[0])}{found}."
    if code == "sold":
        return f"sold {args[0]} card(s)."
    if code == "neutral_city":
        return f"A neutral city goes on {args[0]}, with a neutral greenery on {args[1]}."
    if code == "no_space":
        return f"had no legal space for the {args[0]} tile: it is not placed."
    if code == "lost_res":
        return f"has no card for the {args[0]}s: they are lost."
    if code == "land_claim":
        return f"claimed the space {args[0]}."
    if code == "solo_end":
        return "won the solo game!" if args[0] else "did not terraform Mars in time."
    if code == "first_action":
        return "took the corporation's first action."
    return None
