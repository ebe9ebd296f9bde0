"""The help page explains verifiable shuffles in every language of the site."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

pytestmark = pytest.mark.django_db

#: The section's title and the command it documents, per language.
TITLES = {
    "en": "Verifiable shuffles",
    "de": "Überprüfbares Mischen",
    "nl": "Controleerbaar schudden",
    "it": "Mescolamenti verificabili",
}


def test_every_language_of_the_site_has_a_title_here() -> None:
    assert set(TITLES) == {code for code, _name in settings.LANGUAGES}


@pytest.mark.parametrize("lang", sorted(TITLES))
def test_the_help_page_explains_verifiable_shuffles(client, lang: str) -> None:
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = lang
    page = client.get(reverse("lobby:help")).content.decode()
    assert 'id="verifiable-shuffles"' in page
    assert TITLES[lang] in page
    assert "python manage.py verify_game --file record.json" in page
    assert "playtable-seed-v1:" in page
    with translation.override(lang):
        # What it proves, what it does not, and how to check: each heading in this language.
        for heading in ("What it proves", "What it does not prove", "How to check a game"):
            said = translation.gettext(heading)
            assert said in page
            assert lang == "en" or said != heading, (lang, heading)


def test_the_footer_links_to_the_help_page(client) -> None:
    page = client.get(reverse("lobby:games")).content.decode()
    assert f'href="{reverse("lobby:help")}"' in page
