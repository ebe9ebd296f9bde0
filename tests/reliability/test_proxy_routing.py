"""deploy/nginx.conf, for real: nginx in front of two daphne processes routes every
request and socket of a table to one process, and a table whose process dies moves on.

The shipped file is used as it is, but for its ports (the upstream's two servers and the
listening address are rewritten to this test's). What reached which daphne is read from
each daphne's own access log.

1. Twenty two-player tables: both players' sockets, the page and a move of each table
   reach one and the same process; the tables are spread over both processes.
2. A move posted through nginx reaches the other player's socket (WebSocket upgrades
   pass the proxy).
3. A socket of a table opened straight on the other process (a table split, as while
   the ring changes) hears every move of it.
4. The process of a table is killed (SIGKILL): its sockets close; reopened through nginx
   they land on the other process, which sends the current board; the next move is
   answered there and reaches the other player.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.reliability.live import (
    ROOT,
    SHELL_COOKIE,
    VERSION,
    Player,
    RedisServer,
    Stack,
    board_version,
    database_drop,
    database_fresh,
    port_free,
    port_wait,
    wait_for,
)

pytestmark = [pytest.mark.live]

CONFIG = ROOT / "deploy" / "nginx.conf"
TABLES = 20

SETUP = (
    SHELL_COOKIE
    + """
import json
from accounts.models import User
from lobby.services import seat_join, table_create

out = []
for i in range(TABLES):
    a = User.objects.create_user(f"route{i}_a", f"route{i}_a@t.invalid", "pw")
    b = User.objects.create_user(f"route{i}_b", f"route{i}_b@t.invalid", "pw")
    t = table_create(user=a, game="lost_cities", players=2, options={"rounds": 1}, mode="live")
    seat_join(code=t.code, user=b)
    out.append({"code": str(t.code), "cookies": [cookie(a), cookie(b)]})
print(json.dumps(out))
""".replace("TABLES", str(TABLES))
)


def nginx_config(workdir: Path, listen: int, upstreams: list[int]) -> Path:
    """The shipped file with this test's ports, inside a main nginx configuration."""
    shipped = CONFIG.read_text()
    servers = re.findall(r"^\s*server 127\.0\.0\.1:\d+ [^;]*;\n", shipped, re.M)
    assert len(servers) == 2, "deploy/nginx.conf lists two daphne processes"
    site = shipped.replace(servers[0], servers[0].replace(":8001", f":{upstreams[0]}"))
    site = site.replace(servers[1], servers[1].replace(":8002", f":{upstreams[1]}"))
    assert "    listen 80;\n" in site
    site = site.replace("    listen 80;\n", f"    listen 127.0.0.1:{listen};\n")
    for name in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"):
        (workdir / name).mkdir(exist_ok=True)
    main = workdir / "nginx-main.conf"
    main.write_text(
        ("user root;\n" if os.geteuid() == 0 else "") + f"pid {workdir}/nginx.pid;\n"
        f"error_log {workdir}/nginx-error.log warn;\n"
        "worker_processes 1;\n"
        "events { worker_connections 256; }\n"
        "http {\n"
        f"  access_log off;\n"
        f"  client_body_temp_path {workdir}/client_body;\n"
        f"  proxy_temp_path {workdir}/proxy;\n"
        f"  fastcgi_temp_path {workdir}/fastcgi;\n"
        f"  uwsgi_temp_path {workdir}/uwsgi;\n"
        f"  scgi_temp_path {workdir}/scgi;\n" + site + "}\n"
    )
    return main


class Nginx:
    def __init__(self, workdir: Path, upstreams: list[int]) -> None:
        binary = shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin:/sbin")
        assert binary, "nginx is needed (Debian's nginx-light package; .ci/run installs it)"
        self.port = port_free()
        self.conf = nginx_config(workdir, self.port, upstreams)
        self.command = [binary, "-p", str(workdir), "-c", str(self.conf), "-g", "daemon off;"]
        self.workdir = workdir
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        check = subprocess.run([*self.command, "-t"], capture_output=True, text=True)
        assert check.returncode == 0, check.stderr
        self.proc = subprocess.Popen(
            self.command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        port_wait(self.port)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGQUIT)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()


class Browser(Player):
    """One player through the proxy: plain HTTP for the page and moves, and a socket."""

    def __init__(self, base: str, code: str, cookie: str) -> None:
        super().__init__(base, code, cookie)
        self.base, self.cookie = base, cookie
        self.socket: Any = None
        self.sockets = contextlib.ExitStack()

    def open_socket(self) -> int:
        """Open the table's socket as the page does; return the first board's version."""
        from websockets.sync.client import connect

        self.socket = self.sockets.enter_context(
            connect(
                f"{self.base.replace('http', 'ws')}/ws/table/{self.code}/",
                additional_headers={"Cookie": f"sessionid={self.cookie}"},
                origin=self.base,
            )
        )
        return board_version(self.socket.recv(timeout=20))

    def pushed_version(self, above: int, *, seconds: float = 20) -> int:
        """Read the socket until a board of a version above `above` arrives."""
        while True:
            found = VERSION.search(str(self.socket.recv(timeout=seconds)))
            if found and int(found.group(1)) > above:
                return int(found.group(1))

    def socket_closes(self, *, seconds: float = 20) -> bool:
        from websockets.exceptions import ConnectionClosed

        try:
            while True:
                self.socket.recv(timeout=seconds)
        except ConnectionClosed:
            return True
        except TimeoutError:
            return False

    def close(self) -> None:
        self.sockets.close()
        self.client.close()


def reached(stack: Stack, code: str) -> list[str]:
    """What daphne's access log says reached this stack's process for the table."""
    text = (stack.workdir / "processes.log").read_text(errors="replace")
    return [line for line in text.splitlines() if code in line]


def play_one(browsers: list[Browser]) -> tuple[Browser, Browser, int]:
    """The seat to move posts one move; return (mover, the other, the answer's version)."""
    for mover, other in (browsers, browsers[::-1]):
        status = mover.move()
        if status is not None:
            assert status == 200
            return mover, other, board_version(mover.last_board)
    raise AssertionError("no seat had a move to make")


def test_nginx_routes_each_table_to_one_daphne_and_moves_it_when_that_one_dies(tmp_path):
    redis = RedisServer(tmp_path)
    redis.start()
    # Its own database: another run on the same machine may be at this test too.
    database_name = f"playtable_routing_{os.getpid()}"
    database = database_fresh(database_name)
    stacks = []
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
        stacks.append(
            Stack(
                database_url=database,
                redis_url=redis.url,
                workdir=tmp_path / name,
                CHANNELS_PREFIX="routing",
                # daphne's access log is its stdout: line by line, so the test reads it.
                PYTHONUNBUFFERED="1",
                LOG_LEVEL="WARNING",
            )
        )
    nginx: Nginx | None = None
    browsers: list[list[Browser]] = []
    try:
        stacks[0].manage("migrate", "--noinput")
        tables = json.loads(stacks[0].manage("shell", "-c", SETUP))
        for stack in stacks:
            stack.start("web")
        nginx = Nginx(tmp_path, [stack.port for stack in stacks])
        nginx.start()

        # 1. Each table's sockets, page and move reach one process; both processes serve.
        for table in tables:
            pair = [Browser(nginx.base, table["code"], c) for c in table["cookies"]]
            browsers.append(pair)
            for browser in pair:
                browser.open_socket()
        for pair in browsers:
            mover, other, version = play_one(pair)
            # 2. The move reached the other player's socket through the proxy.
            assert other.pushed_version(version - 1) == version
        homes: list[int] = []
        for table in tables:
            seen = [reached(stack, table["code"]) for stack in stacks]
            where = [i for i, lines in enumerate(seen) if lines]
            assert len(where) == 1, (table["code"], seen)
            lines = seen[where[0]]
            assert sum("WSCONNECT /ws/table/" in line for line in lines) == 2, lines
            assert any('"POST /t/' in line and "/move" in line for line in lines), lines
            homes.append(where[0])
        assert set(homes) == {0, 1}, "the hash spreads the tables over both processes"

        # 3. A socket that reaches the other process anyway (not through the proxy): until
        # then nobody else listened, so the table's process wrote no drawings to Redis;
        # still every move reaches that socket, drawn there.
        split = browsers[1]
        stray = Browser(stacks[1 - homes[1]].base, tables[1]["code"], tables[1]["cookies"][0])
        browsers.append([stray])
        held = stray.open_socket()
        for _ in range(2):
            _mover, other, version = play_one(split)
            assert version > held
            assert other.pushed_version(version - 1) == version
            assert stray.pushed_version(held) == version
            held = version

        # 4. The first table's process dies: its sockets move to the other one.
        code, home = tables[0]["code"], homes[0]
        survivor = stacks[1 - home]
        before = len(reached(survivor, code))
        assert before == 0
        stacks[home].kill("web")
        pair = browsers[0]
        for browser in pair:
            assert browser.socket_closes(), "a socket of the dead process stays open"
        current = [browser.open_socket() for browser in pair]
        assert current[0] == current[1] == version_of(pair)
        assert wait_for(
            lambda: sum("WSCONNECT /ws/table/" in x for x in reached(survivor, code)) == 2,
            seconds=10,
        )
        mover, other, version = play_one(pair)
        assert version == current[0] + 1
        assert other.pushed_version(version - 1) == version
    finally:
        for pair in browsers:
            for browser in pair:
                browser.close()
        if nginx is not None:
            nginx.stop()
        for stack in stacks:
            stack.close()
        redis.kill()
        database_drop(database_name)


def version_of(pair: list[Browser]) -> int:
    """The table's version as its page shows it now (through the proxy)."""
    return board_version(pair[0].client.get(f"/t/{pair[0].code}/").text)
