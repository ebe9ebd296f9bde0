"""Leaderboard page speed on a large ladder.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_ladder \\
        python -m bench.ladder [--ratings 100000] [--requests 50] [--game lost_cities]

Without DATABASE_URL it runs on a throwaway SQLite file in a temporary directory; it
writes nothing to var/ either way. With DATABASE_URL, the database must be a bench one
(its name contains "bench") unless --any-database is given, because the run writes N
users and ratings into it. A missing PostgreSQL database is created first (through the
`postgres` database).

The run migrates, fills the ladder with bulk_create (users named bench-ladder-NNNNNN,
ratings drawn from a fixed seed, about a tenth below the minimum of games), then times
the page through Django's test Client: p50 and p95 over N requests after a warm-up,
and the SQL queries of one request.
"""

from __future__ import annotations

import argparse
import atexit
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from datetime import timedelta
from typing import Any

from bench._common import print_table, setup_django

PREFIX = "bench-ladder-"
BATCH = 5000
WARM_UP = 3


def environment_prepare(*, any_database: bool) -> str:
    """Point Django at the bench database (or a temporary SQLite file); return its label.

    Settings are production-like (DEBUG off), so the timings include no debug overhead.
    """
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ["DEBUG"] = "false"
    os.environ["SECURE_SSL_REDIRECT"] = "false"  # the test Client speaks plain HTTP
    os.environ.setdefault("SECRET_KEY", "bench-only-not-a-secret")
    os.environ["ALLOWED_HOSTS"] = "testserver"
    # Everything Playtable keeps on disk (the SQLite database, static files) goes to a
    # fresh directory, removed at exit: the developer's var/ is never touched.
    var_dir = tempfile.mkdtemp(prefix="bench-ladder-")
    atexit.register(shutil.rmtree, var_dir, ignore_errors=True)
    os.makedirs(os.path.join(var_dir, "static"))
    os.environ["PLAYTABLE_VAR_DIR"] = var_dir
    url = os.environ.get("DATABASE_URL", "")
    if not url:
        return "a temporary SQLite file"
    import dj_database_url

    config = dj_database_url.parse(url)
    name = str(config.get("NAME") or "")
    if "bench" not in name and not any_database:
        sys.exit(
            f"Refusing to write {name!r}: the bench fills the database with test users. "
            "Use a database whose name contains 'bench', or pass --any-database."
        )
    if config["ENGINE"] == "django.db.backends.postgresql":
        postgres_database_create(config)
    return f"{config['ENGINE'].rsplit('.', 1)[-1]} ({name})"


def postgres_database_create(config: dict[str, Any]) -> None:
    """Create the PostgreSQL database named in `config` if it does not exist yet."""
    import psycopg
    from psycopg import sql

    with psycopg.connect(
        dbname="postgres",
        host=config.get("HOST") or None,
        port=config.get("PORT") or None,
        user=config.get("USER") or None,
        password=config.get("PASSWORD") or None,
        autocommit=True,
    ) as conn:
        exists = conn.execute(
            "SELECT 1 FROM pg_database WHERE datname = %s", [config["NAME"]]
        ).fetchone()
        if exists is None:
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(config["NAME"])))
            print(f"Created database {config['NAME']}.")


def users_ensure(size: int) -> list[int]:
    """Return the ids of bench users 0..size-1, creating the missing ones in bulk."""
    from accounts.models import User

    names = [f"{PREFIX}{i:06}" for i in range(size)]
    existing = set(
        User.objects.filter(username__startswith=PREFIX).values_list("username", flat=True)
    )
    missing = [
        User(username=name, email=f"{name}@bench.invalid", password="!")
        for name in names
        if name not in existing
    ]
    User.objects.bulk_create(missing, batch_size=BATCH)
    ids = dict(User.objects.filter(username__in=names).values_list("username", "id"))
    return [ids[name] for name in names]


def ladder_fill(*, game: str, user_ids: Sequence[int], seed: int) -> None:
    """Replace the bench users' ratings at `game` with a fresh, seeded ladder."""
    from django.db import connection
    from django.utils import timezone

    from ladder.models import Rating

    Rating.objects.filter(game=game, user__username__startswith=PREFIX).delete()
    rng = random.Random(seed)
    now = timezone.now()
    rows = []
    for user_id in user_ids:
        rating = rng.gauss(1500, 200)
        rows.append(
            Rating(
                user_id=user_id,
                game=game,
                rating=rating,
                # Most players have a few games, some hundreds: about 10% have fewer than 3.
                games=int(rng.expovariate(1 / 30)),
                peak=max(rating, 1500) + rng.random() * 50,
                last_played=now - timedelta(days=rng.random() * 365),
            )
        )
    Rating.objects.bulk_create(rows, batch_size=BATCH)
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            # Statistics and the visibility map (which lets a scan read the index alone),
            # as autovacuum gives a real database in time.
            cursor.execute("VACUUM ANALYZE ladder_rating")
            cursor.execute("VACUUM ANALYZE accounts_user")


def timings(client: Any, url: str, *, requests: int) -> tuple[float, float, int]:
    """Return the p50 and p95 in ms of `requests` GETs of `url`, and one GET's queries."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    for _ in range(WARM_UP):
        assert client.get(url).status_code == 200, url
    samples = []
    for _ in range(requests):
        started = time.perf_counter()
        response = client.get(url)
        samples.append((time.perf_counter() - started) * 1000)
        assert response.status_code == 200, url
    with CaptureQueriesContext(connection) as queries:
        client.get(url)
    p95 = statistics.quantiles(samples, n=20)[18] if len(samples) > 1 else samples[0]
    return statistics.median(samples), p95, len(queries)


def server_version() -> str:
    """Return the database server's name and version, e.g. "PostgreSQL 16.4"."""
    from django.db import connection

    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("SHOW server_version")
            return f"PostgreSQL {cursor.fetchone()[0].split()[0]}"
        if connection.vendor == "sqlite":
            cursor.execute("SELECT sqlite_version()")
            return f"SQLite {cursor.fetchone()[0]}"
    return connection.vendor


def cases_build(*, game: str, on_ladder: int) -> list[tuple[str, Any, str]]:
    """Return the requests to time: (label, client, url)."""
    from django.test import Client
    from django.urls import reverse

    from ladder import selectors
    from ladder.views import PAGE_SIZE

    url = reverse("ladder:detail", args=[game])
    pages = max((on_ladder + PAGE_SIZE - 1) // PAGE_SIZE, 1)
    anonymous = Client()
    cases = [
        ("first page", anonymous, url),
        (f"middle page ({pages // 2})", anonymous, f"{url}?page={pages // 2}"),
        (f"last page ({pages})", anonymous, f"{url}?page={pages}"),
    ]
    if on_ladder:
        # A player nine tenths of the way down: their row is shown above page 1.
        far = on_ladder * 9 // 10
        user = selectors.rating_list_ladder(game=game)[far : far + 1][0].user
        mine = selectors.rating_get_ranked(user=user, game=game)
        assert mine is not None
        player = Client()
        player.force_login(user)
        own_page = (mine.position - 1) // PAGE_SIZE + 1
        cases += [
            (f"first page, logged in, ranked {mine.rank:,}", player, url),
            (f"own page ({own_page}), logged in", player, f"{url}?page={own_page}"),
        ]
    return cases


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ratings", type=int, default=100_000)
    parser.add_argument("--requests", type=int, default=50)
    parser.add_argument("--game", default="lost_cities")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--any-database", action="store_true")
    args = parser.parse_args(argv)
    label = environment_prepare(any_database=args.any_database)
    setup_django()

    from django.core.management import call_command

    from games.registry import get_engine
    from ladder import selectors

    game = get_engine(args.game).slug
    call_command("migrate", verbosity=0)
    started = time.perf_counter()
    ladder_fill(game=game, user_ids=users_ensure(args.ratings), seed=args.seed)
    filled = time.perf_counter() - started
    on_ladder = selectors.rating_list_ladder(game=game).count()
    print(f"{server_version()}: {label}")
    print(
        f"{args.ratings:,} ratings at {game}, {on_ladder:,} of them on the ladder; "
        f"filled in {filled:.1f} s. {args.requests} requests a row after {WARM_UP} warm-up."
    )
    rows = []
    for name, client, url in cases_build(game=game, on_ladder=on_ladder):
        p50, p95, queries = timings(client, url, requests=args.requests)
        rows.append([name, f"{p50:.1f}", f"{p95:.1f}", str(queries)])
    print()
    print_table(["request", "p50 ms", "p95 ms", "queries"], rows)


if __name__ == "__main__":
    main()
