"""The boards drawn in Jinja2 (lobby/jinja.py): regions, words, escaping and the bridges
between Jinja2 and Django's templates."""

from __future__ import annotations

from pathlib import Path
from unittest import mock

import jinja2
import polib
import pytest
from django.conf import settings
from django.core.management.commands.makemessages import TranslatableFile
from django.template import Context, Template, TemplateSyntaxError, engines
from django.test import Client
from django.utils import translation

from lobby.jinja import is_jinja_template, words_of
from lobby.management.commands.makemessages import BuildFile, Command
from lobby.models import Seat, Table
from lobby.rendering import board_html, board_render
from lobby.templatetags.regions import COLLECTOR, KEPT
from tests.factories import UserFactory
from tests.lobby.helpers import live_table

ROOT = Path(__file__).resolve().parents[2]
JINJA_TEMPLATES = sorted(
    path
    for folder in ("lobby", "games")
    for path in (ROOT / folder).rglob("*.html")
    if is_jinja_template(str(path))
)
LANGUAGES = [code for code, _name in settings.LANGUAGES if code != "en"]


pytestmark = pytest.mark.usefixtures("kept_afresh")


def jinja(source: str):
    return engines["jinja2"].from_string(source)


def test_the_boards_on_the_move_path_are_jinja2_templates():
    names = {str(path.relative_to(ROOT)) for path in JINJA_TEMPLATES}
    assert "lobby/jinja2/lobby/_board.html" in names
    assert "games/lost_cities/jinja2/games/lost_cities/_board.html" in names
    assert "games/mondo/jinja2/games/mondo/_board.html" in names


def test_a_kept_region_is_drawn_again_when_what_it_reads_changes():
    source = jinja('{% region "r" keep view.n %}{{ view.n }}:{{ view.m }}{% endregion %}')

    def draw(view):
        collector: dict[str, str] = {}
        assert source.render({"view": view, "board_id": "b", COLLECTOR: collector}) == (
            "\x00region:r\x00"
        )
        return collector["r"]

    assert draw({"n": 1, "m": "a"}) == '<div id="b-r" class="region">1:a</div>'
    assert draw({"n": 2, "m": "a"}) == '<div id="b-r" class="region">2:a</div>'
    # What it does not name is not read again: a region must name all it reads.
    assert draw({"n": 1, "m": "z"}) == '<div id="b-r" class="region">1:a</div>'
    assert KEPT.hits == 1 and KEPT.misses == 2


def test_a_region_without_a_collector_is_its_element_and_keeps_nothing():
    source = jinja('{% region "r" keep n %}<b>{{ n }}</b>{% endregion %}')
    assert source.render({"n": "<i>", "board_id": "b"}) == (
        '<div id="b-r" class="region"><b>&lt;i&gt;</b></div>'
    )
    assert KEPT.hits == KEPT.misses == 0


def test_regions_never_nest_in_either_language():
    with pytest.raises(TemplateSyntaxError, match="inside another region"):
        jinja('{% region "a" %}{% region "b" %}x{% endregion %}{% endregion %}').render({})
    inner = engines["django"].from_string('{% load regions %}{% region "b" %}x{% endregion %}')
    outer = jinja('{% region "a" %}{{ inner() }}{% endregion %}')
    with pytest.raises(TemplateSyntaxError, match="inside another region"):
        outer.render({"inner": lambda: inner.render({})})
    # Side by side is fine, and a failed drawing leaves no region open behind it.
    assert "b-b" in jinja('{% region "b" %}x{% endregion %}').render({"board_id": "b"})


def test_a_region_drawn_twice_or_keeping_a_model_is_refused(alice):
    twice = jinja('{% region "r" %}x{% endregion %}{% region "r" %}y{% endregion %}')
    with pytest.raises(TemplateSyntaxError, match="rendered twice"):
        twice.render({COLLECTOR: {}})
    model = jinja('{% region "r" keep user %}x{% endregion %}')
    with pytest.raises(TemplateSyntaxError, match="keeps a model"):
        model.render({"user": alice, COLLECTOR: {}})


def test_the_region_tag_says_how_to_use_it():
    for wrong in (
        '{% region "r" view.n %}x{% endregion %}',
        '{% region "r" keep %}x{% endregion %}',
    ):
        # Jinja2's own syntax error, with the line (Django's backend shows it as its own).
        with pytest.raises(jinja2.TemplateSyntaxError, match="usage") as raised:
            jinja(wrong)
        assert raised.value.lineno == 1


def test_words_and_values_are_escaped_and_said_in_the_language():
    from games.words import msg

    source = jinja("{% trans card=card %}Play {{ card }}{% endtrans %}|{{ _('Moves') }}")
    with translation.override("de"):
        # The engine's sentence (a Msg) is said in German too, not left in English.
        assert source.render({"card": msg("Red")}) == "Rot ausspielen|Züge"
    assert source.render({"card": msg("Red")}) == "Play Red|Moves"
    escaped = jinja("{% trans name=name %}{{ name }} started{% endtrans %}").render(
        {"name": '<b>"x"</b>'}
    )
    assert escaped == "&lt;b&gt;&#34;x&#34;&lt;/b&gt; started"
    plural = jinja(
        "{% trans n=n %}{{ n }} card left{% pluralize %}{{ n }} cards left{% endtrans %}"
    )
    with translation.override("nl"):
        assert plural.render({"n": 1}) == "nog 1 kaart"
        assert plural.render({"n": 2}) == "nog 2 kaarten"


def test_an_unknown_name_reads_as_nothing_also_under_debug(settings):
    settings.DEBUG = True
    assert jinja("[{{ nothing }}]").render({}) == "[]"


def test_a_dicts_keys_read_as_jinja2_reads_them_without_its_exception_path():
    """`view.hand` on a plain dict is the key at once (no attribute tried first); a name
    of dict's own (`items`) is still the method, a missing key still nothing, and other
    objects (a dict's subclass too) go Jinja2's way."""

    class Mine(dict):
        hand = "attribute first"

    with mock.patch.object(jinja2.Environment, "getattr", side_effect=AssertionError):
        # Plain dicts never reach Jinja2's own attribute-first read.
        assert jinja("{{ v.hand }}|{{ v.gone }}|").render({"v": {"hand": "A"}}) == "A||"
    page = jinja("{{ v.items()|map('first')|join(',') }}|{{ m.hand }}|{{ o.real }}").render(
        {"v": {"items": "shadowed", "a": 1}, "m": Mine(hand="key"), "o": 3}
    )
    assert page == "items,a|attribute first|3"


@pytest.mark.django_db
@pytest.mark.parametrize("game", ["lost_cities", "mondo"])
def test_a_board_drawing_leaves_no_reference_cycle_for_the_collector(game):
    """A drawing's data is freed as soon as the drawing is done: a template's own macro
    (Lost Cities' `expeditions`) refers back to its context, and that cycle held all of a
    drawing's data until a garbage collection (lobby.jinja.BoardTemplate)."""
    import gc

    from lobby.pushes import snapshot_of
    from lobby.selectors import table_get

    alice, bob = UserFactory(), UserFactory()
    table = live_table(game, alice, bob)
    # As a push draws: from one read of the table (the ORM's own compiler leaves a small
    # cycle of its own per query with related rows; a drawing from a read makes none).
    shot = snapshot_of(table_get(code=table.code))
    board_render(shot.table, alice, moves=shot.moves, state=shot.state)  # templates compiled
    gc.collect()
    gc.disable()
    try:
        for viewer in (alice, bob, alice):
            board_render(shot.table, viewer, moves=shot.moves, state=shot.state)
        assert gc.collect() == 0
    finally:
        gc.enable()


def _board_with_a_script_for_a_name(game: str):
    """A live table of `game` whose seats are named by a script; return it, its first
    player and that player's board (a name no sign-up allows, shown wherever the board
    names a seat)."""
    alice = UserFactory(username="alice")
    bob = UserFactory(username="bob")
    table = live_table(game, alice, bob)
    table.refresh_from_db()
    named = mock.PropertyMock(return_value='<script>"x"</script>')
    with mock.patch.object(Seat, "display_name", new_callable=lambda: named):
        return table, alice, board_html(table, alice)


@pytest.mark.django_db
def test_a_seat_name_is_escaped_everywhere_on_the_lost_cities_board():
    _table, _alice, html = _board_with_a_script_for_a_name("lost_cities")
    assert "<script>" not in html
    # The seat bar, the heading over bob's expeditions, their label, the info line.
    assert html.count("&lt;script&gt;&#34;x&#34;&lt;/script&gt;") >= 4


@pytest.mark.django_db
def test_the_mondo_board_escapes_seat_names_and_keeps_its_legends_in_a_region():
    table, alice, html = _board_with_a_script_for_a_name("mondo")
    assert '<script>"x"' not in html
    # The seat bar, the totals, the other world's heading and its grid's label.
    assert html.count("&lt;script&gt;&#34;x&#34;&lt;/script&gt;") >= 4
    # The legends never change in a game: a kept region, not the skeleton drawn each push.
    board = board_render(table, alice)
    assert "mo-animal-legend" in board.regions["legend"]


@pytest.mark.django_db
def test_the_table_page_draws_the_jinja_board_with_its_form_token(client: Client, alice, bob):
    table = live_table("lost_cities", alice, bob)
    client.force_login(alice)
    page = client.get(f"/t/{table.code}/").content.decode()
    board = page[page.index(f'id="table-{table.code}-board"') :]
    assert 'class="lc-board"' in board and 'name="csrfmiddlewaretoken"' in board
    assert '<div id="table-' in board and "-hand" in board
    assert "{{" not in page and "{%" not in page


@pytest.mark.django_db
def test_a_push_drawing_of_a_django_board_inside_the_jinja_board_keeps_its_regions(alice, bob):
    """Games whose board is still a Django template draw inside the Jinja2 board: their
    regions go to the same collector as the Jinja2 board's own."""
    table = live_table("reworld", alice, bob)
    table.refresh_from_db()
    board = board_render(table, alice)
    platform = {"error", "seats", "status", "version", "fairness", "actions", "end", "log"}
    assert platform <= board.regions.keys()
    assert {"info", "scores", "hand"} <= board.regions.keys()
    assert "\x00" not in board.html
    for name, element in board.regions.items():
        assert element in board.html, name


@pytest.mark.django_db
def test_a_finished_table_shows_its_end_panel_through_the_django_part(alice, bob):
    table = live_table("lost_cities", alice, bob)
    table.status = Table.Status.FINISHED
    table.save(update_fields=["status"])
    html = board_html(table, alice)
    assert 'class="end-panel"' in html and f"/t/{table.code}/replay/" in html


@pytest.mark.parametrize("path", JINJA_TEMPLATES, ids=lambda p: str(p.relative_to(ROOT)))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_word_of_a_jinja_board_is_in_each_catalogue(path: Path, lang: str) -> None:
    """makemessages reads Jinja2 templates (lobby/management/commands/makemessages.py)."""
    po = polib.pofile(str(Path(settings.LOCALE_PATHS[0]) / lang / "LC_MESSAGES" / "django.po"))
    known = {(entry.msgctxt, entry.msgid, entry.msgid_plural or None): entry for entry in po}
    said = list(words_of(path.read_text()))
    assert said
    for _line, function, strings in said:
        texts = [text for text in strings if text is not None]
        if function in {"_", "gettext"}:
            wanted = (None, texts[0], None)
        elif function == "ngettext":
            wanted = (None, texts[0], texts[1])
        else:
            wanted = (texts[0], texts[1], texts[2] if len(texts) > 2 else None)
        entry = known.get(wanted)
        assert entry is not None and entry.translated(), wanted


def test_makemessages_reads_a_jinja_template_as_the_calls_it_makes(tmp_path: Path) -> None:
    source = (
        "<p>{{ _('Moves') }}</p>\n"
        "{% trans n=n %}{{ n }} card left{% pluralize %}{{ n }} cards left{% endtrans %}\n"
        "{% region 'r' keep a, b %}{% trans who=w %}{{ who }}'s turn{% endtrans %}{% endregion %}\n"
    )
    folder = tmp_path / "jinja2"
    folder.mkdir()
    (folder / "board.html").write_text(source)
    translatable = TranslatableFile(str(folder), "board.html", str(tmp_path))
    build = BuildFile(Command(), "django", translatable)
    build.preprocess()
    made = Path(build.work_path).read_text().splitlines()
    assert made[0] == "gettext('Moves'); "
    assert made[1] == "ngettext('%(n)s card left', '%(n)s cards left', 1); "
    assert made[2] == 'gettext("%(who)s\'s turn"); '
    compile("\n".join(made), "board.html.py", "exec")  # xgettext reads it as Python
    # A Django template is left to Django's own reading.
    (tmp_path / "page.html").write_text("{% load i18n %}{% translate 'Moves' %}")
    django_file = BuildFile(Command(), "django", TranslatableFile(str(tmp_path), "page.html", ""))
    django_file.preprocess()
    assert "gettext('Moves')" not in Path(django_file.work_path).read_text()


def test_a_django_template_may_still_use_the_region_tag_beside_jinja():
    source = Template('{% load regions %}{% region "r" keep n %}{{ n }}{% endregion %}')
    collector: dict[str, str] = {}
    source.render(Context({"n": 1, "board_id": "b", COLLECTOR: collector}))
    assert collector == {"r": '<div id="b-r" class="region">1</div>'}
