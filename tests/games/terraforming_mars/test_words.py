"""The game's sentences are data (games.words): English as before, said in each language."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.terraforming_mars.text import describe_action, explain_illegal, log_text, prompt_text
from games.words import Msg, decode, encode, say
from lobby.rendering import board_html
from lobby.services import seat_join, table_create

from .helpers import ENGINE, card, game, give, ready


def _in(lang: str, text: Msg) -> str:
    with translation.override(lang):
        return say(encode(text))


def test_log_lines_keep_their_english_and_count_in_each_language() -> None:
    one = log_text((1, 0, "sold", 1))
    three = log_text((1, 0, "sold", 3))
    assert isinstance(one, Msg) and (one, three) == ("sold 1 card.", "sold 3 cards.")
    assert _in("de", three) == "verkaufte 3 Karten."
    assert _in("it", one) == "ha venduto 1 carta."
    oxygen = log_text((1, 0, "oxygen", 1, 2))
    assert oxygen == "raised oxygen to 2 %."
    assert _in("nl", oxygen) == "verhoogde de zuurstof tot 2 %."


def test_a_stored_log_line_names_the_card_and_the_project_in_the_readers_language() -> None:
    st = ready(game())
    line = describe_action(st, 0, {"type": "project", "project": "sell_patents"}, None)
    assert line == "used the standard project Sell patents"
    stored = decode(encode(line))  # as the platform keeps it
    assert _in("de", stored) == "nutzte das Standardprojekt Patente verkaufen"


def test_refusals_and_reasons_are_sentences() -> None:
    st = game()
    give(st, 0, "058")
    st = ready(st)
    refusal = explain_illegal(st, 0, {"type": "play", "card": card("001")})
    assert isinstance(refusal, Msg) and refusal == "You do not hold that card."
    reason = ENGINE.play_block(st, 0, card("058"))
    assert isinstance(reason, Msg) and "jovian" in reason
    assert "Symbole" in _in("de", reason)
    pending = ("sell", 0, "")
    assert _in("it", prompt_text(st, pending)).startswith("Vendere brevetti:")


@pytest.mark.django_db
def test_the_board_reads_in_german_without_the_english_words(alice, bob) -> None:
    table = table_create(user=alice, game="terraforming_mars", players=2, options={})
    table = seat_join(code=table.code, user=bob)
    table.refresh_from_db()
    with translation.override("de"):
        html = board_html(table, alice)
    assert "Patente verkaufen" in html and "Sell patents" not in html
    assert "Ascraeus Mons" in html and "Stahl, Stahl" in html
