"""The one sprite: built from the symbol drawings, holding every icon the pages ask for."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.template import Context, Template

from lobby.icons import build_sprite, sprite_names, sprite_path, symbol, symbols_dir

ROOT = Path(settings.BASE_DIR)
PATTERNS = ("templates/**/*.html", "*/templates/**/*.html", "games/*/templates/**/*.html")
USE = re.compile(r"""\{%\s*icon\s+["']([^"']+)["']""")


def _templates() -> list[Path]:
    return sorted(p for pattern in PATTERNS for p in ROOT.glob(pattern) if ".venv" not in p.parts)


def test_the_sprite_is_built_from_the_symbols():
    assert sprite_path().read_text(encoding="utf-8") == build_sprite(), (
        "static/icons/sprite.svg is stale: run `python manage.py build_sprite`"
    )


def test_every_icon_a_template_names_is_in_the_sprite():
    names = sprite_names()
    missing = {
        (str(path.relative_to(ROOT)), name)
        for path in _templates()
        for name in USE.findall(path.read_text(encoding="utf-8"))
        if name not in names
    }
    assert not missing


@pytest.mark.parametrize("path", sorted(symbols_dir().glob("*.svg")), ids=lambda p: p.stem)
def test_a_symbol_is_our_own_drawing_and_runs_nothing(path):
    text = path.read_text(encoding="utf-8")
    assert "<script" not in text.lower()
    assert not re.search(r"\son[a-z]+\s*=", text, re.I), "no event handlers in a drawing"
    assert not re.search(r"(?:href|src)\s*=\s*[\"'](?:https?:)?//", text), "nothing from elsewhere"
    assert symbol(path.stem, text).startswith(f'<symbol id="{path.stem}" viewBox="')


def test_bad_drawings_are_refused_with_words():
    with pytest.raises(ValueError, match="viewBox"):
        symbol("dot", '<svg xmlns="http://www.w3.org/2000/svg"><circle r="1"/></svg>')
    with pytest.raises(ValueError, match="hyphens"):
        symbol("Dot_1", '<svg viewBox="0 0 1 1"></svg>')


def test_the_icon_tag_speaks_when_given_words_and_hides_otherwise():
    page = Template('{% load icons %}{% icon "bot" words %}|{% icon "bot" %}').render(
        Context({"words": "A bot & co"})
    )
    spoken, quiet = page.split("|")
    assert 'role="img"' in spoken and 'aria-label="A bot &amp; co"' in spoken
    assert "<title>A bot &amp; co</title>" in spoken
    assert re.search(r'<use href="[^"]*icons/sprite[^"]*\.svg#bot">', spoken)
    assert 'aria-hidden="true"' in quiet and "aria-label" not in quiet


#: Each game's own symbols, by the prefix of their drawings' names.
GAME_SYMBOLS = {"lost_cities": "lc", "mondo": "mo", "reworld": "rw", "terraforming_mars": "tm"}


@pytest.mark.parametrize(("game", "prefix"), sorted(GAME_SYMBOLS.items()))
def test_every_symbol_of_a_game_is_explained_on_its_help_page(game, prefix):
    from django.template.loader import render_to_string

    html = render_to_string(f"games/{game}/help.html")
    explained = set(re.findall(r'icons/sprite[^"#]*\.svg#([\w-]+)"', html))
    drawn = {path.stem for path in symbols_dir().glob(f"{prefix}-*.svg")}
    assert drawn, f"no {prefix}- symbols drawn"
    assert drawn <= explained, f"not on the {game} help page: {sorted(drawn - explained)}"
