"""Terraforming Mars rules engine (rules/terraforming-mars.md): pure Python, seeded.

The rule numbers and house rules are in `constants.py` (the one table); the modules are:
state (the state and its copy-on-write), kernel (the queue of pending effects), ops and
payment (the effects cards are written in), board (tiles), playability, turn (the action
phase), phases (setup, research, production, end), scoring, view, cards/ (the card data).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from games.engine import (
    Action,
    ClockDefaults,
    Game,
    IllegalAction,
    Option,
    Outcome,
    gettext_noop,
    move,
)
from games.terraforming_mars.cards import load_all
from games.terraforming_mars.catalog import CARDS
from games.terraforming_mars.constants import UNDO_DEFAULT
from games.terraforming_mars.flow import ASIDE_KINDS, apply_aside, aside_options
from games.terraforming_mars.kernel import DECISIONS
from games.terraforming_mars.phases import (
    apply_selection,
    selection_options,
    settle,
    setup_state,
    solo_won,
)
from games.terraforming_mars.playability import play_block
from games.terraforming_mars.scoring import final_scores
from games.terraforming_mars.serialize import dump_state, load_state
from games.terraforming_mars.state import Settings, State
from games.terraforming_mars.text import describe_action, explain_illegal
from games.terraforming_mars.turn import apply_main, main_options
from games.words import msg

__all__ = ["ENGINE", "TerraformingMars"]

UNDO_CHOICES = (
    ("whole_turn", gettext_noop("Take back the whole turn so far")),
    ("multi_step", gettext_noop("Take back one step at a time")),
    ("none", gettext_noop("No undo")),
)
MAP_CHOICES = (
    ("tharsis", gettext_noop("Tharsis")),
    ("hellas", gettext_noop("Hellas")),
    ("elysium", gettext_noop("Elysium")),
    ("vastitas_borealis", gettext_noop("Vastitas Borealis")),
)
SOLO_MODES = (
    # Static labels: the solo game lasts 14 generations, 12 with Prelude (§11.3, §13).
    ("standard", gettext_noop("Terraform Mars by the last generation (14, or 12 with Prelude)")),
    ("tr63", gettext_noop("Reach TR 63 by the last generation (14, or 12 with Prelude)")),
)


load_all()
_ALL_CARDS = frozenset(CARDS)


def _move(kind: str, **fields: type[Any]) -> Callable[..., State]:
    """The `@move` method of the action type `kind`: it hands the action on to `_resolve`.

    What an action answers is the state's business, not its type's ("done", "pay" and
    "convert" answer a selection, a queued decision or the main action alike), so every
    type goes the one way `dispatch` checked it.
    """

    @move(kind, **fields)
    def entry(self: TerraformingMars, st: State, seat: int, **values: Any) -> State:
        return self._resolve(st, seat, {"type": kind, **values})

    return entry


class TerraformingMars(Game[State]):
    """Terraforming Mars: corporations race to make Mars habitable, 1–5 players."""

    slug = "terraforming_mars"
    name = "Terraforming Mars"
    min_players = 1
    max_players = 5
    # The board draws its own "Game log" (with the spaces it names): no second list.
    own_log = True
    summary = gettext_noop(
        "Corporations raise oxygen, temperature and oceans to make Mars habitable, "
        "building an engine of cards, tiles and production."
    )
    play_time = msg("90–150 min")
    # A long engine builder (about ten generations, many turns each): ninety minutes per
    # player live, and a week's bank async for its many moves.
    clock = ClockDefaults(
        live_minutes=90, live_increment_seconds=10, async_move_hours=24, async_bank_days=7
    )
    options = (
        Option(
            key="map",
            label=gettext_noop("Map"),
            kind="choice",
            default="tharsis",
            choices=MAP_CHOICES,
            help=gettext_noop(
                "Each map has its own spaces, milestones and awards. Hellas: the south pole "
                "space costs 6 M€ and brings an ocean; Vastitas Borealis: the centre space "
                "costs 4 M€ and raises the temperature."
            ),
        ),
        Option(
            key="corporate_era",
            label=gettext_noop("Corporate Era"),
            kind="bool",
            default=True,
            help=gettext_noop(
                "Off: the standard game, base cards only, every production starts at 1."
            ),
        ),
        Option(
            key="draft",
            label=gettext_noop("Draft the research cards"),
            kind="bool",
            default=False,
            help=gettext_noop("From generation 2; never in the solo game."),
        ),
        Option(
            key="beginner",
            label=gettext_noop("Beginner corporations"),
            kind="bool",
            default=False,
            help=gettext_noop("Everyone plays the Beginner Corporation and keeps 10 free cards."),
        ),
        Option(
            key="prelude",
            label=gettext_noop("Prelude"),
            kind="bool",
            default=False,
            help=gettext_noop(
                "Each player keeps 2 of 4 preludes and plays them before the first action; "
                "5 more corporations and 7 more project cards. Solo: 12 generations."
            ),
        ),
        Option(
            key="colonies",
            label=gettext_noop("Colonies"),
            kind="bool",
            default=False,
            help=gettext_noop(
                "Colony tiles with trade fleets: trade with the moons and build colonies there."
            ),
        ),
        Option(
            key="solo_mode",
            label=gettext_noop("Solo goal"),
            kind="choice",
            default="standard",
            choices=SOLO_MODES,
            help=gettext_noop("Only for a game of one player."),
        ),
        Option(
            key="strict_red_frame",
            label=gettext_noop("Strict red frames"),
            kind="bool",
            default=False,
            help=gettext_noop(
                "On: a red-framed production decrease must hit a player who has enough; "
                "off: it may hit nobody."
            ),
        ),
        Option(
            key="undo",
            label=gettext_noop("Undo"),
            kind="choice",
            default=UNDO_DEFAULT,
            choices=UNDO_CHOICES,
            help=gettext_noop(
                "In your own turn, before a card is drawn or another player decides."
            ),
        ),
        Option(
            key="confirm_turn",
            label=gettext_noop("Confirm the end of each turn"),
            kind="bool",
            default=True,
            help=gettext_noop(
                "Your turn waits for your Confirm, so that Undo can still take it back. "
                "Each player can switch it on the board."
            ),
        ),
        Option(
            key="live_score",
            label=gettext_noop("Live score"),
            kind="bool",
            default=True,
            help=gettext_noop("Show everyone's running VP total during the game."),
        ),
    )

    # --- setup and turn order ------------------------------------------------------------

    def setup(self, *, players: int, seed: int, options: Mapping[str, Any]) -> State:
        """Return a new game dealt from `seed` (rules §2.2)."""
        if type(players) is not int or not self.min_players <= players <= self.max_players:
            raise ValueError("Terraforming Mars is a game for 1 to 5 players.")
        if type(seed) is not int:
            raise ValueError("The seed must be an integer.")
        cleaned = self.validate_options(options)
        # README "Turn flow": a table names the option (the lobby stores every option); a
        # setup that does not (an engine test, a table stored before the option) runs without.
        cleaned["confirm_turn"] = cleaned["confirm_turn"] and "confirm_turn" in options
        if players == 1:
            # §11.1, §12.1, §12.3: solo is always Corporate Era and never drafts.
            cleaned["corporate_era"] = True
            cleaned["draft"] = False
        if cleaned["prelude"] or cleaned["colonies"]:
            cleaned["beginner"] = False  # §12.2 [house rule]: not with an expansion
        st = setup_state(players, seed, Settings(**cleaned))
        settle(st)
        st.freeze()
        return st

    def to_move(self, state: State) -> frozenset[int]:
        """Return the seats that must decide now (several in the simultaneous steps)."""
        phase = state.phase
        if phase == "over":
            return frozenset()
        if phase in ("setup", "research"):
            return frozenset(
                seat
                for seat, choice in enumerate(state.sel)
                if choice is not None
                and choice["stage"] != "done"
                and not (choice["stage"] == "draft" and choice["picked"])
            )
        if state.queue:
            return frozenset((state.queue[0][1],))
        return frozenset((state.active,))

    def round_info(self, state: State) -> str | None:
        """Return "Generation n" (of 14 in solo, 12 with Prelude)."""
        if state.solo:
            if state.settings.prelude:
                return msg("Generation %(n)s of 12", n=state.gen)
            return msg("Generation %(n)s of 14", n=state.gen)
        return msg("Generation %(n)s", n=state.gen)

    # --- legal actions --------------------------------------------------------------------

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        """Return the options of the decision `seat` faces now (a short, complete list)."""
        phase = state.phase
        if phase == "over" or type(seat) is not int or not 0 <= seat < state.n:
            return []
        if phase in ("setup", "research"):
            return selection_options(state, seat)
        if state.queue:
            head = state.queue[0]
            if head[1] != seat:
                return []
            cache = state.__dict__.get("_cache")
            if cache is not None and cache[0] == seat:
                return list(cache[1])
            return DECISIONS[head[0]].options(state, head)
        if phase == "action" and seat == state.active:
            return list(main_options(state, seat))
        return []

    # --- moves -----------------------------------------------------------------------------
    # Every action type and its fields (`shapes()`, which `apply` checks payloads against).

    # The main action (§4; turn.py).
    _play = _move("play", card=str)
    _project = _move("project", project=str)
    _claim = _move("claim", milestone=str)
    _fund = _move("fund", award=str)
    _use = _move("use", card=str)
    _convert = _move("convert", resource=str)
    _first_action = _move("first_action")
    _trade = _move("trade", colony=str, payment=str)  # §14, colonies.py
    _colony = _move("colony", colony=str)  # §14: Build Colony, or where a card's colony goes
    _pass = _move("pass")
    _end_turn = _move("end_turn")
    # Answers to the decision at the head of the queue (kernel.DECISIONS).
    _space = _move("space", space=str)
    _pay = _move("pay", resource=str, amount=int)
    _target = _move("target", player=int)
    _neutral = _move("neutral")
    _skip = _move("skip")
    _amount = _move("amount", amount=int)
    _choose = _move("choose", option=str)
    _card = _move("card", card=str)
    _sell = _move("sell", card=str)
    _discard = _move("discard", card=str)
    _done = _move("done")
    # The turn flow (flow.py): the order of simultaneous effects, confirming a turn.
    _first = _move("first", card=str)
    _whatever = _move("whatever")
    _confirm = _move("confirm")
    # Aside actions, sent while not to move too (Game.aside_actions, flow.py).
    _pass_ahead = _move("pass_ahead", cancel=bool)
    _confirm_turns = _move("confirm_turns", on=bool)
    # The simultaneous setup and research selections (phases.py).
    _corporation = _move("corporation", card=str)
    _keep = _move("keep", card=str)
    _release = _move("release", card=str)
    _draft = _move("draft", card=str)

    def is_over(self, state: State) -> bool:
        return state.phase == "over"

    def aside_actions(self, state: State, seat: int) -> list[Action]:
        """README "Turn flow": pass in advance (off turn) and the seat's confirm setting."""
        if type(seat) is not int:
            return []
        return aside_options(state, seat, self.to_move(state))

    def refuse_aside(self, state: State, seat: int, action: Action) -> str:
        return explain_illegal(state, seat, action)

    def dispatch(self, state: State, seat: int, kind: str, action: Action) -> State:
        """Play a legal option of the decision `seat` faces on a copy, then settle the queue."""
        if kind in ASIDE_KINDS:
            if action not in self.aside_actions(state, seat):
                raise IllegalAction(explain_illegal(state, seat, action))
            st = state.clone()
            apply_aside(st, seat, action)
            # Another seat's move ends the active player's undo window (move_undo takes back
            # only the seat's own latest moves); the active player's own counts as a step.
            st.undo = self._undo_after(state, st, seat)
            st.freeze()
            return st
        if action not in self.legal_actions(state, seat):
            raise IllegalAction(explain_illegal(state, seat, action))
        st = state.clone()
        st.seq += 1
        st = super().dispatch(st, seat, kind, action)
        settle(st)
        st.undo = self._undo_after(state, st, seat)
        st.freeze()
        return st

    def _resolve(self, st: State, seat: int, action: Action) -> State:
        """Carry out `action` on the writable copy `st`: a selection, a decision, a main action."""
        if st.phase in ("setup", "research"):
            apply_selection(st, seat, action)
        elif st.queue:
            item = st.queue.pop(0)
            DECISIONS[item[0]].choose(st, item, action)
        else:
            apply_main(st, seat, action)
        return st

    def _undo_after(self, before: State, after: State, seat: int) -> int:
        """§12.4: how many decisions, this one included, the active player could take back."""
        if before.phase != "action" or after.phase != "action":
            return 0
        if before.active != seat or after.active != seat or self.to_move(after) != {seat}:
            return 0  # another seat decided, or the turn passed
        if any(item[0] == "next_turn" for item in after.queue):
            return 0  # the turn is over: only the decisions after it remain (Pluto's discard)
        if len(after.deck) != len(before.deck) or after.reshuffles != before.reshuffles:
            return 0  # a card was drawn or revealed: the window starts again after it
        return before.undo + 1

    def undo_steps(self, state: State, seat: int) -> int:
        """§12.4: the moves `seat` may take back now (whole turn, or one at a time)."""
        mode = state.settings.undo
        if mode == "none" or state.phase != "action" or seat != state.active:
            return 0
        if self.to_move(state) != {seat}:
            return 0
        return min(state.undo, 1) if mode == "multi_step" else state.undo

    def timeout_action(self, state: State, seat: int) -> Action:
        """§17.1 [house rule]: pass / end the turn, keep nothing, else the first option."""
        legal = self.legal_actions(state, seat)
        for preferred in ("confirm", "whatever", "done", "skip", "pass", "end_turn"):
            for action in legal:
                if action["type"] == preferred:
                    return action
        return legal[0]

    # --- outcome ----------------------------------------------------------------------------

    def outcome(self, state: State) -> Outcome | None:
        """Return VP scores and places (most M€ breaks ties, §10.2) once the game is over."""
        if state.phase != "over":
            return None
        won = solo_won(state) if state.solo else None
        scores, places, details = final_scores(state, won)
        return Outcome(scores=tuple(scores), places=tuple(places), details=details)

    # --- persistence, secrecy, log ----------------------------------------------------------

    def dump(self, state: State) -> dict[str, Any]:
        return dump_state(state)

    def load(self, data: Mapping[str, Any]) -> State:
        return load_state(data)

    def secret_tokens(self, state: State, viewer: int | None) -> set[str]:
        """Return every card id `viewer` may not see (§15.0): deck, discards, other hands …"""
        visible = set(state.revealed)
        corps_public = set()
        for seat, player in enumerate(state.players):
            visible.update(player.played)
            visible.update(player.events)
            if player.corp:
                corps_public.add(player.corp)
            if seat == viewer:
                visible.update(player.hand)
        if viewer is not None and 0 <= viewer < state.n:
            choice = state.sel[viewer] if viewer < len(state.sel) else None
            if choice is not None:
                for key in ("corps", "cards", "packet", "drafted", "preludes"):
                    visible.update(choice.get(key, ()))
            for item in state.queue:
                if item[1] == viewer:  # the cards a decision of theirs shows them
                    visible.update(_card_ids(item[3:]))
        return set(_ALL_CARDS.difference(visible, corps_public))

    def describe(
        self, before: State, after: State, seat: int, action: Action, viewer: int | None
    ) -> str:
        """Return the log line of `action`, naming hidden cards only for their owner."""
        return describe_action(before, seat, action, viewer)

    # --- helpers for the board and bots ----------------------------------------------------

    def play_block(self, state: State, seat: int, card: str) -> str | None:
        return play_block(state, seat, card)


def _card_ids(values: Any) -> set[str]:
    """Every card id among `values` (nested tuples included)."""
    found: set[str] = set()
    for value in values:
        if isinstance(value, str) and value in _ALL_CARDS:
            found.add(value)
        elif isinstance(value, tuple | list):
            found |= _card_ids(value)
    return found


ENGINE = TerraformingMars()
"""The one engine instance, registered by TerraformingMarsConfig.ready()."""
