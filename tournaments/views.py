"""Tournament pages: parse the request, call a service, render."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from config.errors import ExplainedHttp404
from games.registry import UnknownGame, engines, get_engine
from lobby.errors import LobbyError
from tournaments import selectors, services
from tournaments.forms import TournamentForm
from tournaments.models import Tournament


def _engine_or_404(slug: str) -> Any:
    try:
        return get_engine(slug)
    except UnknownGame:
        raise ExplainedHttp404(_("There is no such game.")) from None


def _tournament_or_404(code: str) -> Tournament:
    tournament = Tournament.objects.filter(code=code).first()
    if tournament is None:
        raise ExplainedHttp404(_("There is no such tournament."))
    return tournament


@require_GET
def tournament_list(request: HttpRequest) -> HttpResponse:
    """List upcoming, running and finished tournaments, of one game if asked."""
    context = selectors.tournament_lists(game=selectors.game_filter(request.GET.get("game")))
    context["games"] = engines()
    return render(request, "tournaments/tournament_list.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def tournament_new(request: HttpRequest, slug: str) -> HttpResponse:
    """Open a tournament of a game."""
    engine = _engine_or_404(slug)
    form = TournamentForm(request.POST or None, engine=engine)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            data = form.cleaned_data
            try:
                tournament = services.tournament_create(
                    user=request.user,
                    name=data["name"],
                    description=data["description"],
                    game=engine.slug,
                    options=form.game_options(),
                    mode=data["mode"],
                    time_control=form.time_control(),
                    format=data["format"],
                    rounds=data["rounds"],
                    table_size=data["table_size"],
                    rated=data["rated"],
                    min_players=data["min_players"],
                    max_players=data["max_players"],
                    min_rating=data["min_rating"],
                    invite_only=data["invite_only"],
                    starts_at=data["starts_at"],
                )
            except LobbyError as error:
                form.add_error(None, error.message)
                status = error.status
            else:
                messages.success(request, _("Your tournament is open for registration."))
                return redirect(tournament)
        else:
            status = 400
    return render(
        request, "tournaments/tournament_new.html", {"form": form, "engine": engine}, status=status
    )


def _detail(
    request: HttpRequest, tournament: Tournament, *, error: str = "", status: int = 200
) -> HttpResponse:
    context = selectors.tournament_page(tournament=tournament, user=request.user)
    token = request.POST.get("invite") or request.GET.get("invite") or ""
    context.update(
        engine=get_engine(tournament.game),
        error=error,
        invite=token if token == tournament.invite_token else "",
    )
    if request.user.is_authenticated and request.user.id == tournament.created_by_id:
        context["invite_url"] = request.build_absolute_uri(
            reverse("tournaments:detail", args=[tournament.code])
            + f"?invite={tournament.invite_token}"
        )
    return render(request, "tournaments/tournament_detail.html", context, status=status)


@require_GET
def tournament_detail(request: HttpRequest, code: str) -> HttpResponse:
    """Show a tournament: entrants, standings or bracket, rounds with their tables."""
    return _detail(request, _tournament_or_404(code))


def _post(service: Any, done: str) -> Any:
    @login_required
    @require_POST
    def view(request: HttpRequest, code: str) -> HttpResponse:
        tournament = _tournament_or_404(code)
        kwargs: dict[str, Any] = {"code": tournament.code, "user": request.user}
        if service is services.entry_join:
            kwargs["token"] = request.POST.get("invite", "")
        try:
            service(**kwargs)
        except LobbyError as error:
            tournament.refresh_from_db()
            return _detail(request, tournament, error=error.message, status=error.status)
        messages.success(request, _(done))
        return redirect(tournament)

    view.__name__ = service.__name__
    return view


tournament_join = _post(services.entry_join, gettext_noop("You are registered."))
tournament_leave = _post(services.entry_leave, gettext_noop("You left the tournament."))
