"""Mondo bots: a random one and a heuristic one that builds a tidy world and jumps out.

The heuristic bot sees what a player sees: the face up of every pool tile; once it holds
a tile it looks at both faces. It plays one small action at a time (the platform calls
it again after every change), so a plan is recomputed from the state each time: the
target of a held tile is a fixed function of the board and the tile, which keeps the
turn-and-flip steps from wandering.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.bots import Bot, RandomBot
from games.engine import Action, Game
from games.mondo.board import CELL_KEYS, NEIGHBOURS, RIM
from games.mondo.rules import is_solo, legal_cells, tiles_on
from games.mondo.scoring import ORIENTED_CODE, Oriented
from games.mondo.state import EMPTY, MondoState, Player

if TYPE_CHECKING:
    import random

__all__ = ["BOTS", "HeuristicBot", "RandomBot"]

# Tuning (points, roughly as the scoring counts them).
FILL = 1.0  # a tile removes the -1 of a free space
MATCH = 0.8  # a matching edge: a step towards a closed, error-free landscape
RIM_MATCH = 0.5  # water against the water rim closes a region at no cost
ERROR = -1.6  # a connection error costs 1 and spoils the landscapes on both sides
ANIMAL = 1.0
ACTIVE = -0.8  # an active volcano risks the majority penalty
INACTIVE_HOLDER = -0.8  # an inactive one counts only for the volcano chip's holder
INACTIVE = -0.1
STOP_BELOW = 0.0  # jump out when no visible tile is worth placing


def _context(board: tuple[int, ...], cell: int, side: int) -> tuple[str | None, ...]:
    """Return per edge what a tile at `cell` meets: a landscape ("=w" rim), or None (open)."""
    out: list[str | None] = []
    for edge, other in enumerate(NEIGHBOURS[cell]):
        if other < 0:
            out.append("=" + RIM[side][cell])
        elif board[other] == EMPTY:
            out.append(None)
        else:
            out.append(ORIENTED_CODE[board[other]].edges[(edge + 2) % 4])
    return tuple(out)


class HeuristicBot:
    """Greedy placement by edge matching; takes the best visible tile; stops when nothing pays.

    1. Between rounds: ready.
    2. Expert: take the task "Finished" once three tiles lie (the bot fills its board).
    3. Holding a tile: find the best (space, face, rotation); flip or turn towards it,
       then place it.
    4. Otherwise: take the pool tile whose visible face fits best, or jump out when no
       placement is worth a free space.
    """

    name = "heuristic"

    def choose(self, engine: Game[Any], state: MondoState, seat: int, rng: random.Random) -> Action:
        """Return the bot's action for `seat`."""
        if state.phase == "break":
            return {"type": "ready"}
        player = state.seats[seat]
        claim = self._claim(engine, state, seat)
        if claim is not None:
            return claim
        weights = self._weights(state, seat)
        cells = legal_cells(player.board)
        contexts = {cell: _context(player.board, cell, player.side) for cell in cells}
        if player.held is not None:
            return self._held_step(state, player, contexts, weights, engine, seat)
        best: tuple[float, int] | None = None
        tables = [self._edge_table(contexts[cell], weights) for cell in cells]
        by_edges: dict[tuple[str, ...], float] = {}
        for slot, code in enumerate(state.pool):
            if code == EMPTY:
                continue
            # The visible face, in any rotation: the edges decide the fit, the rest adds.
            face = ORIENTED_CODE[code]
            fit = by_edges.get(face.edges)
            if fit is None:
                fit = self._best_fit(face.edges, tables)
                for turn in range(4):
                    by_edges[face.edges[turn:] + face.edges[:turn]] = fit
            value = fit + self._extras(face, weights)
            if best is None or value > best[0]:
                best = (value, slot)
        stop = {"type": "stop"}
        may_stop = stop in engine.legal_actions(state, seat)
        if best is None or (best[0] < STOP_BELOW and may_stop):
            return stop if may_stop else engine.timeout_action(state, seat)
        return {"type": "take", "slot": best[1]}

    def _weights(self, state: MondoState, seat: int) -> tuple[float, ...]:
        solo = is_solo(state)
        holder = seat in state.holders
        if solo:
            # rules §10: only minus points count; every volcano is one.
            return (FILL, MATCH / 2, RIM_MATCH / 2, -1.2, 0.0, -1.0, -1.0)
        inactive = INACTIVE_HOLDER if holder or state.round > 1 else INACTIVE
        return (FILL, MATCH, RIM_MATCH, ERROR, ANIMAL, ACTIVE, inactive)

    @staticmethod
    def _edge_table(
        context: tuple[str | None, ...], weights: tuple[float, ...]
    ) -> list[dict[str, float]]:
        """Return per edge of a space the points each landscape would bring there."""
        _fill, match, rim_match, error = weights[:4]
        table = []
        for meets in context:
            if meets is None:
                table.append(dict.fromkeys("wfsd", 0.0))
            elif meets[0] == "=":
                table.append({land: rim_match if land == meets[1] else error for land in "wfsd"})
            else:
                table.append({land: match if land == meets else error for land in "wfsd"})
        return table

    @staticmethod
    def _best_fit(edges: tuple[str, ...], tables: list[list[dict[str, float]]]) -> float:
        """Return the best edge points of `edges` over every rotation and space."""
        best = float("-inf")
        for turn in range(4):
            a, b, c, d = edges[-turn:] + edges[:-turn] if turn else edges
            for n, e, s, w in tables:
                value = n[a] + e[b] + s[c] + w[d]
                if value > best:
                    best = value
        return best

    @staticmethod
    def _extras(face: Oriented, weights: tuple[float, ...]) -> float:
        fill, _match, _rim, _error, animal, active, inactive = weights
        value = fill + (animal if face.animal else 0.0)
        if face.volcano == "active":
            value += active
        elif face.volcano == "inactive":
            value += inactive
        return value

    @staticmethod
    def _value(
        face: Oriented, context: tuple[str | None, ...], weights: tuple[float, ...]
    ) -> float:
        fill, match, rim_match, error, animal, active, inactive = weights
        value = fill
        for land, meets in zip(face.edges, context, strict=True):
            if meets is None:
                continue
            if meets[0] == "=":
                value += rim_match if meets[1] == land else error
            else:
                value += match if meets == land else error
        if face.animal:
            value += animal
        if face.volcano == "active":
            value += active
        elif face.volcano == "inactive":
            value += inactive
        return value

    def _held_step(
        self,
        state: MondoState,
        player: Player,
        contexts: dict[int, tuple[str | None, ...]],
        weights: tuple[float, ...],
        engine: Game[Any],
        seat: int,
    ) -> Action:
        assert player.held is not None
        code = player.held[0]
        # code = tile * 8 + face * 4 + rotation: clear the rotation (and the face).
        faces = [code & ~3] if state.settings.no_flip else [code & ~7, (code & ~7) | 4]
        best: tuple[float, int, int] | None = None
        for cell in sorted(contexts):
            for base in faces:
                for rot in range(4):
                    value = self._value(ORIENTED_CODE[base | rot], contexts[cell], weights)
                    # Strictly better only: the earliest (cell, face, rotation) wins ties.
                    if best is None or value > best[0]:
                        best = (value, cell, base | rot)
        assert best is not None
        _value, cell, target = best
        if (target ^ code) & 4:
            return {"type": "flip"}
        turn = (target - code) & 3
        if turn:
            return {"type": "rotate", "dir": "right" if turn in (1, 2) else "left"}
        return {"type": "place", "cell": CELL_KEYS[cell]}

    def _claim(self, engine: Game[Any], state: MondoState, seat: int) -> Action | None:
        player = state.seats[seat]
        if not state.tasks or tiles_on(player) < 3:
            return None
        action = {"type": "claim", "task": "finished"}
        if action in engine.legal_actions(state, seat):
            return action
        return None


BOTS: dict[str, Bot] = {"random": RandomBot(), "heuristic": HeuristicBot()}
