"""Mondo's scored rounds as JSON-safe data: the end-of-game breakdown and the score tables.

The engine's outcome carries it as its details and the view shows it; it sits below both.
"""

from __future__ import annotations

from typing import Any

from games.mondo.cards import MODIFIERS, TASKS
from games.mondo.rules import handicap_seats, is_solo
from games.mondo.state import MondoState

__all__ = ["history_view", "modifier_view"]


def modifier_view(index: int) -> dict[str, Any] | None:
    """Return a scoring modifier as the page shows it; None for none."""
    if index < 0:
        return None
    modifier = MODIFIERS[index]
    return {"id": modifier.id, "label": modifier.label, "text": modifier.text}


def history_view(state: MondoState) -> list[dict[str, Any]]:
    """Return every scored round with each player's breakdown (rules §7.8)."""
    solo = is_solo(state)
    # rules §11 handicap: no volcano chip is in play, so none is shown.
    chip_shown = not handicap_seats(state)
    totals = [0] * state.players
    rounds = []
    for done in state.history:
        players = []
        for seat, player in enumerate(done.players):
            totals[seat] += player.score
            players.append(
                {
                    "seat": seat,
                    "side": ("front", "back")[player.side],
                    "animals": player.animals,
                    "landscapes": player.landscapes,
                    "landscape_points": 2 * player.landscapes,
                    "chip": player.chip,
                    "free": player.free,
                    "errors": player.errors,
                    "active": player.active,
                    "inactive": player.inactive,
                    "volcano_chip": player.volcano_chip and chip_shown,
                    "counted": player.counted,
                    "volcano_penalty": player.volcano_penalty,
                    "modifier_points": player.modifier_points,
                    "lakes": player.lakes,
                    "largest_lake": player.largest_lake,
                    "largest_forest": player.largest_forest,
                    "aquatic": player.aquatic,
                    "tasks": [
                        {
                            "key": TASKS[task].key,
                            "label": TASKS[task].label,
                            "ok": ok,
                            "points": points,
                        }
                        for task, ok, points in player.tasks
                    ],
                    "task_points": sum(points for _t, _ok, points in player.tasks),
                    "minus": player.free + player.errors + player.volcano_penalty,
                    "score": player.score,
                    "total": totals[seat],
                    "total_minus": -totals[seat],
                }
            )
        rounds.append(
            {
                "round": done.round,
                "solo": solo,
                "modifier": modifier_view(done.modifier),
                "holders": list(done.holders),
                "has_tasks": any(player.tasks for player in done.players),
                "players": players,
            }
        )
    return rounds
