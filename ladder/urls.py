"""Ladder URLs: the list of ladders and one leaderboard per game."""

from __future__ import annotations

from django.urls import path

from ladder import views

app_name = "ladder"

urlpatterns = [
    path("", views.ladder_list, name="list"),
    path("<slug:slug>/", views.ladder_detail, name="detail"),
    path("<slug:slug>/statistics/", views.game_stats, name="game-stats"),
    path("players/<str:username>/", views.player_stats, name="player-stats"),
]
