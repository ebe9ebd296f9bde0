"""The state as JSON (dump) and back (load, which validates and raises ValueError)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.terraforming_mars.catalog import CARDS
from games.terraforming_mars.colonies import MAX_COLONIES, MAX_STEP, TILES
from games.terraforming_mars.constants import (
    NEUTRAL,
    NOBODY,
    OCEANS_MAX,
    OXYGEN_MAX,
    TEMPERATURE_MAX,
    TEMPERATURE_MIN,
    UNDO_MODES,
)
from games.terraforming_mars.kernel import DECISIONS, OPS, recompute
from games.terraforming_mars.maps import MAPS
from games.terraforming_mars.milestones import AWARDS, MILESTONES
from games.terraforming_mars.state import STATE_FIELDS, Player, Settings, State
from games.validate import boolean, fail, ids, integer, items, keys, state_of, text

__all__ = ["dump_state", "load_state"]

DUMP_VERSION = 1
PHASES = ("setup", "research", "action", "final", "over")
# A dump holds every state field (the settings under "options") and the format version.
_KEYS = {"v", "options", *(name for name in STATE_FIELDS if name != "settings")}
_PLAYER_KEYS = {
    "stock",
    "prod",
    "tr",
    "tr_gen",
    "hand",
    "corp",
    "played",
    "events",
    "res",
    "used",
    "passed",
    "first_action",
    "choices",
    "next_card",
}
_OPTION_KEYS = {
    "corporate_era",
    "draft",
    "beginner",
    "solo_mode",
    "strict_red_frame",
    "live_score",
    "map",
    "undo",
}
_SEL_KEYS = {"stage", "corps", "corp", "cards", "kept", "heat", "packet", "drafted", "picked"}
_SEL_KEYS |= {"preludes", "kept_preludes"}  # §13
# Options a dump made before an expansion (or the turn flow) lacks: they read as off.
_EXPANSION_KEYS = {"prelude", "colonies", "confirm_turn"}
_STAGES = {"corp", "cards", "pay", "draft", "done"}


def _json(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_json(v) for v in value]
    if isinstance(value, dict):
        return {k: _json(v) for k, v in value.items()}
    return value


def _tuple(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return tuple(_tuple(v) for v in value)
    if isinstance(value, dict):
        return {k: _tuple(v) for k, v in value.items()}
    return value


def _flat(choice: dict[str, Any]) -> dict[str, Any]:
    return {k: list(v) if isinstance(v, tuple) else v for k, v in choice.items()}


def dump_state(st: State) -> dict[str, Any]:
    """Return `st` as plain JSON data."""
    return {
        "v": DUMP_VERSION,
        "seed": st.seed,
        "options": st.settings.as_dict(),
        "n": st.n,
        "gen": st.gen,
        "phase": st.phase,
        "first": st.first,
        "active": st.active,
        "turn_actions": st.turn_actions,
        "temperature": st.temperature,
        "oxygen": st.oxygen,
        "oceans": st.oceans,
        "board": {space: list(tile) for space, tile in sorted(st.board.items())},
        "claims": dict(sorted(st.claims.items())),
        "milestones": [list(m) for m in st.milestones],
        "awards": [list(a) for a in st.awards],
        "deck": list(st.deck),
        "discard": list(st.discard),
        "reshuffles": st.reshuffles,
        "players": [player.dump() for player in st.players],
        "queue": _json(st.queue),
        "sel": [None if c is None else _flat(c) for c in st.sel],
        "draft_round": st.draft_round,
        "log": [list(entry) for entry in st.log],
        "revealed": list(st.revealed),
        "seq": st.seq,
        "undo": st.undo,
        "colonies": [
            [key, step, list(owners), trader] for key, step, owners, trader in st.colonies
        ],
        "ahead": list(st.ahead),
        "confirm": list(st.confirm),
        "after_turn": _json(st.after_turn),
    }


def _settings(raw: Any) -> Settings:
    if isinstance(raw, Mapping):
        raw = {**{key: False for key in _EXPANSION_KEYS}, **raw}
    raw = keys(raw, "options", _OPTION_KEYS | _EXPANSION_KEYS)
    return Settings(
        corporate_era=boolean(raw["corporate_era"], "corporate_era"),
        draft=boolean(raw["draft"], "draft"),
        beginner=boolean(raw["beginner"], "beginner"),
        solo_mode=text(raw["solo_mode"], "solo_mode", ("standard", "tr63")),
        strict_red_frame=boolean(raw["strict_red_frame"], "strict_red_frame"),
        live_score=boolean(raw["live_score"], "live_score"),
        map=text(raw["map"], "map", MAPS),
        undo=text(raw["undo"], "undo", UNDO_MODES),
        prelude=boolean(raw["prelude"], "prelude"),
        colonies=boolean(raw["colonies"], "colonies"),
        confirm_turn=boolean(raw["confirm_turn"], "confirm_turn"),
    )


def _player(raw: Any, n: int) -> Player:
    raw = keys(raw, "a player", _PLAYER_KEYS)
    player = Player()
    player.stock = [integer(v, "stock", 0) for v in items(raw["stock"], "stock", 6)]
    player.prod = [integer(v, "production", -5) for v in items(raw["prod"], "production", 6)]
    player.tr = integer(raw["tr"], "TR")
    player.tr_gen = boolean(raw["tr_gen"], "tr_gen")
    player.hand = ids(raw["hand"], "hand", CARDS)
    corp = text(raw["corp"], "corporation")
    if corp and (corp not in CARDS or CARDS[corp].kind != "corporation"):
        fail("unknown corporation")
    player.corp = corp
    player.played = ids(raw["played"], "played cards", CARDS)
    player.events = ids(raw["events"], "events", CARDS)
    res = raw["res"]
    if not isinstance(res, Mapping) or any(k not in CARDS for k in res):
        fail("card resources name unknown cards")
    player.res = {k: integer(v, "card resources", 0) for k, v in res.items()}
    player.used = ids(raw["used"], "used actions", CARDS)
    player.passed = boolean(raw["passed"], "passed")
    first = text(raw["first_action"], "first action")
    if first and first != corp:
        fail("a first action belongs to the player's corporation")
    player.first_action = first
    choices = raw["choices"]
    if not isinstance(choices, Mapping) or any(
        k not in CARDS or not isinstance(v, str) for k, v in choices.items()
    ):
        fail("card choices are broken")
    player.choices = dict(choices)
    next_card = []
    for entry in items(raw["next_card"], "next card"):
        entry = items(entry, "next card")
        if len(entry) != 2 or not isinstance(entry[0], str):
            fail("next card modifiers are broken")
        next_card.append((entry[0], integer(entry[1], "next card")))
    player.next_card = tuple(next_card)
    recompute(player)
    return player


def _queue(raw: Any, n: int) -> list[tuple[Any, ...]]:
    queue = []
    for entry in items(raw, "queue"):
        item = _tuple(items(entry, "queue item"))
        if len(item) < 3 or item[0] not in OPS and item[0] not in DECISIONS:
            fail("the queue holds an unknown effect")
        if type(item[1]) is not int or not (0 <= item[1] < n or item[1] == NEUTRAL):
            fail("a queue item names no player")
        if item[0] == "order":
            _order_groups(item)
        queue.append(item)
    return queue


def _order_groups(item: tuple[Any, ...]) -> None:
    """The groups of an ("order", seat, "", groups) item: (card, that player's known effects)."""
    groups = item[3] if len(item) == 4 and isinstance(item[3], tuple) else None
    if not groups:
        fail("an order of effects names no effects")
    for group in groups:
        if len(group) != 2 or group[0] not in CARDS or not isinstance(group[1], tuple):
            fail("an order of effects is broken")
        for effect in group[1]:
            if not isinstance(effect, tuple) or len(effect) < 3:
                fail("an order of effects is broken")
            if effect[0] not in OPS and effect[0] not in DECISIONS or effect[1] != item[1]:
                fail("an order of effects is broken")


def _sel(raw: Any, n: int) -> list[dict[str, Any] | None]:
    out: list[dict[str, Any] | None] = []
    for entry in items(raw, "selections"):
        if entry is None:
            out.append(None)
            continue
        if not isinstance(entry, Mapping) or not set(entry) <= _SEL_KEYS:
            fail("a selection has the wrong keys")
        if entry.get("stage") not in _STAGES:
            fail("a selection has an unknown stage")
        choice = _tuple(dict(entry))
        for key in ("corps", "cards", "kept", "packet", "drafted", "preludes", "kept_preludes"):
            if key in choice:
                ids(choice[key], key, CARDS)
        for key in ("corp", "picked"):
            if key in choice and choice[key] and choice[key] not in CARDS:
                fail("a selection names an unknown card")
        out.append(choice)
    if out and len(out) != n:
        fail("one selection per player")
    return out


def load_state(data: Mapping[str, Any]) -> State:
    """Return the state stored in `data`; raise ValueError on anything inconsistent."""
    with state_of("Terraforming Mars"):
        return _state(data)


def _state(data: Any) -> State:
    if isinstance(data, Mapping) and "colonies" not in data:
        data = {**data, "colonies": []}  # a game stored before the Colonies expansion
    if isinstance(data, Mapping) and "ahead" not in data:
        n_raw = data.get("n")
        seats = n_raw if type(n_raw) is int and 1 <= n_raw <= 5 else 0
        data = {**data, "ahead": [False] * seats, "confirm": [False] * seats}  # before turn flow
    if isinstance(data, Mapping) and "after_turn" not in data:
        data = {**data, "after_turn": []}  # stored before Pluto's discards waited for the turn end
    data = keys(data, "the state", _KEYS)
    if data["v"] != DUMP_VERSION:
        fail("unknown version")
    settings = _settings(data["options"])
    n = integer(data["n"], "players", 1, 5)
    phase = text(data["phase"], "phase", PHASES)
    board_map = MAPS[settings.map]
    board: dict[str, tuple[str, int, str]] = {}
    raw_board = data["board"]
    if not isinstance(raw_board, Mapping):
        fail("the board must be a mapping")
    for space, tile in raw_board.items():
        if space not in board_map.neighbors:
            fail("a tile lies on an unknown space")
        tile = items(tile, "tile")
        if len(tile) != 3 or tile[0] not in ("ocean", "greenery", "city", "special"):
            fail("a tile is broken")
        owner = integer(tile[1], "tile owner")
        if not (0 <= owner < n or owner in (NOBODY, NEUTRAL)):
            fail("a tile has an unknown owner")
        board[space] = (tile[0], owner, text(tile[2], "tile name"))
    raw_claims = data["claims"]
    if not isinstance(raw_claims, Mapping) or any(s not in board_map.by_id for s in raw_claims):
        fail("claims are broken")
    claims = {s: integer(v, "claim", 0, n - 1) for s, v in raw_claims.items()}
    milestones = tuple(
        (text(k, "milestone"), integer(s, "milestone owner", 0, n - 1))
        for k, s in (items(m, "milestone", 2) for m in items(data["milestones"], "milestones"))
    )
    awards = tuple(
        (text(k, "award"), integer(s, "award funder", 0, n - 1))
        for k, s in (items(a, "award", 2) for a in items(data["awards"], "awards"))
    )
    if any(k not in MILESTONES for k, _ in milestones) or any(k not in AWARDS for k, _ in awards):
        fail("unknown milestone or award")
    players = [_player(raw, n) for raw in items(data["players"], "players")]
    if len(players) != n:
        fail("one entry per player")
    st = State.__new__(State)
    st.__dict__.update(
        seed=integer(data["seed"], "seed"),
        settings=settings,
        n=n,
        gen=integer(data["gen"], "generation", 1),
        phase=phase,
        first=integer(data["first"], "first player", 0, n - 1),
        active=integer(data["active"], "active player", 0, n - 1),
        turn_actions=integer(data["turn_actions"], "actions this turn", 0, 2),
        temperature=integer(data["temperature"], "temperature", TEMPERATURE_MIN, TEMPERATURE_MAX),
        oxygen=integer(data["oxygen"], "oxygen", 0, OXYGEN_MAX),
        oceans=integer(data["oceans"], "oceans", 0, OCEANS_MAX),
        board=board,
        claims=claims,
        milestones=milestones,
        awards=awards,
        deck=ids(data["deck"], "deck", CARDS),
        discard=ids(data["discard"], "discard pile", CARDS),
        reshuffles=integer(data["reshuffles"], "reshuffles", 0),
        players=players,
        queue=_queue(data["queue"], n),
        sel=_sel(data["sel"], n),
        draft_round=integer(data["draft_round"], "draft round", 0),
        log=_log(data["log"]),
        revealed=ids(data["revealed"], "revealed cards", CARDS),
        seq=integer(data["seq"], "decision count", 0),
        undo=integer(data["undo"], "undo count", 0),
        colonies=_colonies(data["colonies"], n, settings.colonies),
        ahead=_flags(data["ahead"], n, "pass in advance"),
        confirm=_flags(data["confirm"], n, "confirm turn"),
        after_turn=_after_turn(data["after_turn"], n),
    )
    _check_cards_once(st)
    if sum(1 for kind, _, _ in board.values() if kind == "ocean") != st.oceans:
        fail("the ocean count does not match the board")
    return st


def _colonies(raw: Any, n: int, on: bool) -> tuple[tuple[str, int, tuple[int, ...], int], ...]:
    """§14: the colony tiles, (key, step, owners, trader); none unless the option is on."""
    tiles = []
    for entry in items(raw, "colony tiles"):
        key, step, owners, trader = items(entry, "colony tile", 4)
        key = text(key, "colony tile", TILES)
        owner_seats = tuple(integer(s, "colony owner", 0, n - 1) for s in items(owners, "owners"))
        if len(owner_seats) > MAX_COLONIES:
            fail("a colony tile holds at most 3 colonies")
        tiles.append((key, integer(step, "colony marker", 0, MAX_STEP), owner_seats,
                      integer(trader, "trader", -1, n - 1)))  # fmt: skip
    if len({t[0] for t in tiles}) != len(tiles) or (tiles and not on):
        fail("the colony tiles are broken")
    return tuple(tiles)


def _after_turn(raw: Any, n: int) -> tuple[tuple[Any, ...], ...]:
    """The decisions waiting for the end of the turn (Pluto's discards, §14)."""
    waiting = tuple(_queue(raw, n))
    if any(item[0] not in DECISIONS or item[1] == NEUTRAL for item in waiting):
        fail("a decision waiting for the end of the turn is broken")
    return waiting


def _flags(raw: Any, n: int, what: str) -> tuple[bool, ...]:
    """One yes/no per seat (the turn flow's `ahead` and `confirm`)."""
    return tuple(boolean(value, what) for value in items(raw, what, n))


def _log(raw: Any) -> tuple[tuple[Any, ...], ...]:
    entries = []
    for entry in items(raw, "log"):
        entry = items(entry, "log entry")
        if len(entry) < 3 or any(isinstance(v, list | dict) for v in entry):
            fail("a log entry is broken")
        entries.append(tuple(entry))
    return tuple(entries)


def _check_cards_once(st: State) -> None:
    """Every project card lies in at most one place."""
    places: list[str] = [*st.deck, *st.discard]
    for player in st.players:
        places += [*player.hand, *player.played, *player.events]
    for choice in st.sel:
        if choice is None:
            continue
        places += list(choice.get("cards", ()))
        places += list(choice.get("packet", ())) + list(choice.get("drafted", ()))
    if len(places) != len(set(places)):
        fail("a card lies in two places")
