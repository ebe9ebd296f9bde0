"""Tournament URLs: the list, a new tournament, a tournament and its POST endpoints."""

from __future__ import annotations

from django.urls import path

from tournaments import views

app_name = "tournaments"

urlpatterns = [
    path("", views.tournament_list, name="list"),
    path("new/<slug:slug>/", views.tournament_new, name="new"),
    path("<uuid:code>/", views.tournament_detail, name="detail"),
    path("<uuid:code>/join", views.tournament_join, name="join"),
    path("<uuid:code>/leave", views.tournament_leave, name="leave"),
]
