"""The rules help fragment: renders, and every sentence in it is marked for translation."""

from __future__ import annotations

import re
from pathlib import Path

from django.template.loader import render_to_string

import games.lost_cities

TEMPLATE = Path(games.lost_cities.__file__).parent / "templates/games/lost_cities/help.html"


def test_the_help_fragment_renders_the_rules_in_plain_words() -> None:
    """It is a fragment (no extends) and covers turn, wagers, scoring and the match."""
    source = TEMPLATE.read_text()
    assert "{% extends" not in source and source.startswith("{% load i18n %}")
    html = render_to_string("games/lost_cities/help.html")
    for phrase in [
        "8 cards",
        "Wager cards go first",
        "must go up",
        "You may not take back the card you discarded",
        "the last card of the draw pile",
        "subtract 20",
        "8 or more cards earns 20 bonus points",
        "share first place",
    ]:
        assert phrase in html, phrase


def test_every_sentence_of_the_help_is_inside_a_translation_tag() -> None:
    """Strip translate/blocktranslate blocks, tags and markup: no words may be left."""
    source = TEMPLATE.read_text()
    source = re.sub(r"{% blocktranslate.*?%}.*?{% endblocktranslate %}", "", source, flags=re.S)
    source = re.sub(r"{%.*?%}", "", source, flags=re.S)
    source = re.sub(r"<[^>]+>", "", source)
    assert re.sub(r"\s+", "", source) == ""
