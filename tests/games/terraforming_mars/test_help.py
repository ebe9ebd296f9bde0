"""The rules help fragment: renders, and every sentence in it is marked for translation."""

from __future__ import annotations

import re
from pathlib import Path

from django.template.loader import render_to_string

import games.terraforming_mars

TEMPLATE = (
    Path(games.terraforming_mars.__file__).parent / "templates/games/terraforming_mars/help.html"
)


def test_the_help_fragment_renders_the_rules_in_plain_words() -> None:
    source = TEMPLATE.read_text()
    assert "{% extends" not in source and source.startswith("{% load i18n %}")
    html = render_to_string("games/terraforming_mars/help.html")
    for phrase in [
        "Terraform Rating",
        "3 M€ each",
        "one or two actions",
        "energy turns into heat",
        "Sell patents",
        "Steel pays 2 M€",
        "only 3 per game",
        "2 M€ for every ocean",
        "0 °C",
        "no second place in a two-player game",
        "more M€ wins",
        "14 generations",
        "TR 63",
    ]:
        assert phrase in html.replace("sell patents", "Sell patents"), phrase


def test_every_sentence_of_the_help_is_inside_a_translation_tag() -> None:
    source = TEMPLATE.read_text()
    source = re.sub(r"{% blocktranslate.*?%}.*?{% endblocktranslate %}", "", source, flags=re.S)
    source = re.sub(r"{%.*?%}", "", source, flags=re.S)
    source = re.sub(r"<[^>]+>", "", source)
    assert re.sub(r"\s+", "", source) == ""
