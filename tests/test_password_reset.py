"""Password reset mails a link, so it is offered only where a mail can arrive: with a mail server
(EMAIL_HOST), or in development, where the page says the mail was printed in the terminal.
Elsewhere no page may say a mail was sent; the login page says to ask the site's admin
(config/accounts.py)."""

import os
import re
import subprocess
import sys

import pytest
from django.conf import settings as django_settings
from django.core import mail
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db


@pytest.fixture
def dora(director):
    director.email = "dora@example.org"
    director.save()
    return director


@pytest.fixture
def mail_server(settings):
    settings.EMAIL_HOST = "mail.example.org"
    settings.PASSWORD_RESET_BY_MAIL = True


def test_without_a_mail_server_the_login_page_says_to_ask_the_admin(client):
    page = client.get(reverse("login")).content.decode()
    assert "Ask the site's admin to set a new one" in page
    assert reverse("password_reset") not in page


def test_without_a_mail_server_no_reset_page_claims_a_mail(client, dora):
    asked = client.post(reverse("password_reset"), {"email": "dora@example.org"}, follow=True)
    done = client.get(reverse("password_reset_done"))

    assert mail.outbox == []
    for response in (asked, done):
        page = response.content.decode()
        assert response.status_code == 404
        assert "This site has no mail server set up, so it cannot mail a reset link." in page
        assert "Ask the site's admin to set a new password" in page
        assert "Check your mail" not in page


def test_with_a_mail_server_a_director_sets_a_new_password_from_the_mail(mail_server, dora):
    client = Client()
    assert reverse("password_reset") in client.get(reverse("login")).content.decode()

    response = client.post(reverse("password_reset"), {"email": "dora@example.org"}, follow=True)

    assert "a mail with a link to set a new password is on its" in response.content.decode()
    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == ["dora@example.org"]
    link = re.search(r"http://testserver(/accounts/reset/\S+/)", mail.outbox[0].body).group(1)
    form = client.get(link, follow=True)
    assert "Set a new password" in form.content.decode()
    done = client.post(
        form.redirect_chain[-1][0],
        {"new_password1": "a-new-pass-for-tuesdays", "new_password2": "a-new-pass-for-tuesdays"},
        follow=True,
    )
    assert "Password set" in done.content.decode()
    logged = client.post(
        reverse("login"), {"username": "dora", "password": "a-new-pass-for-tuesdays"}
    )
    assert logged.status_code == 302


def test_in_development_the_page_says_the_mail_was_printed(settings, dora):
    settings.PASSWORD_RESET_BY_MAIL = True  # DEBUG on, no EMAIL_HOST
    response = Client().post(reverse("password_reset"), {"email": "dora@example.org"}, follow=True)
    page = response.content.decode()
    assert "the mail with the link was printed in the server's terminal" in page
    assert "on its way" not in page and "Check your mail" not in page


def _settings_with(**env: str) -> subprocess.CompletedProcess:
    clean = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("EMAIL_", "DEFAULT_FROM")) and k != "DEBUG"
    }
    code = (
        "from django.conf import settings as s; "
        "print(s.EMAIL_BACKEND, s.EMAIL_PORT, s.EMAIL_USE_TLS, s.PASSWORD_RESET_BY_MAIL)"
    )
    return subprocess.run(
        [sys.executable, "manage.py", "shell", "-v", "0", "-c", code],
        cwd=django_settings.BASE_DIR,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_mail_settings_come_from_the_environment():
    result = _settings_with(EMAIL_HOST="mail.example.org", DEFAULT_FROM_EMAIL="euchre@example.org")
    assert result.stdout.split() == [
        "django.core.mail.backends.smtp.EmailBackend",
        "587",
        "True",
        "True",
    ], result.stderr
    without = _settings_with()
    assert without.stdout.split()[0] == "django.core.mail.backends.console.EmailBackend"
    assert without.stdout.split()[-1] == "False"


def test_a_mail_server_without_a_sender_is_refused():
    result = _settings_with(EMAIL_HOST="mail.example.org")
    assert result.returncode != 0
    assert "DEFAULT_FROM_EMAIL is not: set the address mails come from" in result.stderr
