"""The load bench's board client: full boards, region pushes, resyncs, on literal strings."""

from __future__ import annotations

import json
import time
from collections.abc import Mapping
from html import escape

from bench._load_client import RESYNC, BoardClient

CODE = "ABC123"


def button(action: Mapping[str, object]) -> str:
    return f'<button name="action" value="{escape(json.dumps(action))}">go</button>'


def region(name: str, inner: str) -> str:
    return f'<div id="table-{CODE}-board-{name}" class="region">{inner}</div>'


def full(version: int, *regions: str, status: str = "active") -> str:
    return (
        f'<div id="table-{CODE}-board" class="board-wrap" data-version="{version}" '
        f'data-status="{status}"><ol class="seat-bar"></ol>{"".join(regions)}'
        '<div class="table-actions"></div></div>'
    )


def push(version: int, base: int, *regions: str, log: str = "", status: str = "active") -> str:
    meta = (
        f'<div id="table-{CODE}-board-meta" hidden data-version="{version}" '
        f'data-base="{base}" data-status="{status}"></div>'
    )
    oob = f'<ol id="table-{CODE}-board-log-list" hx-swap-oob="afterbegin">{log}</ol>' if log else ""
    return meta + "".join(regions) + oob


DRAW = {"type": "draw", "pile": "deck"}
PLAY = {"type": "play", "card": "Y7"}


def test_a_board_without_regions_is_one_chunk_and_its_buttons_are_the_actions() -> None:
    client = BoardClient(CODE)
    assert client.feed(full(3, button(DRAW)), now=1.0) is None
    assert (client.version, client.status, list(client.regions)) == (3, "active", [""])
    assert [json.loads(a) for a in client.actions()] == [DRAW]
    assert client.arrivals == [(3, 1.0)]


def test_every_push_may_be_a_whole_board_as_before_the_change() -> None:
    client = BoardClient(CODE)
    client.feed(full(3, button(DRAW)), now=1.0)
    assert [json.loads(a) for a in client.actions()] == [DRAW]
    client.feed(full(4, button(PLAY)), now=2.0)
    # The actions are read again once the board changed (they are kept between changes).
    assert [json.loads(a) for a in client.actions()] == [PLAY]
    assert client.held_since(4) == 2.0 and client.held_since(5) is None
    assert (client.pushes, client.region_pushes) == (1, 0)


def test_a_push_replaces_only_the_regions_it_carries() -> None:
    client = BoardClient(CODE)
    client.feed(full(7, region("hand", button(PLAY)), region("prompt", "your turn")), now=1.0)
    assert list(client.regions) == ["", "hand", "prompt"]
    assert [json.loads(a) for a in client.actions()] == [PLAY]
    message = push(8, 7, region("hand", button(DRAW)), log="<li>Ann drew</li><li>x</li>")
    assert client.feed(message, now=2.0) is None
    assert client.version == 8 and client.region_pushes == 1 and client.log_lines == 2
    assert [json.loads(a) for a in client.actions()] == [DRAW]
    assert "your turn" in client.regions["prompt"]
    # The log lines never land in a region.
    assert "Ann drew" not in client.board
    assert client.push_bytes == len(message.encode())


def test_the_actions_keep_the_boards_order_when_one_region_of_several_changes() -> None:
    """Each region's buttons are read once per change of that region: a push that changes
    one region leaves the others' buttons as they were, in the board's order."""
    take = {"type": "take", "colour": "red"}
    client = BoardClient(CODE)
    client.feed(
        full(1, region("discards", button(take)), region("deck", button(DRAW)), region("hand", "")),
        now=1.0,
    )
    assert [json.loads(a) for a in client.actions()] == [take, DRAW]
    client.feed(push(2, 1, region("hand", button(PLAY))), now=2.0)
    assert [json.loads(a) for a in client.actions()] == [take, DRAW, PLAY]
    client.feed(push(3, 2, region("discards", "")), now=3.0)
    assert [json.loads(a) for a in client.actions()] == [DRAW, PLAY]
    # A whole board starts afresh.
    client.feed(full(4, region("hand", button(take))), now=4.0)
    assert [json.loads(a) for a in client.actions()] == [take]


def test_a_log_region_sent_whole_keeps_its_list() -> None:
    client = BoardClient(CODE)
    client.feed(full(1, region("log", "<ol><li>one</li></ol>")), now=1.0)
    whole = f'<ol id="table-{CODE}-board-log-list"><li>two</li><li>one</li></ol>'
    client.feed(push(2, 1, region("log", whole)), now=2.0)
    assert client.regions["log"] == region("log", whole) and client.log_lines == 0


def test_a_push_on_another_base_asks_for_a_resync_once_and_the_full_board_ends_it() -> None:
    client = BoardClient(CODE)
    client.feed(full(7, region("hand", button(PLAY))), now=1.0)
    assert client.feed(push(9, 8, region("hand", button(DRAW))), now=2.0) == RESYNC
    assert client.feed(push(10, 9, region("hand", "")), now=2.1) is None
    assert client.version == 7 and client.resyncs == 1
    assert client.held_since(9) is None
    client.feed(full(10, region("hand", button(DRAW))), now=2.2)
    assert client.version == 10 and client.held_since(9) == 2.2
    assert client.feed(push(12, 11, region("hand", "")), now=2.3) == RESYNC


def test_an_answer_moves_the_player_on_and_the_late_push_of_that_version_is_only_counted() -> None:
    client = BoardClient(CODE)
    client.feed(full(7, region("hand", button(PLAY)), region("prompt", "")), now=1.0)
    assert client.apply_full(full(8, region("hand", button(DRAW)), region("prompt", ""))) == 8
    assert client.arrivals == [(7, 1.0)]
    assert client.feed(push(8, 7, region("hand", "stale")), now=2.0) is None
    assert [json.loads(a) for a in client.actions()] == [DRAW]
    assert client.held_since(8) == 2.0
    client.feed(push(9, 8, region("prompt", "done")), now=3.0)
    assert client.version == 9 and [json.loads(a) for a in client.actions()] == [DRAW]
    # An older answer changes nothing.
    client.apply_full(full(8, region("hand", "")))
    assert client.version == 9 and client.actions()


def test_a_message_without_a_version_is_ignored() -> None:
    client = BoardClient(CODE)
    client.feed(full(2, button(DRAW)), now=1.0)
    assert client.feed('<ol id="chat-log" hx-swap-oob="beforeend"><li>hi</li></ol>', 2.0) is None
    assert client.version == 2 and client.arrivals == [(2, 1.0)]
    assert [json.loads(a) for a in client.actions()] == [DRAW]


def test_the_status_comes_from_the_board_or_the_push() -> None:
    client = BoardClient(CODE)
    client.feed(full(2, region("hand", "")), now=1.0)
    client.feed(push(3, 2, status="finished"), now=2.0)
    assert client.status == "finished" and client.version == 3


def test_a_refused_socket_move_is_counted_with_its_words_and_changes_nothing():
    client = BoardClient(CODE)
    client.feed(full(4, region("hand", button(PLAY))), 1.0)
    refusal = (
        f'<div id="table-{CODE}-board-error" class="region"><div class="board-error" '
        'role="alert">The table has moved on since you looked.</div></div>'
    )
    assert client.feed(refusal, 2.0) is None
    assert client.refusals == 1
    assert client.refusal == "The table has moved on since you looked."
    assert client.version == 4 and client.seen == 4
    assert client.actions() == [json.dumps(PLAY)]


def test_answers_are_known_by_the_ref_they_name_and_other_pushes_are_not_answers():
    client = BoardClient(CODE)
    client.feed(full(4, region("hand", button(PLAY))), 1.0)
    # Another player's push first (Mondo): no ref, no answer.
    client.feed(push(5, 4, region("shared", "x")), 2.0)
    assert client.answers == {}
    answer = push(6, 5, region("hand", button(DRAW))).replace(
        'data-status="active">', 'data-status="active" data-ref="b7">', 1
    )
    client.feed(answer, 3.0)
    assert client.answers == {"b7": (6, 3.0, "")}
    assert client.version == 6 and client.actions() == [json.dumps(DRAW)]
    refusal = (
        f'<div id="table-{CODE}-board-error" class="region" data-ref="b8"><div '
        'class="board-error" role="alert">Another player took that tile.</div></div>'
    )
    client.feed(refusal, 4.0)
    assert client.answers["b8"] == (None, 4.0, "Another player took that tile.")
    whole = full(9, region("hand", "")).replace(
        'class="board-wrap"', 'class="board-wrap" data-ref="b9"'
    )
    client.feed(whole, 5.0)
    assert client.answers["b9"] == (9, 5.0, "") and client.version == 9


def test_the_load_generators_http_clients_share_one_tls_context(monkeypatch) -> None:
    """Each table (or Mondo player) makes an HTTP client as its play starts; building a TLS
    context each (the CA bundle read again) held the generator's loop for seconds at 200
    tables and showed as late first moves. One context serves them all."""
    import ssl

    from bench import load

    load._ssl_context.cache_clear()
    made: list[ssl.SSLContext] = []
    real = ssl.create_default_context

    def counting(*args, **kwargs):
        made.append(real(*args, **kwargs))
        return made[-1]

    monkeypatch.setattr(ssl, "create_default_context", counting)  # httpx's too
    clients = [load.http_client(f"http://127.0.0.1:{8000 + n}") for n in range(5)]
    assert len(made) == 1
    assert {str(client.base_url) for client in clients} == {
        f"http://127.0.0.1:{8000 + n}" for n in range(5)
    }
    load._ssl_context.cache_clear()


def test_the_load_bench_reads_the_machines_and_its_own_cpu_beside_the_servers() -> None:
    """`Usage.others_percent`: the load generator's own CPU is within the machine's."""
    from bench.load import Usage, _own_seconds

    usage = Usage([])
    start = _own_seconds()
    while _own_seconds() - start < 0.3:  # burn 0.3 s of this process's CPU
        sum(i * i for i in range(10_000))
    machine, own = usage.others_percent()
    elapsed = time.monotonic() - usage.t0
    assert own >= 100 * 0.3 / elapsed * 0.99
    # The machine counts this process too (its clock ticks are coarser: 10 ms).
    assert machine >= own - 100 * 0.05 / elapsed


def test_the_load_bench_reads_what_the_services_beside_daphne_spend(monkeypatch) -> None:
    """`Usage.services_percent`: the CPU a named service's processes spent since the
    start; a service with no process here spent none."""
    import subprocess
    import sys

    import psutil

    from bench import load

    burn = (
        "import sys, time\nsys.stdin.readline()\nt = time.process_time()\n"
        "while time.process_time() - t < 0.3: pass\nprint('done', flush=True)\n"
        "sys.stdin.readline()"
    )
    with subprocess.Popen(
        [sys.executable, "-c", burn], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    ) as burner:
        assert burner.stdin is not None and burner.stdout is not None
        # The burner stands for PostgreSQL: the service is known by its process's name.
        services = {"postgres": psutil.Process(burner.pid).name(), "redis": "no-such-service"}
        monkeypatch.setattr(load, "SERVICES", services)
        usage = load.Usage([])
        assert burner.pid in usage.services0["postgres"]
        burner.stdin.write("go\n")
        burner.stdin.flush()
        assert burner.stdout.readline() == "done\n"
        spent = usage.services_percent()
        burner.stdin.write("end\n")
        burner.stdin.flush()
    elapsed = time.monotonic() - usage.t0
    assert spent["redis"] == 0
    assert spent["postgres"] >= 100 * 0.29 / elapsed
