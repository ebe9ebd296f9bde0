"""The interface in German, Dutch and Italian: complete catalogues, compiled, and used."""

from __future__ import annotations

import gettext
import re
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import translation

from lobby.rendering import board_html
from lobby.services import seat_join, table_create

LOCALE = Path(settings.LOCALE_PATHS[0])
LANGUAGES = [code for code, _name in settings.LANGUAGES if code != "en"]
PLACEHOLDER = re.compile(r"%\([A-Za-z_]+\)[sdr]|%[sdr]")


def catalogue(lang: str) -> polib.POFile:
    return polib.pofile(str(LOCALE / lang / "LC_MESSAGES" / "django.po"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_string_is_translated_and_none_is_fuzzy(lang: str) -> None:
    po = catalogue(lang)
    assert len(po) > 1000
    missing = [e.msgid for e in po.untranslated_entries()]
    fuzzy = [e.msgid for e in po.fuzzy_entries()]
    assert not missing, f"{len(missing)} untranslated, e.g. {missing[:3]}"
    assert not fuzzy, f"{len(fuzzy)} fuzzy, e.g. {fuzzy[:3]}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_translations_keep_every_placeholder(lang: str) -> None:
    """A lost %(name)s would raise or show the wrong words at run time."""
    for entry in catalogue(lang):
        if "python-format" not in entry.flags:
            continue
        if entry.msgid_plural:
            pairs = [(entry.msgid_plural, entry.msgstr_plural[1])]
            # The singular form may say "one" instead of the count.
            assert set(PLACEHOLDER.findall(entry.msgstr_plural[0])) <= set(
                PLACEHOLDER.findall(entry.msgid_plural)
            ), entry.msgid
        else:
            pairs = [(entry.msgid, entry.msgstr)]
        for english, translated in pairs:
            assert sorted(PLACEHOLDER.findall(english)) == sorted(
                PLACEHOLDER.findall(translated)
            ), entry.msgid


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_compiled_catalogue_matches_its_source(lang: str) -> None:
    """django.mo is what Django reads: it must hold exactly the .po's translations."""
    with open(LOCALE / lang / "LC_MESSAGES" / "django.mo", "rb") as handle:
        compiled = gettext.GNUTranslations(handle)
    for entry in catalogue(lang):
        if entry.msgid_plural:
            for n, form in ((1, 0), (2, 1)):
                if entry.msgctxt:
                    got = compiled.npgettext(entry.msgctxt, entry.msgid, entry.msgid_plural, n)
                else:
                    got = compiled.ngettext(entry.msgid, entry.msgid_plural, n)
                assert got == entry.msgstr_plural[form], entry.msgid
        elif entry.msgctxt:
            assert compiled.pgettext(entry.msgctxt, entry.msgid) == entry.msgstr, entry.msgid
        else:
            assert compiled.gettext(entry.msgid) == entry.msgstr, entry.msgid


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("lang", "games", "tables"),
    [
        ("de", "Spiele", ">Tische<"),
        ("nl", "Spellen", ">Tafels<"),
        ("it", "Giochi", ">Tavoli<"),
    ],
)
def test_a_visitor_who_picks_a_language_gets_the_site_in_it(
    client: Client, lang: str, games: str, tables: str
) -> None:
    response = client.post(reverse("set_language"), {"language": lang, "next": "/"}, follow=True)
    html = response.content.decode()
    assert f'<html lang="{lang}">' in html
    nav = html[html.index('class="nav-links"') : html.index("</ul>", html.index("nav-links"))]
    assert games in nav and tables in nav and ">Games<" not in nav and ">Tables<" not in nav


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("lang", "lost_cities", "mars"),
    [
        ("en", "Round 1 of 3", "Generation 1"),
        ("de", "Runde 1 von 3", "Generation 1"),
        ("nl", "Ronde 1 van 3", "Generatie 1"),
        ("it", "Round 1 di 3", "Generazione 1"),
    ],
)
def test_the_round_and_generation_headings_follow_the_language(
    alice, bob, lang: str, lost_cities: str, mars: str
) -> None:
    """The boards word their round heading in the page's language, not the engine's English."""
    boards = {}
    for game in ("lost_cities", "terraforming_mars"):
        table = table_create(user=alice, game=game, players=2, options={})
        seat_join(code=table.code, user=bob)
        table.refresh_from_db()
        with translation.override(lang):
            boards[game] = board_html(table, alice)
    assert lost_cities in boards["lost_cities"]
    assert mars in boards["terraforming_mars"]
    if lang != "en":
        assert "Round 1 of 3" not in boards["lost_cities"]
