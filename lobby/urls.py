"""Lobby URLs: the catalogue, table lists, a table and its POST endpoints."""

from __future__ import annotations

from django.urls import path

from lobby import views

app_name = "lobby"

urlpatterns = [
    path("games/", views.game_list, name="games"),
    path("games/<slug:slug>/", views.game_detail, name="game"),
    path("games/<slug:slug>/new/", views.table_new, name="table-new"),
    path("games/<slug:slug>/play/", views.game_play_now, name="play-now"),
    path("tables/", views.table_list, name="tables"),
    path("tables/mine/", views.my_games, name="mine"),
    path("t/<uuid:code>/", views.table_detail, name="table"),
    path("t/<uuid:code>/invite/<str:token>/", views.invite, name="invite"),
    path("t/<uuid:code>/join", views.table_join, name="join"),
    path("t/<uuid:code>/leave", views.table_leave, name="leave"),
    path("t/<uuid:code>/start", views.table_start, name="start"),
    path("t/<uuid:code>/bot", views.table_bot, name="bot"),
    path("t/<uuid:code>/concede", views.table_concede, name="concede"),
    path("t/<uuid:code>/move", views.table_move, name="move"),
    path("t/<uuid:code>/replay/", views.table_replay, name="replay"),
    path("t/<uuid:code>/record.json", views.table_record, name="record"),
    path("help/", views.help_page, name="help"),
    path("t/<uuid:code>/chat", views.table_chat, name="chat"),
    path("t/<uuid:code>/invite-friend", views.table_invite_friend, name="invite-friend"),
]
