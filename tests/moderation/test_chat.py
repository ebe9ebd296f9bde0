"""Table chat over HTTP: who may post, escaping, limits, mutes, blocks and hiding."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import ModerationLog, Relationship
from accounts.services import relationship_add
from lobby.chat import chat_list_visible, chat_message_html
from lobby.errors import NotFound
from lobby.models import ChatMessage
from lobby.services import table_create
from lobby.services.chat import chat_post
from tests.lobby.helpers import started_table
from tests.moderation.helpers import action_run

pytestmark = pytest.mark.django_db

XSS = '<script>alert("x")</script><img src=x onerror=alert(1)>'
HTMX = {"HTTP_HX_REQUEST": "true"}


def say(client, table, text, **extra):
    return client.post(reverse("lobby:chat", args=[table.code]), {"text": text}, **extra)


@pytest.fixture
def table(alice, bob):
    return started_table(alice, bob)


def test_a_seated_player_posts_and_everyone_seated_reads_it(client, table, alice, bob):
    client.force_login(alice)
    response = say(client, table, "good luck!", **HTMX)
    assert response.status_code == 200
    assert f'id="chat-{table.code}-form"' in response.content.decode()
    message = ChatMessage.objects.get()
    assert (message.user, message.table, message.text) == (alice, table, "good luck!")
    client.force_login(bob)
    page = client.get(table.get_absolute_url()).content.decode()
    assert f'id="chat-{table.code}-list"' in page
    assert "good luck!" in page


def test_the_chat_panel_sits_outside_the_board(client, table, alice):
    client.force_login(alice)
    page = client.get(table.get_absolute_url()).content.decode()
    board = page.index(f'id="table-{table.code}-board"')
    chat = page.index(f'id="chat-{table.code}"')
    socket = page.index('hx-ext="ws"')
    assert socket < board < chat
    # The chat is not inside the board's element, which socket pushes replace.
    from lobby.rendering import board_html

    assert "chat-" not in board_html(table, alice)


def test_xss_in_a_message_is_shown_as_text(client, table, alice, bob):
    client.force_login(alice)
    say(client, table, XSS)
    client.force_login(bob)
    page = client.get(table.get_absolute_url()).content.decode()
    assert "<script>alert" not in page and "<img src=x" not in page
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in page
    pushed = chat_message_html(message_id=ChatMessage.objects.get().id, user=bob)
    assert "<script>alert" not in pushed and "&lt;img src=x onerror=alert(1)&gt;" in pushed


def test_a_logged_in_spectator_of_a_public_table_may_chat(client, table, carol):
    client.force_login(carol)
    assert say(client, table, "nice move", **HTMX).status_code == 200
    assert ChatMessage.objects.filter(user=carol).exists()


def test_anonymous_visitors_neither_read_nor_post(client, table, alice):
    chat_post(code=table.code, user=alice, text="secret plan")
    page = client.get(table.get_absolute_url()).content.decode()
    assert "secret plan" not in page and "Log in to read and join the chat." in page
    response = say(client, table, "hello")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert ChatMessage.objects.count() == 1


def test_a_private_tables_chat_is_for_its_seats_and_invitees(client, alice, bob, carol):
    table = table_create(
        user=alice, game="lost_cities", players=2, options={}, visibility="private"
    )
    client.force_login(carol)
    assert say(client, table, "let me in").status_code == 404
    client.get(reverse("lobby:invite", args=[table.code, table.invite_token]))
    assert say(client, table, "thanks for the invite", **HTMX).status_code == 200
    client.force_login(alice)
    assert say(client, table, "welcome", **HTMX).status_code == 200
    assert ChatMessage.objects.count() == 2
    with pytest.raises(NotFound):  # bob is neither seated nor invited
        chat_post(code=table.code, user=bob, text="hi")


def test_a_message_is_at_most_500_characters(client, table, alice):
    client.force_login(alice)
    response = say(client, table, "x" * 501, **HTMX)
    assert response.status_code == 400
    assert "at most 500 characters; yours has 501" in response.content.decode()
    assert say(client, table, "x" * 500, **HTMX).status_code == 200
    assert say(client, table, "   ", **HTMX).status_code == 400
    assert ChatMessage.objects.count() == 1


def test_the_rate_limit_answers_429_with_a_clear_sentence(client, table, alice, bob):
    client.force_login(alice)
    for n in range(5):
        assert say(client, table, f"message {n}", **HTMX).status_code == 200
    response = say(client, table, "one too many", **HTMX)
    assert response.status_code == 429
    body = response.content.decode()
    assert "You are sending messages too fast: at most 5 in 10 seconds." in body
    assert 'value="one too many"' in body  # the text is kept for a retry
    assert ChatMessage.objects.count() == 5
    # The limit is per player: bob may still talk.
    client.force_login(bob)
    assert say(client, table, "calm down", **HTMX).status_code == 200


def test_the_rate_limit_without_javascript_shows_the_page_with_the_message(
    client, table, alice, settings
):
    settings.CHAT_RATE_COUNT = 1
    client.force_login(alice)
    assert say(client, table, "first").status_code == 302
    response = say(client, table, "second")
    assert response.status_code == 429
    assert "You are sending messages too fast" in response.content.decode()


def test_muting_hides_a_players_messages_for_that_player_only(table, alice, bob, carol):
    relationship_add(user=carol, other=alice, kind=Relationship.Kind.MUTE)
    message = chat_post(code=table.code, user=alice, text="gg")
    assert chat_list_visible(table=table, user=carol) == []
    assert chat_message_html(message_id=message.id, user=carol) is None
    assert chat_list_visible(table=table, user=bob) == [message]
    assert "gg" in chat_message_html(message_id=message.id, user=bob)


def test_blocking_hides_a_players_messages_for_that_player_only(client, table, alice, bob, carol):
    relationship_add(user=bob, other=alice, kind=Relationship.Kind.BLOCK)
    message = chat_post(code=table.code, user=alice, text="you are terrible")
    client.force_login(bob)
    assert "you are terrible" not in client.get(table.get_absolute_url()).content.decode()
    assert chat_message_html(message_id=message.id, user=bob) is None
    client.force_login(carol)
    assert "you are terrible" in client.get(table.get_absolute_url()).content.decode()


def test_a_mute_from_the_chat_reloads_the_table_page(client, table, alice, bob):
    chat_post(code=table.code, user=alice, text="spam spam")
    client.force_login(bob)
    page = client.get(table.get_absolute_url()).content.decode()
    assert reverse("accounts:relationship", args=["alice"]) in page
    response = client.post(
        reverse("accounts:relationship", args=["alice"]),
        {"kind": "mute", "on": "1", "next": table.get_absolute_url()},
        **HTMX,
    )
    assert response["HX-Redirect"] == table.get_absolute_url()
    assert "spam spam" not in client.get(table.get_absolute_url()).content.decode()


def test_a_hidden_message_disappears_for_everyone(mod_client, moderator, table, alice, bob):
    message = chat_post(code=table.code, user=alice, text="something nasty")
    kept = chat_post(code=table.code, user=bob, text="please stop")
    response = action_run(mod_client, "lobby_chatmessage", "hide", [message.id], reason="Insult")
    assert response.status_code == 302
    message.refresh_from_db()
    assert message.hidden and message.hidden_by == moderator and message.hidden_reason == "Insult"
    for viewer in (alice, bob):
        client = Client()
        client.force_login(viewer)
        page = client.get(table.get_absolute_url()).content.decode()
        assert "something nasty" not in page and "please stop" in page
        assert chat_message_html(message_id=message.id, user=viewer) is None
    assert chat_list_visible(table=table, user=bob) == [kept]
    entry = ModerationLog.objects.get()
    assert (entry.action, entry.target_user, entry.table) == ("chat_hide", alice, table)
    assert entry.details["text"] == "something nasty" and entry.reason == "Insult"
    action_run(mod_client, "lobby_chatmessage", "unhide", [message.id], reason="Misread it")
    message.refresh_from_db()
    assert not message.hidden
    assert ModerationLog.objects.filter(action="chat_unhide").count() == 1


def test_chat_messages_cannot_be_added_or_deleted_in_the_admin(mod_client, table, alice):
    message = chat_post(code=table.code, user=alice, text="hello")
    assert mod_client.get(reverse("admin:lobby_chatmessage_add")).status_code == 403
    delete = reverse("admin:lobby_chatmessage_delete", args=[message.id])
    assert mod_client.post(delete, {"post": "yes"}).status_code == 403
    change = reverse("admin:lobby_chatmessage_change", args=[message.id])
    assert 'name="text"' not in mod_client.get(change).content.decode()


def test_the_panel_shows_the_last_50_messages(client, table, alice):
    ChatMessage.objects.bulk_create(
        ChatMessage(table=table, user=alice, text=f"line {n:03d}") for n in range(60)
    )
    client.force_login(alice)
    page = client.get(table.get_absolute_url()).content.decode()
    assert "line 009" not in page
    assert "line 010" in page and "line 059" in page
    assert page.index("line 010") < page.index("line 059")


def test_the_posters_answer_carries_their_own_line_as_well_as_the_emptied_form(
    client, table, alice
):
    """The poster sees their line at once, even before their socket is open; the socket's
    push of the same line is then not added twice (static/js/playtable.js, the chat)."""
    client.force_login(alice)
    html = say(client, table, "hello early", **HTMX).content.decode()
    message = ChatMessage.objects.get()
    assert f'id="chat-{table.code}-form"' in html
    assert f'<div id="chat-{table.code}-list" hx-swap-oob="beforeend">' in html
    assert f'id="chat-msg-{message.id}"' in html and "hello early" in html
    form, line = html.split("</form>")
    assert "hello early" not in form  # emptied for the next line
    assert "hello early" in line
