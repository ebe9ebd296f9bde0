"""A NUL byte anywhere in a request is a 400 with words, never a 500, and nothing is stored.

PostgreSQL refuses NUL in text, so there a NUL reaching a query is a 500; SQLite stores
it. Run this file on both (DATABASE_URL for PostgreSQL): config.middleware refuses the
request before any view or query sees it.
"""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from accounts.models import User
from lobby.models import ChatMessage
from tests.factories import PASSWORD
from tests.lobby.helpers import post_move, started_table

pytestmark = pytest.mark.django_db

SENTENCE = "Your request contained a character that cannot be stored (a NUL byte)."
NOT_UNICODE = "Your request contained text that is not valid Unicode."


def assert_refused(response, sentence: str = SENTENCE) -> None:
    assert response.status_code == 400, response.status_code
    assert sentence in response.content.decode()


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.parametrize("htmx", [False, True])
def test_a_chat_message_with_a_nul_is_refused_and_not_stored(alice, bob, htmx):
    table = started_table(alice, bob)
    client = logged_in(alice)
    extra = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    url = reverse("lobby:chat", args=[table.code])
    assert_refused(client.post(url, {"text": "good\x00 luck"}, **extra))
    assert not ChatMessage.objects.exists()
    # The same message without the NUL goes through.
    assert client.post(url, {"text": "good luck"}, **extra).status_code in (200, 302)
    assert ChatMessage.objects.get().text == "good luck"


def test_a_profile_url_with_a_nul_is_refused(alice):
    client = logged_in(alice)
    assert_refused(client.get("/accounts/u/ali%00ce/"))
    assert_refused(client.get(reverse("accounts:profile", args=["ali\x00ce"])))
    assert_refused(client.get(reverse("accounts:report", args=["\x00"])))
    assert client.get(reverse("accounts:profile", args=["alice"])).status_code == 200


def test_a_query_string_with_a_nul_is_refused(client):
    assert_refused(client.get(reverse("lobby:tables"), {"game": "lost\x00cities"}))
    assert_refused(client.get(reverse("lobby:tables") + "?x%00=1"))


def test_the_preferences_form_with_a_nul_is_refused_and_nothing_saved(alice):
    client = logged_in(alice)
    url = reverse("accounts:preferences")
    form = {"email": "alice@example.com", "time_zone": "UTC", "bio": "https://example.com/\x00"}
    assert_refused(client.post(url, form))
    assert_refused(client.post(url, {**form, "bio": "ok", "email": "a\x00@example.com"}))
    alice.refresh_from_db()
    assert "\x00" not in alice.bio and alice.email == "alice@example.com"


def test_a_field_name_with_a_nul_is_refused(alice):
    client = logged_in(alice)
    url = reverse("accounts:preferences")
    assert_refused(client.post(url, {"email\x00": "alice@example.com"}))
    upload = SimpleUploadedFile("avatar.png", b"png")
    assert_refused(client.post(url, {"email": "alice@example.com", "avatar\x00": upload}))
    # A file's own name loses its unprintable characters in Django's parser.
    upload = SimpleUploadedFile("avatar\x00.png", b"png")
    response = client.post(url, {"email": "alice@example.com", "avatar": upload})
    assert response.status_code < 500


@pytest.mark.parametrize("htmx", [False, True])
def test_a_move_with_a_nul_is_refused_and_not_stored(alice, bob, htmx):
    table = started_table(alice, bob)
    seat = table.seats.get(is_to_move=True)
    client = logged_in(seat.user)
    extra = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    assert_refused(post_move(client, table, '{"type": "draw\x00"}', table.version, **extra))
    # Escaped inside the JSON, the NUL reaches the view, which refuses the move in words.
    escaped = json.dumps({"type": "draw", "note": "\x00"})
    assert "\\u0000" in escaped
    response = post_move(client, table, escaped, table.version, **extra)
    assert response.status_code == 400 and response.content.strip()
    table.refresh_from_db()
    assert table.moves.count() == 0 and table.move_count == 0


def test_sign_up_with_a_nul_is_refused_and_no_account_made(client):
    form = {
        "username": "eve\x00",
        "email": "eve@example.com",
        "password1": "a long pass phrase 42",
        "password2": "a long pass phrase 42",
    }
    assert_refused(client.post(reverse("accounts:signup"), form))
    assert_refused(client.post(reverse("accounts:signup"), {**form, "username": "eve", "x": "\0"}))
    assert not User.objects.filter(username__startswith="eve").exists()


def test_log_in_with_a_nul_is_refused(client, alice):
    url = reverse("accounts:login")
    assert_refused(client.post(url, {"username": "alice\x00", "password": PASSWORD}))
    assert_refused(client.post(url, {"username": "alice", "password": PASSWORD + "\x00"}))
    assert "_auth_user_id" not in client.session


def test_a_header_or_cookie_with_a_nul_is_refused(client):
    assert_refused(client.get("/", HTTP_USER_AGENT="curl\x00"))
    client.cookies["sessionid"] = "abcdefgh\x00ijklmnop"
    assert_refused(client.get("/"))


def test_a_json_or_text_body_with_a_nul_is_refused(client):
    url = reverse("accounts:login")
    assert_refused(client.post(url, '{"username": "\\u0000"}', content_type="application/json"))
    assert_refused(client.post(url, b'{"a": "\x00"}', content_type="application/json"))
    assert_refused(client.post(url, "hello\x00", content_type="text/plain"))
    response = client.post(url, '{"a": "\\ud800"}', content_type="application/json")
    assert_refused(response, NOT_UNICODE)


def test_htmx_gets_the_same_sentence(alice, bob):
    table = started_table(alice, bob)
    client = logged_in(alice)
    url = reverse("lobby:chat", args=[table.code])
    plain = client.post(url, {"text": "\x00"})
    htmx = client.post(url, {"text": "\x00"}, HTTP_HX_REQUEST="true")
    assert plain.content == htmx.content
    assert plain["Content-Type"] == htmx["Content-Type"] == "text/html; charset=utf-8"


def test_undecodable_form_bytes_are_stored_as_text_not_a_500(alice, bob):
    """Django decodes form fields so that no lone surrogate gets through: no guard needed.

    Percent-escapes that are not UTF-8 become U+FFFD; raw bytes are read as Latin-1.
    """
    table = started_table(alice, bob)
    client = logged_in(alice)
    url = reverse("lobby:chat", args=[table.code])
    for body in (b"text=%ED%A0%80ok", b"text=%FF%FEok", b"text=\xed\xa0\x80ok"):
        response = client.generic(
            "POST", url, body, content_type="application/x-www-form-urlencoded"
        )
        assert response.status_code == 302, (body, response.status_code)
    texts = list(ChatMessage.objects.values_list("text", flat=True))
    assert texts[:2] == ["\ufffd\ufffd\ufffdok", "\ufffd\ufffdok"]
    assert all(text.encode("utf-8") for text in texts)


@pytest.mark.django_db(transaction=True)
def test_a_socket_handshake_with_a_nul_is_refused_before_the_session_is_read(alice, bob):
    import asyncio

    from channels.testing import WebsocketCommunicator

    from config.asgi import application

    table = started_table(alice, bob)
    base = [(b"origin", b"http://testserver"), (b"host", b"testserver")]

    async def opens(headers: list[tuple[bytes, bytes]], path: str) -> bool:
        socket = WebsocketCommunicator(application, path, headers=headers)
        connected, _ = await socket.connect(timeout=5)
        await socket.disconnect()
        return connected

    path = f"/ws/table/{table.code}/"
    assert asyncio.run(opens(base, path)) is True
    assert asyncio.run(opens([*base, (b"cookie", b"sessionid=abc\x00def")], path)) is False
    assert asyncio.run(opens(base, path + "?x=%00")) is False
