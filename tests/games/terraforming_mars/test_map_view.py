"""The map as drawn: symbols for bonuses, owners, the last tile, log lines naming their space."""

from __future__ import annotations

import re

import pytest
from django.template.loader import render_to_string

from games.registry import get_engine
from games.terraforming_mars.kernel import log
from games.terraforming_mars.maps import MAPS
from games.terraforming_mars.templatetags.terraforming_mars_map import SYMBOL_LEGEND
from games.terraforming_mars.text import describe_action, log_text, space_names
from games.terraforming_mars.view import BONUS_ICONS
from games.terraforming_mars.vocab import space_words
from games.words import msg, say
from lobby.icons import sprite_names
from lobby.models import Table
from lobby.rendering import board_html
from lobby.services import seat_join, table_create

pytestmark = pytest.mark.django_db

TILES = (("r2c2", "city", 1), ("r1c2", "ocean", -1), ("r6c3", "greenery", 0), ("r4c4", "city", 0))


def _table(alice, bob, options: dict | None = None) -> Table:
    table = table_create(user=alice, game="terraforming_mars", players=2, options=options or {})
    table = seat_join(code=table.code, user=bob)
    table.refresh_from_db()
    return table


def _lay(table: Table, tiles=TILES) -> None:
    """Put tiles on the stored state, each logged as board.place_tile logs it."""
    engine = get_engine("terraforming_mars")
    st = engine.load(table.state).clone()
    board = st.board_w()
    for space, kind, owner in tiles:
        board[space] = (kind, owner, "")
        log(st, owner, "tile", kind, "", space)
    st.oceans = sum(1 for kind, _, _ in st.board.values() if kind == "ocean")
    st.freeze()
    table.state = engine.dump(st)
    table.save(update_fields=["state"])


def _space_g(html: str, space: str) -> str:
    found = re.search(rf'<g class="([^"]*)" data-space="{space}">(.*?)</g>', html)
    assert found, space
    return found.group(0)


def test_bonuses_are_symbols_with_words_never_letter_codes(alice, bob) -> None:
    html = board_html(_table(alice, bob), alice)
    tharsis = MAPS["tharsis"]
    # Not one letter code in the map: no bonus text at all, and no "SS", "PP" marks.
    svg = html[html.index('<svg viewBox="0 0') : html.index("</svg>", html.index("tm-map-title"))]
    assert 'class="tm-bonus"' not in svg
    assert not re.search(r">(SS|PP|S|P|C|T|H|TT|CC|PPP)</text>", svg)
    # Every printed bonus of every space is one symbol on its hex, and the hex says it in words.
    for space in tharsis.spaces:
        g = _space_g(html, space.id)
        uses = re.findall(r'href="#tmb-([a-z-]+?)-[0-9.]+"', g)
        assert uses == [BONUS_ICONS[icon] for icon in space.bonus], space.id
        if "steel" in space.bonus:
            assert "steel" in re.search(r"<title>([^<]*)</title>", g).group(1)
    # Each symbol used is defined once, from the sprite, and the legend names it in words.
    assert html.count('id="tmb-tm-res-steel-') >= 1
    assert re.search(
        r'<use id="tmb-tm-res-steel-[0-9.]+" href="[^"#]*sprite[^"#]*#tm-res-steel"', html
    )
    legend = html[html.index('class="tm-legend') :]
    for name, words in (
        ("tm-res-steel", "steel"),
        ("tm-res-plant", "plant"),
        ("tm-bonus-card", "card"),
    ):
        assert re.search(rf"icon-{name}\b.*?</svg>{words}", legend), name


def test_ocean_spaces_and_named_spaces_are_recognisable(alice, bob) -> None:
    html = board_html(_table(alice, bob), alice)
    tharsis = MAPS["tharsis"]
    for space in tharsis.spaces:
        g = _space_g(html, space.id)
        assert ('href="#tm-wave"' in g) == (space.type == "ocean_reserved"), space.id
    # A named space says its name first, then where it lies.
    assert "<title>Tharsis Tholus · row 2, space 2 · steel" in _space_g(html, "r2c2")
    assert "<title>row 1, space 2 · " in _space_g(html, "r1c2")


def test_tiles_wear_their_owner_colour_and_the_last_one_is_marked(alice, bob) -> None:
    table = _table(alice, bob)
    _lay(table)
    html = board_html(table, bob)
    city = _space_g(html, "r2c2")
    assert 'href="#tmt-city"' in city and "tm-ring tm-s1" in city and "tm-cube tm-f1" in city
    assert "tm-ring tm-s0" in _space_g(html, "r6c3")
    ocean = _space_g(html, "r1c2")
    assert 'href="#tmt-ocean"' in ocean and "tm-ring" not in ocean  # an ocean has no owner
    # Only the tile placed last is marked, and its ring sits over its hex.
    assert re.findall(r'<g class="[^"]*\btm-last\b[^"]*" data-space="([^"]+)"', html) == ["r4c4"]
    hex_at = re.search(r'class="tm-h" href="#tm-hex" (x="[^"]+" y="[^"]+")', _space_g(html, "r4c4"))
    assert f'class="tm-last-ring" {hex_at.group(1)}' in html
    # A new tile moves the mark.
    _lay(table, (("r5c4", "greenery", 1),))
    html = board_html(table, bob)
    assert re.findall(r'<g class="[^"]*\btm-last\b[^"]*" data-space="([^"]+)"', html) == ["r5c4"]


def test_log_lines_name_their_space_in_words_and_carry_it_for_the_map(alice, bob) -> None:
    table = _table(alice, bob)
    _lay(table)
    html = board_html(table, alice)
    log_html = html[html.index('class="tm-log"') :]
    lines = re.findall(r'<li[^>]*data-space="([^"]+)" tabindex="0">(.*?)</li>', log_html, re.S)
    assert [space for space, _ in lines] == ["r4c4", "r6c3", "r1c2", "r2c2"]
    words = {space: " ".join(re.sub(r"<[^>]+>", " ", text).split()) for space, text in lines}
    assert words["r2c2"].endswith("placed city on Tharsis Tholus.")
    assert words["r6c3"].endswith("placed greenery on row 6, space 3.")
    assert not re.search(r"\br\d+c\d+\b", " ".join(words.values()))
    # Each line's space is a space of the map drawn next to it.
    for space, _ in lines:
        assert f'data-space="{space}"' in html[: html.index('class="tm-log"')]


def _placing_state():
    """A Tharsis game whose next decision is where seat 0 puts a city."""
    st = get_engine("terraforming_mars").setup(players=2, seed=1, options={}).clone()
    st.queue = [("place", 0, "", "city", "city", "")]
    st.freeze()
    return st


def test_space_words_and_rows_logged_before_them() -> None:
    names = space_names(MAPS["tharsis"])
    assert str(space_words("r3c4")) == "row 3, space 4"
    assert str(space_words("r2c2", names)) == "Tharsis Tholus"
    assert str(space_words("phobos_space_haven")) == "Phobos Space Haven"
    assert str(space_words("nowhere")) == "nowhere"
    # The game's log keeps space ids: an entry stored long ago reads in the new words.
    old = (1, 0, "tile", "city", "", "r9c2")
    assert str(log_text(old)) == "placed city on row 9, space 2."
    assert str(log_text((1, -2, "neutral_city", "r2c2", "r4c4"), names)) == (
        "A neutral city goes on Tharsis Tholus, with a neutral greenery on row 4, space 4."
    )
    # A move description stored (as sentence data) before, with a bare id, still reads.
    stored = msg("placed %(tile)s on %(space)s", tile=msg("city"), space="r1c2").data()
    assert say(stored) == "placed city on r1c2"
    # One stored now keeps the words of the space, said again in each reader's language.
    st = _placing_state()
    data = describe_action(st, 0, {"type": "space", "space": "r2c2"}, 1).data()
    assert say(data) == "placed city on Tharsis Tholus"


def test_the_help_page_has_a_legend_of_every_symbol() -> None:
    names = [name for _, items in SYMBOL_LEGEND for name, _ in items]
    assert len(names) == len(set(names))
    assert set(names) == {name for name in sprite_names() if name.startswith("tm-")}
    html = render_to_string("games/terraforming_mars/help.html")
    for _, items in SYMBOL_LEGEND:
        for name, words in items:
            assert re.search(rf"#{name}\"></use></svg> {re.escape(str(words))}</li>", html), name


def test_special_tiles_are_symbols_with_names_on_the_map_and_in_the_legends(alice, bob) -> None:
    """Every named tile (the special tiles, the Capital) has its own symbol: drawn on its hex
    and named in the map's legend and on the help page; no letter code ("NP", "Cap") left."""
    from games.terraforming_mars.vocab import NAMED_TILES, TILE_LABELS

    table = _table(alice, bob)
    engine = get_engine("terraforming_mars")
    st = engine.load(table.state).clone()
    board = st.board_w()
    free = [s.id for s in MAPS["tharsis"].spaces if s.type == "land"]
    placed = {}
    for space, name in zip(free, sorted(NAMED_TILES), strict=False):
        board[space] = ("city" if name == "capital" else "special", 0, name)
        placed[name] = space
    st.freeze()
    table.state = engine.dump(st)
    table.save(update_fields=["state"])
    assert len(placed) == len(NAMED_TILES) == 11
    html = board_html(table, alice)
    svg = html[html.index('<svg viewBox="0 0') : html.index("</svg>", html.index("tm-map-title"))]
    # No text on a tile: the only words in the map are the notes printed on empty spaces.
    assert set(re.findall(r'<text [^>]*class="([^"]*)"', svg)) <= {"tm-note"}
    assert svg.count("<text") == len(re.findall(r'<text [^>]*class="tm-note"', svg))
    for code in ("NP", "MA", "MR", "CD", "NZ", "LF", "MoA", "IC", "EZ", "RA", "Cap"):
        assert f">{code}<" not in html, code
    legend = html[html.index('class="tm-legend') : html.index("</ul>", html.index("tm-legend"))]
    help_page = render_to_string("games/terraforming_mars/help.html")
    for name, space in placed.items():
        symbol = f"tm-tile-{name.replace('_', '-')}"
        assert symbol in sprite_names()
        assert f'href="#tmt-{symbol[8:]}"' in _space_g(html, space), name
        assert re.search(rf'<use id="tmt-{symbol[8:]}" href="[^"#]*sprite[^"#]*#{symbol}"', svg)
        words = say(TILE_LABELS[name])
        assert f"#{symbol}" in legend and words in legend, name
        item = re.search(
            rf'<li><svg[^>]*><use href="[^"]*#{symbol}"></use></svg> ([^<]*)</li>', help_page
        )
        assert item and item.group(1) == words, name
