"""What the Lost Cities help must say (../test_help_pages.py checks its translation tags)."""

from __future__ import annotations

from django.template.loader import render_to_string


def test_the_help_fragment_renders_the_rules_in_plain_words() -> None:
    """It covers turn, wagers, scoring and the match."""
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
