"""A four-player Swiss tournament of Lost Cities, run to its winner while Chromium watches.

One player signs up and joins through the page; three accounts driven by the test join
through the services, which fills the tournament and starts it. The test then plays every
game through the services (random legal moves), and the page, never reloaded, follows
each round and shows the winner through its socket; so does an open list page, and the
player's Leave button comes with the start.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import PHONE, sign_up, watch_errors
from tests.e2e.conftest import in_thread as _in_thread

pytestmark = pytest.mark.django_db(transaction=True)

SCREEN = {"width": 1280, "height": 800}


def _open() -> str:
    from tests.factories import UserFactory
    from tournaments.services import tournament_create

    host = UserFactory(username="host")
    tournament = tournament_create(
        user=host,
        name="Lost Cities Swiss",
        description="Three rounds, one expedition each.",
        game="lost_cities",
        options={"rounds": 1},
        rounds=3,
        min_players=4,
        max_players=4,
    )
    return str(tournament.code)


def _fill(code: str) -> None:
    from ladder.models import Rating
    from tests.factories import UserFactory
    from tournaments.services import entry_join

    for name, rating in (("ben", 1600), ("cal", 1550), ("dee", 1450)):
        user = UserFactory(username=name)
        Rating.objects.create(user=user, game="lost_cities", rating=rating)
        entry_join(code=code, user=user)  # the last one fills it: it starts


def _play_round(code: str, number: int) -> None:
    """Play every game of round `number` to its end with random legal moves."""
    from games.registry import get_engine
    from lobby.models import Table
    from lobby.services import move_submit

    engine = get_engine("lost_cities")
    pick = random.Random(number)
    tables = Table.objects.filter(
        tournament_pairing__round__tournament__code=code,
        tournament_pairing__round__number=number,
    )
    assert tables.count() == 2
    for table in tables:
        users = {s.position: s.user for s in table.seats.select_related("user")}
        while True:
            table.refresh_from_db()
            if table.status != Table.Status.ACTIVE:
                break
            state = engine.load(table.state)
            seat = min(engine.to_move(state))
            action = pick.choice(engine.legal_actions(state, seat))
            move_submit(
                code=table.code, user=users[seat], action=action, seen_version=table.version
            )


def _state(code: str) -> dict[str, Any]:
    from tournaments.models import Tournament

    tournament = Tournament.objects.get(code=code)
    return {
        "status": tournament.status,
        "round": tournament.round_number,
        "winner": tournament.winner.username if tournament.winner else None,
    }


@pytest.mark.slow
def test_a_four_player_swiss_of_lost_cities_runs_to_its_winner(asgi_server, browser, e2e):
    base = asgi_server
    code = _in_thread(_open)
    context = browser.new_context(viewport=SCREEN)
    page = context.new_page()
    errors = watch_errors(page)
    sign_up(page, base, "ann")

    page.goto(f"{base}/tournaments/")
    expect(page.locator("#upcoming")).to_contain_text("Lost Cities Swiss")
    page.screenshot(path=str(e2e / "tournament_list_desktop.png"), full_page=True)
    page.click("#upcoming a:has-text('Lost Cities Swiss')")
    tournament_url = page.url

    # A second tab keeps the list open; it is never reloaded (its mark would go).
    lister = context.new_page()
    watch_errors(lister, errors)
    lister.add_init_script(
        "document.addEventListener('htmx:wsOpen', () => { window.__socketOpen = true; });"
    )
    lister.goto(f"{base}/tournaments/")
    lister.wait_for_function("() => window.__socketOpen === true")
    lister.evaluate("() => { window.__notReloaded = true; }")
    row = lister.locator("#upcoming tr", has_text="Lost Cities Swiss")
    expect(row).to_contain_text("0/4")

    page.add_init_script(
        "document.addEventListener('htmx:wsOpen', () => { window.__socketOpen = true; });"
    )
    page.click("button:has-text('Join the tournament')")
    expect(page.locator(".messages")).to_contain_text("You are registered.")
    expect(page.locator("#entrants")).to_contain_text("ann")
    page.wait_for_function("() => window.__socketOpen === true")
    expect(row).to_contain_text("1/4")  # the list counted ann live

    # The other three join: the tournament is full, starts, and round 1 appears live.
    _in_thread(lambda: _fill(code))
    live = page.locator(".tournament-live")
    expect(live.locator(".tournament-status")).to_contain_text("round 1 of 3")
    expect(page.locator("#round-1 li")).to_have_count(2)
    expect(page.locator("#round-1")).to_contain_text("Watch")  # ben – cal
    expect(page.locator("#round-1")).to_contain_text("Your game")  # ann – dee
    # Registration is over: Join is gone, and ann may now drop out, without a reload.
    expect(page.locator("button:has-text('Join the tournament')")).to_have_count(0)
    expect(page.locator("button:has-text('Leave the tournament')")).to_have_count(1)
    page.screenshot(path=str(e2e / "tournament_round1_desktop.png"), full_page=True)
    # The list moved it from Upcoming to Running, on round 1, without a reload.
    running = lister.locator("#running tr", has_text="Lost Cities Swiss")
    expect(running).to_contain_text("4/4")
    expect(running).to_contain_text("round 1 of 3")
    expect(lister.locator("#upcoming")).not_to_contain_text("Lost Cities Swiss")
    lister.screenshot(path=str(e2e / "tournament_list_live_desktop.png"), full_page=True)

    for number in (1, 2, 3):
        _in_thread(lambda n=number: _play_round(code, n))
        if number < 3:
            expect(live.locator(".tournament-status")).to_contain_text(f"round {number + 1} of 3")
            expect(page.locator(f"#round-{number + 1} li")).to_have_count(2)
            expect(running).to_contain_text(f"round {number + 1} of 3")

    state = _in_thread(lambda: _state(code))
    assert state["status"] == "finished" and state["round"] == 3
    expect(page.locator("#winner")).to_contain_text(state["winner"])
    expect(page.locator("#standings tbody tr")).to_have_count(4)
    # The tournament is over: no more Leave button; the list shows it finished, won.
    expect(page.locator("button:has-text('Leave the tournament')")).to_have_count(0)
    finished = lister.locator("#finished tr", has_text="Lost Cities Swiss")
    expect(finished).to_contain_text(f"Winner: {state['winner']}")
    expect(lister.locator("#running")).not_to_contain_text("Lost Cities Swiss")
    assert lister.evaluate("() => window.__notReloaded === true")
    # Each played 3 games: the standings' scores add up to the 6 games played.
    scores = page.locator("#standings tbody tr td:nth-child(3)").all_inner_texts()
    assert sum(float(s) for s in scores) == 6.0
    page.screenshot(path=str(e2e / "tournament_finished_desktop.png"), full_page=True)

    # A finished game's link leads to its table, open to watch.
    page.locator("#round-3 li a").first.click()
    expect(page.locator("h1")).to_have_text("Lost Cities")
    page.go_back()

    phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    small = phone.new_page()
    watch_errors(small, errors)
    small.goto(tournament_url)
    expect(small.locator("#winner")).to_contain_text(state["winner"])
    small.screenshot(path=str(e2e / "tournament_finished_phone.png"), full_page=True)
    small.goto(f"{base}/tournaments/")
    small.screenshot(path=str(e2e / "tournament_list_phone.png"), full_page=True)
    phone.close()
    context.close()
    assert errors == []


def _bracket() -> str:
    from ladder.models import Rating
    from tests.factories import UserFactory
    from tournaments.services import entry_join, tournament_create, tournament_tick

    host = UserFactory(username="host")
    tournament = tournament_create(
        user=host,
        name="Lost Cities Cup",
        game="lost_cities",
        options={"rounds": 1},
        format="elimination",
        max_players=5,
    )
    for name, rating in (("ann", 1700), ("ben", 1600), ("cal", 1550), ("dee", 1450), ("eve", 1400)):
        user = UserFactory(username=name)
        Rating.objects.create(user=user, game="lost_cities", rating=rating)
        entry_join(code=tournament.code, user=user)
    tournament_tick(tournament_id=tournament.id)
    return tournament.get_absolute_url()


def test_an_elimination_page_draws_its_bracket_at_both_sizes(asgi_server, browser, e2e):
    url = _in_thread(_bracket)
    errors: list[str] = []
    for name, viewport in (("desktop", SCREEN), ("phone", PHONE)):
        context = browser.new_context(viewport=viewport)
        page = context.new_page()
        watch_errors(page, errors)
        page.goto(f"{asgi_server}{url}")
        # Five players: the top three seeds have byes; dee and eve play round 1.
        expect(page.locator("#bracket .bracket-round")).to_have_count(3)
        expect(page.locator("#bracket .bracket-round").first.locator("li")).to_have_count(4)
        expect(page.locator("#round-1 li")).to_have_count(1)
        expect(page.locator("#round-1")).to_contain_text("dee – eve")
        page.screenshot(path=str(e2e / f"tournament_bracket_{name}.png"), full_page=True)
        context.close()
    assert errors == []


def _double() -> str:
    from ladder.models import Rating
    from tests.factories import UserFactory
    from tests.tournaments.helpers import end_game, run_due, tables_of_round
    from tournaments.services import entry_join, tournament_create, tournament_tick

    host = UserFactory(username="host")
    tournament = tournament_create(
        user=host,
        name="Double Cup",
        game="lost_cities",
        options={"rounds": 1},
        format="double",
        max_players=6,
    )
    names = ("ann", "ben", "cal", "dee", "eve", "fay")
    for rank, name in enumerate(names):
        user = UserFactory(username=name)
        Rating.objects.create(user=user, game="lost_cities", rating=1700 - 50 * rank)
        entry_join(code=tournament.code, user=user)
    tournament_tick(tournament_id=tournament.id)
    tournament.refresh_from_db()
    for table in tables_of_round(tournament, 1):  # dee–eve and cal–fay: the upper seat wins
        end_game(table, winner_seat=0)
    run_due(tournament)
    return tournament.get_absolute_url()


def _end_round(url: str, number: int) -> None:
    from tests.tournaments.helpers import end_game, run_due, tables_of_round
    from tournaments.models import Tournament

    tournament = Tournament.objects.get(code=url.rstrip("/").rsplit("/", 1)[-1])
    for table in tables_of_round(tournament, number):
        end_game(table, winner_seat=0)
    run_due(tournament)


def test_a_double_elimination_page_draws_both_brackets_and_follows_the_rounds(
    asgi_server, browser, e2e
):
    url = _in_thread(_double)
    errors: list[str] = []
    context = browser.new_context(viewport=SCREEN)
    page = context.new_page()
    watch_errors(page, errors)
    page.goto(f"{asgi_server}{url}")
    # Six players in a bracket of eight: three winners' rounds, four losers' rounds, a final.
    expect(page.locator("#winners-bracket .bracket-round")).to_have_count(3)
    expect(page.locator("#losers-bracket .bracket-round")).to_have_count(4)
    expect(page.locator("#grand-final .bracket-match")).to_have_count(1)
    expect(page.locator("#round-2 li")).to_have_count(2)
    expect(page.locator("#placings tbody tr")).to_have_count(6)
    _in_thread(lambda: _end_round(url, 2))
    # Round 3 arrives through the socket: the winners' final and two losers' games, where
    # the winners' round 2 losers (cal, dee) meet the other half's survivors (eve, fay).
    expect(page.locator("#round-3 li")).to_have_count(3)
    expect(page.locator("#round-3")).to_contain_text("ann – ben")
    expect(page.locator("#round-3")).to_contain_text("eve – cal")
    expect(page.locator("#round-3")).to_contain_text("fay – dee")
    page.screenshot(path=str(e2e / "tournament_double_desktop.png"), full_page=True)
    context.close()
    phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    small = phone.new_page()
    watch_errors(small, errors)
    small.goto(f"{asgi_server}{url}")
    expect(small.locator("#losers-bracket")).to_be_visible()
    small.screenshot(path=str(e2e / "tournament_double_phone.png"), full_page=True)
    phone.close()


def _two(code_holder: list[str]) -> str:
    from tests.factories import UserFactory
    from tournaments.services import tournament_create

    tournament = tournament_create(
        user=UserFactory(username="host"),
        name="Two-player cup",
        game="lost_cities",
        options={"rounds": 1},
        rounds=1,
        max_players=2,
    )
    code_holder.append(str(tournament.code))
    return tournament.get_absolute_url()


def _second_joins(code: str) -> None:
    from tests.factories import UserFactory
    from tournaments.services import entry_join

    entry_join(code=code, user=UserFactory(username="ben"))  # full: it starts


def _dropped(code: str, username: str) -> bool:
    from tournaments.models import Entry

    return Entry.objects.get(tournament__code=code, user__username=username).dropped


def test_the_leave_button_pushed_at_the_start_drops_the_player_out(asgi_server, browser, e2e):
    codes: list[str] = []
    url = _in_thread(lambda: _two(codes))
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    errors = watch_errors(page)
    sign_up(page, asgi_server, "ann")
    page.add_init_script(
        "document.addEventListener('htmx:wsOpen', () => { window.__socketOpen = true; });"
    )
    page.goto(f"{asgi_server}{url}")
    page.click("button:has-text('Join the tournament')")
    expect(page.locator(".messages")).to_contain_text("You are registered.")
    page.wait_for_function("() => window.__socketOpen === true")
    page.evaluate("() => { window.__notReloaded = true; }")

    _in_thread(lambda: _second_joins(codes[0]))
    expect(page.locator(".tournament-status")).to_contain_text("round 1 of 1")
    leave = page.locator("button:has-text('Leave the tournament')")
    expect(leave).to_have_count(1)
    assert page.evaluate("() => window.__notReloaded === true")  # it came by the socket
    page.screenshot(path=str(e2e / "tournament_leave_live_phone.png"), full_page=True)
    # Dropping out asks first; the pushed form posts like the page's own.
    asked: list[str] = []

    def answer(dialog: Any) -> None:
        asked.append(dialog.message)
        dialog.accept()

    page.on("dialog", answer)
    leave.click()
    expect(page.locator(".messages")).to_contain_text("You left the tournament.")
    assert asked == ["Drop out of the tournament? You will not be paired again."]
    assert _in_thread(lambda: _dropped(codes[0], "ann"))
    expect(page.locator("button:has-text('Leave the tournament')")).to_have_count(0)
    expect(page.locator("#entrants")).to_contain_text("out")
    context.close()
    assert errors == []
