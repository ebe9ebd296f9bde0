"""Lost Cities rules engine (rules/lost-cities.md): pure Python, deterministic from the seed."""

from __future__ import annotations

from bisect import bisect
from collections.abc import Callable, Mapping
from typing import Any

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
from games.lost_cities.cards import CARDS, COLOUR_INDEX, COLOURS, deck_ids
from games.lost_cities.rules import can_extend, column_floor, event_text, round_end_text
from games.lost_cities.scoring import column_score, expedition_score, match_breakdown
from games.lost_cities.state import (
    Columns,
    Event,
    FinishedRound,
    LostCitiesState,
    Settings,
    dump_state,
    evolve,
    load_state,
)
from games.validate import fail, state_of
from games.words import Msg, msg

__all__ = ["ENGINE", "LostCities", "LostCitiesState", "expedition_score"]

# --- Rule constants and house rules (rules/lost-cities.md) ----------------------------
# Every "[house rule]" of the spec is one line here.
PLAYERS = 2  # §1: a game for two
HAND_SIZE = 8  # §2 step 2: eight cards each
EXPEDITION_CHOICES = (  # §1.2, §9: the classic 60 cards, or the 72-card long game
    (5, gettext_noop("5 colours (classic, 60 cards)")),
    (6, gettext_noop("6 colours (long game, 72 cards)")),
)
DEFAULT_EXPEDITIONS = 5  # §9
ROUND_CHOICES = (1, 2, 3, 4, 5)  # §9 [house rule]: a match of one to five rounds
DEFAULT_ROUNDS = 3  # §8: the printed rules recommend three
FIRST_PLAYER_CHOICES = (  # §2 step 5, §9 [house rule]: "oldest player" is not usable online
    ("random", gettext_noop("Random")),
    ("creator", gettext_noop("Table creator")),
)
DEFAULT_FIRST_PLAYER = "random"  # §2 step 5 [house rule]: a seeded coin flip starts round 1
CREATOR_SEAT = 0  # §9 [house rule]: "table creator" is seat 0
# §2 step 5 [house rule]: with equal running totals, the player who did not start the
# previous round starts the next one (see `_next_start`).
DISCARD_DISPLAY_CHOICES = (  # §5, §9 [house rule]: display only, no rule effect
    ("top", gettext_noop("The top card and the pile size")),
    ("full", gettext_noop("Every card in the pile")),
)
DEFAULT_DISCARD_DISPLAY = "top"  # §5 [house rule]: top card plus pile size
DEFAULT_BONUS_COUNTS_WAGERS = True  # §7, §9: the published rules count wagers for the bonus
# §8 [house rule]: equal final totals are a draw, a shared first place (no tie-break).
# §6 [house rule]: no cap on stalling by taking discards; the site's turn timers suffice.
RECENT_EVENTS = 4  # §10: the last two turns (place + take each) are shown as "last moves"

# rules §3: a turn is two steps, place a card, then take one; each move belongs to one.
_STEP = {"play": "place", "discard": "place", "draw": "take", "take": "take"}
_WRONG_STEP = {
    "place": msg("First place a card: play it on an expedition or discard it, then take one."),
    "take": msg(
        "You have already placed a card: now take one from the draw pile or a discard pile."
    ),
}
# Refusals that name a colour: one sentence per colour (translators inflect it), by index.
_WAGER_LATE: tuple[Callable[[int], Msg], ...] = (
    lambda top: msg(
        "A wager must come before any number: your yellow expedition already has the %(top)s.",
        top=top,
    ),
    lambda top: msg(
        "A wager must come before any number: your blue expedition already has the %(top)s.",
        top=top,
    ),
    lambda top: msg(
        "A wager must come before any number: your white expedition already has the %(top)s.",
        top=top,
    ),
    lambda top: msg(
        "A wager must come before any number: your green expedition already has the %(top)s.",
        top=top,
    ),
    lambda top: msg(
        "A wager must come before any number: your red expedition already has the %(top)s.",
        top=top,
    ),
    lambda top: msg(
        "A wager must come before any number: your purple expedition already has the %(top)s.",
        top=top,
    ),
)
_JUST_DISCARDED: tuple[Msg, ...] = (
    msg(
        "You cannot take back the card you just discarded: take from the draw pile or "
        "another discard pile, not the yellow one."
    ),
    msg(
        "You cannot take back the card you just discarded: take from the draw pile or "
        "another discard pile, not the blue one."
    ),
    msg(
        "You cannot take back the card you just discarded: take from the draw pile or "
        "another discard pile, not the white one."
    ),
    msg(
        "You cannot take back the card you just discarded: take from the draw pile or "
        "another discard pile, not the green one."
    ),
    msg(
        "You cannot take back the card you just discarded: take from the draw pile or "
        "another discard pile, not the red one."
    ),
    msg(
        "You cannot take back the card you just discarded: take from the draw pile or "
        "another discard pile, not the purple one."
    ),
)
_EMPTY_PILE: tuple[Msg, ...] = (
    msg("The yellow discard pile is empty."),
    msg("The blue discard pile is empty."),
    msg("The white discard pile is empty."),
    msg("The green discard pile is empty."),
    msg("The red discard pile is empty."),
    msg("The purple discard pile is empty."),
)
_VALUE = {card_id: card.value for card_id, card in CARDS.items()}
_COLOUR = {card_id: card.colour for card_id, card in CARDS.items()}
_ORDER = {card_id: card.order for card_id, card in CARDS.items()}
_LABEL = {card_id: card.label for card_id, card in CARDS.items()}


Hands = tuple[tuple[str, ...], tuple[str, ...]]


def _with(hands: Hands, seat: int, card: str) -> Hands:
    """Return `hands` with `card` added to `seat`'s hand in card order (hands stay sorted)."""
    hand = hands[seat]
    index = bisect(hand, _ORDER[card], key=_ORDER.__getitem__)
    hand = (*hand[:index], card, *hand[index:])
    return (hand, hands[1]) if seat == 0 else (hands[0], hand)


def _without(hands: Hands, seat: int, card: str) -> Hands:
    """Return `hands` with `card` removed from `seat`'s hand."""
    hand = hands[seat]
    index = hand.index(card)
    hand = hand[:index] + hand[index + 1 :]
    return (hand, hands[1]) if seat == 0 else (hands[0], hand)


def _next_start(history: tuple[FinishedRound, ...], previous_start: int) -> int:
    """Return the start player of the next round (rules §2 step 5)."""
    first = sum(done.scores[0] for done in history)
    second = sum(done.scores[1] for done in history)
    if first != second:
        return 0 if first > second else 1
    return 1 - previous_start  # house rule: equal totals, the other player begins


def _first_start(seed: int, settings: Settings) -> int:
    if settings.first_player == "creator":
        return CREATOR_SEAT
    return rng.randint(0, PLAYERS - 1, seed=seed, salt="lost_cities/first-player")


def _check_starts(state: LostCitiesState) -> None:
    """Refuse a state whose rounds were not started by the players the rules name (§2)."""
    starts = [done.start for done in state.history]
    if state.phase != "over":
        starts.append(state.start)
    elif starts[-1] != state.start:
        fail("the start player does not match")
    expected = _first_start(state.seed, state.settings)
    for number, start in enumerate(starts, start=1):
        if number > 1:
            expected = _next_start(state.history[: number - 1], starts[number - 2])
        if start != expected:
            fail("the start player does not match (rules §2)")


def _deal(
    seed: int,
    settings: Settings,
    round_no: int,
    start: int,
    history: tuple[FinishedRound, ...],
    recent: tuple[Event, ...],
) -> LostCitiesState:
    """Return a fresh round: the full set shuffled, eight cards each (rules §2)."""
    cards = rng.shuffled(
        deck_ids(settings.expeditions), seed=seed, salt=f"lost_cities/round-{round_no}"
    )
    empty: Columns = ((),) * settings.expeditions
    return LostCitiesState(
        seed=seed,
        settings=settings,
        round=round_no,
        start=start,
        history=history,
        deck=tuple(cards[2 * HAND_SIZE :]),
        hands=(
            tuple(sorted(cards[:HAND_SIZE], key=_ORDER.__getitem__)),
            tuple(sorted(cards[HAND_SIZE : 2 * HAND_SIZE], key=_ORDER.__getitem__)),
        ),
        columns=(empty, empty),
        discards=empty,
        active=start,
        phase="place",
        blocked=-1,
        recent=recent,
    )


class LostCities(Game[LostCitiesState]):
    """Lost Cities: two explorers, five or six expeditions, a match of several rounds."""

    slug = "lost_cities"
    name = "Lost Cities"
    min_players = PLAYERS
    max_players = PLAYERS
    summary = gettext_noop("Two rival explorers bet on expeditions, one card at a time.")
    play_time = gettext_noop("20–40 min")
    # A short card game of quick turns: a few minutes per player live (about 22 turns a
    # round, so the increment adds as much again), a day per move with a small bank async.
    clock = ClockDefaults(
        live_minutes=5, live_increment_seconds=5, async_move_hours=24, async_bank_days=3
    )
    options = (
        Option(
            key="expeditions",
            label=gettext_noop("Expeditions"),
            kind="choice",
            default=DEFAULT_EXPEDITIONS,
            choices=EXPEDITION_CHOICES,
        ),
        Option(
            key="rounds",
            label=gettext_noop("Rounds"),
            kind="int",
            default=DEFAULT_ROUNDS,
            choices=tuple((n, str(n)) for n in ROUND_CHOICES),
            min=ROUND_CHOICES[0],
            max=ROUND_CHOICES[-1],
            help=gettext_noop("The printed rules recommend three rounds."),
        ),
        Option(
            key="first_player",
            label=gettext_noop("Who starts round 1"),
            kind="choice",
            default=DEFAULT_FIRST_PLAYER,
            choices=FIRST_PLAYER_CHOICES,
            help=gettext_noop("Later rounds are started by the player with the higher total."),
        ),
        Option(
            key="discard_display",
            label=gettext_noop("Discard piles show"),
            kind="choice",
            default=DEFAULT_DISCARD_DISPLAY,
            choices=DISCARD_DISPLAY_CHOICES,
        ),
        Option(
            key="bonus_counts_wagers",
            label=gettext_noop("Wagers count towards the eight-card bonus"),
            kind="bool",
            default=DEFAULT_BONUS_COUNTS_WAGERS,
            help=gettext_noop("Yes follows the published rules."),
        ),
    )

    # --- setup and turn order ---------------------------------------------------------

    def setup(self, *, players: int, seed: int, options: Mapping[str, Any]) -> LostCitiesState:
        """Return round 1 of a new match, dealt from `seed`."""
        if players != PLAYERS:
            raise ValueError(f"Lost Cities is a game for exactly {PLAYERS} players.")
        if type(seed) is not int:
            raise ValueError("The seed must be an integer.")
        cleaned = self.validate_options(options)
        settings = Settings(**cleaned)
        return _deal(seed, settings, 1, _first_start(seed, settings), (), ())

    def to_move(self, state: LostCitiesState) -> frozenset[int]:
        """Return the seat whose turn it is; empty once the match is over."""
        if state.phase == "over":
            return frozenset()
        return frozenset((state.active,))

    def is_over(self, state: LostCitiesState) -> bool:
        """Return whether the last round has been scored."""
        return state.phase == "over"

    def round_info(self, state: LostCitiesState) -> str | None:
        """Return "Round r of n"."""
        return msg("Round %(round)s of %(rounds)s", round=state.round, rounds=state.settings.rounds)

    # --- legal actions ----------------------------------------------------------------

    def legal_actions(self, state: LostCitiesState, seat: int) -> list[Action]:
        """Return plays, then discards (in hand order); or the draw, then takes by colour."""
        if state.phase == "over" or seat != state.active:
            return []
        if state.phase == "place":
            hand = state.hands[seat]
            # rules §4 as one number per column: a card fits when its value is above it.
            floors = [column_floor(column) for column in state.columns[seat]]
            actions: list[Action] = [
                {"type": "play", "card": card}
                for card in hand
                if _VALUE[card] > floors[_COLOUR[card]]
            ]
            actions += [{"type": "discard", "card": card} for card in hand]
            return actions
        actions = [{"type": "draw"}]
        for colour, pile in enumerate(state.discards):
            if pile and colour != state.blocked:
                actions.append({"type": "take", "colour": COLOURS[colour]})
        return actions

    # --- moves ------------------------------------------------------------------------

    def dispatch(
        self, state: LostCitiesState, seat: int, kind: str, action: Action
    ) -> LostCitiesState:
        """Refuse a move of the other step of the turn, then play it (rules §3)."""
        if _STEP[kind] != state.phase:
            raise IllegalAction(_WRONG_STEP[state.phase])
        return super().dispatch(state, seat, kind, action)

    def _card_in_hand(self, state: LostCitiesState, seat: int, card: str) -> None:
        # The same message whether the card is unknown, the opponent's or in the deck:
        # an error must not reveal where a hidden card is.
        if card not in state.hands[seat]:
            raise IllegalAction(msg("You do not hold that card."))

    @move("play", card=str)
    def _play(self, state: LostCitiesState, seat: int, card: str) -> LostCitiesState:
        self._card_in_hand(state, seat, card)
        colour = _COLOUR[card]
        column = state.columns[seat][colour]
        if not can_extend(column, card):
            top = _VALUE[column[-1]]
            if _VALUE[card] == 0:
                # rules §4: wagers only before any number card.
                raise IllegalAction(_WAGER_LATE[colour](top))
            # rules §4: numbers strictly ascending.
            raise IllegalAction(
                msg(
                    "Cards in an expedition must go up: your %(card)s is below the %(top)s.",
                    card=_VALUE[card],
                    top=top,
                )
            )
        own = state.columns[seat]
        own = (*own[:colour], (*column, card), *own[colour + 1 :])
        columns = (own, state.columns[1]) if seat == 0 else (state.columns[0], own)
        return evolve(
            state,
            hands=_without(state.hands, seat, card),
            columns=columns,
            phase="take",
            recent=(*state.recent[1 - RECENT_EVENTS :], (state.round, seat, "play", card)),
        )

    @move("discard", card=str)
    def _discard(self, state: LostCitiesState, seat: int, card: str) -> LostCitiesState:
        self._card_in_hand(state, seat, card)
        colour = _COLOUR[card]
        piles = state.discards
        return evolve(
            state,
            hands=_without(state.hands, seat, card),
            discards=(*piles[:colour], (*piles[colour], card), *piles[colour + 1 :]),
            phase="take",
            # rules §5: this pile may not be taken from in the rest of the turn.
            blocked=colour,
            recent=(*state.recent[1 - RECENT_EVENTS :], (state.round, seat, "discard", card)),
        )

    @move("take", colour=str)
    def _take(self, state: LostCitiesState, seat: int, colour: str) -> LostCitiesState:
        index = COLOUR_INDEX.get(colour, -1)
        if not 0 <= index < state.settings.expeditions:
            raise IllegalAction(msg("There is no discard pile of that colour in this game."))
        if index == state.blocked:
            # rules §5: the card discarded this turn cannot be taken back in the same turn.
            raise IllegalAction(_JUST_DISCARDED[index])
        piles = state.discards
        pile = piles[index]
        if not pile:
            raise IllegalAction(_EMPTY_PILE[index])
        card = pile[-1]
        return evolve(
            state,
            hands=_with(state.hands, seat, card),
            discards=(*piles[:index], pile[:-1], *piles[index + 1 :]),
            active=1 - seat,
            phase="place",
            blocked=-1,
            recent=(*state.recent[1 - RECENT_EVENTS :], (state.round, seat, "take", card)),
        )

    @move("draw")
    def _draw(self, state: LostCitiesState, seat: int) -> LostCitiesState:
        if len(state.deck) == 1:
            return self._end_round(state, seat)
        return evolve(
            state,
            deck=state.deck[:-1],
            hands=_with(state.hands, seat, state.deck[-1]),
            active=1 - seat,
            phase="place",
            blocked=-1,
            recent=(*state.recent[1 - RECENT_EVENTS :], (state.round, seat, "draw", "")),
        )

    def _end_round(self, state: LostCitiesState, seat: int) -> LostCitiesState:
        """Score the round the moment the last card is drawn (rules §6), then deal the next."""
        bonus = state.settings.bonus_counts_wagers
        scores = (
            sum(column_score(col, bonus) for col in state.columns[0]),
            sum(column_score(col, bonus) for col in state.columns[1]),
        )
        history = (*state.history, FinishedRound(state.start, state.columns, scores))
        recent = (*state.recent[1 - RECENT_EVENTS :], (state.round, seat, "draw_last", ""))
        if state.round < state.settings.rounds:
            # rules §8: collect everything, reshuffle the complete set and deal again.
            start = _next_start(history, state.start)
            return _deal(state.seed, state.settings, state.round + 1, start, history, recent)
        # The last round is over: the final board stays on the table for the result panel.
        return evolve(
            state,
            history=history,
            deck=(),
            hands=_with(state.hands, seat, state.deck[-1]),
            blocked=-1,
            phase="over",
            recent=recent,
        )

    # --- results ----------------------------------------------------------------------

    def outcome(self, state: LostCitiesState) -> Outcome | None:
        """Return match totals and places once every round is played (rules §8)."""
        if state.phase != "over":
            return None
        totals = state.totals
        # rules §8 house rule: equal totals share first place.
        return Outcome(
            scores=totals, places=places_from_scores(totals), details=self.round_details(state)
        )

    def round_details(self, state: LostCitiesState) -> dict[str, Any]:
        """Return the per-round, per-player, per-colour score breakdown (rules §10)."""
        return match_breakdown(
            [(done.start, done.columns, done.scores) for done in state.history],
            expeditions=state.settings.expeditions,
            bonus_counts_wagers=state.settings.bonus_counts_wagers,
        )

    def timeout_action(self, state: LostCitiesState, seat: int) -> Action:
        """Return a safe move for a seat out of time: discard the least useful card, then draw.

        A discard is always legal (rules §3), and so is the draw while the round runs.
        """
        if state.phase == "take":
            return {"type": "draw"}
        hand = state.hands[seat]
        card = min(hand, key=lambda c: (self._keep_value(state, seat, c), _ORDER[c]))
        return {"type": "discard", "card": card}

    def _keep_value(self, state: LostCitiesState, seat: int, card: str) -> int:
        """Rate how much holding `card` is worth to `seat`; lower is safer to discard."""
        colour = _COLOUR[card]
        mine = state.columns[seat][colour]
        theirs = state.columns[1 - seat][colour]
        worth = 0
        if can_extend(mine, card):
            worth += 20 + _VALUE[card] if mine else 5 + _VALUE[card]
        if theirs and can_extend(theirs, card):
            # A card the opponent can still use costs more to throw away.
            worth += 15 + _VALUE[card]
        return worth

    # --- persistence ------------------------------------------------------------------

    def dump(self, state: LostCitiesState) -> dict[str, Any]:
        """Return `state` as JSON-safe data."""
        return dump_state(state)

    def load(self, data: Mapping[str, Any]) -> LostCitiesState:
        """Return the state in `data`; raise ValueError when it breaks a rule."""
        with state_of(self.name):
            state = load_state(data, HAND_SIZE)
            _check_starts(state)
        return state

    # --- information ------------------------------------------------------------------

    def secret_tokens(self, state: LostCitiesState, viewer: int | None) -> set[str]:
        """Return the ids of the draw pile and of every hand but the viewer's (rules §5)."""
        secret = set(state.deck)
        for seat in range(PLAYERS):
            if seat != viewer:
                secret.update(state.hands[seat])
        return secret

    def describe(
        self,
        before: LostCitiesState,
        after: LostCitiesState,
        seat: int,
        action: Action,
        viewer: int | None,
    ) -> Msg:
        """Return the log line of the move, hiding a drawn card from everyone but its owner.

        Every move records its public event last in `recent`; only the drawing seat also
        learns which card it drew (the top of the draw pile before the move).
        """
        event = after.recent[-1]
        rounds = before.settings.rounds
        kind = event[2]
        if viewer != seat or kind not in ("draw", "draw_last"):
            return event_text(event, rounds)
        text = msg("drew %(card)s", card=_LABEL[before.deck[-1]])
        if kind == "draw_last":
            return round_end_text(text, before.round, rounds)
        return text


ENGINE = LostCities()
"""The one engine instance, registered by LostCitiesConfig.ready()."""
