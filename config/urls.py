"""Site URLs."""

from __future__ import annotations

from django.contrib import admin
from django.urls import include, path

from accounts import views as account_views
from lobby import views as lobby_views
from lobby.metrics_view import metrics_view

# No navigation sidebar in the admin: beside the list filters it left a 1280 px screen
# about 630 px for the list itself. The breadcrumbs and the index lead everywhere.
admin.site.enable_nav_sidebar = False

urlpatterns = [
    path("", lobby_views.home, name="home"),
    path("healthz", lobby_views.healthz, name="healthz"),
    path("ping", lobby_views.ping, name="ping"),
    path("metrics", metrics_view, name="metrics"),
    path("admin/", admin.site.urls),
    path("accounts/", include("accounts.urls")),
    # Django's set_language, which also remembers a player's choice.
    path("i18n/setlang/", account_views.language_set, name="set_language"),
    path("ladder/", include("ladder.urls")),
    path("tournaments/", include("tournaments.urls")),
    path("", include("lobby.urls")),
]

# Our 404 page shows a view's own explanation (config.errors); 400, 403 and 500 are
# Django's handlers rendering our templates.
handler404 = "config.errors.page_not_found"
