"""Final scoring (rules §10.2) and the live score (§12.5): TR, awards, milestones, board, cards."""

from __future__ import annotations

from typing import Any

from games.terraforming_mars.board import adjacent_count, map_of
from games.terraforming_mars.catalog import CARDS
from games.terraforming_mars.constants import (
    AWARD_VP_FIRST,
    AWARD_VP_SECOND,
    MC,
    MILESTONE_VP,
    SOLO_LOST_SCORES_ZERO,
)
from games.terraforming_mars.milestones import AWARDS
from games.terraforming_mars.state import State
from games.terraforming_mars.tags import tag_count

__all__ = ["award_places", "breakdown", "card_vp", "final_scores"]


def award_places(values: list[int]) -> list[int]:
    """Return the award VP of each player from their values (§10.2).

    The highest value(s) get 5; if exactly one player is first, the next-highest value(s)
    get 2, except in a 2-player game. A value of 0 can still place.
    """
    best = max(values)
    firsts = [i for i, v in enumerate(values) if v == best]
    points = [AWARD_VP_FIRST if v == best else 0 for v in values]
    if len(firsts) == 1 and len(values) > 2:
        rest = [v for v in values if v != best]
        if rest:
            second = max(rest)
            points = [
                AWARD_VP_SECOND if v == second else p for v, p in zip(values, points, strict=True)
            ]
    return points


def card_vp(st: State, seat: int, card_id: str) -> int:
    """Return the VP of one card of `seat` now (§10.2 step 5; fractions round down)."""
    card = CARDS[card_id]
    rule = card.vp_rule
    if rule is None:
        return 0
    kind = rule[0]
    player = st.players[seat]
    # The rule's numbers are Any (vp_rule is tuple[Any, ...]): `vp` types the result
    # (a bare annotation costs nothing at run time).
    vp: int
    if kind == "fixed":
        vp = rule[1]
        return vp
    if kind == "res":
        vp = rule[1] * (player.res.get(card_id, 0) // rule[2])
        return vp
    if kind == "tag":
        vp = rule[2] * tag_count(player, rule[1], purpose="vp")  # printed tags only (§13)
        return vp
    if kind == "adjacent":
        for space, (_kind, owner, name) in st.board.items():
            if name == card.tile_name and owner == seat:
                vp = rule[2] * adjacent_count(st, space, rule[1])
                return vp
        return 0
    if kind == "cities":
        vp = rule[1] * (st.cities() // rule[2])
        return vp
    if kind == "res_at_least":
        return rule[1] if player.res.get(card_id, 0) >= rule[2] else 0
    if kind == "colonies":  # §14: per colonies in play, all players
        placed = sum(len(owners) for _key, _step, owners, _trader in st.colonies)
        return int(rule[1] * (placed // rule[2]))
    raise AssertionError(f"unknown VP rule {rule}")


def _award_points(st: State) -> tuple[list[int], list[dict[str, Any]]]:
    totals = [0] * st.n
    details = []
    for key, funder in st.awards:
        values = [AWARDS[key].measure(st, seat) for seat in range(st.n)]
        points = award_places(values)
        for seat in range(st.n):
            totals[seat] += points[seat]
        details.append({"award": key, "funder": funder, "values": values, "points": points})
    return totals, details


def breakdown(st: State) -> list[dict[str, Any]]:
    """Return each player's VP by category, as the end-of-game panel shows it (§10.2)."""
    m = map_of(st)
    awards, _ = _award_points(st) if st.awards else ([0] * st.n, [])
    rows = []
    for seat, player in enumerate(st.players):
        greeneries = 0
        cities = 0
        for space, (kind, owner, _name) in st.board.items():
            if owner != seat:
                continue
            if kind == "greenery":
                greeneries += 1
            elif kind == "city" and space in m.by_id:
                cities += adjacent_count(st, space, "greenery")
        cards: list[dict[str, Any]] = []
        for card in (*player.in_play(), *player.events):
            vp = card_vp(st, seat, card)
            if vp:
                cards.append({"card": CARDS[card].name, "vp": vp})
        milestones = MILESTONE_VP * sum(1 for _, who in st.milestones if who == seat)
        card_total: int = sum(c["vp"] for c in cards)
        total = player.tr + awards[seat] + milestones + greeneries + cities + card_total
        rows.append(
            {
                "seat": seat,
                "tr": player.tr,
                "milestones": milestones,
                "awards": awards[seat],
                "greeneries": greeneries,
                "cities": cities,
                "cards": card_total,
                "card_list": cards,
                "total": total,
                "mc": player.stock[MC],
            }
        )
    return rows


def award_details(st: State) -> list[dict[str, Any]]:
    return _award_points(st)[1] if st.awards else []


def final_scores(st: State, won: bool | None = None) -> tuple[list[int], list[int], dict[str, Any]]:
    """Return (scores, places, details) of a finished game.

    Scores are the VP; places: most VP, then most M€ (§10.2), equal on both share.
    `details["tie_break"]` says whether M€ decided a place.
    """
    rows = breakdown(st)
    vp = [row["total"] for row in rows]
    mc = [row["mc"] for row in rows]
    details: dict[str, Any] = {"breakdown": rows, "awards": award_details(st)}
    if st.solo:
        details["solo"] = {"won": bool(won), "mode": st.settings.solo_mode}
        score = vp[0] if won or not SOLO_LOST_SCORES_ZERO else 0
        return [score], [1], details
    keyed = list(zip(vp, mc, strict=True))
    places = [1 + sum(1 for other in keyed if other > mine) for mine in keyed]
    tie_broken = any(
        vp[i] == vp[j] and mc[i] != mc[j] for i in range(st.n) for j in range(i + 1, st.n)
    )
    details["tie_break"] = tie_broken
    return vp, places, details
