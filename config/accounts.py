"""The directors' account pages under /accounts/: Django's own views, with password reset only
where a mail can arrive (settings.PASSWORD_RESET_BY_MAIL). Elsewhere the reset pages, and the
login page, say to ask the site's admin, rather than claim a mail was sent that never will be."""

import functools

from django.conf import settings
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm
from django.core.validators import MaxLengthValidator
from django.shortcuts import render
from django.urls import path


class UsernameWithinLength:
    """Refuses a username longer than the User model's column before the password is checked.
    Django's form only sets the field's maxlength attribute, which a browser obeys but a post
    need not; past 255 characters, django-axes then failed to record the wrong password
    (a 500 on PostgreSQL, whose column refuses it). The form's clean() skips authenticate(),
    and so axes, when the username field has an error."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        most = self.fields["username"].max_length
        self.fields["username"].validators.append(
            MaxLengthValidator(
                most,
                message=(
                    f"A username has at most {most} characters; this one has "
                    "%(show_value)d. Check what was typed."
                ),
            )
        )


class LoginForm(UsernameWithinLength, AuthenticationForm):
    pass


class AdminLoginForm(UsernameWithinLength, AdminAuthenticationForm):
    pass


class Login(auth_views.LoginView):
    authentication_form = LoginForm

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
