"""Every registered game's rules help: a fragment that renders, every sentence translatable.

The help template is the one the table page includes (`games/<slug>/help.html`). The
phrases each help must explain stay in the game's own `test_help.py`.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.template.loader import get_template, render_to_string

from games.registry import engines

SLUGS = [engine.slug for engine in engines()]


def help_source(slug: str) -> str:
    """The text of the help template Django finds for `slug`."""
    origin = get_template(f"games/{slug}/help.html").origin.name
    return Path(origin).read_text()


def untranslated(source: str) -> str:
    """What is left of a template once translate blocks, tags and markup are taken out."""
    source = re.sub(r"{% blocktranslate.*?%}.*?{% endblocktranslate %}", "", source, flags=re.S)
    source = re.sub(r"{%.*?%}", "", source, flags=re.S)
    source = re.sub(r"<[^>]+>", "", source)
    return re.sub(r"\s+", "", source)


def test_every_game_is_checked() -> None:
    """The list is the registry's, and it holds (at least) the five games there are today."""
    assert {"lost_cities", "mondo", "relative_space", "reworld", "terraforming_mars"} <= set(SLUGS)


@pytest.mark.parametrize("slug", SLUGS)
def test_the_help_is_a_fragment_that_renders(slug: str) -> None:
    """The table page includes it: no `extends`, it loads i18n first, and it has words."""
    source = help_source(slug)
    assert "{% extends" not in source and re.match(r"\{% load i18n[ a-z_]*%\}", source)
    html = render_to_string(f"games/{slug}/help.html")
    assert re.sub(r"<[^>]+>|\s+", "", html)


@pytest.mark.parametrize("slug", SLUGS)
def test_every_sentence_of_the_help_is_inside_a_translation_tag(slug: str) -> None:
    """Strip translate/blocktranslate blocks, tags and markup: no words may be left."""
    assert untranslated(help_source(slug)) == ""


def test_the_check_finds_a_sentence_left_untranslated() -> None:
    """The stripping keeps what a player would read in English only."""
    source = (
        "{% load i18n %}<p>{% translate 'Draw a card.' %}</p>"
        "<p>{% blocktranslate %}Play {{ n }} cards.{% endblocktranslate %}</p>"
    )
    assert untranslated(source) == ""
    assert untranslated(source + "<p>Discard one.</p>") == "Discardone."
