"""What the Relative Space help must say (../test_help_pages.py checks its translation tags)."""

from __future__ import annotations

from django.template.loader import render_to_string


def test_the_help_fragment_explains_the_whole_game_in_plain_words() -> None:
    html = render_to_string("games/relative_space/help.html")
    for phrase in [
        "first player to empty their supply",
        "available only when no card overlaps it",
        "not even you",
        "equal to or higher than the load value",
        "lower than the load value blocks the pod",
        "already empty when your turn began",
        "bottom row first",
        "If it was the only pod, it stays in play",
        "Key:",
        "START!:",
        "Double Load:",
        "Last Call:",
        "at least one pod in play",
        "10 minus the cards left",
    ]:
        assert phrase in html, phrase


def test_the_help_states_the_deck_and_pyramid_of_the_house_rule_table() -> None:
    """The help is plain text: this test notices when the data changes and the help does not."""
    from games.relative_space import engine

    html = render_to_string("games/relative_space/help.html")
    counts = {special.code: special.copies for special in engine.SPECIAL_CARDS}
    assert f"The deck has {len(engine.CARDS)} cards" in html
    assert f"items numbered {engine.ITEM_VALUES[0]} to {engine.ITEM_VALUES[-1]}" in html
    assert engine.ITEM_COPIES == 6 and "six of each" in html
    assert (
        f"{counts['KEY']} Keys, {counts['START']} START! cards, {counts['DOUBLE']} Double Loads "
        f"and {counts['LASTCALL']} Last Calls"
    ) in html
    rows = [count for _name, count, _up in engine.SUPPLY_ROWS]
    assert rows == [4, 3, 2, 1] and f"Each player gets {engine.LAYOUT.size} cards" in html
    assert f"({engine.DEFAULT_TURN_LIMIT} unless" in html


def test_the_help_names_places_in_words_as_the_board_does_in_every_language() -> None:
    """The board says "place 3 of row 1"; the help uses the same words, never "A3" or "rows C
    and D" (codes a player has no key to)."""
    import re

    from django.utils import translation

    for language in ("en", "de", "nl", "it"):
        with translation.override(language):
            html = render_to_string("games/relative_space/help.html")
        text = re.sub(r"<[^>]+>", " ", html)
        assert not re.search(r"\b[A-D][1-4]\b", text), language
        assert not re.search(r"\b[A-D] (?:and|und|en|e) [A-D]\b", text), language
    with translation.override("de"):
        assert "Platz 3 in Reihe 1" in render_to_string("games/relative_space/help.html")
