"""How a table ended and the notices a player gets are kept as sentences, not as words in
the language of whoever caused them: each reader gets them in their own language."""

from __future__ import annotations

from django.test import Client
from django.urls import reverse
from django.utils import translation

from accounts.models import Notification
from accounts.services import notification_post
from games.words import msg
from lobby.models import Table
from lobby.rendering import board_html
from lobby.services import table_concede
from tests.lobby.helpers import started_table


def test_a_concession_reads_in_each_viewers_language(alice, bob):
    table = started_table(alice, bob)
    with translation.override("it"):  # whoever concedes reads Italian: not stored so
        table_concede(code=table.code, user=bob)
    table.refresh_from_db()
    assert table.end_reason == "bob conceded."
    assert table.end_words == {"m": "%(name)s conceded.", "a": {"name": "bob"}}
    with translation.override("de"):
        assert "bob hat aufgegeben." in board_html(table, alice)
        assert table.end_reason_said == "bob hat aufgegeben."
    with translation.override("en"):
        assert "bob conceded." in board_html(table, None)


def test_an_end_reason_kept_before_sentences_were_data_shows_as_written(alice, bob):
    table = started_table(alice, bob)
    Table.objects.filter(pk=table.pk).update(
        status=Table.Status.ABORTED, end_reason="Abgebrochen.", end_words=None
    )
    table.refresh_from_db()
    with translation.override("nl"):
        assert table.end_reason_said == "Abgebrochen."
        assert "Abgebrochen." in board_html(table, alice)


def test_a_notice_reads_in_the_language_of_the_page(alice):
    alice.language = "de"
    alice.save(update_fields=["language"])
    posted = notification_post(
        user=alice, kind="your_turn", text=msg("Your turn at %(game)s.", game="Reworld")
    )
    # As posted (for the e-mail): in the language the player last picked.
    assert posted == "Du bist am Zug bei Reworld."
    notice = Notification.objects.get(user=alice)
    assert notice.words == {"m": "Your turn at %(game)s.", "a": {"game": "Reworld"}}
    client = Client()
    client.force_login(alice)
    client.cookies["django_language"] = "it"
    page = client.get(reverse("accounts:notifications")).content.decode()
    with translation.override("it"):
        assert notice.said in page
    assert notice.said != posted


def test_a_notice_posted_as_plain_text_shows_as_posted(alice):
    notification_post(user=alice, kind="your_turn", text="Hello there.")
    notice = Notification.objects.get(user=alice)
    assert notice.words is None
    with translation.override("de"):
        assert notice.said == "Hello there."


def test_the_new_table_form_says_times_and_options_in_the_readers_language():
    from games.registry import get_engine
    from lobby.forms import TableForm

    with translation.override("de"):
        form = TableForm(engine=get_engine("lost_cities"))
        assert dict(form.fields["move_seconds"].choices)["86400"] == "1 Tag"
        assert dict(form.fields["move_seconds"].choices)["172800"] == "2 Tage"
        assert dict(form.fields["move_seconds"].choices)["43200"] == "12 Stunden"
        assert form.fields["opt_rounds"].label == "Runden"
    with translation.override("en"):
        form = TableForm(engine=get_engine("lost_cities"))
        assert dict(form.fields["move_seconds"].choices)["86400"] == "1 day"
