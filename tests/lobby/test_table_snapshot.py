"""A table and its seats are read in one statement, so a board never mixes two versions."""

from __future__ import annotations

import uuid

import pytest

from lobby import selectors
from tests.lobby.helpers import started_table

pytestmark = pytest.mark.django_db


def test_the_table_and_its_seats_come_from_one_statement(
    alice, bob, django_assert_num_queries
) -> None:
    """Two queries could straddle a bot's commit: seats of the new move over the old state."""
    table = started_table(alice, bob)
    with django_assert_num_queries(1):
        got = selectors.table_get(code=table.code)
        assert got is not None
        seats = list(got.seats.all())
        names = [seat.user.username for seat in seats]
        assert all(seat.table is got for seat in seats)
    assert got.version == table.version
    assert names == ["alice", "bob"]
    assert [seat.position for seat in seats] == [0, 1]


@pytest.mark.parametrize("code", [uuid.uuid4(), "not-a-code", ""])
def test_an_unknown_or_malformed_code_finds_no_table(code) -> None:
    assert selectors.table_get(code=code) is None
