"""Heuristic bot against random bot, per registered game, seats alternating.

    python -m bench.bots [game] [--games 500] [--seed S] [--option key=value]

A win is a sole first place; a shared first place is a draw. The interval is the 95%
Wilson score interval of the win rate.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from typing import Any

from bench._common import parse_options, print_table, selected_engines, setup_django


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """Return the 95% Wilson score interval of wins/n."""
    if n == 0:
        return (0.0, 0.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def duel(
    engine: Any, *, games: int, seed: int, options: dict[str, Any] | None = None
) -> dict[str, Any]:
    """Play heuristic against random `games` times, rotating the heuristic's seat."""
    bots = engine.bots  # attached with the engine when its app is ready
    # A duel needs an opponent: games that may also be played alone use two seats.
    players = max(engine.min_players, min(2, engine.max_players))
    wins = draws = 0
    mine: list[int] = []
    theirs: list[float] = []
    started = time.perf_counter()
    for game in range(games):
        hero = game % players
        rng = random.Random(seed + game)
        state = engine.setup(players=players, seed=seed + game, options=options or {})
        while seats := engine.to_move(state):
            seat = min(seats)
            bot = bots["heuristic"] if seat == hero else bots["random"]
            state = engine.apply(state, seat, bot.choose(engine, state, seat, rng))
        outcome = engine.outcome(state)
        firsts = [s for s, place in enumerate(outcome.places) if place == 1]
        if firsts == [hero]:
            wins += 1
        elif hero in firsts:
            draws += 1
        mine.append(outcome.scores[hero])
        others = [score for s, score in enumerate(outcome.scores) if s != hero]
        theirs.append(sum(others) / len(others))
    return {
        "wins": wins,
        "draws": draws,
        "losses": games - wins - draws,
        "mean_heuristic": sum(mine) / games,
        "mean_random": sum(theirs) / games,
        "seconds": time.perf_counter() - started,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", help="slug of one game (default: all)")
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--option", action="append", help="table option key=value (repeat)")
    args = parser.parse_args(argv)
    setup_django()
    rows = []
    for engine in selected_engines(args.game):
        result = duel(engine, games=args.games, seed=args.seed, options=parse_options(args.option))
        low, high = wilson(result["wins"], args.games)
        rows.append(
            [
                engine.slug,
                str(args.games),
                str(result["wins"]),
                str(result["draws"]),
                str(result["losses"]),
                f"{result['wins'] / args.games:.1%}",
                f"{low:.1%}–{high:.1%}",
                f"{result['mean_heuristic']:.1f}",
                f"{result['mean_random']:.1f}",
                f"{result['seconds'] / args.games * 1000:.1f}",
            ]
        )
    print_table(
        [
            "game",
            "games",
            "wins",
            "draws",
            "losses",
            "win rate",
            "95% interval",
            "mean heuristic",
            "mean random",
            "ms/game",
        ],
        rows,
    )


if __name__ == "__main__":
    main()
