"""The game state: mutable while one `apply` builds it, frozen (never changed) afterwards.

Speed (rules §17.1 asks for a queue of decisions over a large state): `apply` never deep-copies.
It clones the top-level state (a dict update), copies the small lists it owns (players,
queue, selections), and copies one player, the board or the claims only when it writes to
them (copy-on-write, see `State.pw`, `State.board_w`). Once `apply` returns, nobody writes to
that state again, so states share everything they did not change.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.terraforming_mars.catalog import CARDS
from games.terraforming_mars.constants import NEUTRAL, NOBODY, TAGS

__all__ = ["STATE_FIELDS", "Mods", "Player", "Settings", "State"]


@dataclass(frozen=True, slots=True)
class Settings:
    """The cleaned table options (rules §2.1)."""

    corporate_era: bool
    draft: bool
    beginner: bool
    solo_mode: str
    strict_red_frame: bool
    live_score: bool
    map: str = "tharsis"
    undo: str = "whole_turn"  # none, whole_turn, multi_step (§12.4)
    prelude: bool = False  # §13
    colonies: bool = False  # the Colonies expansion (§14)
    confirm_turn: bool = False  # each seat confirms the end of its turn (README "Turn flow")

    def as_dict(self) -> dict[str, Any]:
        return {
            "corporate_era": self.corporate_era,
            "draft": self.draft,
            "beginner": self.beginner,
            "solo_mode": self.solo_mode,
            "strict_red_frame": self.strict_red_frame,
            "live_score": self.live_score,
            "map": self.map,
            "undo": self.undo,
            "prelude": self.prelude,
            "colonies": self.colonies,
            "confirm_turn": self.confirm_turn,
        }


@dataclass(frozen=True, slots=True)
class Mods:
    """What a player's corporation and cards in play change, derived (never stored)."""

    discount_all: int = 0
    discount_tags: tuple[tuple[int, int], ...] = ()  # (tag index, M€ off)
    steel_value: int = 2
    titanium_value: int = 3
    req_steps: int = 0
    heat_as_mc: bool = False
    greenery_plants: int = 8
    sp_discount: tuple[tuple[str, int], ...] = ()
    triggers: tuple[tuple[str, Any], ...] = ()  # (card id, Trigger) in tableau order


EMPTY_MODS = Mods()


class Player:
    """One player's board. Lists and dicts are private to one state (see State.pw)."""

    __slots__ = (
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
        "tags",
        "mods",
    )

    def __init__(self) -> None:
        self.stock = [0, 0, 0, 0, 0, 0]
        self.prod = [0, 0, 0, 0, 0, 0]
        self.tr = 0
        self.tr_gen = False  # TR raised this generation (UNMI)
        self.hand: tuple[str, ...] = ()
        self.corp = ""
        self.played: tuple[str, ...] = ()  # green and blue cards, in the order played
        self.events: tuple[str, ...] = ()
        self.res: dict[str, int] = {}  # resources on cards
        self.used: tuple[str, ...] = ()  # cards whose action was used this generation
        self.passed = False
        self.first_action = ""  # corporation id whose first action is still due
        self.choices: dict[str, str] = {}  # per-card choices remembered (Mining Area's metal)
        self.next_card: tuple[tuple[str, int], ...] = ()  # one-shot modifiers for the next card
        self.tags = [0] * len(TAGS)  # derived: tags in play
        self.mods = EMPTY_MODS  # derived

    def copy(self) -> Player:
        new = Player.__new__(Player)
        new.stock = self.stock[:]
        new.prod = self.prod[:]
        new.tr = self.tr
        new.tr_gen = self.tr_gen
        new.hand = self.hand
        new.corp = self.corp
        new.played = self.played
        new.events = self.events
        new.res = dict(self.res)
        new.used = self.used
        new.passed = self.passed
        new.first_action = self.first_action
        new.choices = dict(self.choices)
        new.next_card = self.next_card
        new.tags = self.tags[:]
        new.mods = self.mods
        return new

    def key(self) -> tuple[Any, ...]:
        return (
            tuple(self.stock),
            tuple(self.prod),
            self.tr,
            self.tr_gen,
            self.hand,
            self.corp,
            self.played,
            self.events,
            tuple(sorted(self.res.items())),
            self.used,
            self.passed,
            self.first_action,
            tuple(sorted(self.choices.items())),
            self.next_card,
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Player) and self.key() == other.key()

    __hash__ = None  # type: ignore[assignment]

    def in_play(self) -> tuple[str, ...]:
        """Return the corporation and the green and blue cards (their tags count)."""
        return ((self.corp,) if self.corp else ()) + self.played

    def dump(self) -> dict[str, Any]:
        return {
            "stock": list(self.stock),
            "prod": list(self.prod),
            "tr": self.tr,
            "tr_gen": self.tr_gen,
            "hand": list(self.hand),
            "corp": self.corp,
            "played": list(self.played),
            "events": list(self.events),
            "res": dict(sorted(self.res.items())),
            "used": list(self.used),
            "passed": self.passed,
            "first_action": self.first_action,
            "choices": dict(sorted(self.choices.items())),
            "next_card": [list(item) for item in self.next_card],
        }


STATE_FIELDS = (
    "seed",
    "settings",
    "n",
    "gen",
    "phase",
    "first",
    "active",
    "turn_actions",
    "temperature",
    "oxygen",
    "oceans",
    "board",
    "claims",
    "milestones",
    "awards",
    "deck",
    "discard",
    "reshuffles",
    "players",
    "queue",
    "sel",
    "draft_round",
    "log",
    "revealed",
    "seq",
    "undo",
    "colonies",
    "ahead",
    "confirm",
    "after_turn",
)


# Answers a frozen state memoises (legal options, legal spaces, playability); never copied.
_MEMO_KEYS = ("_cache", "_spaces", "_main", "_blocks")


class State:
    """Everything about a game (rules §17.1). Compare with ==; dump with engine.dump."""

    seed: int
    settings: Settings
    n: int
    gen: int
    phase: str  # setup, research, action, final, over
    first: int
    active: int
    turn_actions: int
    temperature: int
    oxygen: int
    oceans: int
    board: dict[str, tuple[str, int, str]]  # space -> (kind, owner, name)
    claims: dict[str, int]  # Land Claim markers
    milestones: tuple[tuple[str, int], ...]
    awards: tuple[tuple[str, int], ...]
    deck: tuple[str, ...]  # the top card is the last one
    discard: tuple[str, ...]
    reshuffles: int
    players: list[Player]
    queue: list[tuple[Any, ...]]
    sel: list[dict[str, Any] | None]  # simultaneous choices (setup, research, draft)
    draft_round: int
    log: tuple[tuple[Any, ...], ...]
    revealed: tuple[str, ...]  # cards shown to all (Search For Life) now in the discard pile
    seq: int  # number of decisions taken; salts draws that need no other counter
    undo: int  # the active player's latest decisions that may be taken back (§12.4)
    # §14, colonies.py: (tile key, marker step, colony owners, trader or -1) per tile dealt
    colonies: tuple[tuple[str, int, tuple[int, ...], int], ...]
    # README "Turn flow": per seat, "I pass when my turn comes" (cleared each generation) and
    # "I confirm the end of my turns" (the seat's own setting, from the table option).
    ahead: tuple[bool, ...]
    confirm: tuple[bool, ...]
    # §14 (colonies.py): queue items that wait for the end of the active player's turn, in the
    # order they arose (Pluto's discards: ("colony_discard", owner, "", "pluto")); queued by
    # `phases.next_turn` before the turn moves on.
    after_turn: tuple[tuple[Any, ...], ...]

    def clone(self) -> State:
        """Return a writable copy that shares every unchanged part with `self`."""
        new = State.__new__(State)
        attributes = new.__dict__
        attributes.update(self.__dict__)
        attributes["players"] = list(self.players)
        attributes["queue"] = list(self.queue)
        attributes["sel"] = list(self.sel)
        for memo in _MEMO_KEYS:
            attributes.pop(memo, None)
        attributes["_owned"] = set()
        attributes["_front"] = []
        return new

    def freeze(self) -> None:
        """Mark the end of writing: drop the copy-on-write bookkeeping."""
        attributes = self.__dict__
        attributes.pop("_owned", None)
        attributes.pop("_front", None)

    def pw(self, seat: int) -> Player:
        """Return player `seat`, copied first if this state does not own its copy yet."""
        owned = self.__dict__["_owned"]
        if seat not in owned:
            owned.add(seat)
            self.players[seat] = self.players[seat].copy()
        return self.players[seat]

    def board_w(self) -> dict[str, tuple[str, int, str]]:
        owned = self.__dict__["_owned"]
        if "board" not in owned:
            owned.add("board")
            self.board = dict(self.board)
        return self.board

    def claims_w(self) -> dict[str, int]:
        owned = self.__dict__["_owned"]
        if "claims" not in owned:
            owned.add("claims")
            self.claims = dict(self.claims)
        return self.claims

    def key(self) -> tuple[Any, ...]:
        values = []
        for name in STATE_FIELDS:
            value = self.__dict__[name]
            if name in ("board", "claims"):
                value = tuple(sorted(value.items()))
            elif name == "players":
                value = tuple(player.key() for player in value)
            elif name == "queue":
                value = tuple(value)
            elif name == "sel":
                value = tuple(None if d is None else tuple(sorted(d.items())) for d in value)
            values.append(value)
        return tuple(values)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.key() == other.key()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<TM state gen {self.gen} {self.phase} active {self.active}>"

    # --- small read helpers used everywhere -------------------------------------------

    @property
    def solo(self) -> bool:
        return self.n == 1

    def cities(self, *, mars_only: bool = False, owner: int | None = None) -> int:
        """Return the number of city tiles (Capital included) in play (§6)."""
        count = 0
        for space, (kind, who, _name) in self.board.items():
            if kind != "city" or (owner is not None and who != owner):
                continue
            if mars_only and not space.startswith("r"):
                continue
            count += 1
        return count

    def tiles_of(self, owner: int) -> int:
        return sum(1 for kind, who, _ in self.board.values() if who == owner and kind != "ocean")


def fresh_player() -> Player:
    return Player()


def tile_owner_ok(owner: int, players: int) -> bool:
    return owner in (NOBODY, NEUTRAL) or 0 <= owner < players


def known_card(card: Any) -> bool:
    return isinstance(card, str) and card in CARDS
