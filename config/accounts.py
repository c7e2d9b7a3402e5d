"""The directors' account pages under /accounts/: Django's own views, with password reset only
where a mail can arrive (settings.PASSWORD_RESET_BY_MAIL). Elsewhere the reset pages, and the
login page, say to ask the site's admin, rather than claim a mail was sent that never will be."""

import functools

from django.conf import settings
from django.contrib.auth import views as auth_views
from django.shortcuts import render
from django.urls import path


class Login(auth_views.LoginView):
    def get_context_data(self, **kwargs):
        return super().get_context_data(reset_by_mail=settings.PASSWORD_RESET_BY_MAIL, **kwargs)


class ResetMailSent(auth_views.PasswordResetDoneView):
    def get_context_data(self, **kwargs):
        # Without a mail server (development), the console backend printed the mail.
        return super().get_context_data(printed=not settings.EMAIL_HOST, **kwargs)


def by_mail(view):
    @functools.wraps(view)
    def wrapped(request, *args, **kwargs):
        if not settings.PASSWORD_RESET_BY_MAIL:
            return render(request, "registration/password_reset_off.html", status=404)
        return view(request, *args, **kwargs)

    return wrapped


urlpatterns = [
    path("login/", Login.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("password_change/", auth_views.PasswordChangeView.as_view(), name="password_change"),
    path(
        "password_change/done/",
        auth_views.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
    path(
        "password_reset/",
        by_mail(auth_views.PasswordResetView.as_view()),
        name="password_reset",
    ),
    path("password_reset/done/", by_mail(ResetMailSent.as_view()), name="password_reset_done"),
    path(
        "reset/<uidb64>/<token>/",
        by_mail(auth_views.PasswordResetConfirmView.as_view()),
        name="password_reset_confirm",
    ),
    path(
        "reset/done/",
        by_mail(auth_views.PasswordResetCompleteView.as_view()),
        name="password_reset_complete",
    ),
]
