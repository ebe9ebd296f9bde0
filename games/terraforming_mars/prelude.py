"""The Prelude expansion's course of play (rules §13): deal, keep, play at generation 1.

With the `prelude` option each player is dealt 4 preludes with the corporations and keeps 2,
secretly, in the setup choice (`State.sel[seat]["preludes"]` / `["kept_preludes"]`). When
the corporations are revealed, each player in turn order gets a queue item

    ("prelude", seat, source, preludes, count)

that plays `count` of `preludes` one at a time, in the order the player picks (free, not an
action). Until played they live only in that item, which only their owner sees
(engine.secret_tokens). A prelude that cannot be resolved is discarded for 15 M€, offered
only when none of the remaining ones can be played ([house rule], constants.py). Valley
Trust's first action uses the same item with 3 preludes and a count of 1.

The prelude deck is not stored: it is the seeded shuffle of every prelude; the first
4 × players are dealt and the next 3 are Valley Trust's (only one player can have it).
"""

from __future__ import annotations

from typing import Any

from games import rng
from games.terraforming_mars.catalog import CARDS
from games.terraforming_mars.constants import (
    MC,
    PRELUDE_UNPLAYABLE_MC,
    PRELUDES_DEALT,
    PRELUDES_KEPT,
    SOLO_GENERATIONS,
    SOLO_GENERATIONS_PRELUDE,
    VALLEY_TRUST_PRELUDES,
)
from games.terraforming_mars.kernel import CHECKS, Decision, decision, front, gain, log
from games.terraforming_mars.payment import capacity
from games.terraforming_mars.playability import OP_CHECKS
from games.terraforming_mars.state import Settings, State
from games.words import msg

__all__ = [
    "deal_preludes",
    "prelude_block",
    "prelude_pool",
    "queue_preludes",
    "selection_options",
    "solo_generations",
    "valley_trust_preludes",
]

Action = dict[str, Any]
_PAY = "prelude_pay"  # "pay n M€" is ("hook", "prelude_pay", n): a payment (§5, §13)


def prelude_pool() -> list[str]:
    return sorted(card.id for card in CARDS.values() if card.kind == "prelude")


def _order(st: State) -> list[str]:
    return rng.shuffled(prelude_pool(), seed=st.seed, salt="tm/preludes")


def deal_preludes(st: State, seat: int) -> tuple[str, ...]:
    """The 4 preludes dealt to `seat` (§13)."""
    return tuple(_order(st)[seat * PRELUDES_DEALT : (seat + 1) * PRELUDES_DEALT])


def valley_trust_preludes(st: State) -> tuple[str, ...]:
    """The 3 preludes under the dealt ones: Valley Trust's first action."""
    start = st.n * PRELUDES_DEALT
    return tuple(_order(st)[start : start + VALLEY_TRUST_PRELUDES])


def solo_generations(settings: Settings) -> int:
    """§11.3, §13: 14 generations, 12 with Prelude."""
    return SOLO_GENERATIONS_PRELUDE if settings.prelude else SOLO_GENERATIONS


# --- the setup choice -------------------------------------------------------------------------


def selection_options(choice: dict[str, Any]) -> list[Action]:
    """The prelude picks of a setup choice: keep one more, or put one back."""
    dealt = choice.get("preludes", ())
    kept = choice.get("kept_preludes", ())
    options: list[Action] = []
    if len(kept) < PRELUDES_KEPT:
        options += [{"type": "keep", "card": c} for c in dealt if c not in kept]
    options += [{"type": "release", "card": c} for c in kept]
    return options


def choice_complete(choice: dict[str, Any]) -> bool:
    """May the setup choice be confirmed? Two preludes must be kept (when dealt)."""
    dealt = choice.get("preludes", ())
    return len(choice.get("kept_preludes", ())) == min(PRELUDES_KEPT, len(dealt))


def apply_pick(choice: dict[str, Any], action: Action) -> bool:
    """Record keeping or putting back a prelude; False when the card is no prelude dealt."""
    card = action.get("card")
    if card not in choice.get("preludes", ()):
        return False
    kept = choice.get("kept_preludes", ())
    if action["type"] == "keep":
        choice["kept_preludes"] = (*kept, card)
    else:
        choice["kept_preludes"] = tuple(c for c in kept if c != card)
    return True


def queue_preludes(st: State, kept: list[tuple[str, ...]]) -> None:
    """§13: in turn order, each player plays the kept preludes before the first action."""
    for offset in range(st.n):
        seat = (st.first + offset) % st.n
        if kept[seat]:
            st.queue.append(("prelude", seat, "", kept[seat], len(kept[seat])))


# --- playing a prelude ------------------------------------------------------------------------


def prelude_block(st: State, seat: int, card_id: str) -> str | None:
    """Why the prelude cannot be resolved now (its payment, production or tile), or None."""
    card = CARDS[card_id]
    player = st.players[seat]
    for effect in card.play:
        if effect[0] == "hook" and effect[1] == _PAY:
            if capacity(player) < effect[2]:  # M€, and Helion's heat
                return msg("Costs %(n)s M€.", n=effect[2])
            continue
        test = OP_CHECKS.get(effect[0])
        if test is not None:
            reason = test(st, seat, effect)
            if reason is not None:
                return reason
    for name in card.checks:
        reason = CHECKS[name](st, seat, card_id)
        if reason is not None:
            return reason
    return None


@decision("prelude")
class PlayPrelude(Decision):
    """("prelude", seat, source, preludes, count): play `count` of `preludes`, one at a time."""

    prompt = msg("Which prelude do you play now?")

    def options(self, st: State, item: tuple[Any, ...]) -> list[Action]:
        seat, cards = item[1], item[3]
        playable = [c for c in cards if prelude_block(st, seat, c) is None]
        if playable:
            return [{"type": "card", "card": c} for c in playable]
        return [{"type": "discard", "card": c} for c in cards]

    def choose(self, st: State, item: tuple[Any, ...], action: Action) -> None:
        seat, cards, count = item[1], item[3], item[4]
        card = action["card"]
        if action["type"] == "card":
            front(st, ("play_card", seat, "", card))
        else:
            gain(st, seat, MC, PRELUDE_UNPLAYABLE_MC)
            log(st, seat, "prelude_discarded", PRELUDE_UNPLAYABLE_MC)
        rest = tuple(c for c in cards if c != card)
        if count > 1 and rest:
            front(st, ("prelude", seat, item[2], rest, count - 1))
