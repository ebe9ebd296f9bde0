"""What the Terraforming Mars help must say (../test_help_pages.py checks its translation tags)."""

from __future__ import annotations

from django.template.loader import render_to_string


def test_the_help_fragment_renders_the_rules_in_plain_words() -> None:
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
        "for milestones, but never for awards",
    ]:
        assert phrase in html.replace("sell patents", "Sell patents"), phrase
