"""What the board shows of the Colonies expansion (rules §14): tiles, tracks, colonies, fleets.

Everything here is public (§15.0): the tiles, their markers, who has colonies and fleets where.
The viewer's own Trade and Build Colony choices come with the reason when one is not legal.
"""

from __future__ import annotations

from typing import Any

from games.terraforming_mars.colonies import (
    BUILD_COLONY_COST,
    MAX_COLONIES,
    TILES,
    TRADE_PAYMENTS,
    colony_block,
    discards_due,
    fleets,
    fleets_out,
    is_active,
    trade_block,
    trade_costs,
)
from games.terraforming_mars.colony_text import (
    benefit_words,
    colony_name,
    income_words,
    step_label,
)
from games.terraforming_mars.state import State
from games.terraforming_mars.vocab import amount_of, resource_word

__all__ = ["colonies_view"]


def colonies_view(
    st: State, seat: int | None, legal: list[dict[str, Any]]
) -> dict[str, Any] | None:
    """The colony tiles and fleets for the board (None when the option is off)."""
    if not st.colonies:
        return None
    my_turn = seat is not None and st.phase == "action" and not st.queue and seat == st.active
    costs = trade_costs(st, seat) if seat is not None else {}
    tiles = []
    for key, step, owners, trader in st.colonies:
        tile = TILES[key]
        active = is_active(st, key)
        track = [
            {
                "step": i,
                "label": step_label(tile.income, i),
                "title": benefit_words(tile.income, i),
                "current": active and i == step,
            }
            for i in range(len(tile.income.amounts))
        ]
        trades = []
        if my_turn and seat is not None:
            for payment in TRADE_PAYMENTS:
                action = {"type": "trade", "colony": key, "payment": payment}
                trades.append(
                    {
                        "action": action if action in legal else None,
                        "label": amount_of(costs[payment], payment),
                    }
                )
        build = {"type": "colony", "colony": key}
        reason: Any = ""
        if my_turn and seat is not None and build not in legal and active:
            reason = colony_block(st, seat, key, pay=BUILD_COLONY_COST) or ""
        trade_reason: Any = ""
        if my_turn and seat is not None and active and not any(t["action"] for t in trades):
            trade_reason = trade_block(st, seat, key, "mc") or ""
        tiles.append(
            {
                "key": key,
                "name": colony_name(key),
                "active": active,
                "needs": resource_word(tile.needs) if tile.needs else "",
                "income": income_words(tile.income),
                "step": step,
                "track": track,
                "build_bonus": benefit_words(tile.build),
                "colony_bonus": benefit_words(tile.bonus),
                "slots": [owners[i] if i < len(owners) else None for i in range(MAX_COLONIES)],
                "trader": trader if trader >= 0 else None,
                "trades": trades,
                "trade_reason": trade_reason,
                "build": build if build in legal and my_turn else None,
                "build_reason": reason,
            }
        )
    return {
        "tiles": tiles,
        "build_cost": BUILD_COLONY_COST,
        "fleets": [
            {"seat": s, "total": fleets(st, s), "out": fleets_out(st, s)} for s in range(st.n)
        ],
        # The seats whose Pluto discard waits for the end of this turn (public: the draw is).
        "after_turn": list(discards_due(st)),
    }
