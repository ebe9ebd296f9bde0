"""Cards' choices and the resources on cards read in the player's language, none in English.

Each card whose pending decision offers "choose" options (English keys such as "add",
"-2 heat, +2 M€ production" or "Remove 4 M€ from player 2", kept so saved games load) is
driven to its choice; its buttons and the log line of each option must be sentences the
catalogue translates, and the whole board drawn in German must show no English.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.utils import translation
from django.utils.html import conditional_escape

from games.terraforming_mars.catalog import CARDS
from games.terraforming_mars.state import State
from games.terraforming_mars.text import choice_label, describe_action
from games.terraforming_mars.view import _option_label, build_view
from games.words import Msg, say
from lobby.rendering import board_html
from lobby.services import seat_join, table_create
from tests.games.terraforming_mars.cardkit import position
from tests.games.terraforming_mars.helpers import (
    ENGINE,
    act,
    card,
    game,
    in_play,
    place_tiles,
    ready,
    set_prod,
    set_stock,
)
from tests.i18n.marking import Findings, marking


def _until_choice(st: State, seat: int = 0) -> State:
    """Answer the decisions before the choice (tiles, targets) with their first option."""
    for _ in range(10):
        legal = ENGINE.legal_actions(st, seat)
        if any(action["type"] == "choose" for action in legal):
            return st
        assert st.queue and st.queue[0][1] == seat, "the card asked nothing"
        st = act(st, seat, legal[0])
    raise AssertionError("no choice came")


def _played(
    number: str, setup: Callable[[State], None] | None = None, *answers: dict[str, Any]
) -> State:
    st = position(number)
    if setup is not None:
        setup(st)
    st = act(ready(st), 0, {"type": "play", "card": card(number)}, *answers)
    return _until_choice(st)


def _used(number: str, res: int | None = None, **stock: int) -> State:
    st = game(2)
    in_play(st, 0, number, res=res)
    set_stock(st, 0, **stock)
    return _until_choice(act(ready(st), 0, {"type": "use", "card": card(number)}))


def _insulation() -> State:
    return _played("152", lambda st: set_prod(st, 0, heat=3, mc=1))


def _flooding() -> State:
    def setup(st: State) -> None:
        place_tiles(st, {"r2c5": ("city", 1)})
        set_stock(st, 1, mc=10)

    return _played("188", setup, {"type": "space", "space": "r1c5"})


def _olympus_conference() -> State:
    return _played("084", lambda st: in_play(st, 0, "185", res=1))


CHOICES: dict[str, Callable[[], State]] = {
    "Insulation": _insulation,
    "Flooding": _flooding,
    "Power Infrastructure": lambda: _used("194", energy=3),
    "Olympus Conference": _olympus_conference,
    "Imported Hydrogen": lambda: _played("019"),
    "Virus": lambda: _played("050"),
    "Artificial Photosynthesis": lambda: _played("115"),
    "Sabotage": lambda: _played("121"),
    "Hired Raiders": lambda: _played("124"),
    "Large Convoy": lambda: _played("143"),
    "Local Heat Trapping": lambda: _played("190", lambda st: set_stock(st, 0, heat=5)),
    "Regolith Eaters": lambda: _used("033", res=2),
    "GHG Producing Bacteria": lambda: _used("034", res=2),
    "Nitrite Reducing Bacteria": lambda: _used("157", res=3),
    "Electro Catapult": lambda: _used("069", plants=1, steel=1),
    "Extreme-Cold Fungus": lambda: _used("134"),
}


@pytest.mark.parametrize("name", sorted(CHOICES))
def test_each_option_of_a_cards_choice_is_a_sentence_said_in_german(name: str) -> None:
    st = CHOICES[name]()
    options = [a for a in ENGINE.legal_actions(st, 0) if a["type"] == "choose"]
    assert len(options) >= 2
    with translation.override("de"):
        for action in options:
            label = _option_label(st, st.queue[0], action)["label"]
            line = describe_action(st, 0, action, 0)
            assert isinstance(label, Msg), (name, action["option"])
            assert label.say() != str(label), (name, str(label))  # said in German
            assert str(label) in line and label.say() in say(line.data())


def test_the_dynamic_options_keep_their_numbers() -> None:
    st = _flooding()
    labels = [_option_label(st, st.queue[0], a)["label"] for a in ENGINE.legal_actions(st, 0)]
    assert labels == ["Remove 4 M€ from player 2", "Remove nothing"]
    with translation.override("de"):
        assert [label.say() for label in labels] == [
            "4 M€ bei Spieler 2 entfernen",
            "Nichts entfernen",
        ]
    st = _insulation()
    with translation.override("it"):
        words = [
            _option_label(st, st.queue[0], a)["label"].say() for a in ENGINE.legal_actions(st, 0)
        ]
    assert words[2] == "-2 produzione di calore, +2 produzione di M€"


def test_resources_on_a_card_are_counted_in_the_readers_language() -> None:
    st = game(2)
    in_play(st, 0, "052", res=1)  # Fish: animals
    st = ready(st)
    view = build_view(ENGINE, st, 0)
    cards = [c for group in view["players"][0]["groups"] for c in group["cards"]]
    amount = next(c["resource_amount"] for c in cards if c["id"] == card("052"))
    with translation.override("nl"):
        assert amount.say() == "1 dier"


@pytest.mark.django_db
@pytest.mark.parametrize(
    "name", ["Insulation", "Flooding", "Power Infrastructure", "Olympus Conference"]
)
def test_the_board_at_a_cards_choice_reads_in_german_without_english(
    name: str, alice: Any, bob: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = table_create(user=alice, game="terraforming_mars", players=2, options={})
    table = seat_join(code=table.code, user=bob)
    state = CHOICES[name]()
    table.state = ENGINE.dump(state)
    table.save(update_fields=["state"])
    findings = Findings(allowed={alice.username, bob.username, str(table.code)})
    with marking("de", findings, monkeypatch):
        html = board_html(table, alice)
        findings.read_html(html)
        buttons = [
            str(conditional_escape(_option_label(state, state.queue[0], action)["label"]))
            for action in ENGINE.legal_actions(state, 0)
        ]
    assert all(button in html for button in buttons), buttons
    assert findings.clean, findings.report()


def test_every_option_a_card_offers_has_words() -> None:
    """The options written in the cards (choice labels, action modes) all have a sentence."""
    unsaid = []
    for card_id, info in CARDS.items():
        options = [op[1] for op in info.play if op[0] == "choice"]
        if len(info.actions) > 1:
            options.append(tuple(mode.key for mode in info.actions))
        for option in (key for keys in options for key in keys):
            if not isinstance(choice_label(card_id, option), Msg):
                unsaid.append((info.name, option))
    assert not unsaid
