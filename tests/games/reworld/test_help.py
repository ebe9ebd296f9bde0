"""What the Reworld help must say (../test_help_pages.py checks its translation tags)."""

from __future__ import annotations

import re
from pathlib import Path

from django.template.loader import render_to_string

import games.reworld

TEMPLATE = Path(games.reworld.__file__).parent / "templates/games/reworld/help.html"


def test_the_help_fragment_renders_the_rules_in_plain_words() -> None:
    """It covers both chapters, the price rule and scoring."""
    html = render_to_string("games/reworld/help.html")
    for phrase in [
        "13 cards with two players, 9 with three, 7 with four",
        "space 20 lies next to space 1",
        "a card of that number, or any 2 cards",
        "or any 4 cards",
        "The number of the top card is the docking row",
        "Take the start player marker",
        "Drop out of the round",
        "the last module in is the first one out",
        "undock 1, 2 or 3 modules from the outer end",
        "one shuttle carries one or two crews",
        "crews of one colour only",
        "scores that city's size",
        "costs 1 point",
        "7, 4, 2 and 0",
        "the next lower place",
        "costs 3 points",
        "final population ship",
        "more population ships",
    ]:
        assert phrase in html, phrase


def test_the_board_templates_translate_every_word_too() -> None:
    """The board and its partials show no bare English outside translation tags."""
    folder = TEMPLATE.parent
    for path in folder.glob("_*.html"):
        source = path.read_text()
        source = re.sub(r"{% blocktranslate.*?%}.*?{% endblocktranslate %}", "", source, flags=re.S)
        source = re.sub(r"{%.*?%}|{{.*?}}", "", source, flags=re.S)
        source = re.sub(r"<[^>]+>", "", source)
        source = re.sub(r"&#?\w+;", "", source)
        leftover = re.findall(r"[A-Za-z]{2,}", source)
        assert leftover == [], (path.name, leftover)
