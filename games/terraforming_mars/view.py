"""What one seat (or a spectator) may see, as JSON-safe data for the board template (§15).

Hidden (§15.0): other hands, other players' setup/research/draft picks, the deck, the
discard pile, cards looked at by Inventors' Guild, cards picked for Sell Patents. Everything
else is public. Card ids appear only for cards the viewer may see.
"""

from __future__ import annotations

import math
from typing import Any

from games.terraforming_mars.board import map_of
from games.terraforming_mars.catalog import CARDS
from games.terraforming_mars.colony_text import colony_name, colony_requirement_words
from games.terraforming_mars.colony_view import colonies_view
from games.terraforming_mars.constants import (
    HEAT_PER_STEP,
    MILESTONE_COST,
    OCEANS_MAX,
    OXYGEN_MAX,
    OXYGEN_TEMPERATURE_BONUS,
    RESOURCES,
    STANDARD_PROJECTS,
    TAGS,
    TEMPERATURE_HEAT_BONUS,
    TEMPERATURE_MAX,
    TEMPERATURE_MIN,
    TEMPERATURE_OCEAN_BONUS,
    TEMPERATURE_STEP,
)
from games.terraforming_mars.engine import TerraformingMars
from games.terraforming_mars.maps import MapDef
from games.terraforming_mars.milestones import AWARDS, MILESTONES
from games.terraforming_mars.payment import card_cost, card_price, seat_card_price
from games.terraforming_mars.phases import BEGINNER, selection_options
from games.terraforming_mars.playability import play_block
from games.terraforming_mars.scoring import breakdown
from games.terraforming_mars.state import State
from games.terraforming_mars.text import (
    PROJECT_EFFECTS,
    PROJECT_LABELS,
    RESOURCE_WORDS,
    buy_label,
    card_name,
    choice_label,
    log_space,
    log_text,
    prompt_text,
    space_names,
)
from games.terraforming_mars.turn import (
    award_block,
    award_cost,
    convert_block,
    milestone_block,
    project_block,
    project_cost,
    use_block,
)
from games.terraforming_mars.vocab import (
    BONUS_WORDS,
    MAP_NAMES,
    NAMED_TILES,
    OFF_MAP_NAMES,
    TAG_WORDS,
    amount_of,
    resource_word,
    space_words,
    tile_label,
)
from games.words import Arg, join, msg, nmsg

__all__ = ["build_view", "card_view"]

HEX = 10.0
RECENT_TILES = 8  # log entries whose tiles are highlighted as the last moves
SHORT_WORDS = {  # the resource table's column heads
    "mc": msg("M€"),
    "steel": msg("steel"),
    # Translators: "titanium" cut short for a narrow table column head.
    "titanium": msg("titan."),
    "plants": msg("plants"),
    "energy": msg("energy"),
    "heat": msg("heat"),
}
KIND_LABELS = {"automated": "green", "active": "blue", "event": "red", "prelude": "prelude"}
#: The sprite's symbol of each placement bonus a map hex shows (static/icons/symbols/).
BONUS_ICONS = {
    "steel": "tm-res-steel",
    "titanium": "tm-res-titanium",
    "plant": "tm-res-plant",
    "card": "tm-bonus-card",
    "heat": "tm-res-heat",
    "ocean": "tm-bonus-ocean",
    "temperature": "tm-param-temperature",
    "delegate": "tm-bonus-delegate",  # Vastitas Borealis: Turmoil only, no effect here (§7.8)
}


def _bonus_words(bonus: tuple[str, ...]) -> Arg:
    """Return a space's bonus icons in words ("steel, steel")."""
    return join(", ", [BONUS_WORDS.get(icon, icon) for icon in bonus])


_GEOMETRY: dict[str, dict[str, Any]] = {}


def _geometry(key: str, board_map: MapDef) -> dict[str, Any]:
    """Return hex centres and corners (pointy-top) scaled to a viewBox, per map."""
    found = _GEOMETRY.get(key)
    if found is None:
        found = _GEOMETRY[key] = _compute_geometry(board_map)
    return found


def _compute_geometry(board_map: MapDef) -> dict[str, Any]:
    width = math.sqrt(3) * HEX
    centres = {}
    for space in board_map.spaces:
        x = width * (space.q + space.r / 2)
        y = 1.5 * HEX * space.r
        centres[space.id] = (x, y)
    xs = [x for x, _ in centres.values()]
    ys = [y for _, y in centres.values()]
    # The disc of Mars under the hexes: round the middle of the hexes, through their
    # farthest corner (and a margin). The viewBox holds the whole disc, so no side of it
    # is cut off (a box fitted to the hexes alone cuts the disc at the top and bottom).
    mid_x, mid_y = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    radius = 2 + max(
        math.hypot(
            x + HEX * math.cos(math.radians(60 * k - 30)) - mid_x,
            y + HEX * math.sin(math.radians(60 * k - 30)) - mid_y,
        )
        for x, y in centres.values()
        for k in range(6)
    )
    box_w = max(max(xs) - min(xs) + width, 2 * radius) + 2
    box_h = max(max(ys) - min(ys) + 2 * HEX, 2 * radius) + 2
    min_x, min_y = mid_x - box_w / 2, mid_y - box_h / 2
    out = {}
    for sid, (x, y) in centres.items():
        cx, cy = x - min_x, y - min_y
        out[sid] = {
            "cx": round(cx, 1),
            "cy": round(cy, 1),
            "left": round(cx / box_w * 100, 3),
            "top": round(cy / box_h * 100, 3),
        }
    corners = " ".join(
        f"{HEX * 0.96 * math.cos(math.radians(60 * k - 30)):.2f},"
        f"{HEX * 0.96 * math.sin(math.radians(60 * k - 30)):.2f}"
        for k in range(6)
    )
    static = []
    names = space_names(board_map)
    for space in board_map.spaces:
        words = space_words(space.id, names)
        title: list[Arg] = [words]
        if space.name:  # a named space also says where it lies
            title.append(space_words(space.id))
        if space.bonus:
            title.append(_bonus_words(space.bonus))
        entry: dict[str, Any] = {
            "id": space.id,
            "cx": out[space.id]["cx"],
            "cy": out[space.id]["cy"],
            "cls": f"tm-{space.type}" + (" tm-volcanic" if space.volcanic else ""),
            "title": title,
            "words": words,
            # This entry as it stands (no tile, claim or button): the map tag keeps its SVG.
            "key": f"{board_map.key}:{space.id}",
        }
        if space.bonus:
            entry["bonus"] = [BONUS_ICONS.get(icon, "tm-tile-special") for icon in space.bonus]
        if space.type == "reserved_city":
            # Translators: the short mark on the map's space kept for Noctis City.
            entry["note"] = msg("Noctis")
        special = board_map.specials.get(space.id)
        if special is not None:
            entry["note"] = f"−{special[1]} M€"
            entry["title"].append(
                msg("pay %(n)s M€ extra while it still gives its step", n=special[1])
            )
        entry["title"] = join(" · ", entry["title"])
        static.append((space.id, entry))
    return {
        "spaces": out,
        "static": static,
        "width": round(box_w, 2),
        "height": round(box_h, 2),
        "hex_w": round(width / box_w * 100, 3),
        "hex_points": corners,
        "disc": {
            "cx": round(mid_x - min_x, 2),
            "cy": round(mid_y - min_y, 2),
            "r": round(radius, 2),
        },
    }


def card_view(st: State, card_id: str, owner: int | None = None) -> dict[str, Any]:
    """Return one face-up card for the template."""
    card = CARDS[card_id]
    data: dict[str, Any] = {
        "id": card_id,
        "number": card.number,
        "name": card.name,
        "kind": card.kind,
        "colour": KIND_LABELS.get(card.kind, "corp"),
        "cost": card.cost,
        "tags": list(card.tags) + (["event"] if card.kind == "event" else []),
        "requirement": _requirement_text(card.req),
        "vp": card.vp,
        "text": card.text,
        "resource": card.resource,
        "resource_label": resource_word(card.resource) if card.resource else "",
        "discounted": False,
    }
    if card.kind == "corporation":
        data["starting_mc"] = card.starting_mc
    if owner is not None and owner >= 0 and card.resource:
        data["resources"] = count = st.players[owner].res.get(card_id, 0)
        data["resource_amount"] = amount_of(count, card.resource)
    return data


def _requirement_text(reqs: tuple[tuple[Any, ...], ...]) -> Arg:
    """Return a card's requirements in words ("oxygen ≥ 5 %, science ≥ 2")."""
    if not reqs:
        return ""
    return join(", ", [_requirement(req) for req in reqs])


def _requirement(req: tuple[Any, ...]) -> Arg:
    kind = req[0]
    if kind == "global":
        _, what, bound, n = req
        if what == "oxygen":
            return (
                msg("oxygen ≥ %(n)s %%", n=n) if bound == "min" else msg("oxygen ≤ %(n)s %%", n=n)
            )
        if what == "temperature":
            if bound == "min":
                return msg("temperature ≥ %(n)s °C", n=n)
            return msg("temperature ≤ %(n)s °C", n=n)
        return msg("oceans ≥ %(n)s", n=n) if bound == "min" else msg("oceans ≤ %(n)s", n=n)
    if kind == "tag":
        tag = TAGS[req[1]]
        return msg("%(tag)s ≥ %(n)s", tag=TAG_WORDS.get(tag, tag), n=req[2])
    if kind == "production":
        resource = RESOURCE_WORDS[RESOURCES[req[1]]]
        return msg("production of %(resource)s ≥ %(n)s", resource=resource, n=req[2])
    if kind == "greeneries_own":
        return nmsg("%(n)s own greenery tile", "%(n)s own greenery tiles", req[1])
    if kind == "cities_any":
        return nmsg("%(n)s city in play", "%(n)s cities in play", req[1])
    return colony_requirement_words(req) or str(req)


def build_view(engine: TerraformingMars, state: State, seat: int | None) -> dict[str, Any]:
    """Return the board data for `seat`; None (or a bad seat) is a spectator."""
    st = state
    if not (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < st.n):
        seat = None
    legal = engine.legal_actions(st, seat) if seat is not None else []
    to_move = sorted(engine.to_move(st))
    pending = st.queue[0] if st.queue else None
    deciding = seat is not None and seat in to_move
    outcome = engine.outcome(st)
    view: dict[str, Any] = {
        "game": engine.slug,
        "you": seat,
        "n": st.n,
        "solo": st.solo,
        "gen": st.gen,
        "round_info": engine.round_info(st),
        "phase": st.phase,
        "first": st.first,
        "active": st.active if st.phase == "action" else None,
        "to_move": to_move,
        "your_turn": deciding,
        "turn_actions": st.turn_actions,
        "legal": legal,
        "params": _params(st),
        "map": _map_view(st, seat, legal),
        "players": [_player_view(st, s, seat) for s in range(st.n)],
        "order": [(seat + k) % st.n for k in range(st.n)]
        if seat is not None
        else list(range(st.n)),
        "milestones": _milestones(st, seat, legal),
        "awards": _awards(st, seat, legal),
        "projects": _projects(st, seat, legal),
        "colonies": colonies_view(st, seat, legal),  # §14, None without the expansion
        "log": _log(st),
        "deck_count": len(st.deck),
        "discard_count": len(st.discard),
        "options": st.settings.as_dict(),
        "finished": st.phase == "over",
        "live_score": breakdown(st) if st.settings.live_score and st.phase != "over" else None,
        "outcome": None,
    }
    view["hand"] = _hand(st, seat, legal) if seat is not None else None
    view["selection"] = _selection(st, seat) if st.phase in ("setup", "research") else None
    view["prompt"] = None
    if deciding and pending is not None and st.phase not in ("setup", "research"):
        view["prompt"] = {
            "text": prompt_text(st, pending),
            "kind": pending[0],
            "options": [_option_label(st, pending, action) for action in legal],
            "map": pending[0] in ("place", "claim_space"),
        }
    view["main"] = _main(st, seat, legal) if deciding and pending is None else None
    view["aside"] = _aside(engine, st, seat)
    if outcome is not None:
        view["outcome"] = {
            "scores": list(outcome.scores),
            "places": list(outcome.places),
            "details": {
                **outcome.details,
                "awards": [
                    dict(award, name=AWARDS[award["award"]].name)
                    for award in outcome.details.get("awards", ())
                ],
            },
        }
    return view


# --- parts of the view ---------------------------------------------------------------------------


def _params(st: State) -> dict[str, Any]:
    return {
        "temperature": st.temperature,
        "temperature_max": TEMPERATURE_MAX,
        "temperature_pct": round(
            (st.temperature - TEMPERATURE_MIN) / (TEMPERATURE_MAX - TEMPERATURE_MIN) * 100
        ),
        "oxygen": st.oxygen,
        "oxygen_max": OXYGEN_MAX,
        "oxygen_pct": round(st.oxygen / OXYGEN_MAX * 100),
        "oceans": st.oceans,
        "oceans_max": OCEANS_MAX,
        "oceans_pct": round(st.oceans / OCEANS_MAX * 100),
        "terraformed": st.temperature >= TEMPERATURE_MAX
        and st.oxygen >= OXYGEN_MAX
        and st.oceans >= OCEANS_MAX,
        # The tracks' steps and the places of their bonuses (§1.6), in % of the bar.
        "temperature_steps": (TEMPERATURE_MAX - TEMPERATURE_MIN) // TEMPERATURE_STEP,
        "oxygen_steps": OXYGEN_MAX,
        "oceans_steps": OCEANS_MAX,
        "temperature_marks": [
            {"icon": "tm-res-heat", "pct": _temperature_pct(t), "value": t}
            for t in TEMPERATURE_HEAT_BONUS
        ]
        + [
            {
                "icon": "tm-bonus-ocean",
                "pct": _temperature_pct(TEMPERATURE_OCEAN_BONUS),
                "value": TEMPERATURE_OCEAN_BONUS,
            }
        ],
        "oxygen_marks": [
            {
                "icon": "tm-param-temperature",
                "pct": round(OXYGEN_TEMPERATURE_BONUS / OXYGEN_MAX * 100),
                "value": OXYGEN_TEMPERATURE_BONUS,
            }
        ],
    }


def _temperature_pct(value: int) -> int:
    return round((value - TEMPERATURE_MIN) / (TEMPERATURE_MAX - TEMPERATURE_MIN) * 100)


def _map_view(st: State, seat: int | None, legal: list[dict[str, Any]]) -> dict[str, Any]:
    board_map = map_of(st)
    geometry = _geometry(board_map.key, board_map)
    space_actions = {a["space"]: a for a in legal if a["type"] == "space"}
    spaces = []
    board, claims = st.board, st.claims
    # The last moves stand out: tiles placed in the most recent log entries, the last one most.
    placed = [entry[5] for entry in st.log[-RECENT_TILES:] if entry[2] == "tile"]
    recent, last = set(placed), (placed[-1] if placed else None)
    for space_id, static in geometry["static"]:
        tile = board.get(space_id)
        action = space_actions.get(space_id)
        if tile is None and action is None and space_id not in claims:
            spaces.append(static)
            continue
        entry = dict(static)
        del entry["key"]  # this one changes: drawn afresh
        if tile is not None:
            kind, owner, name = tile
            entry["cls"] += f" tm-tile-{kind}"
            if space_id in recent:
                entry["cls"] += " tm-recent"
            if space_id == last:
                entry["cls"] += " tm-last"
            entry["title"] = join(" · ", [entry["title"], tile_label(kind, name)])
            entry["tile"] = {"owner": owner, "kind": kind, "icon": tile_icon(kind, name)}
            entry.pop("bonus", None)
            entry.pop("note", None)
        elif space_id in claims:
            entry["claim"] = claims[space_id]
        if action is not None:
            geo = geometry["spaces"][space_id]
            entry["cls"] += " tm-legal"
            entry["action"] = action
            entry["left"] = geo["left"]
            entry["top"] = geo["top"]
        spaces.append(entry)
    off_map = []
    for key in board_map.off_map:
        tile = st.board.get(key)
        off_map.append(
            {
                "id": key,
                "label": OFF_MAP_NAMES.get(key, key),
                "owner": tile[1] if tile else None,
                "action": space_actions.get(key),
            }
        )
    return {
        "name": MAP_NAMES.get(board_map.key, board_map.name),
        "width": geometry["width"],
        "height": geometry["height"],
        "hex_w": geometry["hex_w"],
        "hex_points": geometry["hex_points"],
        "disc": geometry["disc"],
        "spaces": spaces,
        "last": last,
        "off_map": off_map,
        "placing": bool(space_actions),
        # The named tiles on the map (special tiles, the Capital), each once, for the legend.
        "named": [
            {"icon": f"tm-tile-{tile_icon(kind, name)}", "label": tile_label(kind, name)}
            for kind, name in sorted({(k, n) for k, _, n in board.values() if n in NAMED_TILES})
        ],
        "specials": [
            {"icon": icon, "cost": cost} for icon, cost in sorted(set(board_map.specials.values()))
        ],
        "delegates": board_map.key == "vastitas_borealis",
    }


def tile_icon(kind: str, name: str) -> str:
    """Return the tile's symbol (`tm-tile-<this>`): its own for a named tile, else its kind's."""
    return name.replace("_", "-") if name in NAMED_TILES else kind


#: The sprite's symbol of each resource (static/icons/symbols/tm-res-*.svg).
RESOURCE_ICONS = {
    "mc": "tm-res-megacredit",
    "steel": "tm-res-steel",
    "titanium": "tm-res-titanium",
    "plants": "tm-res-plant",
    "energy": "tm-res-energy",
    "heat": "tm-res-heat",
}


def _player_view(st: State, seat: int, viewer: int | None) -> dict[str, Any]:
    player = st.players[seat]
    groups: dict[str, list[dict[str, Any]]] = {
        "prelude": [],  # §13: played preludes stay in the tableau
        "automated": [],
        "active": [],
        "event": [],
    }
    for card in player.played:
        data = card_view(st, card, seat)
        if CARDS[card].actions:
            data["action_used"] = card in player.used
            data["action_ready"] = (
                seat == viewer and st.phase == "action" and use_block(st, seat, card) is None
            )
        groups[CARDS[card].kind].append(data)
    for card in player.events:
        groups["event"].append(card_view(st, card, seat))
    corp = None
    if player.corp:
        corp = card_view(st, player.corp, seat)
        if CARDS[player.corp].actions:
            corp["action_used"] = player.corp in player.used
    tags = [
        {"tag": tag, "label": TAG_WORDS[tag], "count": player.tags[i]}
        for i, tag in enumerate(TAGS)
        if player.tags[i]
    ]
    if player.events:
        tags.append({"tag": "event", "label": TAG_WORDS["event"], "count": len(player.events)})
    resources = [
        {
            "key": res,
            "label": RESOURCE_WORDS[res],
            "short": SHORT_WORDS[res],
            "icon": RESOURCE_ICONS[res],
            "stock": player.stock[i],
            "prod": player.prod[i],
        }
        for i, res in enumerate(RESOURCES)
    ]
    return {
        "seat": seat,
        "is_you": seat == viewer,
        "corp": corp,
        "tr": player.tr,
        "resources": resources,
        "hand_count": len(player.hand),
        "passed": player.passed,
        "first": seat == st.first,
        "active": st.phase == "action" and seat == st.active,
        "groups": [
            {"kind": kind, "label": KIND_LABELS[kind], "cards": cards}
            for kind, cards in groups.items()
        ],
        "tags": tags,
        "cities": sum(1 for k, o, _ in st.board.values() if k == "city" and o == seat),
        "greeneries": sum(1 for k, o, _ in st.board.values() if k == "greenery" and o == seat),
        "milestones": [MILESTONES[k].name for k, who in st.milestones if who == seat],
    }


def _hand(st: State, seat: int, legal: list[dict[str, Any]]) -> list[dict[str, Any]]:
    player = st.players[seat]
    playable = {a["card"] for a in legal if a["type"] == "play"}
    my_turn = st.phase == "action" and not st.queue and seat == st.active
    out = []
    for card in player.hand:
        data = card_view(st, card)
        data["cost_now"] = card_cost(player, card)
        data["discounted"] = data["cost_now"] != data["cost"]
        if card in playable:
            data["play"] = {"type": "play", "card": card}
            data["reason"] = ""
        else:
            data["play"] = None
            reason = play_block(st, seat, card)
            if reason is None:
                reason = msg("Only on your turn, in the action phase.") if not my_turn else ""
                if my_turn and player.first_action:
                    reason = msg("Your corporation's first action comes first.")
            data["reason"] = reason
        out.append(data)
    return out


def _selection(st: State, seat: int | None) -> dict[str, Any]:
    """Setup, research and draft: own picks for the viewer, progress for everyone."""
    status = []
    for s in range(st.n):
        choice = st.sel[s] if s < len(st.sel) else None
        done = choice is None or choice["stage"] == "done"
        waiting_draft = choice is not None and choice["stage"] == "draft" and choice["picked"]
        status.append({"seat": s, "done": done or bool(waiting_draft)})
    out: dict[str, Any] = {"status": status, "mine": None, "phase": st.phase}
    if seat is None:
        return out
    choice = st.sel[seat]
    if choice is None:
        return out
    options = selection_options(st, seat)
    by_card: dict[str, list[dict[str, Any]]] = {}
    for action in options:
        if "card" in action:
            by_card.setdefault(action["card"], []).append(action)
    stage = choice["stage"]
    mine: dict[str, Any] = {"stage": stage, "kept_count": len(choice.get("kept", ()))}
    if stage == "corp" or (st.phase == "setup" and choice.get("corps")):
        mine["corps"] = [
            dict(
                card_view(st, c),
                action=by_card.get(c, [None])[0],
                chosen=c == choice.get("corp"),
                card_price=card_price(c),  # what a card costs with it (Polyphemos: 5)
            )
            for c in choice.get("corps", ())
        ]
    if stage == "draft":
        mine["packet"] = [
            dict(card_view(st, c), action=by_card.get(c, [None])[0]) for c in choice["packet"]
        ]
        mine["drafted"] = [card_view(st, c) for c in choice["drafted"]]
        mine["picked"] = card_name(choice["picked"]) if choice["picked"] else ""
    if "cards" in choice:
        kept = set(choice.get("kept", ()))
        mine["cards"] = [
            dict(card_view(st, c), kept=c in kept, action=by_card.get(c, [None])[0])
            for c in choice["cards"]
        ]
        mine["price"] = seat_card_price(st, seat)  # per card: 3 M€, Polyphemos 5
        mine["cost"] = mine["price"] * len(kept)
        corp = choice.get("corp")
        if st.phase == "setup" and corp:
            mine["budget"] = CARDS[corp].starting_mc
        elif st.phase == "research":
            mine["budget"] = st.players[seat].stock[0]
    if choice.get("preludes"):  # §13: 4 dealt, 2 kept, in the setup choice
        kept_preludes = choice.get("kept_preludes", ())
        mine["preludes"] = [
            dict(card_view(st, c), kept=c in kept_preludes, action=by_card.get(c, [None])[0])
            for c in choice["preludes"]
        ]
        mine["preludes_kept"] = len(kept_preludes)
    if st.phase == "setup" and stage == "done" and choice.get("corp"):
        # Confirmed, not yet applied (applied when everyone has chosen): shown as pending,
        # not as an empty hand and 0 M€.
        kept = choice.get("kept", ())
        free = choice["corp"] == BEGINNER
        mine["pending"] = {
            "corp": card_view(st, choice["corp"]),
            "cards": [card_view(st, c) for c in kept],
            "preludes": [card_view(st, c) for c in choice.get("kept_preludes", ())],
            "mc": CARDS[choice["corp"]].starting_mc
            - (0 if free else card_price(choice["corp"]) * len(kept)),
        }
    mine["done_action"] = next((a for a in options if a["type"] == "done"), None)
    mine["pay"] = [a for a in options if a["type"] == "pay"]
    out["mine"] = mine
    return out


def _main(st: State, seat: int | None, legal: list[dict[str, Any]]) -> dict[str, Any] | None:
    if seat is None or st.phase != "action":
        return None
    player = st.players[seat]
    uses = []
    for card in player.in_play():
        if not CARDS[card].actions:
            continue
        reason = use_block(st, seat, card)
        uses.append(
            {
                "name": CARDS[card].name,
                "text": CARDS[card].text,
                "action": {"type": "use", "card": card} if reason is None else None,
                "reason": reason or "",
            }
        )
    converts = []
    labels = (
        ("plants", msg("Greenery from plants")),
        ("heat", msg("Temperature from heat")),
    )
    for resource, label in labels:
        reason = convert_block(st, seat, resource)
        need = player.mods.greenery_plants if resource == "plants" else HEAT_PER_STEP
        converts.append(
            {
                "label": label,
                "no_effect": resource == "heat" and st.temperature >= TEMPERATURE_MAX,
                "need": need,
                "action": {"type": "convert", "resource": resource} if reason is None else None,
                "reason": reason or "",
            }
        )
    first = None
    if player.first_action:
        corp = CARDS[player.first_action]
        first = {"label": corp.first_action_label, "action": {"type": "first_action"}}
    return {
        "uses": uses,
        "converts": converts,
        "first_action": first,
        "pass": {"type": "pass"} if {"type": "pass"} in legal else None,
        "end_turn": {"type": "end_turn"} if {"type": "end_turn"} in legal else None,
        "actions_left": 2 - st.turn_actions,
    }


def _aside(engine: TerraformingMars, st: State, seat: int | None) -> dict[str, Any] | None:
    """The turn flow's aside buttons of `seat` (flow.py): pass in advance, the confirm setting.

    Only the seat itself learns whether it passes in advance (spectators see None).
    """
    if seat is None or st.phase == "over":
        return None
    options = engine.aside_actions(st, seat)
    ahead = next((a for a in options if a["type"] == "pass_ahead"), None)
    toggle = next((a for a in options if a["type"] == "confirm_turns"), None)
    return {
        "ahead": st.ahead[seat],
        "pass_ahead": ahead if ahead is not None and not ahead["cancel"] else None,
        "cancel_ahead": ahead if ahead is not None and ahead["cancel"] else None,
        "confirm": st.confirm[seat],
        "confirm_toggle": toggle,
    }


def _projects(st: State, seat: int | None, legal: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for key, _cost in STANDARD_PROJECTS:
        action = {"type": "project", "project": key}
        reason = None
        if seat is not None:
            reason = project_block(st, seat, key)
        effect: Arg = PROJECT_EFFECTS[key]
        if (key == "asteroid" and st.temperature >= TEMPERATURE_MAX) or (
            key == "aquifer" and st.oceans >= OCEANS_MAX
        ):
            effect = msg("%(effect)s (at its goal: no effect, no TR)", effect=effect)
        elif key == "greenery" and st.oxygen >= OXYGEN_MAX:
            effect = msg("%(effect)s (oxygen at its goal: no TR)", effect=effect)
        out.append(
            {
                "key": key,
                "label": PROJECT_LABELS[key],
                "effect": effect,
                "cost": project_cost(st, seat, key) if seat is not None else _cost,
                "action": action if action in legal else None,
                "reason": reason or "",
            }
        )
    return out


def _milestones(st: State, seat: int | None, legal: list[dict[str, Any]]) -> list[dict[str, Any]]:
    if st.solo:
        return []
    claimed = dict(st.milestones)
    out = []
    for key in map_of(st).milestones:
        milestone = MILESTONES[key]
        action = {"type": "claim", "milestone": key}
        out.append(
            {
                "key": key,
                "name": milestone.name,
                "text": milestone.text,
                "claimed_by": claimed.get(key),
                "progress": [milestone.measure(st, s) for s in range(st.n)],
                "target": milestone.target,
                "cost": MILESTONE_COST,
                "action": action if action in legal else None,
                "reason": (milestone_block(st, seat, key) or "") if seat is not None else "",
            }
        )
    return out


def _awards(st: State, seat: int | None, legal: list[dict[str, Any]]) -> list[dict[str, Any]]:
    if st.solo:
        return []
    funded = dict(st.awards)
    out = []
    for key in map_of(st).awards:
        award = AWARDS[key]
        action = {"type": "fund", "award": key}
        out.append(
            {
                "key": key,
                "name": award.name,
                "text": award.text,
                "funded_by": funded.get(key),
                "values": [award.measure(st, s) for s in range(st.n)],
                "cost": award_cost(st),
                "action": action if action in legal else None,
                "reason": (award_block(st, seat, key) or "") if seat is not None else "",
            }
        )
    return out


#: Log codes whose first argument names what they changed (for marks.py).
_MARKED_CODES = frozenset({"play", "use", "claim", "fund", "tile"})


def _log(st: State) -> list[dict[str, Any]]:
    out = []
    names = space_names(map_of(st))
    for entry in reversed(st.log):
        text = log_text(entry, names)
        if text is not None:
            # The code and its first argument (the card played or used, the milestone, the
            # award, the tile's kind) let marks.py find what a turn changed on the board.
            line = {"gen": entry[0], "seat": entry[1], "text": text, "code": entry[2]}
            if len(entry) > 3 and entry[2] in _MARKED_CODES:
                line["what"] = entry[3]
            space = log_space(entry)
            if space is not None:
                line["space"] = space  # the map lights this space from the line
            out.append(line)
    return out[:40]


def _option_label(st: State, item: tuple[Any, ...], action: dict[str, Any]) -> dict[str, Any]:
    """Return a legal option of a pending decision with the words of its button."""
    kind = action["type"]
    label: Arg
    if kind == "space":
        board_map = map_of(st)
        space = board_map.by_id.get(action["space"])
        words = space_words(action["space"], space_names(board_map))
        if space is not None and space.bonus:
            # Translators: a space of the map ("row 3, space 4" or its name), then its bonuses.
            label = msg("%(space)s (%(bonus)s)", space=words, bonus=_bonus_words(space.bonus))
        else:
            label = words
    elif kind == "pay":
        label = amount_of(action["amount"], action["resource"])
        if item[0] == "pay_with":
            from games.terraforming_mars.payment import means_value

            value = means_value(st.players[item[1]], action["resource"])
            rest = max(0, item[3] - action["amount"] * value)
            label = msg("%(amount)s (then %(n)s M€ or other means)", amount=label, n=rest)
    elif kind == "target":
        label = msg("Player %(n)s", n=action["player"] + 1)
    elif kind == "neutral":
        label = msg("The neutral player")
    elif kind == "skip" and item[0] == "prelude_hand_card":  # Ecology Experts, Eccentric Sponsor
        label = msg("Play no card")
    elif kind == "skip":
        label = msg("Nobody / nothing")
    elif kind == "amount":
        label = str(action["amount"])
    elif kind == "choose" and item[0] == "look_buy" and action["option"] == "buy":
        label = buy_label(st, item[1])  # the buyer's card price (Polyphemos: 5 M€)
    elif kind == "choose":
        label = choice_label(item[2], action["option"])
    elif kind == "fund":  # Vitor's free award (Prelude)
        award = AWARDS.get(action["award"])
        label = award.name if award is not None else action["award"]
    elif kind in ("card", "sell", "discard"):
        label = card_name(action["card"])
        if item[0] == "prelude":  # §13: the preludes to play are shown as cards
            return {"action": action, "label": label, "card": card_view(st, action["card"])}
        if kind == "sell":
            label = msg("Sell %(card)s", card=label)
        elif kind == "discard":
            label = msg("Discard %(card)s", card=label)
    elif kind == "colony":
        label = colony_name(action["colony"])
    elif kind == "done":
        label = msg("Done")
    elif kind == "first":  # the order of simultaneous effects (flow.py)
        label = msg("%(card)s first", card=card_name(action["card"]))
    elif kind == "whatever":
        label = msg("Whatever")
    elif kind == "confirm":
        label = msg("Confirm")
    elif kind == "convert":
        label = msg("Convert plants into a greenery")
    else:
        label = kind
    return {"action": action, "label": label}
