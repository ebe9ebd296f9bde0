"""Relative Space rules engine (rules/relative-space.md): pure Python, deterministic."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from games import rng
from games.engine import (
    Action,
    ClockDefaults,
    Game,
    IllegalAction,
    Option,
    Outcome,
    gettext_noop,
    move,
    places_from_scores,
)
from games.relative_space.cards import Card, SpecialCard, build_deck
from games.relative_space.state import (
    Event,
    Frame,
    Pod,
    RelativeSpaceState,
    dump_state,
    evolve,
    load_state,
)
from games.relative_space.supply import Layout, Slot, Supply, build_layout, open_slots
from games.relative_space.text import action_text, place_phrase
from games.validate import fail, state_of
from games.words import msg

__all__ = ["CARDS", "ENGINE", "LAYOUT", "RelativeSpace", "RelativeSpaceState"]

# --- House rules (rules/relative-space.md) ------------------------------------------------
# The help page confirms only the core loop. Every value below that the sources do not
# confirm is marked "house rule"; swap in the real values here when a rulebook turns up.
PLAYER_COUNTS = (2, 5)  # §2 (house rule): 2 to 5 players, no variations by player count
ITEM_VALUES = tuple(range(1, 11))  # §3.1 (house rule): items numbered 1 to 10
ITEM_COPIES = 6  # §3.1 (house rule): six copies of each number (60 items)
SPECIAL_CARDS = (  # §3.1, §9: the special-card table (copies and texts are house rules)
    # §9.1: a key opens a new pod at the start of a turn [C]; played as a card: no effect.
    SpecialCard(
        code="KEY",
        name=gettext_noop("Key"),
        short=gettext_noop("Key"),
        copies=5,
        text=gettext_noop("At the start of your turn: open a new pod and play a card onto it."),
        opens_pod=True,
    ),
    # §9.2: START! launches the pod it was played on [C].
    SpecialCard(
        code="START",
        name=gettext_noop("START!"),
        short=gettext_noop("START!"),
        copies=6,
        text=gettext_noop("The pod launches: it leaves the game with every card in it."),
        launch=True,
    ),
    # §9.3 (house rule): one extra play this turn, onto any pod.
    SpecialCard(
        code="DOUBLE",
        name=gettext_noop("Double Load"),
        short=gettext_noop("Double"),
        copies=6,
        text=gettext_noop("Play one more card this turn, onto any pod."),
        extra_play="any",
    ),
    # §9.4 (house rule): one extra play onto the same pod, then START!.
    SpecialCard(
        code="LASTCALL",
        name=gettext_noop("Last Call"),
        short=gettext_noop("Last Call"),
        copies=3,
        text=gettext_noop("Play one more card onto this pod, then it launches."),
        launch=True,
        extra_play="same",
    ),
)
SUPPLY_ROWS = (  # §4.1 (house rule): a 4-3-2-1 pyramid; (row, slots, face up at setup)
    ("A", 4, True),  # the bottom (front) row, refilled first (§4.5 [C])
    ("B", 3, True),
    ("C", 2, False),  # §5 step 2 (house rule): rows C and D are dealt face down
    ("D", 1, False),
)
STARTING_PODS = 1  # §5 step 4 [I]: the game starts with one empty pod
FIRST_PLAYER = "random"  # §5 step 5 (house rule): a seeded draw, then clockwise (seat + 1)
EMPTY_POD_LOAD = 0  # §6.2 (house rule): a pod without item cards takes any item
KEY_NEEDS_ANOTHER_CARD = True  # §9.1 (house rule): a key opens a pod only with a card to play
SCORE_BASE = 10  # §10 (house rule): score = 10 - cards left in the supply
DEFAULT_TURN_LIMIT = 500  # §10 (house rule): the safety stop, a table option
TURN_LIMIT_RANGE = (50, 1000)  # §10 (house rule): what a table may choose
RECENT_EVENTS = 16  # §11: "last moves" kept in the state for the board and the log
# Further house rules, fixed in the code below and cited there: the main play cannot be
# passed (§7.2), specials always load (§6.1),
# specials on top keep the load value (§6.2), a pass on an extra play is allowed (§7.4),
# victory is checked before the card's effect (§7.3), a block cancels pending effects
# (§8 step 6), refills go left to right inside a row (§4.5), undealt cards stay hidden and
# out of play (§5 step 3), removed cards are public (§3.3), new pods take the next id (§3.2),
# and the ranking of non-winners by fewest cards left, ties sharing a place (§10).

CARDS: dict[str, Card] = build_deck(ITEM_VALUES, ITEM_COPIES, SPECIAL_CARDS)
"""Every card of the house deck by id, items first."""
LAYOUT: Layout = build_layout(SUPPLY_ROWS)
"""The supply shape: slots in refill order and the covering relation."""

_VALUE = {card_id: card.value for card_id, card in CARDS.items()}
_SPECIAL: dict[str, SpecialCard | None] = {card_id: card.special for card_id, card in CARDS.items()}
_COVERED_BY = LAYOUT.covered_by
_SLOTS = LAYOUT.size
_PASS: Action = {"type": "pass"}


def _find_pod(pods: tuple[Pod, ...], pod_id: int) -> int:
    """Return the position of pod `pod_id` in `pods`, or -1."""
    for position, pod in enumerate(pods):
        if pod.id == pod_id:
            return position
    return -1


def _empty_slots(supply: Supply) -> tuple[int, ...]:
    return tuple(i for i, entry in enumerate(supply) if entry is None)


def _launch(
    pods: tuple[Pod, ...], next_pod: int, out: tuple[str, ...], position: int
) -> tuple[tuple[Pod, ...], int, tuple[str, ...], int]:
    """Launch the pod at `position` (§9.2); return pods, next id, out and the new pod (or 0)."""
    pod = pods[position]
    out = out + pod.cards
    pods = pods[:position] + pods[position + 1 :]
    new_pod = 0
    if not pods:
        # §9.2 [C]: with no pod left, a new, unused pod comes into play.
        new_pod = next_pod
        pods = (Pod(next_pod, (), EMPTY_POD_LOAD),)
        next_pod += 1
    return pods, next_pod, out, new_pod


class _Turn:
    """The parts of a state one action changes, gathered before one new state is built."""

    __slots__ = ("events", "next_pod", "out", "pods", "stack", "state", "supply")

    def __init__(self, state: RelativeSpaceState) -> None:
        self.state = state
        self.supply: list[Slot | None] = list(state.supplies[state.active])
        self.pods = state.pods
        self.next_pod = state.next_pod
        self.out = state.out
        self.stack: tuple[Frame, ...] = state.stack
        self.events: list[Event] = []

    def event(self, kind: str, **fields: Any) -> None:
        self.events.append(Event(self.state.turn, self.state.active, kind, **fields))


class RelativeSpace(Game[RelativeSpaceState]):
    """Relative Space: load every belonging into the escape pods before anyone else."""

    slug = "relative_space"
    name = "Relative Space"
    min_players = PLAYER_COUNTS[0]
    max_players = PLAYER_COUNTS[1]
    summary = gettext_noop(
        "Evacuate first: load your belongings into shared escape pods in rising order, "
        "or the pod blocks and the cards come back to you."
    )
    play_time = msg("15–30 min")
    # The rules give no length; a game runs a few dozen quick turns ("Safety stop"),
    # 15-30 minutes for the table: ten minutes per player live, a day's bank async.
    clock = ClockDefaults(
        live_minutes=10, live_increment_seconds=5, async_move_hours=24, async_bank_days=1
    )
    options = (
        Option(
            key="turn_limit",
            label=gettext_noop("Safety stop after this many turns"),
            kind="int",
            default=DEFAULT_TURN_LIMIT,
            min=TURN_LIMIT_RANGE[0],
            max=TURN_LIMIT_RANGE[1],
            help=gettext_noop(
                "Games normally end long before; if not, the fewest cards left wins."
            ),
        ),
    )

    # The deck and the supply shape, for the view and the bots (data, §3.1 and §4).
    cards: ClassVar[dict[str, Card]] = CARDS
    layout: ClassVar[Layout] = LAYOUT

    # --- setup and turn order -------------------------------------------------------------

    def setup(self, *, players: int, seed: int, options: Mapping[str, Any]) -> RelativeSpaceState:
        """Return a new game: shuffled deck, ten cards to each supply, one empty pod (§5)."""
        if type(players) is not int or not self.min_players <= players <= self.max_players:
            raise ValueError(
                f"Relative Space is played by {self.min_players} to {self.max_players} players."
            )
        if type(seed) is not int:
            raise ValueError("The seed must be an integer.")
        cleaned = self.validate_options(options)
        deck = rng.shuffled(tuple(CARDS), seed=seed, salt="relative_space/deal")
        supplies = []
        for seat in range(players):
            # §5 step 2: fill the slots in refill order from the top of the deck.
            dealt = deck[seat * _SLOTS : (seat + 1) * _SLOTS]
            supplies.append(
                tuple((card, LAYOUT.face_up_at_setup[i]) for i, card in enumerate(dealt))
            )
        first = self._first_player(seed, players)
        pods = tuple(Pod(i, (), EMPTY_POD_LOAD) for i in range(1, STARTING_PODS + 1))
        return RelativeSpaceState(
            seed=seed,
            players=players,
            turn_limit=cleaned["turn_limit"],
            first=first,
            turn=1,
            active=first,
            supplies=tuple(supplies),
            pods=pods,
            next_pod=STARTING_PODS + 1,
            out=(),
            set_aside=tuple(deck[players * _SLOTS :]),
            empty_at_start=(),
            stack=(),
            winner=-1,
            over=False,
            recent=(),
            events=0,
        )

    def _first_player(self, seed: int, players: int) -> int:
        if FIRST_PLAYER == "random":
            return rng.randint(0, players - 1, seed=seed, salt="relative_space/first-player")
        return 0

    def to_move(self, state: RelativeSpaceState) -> frozenset[int]:
        """Return the active seat; empty once the game is over."""
        return frozenset() if state.over else frozenset((state.active,))

    def is_over(self, state: RelativeSpaceState) -> bool:
        """Return whether a player has won or the safety stop ended the game."""
        return state.over

    def round_info(self, state: RelativeSpaceState) -> str | None:
        """Return "Turn n"."""
        return msg("Turn %(n)s", n=state.turn)

    # --- legal actions --------------------------------------------------------------------

    def legal_actions(self, state: RelativeSpaceState, seat: int) -> list[Action]:
        """Return plays (by slot, then pod), then key openings (by key, then slot), then pass."""
        if state.over or seat != state.active:
            return []
        supply = state.supplies[seat]
        names = LAYOUT.names
        slots = open_slots(LAYOUT, supply)
        if state.stack:
            # §7.4: an extra play, maybe restricted to one pod, or a pass.
            target = state.stack[-1][1]
            pods = [target] if target else [pod.id for pod in state.pods]
            actions: list[Action] = [
                {"type": "play", "slot": names[slot], "pod": pod} for slot in slots for pod in pods
            ]
            actions.append(_PASS)
            return actions
        pod_ids = [pod.id for pod in state.pods]
        actions = [
            {"type": "play", "slot": names[slot], "pod": pod} for slot in slots for pod in pod_ids
        ]
        for key in self._usable_keys(supply, slots):
            after = supply[:key] + (None,) + supply[key + 1 :]
            actions += [
                {"type": "open_pod", "key": names[key], "slot": names[slot]}
                for slot in open_slots(LAYOUT, after)
            ]
        return actions

    def _usable_keys(self, supply: Supply, slots: list[int]) -> list[int]:
        """Return the open, face-up keys that may open a pod now (§9.1)."""
        if KEY_NEEDS_ANOTHER_CARD and sum(1 for entry in supply if entry is not None) < 2:
            return []
        keys = []
        for slot in slots:
            card, face_up = supply[slot]  # type: ignore[misc]
            special = _SPECIAL[card]
            if face_up and special is not None and special.opens_pod:
                keys.append(slot)
        return keys

    # --- moves (Game.apply refused a finished game, a malformed payload and a seat not to move)

    @move("pass")
    def _pass(self, state: RelativeSpaceState, seat: int) -> RelativeSpaceState:
        """Decline the extra play on top of the stack (§7.4)."""
        if not state.stack:
            raise IllegalAction(msg("You can only pass on an extra play: now play a card."))
        turn = _Turn(state)
        turn.stack = state.stack[:-1]
        turn.event("pass")
        return self._settle(turn)

    def _slot(self, name: str, key: bool = False) -> int:
        slot = LAYOUT.index.get(name, -1)
        if slot < 0:
            # The name is not echoed: a payload may carry anything, even a hidden card's id.
            if key:
                raise IllegalAction(
                    msg("Your supply has no such place: choose a key by its place, such as A1.")
                )
            raise IllegalAction(
                msg("Your supply has no such place: choose a card by its place, such as A1.")
            )
        return slot

    def _check_open(self, supply: list[Slot | None], slot: int, after_key: bool = False) -> None:
        name = place_phrase(LAYOUT.names[slot])
        if supply[slot] is None:
            raise IllegalAction(msg("There is no card at %(place)s in your supply.", place=name))
        if any(supply[other] is not None for other in _COVERED_BY[slot]):
            if after_key:
                raise IllegalAction(
                    msg("The card at %(place)s is still covered once the key is gone.", place=name)
                )
            raise IllegalAction(
                msg(
                    "The card at %(place)s is covered: play a card that no other card overlaps.",
                    place=name,
                )
            )

    @move("play", slot=str, pod=int)
    def _play(
        self, state: RelativeSpaceState, seat: int, slot: str, pod: int
    ) -> RelativeSpaceState:
        """Play the card at place `slot` onto pod `pod`: the main play or an extra one."""
        index = self._slot(slot)
        position = _find_pod(state.pods, pod)
        if position < 0:
            raise IllegalAction(
                msg("That pod is not in play: choose one of the pods on the table.")
            )
        if state.stack:
            target = state.stack[-1][1]
            if target and pod != target:
                raise IllegalAction(
                    msg("This extra play must go onto pod %(pod)s, or pass.", pod=target)
                )
        turn = _Turn(state)
        self._check_open(turn.supply, index)
        # §7.4: answering an extra play pops its frame before the card resolves.
        turn.stack = state.stack[:-1]
        return self._resolve(turn, index, position)

    @move("open_pod", key=str, slot=str)
    def _open_pod(
        self, state: RelativeSpaceState, seat: int, key: str, slot: str
    ) -> RelativeSpaceState:
        """Use the face-up key at `key` to open a pod and play the card at `slot` onto it."""
        if state.stack:
            raise IllegalAction(msg("A key can only be used at the start of your turn."))
        key_index = self._slot(key, key=True)
        index = self._slot(slot)
        turn = _Turn(state)
        supply = turn.supply
        self._check_open(supply, key_index)
        card, face_up = supply[key_index]  # type: ignore[misc]
        # Face-down first: the answer must not tell whether a hidden card is a key.
        if not face_up:
            raise IllegalAction(msg("A face-down card cannot open a pod: only a face-up key can."))
        special = _SPECIAL[card]
        if special is None or not special.opens_pod:
            raise IllegalAction(
                msg("The card at %(place)s is not a key.", place=LAYOUT.names[key_index])
            )
        if index == key_index:
            raise IllegalAction(msg("Choose a card other than the key to play onto the new pod."))
        if KEY_NEEDS_ANOTHER_CARD and sum(1 for entry in supply if entry is not None) < 2:
            raise IllegalAction(msg("You need another card to play after using your key."))
        # §9.1 [C]: the key leaves the game and a new pod comes into play.
        supply[key_index] = None
        self._check_open(supply, index, after_key=True)
        turn.out = turn.out + (card,)
        pod_id = turn.next_pod
        turn.pods = turn.pods + (Pod(pod_id, (), EMPTY_POD_LOAD),)
        turn.next_pod += 1
        turn.event("open", card=card, pod=pod_id, slot=LAYOUT.names[key_index])
        # §9.1 (house rule): the card played onto the new pod is the turn's main play.
        return self._resolve(turn, index, len(turn.pods) - 1)

    def _resolve(self, turn: _Turn, slot: int, position: int) -> RelativeSpaceState:
        """Play the card in `slot` onto the pod at `position` and resolve it (§7.3)."""
        state = turn.state
        supply = turn.supply
        card, face_up = supply[slot]  # type: ignore[misc]
        supply[slot] = None
        pod = turn.pods[position]
        special = _SPECIAL[card]
        value = _VALUE[card]
        name = LAYOUT.names[slot]
        if special is None and value < pod.load:
            return self._block(turn, card, name, not face_up, position)
        # §6.1: an item at or above the load value, or any special card, loads.
        loaded = Pod(pod.id, pod.cards + (card,), value if special is None else pod.load)
        turn.pods = turn.pods[:position] + (loaded,) + turn.pods[position + 1 :]
        turn.event("load", card=card, pod=pod.id, slot=name, blind=not face_up)
        if not any(supply):
            # §10 [C]: the last card loaded wins at once; its effect is not resolved.
            turn.stack = ()
            turn.event("win")
            return self._build(turn, over=True, winner=state.active)
        if special is not None:
            # §9: the card's own instruction (an extra play) resolves before START!.
            if special.launch:
                turn.stack = turn.stack + (("launch", pod.id),)
            if special.extra_play == "any":
                turn.stack = turn.stack + (("extra", 0),)
            elif special.extra_play == "same":
                turn.stack = turn.stack + (("extra", pod.id),)
        return self._settle(turn)

    def _block(
        self, turn: _Turn, card: str, name: str, blind: bool, position: int
    ) -> RelativeSpaceState:
        """Resolve a block (§8): collect, shuffle, refill old holes, remove the rest."""
        state = turn.state
        pod = turn.pods[position]
        collected = rng.shuffled(
            pod.cards + (card,), seed=state.seed, salt=f"relative_space/block-{state.turn}"
        )
        supply = turn.supply
        refilled: list[str] = []
        taken = 0
        for slot in state.empty_at_start:
            if taken == len(collected):
                break
            if supply[slot] is None:
                # §8 step 3 [C]: bottom row first, face up.
                supply[slot] = (collected[taken], True)
                refilled.append(LAYOUT.names[slot])
                taken += 1
        turn.out = turn.out + tuple(collected[taken:])
        removed = len(turn.pods) > 1
        if removed:
            # §8 step 5 [C]: with other pods in play, the blocked pod leaves the game.
            turn.pods = turn.pods[:position] + turn.pods[position + 1 :]
        else:
            # §8 step 5 [C]: a lone pod stays in play, empty.
            turn.pods = (Pod(pod.id, (), EMPTY_POD_LOAD),)
        turn.event(
            "block",
            card=card,
            pod=pod.id,
            slot=name,
            blind=blind,
            refilled=tuple(refilled),
            out=len(collected) - taken,
            removed=removed,
        )
        # §8 step 6 (house rule): the turn ends; pending effects are discarded.
        turn.stack = ()
        return self._end_turn(turn)

    def _settle(self, turn: _Turn) -> RelativeSpaceState:
        """Run the pending-effect loop (§7.4); end the turn when nothing is left to answer."""
        while turn.stack:
            kind, pod_id = turn.stack[-1]
            position = _find_pod(turn.pods, pod_id) if pod_id else 0
            if kind == "launch":
                turn.stack = turn.stack[:-1]
                if position < 0:
                    continue  # §9.4: the pod already left; the launch does nothing
                launched = turn.pods[position]
                turn.pods, turn.next_pod, turn.out, new_pod = _launch(
                    turn.pods, turn.next_pod, turn.out, position
                )
                turn.event("launch", pod=launched.id, out=len(launched.cards), new_pod=new_pod)
                continue
            if position < 0:
                turn.stack = turn.stack[:-1]  # an extra play onto a pod that has left
                continue
            return self._build(turn)  # wait for the extra play or a pass
        return self._end_turn(turn)

    def _end_turn(self, turn: _Turn) -> RelativeSpaceState:
        state = turn.state
        if state.turn >= state.turn_limit:
            # §10 (house rule): the safety stop; nobody wins, fewest cards left ranks first.
            turn.event("limit")
            return self._build(turn, over=True)
        seat = (state.active + 1) % state.players
        return self._build(
            turn,
            turn=state.turn + 1,
            active=seat,
            # §7.1 step 1: the slots of the next player that are empty right now.
            empty_at_start=_empty_slots(state.supplies[seat]),
        )

    def _build(
        self, work: _Turn, *, over: bool = False, winner: int = -1, **changes: Any
    ) -> RelativeSpaceState:
        state = work.state
        seat = state.active
        supplies = state.supplies
        supplies = supplies[:seat] + (tuple(work.supply),) + supplies[seat + 1 :]
        recent = state.recent + tuple(work.events)
        return evolve(
            state,
            supplies=supplies,
            pods=work.pods,
            next_pod=work.next_pod,
            out=work.out,
            stack=work.stack,
            winner=winner,
            over=over,
            recent=recent[-RECENT_EVENTS:],
            events=state.events + len(work.events),
            **changes,
        )

    # --- results --------------------------------------------------------------------------

    def outcome(self, state: RelativeSpaceState) -> Outcome | None:
        """Return scores (10 - cards left) and places once the game is over (§10)."""
        if not state.over:
            return None
        left = [sum(1 for entry in supply if entry is not None) for supply in state.supplies]
        scores = tuple(SCORE_BASE - n for n in left)
        # §10 (house rule): the winner has no card left, so scores rank them first; the
        # others by fewest cards left, equal counts sharing a place.
        places = places_from_scores(scores)
        return Outcome(scores=scores, places=places, details=self._details(state, left, places))

    def _details(
        self, state: RelativeSpaceState, left: list[int], places: tuple[int, ...]
    ) -> dict[str, Any]:
        return {
            "reason": "win" if state.winner >= 0 else "limit",
            "winner": state.winner if state.winner >= 0 else None,
            "turns": state.turn,
            "score_base": SCORE_BASE,
            "players": [
                {
                    "seat": seat,
                    "cards_left": left[seat],
                    "face_down_left": sum(
                        1 for entry in supply if entry is not None and not entry[1]
                    ),
                    "score": SCORE_BASE - left[seat],
                    "place": places[seat],
                    "winner": seat == state.winner,
                }
                for seat, supply in enumerate(state.supplies)
            ],
        }

    def timeout_action(self, state: RelativeSpaceState, seat: int) -> Action:
        """Return the clock's move (§11.4): pass an extra play, else the first safe play."""
        if state.stack:
            return _PASS
        plays = [a for a in self.legal_actions(state, seat) if a["type"] == "play"]
        supply = state.supplies[seat]
        loads = {pod.id: pod.load for pod in state.pods}
        for action in plays:
            card, face_up = supply[LAYOUT.index[action["slot"]]]  # type: ignore[misc]
            if face_up and (_SPECIAL[card] is not None or _VALUE[card] >= loads[action["pod"]]):
                return action
        return plays[0]

    # --- persistence ----------------------------------------------------------------------

    def dump(self, state: RelativeSpaceState) -> dict[str, Any]:
        """Return `state` as JSON-safe data."""
        return dump_state(state, LAYOUT)

    def load(self, data: Mapping[str, Any]) -> RelativeSpaceState:
        """Return the state in `data`; raise ValueError when it breaks a rule."""
        with state_of(self.name):
            state = load_state(
                data,
                cards=CARDS,
                layout=LAYOUT,
                min_players=self.min_players,
                max_players=self.max_players,
                turn_limits=TURN_LIMIT_RANGE,
            )
            if state.first != self._first_player(state.seed, state.players):
                fail("the first player does not match")
        return state

    # --- information ----------------------------------------------------------------------

    def secret_tokens(self, state: RelativeSpaceState, viewer: int | None) -> set[str]:
        """Return face-down supply cards (hidden from everyone, §3.3) and set-aside cards."""
        secret = set(state.set_aside)
        for supply in state.supplies:
            secret.update(entry[0] for entry in supply if entry is not None and not entry[1])
        return secret

    def describe(
        self,
        before: RelativeSpaceState,
        after: RelativeSpaceState,
        seat: int,
        action: Action,
        viewer: int | None,
    ) -> str:
        """Return the log line of `action`: the public events it added, every viewer alike."""
        count = min(after.events - before.events, len(after.recent))
        return action_text(after.recent[len(after.recent) - count :], CARDS)


ENGINE = RelativeSpace()
"""The one engine instance, registered by RelativeSpaceConfig.ready()."""
