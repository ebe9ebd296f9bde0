"""Random self-play throughput of every registered engine.

    python -m bench.engines [game] [--games N] [--players P] [--seed S] [--option key=value]

For each game: N matches of uniformly random legal moves from setup to the outcome.
A decision is one `legal_actions` + choice + `apply`; its time includes all three.
Peak memory is measured in a separate, shorter pass under tracemalloc (which slows
Python down and would spoil the timings).
"""

from __future__ import annotations

import argparse
import random
import time
import tracemalloc
from dataclasses import dataclass
from typing import Any

from bench._common import parse_options, print_table, selected_engines, setup_django


@dataclass
class Result:
    """Figures of one benchmark run."""

    games: int
    moves: int
    seconds: float
    apply_seconds: float
    legal_seconds: float


def self_play(
    engine: Any, *, games: int, players: int, seed: int, options: dict[str, Any] | None = None
) -> Result:
    """Play `games` random matches; return counts and timings."""
    options = options or {}
    pick = random.Random(seed)
    moves = 0
    apply_s = legal_s = 0.0
    clock = time.perf_counter
    started = clock()
    for game in range(games):
        state = engine.setup(players=players, seed=seed + game, options=options)
        while True:
            seats = engine.to_move(state)
            if not seats:
                break
            seat = min(seats) if len(seats) == 1 else pick.choice(sorted(seats))
            t0 = clock()
            actions = engine.legal_actions(state, seat)
            t1 = clock()
            state = engine.apply(state, seat, pick.choice(actions))
            t2 = clock()
            legal_s += t1 - t0
            apply_s += t2 - t1
            moves += 1
        assert engine.outcome(state) is not None
    return Result(games, moves, clock() - started, apply_s, legal_s)


def peak_memory_kib(
    engine: Any, *, games: int, players: int, seed: int, options: dict[str, Any] | None = None
) -> float:
    """Return the peak traced memory of a few matches, in KiB."""
    tracemalloc.start()
    try:
        self_play(engine, games=games, players=players, seed=seed, options=options)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return peak / 1024


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", help="slug of one game (default: all)")
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--option", action="append", help="a table option, key=value (repeatable): prelude=true"
    )
    args = parser.parse_args(argv)
    setup_django()
    rows = []
    for engine in selected_engines(args.game):
        players = args.players or engine.min_players
        options = parse_options(args.option)
        result = self_play(
            engine, games=args.games, players=players, seed=args.seed, options=options
        )
        peak = peak_memory_kib(
            engine, games=min(args.games, 20), players=players, seed=args.seed, options=options
        )
        rows.append(
            [
                engine.slug,
                str(players),
                str(result.games),
                f"{result.games / result.seconds:,.1f}",
                f"{result.moves / result.seconds:,.0f}",
                f"{result.moves / result.games:,.1f}",
                f"{result.seconds / result.moves * 1e6:.2f}",
                f"{result.legal_seconds / result.moves * 1e6:.2f}",
                f"{result.apply_seconds / result.moves * 1e6:.2f}",
                f"{peak:,.0f}",
            ]
        )
    print_table(
        [
            "game",
            "players",
            "games",
            "games/s",
            "moves/s",
            "moves/game",
            "µs/decision",
            "µs legal",
            "µs apply",
            "peak KiB",
        ],
        rows,
    )


if __name__ == "__main__":
    main()
