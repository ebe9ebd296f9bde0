"""Engines' sentences: English as a str, stored as message ids, said in the reader's language."""

from __future__ import annotations

import json
import pickle

import pytest
from django.template import Context, Template
from django.utils import translation
from django.utils.html import format_html

from games.words import Msg, decode, encode, join, msg, nmsg, pmsg, say
from lobby.models import Move


def test_a_sentence_is_its_english_words() -> None:
    line = msg("took %(card)s from the %(pile)s", card=msg("Blue wager"), pile="x")
    assert line == "took Blue wager from the x"
    assert isinstance(line, str)
    assert nmsg("bought %(n)s card.", "bought %(n)s cards.", 1) == "bought 1 card."
    assert nmsg("bought %(n)s card.", "bought %(n)s cards.", 3) == "bought 3 cards."
    assert join(", ", ["A1", msg("Blue")]) == "A1, Blue"


def test_stored_data_holds_ids_and_arguments_not_words() -> None:
    line = msg(
        "%(a)s; %(b)s", a=nmsg("sold %(n)s card.", "sold %(n)s cards.", 2), b=join(", ", [3, "x"])
    )
    data = encode(line)
    assert json.loads(json.dumps(data)) == data
    assert data == {
        "m": "%(a)s; %(b)s",
        "a": {
            "a": {"m": "sold %(n)s card.", "p": "sold %(n)s cards.", "n": 2, "a": {"n": 2}},
            "b": {"j": [3, "x"], "s": ", "},
        },
    }
    again = decode(data)
    assert isinstance(again, Msg) and again == line and encode(again) == data
    assert pickle.loads(pickle.dumps(line)).data() == data


@pytest.mark.parametrize(
    ("lang", "expected"),
    [("en", "Time is up for this round."), ("de", "Die Zeit für diese Runde ist abgelaufen.")],
)
def test_said_in_the_active_language(lang: str, expected: str) -> None:
    line = msg("Time is up for this round.")
    with translation.override(lang):
        assert say(encode(line)) == expected
        assert line.say() == expected
        # Wherever Django escapes a value, the sentence comes in the reader's language.
        assert Template("{{ line }}").render(Context({"line": line})) == expected
        assert format_html("<b>{}</b>", line) == f"<b>{expected}</b>"
    assert str(line) == "Time is up for this round."


def test_plain_stored_text_from_before_is_shown_as_it_was() -> None:
    assert say("drew a card") == "drew a card"
    assert say(None) == ""
    assert Move(texts={"spectator": "played Blue 3"}).text_for(0) == "played Blue 3"


def test_a_translation_that_lost_a_placeholder_falls_back_to_english(monkeypatch) -> None:
    import games.words as words

    monkeypatch.setattr(words, "_translate", lambda message: "kaputt %(nope)s")
    assert say(encode(msg("drew %(card)s", card="X"))) == "drew X"


def test_a_word_with_a_context_is_translated_apart(monkeypatch) -> None:
    import games.words as words

    monkeypatch.setattr(words, "_translate_in", lambda context, message: f"{context}:{message}")
    word = pmsg("standard project", "Asteroid")
    assert word == "Asteroid"
    data = encode(word)
    assert data == {"m": "Asteroid", "c": "standard project"}
    assert say(data) == "standard project:Asteroid"
    assert decode(data).data() == data and pickle.loads(pickle.dumps(word)).data() == data


def test_a_sentence_said_in_turn_in_several_languages_keeps_each_apart() -> None:
    line = msg("Time is up for this round.")
    said = {}
    for lang in ("de", "en", "it", "de", "nl", "en"):
        with translation.override(lang):
            said.setdefault(lang, set()).add(line.say())
    assert said["en"] == {"Time is up for this round."}
    assert said["de"] == {"Die Zeit für diese Runde ist abgelaufen."}
    assert all(len(words) == 1 for words in said.values())
    assert len({next(iter(words)) for words in said.values()}) == 4
