"""Chapter 2 begins, and a turn's undocking (rules §5.1, §5.2)."""

from __future__ import annotations

from games.engine import Action, IllegalAction
from games.reworld.house_rules import ARMS, MAX_UNDOCK, MODULES, ROWS, label
from games.reworld.landing import next_unloader, settle
from games.reworld.state import ReworldState, evolve, logged, with_seat
from games.words import join, msg, nmsg

__all__ = ["begin_chapter_two", "undock", "undock_actions"]

_KIND_ORDER = {"terrabot": 0, "crew": 1, "shuttle": 2, "satellite": 3}  # H13


def begin_chapter_two(state: ReworldState) -> ReworldState:
    """Record the rows that hold modules (§5.1) and let the marker holder begin."""
    seats = tuple(
        evolve(player, start_rows=tuple(bool(row) for row in player.rows)) for player in state.seats
    )
    state = evolve(
        state,
        phase="undock",
        arms=("",) * ARMS,
        sold=("",) * ARMS,
        slots=((),) * ARMS,
        buyers=(-1,) * ARMS,
        undealt=(),
        discards=(),
        marker_taken=False,
        seats=seats,
        **logged(state, -1, msg("Chapter 1 is over: Chapter 2 begins, freighters unload")),
    )
    return next_unloader(state, (state.start - 1) % state.players)


def undock(state: ReworldState, seat: int, row: int, count: int) -> ReworldState:
    """Undock `count` modules from the outer end of row `row` (§5.2), then land them (§5.4)."""
    if not 1 <= row <= ROWS:
        raise IllegalAction(msg("Your freighter has docking rows 1 to %(n)s.", n=ROWS))
    player = state.seats[seat]
    modules = player.rows[row - 1]
    if not modules:
        raise IllegalAction(msg("Row %(row)s is empty.", row=row))
    if not 1 <= count <= MAX_UNDOCK:
        raise IllegalAction(msg("Undock 1 to %(n)s modules at a time.", n=MAX_UNDOCK))
    if count > len(modules):
        raise IllegalAction(
            nmsg(
                "Row %(row)s holds only %(n)s module.",
                "Row %(row)s holds only %(n)s modules.",
                len(modules),
                row=row,
            )
        )
    taken = tuple(reversed(modules[-count:]))  # outermost first (§5.2 step 3)
    rows = player.rows
    rows = (*rows[: row - 1], modules[:-count], *rows[row:])
    # H13: terrabots, then crews (with their shuttles), then shuttles, then satellites.
    landing = tuple(sorted(taken, key=lambda m: _KIND_ORDER[MODULES[m].kind]))
    state = evolve(
        state,
        phase="land",
        landing=landing,
        landing_row=row,
        carried=0,
        seats=with_seat(state, seat, evolve(player, rows=rows)),
        **logged(
            state,
            seat,
            msg(
                "undocked %(modules)s from row %(row)s",
                modules=join(", ", [label(m) for m in taken]),
                row=row,
            ),
            f"row-{seat}-{row}",
        ),
    )
    return settle(state, seat)


def undock_actions(state: ReworldState, seat: int) -> list[Action]:
    """Return every row and count `seat` may undock (§5.2 step 2)."""
    rows = state.seats[seat].rows
    return [
        {"type": "undock", "row": row, "count": count}
        for row in range(1, ROWS + 1)
        for count in range(1, min(MAX_UNDOCK, len(rows[row - 1])) + 1)
    ]
