"""`lobby.pushes.Shared`: awaitables shared by key, finished ones forgotten after `keep`."""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from unittest import mock

from lobby import pushes
from lobby.pushes import Shared


def test_finished_entries_go_after_keep_and_unfinished_ones_stay():
    shared = Shared(keep=2.0)
    clock = [100.0]

    async def scenario() -> None:
        async def value(n: int) -> int:
            return n

        gate = asyncio.Event()

        async def slow() -> int:
            await gate.wait()
            return -1

        with mock.patch.object(pushes.time, "monotonic", side_effect=lambda: clock[0]):
            for n in range(50):
                assert await shared.get(("t", n), lambda n=n: value(n)) == n
            pending = asyncio.ensure_future(shared.get("slow", slow))
            await asyncio.sleep(0)
            # Within `keep`, a finished result is shared, not made again.
            assert await shared.get(("t", 3), lambda: value(99)) == 3
            clock[0] += 2.5
            assert await shared.get("new", lambda: value(7)) == 7
            # The 50 old results are gone; the unfinished work stays, and so does the new.
            assert set(shared.entries) == {"slow", "new"}
            assert await shared.get(("t", 3), lambda: value(99)) == 99
            gate.set()
            assert await pending == -1
            clock[0] += 2.5
            assert await shared.get("last", lambda: value(1)) == 1
            assert set(shared.entries) == {"last"}

    asyncio.run(scenario())


def test_looking_for_old_entries_stops_at_the_first_fresh_one():
    """A call looks only at what expired since the last call (the oldest first), not at
    every entry a busy process holds."""
    shared = Shared(keep=100.0)
    clock = [0.0]
    looked = [0]

    class Counting(OrderedDict):
        def items(self):
            for item in super().items():
                looked[0] += 1
                yield item

    async def scenario() -> None:
        async def value() -> int:
            return 1

        with mock.patch.object(pushes.time, "monotonic", side_effect=lambda: clock[0]):
            for n in range(500):
                clock[0] = n * 0.01
                await shared.get(n, value)
            shared.entries = Counting(shared.entries)
            shared.keep = 2.0
            clock[0] = 2.495  # the first 50 entries are older than keep
            await shared.get("next", value)

    asyncio.run(scenario())
    assert len(shared.entries) == 451 and 0 not in shared.entries and 50 in shared.entries
    assert looked[0] <= 51
