"""The state as JSON (dump) and back (load, which validates and raises ValueError)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NoReturn

from games.terraforming_mars.catalog import CARDS
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
_SEL_KEYS = {"stage", "corps", "corp", "cards", "kept", "heat", "packet", "drafted", "picked"}
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
    }


def _fail(message: str) -> NoReturn:
    raise ValueError(f"Not a valid Terraforming Mars state: {message}.")


def _int(value: Any, what: str, lo: int | None = None, hi: int | None = None) -> int:
    if type(value) is not int:
        _fail(f"{what} must be an integer")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        _fail(f"{what} is out of range")
    return value


def _bool(value: Any, what: str) -> bool:
    if type(value) is not bool:
        _fail(f"{what} must be true or false")
    return value


def _str(value: Any, what: str) -> str:
    if not isinstance(value, str):
        _fail(f"{what} must be text")
    return value


def _list(value: Any, what: str) -> list[Any]:
    if not isinstance(value, list | tuple):
        _fail(f"{what} must be a list")
    return list(value)


def _cards(value: Any, what: str) -> tuple[str, ...]:
    cards = tuple(_list(value, what))
    for card in cards:
        if not isinstance(card, str) or card not in CARDS:
            _fail(f"{what} holds an unknown card")
    return cards


def _settings(raw: Any) -> Settings:
    if not isinstance(raw, Mapping):
        _fail("options must be a mapping")
    expected = {
        "corporate_era",
        "draft",
        "beginner",
        "solo_mode",
        "strict_red_frame",
        "live_score",
        "map",
        "undo",
    }
    if set(raw) != expected:
        _fail("options have the wrong keys")
    if (
        raw["solo_mode"] not in ("standard", "tr63")
        or raw["map"] not in MAPS
        or raw["undo"] not in UNDO_MODES
    ):
        _fail("an option has an unknown value")
    return Settings(
        corporate_era=_bool(raw["corporate_era"], "corporate_era"),
        draft=_bool(raw["draft"], "draft"),
        beginner=_bool(raw["beginner"], "beginner"),
        solo_mode=raw["solo_mode"],
        strict_red_frame=_bool(raw["strict_red_frame"], "strict_red_frame"),
        live_score=_bool(raw["live_score"], "live_score"),
        map=raw["map"],
        undo=raw["undo"],
    )


def _player(raw: Any, n: int) -> Player:
    if not isinstance(raw, Mapping) or set(raw) != _PLAYER_KEYS:
        _fail("a player has the wrong keys")
    player = Player()
    stock = [_int(v, "stock", 0) for v in _list(raw["stock"], "stock")]
    prod = [_int(v, "production", -5) for v in _list(raw["prod"], "production")]
    if len(stock) != 6 or len(prod) != 6:
        _fail("stock and production hold six values")
    player.stock, player.prod = stock, prod
    player.tr = _int(raw["tr"], "TR")
    player.tr_gen = _bool(raw["tr_gen"], "tr_gen")
    player.hand = _cards(raw["hand"], "hand")
    corp = _str(raw["corp"], "corporation")
    if corp and (corp not in CARDS or CARDS[corp].kind != "corporation"):
        _fail("unknown corporation")
    player.corp = corp
    player.played = _cards(raw["played"], "played cards")
    player.events = _cards(raw["events"], "events")
    res = raw["res"]
    if not isinstance(res, Mapping) or any(k not in CARDS for k in res):
        _fail("card resources name unknown cards")
    player.res = {k: _int(v, "card resources", 0) for k, v in res.items()}
    player.used = _cards(raw["used"], "used actions")
    player.passed = _bool(raw["passed"], "passed")
    first = _str(raw["first_action"], "first action")
    if first and first != corp:
        _fail("a first action belongs to the player's corporation")
    player.first_action = first
    choices = raw["choices"]
    if not isinstance(choices, Mapping) or any(
        k not in CARDS or not isinstance(v, str) for k, v in choices.items()
    ):
        _fail("card choices are broken")
    player.choices = dict(choices)
    next_card = []
    for entry in _list(raw["next_card"], "next card"):
        entry = _list(entry, "next card")
        if len(entry) != 2 or not isinstance(entry[0], str):
            _fail("next card modifiers are broken")
        next_card.append((entry[0], _int(entry[1], "next card")))
    player.next_card = tuple(next_card)
    recompute(player)
    return player


def _queue(raw: Any, n: int) -> list[tuple[Any, ...]]:
    items = []
    for entry in _list(raw, "queue"):
        item = _tuple(_list(entry, "queue item"))
        if len(item) < 3 or item[0] not in OPS and item[0] not in DECISIONS:
            _fail("the queue holds an unknown effect")
        if type(item[1]) is not int or not (0 <= item[1] < n or item[1] == NEUTRAL):
            _fail("a queue item names no player")
        items.append(item)
    return items


def _sel(raw: Any, n: int) -> list[dict[str, Any] | None]:
    out: list[dict[str, Any] | None] = []
    for entry in _list(raw, "selections"):
        if entry is None:
            out.append(None)
            continue
        if not isinstance(entry, Mapping) or not set(entry) <= _SEL_KEYS:
            _fail("a selection has the wrong keys")
        if entry.get("stage") not in _STAGES:
            _fail("a selection has an unknown stage")
        choice = _tuple(dict(entry))
        for key in ("corps", "cards", "kept", "packet", "drafted"):
            if key in choice:
                _cards(choice[key], key)
        for key in ("corp", "picked"):
            if key in choice and choice[key] and choice[key] not in CARDS:
                _fail("a selection names an unknown card")
        out.append(choice)
    if out and len(out) != n:
        _fail("one selection per player")
    return out


def load_state(data: Mapping[str, Any]) -> State:
    """Return the state stored in `data`; raise ValueError on anything inconsistent."""
    if not isinstance(data, Mapping) or set(data) != _KEYS:
        _fail("wrong keys")
    if data["v"] != DUMP_VERSION:
        _fail("unknown version")
    settings = _settings(data["options"])
    n = _int(data["n"], "players", 1, 5)
    phase = data["phase"]
    if phase not in PHASES:
        _fail("unknown phase")
    board_map = MAPS[settings.map]
    board: dict[str, tuple[str, int, str]] = {}
    raw_board = data["board"]
    if not isinstance(raw_board, Mapping):
        _fail("the board must be a mapping")
    for space, tile in raw_board.items():
        if space not in board_map.neighbors:
            _fail("a tile lies on an unknown space")
        tile = _list(tile, "tile")
        if len(tile) != 3 or tile[0] not in ("ocean", "greenery", "city", "special"):
            _fail("a tile is broken")
        owner = _int(tile[1], "tile owner")
        if not (0 <= owner < n or owner in (NOBODY, NEUTRAL)):
            _fail("a tile has an unknown owner")
        board[space] = (tile[0], owner, _str(tile[2], "tile name"))
    raw_claims = data["claims"]
    if not isinstance(raw_claims, Mapping) or any(s not in board_map.by_id for s in raw_claims):
        _fail("claims are broken")
    claims = {s: _int(v, "claim", 0, n - 1) for s, v in raw_claims.items()}
    milestones = tuple(
        (_str(k, "milestone"), _int(s, "milestone owner", 0, n - 1))
        for k, s in (_list(m, "milestone") for m in _list(data["milestones"], "milestones"))
    )
    awards = tuple(
        (_str(k, "award"), _int(s, "award funder", 0, n - 1))
        for k, s in (_list(a, "award") for a in _list(data["awards"], "awards"))
    )
    if any(k not in MILESTONES for k, _ in milestones) or any(k not in AWARDS for k, _ in awards):
        _fail("unknown milestone or award")
    players = [_player(raw, n) for raw in _list(data["players"], "players")]
    if len(players) != n:
        _fail("one entry per player")
    st = State.__new__(State)
    st.__dict__.update(
        seed=_int(data["seed"], "seed"),
        settings=settings,
        n=n,
        gen=_int(data["gen"], "generation", 1),
        phase=phase,
        first=_int(data["first"], "first player", 0, n - 1),
        active=_int(data["active"], "active player", 0, n - 1),
        turn_actions=_int(data["turn_actions"], "actions this turn", 0, 2),
        temperature=_int(data["temperature"], "temperature", TEMPERATURE_MIN, TEMPERATURE_MAX),
        oxygen=_int(data["oxygen"], "oxygen", 0, OXYGEN_MAX),
        oceans=_int(data["oceans"], "oceans", 0, OCEANS_MAX),
        board=board,
        claims=claims,
        milestones=milestones,
        awards=awards,
        deck=_cards(data["deck"], "deck"),
        discard=_cards(data["discard"], "discard pile"),
        reshuffles=_int(data["reshuffles"], "reshuffles", 0),
        players=players,
        queue=_queue(data["queue"], n),
        sel=_sel(data["sel"], n),
        draft_round=_int(data["draft_round"], "draft round", 0),
        log=_log(data["log"]),
        revealed=_cards(data["revealed"], "revealed cards"),
        seq=_int(data["seq"], "decision count", 0),
        undo=_int(data["undo"], "undo count", 0),
    )
    _check_cards_once(st)
    if sum(1 for kind, _, _ in board.values() if kind == "ocean") != st.oceans:
        _fail("the ocean count does not match the board")
    return st


def _log(raw: Any) -> tuple[tuple[Any, ...], ...]:
    entries = []
    for entry in _list(raw, "log"):
        entry = _list(entry, "log entry")
        if len(entry) < 3 or any(isinstance(v, list | dict) for v in entry):
            _fail("a log entry is broken")
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
        _fail("a card lies in two places")
