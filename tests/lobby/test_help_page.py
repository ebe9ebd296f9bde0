"""The help page explains the recap, reputation and statistics, in each of the four languages."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db

HEADINGS = {
    "en": ["Since your last move", "Reputation", "Statistics"],
    "de": ["Seit deinem letzten Zug", "Zuverlässigkeit", "Statistik"],
    "nl": ["Sinds je laatste zet", "Betrouwbaarheid", "Statistieken"],
    "it": ["Dalla tua ultima mossa", "Affidabilità", "Statistiche"],
}
#: A sentence of each section's text, per language (the house rule's 5 in the reputation).
SENTENCES = {
    "en": [
        "a card someone drew in secret stays a secret",
        "fewer than 5 finished games",
        "a shared first place is a win",
    ],
    "de": [
        "bleibt geheim",
        "weniger als 5 beendeten Partien",
        "ein geteilter erster Platz ist ein Sieg",
    ],
    "nl": [
        "blijft geheim",
        "minder dan 5 afgelopen partijen",
        "een gedeelde eerste plaats is een overwinning",
    ],
    "it": [
        "resta segreta",
        "meno di 5 partite finite",
        "un primo posto a pari merito è una vittoria",
    ],
}


@pytest.mark.parametrize("language", sorted(HEADINGS))
def test_the_help_page_has_each_section_in_the_language(client, language):
    response = client.get(reverse("lobby:help"), HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    html = response.content.decode()
    assert f'<html lang="{language}"' in html
    for anchor, heading in zip(
        ("recap", "reputation", "statistics"), HEADINGS[language], strict=True
    ):
        section = re.search(
            rf'<section class="card help-section" id="{anchor}">.*?</section>', html, re.S
        )
        assert section is not None, anchor
        assert f"<h2>{heading}</h2>" in section.group(0)
    for sentence in SENTENCES[language]:
        assert sentence in html, sentence
