"""Our own 400, 403, 404 and 500 pages: in the player's language, with ways back, and
telling a stranger nothing about a private table but that it is not theirs to see."""

from __future__ import annotations

import uuid

import pytest
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.test import Client, RequestFactory
from django.urls import path, reverse
from django.utils import translation
from django.views import defaults

from config import urls as site_urls
from lobby.services import table_create
from tests.lobby.helpers import post_move

PRIVATE = "This table is private: ask its host for the invite link."
# What Django's debug 404 page says: it lists every URL pattern of the site.
DEBUG_PAGE = ("URLconf", "Django tried these URL patterns", "technical_404")


def _boom(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("a bug")


def _refused(request: HttpRequest) -> HttpResponse:
    raise PermissionDenied("You may replay a game only from your own seat.")


# This module is the URLconf of the tests marked below: the site plus two failing views.
urlpatterns = [
    *site_urls.urlpatterns,
    path("test-boom/", _boom),
    path("test-refused/", _refused),
]
handler404 = site_urls.handler404


def _ways_back(body: str) -> None:
    assert f'href="{reverse("home")}"' in body
    assert f'href="{reverse("lobby:games")}"' in body


@pytest.mark.django_db
def test_an_unknown_address_is_our_404_page_not_a_list_of_url_patterns(client):
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    body = response.content.decode()
    assert "Page not found" in body
    _ways_back(body)
    assert not any(words in body for words in DEBUG_PAGE)
    assert "admin/" not in body
    # Django's own 404 message for an unmatched URL is not shown either.
    assert "Resolver404" not in body


@pytest.mark.django_db
def test_a_stranger_opening_a_private_table_is_told_to_ask_the_host(client, alice, carol):
    table = table_create(
        user=alice, game="lost_cities", players=2, options={}, visibility="private"
    )
    client.force_login(carol)
    response = client.get(table.get_absolute_url())
    assert response.status_code == 404
    body = response.content.decode()
    assert PRIVATE in body
    _ways_back(body)
    assert not any(words in body for words in DEBUG_PAGE)
    # The host still sees the table.
    client.force_login(alice)
    assert client.get(table.get_absolute_url()).status_code == 200


@pytest.mark.django_db
def test_a_table_that_does_not_exist_reads_the_same_so_nothing_is_revealed(client, carol):
    client.force_login(carol)
    response = client.get(reverse("lobby:table", args=[uuid.uuid4()]))
    assert response.status_code == 404
    assert PRIVATE in response.content.decode()


@pytest.mark.django_db
def test_an_htmx_request_gets_the_sentence_alone_to_swap_into_the_board(client, alice, carol):
    table = table_create(
        user=alice, game="lost_cities", players=2, options={}, visibility="private"
    )
    client.force_login(carol)
    response = post_move(client, table, {"type": "draw"}, 0, HTTP_HX_REQUEST="true")
    assert response.status_code == 404
    body = response.content.decode()
    assert PRIVATE in body
    assert "<html" not in body


@pytest.mark.django_db
def test_the_404_page_speaks_the_players_language(client):
    response = client.get(reverse("lobby:game", args=["chess"]), HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 404
    body = response.content.decode()
    assert '<html lang="de">' in body
    assert "Dieses Spiel gibt es nicht." in body  # the view's own sentence, translated
    assert ">Spiele<" in body


@pytest.mark.django_db
@pytest.mark.urls(__name__)
def test_a_crash_is_our_500_page(client):
    client.raise_request_exception = False
    response = client.get("/test-boom/", HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 500
    body = response.content.decode()
    assert "Etwas ist schiefgegangen" in body  # "Something went wrong", in German
    assert '<html lang="de">' in body
    assert ">Spiele<" in body
    _ways_back(body)
    assert "RuntimeError" not in body and "a bug" not in body


def test_the_500_page_needs_neither_the_database_nor_a_context_processor():
    """No django_db mark: any query here fails the test. Django renders 500.html with no
    context at all, so the page must not lean on `user`, `request` or a processor."""
    with translation.override("en"):  # whatever an earlier request left active
        response = defaults.server_error(RequestFactory().get("/"))
    assert response.status_code == 500
    body = response.content.decode()
    assert "Something went wrong" in body
    _ways_back(body)


@pytest.mark.django_db
@pytest.mark.urls(__name__)
def test_a_refusal_is_our_403_page_with_its_reason(client):
    response = client.get("/test-refused/")
    assert response.status_code == 403
    body = response.content.decode()
    assert "Not allowed" in body
    assert "You may replay a game only from your own seat." in body
    _ways_back(body)


@pytest.mark.django_db
def test_an_expired_form_is_our_403_page_not_djangos(alice):
    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)
    response = client.post(reverse("accounts:preferences"), {"time_zone": "UTC"})
    assert response.status_code == 403
    body = response.content.decode()
    assert "This form has expired" in body
    assert "CSRF verification failed" not in body
    _ways_back(body)


@pytest.mark.django_db
def test_a_request_for_another_host_is_our_400_page(client):
    response = client.get("/", HTTP_HOST="evil.example")
    assert response.status_code == 400
    body = response.content.decode()
    assert "Bad request" in body
    _ways_back(body)
