"""Lobby pages and the table's POST endpoints (thin: parse, call a service, render)."""

from __future__ import annotations

import time
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from config import ratelimit
from config.errors import ExplainedHttp404
from config.http import HtmxHttpRequest
from games.registry import UnknownGame, engines, get_engine
from lobby import health, pushes, reputation, selectors, services
from lobby.chat import chat_message_html
from lobby.errors import LobbyError, RateLimited
from lobby.forms import TableForm
from lobby.models import ChatMessage, Seat, Table
from lobby.recap import recap_get, recap_lines
from lobby.rendering import (
    board_context,
    board_get,
    board_html,
    board_html_shared,
    boards_shared_together,
    viewer_kind,
)
from lobby.replay import replay_frame
from lobby.reputation import seats_reputation_set
from lobby.services.chat import chat_post
from lobby.services.invites import friend_invite
from lobby.services.matching import RATING_WINDOW, seat_quick_match
from lobby.services.notify import rings_held
from lobby.socket_moves import move_fields
from lobby.templatetags.regions import RECAP_CHANGED


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    """Show the welcome page with the games and open tables."""
    context: dict[str, Any] = {"games": engines(), "open_tables": _open_tables(None, 10)}
    if request.user.is_authenticated:
        context["mine"] = selectors.table_list_mine(user=request.user)
    return render(request, "lobby/home.html", context)


def _open_tables(game: str | None, limit: int) -> list[Table]:
    """Return the open tables to list, each seated player with their reputation (one query)."""
    tables = list(selectors.table_list_open(game=game)[:limit])
    seats_reputation_set(tables)
    return tables


@never_cache
@require_GET
def ping(request: HttpRequest) -> HttpResponse:
    """Answer at once with no database work: a liveness probe and the benchmarks' floor."""
    return HttpResponse("pong", content_type="text/plain")


@never_cache
@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    """Report whether the database, the cache and a Celery worker answer (503 if one does not)."""
    db = health.database_ok()
    cache = health.cache_ok()
    worker = health.celery_ok()
    ok = db and cache and bool(worker["ok"])
    return JsonResponse(
        {"ok": ok, "database": db, "cache": cache, "celery": worker}, status=200 if ok else 503
    )


def _engine_or_404(slug: str) -> Any:
    try:
        return get_engine(slug)
    except UnknownGame:
        raise ExplainedHttp404(_("There is no such game.")) from None


@require_GET
def help_page(request: HttpRequest) -> HttpResponse:
    """Explain the platform's features in plain words, one section each."""
    return render(
        request,
        "lobby/help.html",
        {"newcomer_games": reputation.NEWCOMER_GAMES, "window": reputation.WINDOW},
    )


@require_GET
def game_list(request: HttpRequest) -> HttpResponse:
    """Show the catalogue of games."""
    return render(request, "lobby/game_list.html", {"games": engines()})


@require_GET
def game_detail(request: HttpRequest, slug: str) -> HttpResponse:
    """Show one game: players, length, the rules in plain words, its options."""
    engine = _engine_or_404(slug)
    return render(
        request,
        "lobby/game_detail.html",
        {
            "engine": engine,
            "help_template": f"games/{engine.slug}/help.html",
            "open_tables": _open_tables(engine.slug, 20),
            "rating_window": RATING_WINDOW,
        },
    )


@login_required
@require_POST
def game_play_now(request: HttpRequest, slug: str) -> HttpResponse:
    """Quick match: a seat at a fitting open table of the game, or a new table for others."""
    engine = _engine_or_404(slug)
    try:
        match = seat_quick_match(user=request.user, game=engine.slug)
    except LobbyError as error:
        messages.error(request, error.message)
        return redirect("lobby:game", slug=engine.slug)
    if match.how == "joined":
        messages.success(request, _("You joined a table of players near your rating."))
    elif match.how == "waiting":
        messages.info(request, _("You are already waiting at this table."))
    else:
        messages.success(
            request,
            _(
                "No table was waiting for a player near your rating, so this one is open:"
                " the next player to press Play now joins it."
            ),
            extra_tags="while-open",  # gone once the game starts (playtable.js)
        )
    return redirect(match.table)


@login_required
@require_http_methods(["GET", "POST"])
def table_new(request: HttpRequest, slug: str) -> HttpResponse:
    """Create a table for a game from its options."""
    engine = _engine_or_404(slug)
    form = TableForm(request.POST or None, engine=engine)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                table = services.table_create(
                    user=request.user,
                    game=engine.slug,
                    players=form.cleaned_data["players"],
                    options=form.game_options(),
                    mode=form.cleaned_data["mode"],
                    rated=form.cleaned_data["rated"],
                    visibility=form.cleaned_data["visibility"],
                    time_control=form.time_control(),
                    min_finish_rate=form.cleaned_data["min_finish_rate"],
                )
            except LobbyError as error:
                form.add_error(None, error.message)
                status = error.status
            else:
                messages.success(
                    request,
                    _("Your table is open. Invite someone or seat a bot."),
                    extra_tags="while-open",  # gone once the game starts (playtable.js)
                )
                return redirect(table)
        else:
            status = 400
    return render(request, "lobby/table_new.html", {"form": form, "engine": engine}, status=status)


@require_GET
def table_list(request: HttpRequest) -> HttpResponse:
    """List the public tables waiting for players and the games in progress to watch."""
    game = request.GET.get("game") or None
    if game is not None and game not in {engine.slug for engine in engines()}:
        game = None
    return render(
        request,
        "lobby/table_list.html",
        {
            "tables": _open_tables(game, 100),
            "in_progress": selectors.table_list_in_progress(game=game)[:100],
            "games": engines(),
            "game": game,
        },
    )


@login_required
@require_GET
def my_games(request: HttpRequest) -> HttpResponse:
    """Show my tables: where it is my turn first, then the others, then finished ones."""
    lists = selectors.table_list_mine(user=request.user)
    recap_lines(lists["my_turn"], request.user)
    return render(request, "lobby/my_games.html", lists)


def _invites(request: HttpRequest) -> list[str]:
    return list(request.session.get("invites", []))


def _visible_table(request: HttpRequest, code: Any) -> Table:
    table = selectors.table_get(code=code)
    if table is None or not selectors.can_watch(table, request.user, _invites(request)):
        # A private table is a 404 to strangers, worded the same whether or not the
        # table exists: the page reveals nothing but "not for you".
        raise ExplainedHttp404(_("This table is private: ask its host for the invite link."))
    return table


@require_GET
def table_detail(request: HttpRequest, code: str) -> HttpResponse:
    """Show the table: seats, the board as this user may see it, the log."""
    table = _visible_table(request, code)
    context = board_context(table, request.user)
    recap = recap_get(table, request.user)
    context["recap"] = recap
    context[RECAP_CHANGED] = recap.changed if recap is not None else frozenset()
    context["invite_url"] = request.build_absolute_uri(
        reverse("lobby:invite", args=[table.code, table.invite_token])
    )
    return render(request, "lobby/table_detail.html", context)


@require_GET
def invite(request: HttpRequest, code: str, token: str) -> HttpResponse:
    """Remember a private table's invitation in the session and show the table."""
    table = selectors.table_get(code=code)
    if table is None or token != table.invite_token:
        raise ExplainedHttp404(_("This invitation is not valid."))
    invites = _invites(request)
    if str(table.code) not in invites:
        request.session["invites"] = [*invites, str(table.code)][-50:]
    return redirect(table)


def _respond(
    request: HtmxHttpRequest,
    table_code: str,
    error: LobbyError | None,
    *,
    table: Table | None = None,
) -> HttpResponse:
    """Answer a table POST: the board partial for htmx, else a redirect or an error page."""
    if table is None:
        table = _visible_table(request, table_code)
    status = error.status if error else 200
    if request.htmx:
        if error is None:
            # The same HTML goes to this user's sockets when the change is pushed.
            html = board_html_shared(table, request.user)
        else:
            html = board_html(table, request.user, request=request, error=error.message)
        return HttpResponse(html, status=status)
    if error is None:
        return redirect(table)
    context = board_context(table, request.user, error=error.message)
    return render(request, "lobby/table_detail.html", context, status=status)


def _table_post(service: Any) -> Any:
    @login_required
    @require_POST
    def view(request: HtmxHttpRequest, code: str) -> HttpResponse:
        _visible_table(request, code)
        try:
            service(code=code, user=request.user)
        except LobbyError as error:
            return _respond(request, code, error)
        return _respond(request, code, None)

    view.__name__ = service.__name__
    return view


table_leave = _table_post(services.seat_leave)
table_start = _table_post(services.table_start)
table_concede = _table_post(services.table_concede)


@login_required
@require_POST
def table_join(request: HtmxHttpRequest, code: str) -> HttpResponse:
    """Take a seat at an open table (private tables need the invitation)."""
    table = _visible_table(request, code)
    try:
        services.seat_join(
            code=code, user=request.user, invited=str(table.code) in _invites(request)
        )
    except LobbyError as error:
        return _respond(request, code, error)
    return _respond(request, code, None)


@login_required
@require_POST
def table_bot(request: HtmxHttpRequest, code: str) -> HttpResponse:
    """Seat a bot in an empty seat (the creator only)."""
    _visible_table(request, code)
    kind = request.POST.get("kind", "heuristic")
    try:
        services.seat_add_bot(code=code, user=request.user, kind=kind)
    except LobbyError as error:
        return _respond(request, code, error)
    return _respond(request, code, None)


def _parse_move(request: HttpRequest) -> tuple[dict[str, Any], int | None]:
    return move_fields(request.POST.get("action", ""), request.POST.get("version"))


@login_required
@require_POST
def table_move(request: HtmxHttpRequest, code: str) -> HttpResponse:
    """Play an action: the answer is the player's new board (or the board with the error)."""
    limit, window = settings.MOVE_RATE_LIMIT
    if not ratelimit.hit(f"move:{request.user.pk}", limit=limit, window=window, fail_open=True):
        error = RateLimited(_("You are sending moves too fast. Wait a moment and try again."))
        return _respond(request, code, error)
    try:
        action, version = _parse_move(request)
        # The table's doorbell waits until the answer is drawn: this process's sockets
        # then take the answer's read of the table and the mover's drawing (lobby.pushes).
        with rings_held():
            table = services.move_submit(
                code=code, user=request.user, action=action, seen_version=version
            )
            committed = time.time()
            # The locked table and its seats are current: render from them, no second fetch.
            if request.htmx:
                response = HttpResponse(_move_answer(request, table))
            else:
                response = _respond(request, code, None, table=table)
    except LobbyError as error:
        return _respond(request, code, error)
    # When the move was committed (epoch seconds): lets the load bench measure fan-out.
    response["X-Committed-At"] = f"{committed:.6f}"
    return response


def _move_answer(request: HtmxHttpRequest, table: Table) -> str:
    """Draw the mover's board for the answer, and leave it for this process's sockets."""
    with boards_shared_together():
        shot = pushes.snapshot_of(table)
        board = board_get(table, request.user, moves=shot.moves, state=shot.state, fresh=True)
        kind, language = viewer_kind(table, request.user), translation.get_language()
        zone = timezone.get_current_timezone_name()
        pushes.prime(shot, board, kind=kind, language=language, zone=zone)
        pushes.predraw(shot, drawn=(kind, language, zone))
    return board.html


@require_GET
def table_replay(request: HtmxHttpRequest, code: str) -> HttpResponse:
    """Step through a finished game from move 0: as a spectator, or a player from their seat.

    `?n=` is the step and `?seat=` the requesting player's own seat (no other). An htmx
    step gets only the frame (steps, move line, board); any other request the whole page.
    """
    table = _visible_table(request, code)
    if table.status != Table.Status.FINISHED:
        raise ExplainedHttp404(_("Only finished games can be replayed."))
    engine = get_engine(table.game)
    mine = selectors.seat_for(table, request.user)
    seat = _replay_seat(request.GET.get("seat", ""), mine)
    position = seat.position if seat is not None else None
    total = table.move_count
    raw = request.GET.get("n", "")
    step = max(0, min(total, int(raw))) if raw.isascii() and raw.isdigit() else 0
    state, move = replay_frame(engine=engine, table=table, n=step)
    url = reverse("lobby:replay", args=[table.code])
    context: dict[str, Any] = {
        "table": table,
        "engine": engine,
        "seats": list(table.seats.all()),
        "me": seat,
        "mine": mine,
        "view": engine.view(state, position),
        "step": step,
        "total": total,
        "move": move,
        "move_text": move.text_for(position) if move is not None else "",
        "base": f"{url}?seat={position}&n=" if seat is not None else f"{url}?n=",
        "spectator_base": f"{url}?n=",
        "seat_base": f"{url}?seat={mine.position}&n=" if mine is not None else "",
        "board_template": f"games/{table.game}/_board.html",
        "board_id": f"table-{table.code}-replay",
        "replay": True,
        # A replay marks no last move (a board's {% last_move %} marks, lobby.marks).
        "last_move": None,
    }
    if request.htmx and not request.htmx.history_restore_request:
        response = render(request, "lobby/_replay_frame.html", context)
    else:
        names = {each.position: each.display_name for each in context["seats"]}
        # With `table`: the related manager reads it on every row (a query each if deferred).
        log = table.moves.order_by("n").only("table", "n", "seat", "texts")
        context["log"] = [(m.n, names.get(m.seat, ""), m.text_for(position)) for m in log]
        response = render(request, "lobby/table_replay.html", context)
    # The same URL answers a frame or a page: caches must keep them apart.
    patch_vary_headers(response, ["HX-Request"])
    return response


@require_GET
def table_record(request: HttpRequest, code: str) -> HttpResponse:
    """Download a finished game's record (seed, salt, commitment, log, result) as JSON.

    Anyone who may watch the table may check it: `python manage.py verify_game --file`.
    """
    table = _visible_table(request, code)
    if table.status == Table.Status.ABORTED:
        raise ExplainedHttp404(_("This table was cancelled: it has no result to check."))
    if table.status != Table.Status.FINISHED:
        raise PermissionDenied(
            _("The game record, with its seed, is published when the game is over.")
        )
    record = selectors.table_record(table=table)
    response = JsonResponse(record, json_dumps_params={"indent": 1, "sort_keys": True})
    filename = f"playtable-{table.game}-{str(table.code)[:8]}.json"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def _replay_seat(raw: str, mine: Seat | None) -> Seat | None:
    """Return the seat a replay is seen from: none (a spectator's view) or the player's own."""
    if raw == "":
        return None
    if mine is None or raw != str(mine.position):
        raise PermissionDenied(_("You may replay a game only from your own seat."))
    return mine


@login_required
@require_POST
def table_chat(request: HtmxHttpRequest, code: str) -> HttpResponse:
    """Post a chat message: it reaches every socket of the table, this one's included.

    htmx gets the form back (emptied, or with the error and the text kept); without
    JavaScript the page reloads.
    """
    table = _visible_table(request, code)
    text = request.POST.get("text", "")
    try:
        message = chat_post(
            code=code, user=request.user, text=text, invited=str(table.code) in _invites(request)
        )
    except LobbyError as error:
        context = {"chat_error": error.message, "chat_text": text[: ChatMessage.MAX_LENGTH]}
        if request.htmx:
            return render(
                request,
                "lobby/_chat_form.html",
                {**context, "table": table, "max_length": ChatMessage.MAX_LENGTH},
                status=error.status,
            )
        page = {**board_context(table, request.user), **context}
        return render(request, "lobby/table_detail.html", page, status=error.status)
    if request.htmx:
        # The poster's own line comes with the form: their socket may not be open yet, and
        # the push that follows is not added twice (static/js/playtable.js).
        form = render_to_string(
            "lobby/_chat_form.html",
            {"table": table, "max_length": ChatMessage.MAX_LENGTH, "refocus": True},
            request=request,
        )
        own = chat_message_html(
            message_id=message.id, user=request.user, zone=timezone.get_current_timezone()
        )
        return HttpResponse(form + (own or ""))
    return redirect(table.get_absolute_url() + f"#chat-{table.code}")


@login_required
@require_POST
def table_invite_friend(request: HttpRequest, code: str) -> HttpResponse:
    """Let the creator of an open table send a friend its invitation link as a notice."""
    table = _visible_table(request, code)
    try:
        friend = friend_invite(
            code=code, user=request.user, username=request.POST.get("username", "")
        )
    except LobbyError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("%(name)s got your invitation.") % {"name": friend.username})
    return redirect(table)
