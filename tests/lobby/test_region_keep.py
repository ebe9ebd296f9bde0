"""Kept regions (lobby.templatetags.regions): a push reuses a region's drawing only while
everything it reads is the same, so a kept board is always the board drawn afresh."""

from __future__ import annotations

import random
import re
from datetime import UTC, datetime
from unittest import mock

import pytest
from django.contrib.auth.models import AnonymousUser
from django.template import Context, Template, TemplateSyntaxError
from django.test import RequestFactory
from django.utils import translation

from games.registry import get_engine
from lobby.models import Table
from lobby.pushes import snapshot_of
from lobby.rendering import Board, board_html, board_render
from lobby.selectors import table_get
from lobby.services import move_submit
from lobby.templatetags.regions import COLLECTOR, DIGESTS, KEPT
from tests.factories import UserFactory
from tests.lobby.helpers import live_table

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("kept_afresh")]

#: Moves played per game: past Terraforming Mars's setup and into its generations.
MOVES = {"terraforming_mars": 70}
NOW = datetime(2026, 12, 3, 12, 0, tzinfo=UTC)
#: "a second ago" reads the clock of its own (humanize): left out of the comparison.
AGO = re.compile(r"(<time [^>]*>)[^<]*(</time>)")


def _draw(table: Table, user, *, kept: bool) -> Board:
    """Draw a push's board (as lobby.pushes does), with or without kept regions."""
    shot = snapshot_of(table_get(code=table.code))
    KEPT.enabled = kept
    try:
        # One instant for both drawings: clocks and "3 minutes ago" read the same.
        with mock.patch("django.utils.timezone.now", return_value=NOW):
            return board_render(shot.table, user, moves=shot.moves, state=shot.state)
    finally:
        KEPT.enabled = True


def _same(html: str) -> str:
    return AGO.sub(r"\1\2", html)


@pytest.mark.parametrize(
    "game", ["lost_cities", "relative_space", "reworld", "mondo", "terraforming_mars"]
)
def test_every_kept_drawing_equals_one_drawn_afresh_through_a_whole_game(game):
    alice, bob = UserFactory(), UserFactory()
    table = live_table(game, alice, bob)
    engine = get_engine(game)
    viewers = [alice, bob, AnonymousUser()]
    rng = random.Random(20261203)
    for number in range(MOVES.get(game, 40)):
        table.refresh_from_db()
        if table.status != Table.Status.ACTIVE:
            break
        state = engine.load(table.state)
        seat = rng.choice(sorted(engine.to_move(state)))
        action = rng.choice(engine.legal_actions(state, seat))
        move_submit(
            code=table.code, user=(alice, bob)[seat], action=action, seen_version=table.version
        )
        for viewer in viewers:
            for language in ("en", "de") if number % 7 == 0 else ("en",):
                with translation.override(language):
                    kept = _draw(table, viewer, kept=True)
                    fresh = _draw(table, viewer, kept=False)
                for name, element in fresh.regions.items():
                    assert _same(kept.regions[name]) == _same(element), (game, number, name)
                    if kept.regions[name] == element:  # a kept hash is the element's own
                        assert kept.hashes[name] == fresh.hashes[name], (game, number, name)
                assert _same(kept.html) == _same(fresh.html)
    # Keeping happened (the comparison above is not of two fresh drawings).
    assert KEPT.hits > 0


def test_a_kept_region_is_drawn_again_when_what_it_reads_changes():
    source = Template(
        '{% load regions %}{% region "r" keep view.n %}{{ view.n }}:{{ view.m }}{% endregion %}'
    )

    def draw(view):
        collector: dict[str, str] = {}
        source.render(Context({"view": view, "board_id": "b", COLLECTOR: collector}))
        return collector["r"]

    assert draw({"n": 1, "m": "a"}) == '<div id="b-r" class="region">1:a</div>'
    assert draw({"n": 2, "m": "a"}) == '<div id="b-r" class="region">2:a</div>'
    # What it does not name is not read again: a region must name all it reads.
    assert draw({"n": 1, "m": "z"}) == '<div id="b-r" class="region">1:a</div>'
    assert KEPT.hits == 1 and KEPT.misses == 2


def test_a_region_that_keeps_a_model_is_refused(alice):
    source = Template('{% load regions %}{% region "r" keep user %}x{% endregion %}')
    with pytest.raises(TemplateSyntaxError, match="keeps a model"):
        source.render(Context({"user": alice, COLLECTOR: {}}))


def test_a_page_never_reuses_a_push_drawing_nor_keeps_its_own(alice, bob):
    """A page's board holds its request's CSRF token: never kept, never taken from a push."""
    table = live_table("lost_cities", alice, bob)
    table.refresh_from_db()
    _draw(table, alice, kept=True)
    misses = KEPT.misses
    request = RequestFactory().get("/")
    request.user = alice
    first = board_html(table, alice, request=request)
    second = board_html(table, alice, request=request)
    assert KEPT.misses == misses and KEPT.hits == 0
    assert "csrfmiddlewaretoken" in first and "csrfmiddlewaretoken" in second


def test_the_region_tag_says_how_to_use_it():
    with pytest.raises(TemplateSyntaxError, match="usage"):
        Template('{% load regions %}{% region "r" view.n %}x{% endregion %}')
    with pytest.raises(TemplateSyntaxError, match="usage"):
        Template('{% load regions %}{% region "r" keep %}x{% endregion %}')


def test_the_kept_regions_are_bounded_in_number_and_in_characters():
    from lobby.templatetags.regions import Drawn, Kept

    kept = Kept(size=3, chars=10)
    ab, big = Drawn("ab", "h1"), Drawn("x" * 8, "h2")
    for n in range(5):
        kept.put(bytes([n]), ab)
    assert [kept.get(bytes([n])) for n in range(5)] == [None, None, ab, ab, ab]
    kept.put(b"big", big)  # 6 + 8 characters: the oldest go until 10 or fewer are held
    assert kept.get(bytes([2])) is None and kept.get(bytes([3])) is None
    assert kept.get(bytes([4])) == ab and kept.get(b"big") == big


def test_a_kept_region_is_one_string_with_its_hash_for_every_drawing_that_reuses_it():
    """The two seats' drawings of a move share a kept region's element: the same string,
    hashed once (its hash in the drawing is the element's)."""
    from lobby.rendering import _digest

    source = Template(
        '{% load regions %}{% region "r" keep view.n %}<b>{{ view.n }}</b>{% endregion %}'
        '{% region "s" %}{{ view.n }}{% endregion %}'
    )
    digests: list[dict[str, str]] = []

    def draw(view):
        collector: dict[str, str] = {}
        hashed: dict[str, str] = {}
        digests.append(hashed)
        source.render(
            Context({"view": view, "board_id": "b", COLLECTOR: collector, DIGESTS: hashed})
        )
        return collector

    first, second = draw({"n": 1}), draw({"n": 1})
    assert first["r"] is second["r"]
    assert digests[0]["r"] == digests[1]["r"] == _digest(first["r"])
    # A region that keeps nothing is drawn and hashed by each drawing itself.
    assert (
        "s" not in digests[0]
        and first["s"] == second["s"] == '<div id="b-s" class="region">1</div>'
    )


def test_a_log_line_is_worded_once_per_viewer_and_language(alice, bob):
    """A push draws the log for each view: lines already worded are not worded again."""
    from lobby.models import Move

    table = live_table("lost_cities", alice, bob)
    engine = get_engine("lost_cities")
    rng = random.Random(4)
    for _ in range(6):
        table.refresh_from_db()
        state = engine.load(table.state)
        seat = min(engine.to_move(state))
        action = rng.choice(engine.legal_actions(state, seat))
        move_submit(
            code=table.code, user=(alice, bob)[seat], action=action, seen_version=table.version
        )
    table.refresh_from_db()
    with mock.patch.object(Move, "text_for", autospec=True, side_effect=Move.text_for) as worded:
        first = _draw(table, alice, kept=True)
        lines = worded.call_count
        again = _draw(table, alice, kept=True)
        assert worded.call_count == lines  # nothing worded again
        with translation.override("de"):
            _draw(table, alice, kept=True)
        assert worded.call_count == 2 * lines  # another language: worded anew
    assert lines == len(first.log) >= 6 and again.log == first.log


def test_a_log_line_is_found_on_the_move_itself_before_the_process_wide_lines(alice, bob):
    """The recent moves a push draws from are the same objects from one drawing to the
    next: each keeps its lines, so the process-wide lines (and their lock) are not asked."""
    from lobby import pushes, rendering
    from lobby.selectors import table_get

    table = live_table("lost_cities", alice, bob)
    engine = get_engine("lost_cities")
    for _ in range(4):
        table.refresh_from_db()
        state = engine.load(table.state)
        seat = min(engine.to_move(state))
        move_submit(
            code=table.code,
            user=(alice, bob)[seat],
            action=engine.legal_actions(state, seat)[0],
            seen_version=table.version,
        )
    shot = pushes.snapshot_of(table_get(code=table.code))
    seats = list(shot.table.seats.all())
    first = rendering.log_lines(shot.moves, seats, 0)
    rendering._LINES.clear()
    with mock.patch.object(rendering, "_lines_lock") as lock:
        again = rendering.log_lines(shot.moves, seats, 0)
    assert again == first and len(first) >= 4
    assert not lock.__enter__.called and not rendering._LINES
    # Another viewer's lines are worded for that viewer, on the same moves.
    spectator = rendering.log_lines(shot.moves, seats, None)
    assert len(rendering._LINES) == len(spectator)


def test_fields_and_marks_at_name_only_what_a_region_reads():
    from lobby.marks import LastMove
    from lobby.templatetags.last_move import marks_at
    from lobby.templatetags.regions import fields

    seats = [{"seat": 0, "points": [1], "rows": "a"}, {"seat": 1, "points": [2], "rows": "b"}]
    assert fields(seats, "seat points") == ((0, [1]), (1, [2]))
    assert fields(seats, "missing") == ((None,), (None,))
    assert fields(None, "seat") is None
    last = LastMove(n=7, seat=1, keys=frozenset({"row:1:2", "world:1"}))
    assert marks_at(last, "row:1: shield:1") == (7, ("row:1:2",))
    assert marks_at(last, "world:1") == (7, ("world:1",))
    assert marks_at(last, "world:0 row:10:") is None
    assert marks_at(None, "world:1") is None
