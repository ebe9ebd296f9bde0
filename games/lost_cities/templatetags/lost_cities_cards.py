"""Lost Cities' board parts drawn in Python (a card, a column, the discard piles), for the
board's Jinja2 template (games/lost_cities/jinja2/, lobby/jinja.py): `JINJA_GLOBALS`; and
the filters that name what its kept regions read."""

from __future__ import annotations

import functools
from collections.abc import Collection, Iterable, Mapping
from typing import Any

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, gettext_noop, ngettext

from games.lost_cities.scoring import BONUS_MIN_CARDS, BONUS_POINTS, EXPEDITION_COST
from games.words import catalogue
from lobby.templatetags.icons import icon
from lobby.templatetags.playtable import action_json, esc

register = template.Library()


@functools.cache
def _icon(name: str, label: str = "") -> str:
    """Return a symbol's HTML once per name and words (a board draws a dozen)."""
    return str(icon(name, label))


#: (card id, highlighted, label) -> the card's HTML: a card's face never changes; its
#: label ("Red 7", a `Msg`) is said in the active language, and the key holds the words said.
_CACHE: dict[tuple[str, bool, str], SafeString] = {}


def lc_card(card: Mapping[str, Any], highlight: Collection[str]) -> SafeString:
    """Return one face-up card (view.card_data), outlined when it is in `highlight`."""
    label = esc(card["label"])
    key = (card["id"], card["id"] in highlight, label)
    html = _CACHE.get(key)
    if html is None:
        wager = card["wager"]
        html = format_html(
            '<span class="lc-card lc-{}{}{}" data-card="{}" title="{}">'
            '<span aria-hidden="true"{}>{}</span><span class="sr-only">{}</span></span>',
            card["colour"],
            " lc-wager" if wager else "",
            " lc-last" if key[1] else "",
            card["id"],
            label,
            SafeString(' class="lc-w"') if wager else "",
            SafeString(_icon("lc-wager")) if wager else card["value"],
            label,
        )
        _CACHE[key] = html
    return html


def _says(message: str, **values: Any) -> str:
    """Translate and escape a message (the same msgids as a template's own words)."""
    text = gettext(message)
    return esc(text % values if values else text)


# The words `lc_column` and `lc_piles` translate at run time, written out for makemessages.
_MESSAGES = (
    gettext_noop("Running score of this column"),
    gettext_noop("Wagers: the column's score counts %(m)s times"),
    gettext_noop("%(n)s of %(need)s cards for the 20-point bonus"),
    gettext_noop("20-point bonus: eight cards or more"),
    gettext_noop("not started"),
    gettext_noop("Take %(colour)s"),
    gettext_noop("Play"),
    gettext_noop("Discard"),
    gettext_noop("Play %(card)s"),
    gettext_noop("Discard %(card)s"),
)


@register.filter
def lc_lit(
    highlight: Collection[str], columns: Iterable[Mapping[str, Any]] | None
) -> tuple[str, ...]:
    """Return the highlighted cards among `columns` (what a kept expeditions region reads)."""
    if not columns:
        return ()
    lit = set(highlight)
    return tuple(c["id"] for column in columns for c in column["cards"] if c["id"] in lit)


@register.filter
def lc_lit_cards(
    highlight: Collection[str], cards: Iterable[Mapping[str, Any] | None] | None
) -> tuple[str, ...]:
    """Return the highlighted cards among `cards` (what a kept hand region reads)."""
    if not cards:
        return ()
    lit = set(highlight)
    return tuple(card["id"] for card in cards if card is not None and card["id"] in lit)


@register.filter
def lc_cards(columns: Iterable[Mapping[str, Any]] | None) -> tuple[Any, ...] | None:
    """Return what a kept expeditions region reads of its `columns` (view.build_view): each
    column's colour and cards. The rest of a column (its name, running score, sum, wagers)
    follows from those and the bonus rule, which the region keeps beside them; a card's
    name is said in the drawing's language, which every kept region is kept under."""
    if columns is None:
        return None
    return tuple((c["colour"], tuple(card["id"] for card in c["cards"])) for c in columns)


@register.filter
def lc_hand_read(hand: Iterable[Mapping[str, Any]] | None) -> tuple[Any, ...] | None:
    """Return what a kept hand region reads of the viewer's `hand` (view.build_view): each
    card and its play and discard actions (`lc_hand`)."""
    if hand is None:
        return None
    return tuple(
        (card["id"], _action_key(card["play_action"]), _action_key(card["discard_action"]))
        for card in hand
    )


@register.filter
def lc_piles_read(piles: Iterable[Mapping[str, Any]] | None) -> tuple[Any, ...] | None:
    """Return what a kept discard-piles region reads of the `piles` (view.build_view): each
    pile's colour, size, top card, the whole pile when shown, and its take action."""
    if piles is None:
        return None
    return tuple(
        (
            p["colour"],
            p["count"],
            p["top"]["id"] if p["top"] else None,
            tuple(card["id"] for card in p["cards"]) if p["cards"] is not None else None,
            tuple(sorted(p["take_action"].items())) if p["take_action"] else None,
        )
        for p in piles
    )


@register.filter
def lc_lit_tops(
    highlight: Collection[str], piles: Iterable[Mapping[str, Any]] | None
) -> tuple[str, ...]:
    """Return the highlighted cards on top of the discard `piles` (a kept region's key)."""
    return lc_lit_cards(highlight, [pile["top"] for pile in piles or ()])


def lc_piles(
    last: Any,
    piles: Iterable[Mapping[str, Any]],
    highlight: Collection[str],
    blocked: Any = None,
    replay: Any = False,
) -> SafeString:
    """Return the discard piles: each pile's top card (or its empty place), how many cards
    it holds (all of them when the table shows whole piles), and its take button when the
    viewer may take it now. `blocked` is the colour just discarded (not to be taken back);
    a pile the other player's last move touched (`last`: lobby.marks.last_move) carries
    the last move's attribute."""
    marked = last.keys if hasattr(last, "keys") else ()
    parts = []
    for pile in piles:
        colour = esc(pile["colour"])
        css = " lc-blocked" if blocked == pile["colour"] else ""
        mark = f' data-last-move="{int(last.n)}"' if f"pile:{pile['colour']}" in marked else ""
        if pile["top"]:
            top: str = lc_card(pile["top"], highlight)
        else:
            top = f'<span class="lc-card lc-empty lc-{colour}" aria-hidden="true"></span>'
        count = int(pile["count"])
        words = esc(ngettext("%(n)s card", "%(n)s cards", count) % {"n": count})
        parts.append(
            f'<div class="lc-pile lc-col-{colour}{css}"{mark}>{top}'
            f'<span class="lc-count">{words}</span>'
        )
        if pile["cards"]:
            names = ", ".join(str(esc(card["label"])) for card in pile["cards"])
            parts.append(f'<span class="lc-full-pile">{names}</span>')
        if pile["take_action"] and not replay:
            take = _says("Take %(colour)s", colour=pile["label"])
            value = esc(action_json(pile["take_action"]))
            parts.append(
                f'<button type="submit" name="action" value="{value}" class="small lc-take">'
                f"{take}</button>"
            )
        parts.append("</div>")
    return mark_safe("".join(parts))  # noqa: S308 (every value above is escaped)


def lc_column(
    column: Mapping[str, Any],
    highlight: Collection[str],
    bonus_counts_wagers: bool = True,
    mark: str = "",
) -> SafeString:
    """Return one expedition: its symbol and running score, the number cards fanned
    (each overlapping the one before, the last shown whole), the wagers apart at the
    foot, and the sum that makes the score: (cards − 20) × (1 + wagers) + 20 for eight.
    `mark` is the last move's attribute when the other player's move touched it.
    """
    colour = esc(column["colour"])
    label = esc(column["label"])
    cards = column["cards"]
    numbers = [card for card in cards if not card["wager"]]
    wagers = [card for card in cards if card["wager"]]
    started = bool(cards)
    counted = len(cards) if bonus_counts_wagers else len(numbers)
    need = BONUS_MIN_CARDS
    parts = [
        f'<div class="lc-column lc-col-{colour}{" lc-started" if started else ""}"'
        f' data-colour="{colour}"{mark}>',  # mark: the last move's attribute, already safe
        f'<div class="lc-column-head">{_icon(f"lc-{colour}", str(label))}',
    ]
    score_title = _says("Running score of this column")
    if started:
        neg = " neg" if column["score"] < 0 else ""
        parts.append(
            f'<span class="lc-col-score{neg}" title="{score_title}">{column["score"]}</span>'
        )
    else:
        parts.append(f'<span class="lc-col-score lc-none" title="{_says("not started")}">–</span>')
    parts.append("</div>")
    fan = "".join(lc_card(card, highlight) for card in numbers)
    parts.append(f'<div class="lc-stack lc-fan" style="--n: {len(numbers)}">{fan}</div>')
    if wagers:
        title = _says("Wagers: the column's score counts %(m)s times", m=1 + len(wagers))
        chips = "".join(lc_card(card, highlight) for card in wagers)
        parts.append(
            f'<div class="lc-wagers" title="{title}">{chips}'
            f'<span class="lc-times">×{1 + len(wagers)}</span></div>'
        )
    if started:
        total = sum(card["value"] for card in numbers)
        bonus = counted >= need
        sum_text = f"({total} − {EXPEDITION_COST}) × {1 + len(wagers)}"
        if bonus:
            said = _says("20-point bonus: eight cards or more")
            sum_text += f' <b class="lc-bonus" title="{said}">+{BONUS_POINTS}</b>'
        progress = _says("%(n)s of %(need)s cards for the 20-point bonus", n=counted, need=need)
        parts.append(
            f'<div class="lc-col-sum"><span class="lc-formula">{sum_text}</span>'
            f'<span class="lc-count-bonus{" lc-got" if bonus else ""}" title="{progress}">'
            f'{counted}/{need}<span class="sr-only"> {progress}</span></span></div>'
        )
    parts.append("</div>")
    return mark_safe("".join(parts))  # noqa: S308 (built from escaped parts)


#: The drawing functions the board's template calls.
#: (catalogue, card id, highlighted, label, acting, play action, discard action) -> one
#: card of the hand with its buttons: the same card in the same state reads the same.
_HAND: dict[tuple[Any, ...], str] = {}
_HAND_SIZE = 4096


def _action_key(action: Any) -> Any:
    """Return what names an action in a kept card's key (None: no such button)."""
    if not action:
        return None
    try:
        return tuple(sorted(action.items()))
    except (AttributeError, TypeError):
        return action_json(action)


def lc_hand(
    hand: Iterable[Mapping[str, Any]], highlight: Collection[str], acting: Any
) -> SafeString:
    """Return the cards of the viewer's hand (view.build_view's `hand`), each with its play
    and discard buttons while `acting` (the viewer places a card now).

    A card's item depends only on the card, its buttons and the language: kept per process
    (a hand is drawn again whenever it changes, mostly with the same cards in it).
    """
    said = catalogue()
    items = []
    for card in hand:
        label = esc(card["label"])
        play, discard = (card["play_action"], card["discard_action"]) if acting else (None, None)
        key = (
            said,
            card["id"],
            card["id"] in highlight,
            label,
            _action_key(play),
            _action_key(discard),
        )
        item = _HAND.get(key)
        if item is None:
            buttons = ""
            if play or discard:
                named = {"card": label}
                parts = []
                if play:
                    parts.append(
                        f'<button type="submit" name="action" value="{esc(action_json(play))}"'
                        f' class="small" aria-label="{_says_html("Play %(card)s", named)}">'
                        f"{_says('Play')}</button>"
                    )
                if discard:
                    parts.append(
                        f'<button type="submit" name="action" value="{esc(action_json(discard))}"'
                        f' class="small secondary"'
                        f' aria-label="{_says_html("Discard %(card)s", named)}">'
                        f"{_says('Discard')}</button>"
                    )
                buttons = f' <span class="lc-card-actions">{" ".join(parts)}</span>'
            item = f'<li class="lc-hand-card">{lc_card(card, highlight)}{buttons}</li>'
            if len(_HAND) >= _HAND_SIZE:
                _HAND.clear()
            _HAND[key] = item
        items.append(item)
    return mark_safe("".join(items))  # noqa: S308 (every value above is escaped)


def _says_html(message: str, values: Mapping[str, str]) -> str:
    """Translate a message and put in values already escaped (the words are escaped)."""
    return esc(gettext(message)) % values


JINJA_GLOBALS = {
    "lc_card": lc_card,
    "lc_column": lc_column,
    "lc_piles": lc_piles,
    "lc_hand": lc_hand,
}
