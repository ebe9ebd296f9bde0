"""Every card of prelude.csv and colonies.csv has tests of what it has (rules §13, §14).

For each card the test sources are searched for: its number (the card is tested at all); a
use of its action, and of each of its action's modes (a test that uses the action and names
the mode's key, "add" in `choose("add")`); a VP count of a card whose VP depend on
something (resources, colonies); a refusal of its requirement (`blocked(…)` / `play_block(…)`
not compared with None) and, in the same test, its acceptance (`blocked(…) is None`,
`play_block(…) is None` or `play_card(…)`, which asserts it), so that the limit itself is
tried as well as one short (tag requirements are covered card by card by the generated
`TAG_REQ` test of test_cards_colonies.py and the Prelude tests). Run the module itself
(`python -m tests.games.terraforming_mars.test_expansion_coverage`) for the table.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from games.terraforming_mars.cards.model import CardDef
from games.terraforming_mars.catalog import CARDS

HERE = Path(__file__).resolve().parent
EXPANSIONS = ("prelude", "colonies")


def _sources() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(HERE.glob("test_*.py")))


def _cards() -> list[CardDef]:
    import games.terraforming_mars.engine  # noqa: F401  (registers every card)

    return sorted((c for c in CARDS.values() if c.module in EXPANSIONS), key=lambda c: c.number)


def _ref(number: str) -> str:
    """A reference to the card in a test: "C42" as an argument or card("C42")."""
    return r'(?:"' + number + r'"|card\("' + number + r'"\))'


def _tests(sources: str) -> list[str]:
    """The sources cut into test functions (each with its decorators), roughly."""
    return re.split(r"\n(?=def |@pytest)", sources)


def _limit_tried(ref: str, test: str) -> tuple[bool, bool]:
    """Whether `test` refuses the card (a play_block / blocked call not compared with None)
    and whether it accepts it (one compared with None, or play_card, which asserts it)."""
    calls = re.findall(r"[^\n]*(?:blocked|play_block)\([^\n]*" + ref + r"[^\n]*", test)
    refused = any(not re.search(r"\) is None", line) for line in calls)
    accepted = any(re.search(r"\) is None", line) for line in calls) or bool(
        re.search(r"play_card\([^\n]*" + ref, test)
    )
    return refused, accepted


def gaps(card: CardDef, sources: str) -> list[str]:
    """What of `card` no test exercises: "named", "action", "mode <key>", "vp",
    "requirement" (never refused), "limit" (no test refuses it and accepts it)."""
    number, ref = card.number, _ref(card.number)
    missing = []
    if f'"{number}"' not in sources:
        missing.append("named")
    use = r'use\([^\n]*"' + number + r'"|"type": "use", "card": card\("' + number + r'"\)'
    if card.actions and not re.search(use, sources):
        missing.append("action")
    if len(card.actions) > 1:
        using = [test for test in _tests(sources) if re.search(use, test)]
        missing.extend(
            f"mode {mode.key}"
            for mode in card.actions
            if not any(f'"{mode.key}"' in test for test in using)
        )
    if (
        card.vp_rule
        and card.vp_rule[0] != "fixed"
        and not re.search(r"card_vp\([^\n]*" + ref, sources)
    ):
        missing.append("vp")
    if any(req[0] != "tag" for req in card.req):
        tried = [_limit_tried(ref, test) for test in _tests(sources)]
        if not any(refused for refused, _accepted in tried):
            missing.append("requirement")
        elif not any(refused and accepted for refused, accepted in tried):
            missing.append("limit")
    return missing


CARD_NUMBERS = [c.number for c in _cards()]


def test_both_expansions_are_listed() -> None:
    numbers = set(CARD_NUMBERS)
    assert sum(n.startswith("P") for n in numbers) == 35 + 7  # preludes + project cards
    assert sum(n.startswith("C") for n in numbers) == 49


@pytest.mark.parametrize("number", CARD_NUMBERS)
def test_every_expansion_card_has_its_tests(number: str) -> None:
    card = next(c for c in _cards() if c.number == number)
    assert gaps(card, _sources()) == [], card.name


if __name__ == "__main__":  # the table of every card and what tests it
    text = _sources()
    for info in _cards():
        found = gaps(info, text)
        kinds = [
            k
            for k, has in (
                ("requirement", bool(info.req)),
                ("action", bool(info.actions)),
                ("vp", info.vp_rule is not None),
                ("triggers", bool(info.triggers)),
            )
            if has
        ]
        status = "ok" if not found else "MISSING " + ", ".join(found)
        print(f"{info.number:4} {str(info.name):32} {'/'.join(kinds) or '-':28} {status}")
