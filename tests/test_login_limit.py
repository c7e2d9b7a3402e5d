"""Wrong passwords: ten for one account from one address lock that account from that address
for 15 minutes, on the directors' login and the admin's alike (django-axes, config/lockout.py).
The attempts are rows in the database; moving their time back stands in for waiting."""

import datetime

import pytest
from axes.models import AccessAttempt
from django.test import Client
from django.urls import reverse

from tournaments.models import CodeGuessCount, TableCard

pytestmark = pytest.mark.django_db

HERE = "198.51.100.7"
ELSEWHERE = "198.51.100.99"
LOCKED = "Login locked for 15 minutes"
WRONG = "Please enter a correct username and password"


def log_in(client: Client, username: str, password: str, url: str = ""):
    return client.post(url or reverse("login"), {"username": username, "password": password})


def guess_ten_times(client: Client, username: str = "dora", url: str = ""):
    """Nine wrong passwords are refused as wrong; the tenth is checked too, and its answer is
    already the locked page."""
    for n in range(9):
        response = log_in(client, username, f"guess-{n}", url)
        assert response.status_code == 200, f"wrong password {n + 1} was not simply refused"
        assert WRONG in response.content.decode()
    response = log_in(client, username, "guess-9", url)
    assert response.status_code == 429
    assert LOCKED in response.content.decode()


def logged_in(client: Client) -> bool:
    return "_auth_user_id" in client.session


def back_in_time(**delta) -> None:
    """As if the attempts were made that long ago."""
    for attempt in AccessAttempt.objects.all():
        attempt.attempt_time -= datetime.timedelta(**delta)
        attempt.save()


def test_the_eleventh_try_is_refused_with_the_locked_page(director):
    client = Client(REMOTE_ADDR=HERE)
    guess_ten_times(client)

    response = log_in(client, "dora", "guess-10")

    page = response.content.decode()
    assert response.status_code == 429
    assert LOCKED in page
    assert "this account cannot log in from this address for the next 15 minutes" in page
    assert "Ask the site's admin" in page
    assert '<header class="site">' in page  # the app's own page, not a bare line of text
    assert response["Retry-After"] == "900"


def test_the_right_password_is_refused_while_locked(director):
    client = Client(REMOTE_ADDR=HERE)
    guess_ten_times(client)

    response = log_in(client, "dora", "dora-pass-123")

    assert response.status_code == 429
    assert LOCKED in response.content.decode()
    assert not logged_in(client)


def test_the_same_account_from_another_address_still_logs_in(director):
    guess_ten_times(Client(REMOTE_ADDR=HERE))

    director_elsewhere = Client(REMOTE_ADDR=ELSEWHERE)
    response = log_in(director_elsewhere, "dora", "dora-pass-123")

    assert response.status_code == 302
    assert logged_in(director_elsewhere)


def test_another_account_from_the_same_address_still_logs_in(director, other_director):
    guess_ten_times(Client(REMOTE_ADDR=HERE))

    otto = Client(REMOTE_ADDR=HERE)
    response = log_in(otto, "otto", "otto-pass-123")

    assert response.status_code == 302
    assert logged_in(otto)


def test_the_admin_login_is_locked_too_and_shares_the_count(django_user_model):
    django_user_model.objects.create_superuser("sam", password="sam-pass-123")
    client = Client(REMOTE_ADDR=HERE)
    admin_login = reverse("admin:login")
    for n in range(9):
        assert log_in(client, "sam", f"guess-{n}", admin_login).status_code == 200
    # The tenth, on the directors' page, locks the admin's too.
    assert log_in(client, "sam", "guess-9").status_code == 429

    response = log_in(client, "sam", "sam-pass-123", admin_login)

    assert response.status_code == 429
    assert LOCKED in response.content.decode()
    assert not logged_in(client)


def test_the_lock_lifts_after_15_minutes(director):
    client = Client(REMOTE_ADDR=HERE)
    guess_ten_times(client)
    back_in_time(minutes=14)
    assert log_in(client, "dora", "dora-pass-123").status_code == 429

    # That try started the 15 minutes over: 14 more are not enough, 15 are.
    back_in_time(minutes=14)
    assert log_in(client, "dora", "dora-pass-123").status_code == 429
    back_in_time(minutes=15, seconds=1)
    response = log_in(client, "dora", "dora-pass-123")

    assert response.status_code == 302
    assert logged_in(client)


def test_a_right_password_clears_the_count(director):
    client = Client(REMOTE_ADDR=HERE)
    for n in range(9):
        log_in(client, "dora", f"guess-{n}")
    assert log_in(client, "dora", "dora-pass-123").status_code == 302
    client.post(reverse("logout"))

    for n in range(9):
        assert log_in(client, "dora", f"again-{n}").status_code == 200
    assert log_in(client, "dora", "dora-pass-123").status_code == 302
    client.post(reverse("logout"))
    # Counted afresh from there: ten wrong in a row still lock.
    guess_ten_times(client)


def test_an_ipv6_host_counts_as_its_whole_64(director):
    # One host is given a /64: hopping between its addresses must not earn new guesses.
    for n in range(10):
        log_in(Client(REMOTE_ADDR=f"2001:db8:0:7::{n + 1:x}"), "dora", f"guess-{n}")

    response = log_in(Client(REMOTE_ADDR="2001:db8:0:7::beef"), "dora", "dora-pass-123")
    assert response.status_code == 429
    other_64 = log_in(Client(REMOTE_ADDR="2001:db8:0:8::1"), "dora", "dora-pass-123")
    assert other_64.status_code == 302


PROXY = "10.0.0.2"


def behind_the_proxy(client_address: str, forged: str = "") -> Client:
    """A client reaching the app through the proxy, which appends the address it saw."""
    forwarded = f"{forged}, {client_address}" if forged else client_address
    return Client(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=forwarded)


def test_behind_a_proxy_the_client_is_counted_as_the_table_codes_count_it(settings, club, director):
    settings.BEHIND_PROXY = True
    # A forged first entry changes nothing: the address counted is the one the proxy saw.
    for n in range(10):
        log_in(behind_the_proxy(HERE, forged=f"192.0.2.{n}"), "dora", f"guess-{n}")

    assert log_in(behind_the_proxy(HERE), "dora", "dora-pass-123").status_code == 429
    assert log_in(behind_the_proxy(ELSEWHERE), "dora", "dora-pass-123").status_code == 302
    assert set(AccessAttempt.objects.values_list("ip_address", flat=True)) == {HERE}

    # The table-code limit counts the same client as the same address.
    TableCard.objects.ensure(club, 1)
    behind_the_proxy(HERE, forged="192.0.2.200").post(
        reverse("tournaments:captain-code"), {"code": "ZZZZZZ"}
    )
    assert HERE in CodeGuessCount.objects.filter(kind="address").values_list("key", flat=True)


def test_a_forwarded_address_that_is_no_address_is_refused_plainly(settings, director):
    # Misconfigured, with no proxy in front: the header is whatever the client sends. It must
    # not crash the login (PostgreSQL's inet column refuses it) and still counts the account.
    settings.BEHIND_PROXY = True
    for n in range(9):
        client = Client(HTTP_X_FORWARDED_FOR=f"not an address {n}")
        assert log_in(client, "dora", f"guess-{n}").status_code == 200

    response = log_in(Client(HTTP_X_FORWARDED_FOR="still not one"), "dora", "guess-9")
    assert response.status_code == 429
    assert LOCKED in response.content.decode()


@pytest.mark.parametrize("url", ["/accounts/login/", "/admin/login/"])
@pytest.mark.parametrize("length", [151, 256, 5000])
def test_an_overlong_username_is_refused_in_words_before_it_is_recorded(client, url, length):
    # Issue 23, item 5: on PostgreSQL, axes' username column (255) refused it with a 500.
    response = log_in(client, "u" * length, "guess", url)
    assert response.status_code == 200
    assert f"A username has at most 150 characters; this one has {length}." in (
        response.content.decode()
    )
    assert not AccessAttempt.objects.exists()


def test_a_username_of_the_longest_length_is_still_checked(client, django_user_model):
    django_user_model.objects.create_user("u" * 150, password="right-pass-123")
    assert log_in(client, "u" * 150, "right-pass-123").status_code == 302
    assert WRONG in log_in(Client(), "u" * 150, "wrong").content.decode()
    assert AccessAttempt.objects.get().username == "u" * 150
