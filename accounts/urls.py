"""Account URLs: Django's auth views with our templates, plus sign-up and profiles."""

from __future__ import annotations

from django.contrib.auth import views as auth_views
from django.urls import path, reverse_lazy

from accounts import views
from accounts.forms import LoginForm

app_name = "accounts"

urlpatterns = [
    path("signup/", views.signup, name="signup"),
    path(
        "login/",
        auth_views.LoginView.as_view(
            redirect_authenticated_user=True, authentication_form=LoginForm
        ),
        name="login",
    ),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("preferences/", views.preferences, name="preferences"),
    path("preferences/vacation/", views.vacation_book, name="vacation_book"),
    path("preferences/vacation/cancel/", views.vacation_cancel, name="vacation_cancel"),
    path("email/confirm/<str:token>/", views.email_confirm, name="email_confirm"),
    path("notifications/", views.notifications, name="notifications"),
    path("u/<str:username>/", views.profile, name="profile"),
    path("u/<str:username>/avatar/<int:version>/", views.avatar, name="avatar"),
    path("u/<str:username>/relation", views.relationship_set, name="relationship"),
    path("u/<str:username>/report/", views.report, name="report"),
    path(
        "password/change/",
        auth_views.PasswordChangeView.as_view(
            success_url=reverse_lazy("accounts:password_change_done")
        ),
        name="password_change",
    ),
    path(
        "password/change/done/",
        auth_views.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
    path(
        "password/reset/",
        # Queues the mail (accounts/addresses.py names its templates): every address
        # gets its answer after the same work.
        views.PasswordResetView.as_view(success_url=reverse_lazy("accounts:password_reset_done")),
        name="password_reset",
    ),
    path(
        "password/reset/sent/",
        auth_views.PasswordResetDoneView.as_view(),
        name="password_reset_done",
    ),
    path(
        "password/reset/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(
            success_url=reverse_lazy("accounts:password_reset_complete")
        ),
        name="password_reset_confirm",
    ),
    path(
        "password/reset/done/",
        auth_views.PasswordResetCompleteView.as_view(),
        name="password_reset_complete",
    ),
]
