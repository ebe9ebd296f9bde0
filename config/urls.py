"""Site URLs."""

from __future__ import annotations

from django.contrib import admin
from django.urls import include, path

from accounts import views as account_views
from lobby import views as lobby_views

urlpatterns = [
    path("", lobby_views.home, name="home"),
    path("healthz", lobby_views.healthz, name="healthz"),
    path("ping", lobby_views.ping, name="ping"),
    path("admin/", admin.site.urls),
    path("accounts/", include("accounts.urls")),
    # Django's set_language, which also remembers a player's choice.
    path("i18n/setlang/", account_views.language_set, name="set_language"),
    path("ladder/", include("ladder.urls")),
    path("", include("lobby.urls")),
]
