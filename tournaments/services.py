"""Tournaments: create, join, leave, start, rounds, the end; moderators' cancel and removal.

Scheduling is a deadline column and a sweep, as the clocks are: `Tournament.deadline` is
when something is due (the start, or the next round once the last table of a round has
ended). A task queued on commit makes it happen at once; the lobby's consequences sweep
runs every due tournament (`tournaments_due_tick`), so a worker killed between rounds
delays a round and never loses it. `tournament_tick` is idempotent under the row lock.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone
from django.utils.translation import gettext as _

from games.registry import UnknownGame, get_engine
from games.words import Msg, encode, msg
from ladder.elo import START_RATING
from lobby.errors import BadRequest, Conflict, NotAllowed, NotFound
from lobby.models import Seat, Table
from lobby.services import tables as lobby_tables
from lobby.services.mail import mail_queue
from lobby.services.tables import _time_control, table_start_locked
from tournaments import pairing as pure
from tournaments.models import LIST_GROUP, Entry, Pairing, Round, Tournament

logger = logging.getLogger(__name__)

MAX_PLAYERS = 64
MAX_ROUNDS = 15
DONE = (Table.Status.FINISHED, Table.Status.ABORTED)


def rating_of(*, user: Any, game: str) -> float:
    """Return the player's rating at `game` (the ladder's start for a newcomer)."""
    from ladder.models import Rating

    found = Rating.objects.filter(user=user, game=game).values_list("rating", flat=True).first()
    return float(found) if found is not None else START_RATING


@transaction.atomic
def tournament_create(
    *,
    user: Any,
    name: str,
    game: str,
    options: Mapping[str, Any],
    mode: str = Table.Mode.ASYNC,
    time_control: Mapping[str, int] | None = None,
    format: str = Tournament.Format.SWISS,
    rounds: int = 3,
    table_size: int = 4,
    rated: bool = True,
    min_players: int = 2,
    max_players: int = 16,
    min_rating: int | None = None,
    invite_only: bool = False,
    starts_at: datetime | None = None,
    description: str = "",
) -> Tournament:
    """Open a tournament for registration; it starts at `starts_at`, or when full if None."""
    try:
        engine = get_engine(game)
    except UnknownGame:
        raise BadRequest(_("There is no game called %(game)s.") % {"game": game}) from None
    try:
        cleaned = engine.validate_options(options)
    except Exception as error:  # OptionError: a readable message
        raise BadRequest(str(error)) from None
    if mode not in Table.Mode.values or format not in Tournament.Format.values:
        raise BadRequest(_("Choose a valid mode and format."))
    if not name.strip():
        raise BadRequest(_("Give the tournament a name."))
    two_player = engine.min_players <= 2 <= engine.max_players
    if format == Tournament.Format.TABLES:
        if engine.max_players < 3:
            raise BadRequest(
                _("%(game)s is not played at tables of 3 or more.") % {"game": engine.name}
            )
        if not 3 <= table_size <= min(5, engine.max_players):
            raise BadRequest(
                _("Tables seat 3 to %(max)d players.") % {"max": min(5, engine.max_players)}
            )
    elif not two_player:
        raise BadRequest(
            _("%(game)s has no two-player game: choose tables.") % {"game": engine.name}
        )
    smallest = 3 if format == Tournament.Format.TABLES else 2
    if not smallest <= min_players <= max_players <= MAX_PLAYERS:
        raise BadRequest(
            _("Allow between %(min)d and %(max)d players, the minimum no more than the maximum.")
            % {"min": smallest, "max": MAX_PLAYERS}
        )
    if not 1 <= rounds <= MAX_ROUNDS:
        raise BadRequest(_("Play between 1 and %(max)d rounds.") % {"max": MAX_ROUNDS})
    now = timezone.now()
    if starts_at is not None and starts_at <= now:
        raise BadRequest(_("The start time must be in the future."))
    if engine.simultaneous:
        clock: dict[str, Any] = {}
    else:
        clock = _time_control(engine, mode, time_control)
    tournament = Tournament.objects.create(
        name=name.strip()[:80],
        description=description.strip()[:2000],
        game=engine.slug,
        options=cleaned,
        mode=mode,
        format=format,
        rounds=rounds,
        table_size=table_size,
        rated=rated,
        min_players=min_players,
        max_players=max_players,
        min_rating=min_rating,
        invite_only=invite_only,
        starts_at=starts_at,
        deadline=starts_at,
        created_by=user,
        **clock,
    )
    transaction.on_commit(tournaments_changed_notify)
    return tournament


def _locked(code: Any) -> Tournament:
    tournament = Tournament.objects.select_for_update().filter(code=code).first()
    if tournament is None:
        raise NotFound(_("There is no such tournament."))
    return tournament


@transaction.atomic
def entry_join(*, code: Any, user: Any, token: str = "") -> Tournament:
    """Register `user`; when the last place is taken and no start time is set, start soon."""
    tournament = _locked(code)
    if tournament.status != Tournament.Status.OPEN:
        raise Conflict(_("Registration is closed: this tournament has started or ended."))
    if tournament.entries.filter(user=user).exists():
        raise Conflict(_("You are already registered for this tournament."))
    if tournament.invite_only and token != tournament.invite_token:
        raise NotAllowed(_("This tournament is by invitation only: you need the invite link."))
    rating = rating_of(user=user, game=tournament.game)
    if tournament.min_rating is not None and rating < tournament.min_rating:
        raise NotAllowed(
            _("This tournament needs a rating of at least %(min)d; yours is %(rating)d.")
            % {"min": tournament.min_rating, "rating": round(rating)}
        )
    count = tournament.entries.count()
    if count >= tournament.max_players:
        raise Conflict(_("This tournament is full."))
    Entry.objects.create(tournament=tournament, user=user, rating=rating)
    if count + 1 == tournament.max_players and tournament.starts_at is None:
        tournament.deadline = timezone.now()
    _changed(tournament)
    return tournament


@transaction.atomic
def entry_leave(*, code: Any, user: Any) -> Tournament:
    """Leave: before the start the entry goes; after, the player is dropped from pairings."""
    tournament = _locked(code)
    entry = tournament.entries.filter(user=user).first()
    if entry is None:
        raise Conflict(_("You are not registered for this tournament."))
    if tournament.status == Tournament.Status.OPEN:
        entry.delete()
        _not_full_any_more(tournament)
    elif tournament.status != Tournament.Status.RUNNING:
        raise Conflict(_("This tournament is over."))
    elif entry.dropped:
        raise Conflict(_("You are already out of this tournament."))
    else:
        entry.dropped = True
        entry.save(update_fields=["dropped"])
    _changed(tournament)
    return tournament


def _not_full_any_more(tournament: Tournament) -> None:
    """A place was freed before the start: one that starts "when full" waits again.

    (Its start was due at once when the last place went; a leave that comes before the
    start ran must not let it start short.)
    """
    if tournament.starts_at is None:
        tournament.deadline = None


def _changed(tournament: Tournament) -> None:
    """Save the tournament, and after the commit ring its page's sockets and run what is due."""
    tournament.version += 1
    tournament.save()
    code, tournament_id, due = tournament.code, tournament.id, tournament.deadline
    transaction.on_commit(lambda: tournament_updated_notify(code=code))
    if due is not None and due <= timezone.now():
        transaction.on_commit(lambda: _tick_schedule(tournament_id))


def _tick_schedule(tournament_id: int) -> None:
    from tournaments.tasks import tournament_tick as tournament_tick_task

    try:
        tournament_tick_task.delay(tournament_id=tournament_id)
    except Exception:  # a broker that is down: the sweep runs it
        logger.warning("tournament %s: tick not queued; the sweep will run it", tournament_id)


def _ring(group: str, event: str) -> None:
    from asgiref.sync import async_to_sync
    from channels.layers import get_channel_layer

    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(group, {"type": event})
    except Exception:  # a lost push: the page still shows the truth on reload
        logger.warning("%s: push failed", group)


def tournament_updated_notify(*, code: Any) -> None:
    """Ring the doorbell of every socket on the tournament's page, and of the list pages."""
    _ring(f"tournament-{code}", "tournament.updated")
    tournaments_changed_notify()


def tournaments_changed_notify() -> None:
    """Ring the doorbell of every open list page (a tournament was made or changed)."""
    _ring(LIST_GROUP, "tournaments.changed")


def tournaments_due_tick(*, now: datetime | None = None) -> int:
    """Run every tournament whose deadline has passed (the sweep's share).

    A round whose last table ended without being scored (a moderator aborted it) rang no
    hook: a running tournament with nothing left in play in its round is made due here.
    """
    now = now or timezone.now()
    # One statement, however many tournaments run: those without a deadline whose current
    # round has no table still in play.
    in_play = Pairing.objects.filter(
        round__tournament=OuterRef("pk"), round__number=OuterRef("round_number")
    ).exclude(table__status__in=DONE)
    Tournament.objects.filter(status=Tournament.Status.RUNNING, deadline__isnull=True).exclude(
        Exists(in_play)
    ).update(deadline=now)
    due = Tournament.objects.filter(deadline__lte=now).values_list("id", flat=True)
    done = 0
    for tournament_id in list(due[:50]):
        try:
            done += tournament_tick(tournament_id=tournament_id, now=now)
        except Exception:
            logger.exception("sweep: tournament %s failed", tournament_id)
    return done


@transaction.atomic
def tournament_tick(*, tournament_id: int, now: datetime | None = None) -> bool:
    """Do what is due: start the tournament, or start the next round once the last ended.

    Idempotent: the deadline is cleared in the same transaction, under the row lock. When a
    round fails to start, the transaction rolls back whole: no table, no round, and the
    deadline stays for the sweep to try again.
    """
    now = now or timezone.now()
    tournament = Tournament.objects.select_for_update().filter(id=tournament_id).first()
    if tournament is None or tournament.deadline is None or tournament.deadline > now:
        return False
    tournament.deadline = None
    if tournament.status == Tournament.Status.OPEN:
        _start(tournament, now)
    elif tournament.status == Tournament.Status.RUNNING and _round_over(tournament):
        _next_round(tournament, now)
    _changed(tournament)
    return True


def _start(tournament: Tournament, now: datetime) -> None:
    entries = list(tournament.entries.select_related("user"))
    if len(entries) < tournament.min_players:
        tournament.status = Tournament.Status.CANCELLED
        tournament.finished_at = now
        tournament.end_words = encode(
            msg(
                "Cancelled: %(count)s players registered, %(min)s were needed.",
                count=len(entries),
                min=tournament.min_players,
            )
        )
        _tell(
            tournament,
            _with_organiser(tournament, [e.user for e in entries]),
            msg("The tournament %(name)s was cancelled: too few players.", name=tournament.name),
        )
        return
    for entry in entries:  # seeds and pairings use the ratings of the start
        entry.rating = rating_of(user=entry.user, game=tournament.game)
    Entry.objects.bulk_update(entries, ["rating"])
    tournament.status = Tournament.Status.RUNNING
    tournament.started_at = now
    count = len(entries)
    if tournament.format == Tournament.Format.ELIMINATION:
        tournament.rounds = pure.elimination_rounds(count)
    elif tournament.format == Tournament.Format.DOUBLE_ELIMINATION:
        # 2R rounds; one more when the losers' champion wins the grand final (the reset).
        tournament.rounds = 2 * max(1, pure.elimination_rounds(count))
    elif tournament.format == Tournament.Format.SWISS:
        # One bye each at most, and no repeat needed: N − 1 rounds (N when odd).
        tournament.rounds = min(tournament.rounds, count if count % 2 else count - 1)
    _next_round(tournament, now)


def _round_over(tournament: Tournament) -> bool:
    return (
        not Pairing.objects.filter(
            round__tournament=tournament, round__number=tournament.round_number
        )
        .exclude(table__status__in=DONE)
        .exists()
    )


def _history(tournament: Tournament) -> tuple[list[pure.Game], list[pure.Bye]]:
    games = []
    for pairing in Pairing.objects.filter(round__tournament=tournament).select_related(
        "round", "table"
    ):
        result = pairing.table.result or {}
        places = result.get("places") if pairing.table.status == Table.Status.FINISHED else None
        games.append(
            pure.Game(
                round=pairing.round.number,
                seats=tuple(pairing.entries),
                places=tuple(places) if places else None,
                # Over with no places (a moderator aborted it): no points; in elimination,
                # decided as a draw is.
                aborted=pairing.table.status in DONE and not places,
            )
        )
    byes = [
        pure.Bye(round=r.number, player=entry_id)
        for r in tournament.round_set.all()
        for entry_id in r.byes
    ]
    return games, byes


def _seeds(players: Sequence[pure.Player]) -> dict[int, int]:
    return {p.id: n for n, p in enumerate(sorted(players, key=lambda p: (-p.rating, p.id)), 1)}


def bracket_of(tournament: Tournament, entries: Sequence[Entry]) -> list[list[pure.Match]]:
    """Return the elimination bracket as far as the results go."""
    games, _byes = _history(tournament)
    players = [pure.Player(e.id, e.rating) for e in entries]
    dropped = [e.id for e in entries if e.dropped]
    return pure.bracket(pure.elimination_slots(players), games, _seeds(players), dropped)


def double_bracket_of(tournament: Tournament, entries: Sequence[Entry]) -> pure.DoubleBracket:
    """Return the double-elimination brackets and grand final as far as the results go."""
    games, _byes = _history(tournament)
    players = [pure.Player(e.id, e.rating) for e in entries]
    dropped = [e.id for e in entries if e.dropped]
    return pure.double_bracket(pure.elimination_slots(players), games, _seeds(players), dropped)


def standings_of(tournament: Tournament, entries: Sequence[Entry]) -> list[pure.Standing]:
    """Return the standings of everyone who played (finished games and byes)."""
    games, byes = _history(tournament)
    return pure.standings([pure.Player(e.id, e.rating) for e in entries], games, byes)


def _pairing_for(tournament: Tournament, entries: list[Entry], number: int) -> pure.Pairing:
    games, byes = _history(tournament)
    active = [pure.Player(e.id, e.rating) for e in entries if not e.dropped]
    if tournament.format == Tournament.Format.ELIMINATION:
        return pure.elimination_pairing(bracket_of(tournament, entries), number)
    if tournament.format == Tournament.Format.DOUBLE_ELIMINATION:
        return pure.double_pairing(double_bracket_of(tournament, entries), number)
    if tournament.format == Tournament.Format.TABLES:
        # Tables of 3 up to the largest; byes when the count cannot be cut so; else the
        # game's own smallest tables (see pairing.tables_pairing).
        engine = get_engine(tournament.game)
        return pure.tables_pairing(
            active,
            games,
            byes,
            smallest=max(3, engine.min_players),
            largest=min(tournament.table_size, engine.max_players),
            minimum=max(2, engine.min_players),
        )
    return pure.swiss_pairing(active, games, byes)


def _next_round(tournament: Tournament, now: datetime) -> None:
    """Make the next round's tables all at once, or end the tournament after the last."""
    entries = list(tournament.entries.select_related("user"))
    if tournament.round_number:
        Round.objects.filter(tournament=tournament, number=tournament.round_number).update(
            finished_at=now
        )
    while True:
        number = tournament.round_number + 1
        active = [e for e in entries if not e.dropped]
        if tournament.format == Tournament.Format.DOUBLE_ELIMINATION:
            tree = double_bracket_of(tournament, entries)
            if tree.champion is not None:
                _finish(tournament, entries, now)
                return
            tournament.rounds = tree.rounds  # one more once the bracket reset is due
        if number > tournament.rounds or len(active) < 2:
            _finish(tournament, entries, now)
            return
        try:
            plan = _pairing_for(tournament, entries, number)
        except ValueError:  # no round can be made: nobody can be seated at a table
            if tournament.round_number == 0:
                _cancel_unseated(tournament, entries, now)
            else:
                _finish(tournament, entries, now)
            return
        tournament.round_number = number
        _round_create(tournament, entries, number, plan)
        if plan.tables:
            return
        # An elimination round decided without games (players gone): on to the next.


def _cancel_unseated(tournament: Tournament, entries: list[Entry], now: datetime) -> None:
    """No first round can be made: cancel (nobody won) and tell everyone why."""
    tournament.status = Tournament.Status.CANCELLED
    tournament.finished_at = now
    tournament.end_words = encode(
        msg(
            "Cancelled: %(count)s players cannot be seated at the tables of this tournament.",
            count=len([e for e in entries if not e.dropped]),
        )
    )
    _tell(
        tournament,
        _with_organiser(tournament, [e.user for e in entries]),
        msg(
            "The tournament %(name)s was cancelled: its players cannot be seated at its tables.",
            name=tournament.name,
        ),
    )


def _round_create(
    tournament: Tournament, entries: list[Entry], number: int, plan: pure.Pairing
) -> None:
    by_id = {e.id: e for e in entries}
    round_ = Round.objects.create(tournament=tournament, number=number, byes=list(plan.byes))
    url = tournament.get_absolute_url()
    for seated in plan.tables:
        table = Table.objects.create(
            game=tournament.game,
            options=tournament.options,
            players=len(seated),
            mode=tournament.mode,
            rated=tournament.rated,
            # Watched from the tournament's page; an invitation-only event keeps them private.
            visibility=(
                Table.Visibility.PRIVATE if tournament.invite_only else Table.Visibility.PUBLIC
            ),
            seed=lobby_tables.new_seed(),  # looked up here: tests fix the seeds
            created_by=by_id[seated[0]].user,
            move_seconds=tournament.move_seconds,
            bank_seconds=tournament.bank_seconds,
            base_seconds=tournament.base_seconds,
            increment_seconds=tournament.increment_seconds,
        )
        seats = [
            Seat.objects.create(table=table, position=position, user=by_id[entry_id].user)
            for position, entry_id in enumerate(seated)
        ]
        Pairing.objects.create(round=round_, table=table, entries=list(seated))
        table_start_locked(table=table, seats=seats)
        for entry_id in seated:
            _tell(
                tournament,
                [by_id[entry_id].user],
                msg(
                    "Round %(number)s of %(name)s has started: your game is ready.",
                    number=number,
                    name=tournament.name,
                ),
                url=table.get_absolute_url(),
            )
    for entry_id in plan.byes:
        _tell(
            tournament,
            [by_id[entry_id].user],
            msg(
                "Round %(number)s of %(name)s has started: you have a bye (1 point).",
                number=number,
                name=tournament.name,
            ),
            url=url,
        )


def _finish(tournament: Tournament, entries: list[Entry], now: datetime) -> None:
    tournament.status = Tournament.Status.FINISHED
    tournament.finished_at = now
    if tournament.format == Tournament.Format.ELIMINATION:
        final = bracket_of(tournament, entries)
        winner_id = final[-1][0].winner if final else (entries[0].id if entries else None)
    elif tournament.format == Tournament.Format.DOUBLE_ELIMINATION:
        winner_id = double_bracket_of(tournament, entries).champion
        if winner_id is None:  # everyone else left: the last one still in wins
            active = [e.id for e in entries if not e.dropped]
            winner_id = active[0] if len(active) == 1 else None
    else:
        lines = standings_of(tournament, entries)
        winner_id = lines[0].player if lines else None
    winner = next((e.user for e in entries if e.id == winner_id), None)
    tournament.winner = winner
    if winner is not None:
        _tell(
            tournament,
            [e.user for e in entries],
            msg(
                "The tournament %(name)s is over: %(winner)s won.",
                name=tournament.name,
                winner=winner.username,
            ),
        )


def _with_organiser(tournament: Tournament, users: list[Any]) -> list[Any]:
    """Return `users` and the tournament's organiser, once (told of a cancellation too)."""
    if all(user.id != tournament.created_by_id for user in users):
        return [*users, tournament.created_by]
    return users


def _tell(tournament: Tournament, users: Sequence[Any], text: Msg, url: str = "") -> None:
    """Post a notice to each player and e-mail those who want reminders."""
    from accounts.services import notification_post

    url = url or tournament.get_absolute_url()
    for user in users:
        said = notification_post(
            user=user, kind="your_turn", text=text, url=url, subject=f"t-{tournament.code}"[:64]
        )
        if user.reminders_enabled and user.email:
            body = f"{said}\n\n{settings.SITE_URL.rstrip('/')}{url}\n"
            mail_queue(to=user.email, subject=f"Playtable: {said}", body=body)


def table_scored_receive(sender: Any, table: Table, **kwargs: Any) -> None:
    """A tournament table was scored (once, under its row lock): drop who timed out, and
    when it was the round's last table, make the next round due."""
    pairing = Pairing.objects.filter(table=table).select_related("round").first()
    if pairing is None:
        return
    tournament = Tournament.objects.select_for_update().get(id=pairing.round.tournament_id)
    out = [
        pairing.entries[seat.position]
        for seat in table.seats.all()
        if seat.abandoned and seat.position < len(pairing.entries)
    ]
    if out:
        Entry.objects.filter(id__in=out).update(dropped=True)
    if tournament.status != Tournament.Status.RUNNING:
        return
    if pairing.round.number == tournament.round_number and _round_over(tournament):
        tournament.deadline = timezone.now()
    _changed(tournament)


def turn_started_receive(sender: Any, table: Table, seats: Sequence[Seat], **kwargs: Any) -> None:
    """It is these seats' turn at a tournament game played a move a day: e-mail each player
    who takes reminders (the notice is the lobby's). The first turn of a round is left out:
    the round's start was just mailed, with the link to the same game."""
    from accounts.services import worded

    pairing = Pairing.objects.filter(table=table).select_related("round__tournament").first()
    if pairing is None or not table.moves.exists():
        return
    tournament = pairing.round.tournament
    text = msg(
        "Your turn at %(game)s in the tournament %(name)s.",
        game=get_engine(table.game).name,
        name=tournament.name,
    )
    url = table.get_absolute_url()
    for seat in seats:
        user = seat.user
        if user is not None and user.reminders_enabled and user.email:
            said = worded(user, text)
            body = f"{said}\n\n{settings.SITE_URL.rstrip('/')}{url}\n"
            mail_queue(to=user.email, subject=f"Playtable: {said}", body=body)


# Moderators


@transaction.atomic
def tournament_cancel(*, moderator: Any, tournament_id: int, reason: str) -> Tournament:
    """Cancel a tournament that has not ended; its games in play go on as ordinary games."""
    from accounts.models import ModerationLog
    from accounts.moderation import moderation_log_write

    if not reason.strip():
        raise BadRequest(_("Give a reason."))
    tournament = Tournament.objects.select_for_update().get(id=tournament_id)
    if tournament.status in (Tournament.Status.FINISHED, Tournament.Status.CANCELLED):
        raise Conflict(_("This tournament is already over."))
    tournament.status = Tournament.Status.CANCELLED
    tournament.finished_at = timezone.now()
    tournament.deadline = None
    tournament.end_words = encode(msg("Cancelled by a moderator."))
    moderation_log_write(
        moderator=moderator,
        action=ModerationLog.Action.TOURNAMENT_CANCEL,
        reason=reason,
        target=msg("tournament %(name)s", name=tournament.name),
        details={"tournament": str(tournament.code), "round": tournament.round_number},
    )
    users = _with_organiser(tournament, [e.user for e in tournament.entries.select_related("user")])
    _tell(
        tournament,
        users,
        msg("The tournament %(name)s was cancelled by a moderator.", name=tournament.name),
    )
    _changed(tournament)
    return tournament


@transaction.atomic
def entry_remove(*, moderator: Any, entry_id: int, reason: str) -> Tournament:
    """Remove an entrant: gone before the start, dropped from pairings after it."""
    from accounts.models import ModerationLog
    from accounts.moderation import moderation_log_write

    if not reason.strip():
        raise BadRequest(_("Give a reason."))
    entry = Entry.objects.select_related("user").get(id=entry_id)
    tournament = Tournament.objects.select_for_update().get(id=entry.tournament_id)
    moderation_log_write(
        moderator=moderator,
        action=ModerationLog.Action.ENTRY_REMOVE,
        reason=reason,
        target=msg(
            "%(name)s in the tournament %(tournament)s",
            name=entry.user.username,
            tournament=tournament.name,
        ),
        target_user=entry.user,
        details={"tournament": str(tournament.code), "status": tournament.status},
    )
    if tournament.status == Tournament.Status.OPEN:
        entry.delete()
        _not_full_any_more(tournament)
    else:
        entry.dropped = True
        entry.save(update_fields=["dropped"])
    _tell(
        tournament,
        [entry.user],
        msg("A moderator removed you from the tournament %(name)s.", name=tournament.name),
    )
    _changed(tournament)
    return tournament
