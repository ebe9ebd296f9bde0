"""The new-table form proposes each game's own clock and reads only the chosen mode's."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from games.engine import ClockDefaults
from games.registry import engines, get_engine
from lobby import clocks
from lobby.forms import TableForm
from lobby.models import Table
from lobby.services import table_create

SLUGS = [engine.slug for engine in engines()]


@pytest.mark.parametrize("slug", SLUGS)
def test_every_games_declared_clock_is_among_the_offered_choices(slug):
    """A game's time control must be one the form offers, or no one could pick it back."""
    clock = get_engine(slug).clock
    assert isinstance(clock, ClockDefaults)
    assert clock.live_minutes in clocks.LIVE_MINUTE_CHOICES
    assert clock.live_increment_seconds in clocks.LIVE_INCREMENT_CHOICES
    assert clock.async_move_seconds in clocks.ASYNC_MOVE_CHOICES
    assert clock.async_bank_seconds in clocks.ASYNC_BANK_CHOICES


def test_a_long_game_proposes_a_longer_live_clock_than_a_short_one():
    """Terraforming Mars (hours) proposes far more time than Lost Cities (minutes)."""
    lost_cities, mars = get_engine("lost_cities").clock, get_engine("terraforming_mars").clock
    assert lost_cities.live_minutes <= 5
    assert mars.live_minutes >= 60
    assert mars.async_bank_days > lost_cities.async_bank_days


def _selected(html: str, name: str) -> str:
    select = re.search(rf'<select name="{name}"[^>]*>(.*?)</select>', html, re.S)
    assert select, name
    chosen = re.search(r'<option value="([^"]*)"[^>]*selected', select.group(1))
    assert chosen, name
    return chosen.group(1)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("slug", "live", "asynchronous"),
    [
        ("lost_cities", ("5", "5"), ("86400", str(3 * 86400))),
        ("terraforming_mars", ("90", "10"), ("86400", str(7 * 86400))),
    ],
)
def test_the_form_starts_at_the_games_own_clock(client, alice, slug, live, asynchronous):
    client.force_login(alice)
    html = client.get(reverse("lobby:table-new", args=[slug])).content.decode()
    assert (_selected(html, "base_minutes"), _selected(html, "increment_seconds")) == live
    assert (_selected(html, "move_seconds"), _selected(html, "bank_seconds")) == asynchronous
    # Both fieldsets are in the page (without JavaScript both stay visible), each marked
    # with its mode for static/js/clock-form.js, which the page loads from our files.
    assert 'data-clock-mode="live"' in html and 'data-clock-mode="async"' in html
    assert re.search(r'<script src="[^"]*js/clock-form\.js" defer>', html)
    assert "<script>" not in html and " onchange=" not in html


def _post(client, slug, **fields):
    """Post the form as a browser does: every game option at its default, plus `fields`."""
    data = {"players": "2", "visibility": "public", "rated": "on", **fields}
    for option in get_engine(slug).options:
        if option.kind == "seats":
            data[f"opt_{option.key}"] = [str(n) for n in option.default]
        elif option.kind != "bool":
            data[f"opt_{option.key}"] = str(option.default)
        elif option.default:
            data[f"opt_{option.key}"] = "on"
    return client.post(reverse("lobby:table-new", args=[slug]), data)


@pytest.mark.django_db
def test_a_live_table_ignores_the_hidden_asynchronous_fields(client, alice):
    """Junk in the fields of the mode not chosen neither blocks the table nor lands on it."""
    client.force_login(alice)
    response = _post(
        client,
        "lost_cities",
        mode="live",
        base_minutes="15",
        increment_seconds="10",
        move_seconds="not a number",
        bank_seconds="999",
    )
    assert response.status_code == 302
    table = Table.objects.get()
    assert (table.mode, table.base_seconds, table.increment_seconds) == ("live", 900, 10)
    assert table.move_seconds is None


@pytest.mark.django_db
def test_an_asynchronous_table_ignores_the_hidden_live_fields(client, alice):
    client.force_login(alice)
    response = _post(
        client,
        "lost_cities",
        mode="async",
        move_seconds=str(2 * 86400),
        bank_seconds="0",
        base_minutes="7",
        increment_seconds="",
    )
    assert response.status_code == 302
    table = Table.objects.get()
    assert (table.mode, table.move_seconds, table.bank_seconds) == ("async", 2 * 86400, 0)
    assert table.base_seconds is None


@pytest.mark.django_db
def test_a_bad_value_in_the_chosen_modes_fields_is_still_refused(client, alice):
    client.force_login(alice)
    response = _post(client, "lost_cities", mode="live", base_minutes="7", increment_seconds="5")
    assert response.status_code == 400
    assert not Table.objects.exists()


@pytest.mark.django_db
def test_without_the_hidden_modes_fields_the_server_uses_the_chosen_modes(client, alice):
    """The script disables the hidden fieldset, so its fields are not posted at all."""
    client.force_login(alice)
    response = _post(
        client, "terraforming_mars", mode="live", base_minutes="90", increment_seconds="10"
    )
    assert response.status_code == 302
    table = Table.objects.get()
    assert (table.base_seconds, table.increment_seconds) == (90 * 60, 10)


def test_a_simultaneous_game_gets_no_clock_fields():
    """Mondo's rounds have their own timer: no per-seat clock to choose."""
    form = TableForm(engine=get_engine("mondo"))
    assert form.clock_fieldsets() == []
    assert not {"base_minutes", "increment_seconds", "move_seconds", "bank_seconds"} & set(
        form.fields
    )


@pytest.mark.django_db
@pytest.mark.parametrize("mode", ["live", "async"])
def test_a_table_created_without_a_time_control_gets_the_games_own(alice, mode):
    engine = get_engine("terraforming_mars")
    table = table_create(user=alice, game=engine.slug, players=2, options={}, mode=mode)
    expected = clocks.time_control_defaults(engine, mode)
    assert {key: getattr(table, key) for key in expected} == expected
