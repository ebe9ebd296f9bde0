"""What the Mondo help must say (../test_help_pages.py checks its translation tags)."""

from __future__ import annotations

import re
from pathlib import Path

from django.template.loader import render_to_string

import games.mondo

#: The board and its parts, drawn on every move: Jinja2 templates (lobby/jinja.py).
BOARD_TEMPLATES = Path(games.mondo.__file__).parent / "jinja2/games/mondo"


def test_the_help_fragment_renders_the_rules_in_plain_words() -> None:
    html = render_to_string("games/mondo/help.html")
    for phrase in [
        "136 tiles",
        "You never hold more than one tile",
        "must touch a tile already in your world",
        "take the top bonus chip",
        "When your world is full you jump out automatically",
        "completed and error-free landscape: +2",
        "Water never scores",
        "Each free space: −1",
        "volcano chip",
        "up to two tasks",
        "four random tiles",
        "Equal totals share the place",
    ]:
        assert phrase in html, phrase


def test_every_sentence_of_the_board_templates_is_inside_a_translation_tag() -> None:
    """Strip translate blocks, tags, variables and markup: no words may be left.

    The help itself is checked, more strictly, for every game in ../test_help_pages.py.
    """
    for name in ("_board.html", "_breakdown.html", "_status.html", "_world.html"):
        source = (BOARD_TEMPLATES / name).read_text()
        source = re.sub(r"{% trans .*?%}.*?{% endtrans %}", "", source, flags=re.S)
        source = re.sub(r"{%.*?%}|{{.*?}}|{#.*?#}", "", source, flags=re.S)
        source = re.sub(r"<[^>]+>", "", source)
        leftover = re.sub(r"[\s·—–−+=×±⟲⟳:(),.\-0-9]+", "", source)
        assert leftover == "", (name, leftover[:80])
