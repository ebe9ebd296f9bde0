"""Build Lost Cities states from a known deal, written in a short card notation."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from games.lost_cities.cards import CARDS, COLOUR_INDEX, deck_ids
from games.lost_cities.engine import ENGINE, _first_start, _next_start
from games.lost_cities.scoring import round_score
from games.lost_cities.state import FinishedRound, LostCitiesState, Settings

__all__ = ["ENGINE", "build_state", "ids", "play_turn", "settings"]

_LETTER = {"Y": "yellow", "B": "blue", "W": "white", "G": "green", "R": "red", "P": "purple"}


def ids(text: str) -> list[str]:
    """Return card ids for a short notation: "YW1 Y3 R10" -> ["LC-YW1", "LC-Y3", "LC-R10"]."""
    out = [f"LC-{word}" for word in text.split()]
    for card in out:
        assert card in CARDS, f"no card {card}"
    return out


def settings(**options: Any) -> Settings:
    """Return cleaned table settings (defaults filled in)."""
    return Settings(**ENGINE.validate_options(options))


def _columns(spec: Mapping[str, str] | None, colours: int) -> tuple[tuple[str, ...], ...]:
    columns: list[tuple[str, ...]] = [()] * colours
    for colour, text in (spec or {}).items():
        columns[COLOUR_INDEX[colour]] = tuple(ids(text))
    return tuple(columns)


def build_state(
    *,
    hands: Sequence[str],
    columns: Sequence[Mapping[str, str]] = ({}, {}),
    discards: Mapping[str, str] | None = None,
    deck_top: str = "",
    deck_size: int | None = None,
    active: int = 0,
    phase: str = "place",
    blocked: str | None = None,
    round: int = 1,
    history: Iterable[tuple[Sequence[Mapping[str, str]], int]] = (),
    start: int | None = None,
    seed: int = 7,
    **options: Any,
) -> LostCitiesState:
    """Return a valid state holding exactly the given cards where they are named.

    `hands` are two notations; `columns` per seat and `discards` map colour names to
    notations (bottom first); `deck_top` lists the next cards to be drawn, first first.
    Every other card goes under them in the draw pile; with `deck_size`, the surplus is
    laid at the bottom of the discard piles of its colour instead. `history` gives the
    finished rounds as (columns per seat, start seat). The state is checked with
    `ENGINE.load`, so it obeys every rule the engine enforces.
    """
    cfg = settings(**options)
    colours = cfg.expeditions
    hand_ids = tuple(tuple(sorted(ids(h), key=lambda c: CARDS[c].order)) for h in hands)
    cols = tuple(_columns(spec, colours) for spec in columns)
    piles = list(_columns(discards, colours))
    top = ids(deck_top)
    named = [c for h in hand_ids for c in h] + top
    named += [c for seat_cols in cols for col in seat_cols for c in col]
    named += [c for pile in piles for c in pile]
    twice = sorted({c for c in named if named.count(c) > 1})
    assert not twice, f"cards named twice: {twice}"
    used = set(named)
    rest = [card for card in deck_ids(colours) if card not in used]
    if deck_size is not None:
        keep = deck_size - len(top)
        assert keep >= 0, "deck_size is smaller than deck_top"
        surplus, rest = rest[: len(rest) - keep], rest[len(rest) - keep :]
        for card in reversed(surplus):
            colour = CARDS[card].colour
            piles[colour] = (card, *piles[colour])
    finished = []
    for seat_specs, round_start in history:
        done_cols = (_columns(seat_specs[0], colours), _columns(seat_specs[1], colours))
        scores = (
            round_score(done_cols[0], cfg.bonus_counts_wagers),
            round_score(done_cols[1], cfg.bonus_counts_wagers),
        )
        finished.append(FinishedRound(round_start, done_cols, scores))
    history_t = tuple(finished)
    if start is None:
        start = (
            _first_start(seed, cfg)
            if not history_t
            else _next_start(history_t, history_t[-1].start)
        )
    state = LostCitiesState(
        seed=seed,
        settings=cfg,
        round=round,
        start=start,
        history=history_t,
        # The draw pile's top is its last element: deck_top's first card is drawn first.
        deck=(*rest, *reversed(top)),
        hands=(hand_ids[0], hand_ids[1]),
        columns=(cols[0], cols[1]),
        discards=tuple(piles),
        active=active,
        phase=phase,
        blocked=-1 if blocked is None else COLOUR_INDEX[blocked],
        recent=(),
    )
    assert ENGINE.load(ENGINE.dump(state)) == state
    return state


def play_turn(
    state: LostCitiesState, place: dict[str, Any], take: dict[str, Any] | None = None
) -> LostCitiesState:
    """Play one whole turn of the active seat: a placement, then a take (default: draw)."""
    seat = state.active
    state = ENGINE.apply(state, seat, place)
    return ENGINE.apply(state, seat, take or {"type": "draw"})
