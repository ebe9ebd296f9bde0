"""What each seat and a spectator see (rules §5.2, §6.2): one face of each pool tile,
nobody else's held tile, no tile ids, no future modifiers."""

from __future__ import annotations

import json

from games.mondo.tiles import TILE_IDS
from tests.games.kit import assert_no_leaks
from tests.games.mondo.helpers import ENGINE, do, state
from tests.games.mondo.test_rules import fill, first_slot


def test_a_pool_tile_shows_only_its_upper_face() -> None:
    game = state(2)
    view = ENGINE.view(game, 0)
    slot = view["pool"][0]
    assert slot["action"] == {"type": "take", "slot": 0}
    assert set(slot["tile"]) >= {"cls"}
    code = game.pool[0]
    from games.mondo.scoring import ORIENTED_CODE
    from games.mondo.view import tile_view

    assert slot["tile"] == tile_view(ORIENTED_CODE[code])
    assert "other" not in slot


def test_the_holder_sees_both_faces_and_the_others_only_that_a_tile_is_held() -> None:
    game = do(state(3), 1, "take", slot=first_slot(state(3)))
    mine = ENGINE.view(game, 1)
    assert mine["held"]["tile"] and mine["held"]["other"]
    assert mine["controls"]["flip"] == {"type": "flip"}
    for viewer in (0, 2, None):
        view = ENGINE.view(game, viewer)
        assert view["held"] is None
        holder = next(b for b in view["boards"] if b["seat"] == 1)
        assert holder["holding"] is True
    assert TILE_IDS[game.seats[1].held[0] >> 3] in ENGINE.secret_tokens(game, 0)
    assert TILE_IDS[game.seats[1].held[0] >> 3] not in ENGINE.secret_tokens(game, 1)


def test_no_view_holds_a_secret_token() -> None:
    game = fill(state(3, expert=True), 0, 4)
    game = do(game, 2, "take", slot=first_slot(game))
    assert_no_leaks(ENGINE, game, 3)
    for viewer in (None, 0, 1, 2):
        assert "MO-" not in json.dumps(ENGINE.view(game, viewer))


def test_future_modifiers_are_secret_and_the_current_one_is_shown() -> None:
    game = state(2, advanced=True)
    from games.mondo.cards import MODIFIERS

    secrets = ENGINE.secret_tokens(game, 0)
    shown = MODIFIERS[game.modifier].id
    assert shown not in secrets and ENGINE.view(game, 0)["modifier"]["id"] == shown
    assert len([m for m in MODIFIERS if m.id in secrets]) == 4
    assert_no_leaks(ENGINE, game, 2)


def test_a_spectator_sees_every_world_and_can_do_nothing() -> None:
    game = fill(state(2), 1, 2)
    view = ENGINE.view(game, None)
    assert view["you"] is None and view["mine"] is None and view["legal"] == []
    assert [b["seat"] for b in view["others"]] == [0, 1]
    assert not any(slot.get("action") for slot in view["pool"])


def test_the_own_board_marks_legal_spaces_and_errors() -> None:
    game = fill(state(2), 0, 2)
    game = do(game, 0, "take", slot=first_slot(game))
    view = ENGINE.view(game, 0)
    cells = [cell for row in view["mine"]["rows"] for cell in row if cell["on"]]
    legal = [cell["key"] for cell in cells if cell.get("action")]
    assert legal and all("tile" not in cell for cell in cells if cell.get("action"))
    assert all(cell.get("open") for cell in cells if cell.get("action"))
    assert sum(1 for cell in cells if cell.get("tile")) == 2
    assert sum(1 for cell in cells if cell.get("last")) == 1
    # Place buttons belong on the viewer's own world only.
    other = [cell for row in view["others"][0]["rows"] for cell in row if cell["on"]]
    assert not any(cell.get("action") for cell in other)


def test_the_breakdown_appears_after_each_round() -> None:
    game = ENGINE.time_up(fill(state(2), 0, 3), "round-1")
    view = ENGINE.view(game, 1)
    assert view["phase"] == "break" and view["controls"]["ready"] == {"type": "ready"}
    breakdown = view["last_round"]
    assert breakdown["round"] == 1 and len(breakdown["players"]) == 2
    first = breakdown["players"][0]
    assert first["free"] == 21 and first["score"] == first["total"]
    assert set(first) >= {"animals", "landscapes", "chip", "errors", "volcano_penalty", "tasks"}


def test_worlds_and_pool_built_once_read_the_same_as_built_afresh_through_a_game() -> None:
    """Other seats' worlds and the pool are kept per process (view._other_board,
    view._pool_view): at every step of a 4-player game every seat's and a spectator's
    view, with what earlier steps kept, equals one built with nothing kept."""
    import random

    import pytest

    from games.mondo import view as mondo_view

    rng = random.Random(4)
    game = state(4)
    seats = (0, 1, 2, 3, None)
    mondo_view._other_board.cache_clear()
    for _ in range(120):
        kept = [ENGINE.view(game, seat) for seat in seats]
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(mondo_view, "_other_board", mondo_view._other_board.__wrapped__)
            patch.setattr(mondo_view, "_pool_view", mondo_view._pool_view.__wrapped__)
            assert kept == [ENGINE.view(game, seat) for seat in seats]
        movers = sorted(ENGINE.to_move(game))
        if not movers:
            break
        seat = rng.choice(movers)
        actions = ENGINE.legal_actions(game, seat)
        places = [a for a in actions if a["type"] in ("place", "take")]
        game = ENGINE.apply(game, seat, rng.choice(places or actions))
    # Worlds were kept (the comparison is not of two fresh views).
    assert mondo_view._other_board.cache_info().hits > 100
