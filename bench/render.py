"""Board renders in process: ms and KiB per board, SQL queries, and the board's regions.

    python -m bench.render [game] [--repeat N] [--moves M] [--seed S] [--profile]

For each game (or the one named): a started live table of two players on a scratch
SQLite database (/tmp/bench-render.db, made afresh), played to mid-game through
`lobby.services.move_submit` with seeded random legal actions (M moves; Terraforming
Mars goes on until its setup is over). Then `lobby.rendering.board_html` is timed for a
seated player and for a spectator: the median of N renders after a warm-up, the board's
size, and the SQL queries of one render. While the moves are made, the engine's `apply`
is counted (outermost calls only, not inside `legal_actions`): a recorded move must cost
exactly one apply.

Regions: the board is rendered with a region collector (see lobby/templatetags/regions.py)
before and after one more move; the table gives the number of regions, the game
template's skeleton (what lies outside every region) in bytes, whether that skeleton
changed with the move, and how many regions changed for the seat that did not move.

Push drawings: P more moves (`--push-moves`), after each both seats' boards drawn as a
push draws them (`lobby.rendering.board_render` on one snapshot), once with kept regions
(a region whose named values did not change is reused, lobby/templatetags/regions.py)
and once afresh: the mean ms of each and the share of kept regions reused.

`--profile` prints pyinstrument's text profile of the seated player's renders instead, and
`--nodes` the template nodes (template:line) that cost most, by inclusive and self time.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DB_PATH = Path(os.environ.get("BENCH_RENDER_DB", "/tmp/bench-render.db"))
GAMES = ["lost_cities", "relative_space", "reworld", "mondo", "terraforming_mars"]


def setup() -> None:
    """Configure Django on a fresh scratch SQLite database and migrate it."""
    for suffix in ("", "-wal", "-shm"):
        Path(f"{DB_PATH}{suffix}").unlink(missing_ok=True)
    os.environ["DATABASE_URL"] = f"sqlite:///{DB_PATH}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("SECRET_KEY", "bench-render-secret-key")
    os.environ.setdefault("DEBUG", "false")
    os.environ.setdefault("LOG_LEVEL", "WARNING")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


class ApplyCounter:
    """Counts the engine's outermost `apply` calls, not those inside `legal_actions`."""

    def __init__(self, engine: Any) -> None:
        self.cls = type(engine)
        self.calls = 0
        self.depth = 0
        self.paused = 0

    @contextmanager
    def counting(self) -> Iterator[ApplyCounter]:
        cls, real_apply, real_legal = self.cls, self.cls.apply, self.cls.legal_actions

        def apply(engine: Any, *args: Any, **kwargs: Any) -> Any:
            if not self.depth and not self.paused:
                self.calls += 1
            self.depth += 1
            try:
                return real_apply(engine, *args, **kwargs)
            finally:
                self.depth -= 1

        def legal_actions(engine: Any, *args: Any, **kwargs: Any) -> Any:
            self.paused += 1
            try:
                return real_legal(engine, *args, **kwargs)
            finally:
                self.paused -= 1

        cls.apply, cls.legal_actions = apply, legal_actions
        try:
            yield self
        finally:
            cls.apply, cls.legal_actions = real_apply, real_legal


@dataclass
class Played:
    table: Any
    users: list[Any]
    moves: int
    applies: int


def _users(game: str) -> list[Any]:
    from accounts.models import User

    return [
        User.objects.create_user(f"{game[:12]}{x}", f"{game}{x}@bench.invalid", "bench-pw")
        for x in ("ann", "ben")
    ]


def start_table(game: str, seed: int) -> tuple[Any, list[Any]]:
    """Return a started live two-player table of `game` and its two users (seats 0, 1).

    The table's seed is `seed` (not a fresh random one), so runs compare like with like.
    """
    from unittest import mock

    from lobby.models import Table
    from lobby.services import seat_join, table_create

    a, b = _users(game)
    with mock.patch("lobby.services.tables.new_seed", return_value=seed):
        table = table_create(
            user=a,
            game=game,
            players=2,
            options={},
            mode=Table.Mode.LIVE,
            time_control={"base_seconds": 3600, "increment_seconds": 0},
        )
    seat_join(code=table.code, user=b)
    table.refresh_from_db()
    assert table.status == Table.Status.ACTIVE, table.status
    users = {seat.position: seat.user for seat in table.seats.select_related("user")}
    return table, [users[0], users[1]]


def move_once(table: Any, users: list[Any], rng: random.Random, counter: ApplyCounter) -> int:
    """Make one random legal move through move_submit; return the seat that moved."""
    from games.registry import get_engine
    from lobby.services import move_submit

    engine = get_engine(table.game)
    table.refresh_from_db()
    state = engine.load(table.state)
    seat = rng.choice(sorted(engine.to_move(state)))
    action = rng.choice(engine.legal_actions(state, seat))
    with counter.counting():
        move_submit(code=table.code, user=users[seat], action=action, seen_version=table.version)
    table.refresh_from_db()
    return int(seat)


def _setup_over(table: Any) -> bool:
    if table.game != "terraforming_mars":
        return True
    return bool(table.state and table.state.get("phase") not in ("setup", "research"))


def play(game: str, *, moves: int, seed: int) -> Played:
    """Start a table and play it to mid-game; count applies per recorded move."""
    from games.registry import get_engine

    table, users = start_table(game, seed)
    counter = ApplyCounter(get_engine(game))
    rng = random.Random(seed)
    made = 0
    while (made < moves or not _setup_over(table)) and table.status == "active":
        move_once(table, users, rng, counter)
        made += 1
    return Played(table=table, users=users, moves=made, applies=counter.calls)


def time_render(table: Any, user: Any, repeat: int) -> tuple[float, int, int]:
    """Return (median ms, bytes, SQL queries) of board_html for `user`."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from lobby.rendering import board_html

    for _ in range(3):
        board_html(table, user)
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        html = board_html(table, user)
        times.append(time.perf_counter() - started)
    with CaptureQueriesContext(connection) as queries:
        board_html(table, user)
    return statistics.median(times) * 1000, len(html.encode()), len(queries)


def collect(table: Any, user: Any) -> tuple[dict[str, str], str]:
    """Render the board with a region collector; return (regions, game skeleton).

    The game skeleton is the game template rendered alone with its own collector: what the
    game leaves outside its regions (the lobby's part is not this benchmark's).
    """
    from django.template.loader import render_to_string

    from lobby.rendering import board_context

    context = board_context(table, user)
    regions: dict[str, str] = {}
    render_to_string("lobby/_board.html", {**context, "_regions": regions})
    if context["view"] is None:
        return regions, ""
    game_regions: dict[str, str] = {}
    skeleton = render_to_string(context["board_template"], {**context, "_regions": game_regions})
    return regions, skeleton


@dataclass
class RegionFigures:
    count: int
    skeleton_bytes: int
    skeleton_changed: bool
    changed: list[str]
    board_bytes: int
    push_bytes: int | None


def region_figures(played: Played, rng: random.Random) -> RegionFigures:
    """Render the boards before and after one more move; compare the other seat's regions.

    With the push's own functions (lobby.rendering.board_render and board_message), the
    message that seat's socket gets is measured too; else the regions are compared from
    the collector alone.
    """
    from games.registry import get_engine
    from lobby import rendering

    table, users = played.table, played.users
    game_before = [collect(table, user)[1] for user in users]
    pushes = hasattr(rendering, "board_render") and hasattr(rendering, "board_message")
    boards_before = [rendering.board_render(table, user) for user in users] if pushes else []
    regions_before = [collect(table, user)[0] for user in users]
    mover = move_once(table, users, rng, ApplyCounter(get_engine(table.game)))
    other = 1 - mover
    regions_after, game_after = collect(table, users[other])
    names = sorted(set(regions_before[other]) | set(regions_after))
    changed = [n for n in names if regions_before[other].get(n) != regions_after.get(n)]
    push_bytes, board_bytes = None, len(rendering.board_html(table, users[other]).encode())
    skeleton_changed = game_before[other] != game_after
    if pushes:
        after = rendering.board_render(table, users[other])
        _full, sent = rendering.board_full(boards_before[other])
        message, _sent = rendering.board_message(after, sent)
        push_bytes, board_bytes = len(message.encode()), len(after.html.encode())
        skeleton_changed = skeleton_changed or after.skeleton != boards_before[other].skeleton
    return RegionFigures(
        count=len(regions_after),
        skeleton_bytes=len(game_after.encode()),
        skeleton_changed=skeleton_changed,
        changed=changed,
        board_bytes=board_bytes,
        push_bytes=push_bytes,
    )


@dataclass
class PushFigures:
    drawings: int
    kept_ms: float
    fresh_ms: float
    hit_share: float | None


def push_figures(played: Played, rng: random.Random, moves: int) -> PushFigures:
    """Play `moves` more moves; after each, draw both seats' boards as a push does.

    Each drawing is made twice, timed apart: with kept regions (lobby.templatetags.regions,
    reusing what the earlier pushes drew) and afresh (keeping switched off). On a commit
    without kept regions both columns draw afresh.
    """
    from games.registry import get_engine
    from lobby.pushes import snapshot_of
    from lobby.rendering import board_render
    from lobby.selectors import table_get
    from lobby.templatetags import regions

    kept = getattr(regions, "KEPT", None)
    table, users = played.table, played.users
    counter = ApplyCounter(get_engine(table.game))
    kept_times: list[float] = []
    fresh_times: list[float] = []
    hits = misses = 0
    for number in range(moves):
        if table.status != "active":
            break
        move_once(table, users, rng, counter)
        shot = snapshot_of(table_get(code=table.code))
        assert shot.table is not None
        # Which of the two draws first alternates: the second finds warm caches.
        order = [(True, kept_times), (False, fresh_times)]
        for user in users:
            for keeping, times in order if number % 2 else order[::-1]:
                if kept is not None:
                    kept.enabled = keeping
                    before = kept.hits, kept.misses
                started = time.thread_time()  # CPU time: the machine may be shared
                board_render(shot.table, user, moves=shot.moves, state=shot.state)
                times.append(time.thread_time() - started)
                if kept is not None and keeping:
                    hits += kept.hits - before[0]
                    misses += kept.misses - before[1]
        if kept is not None:
            kept.enabled = True
    looked = hits + misses
    return PushFigures(
        drawings=len(kept_times),
        kept_ms=statistics.mean(kept_times) * 1000 if kept_times else 0.0,
        fresh_ms=statistics.mean(fresh_times) * 1000 if fresh_times else 0.0,
        hit_share=hits / looked if looked else None,
    )


def profile(played: Played, repeat: int) -> None:
    """Print pyinstrument's profile of `repeat` renders of the seated player's board."""
    from pyinstrument import Profiler

    from lobby.rendering import board_html

    table, user = played.table, played.users[0]
    board_html(table, user)
    profiler = Profiler(interval=0.0002)
    profiler.start()
    for _ in range(repeat):
        board_html(table, user)
    profiler.stop()
    print(profiler.output_text(unicode=True, color=False, show_all=False))


def node_profile(played: Played, repeat: int, top: int = 15) -> None:
    """Print the template nodes that cost most in the seated player's renders.

    Every node's render is timed (so the figures carry the timer's own overhead, and
    rank more than they measure): inclusive time per template line (a loop's body
    counts into its `for`), self time (without the nodes inside), and calls per render.
    """
    from collections import defaultdict

    from django.template import base

    from lobby.rendering import board_html

    real = base.Node.render_annotated
    inclusive: defaultdict[str, float] = defaultdict(float)
    own: defaultdict[str, float] = defaultdict(float)
    calls: defaultdict[str, int] = defaultdict(int)
    stack: list[float] = []

    def timed(node: Any, context: Any) -> Any:
        token = getattr(node, "token", None)
        origin = getattr(node, "origin", None)
        name = getattr(origin, "template_name", "?")
        key = f"{name}:{token.lineno} {{% {token.contents[:50]} %}}" if token else name
        if isinstance(node, base.TextNode):
            key = f"{name} text"
        started = time.perf_counter()
        stack.append(0.0)
        try:
            return real(node, context)
        finally:
            spent = time.perf_counter() - started
            inner = stack.pop()
            own[key] += spent - inner
            if stack:
                stack[-1] += spent
            if key not in active:
                inclusive[key] += spent
            calls[key] += 1

    active: set[str] = set()
    table, user = played.table, played.users[0]
    board_html(table, user)
    base.Node.render_annotated = timed  # type: ignore[method-assign,assignment]
    try:
        for _ in range(repeat):
            board_html(table, user)
    finally:
        base.Node.render_annotated = real  # type: ignore[method-assign]
    for title, counter in (("inclusive", inclusive), ("self", own)):
        rows = [
            [key, f"{spent / repeat * 1000:.3f}", f"{calls[key] / repeat:.0f}"]
            for key, spent in sorted(counter.items(), key=lambda item: -item[1])[:top]
        ]
        print(f"### template nodes by {title} ms per render")
        print_markdown(["node", "ms", "calls"], rows)
        print()


def game_ms(table: Any, user: Any, repeat: int) -> float:
    """Return the median ms of the game's own template alone (the board less the lobby's)."""
    from django.template.loader import render_to_string

    from lobby.rendering import board_context

    context = board_context(table, user)
    if context["view"] is None:
        return 0.0
    times = []
    for _ in range(repeat + 3):
        started = time.perf_counter()
        render_to_string(context["board_template"], context)
        times.append(time.perf_counter() - started)
    return statistics.median(times[3:]) * 1000


def view_ms(table: Any, seat: int | None, repeat: int) -> float:
    """Return the median ms of the engine's load + view for `seat` (part of a render)."""
    from games.registry import get_engine

    engine = get_engine(table.game)
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        engine.view(engine.load(table.state), seat)
        times.append(time.perf_counter() - started)
    return statistics.median(times) * 1000


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", choices=GAMES)
    parser.add_argument("--repeat", type=int, default=50)
    parser.add_argument("--moves", type=int, default=20)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument(
        "--push-moves", type=int, default=30, help="moves whose push drawings are timed"
    )
    parser.add_argument("--profile", action="store_true", help="pyinstrument's profile")
    parser.add_argument("--nodes", action="store_true", help="the costliest template nodes")
    args = parser.parse_args(argv)
    setup()
    from django.contrib.auth.models import AnonymousUser

    games = [args.game] if args.game else GAMES
    if args.profile or args.nodes:
        for game in games:
            print(f"## {game}")
            played = play(game, moves=args.moves, seed=args.seed)
            if args.profile:
                profile(played, args.repeat)
            if args.nodes:
                node_profile(played, args.repeat)
        return
    rows, region_rows, push_rows = [], [], []
    for game in games:
        played = play(game, moves=args.moves, seed=args.seed)
        table = played.table
        for label, user, seat in (
            ("player", played.users[0], 0),
            ("spectator", AnonymousUser(), None),
        ):
            ms, size, queries = time_render(table, user, args.repeat)
            rows.append(
                [
                    game,
                    label,
                    f"{ms:.2f}",
                    f"{game_ms(table, user, args.repeat):.2f}",
                    f"{view_ms(table, seat, args.repeat):.2f}",
                    f"{size / 1024:.1f}",
                    str(queries),
                    str(played.moves),
                    f"{played.applies / max(played.moves, 1):.1f}",
                ]
            )
        figures = region_figures(played, random.Random(args.seed + 1))
        pushed = push_figures(played, random.Random(args.seed + 2), args.push_moves)
        push_rows.append(
            [
                game,
                str(pushed.drawings),
                f"{pushed.fresh_ms:.2f}",
                f"{pushed.kept_ms:.2f}",
                f"{(1 - pushed.kept_ms / pushed.fresh_ms) * 100:.0f} %" if pushed.fresh_ms else "-",
                "-" if pushed.hit_share is None else f"{pushed.hit_share * 100:.0f} %",
            ]
        )
        region_rows.append(
            [
                game,
                str(figures.count),
                str(figures.skeleton_bytes),
                "yes" if figures.skeleton_changed else "no",
                str(len(figures.changed)),
                " ".join(figures.changed) or "-",
                "-" if figures.push_bytes is None else f"{figures.push_bytes / 1024:.1f}",
                f"{figures.board_bytes / 1024:.1f}",
            ]
        )
    print_markdown(
        [
            "game",
            "viewer",
            "ms/render",
            "game template ms",
            "view ms",
            "KiB",
            "queries",
            "moves",
            "apply calls per move",
        ],
        rows,
    )
    print()
    print_markdown(
        [
            "game",
            "regions",
            "game skeleton bytes",
            "skeleton changed",
            "regions changed (seat that did not move)",
            "which",
            "push KiB",
            "board KiB",
        ],
        region_rows,
    )
    print()
    print_markdown(
        [
            "game",
            "push drawings (both seats)",
            "ms drawn afresh",
            "ms with kept regions",
            "saved",
            "kept regions reused",
        ],
        push_rows,
    )


def print_markdown(headers: list[str], rows: list[list[str]]) -> None:
    """Print a markdown table."""
    print("| " + " | ".join(headers) + " |")
    print("|" + "|".join(" --- " for _ in headers) + "|")
    for row in rows:
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
