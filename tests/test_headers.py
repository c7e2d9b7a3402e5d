"""The headers every answer carries: `Cache-Control: private, no-store` on what a director sees,
on the CSVs and PDFs and on the captain's pages (config/middleware.py); a Content-Security-
Policy with nothing inline on every page (django-csp, CONTENT_SECURITY_POLICY in settings)."""

import pytest
from django.test import Client
from django.urls import reverse

from tournaments.models import TableCard

pytestmark = pytest.mark.django_db

NO_STORE = "private, no-store"


@pytest.fixture
def card(club) -> TableCard:
    return TableCard.objects.ensure(club, 1)[0]


@pytest.fixture
def admin_client(django_user_model):
    client = Client()
    client.force_login(django_user_model.objects.create_superuser("sam", password="sam-pass-1"))
    return client


def director_answers(event, club) -> dict[str, str]:
    return {
        "home": reverse("tournaments:home"),
        "club page": reverse("clubs:club-detail", args=[club.slug]),
        "event page": reverse("tournaments:event-detail", args=[event.pk]),
        "standings CSV": reverse("tournaments:standings-csv", args=[event.pk]),
        "table cards PDF": reverse("tournaments:printout-table-cards", args=[club.slug]),
        "a public page, seen logged in": reverse("public:club", args=[club.slug]),
    }


def test_what_a_director_sees_is_kept_out_of_every_cache(director_client, event, club):
    answers = {
        what: director_client.get(url) for what, url in director_answers(event, club).items()
    }
    for what, response in answers.items():
        assert response.status_code == 200, what
        assert response["Cache-Control"] == NO_STORE, what
    assert answers["standings CSV"]["Content-Type"].startswith("text/csv")
    assert answers["table cards PDF"]["Content-Type"] == "application/pdf"


def test_a_captains_pages_are_kept_out_of_caches_and_the_players_pages_are_not(
    client, card, club, event
):
    # The table's secret is in the address: no shared cache may keep the page under it.
    for url in (
        reverse("tournaments:captain-table", args=[card.token]),
        reverse("tournaments:captain-code"),
    ):
        response = client.get(url)
        assert response.status_code == 200, url
        assert response["Cache-Control"] == NO_STORE, url
    # What every player may see stays cacheable.
    for url in (reverse("public:club", args=[club.slug]), reverse("tournaments:rules")):
        response = client.get(url)
        assert response.status_code == 200, url
        assert "no-store" not in response.get("Cache-Control", ""), url


def test_the_admin_is_kept_out_of_every_cache(admin_client):
    response = admin_client.get(reverse("admin:index"))
    assert response.status_code == 200
    assert response["Cache-Control"] == NO_STORE


def directives(response) -> dict[str, str]:
    header = response["Content-Security-Policy"]
    pairs = (part.strip().split(" ", 1) for part in header.split(";") if part.strip())
    return dict(pairs)


def assert_strict_policy(response, what: str) -> None:
    assert "Content-Security-Policy" in response, f"{what}: no Content-Security-Policy"
    policy = directives(response)
    assert policy["default-src"] == "'self'", what
    assert policy["script-src"] == "'self'", what
    assert policy["style-src"] == "'self'", what
    assert policy["object-src"] == "'none'", what
    assert policy["base-uri"] == "'none'", what
    assert policy["form-action"] == "'self'", what
    assert policy["frame-ancestors"] == "'none'", what
    assert "unsafe" not in response["Content-Security-Policy"], what


def test_every_kind_of_page_carries_the_policy(client, director, event, club, card, admin_client):
    anonymous = {
        "home": reverse("tournaments:home"),
        "rules": reverse("tournaments:rules"),
        "players' club page": reverse("public:club", args=[club.slug]),
        "players' event page": reverse("public:event", args=[club.slug, event.pk]),
        "projector": reverse("public:projector", args=[club.slug, event.pk]),
        "captain's code page": reverse("tournaments:captain-code"),
        "captain's table page": reverse("tournaments:captain-table", args=[card.token]),
        "login": reverse("login"),
        "password reset": reverse("password_reset"),
        "admin login": reverse("admin:login"),
        "not found": "/no-such-page/",
    }
    for what, url in anonymous.items():
        assert_strict_policy(client.get(url), what)

    client.force_login(director)
    for what, url in director_answers(event, club).items():
        assert_strict_policy(client.get(url), what)

    assert_strict_policy(admin_client.get(reverse("admin:index")), "admin")
    assert_strict_policy(admin_client.get("/admin/auth/user/"), "admin list")
