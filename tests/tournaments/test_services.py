"""Tournament services against the database: registration, start, rounds, drops, the end."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from accounts.models import ModerationLog, Notification
from ladder.models import Rating
from lobby.errors import BadRequest, Conflict, NotAllowed, NotFound
from lobby.models import OutboundMail, Table
from lobby.services import game_finish, table_concede
from lobby.services.sweeps import consequences_sweep
from tests.factories import UserFactory
from tests.tournaments.helpers import (
    end_game,
    open_tournament,
    players,
    run_due,
    start,
    tables_of_round,
    win,
)
from tournaments import services
from tournaments.models import Entry, Pairing, Round, Tournament
from tournaments.services import (
    entry_join,
    entry_leave,
    entry_remove,
    tournament_cancel,
    tournament_tick,
)

pytestmark = pytest.mark.django_db


def test_a_tournament_opens_with_the_table_forms_choices(alice):
    tournament = open_tournament(alice, mode="live", time_control={"base_seconds": 300})
    assert tournament.status == Tournament.Status.OPEN
    assert (tournament.base_seconds, tournament.increment_seconds) == (300, 5)  # 5: the default
    assert tournament.deadline is None  # no start time: it starts when full


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"game": "chess"}, "no game called"),
        ({"format": "tables"}, "not played at tables"),
        ({"rounds": 0}, "between 1 and"),
        ({"min_players": 9, "max_players": 8}, "Allow between"),
        ({"name": "  "}, "name"),
        ({"mode": "live", "time_control": {"base_seconds": 7}}, "time control"),
        ({"starts_at": timezone.now() - timedelta(hours=1)}, "future"),
    ],
)
def test_bad_choices_are_refused_in_words_and_nothing_is_made(alice, fields, words):
    with pytest.raises(BadRequest, match=words):
        open_tournament(alice, **fields)
    assert not Tournament.objects.exists()


def test_joining_twice_after_the_start_or_by_a_forged_code_is_refused(alice, bob, carol):
    tournament = open_tournament(alice, max_players=2)
    entry_join(code=tournament.code, user=alice)
    with pytest.raises(Conflict, match="already registered"):
        entry_join(code=tournament.code, user=alice)
    entry_join(code=tournament.code, user=bob)  # full: due to start now
    run_due(tournament)
    with pytest.raises(Conflict, match="Registration is closed"):
        entry_join(code=tournament.code, user=carol)
    with pytest.raises(NotFound):
        entry_join(code="00000000-0000-0000-0000-000000000000", user=carol)
    assert Entry.objects.count() == 2


def test_a_minimum_rating_keeps_out_who_is_below_it(alice, bob):
    tournament = open_tournament(alice, min_rating=1600)
    Rating.objects.create(user=bob, game="lost_cities", rating=1650)
    with pytest.raises(NotAllowed, match="at least 1600"):
        entry_join(code=tournament.code, user=alice)  # a newcomer: 1500
    entry_join(code=tournament.code, user=bob)
    assert list(tournament.entries.values_list("user__username", "rating")) == [("bob", 1650)]


def test_invitation_only_needs_the_link(alice, bob):
    tournament = open_tournament(alice, invite_only=True)
    with pytest.raises(NotAllowed, match="invitation only"):
        entry_join(code=tournament.code, user=bob, token="guess")
    entry_join(code=tournament.code, user=bob, token=tournament.invite_token)
    assert tournament.entries.count() == 1


def test_leaving_before_the_start_frees_the_place(alice, bob):
    tournament = open_tournament(alice)
    entry_join(code=tournament.code, user=bob)
    entry_leave(code=tournament.code, user=bob)
    assert not tournament.entries.exists()
    with pytest.raises(Conflict, match="not registered"):
        entry_leave(code=tournament.code, user=bob)


def test_too_few_players_at_the_start_cancels_and_tells_everyone(alice, bob):
    tournament = open_tournament(
        alice, min_players=4, starts_at=timezone.now() + timedelta(hours=1)
    )
    entry_join(code=tournament.code, user=bob)
    assert not tournament_tick(tournament_id=tournament.id)  # not yet due
    Tournament.objects.filter(id=tournament.id).update(deadline=timezone.now())
    tournament = run_due(tournament)
    assert tournament.status == Tournament.Status.CANCELLED
    assert "4 were needed" in tournament.end_said
    # Everyone is told, by notice and by e-mail: the entrant and the organiser.
    told = Notification.objects.filter(text__contains="was cancelled: too few players")
    assert sorted(told.values_list("user__username", flat=True)) == ["alice", "bob"]
    mails = OutboundMail.objects.filter(subject__contains="was cancelled: too few players")
    assert sorted(mails.values_list("to_address", flat=True)) == [
        "alice@example.com",
        "bob@example.com",
    ]
    assert not Table.objects.exists() and not Round.objects.exists()


def test_a_four_player_swiss_runs_three_rounds_to_its_winner(alice):
    users = players(4)
    for user, rating in zip(users, (1700, 1600, 1500, 1400), strict=True):
        Rating.objects.create(user=user, game="lost_cities", rating=rating)
    tournament = start(open_tournament(alice), users)
    assert tournament.status == Tournament.Status.RUNNING
    assert tournament.round_number == 1
    first = tables_of_round(tournament, 1)
    # By rating: p1–p2 and p3–p4, each table already in play, all made at once.
    assert [[s.user.username for s in t.seats.order_by("position")] for t in first] == [
        ["p1", "p2"],
        ["p3", "p4"],
    ]
    assert {t.status for t in first} == {Table.Status.ACTIVE}
    assert Notification.objects.filter(text__contains="Round 1").count() == 4

    end_game(first[0], winner_seat=0)  # p1 beats p2
    assert run_due(tournament).round_number == 1  # one table still plays
    end_game(first[1], winner_seat=0)  # p3 beats p4
    tournament = run_due(tournament)
    assert tournament.round_number == 2
    second = tables_of_round(tournament, 2)
    assert [sorted(s.user.username for s in t.seats.all()) for t in second] == [
        ["p1", "p3"],
        ["p2", "p4"],
    ]
    win(second[0], "p1")
    win(second[1], "p2")
    tournament = run_due(tournament)
    assert tournament.round_number == 3
    for table in tables_of_round(tournament, 3):
        end_game(table, winner_seat=0)
    tournament = run_due(tournament)
    assert tournament.status == Tournament.Status.FINISHED
    assert tournament.winner.username == "p1"  # 3 wins of 3
    assert Round.objects.filter(tournament=tournament).count() == 3
    assert Notification.objects.filter(text__contains="p1 won").count() == 4


def test_the_next_round_starts_exactly_once(alice):
    tournament = start(open_tournament(alice), players(4))
    first = tables_of_round(tournament, 1)
    for table in first:
        end_game(table)
    # The scoring tasks retried, the sweep, a second tick: one round 2, no more.
    assert not any(game_finish(table_id=table.id) for table in first)
    run_due(tournament)
    run_due(tournament)
    consequences_sweep(now=timezone.now() + timedelta(minutes=1))
    assert Round.objects.filter(tournament=tournament, number=2).count() == 1
    assert Pairing.objects.filter(round__number=2).count() == 2
    assert Round.objects.filter(tournament=tournament).count() == 2


def test_the_sweep_starts_a_round_whose_task_was_lost(alice):
    tournament = start(open_tournament(alice), players(4))
    for table in tables_of_round(tournament, 1):
        end_game(table)  # no task ran after the commit: only the deadline remembers
    tournament.refresh_from_db()
    assert tournament.deadline is not None and tournament.round_number == 1
    assert consequences_sweep()["tournaments"] == 1
    tournament.refresh_from_db()
    assert tournament.round_number == 2 and tournament.deadline is None


def _running(creator: Any, count: int, table_status: str = Table.Status.ACTIVE) -> list[int]:
    """`count` running tournaments in round 1, each with one table in `table_status` (rows
    only, made in bulk); return their ids."""
    made = Tournament.objects.bulk_create(
        Tournament(
            name=f"Running {n}",
            game="lost_cities",
            mode=Table.Mode.ASYNC,
            status=Tournament.Status.RUNNING,
            round_number=1,
            created_by=creator,
        )
        for n in range(count)
    )
    rounds = Round.objects.bulk_create(Round(tournament=t, number=1) for t in made)
    tables = Table.objects.bulk_create(
        Table(game="lost_cities", players=2, status=table_status, seed=n, created_by=creator)
        for n in range(count)
    )
    Pairing.objects.bulk_create(
        Pairing(round=r, table=t, entries=[]) for r, t in zip(rounds, tables, strict=True)
    )
    return [t.id for t in made]


@pytest.mark.parametrize("newer", [1, 210])
def test_the_sweep_finds_a_stalled_tournament_behind_any_number_of_running_ones(
    alice, monkeypatch, django_assert_num_queries, newer
):
    # An old tournament whose round's only table was aborted: nothing rang its next round.
    (stalled,) = _running(alice, 1, table_status=Table.Status.ABORTED)
    Tournament.objects.filter(id=stalled).update(created_at=timezone.now() - timedelta(days=30))
    in_play = _running(alice, newer)  # newer ones, each with a table still in play
    ticked: list[int] = []

    def tick(*, tournament_id: int, now: Any) -> bool:
        ticked.append(tournament_id)
        return True

    monkeypatch.setattr(services, "tournament_tick", tick)
    # One statement finds and marks the stalled ones, one lists what is due: however many run.
    with django_assert_num_queries(2):
        assert services.tournaments_due_tick() == 1
    assert ticked == [stalled]
    assert Tournament.objects.get(id=stalled).deadline is not None
    assert not Tournament.objects.filter(id__in=in_play, deadline__isnull=False).exists()


def test_a_player_who_leaves_is_not_paired_again(alice):
    users = players(4)
    tournament = start(open_tournament(alice), users)
    entry_leave(code=tournament.code, user=users[3])
    for table in tables_of_round(tournament, 1):
        end_game(table)
    tournament = run_due(tournament)
    seated = {s.user for t in tables_of_round(tournament, 2) for s in t.seats.all()}
    assert users[3] not in seated and len(seated) == 2
    (second,) = Round.objects.filter(tournament=tournament, number=2)
    assert len(second.byes) == 1


def test_a_player_out_on_time_is_dropped(alice):
    users = players(4)
    tournament = start(open_tournament(alice), users)
    first = tables_of_round(tournament, 1)
    loser_seat = first[0].seats.get(position=1)
    loser_seat.abandoned = True
    loser_seat.save(update_fields=["abandoned"])
    for table in first:
        end_game(table)
    assert Entry.objects.get(user=loser_seat.user).dropped
    tournament = run_due(tournament)
    seated = {s.user for t in tables_of_round(tournament, 2) for s in t.seats.all()}
    assert loser_seat.user not in seated


def test_a_round_that_fails_to_start_leaves_nothing_behind(alice, monkeypatch):
    tournament = open_tournament(alice)
    for user in players(4):
        entry_join(code=tournament.code, user=user)
    Tournament.objects.filter(id=tournament.id).update(deadline=timezone.now())
    calls = []
    real = services.table_start_locked

    def second_fails(**kwargs):
        calls.append(1)
        if len(calls) == 2:
            raise RuntimeError("the database said no")
        real(**kwargs)

    monkeypatch.setattr(services, "table_start_locked", second_fails)
    with pytest.raises(RuntimeError):
        tournament_tick(tournament_id=tournament.id)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.OPEN and tournament.deadline is not None
    assert not Table.objects.exists() and not Round.objects.exists()
    monkeypatch.setattr(services, "table_start_locked", real)
    assert run_due(tournament).round_number == 1  # the sweep's next try works
    assert Table.objects.count() == 2


def test_an_elimination_of_four_plays_two_rounds(alice):
    users = players(4)
    for user, rating in zip(users, (1700, 1600, 1500, 1400), strict=True):
        Rating.objects.create(user=user, game="lost_cities", rating=rating)
    tournament = start(open_tournament(alice, format="elimination", rounds=5), users)
    assert tournament.rounds == 2
    first = tables_of_round(tournament, 1)
    # Seeds 1–4 and 2–3.
    assert [[s.user.username for s in t.seats.order_by("position")] for t in first] == [
        ["p1", "p4"],
        ["p2", "p3"],
    ]
    end_game(first[0], winner_seat=1)  # p4 knocks out p1
    end_game(first[1], winner_seat=0)
    tournament = run_due(tournament)
    (final,) = tables_of_round(tournament, 2)
    assert sorted(s.user.username for s in final.seats.all()) == ["p2", "p4"]
    win(final, "p4")
    tournament = run_due(tournament)
    assert tournament.status == Tournament.Status.FINISHED
    assert tournament.winner.username == "p4"


def test_moderators_cancel_and_remove_with_a_log_entry(alice, bob):
    moderator = UserFactory(username="mod", is_staff=True)
    tournament = open_tournament(alice)
    entry_join(code=tournament.code, user=bob)
    entry = Entry.objects.get(user=bob)
    with pytest.raises(BadRequest):
        entry_remove(moderator=moderator, entry_id=entry.id, reason=" ")
    entry_remove(moderator=moderator, entry_id=entry.id, reason="cheating")
    assert not Entry.objects.exists()
    tournament_cancel(moderator=moderator, tournament_id=tournament.id, reason="spam")
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.CANCELLED
    with pytest.raises(Conflict):
        tournament_cancel(moderator=moderator, tournament_id=tournament.id, reason="again")
    assert list(ModerationLog.objects.order_by("id").values_list("action", "reason")) == [
        ("entry_remove", "cheating"),
        ("tournament_cancel", "spam"),
    ]


def test_a_tournament_game_counts_for_the_ladder(alice):
    tournament = start(open_tournament(alice), players(2))
    (table,) = tables_of_round(tournament, 1)
    assert table.rated
    end_game(table)
    assert Rating.objects.filter(game="lost_cities").count() == 2


def test_an_unrated_tournament_leaves_the_ladder_alone(alice):
    tournament = start(open_tournament(alice, rated=False), players(2))
    (table,) = tables_of_round(tournament, 1)
    assert not table.rated
    end_game(table)
    assert not Rating.objects.exists()
    assert run_due(tournament).winner is not None  # it still counts for the tournament


def test_rounds_of_tables_seat_everyone_and_score_by_place(alice):
    users = players(7)
    tournament = start(
        open_tournament(
            alice, game="relative_space", format="tables", table_size=4, rounds=2, min_players=3
        ),
        users,
    )
    first = tables_of_round(tournament, 1)
    assert sorted(t.players for t in first) == [3, 4]
    assert sorted(s.user_id for t in first for s in t.seats.all()) == sorted(u.id for u in users)
    for table in first:
        # The last seat concedes: it ranks last, the others share first place.
        table_concede(code=table.code, user=table.seats.get(position=table.players - 1).user)
        game_finish(table_id=table.id)
    tournament = run_due(tournament)
    assert tournament.round_number == 2
    lines = {
        line.player: line.score
        for line in services.standings_of(tournament, list(tournament.entries.all()))
    }
    # At the table of 4, three share first: ½ + ½ against each other, 1 against the last = 2.
    # At the table of 3, two share first: ½ + 1 = 1.5. Those who conceded: 0.
    assert sorted(lines.values()) == [0.0, 0.0, 1.5, 1.5, 2.0, 2.0, 2.0]


def _tables_of(alice: Any, count: int, **kwargs: Any) -> Tournament:
    """A rounds-of-tables tournament of Relative Space for p1…pN (p1 the best rated)."""
    users = players(count)
    for rank, user in enumerate(users):
        Rating.objects.create(user=user, game="relative_space", rating=1800 - 10 * rank)
    fields = {"game": "relative_space", "format": "tables", "min_players": 3, **kwargs}
    return start(open_tournament(alice, **fields), users)


def _last_named_concedes(table: Table) -> None:
    """End a table: its player with the last name (the lowest rated) concedes."""
    loser = max((s.user for s in table.seats.all()), key=lambda user: user.username)
    table_concede(code=table.code, user=loser)
    game_finish(table_id=table.id)


def _seated_and_byes(tournament: Tournament, number: int) -> tuple[list[list[str]], list[str]]:
    tables = [
        sorted(s.user.username for s in table.seats.all())
        for table in tables_of_round(tournament, number)
    ]
    round_ = Round.objects.get(tournament=tournament, number=number)
    byes = [Entry.objects.get(id=entry_id).user.username for entry_id in round_.byes]
    return tables, byes


def test_four_players_at_tables_of_3_take_turns_with_a_bye_and_the_event_has_a_winner(alice):
    tournament = _tables_of(alice, 4, table_size=3, rounds=3)
    assert tournament.status == Tournament.Status.RUNNING and tournament.winner is None
    # Four cannot sit at tables of 3: the lowest-ranked has a bye, and is told so.
    assert _seated_and_byes(tournament, 1) == ([["p1", "p2", "p3"]], ["p4"])
    assert Notification.objects.filter(
        user__username="p4", text__contains="you have a bye (1 point)"
    ).exists()
    for number in (1, 2, 3):
        assert tournament.round_number == number
        for table in tables_of_round(tournament, number):
            _last_named_concedes(table)
        tournament = run_due(tournament)
    # p1 1.5, p2 1.5, p3 0, p4 1 (bye): p3 is the lowest without a bye. Then p1 3, p2 3,
    # p3 1, p4 1: p2 is the lowest-ranked left without a bye.
    assert _seated_and_byes(tournament, 2) == ([["p1", "p2", "p4"]], ["p3"])
    assert _seated_and_byes(tournament, 3) == ([["p1", "p3", "p4"]], ["p2"])
    assert tournament.status == Tournament.Status.FINISHED
    assert tournament.winner.username == "p1"  # 1.5 + 1.5 + 1.5, against p2's 1.5 + 1.5 + 1
    assert Round.objects.filter(tournament=tournament).count() == 3
    assert Notification.objects.filter(text__contains="p1 won").count() == 4


@pytest.mark.parametrize(("count", "table_size", "seated"), [(5, 3, 3), (5, 4, 4)])
def test_a_count_tables_cannot_hold_at_the_start_plays_with_as_few_byes_as_needed(
    alice, count, table_size, seated
):
    tournament = _tables_of(alice, count, table_size=table_size, rounds=2)
    assert tournament.status == Tournament.Status.RUNNING
    ((table,), byes) = _seated_and_byes(tournament, 1)
    assert len(table) == seated and len(byes) == count - seated


def test_players_who_leave_mid_tournament_leave_byes_not_an_early_end(alice):
    tournament = _tables_of(alice, 6, table_size=3, rounds=2)
    assert _seated_and_byes(tournament, 1) == ([["p1", "p2", "p3"], ["p4", "p5", "p6"]], [])
    entry_leave(code=tournament.code, user=Entry.objects.get(user__username="p6").user)
    for table in tables_of_round(tournament, 1):
        _last_named_concedes(table)
    tournament = run_due(tournament)
    # Five left for tables of 3: the two lowest-ranked have byes.
    assert tournament.status == Tournament.Status.RUNNING and tournament.round_number == 2
    ((table,), byes) = _seated_and_byes(tournament, 2)
    assert len(table) == 3 and len(byes) == 2 and "p6" not in table + byes


def test_a_tables_tournament_no_round_can_seat_is_cancelled_and_everyone_is_told(
    alice, monkeypatch
):
    from games.registry import get_engine

    tournament = open_tournament(
        alice, game="relative_space", format="tables", table_size=3, min_players=3
    )
    # A game for four at least, at tables of up to 3: neither byes nor smaller tables help.
    monkeypatch.setattr(type(get_engine("relative_space")), "min_players", 4)
    tournament = start(tournament, players(3))
    assert tournament.status == Tournament.Status.CANCELLED and tournament.winner is None
    assert "cannot be seated" in tournament.end_said
    told = Notification.objects.filter(text__contains="was cancelled: its players cannot")
    assert sorted(told.values_list("user__username", flat=True)) == ["alice", "p1", "p2", "p3"]
    assert not Notification.objects.filter(text__contains="won").exists()
    assert not Table.objects.exists() and not Round.objects.exists()


def test_the_first_player_of_each_new_table_is_told_it_is_their_turn(alice):
    tournament = start(open_tournament(alice), players(2))
    (table,) = tables_of_round(tournament, 1)
    first = table.seats.get(is_to_move=True).user
    assert Notification.objects.filter(
        user=first, subject=str(table.code), text__contains="Your turn"
    ).exists()


def test_a_round_start_is_mailed_to_players_who_take_reminders(alice):
    users = players(2)
    users[1].reminders_enabled = False
    users[1].save(update_fields=["reminders_enabled"])
    tournament = start(open_tournament(alice), users)
    (table,) = tables_of_round(tournament, 1)
    mails = OutboundMail.objects.filter(subject__contains="Round 1 of Autumn Swiss")
    assert list(mails.values_list("to_address", flat=True)) == ["p1@example.com"]
    assert table.get_absolute_url() in mails.get().body


def test_a_table_a_moderator_aborts_ends_its_part_of_the_round(alice):
    from lobby.services.moderation import table_abort

    moderator = UserFactory(username="mod", is_staff=True)
    tournament = start(open_tournament(alice), players(4))
    first = tables_of_round(tournament, 1)
    end_game(first[0])
    table_abort(moderator=moderator, table_id=first[1].id, reason="collusion")
    tournament.refresh_from_db()
    assert tournament.round_number == 1
    assert consequences_sweep()["tournaments"] == 1
    tournament.refresh_from_db()
    assert tournament.round_number == 2
    # The aborted game gave nobody a point: only the finished one counts.
    lines = services.standings_of(tournament, list(tournament.entries.all()))
    assert sorted(line.score for line in lines) == [0.0, 0.0, 0.0, 1.0]


def _rated(count: int) -> list:
    """Players p1…pN rated 1800, 1790, …: seed i is p{i}."""
    users = players(count)
    for rank, user in enumerate(users):
        Rating.objects.create(user=user, game="lost_cities", rating=1800 - 10 * rank)
    return users


def _play_out(tournament: Tournament, second_wins: set[int] = frozenset()) -> list[list[str]]:
    """Play each round to its end (seat 0 wins, seat 1 in `second_wins` rounds) until the
    tournament ends; return each round's games as 'first-second' names."""
    schedule = []
    while tournament.status == Tournament.Status.RUNNING:
        number = tournament.round_number
        tables = tables_of_round(tournament, number)
        schedule.append(
            ["-".join(s.user.username for s in t.seats.order_by("position")) for t in tables]
        )
        for table in tables:
            end_game(table, winner_seat=1 if number in second_wins else 0)
        tournament = run_due(tournament)
        assert tournament.round_number > number or tournament.status != "running"
    return schedule


def test_a_double_elimination_of_eight_runs_both_brackets_and_the_reset_to_its_winner(alice):
    tournament = start(open_tournament(alice, format="double", max_players=8), _rated(8))
    assert tournament.rounds == 6  # 2 × 3, before any reset
    # The upper seat wins every game but the grand final (round 6): the reset is round 7.
    schedule = _play_out(tournament, second_wins={6})
    assert schedule == [
        ["p1-p8", "p4-p5", "p2-p7", "p3-p6"],
        ["p1-p4", "p2-p3", "p8-p5", "p7-p6"],  # winners' round 2 with losers' round 1
        ["p1-p2", "p8-p3", "p7-p4"],
        ["p8-p7"],
        ["p8-p2"],
        ["p1-p8"],  # the grand final: p8 wins, p1's first loss
        ["p8-p1"],  # the reset
    ]
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED and tournament.rounds == 7
    assert tournament.winner.username == "p8"
    assert Notification.objects.filter(user__username="p3", text__contains="p8 won").count() == 1
    assert Round.objects.filter(tournament=tournament).count() == 7


def test_a_double_elimination_of_five_with_byes_and_a_player_who_leaves(alice):
    tournament = start(open_tournament(alice, format="double", max_players=5), _rated(5))
    (first,) = tables_of_round(tournament, 1)  # seeds 1–3 have byes
    win(first, "p5")  # p4 drops into the losers' bracket…
    entry_leave(code=tournament.code, user=Entry.objects.get(user__username="p4").user)
    tournament = run_due(tournament)  # …and leaves: their next match is a forfeit
    schedule = _play_out(tournament)
    assert schedule == [
        ["p1-p5", "p2-p3"],  # p5 alone in losers' round 1: no game
        ["p1-p2"],  # p3 goes through against p4, who left; p5 faces nobody
        ["p3-p5"],  # losers' round 3
        ["p3-p2"],  # losers' final: p2 lost the winners' final
        ["p1-p3"],  # grand final: the winners' champion wins, no reset
    ]
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED and tournament.rounds == 6
    assert tournament.winner.username == "p1"
    gone = Entry.objects.get(user__username="p4")
    assert gone.dropped
    assert [p.entries for p in Pairing.objects.all() if gone.id in p.entries] == [
        [gone.id, Entry.objects.get(user__username="p5").id]
    ]


def _rounds(tournament: Tournament) -> list[tuple[int, int]]:
    """Each round's number and how many games it made."""
    return [
        (r.number, r.pairings.count())
        for r in Round.objects.filter(tournament=tournament).order_by("number")
    ]


def test_an_aborted_single_elimination_game_sends_the_better_seed_through(alice):
    from lobby.services.moderation import table_abort

    moderator = UserFactory(username="mod", is_staff=True)
    tournament = start(open_tournament(alice, format="elimination"), _rated(4))
    first = tables_of_round(tournament, 1)  # p1–p4 and p2–p3
    win(first[1], "p3")
    table_abort(moderator=moderator, table_id=first[0].id, reason="collusion")
    assert consequences_sweep()["tournaments"] == 1  # no table was scored: the sweep's turn
    tournament.refresh_from_db()
    # As a draw would: p1, the better seed, goes through to the final.
    (final,) = tables_of_round(tournament, 2)
    assert sorted(s.user.username for s in final.seats.all()) == ["p1", "p3"]
    win(final, "p3")
    tournament = run_due(tournament)
    assert tournament.status == Tournament.Status.FINISHED
    assert tournament.winner.username == "p3"
    assert _rounds(tournament) == [(1, 2), (2, 1)]


def test_an_aborted_double_elimination_game_counts_as_a_draw_and_the_event_goes_on(alice):
    from lobby.services.moderation import table_abort

    moderator = UserFactory(username="mod", is_staff=True)
    tournament = start(open_tournament(alice, format="double"), _rated(4))
    first = tables_of_round(tournament, 1)  # p1–p4 and p2–p3
    table_abort(moderator=moderator, table_id=first[0].id, reason="collusion")
    win(first[1], "p2")  # the round's last table: the next round is due at once
    tournament = run_due(tournament)
    # p1 goes on as the better seed; p4 drops into the losers' bracket, as after a draw.
    schedule = _play_out(tournament)
    # (The first seat wins from here on.)
    assert schedule == [["p1-p2", "p4-p3"], ["p4-p2"], ["p1-p4"]]
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert tournament.winner.username == "p1"
    assert _rounds(tournament) == [(1, 2), (2, 2), (3, 1), (4, 1)]


def test_it_starts_when_full_and_not_before(alice, django_capture_on_commit_callbacks):
    tournament = open_tournament(alice, min_players=2, max_players=3)
    users = players(3)
    for user in users[:2]:
        with django_capture_on_commit_callbacks(execute=True):
            entry_join(code=tournament.code, user=user)
    tournament.refresh_from_db()
    # Enough to play, but not full, and no start time: it waits.
    assert tournament.status == Tournament.Status.OPEN and tournament.deadline is None
    with django_capture_on_commit_callbacks(execute=True):
        entry_join(code=tournament.code, user=users[2])  # the last place: the task starts it
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING and tournament.round_number == 1
    (round_,) = Round.objects.filter(tournament=tournament)
    assert len(round_.byes) == 1 and len(tables_of_round(tournament, 1)) == 1


def test_leaving_twice_or_after_the_end_is_refused_in_words(alice):
    users = players(2)
    tournament = start(open_tournament(alice, rounds=1), users)
    entry_leave(code=tournament.code, user=users[0])
    with pytest.raises(Conflict, match="already out"):
        entry_leave(code=tournament.code, user=users[0])
    (table,) = tables_of_round(tournament, 1)
    end_game(table)
    assert run_due(tournament).status == Tournament.Status.FINISHED
    with pytest.raises(Conflict, match="is over"):
        entry_leave(code=tournament.code, user=users[1])
    assert Entry.objects.filter(dropped=True).count() == 1


def test_a_moderator_cancels_a_running_tournament_and_everyone_is_told(alice):
    moderator = UserFactory(username="mod", is_staff=True)
    tournament = start(open_tournament(alice), players(4))
    tournament_cancel(moderator=moderator, tournament_id=tournament.id, reason="server move")
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.CANCELLED and tournament.deadline is None
    told = Notification.objects.filter(text__contains="was cancelled by a moderator")
    assert sorted(told.values_list("user__username", flat=True)) == [
        "alice",
        "p1",
        "p2",
        "p3",
        "p4",
    ]
    assert OutboundMail.objects.filter(subject__contains="cancelled by a moderator").count() == 5
    # The games in play go on as ordinary games; no next round comes.
    first = tables_of_round(tournament, 1)
    assert {t.status for t in first} == {Table.Status.ACTIVE}
    for table in first:
        end_game(table)
    consequences_sweep(now=timezone.now() + timedelta(minutes=1))
    assert Round.objects.filter(tournament=tournament).count() == 1
    log = ModerationLog.objects.get()
    assert (log.action, log.reason) == ("tournament_cancel", "server move")


def test_an_entrant_a_moderator_removes_after_the_start_is_told_and_not_paired_again(alice):
    moderator = UserFactory(username="mod", is_staff=True)
    users = players(4)
    tournament = start(open_tournament(alice), users)
    entry = Entry.objects.get(user=users[0])
    entry_remove(moderator=moderator, entry_id=entry.id, reason="abuse in chat")
    entry.refresh_from_db()
    assert entry.dropped
    assert Notification.objects.filter(
        user=users[0], text__contains="A moderator removed you"
    ).exists()
    for table in tables_of_round(tournament, 1):
        end_game(table)
    tournament = run_due(tournament)
    seated = {s.user for t in tables_of_round(tournament, 2) for s in t.seats.all()}
    assert users[0] not in seated and len(seated) == 2
    assert ModerationLog.objects.get().target_user == users[0]


def test_a_second_round_that_fails_midway_leaves_nothing_behind(alice, monkeypatch):
    tournament = start(open_tournament(alice), players(4))
    for table in tables_of_round(tournament, 1):
        end_game(table)
    tournament.refresh_from_db()
    assert tournament.deadline is not None
    tables_before = Table.objects.count()
    notices_before = Notification.objects.count()
    real = services.table_start_locked
    calls = []

    def second_fails(**kwargs):
        calls.append(1)
        if len(calls) == 2:  # the first table of round 2 is made and started; not the second
            raise RuntimeError("the database said no")
        real(**kwargs)

    monkeypatch.setattr(services, "table_start_locked", second_fails)
    with pytest.raises(RuntimeError):
        tournament_tick(tournament_id=tournament.id)
    tournament.refresh_from_db()
    # Nothing of round 2: no table, no round, no notice; round 1 still the current one.
    assert tournament.round_number == 1 and tournament.deadline is not None
    assert Table.objects.count() == tables_before
    assert not Round.objects.filter(number=2).exists()
    assert Round.objects.get(number=1).finished_at is None
    assert Notification.objects.count() == notices_before
    monkeypatch.setattr(services, "table_start_locked", real)
    assert consequences_sweep()["tournaments"] == 1  # the sweep's next try works
    tournament.refresh_from_db()
    assert tournament.round_number == 2 and len(tables_of_round(tournament, 2)) == 2


def test_each_turn_in_a_tournament_game_is_told_and_mailed(alice):
    from games.registry import get_engine
    from lobby.services import move_submit

    tournament = start(open_tournament(alice), players(2))
    (table,) = tables_of_round(tournament, 1)
    turn_mails = OutboundMail.objects.filter(subject__contains="Your turn at Lost Cities")
    assert not turn_mails.exists()  # the first turn: the round's own mail said it
    engine = get_engine("lost_cities")
    by_seat = {s.position: s.user for s in table.seats.all()}

    def whole_turn() -> Any:
        """Play a whole turn (a card, then a draw) of whoever moves; return who moves next."""
        for _ in range(2):
            table.refresh_from_db()
            state = engine.load(table.state)
            seat = min(engine.to_move(state))
            action = engine.legal_actions(state, seat)[0]
            move_submit(
                code=table.code, user=by_seat[seat], action=action, seen_version=table.version
            )
        table.refresh_from_db()
        (now,) = table.seats.filter(is_to_move=True)
        assert now.user != by_seat[seat]
        return now.user

    second = whole_turn()
    assert Notification.objects.filter(user=second, text="Your turn at Lost Cities.").exists()
    (mail,) = turn_mails
    assert mail.to_address == second.email
    assert mail.subject == "Playtable: Your turn at Lost Cities in the tournament Autumn Swiss."
    assert table.get_absolute_url() in mail.body
    # Who takes no reminders is told on the site, and gets no e-mail.
    first = next(user for user in by_seat.values() if user != second)
    first.reminders_enabled = False
    first.save(update_fields=["reminders_enabled"])
    assert whole_turn() == first
    assert Notification.objects.filter(user=first, text="Your turn at Lost Cities.").exists()
    assert turn_mails.count() == 1


def test_a_full_tournament_with_a_start_time_refuses_more_and_keeps_its_time(alice, bob):
    starts = timezone.now() + timedelta(hours=2)
    tournament = open_tournament(alice, max_players=2, starts_at=starts)
    users = players(2)
    for user in users:
        entry_join(code=tournament.code, user=user)
    with pytest.raises(Conflict, match="full"):
        entry_join(code=tournament.code, user=bob)
    tournament.refresh_from_db()
    # Full, but it starts at its time: players were told when.
    assert tournament.status == Tournament.Status.OPEN and tournament.deadline == starts
    assert tournament.entries.count() == 2
    assert not tournament_tick(tournament_id=tournament.id)
    assert tournament_tick(tournament_id=tournament.id, now=starts)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING


def test_a_place_freed_before_a_when_full_start_ran_makes_it_wait_again(alice):
    moderator = UserFactory(username="mod", is_staff=True)
    tournament = open_tournament(alice, min_players=2, max_players=3)
    users = players(3)
    for user in users:
        entry_join(code=tournament.code, user=user)  # full: due at once (no task ran here)
    tournament.refresh_from_db()
    assert tournament.deadline is not None
    entry_leave(code=tournament.code, user=users[2])  # a place is free before the start ran
    tournament.refresh_from_db()
    assert tournament.deadline is None
    assert not run_due(tournament).round_number  # still open: it waits to be full
    assert tournament.status == Tournament.Status.OPEN
    entry_join(code=tournament.code, user=users[2])
    entry_remove(moderator=moderator, entry_id=Entry.objects.get(user=users[0]).id, reason="x")
    tournament.refresh_from_db()
    assert tournament.deadline is None and tournament.status == Tournament.Status.OPEN
