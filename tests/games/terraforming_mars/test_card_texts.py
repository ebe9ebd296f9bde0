"""Every card's name and effect text is a sentence to translate, written out from cards.csv.

makemessages cannot read the CSV: card_texts.py holds one `msg("...")` literal per name and
effect text (written by games.terraforming_mars.cards._texts), and the catalogue hands out
those `Msg`s, equal to the English words, so the board says them in the reader's language.
"""

from __future__ import annotations

import ast
import csv
import io

import pytest

from games.terraforming_mars import card_texts
from games.terraforming_mars.cards._texts import CSV_PATH, MODULE_PATH, csv_texts, source
from games.terraforming_mars.catalog import CARDS
from games.words import Msg

CSV_TEXT = CSV_PATH.read_text(encoding="utf-8")
ROWS = {row["id"]: row for text in csv_texts() for row in csv.DictReader(io.StringIO(text))}


def test_card_texts_is_up_to_date_with_the_card_list() -> None:
    """Run `python -m games.terraforming_mars.cards._texts` after changing a card list."""
    assert MODULE_PATH.read_text(encoding="utf-8") == source(*csv_texts())


def test_the_generator_notices_a_changed_card_list() -> None:
    changed = CSV_TEXT.replace("Colonizer Training Camp", "Colonist Training Camp", 1)
    assert changed != CSV_TEXT
    assert source(changed) != source(CSV_TEXT)
    assert 'msg("Colonist Training Camp")' in source(changed)


def test_every_name_and_text_is_a_literal_makemessages_can_read() -> None:
    """One msg call per card name and effect, with a string literal and a translator note."""
    text = MODULE_PATH.read_text(encoding="utf-8")
    calls = [
        node
        for node in ast.walk(ast.parse(text))
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "msg"
    ]
    assert len(calls) == 2 * len(ROWS)
    for call in calls:
        assert len(call.args) == 1 and isinstance(call.args[0], ast.Constant | ast.JoinedStr)
        assert isinstance(call.args[0], ast.Constant), "an f-string is not extractable"
    notes = [line for line in text.splitlines() if line.strip().startswith("# Translators:")]
    assert len(notes) == 2 * len(ROWS)
    assert all("Terraforming Mars card" in note for note in notes)


@pytest.mark.parametrize("number", sorted(ROWS))
def test_each_card_gives_its_name_and_text_as_sentences(number: str) -> None:
    row, card = ROWS[number], CARDS[f"TM-{number}"]
    assert isinstance(card.name, Msg) and isinstance(card.text, Msg)
    assert card.name == row["name"] and card.name.message == row["name"]
    assert card.text == row["effect"] and card.text.message == row["effect"]
    assert card_texts.NAMES[number] is card.name
    assert card_texts.TEXTS[number] is card.text
