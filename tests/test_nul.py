"""A NUL character anywhere a client can put one (issue 39, found by attack, item 4): PostgreSQL
refuses text holding one, so `GET /c/<club>/?player=%00` was a 500 there (SQLite answered
200). Every parameter and form field with a NUL is now a 400 in words, on every address, before
any view reads it; run on both databases (bin/with-postgres)."""

import pytest
from django.urls import reverse

from tournaments.models import Event

REFUSAL = "held a NUL character"


@pytest.fixture
def public_club(club):
    club.results_public = True
    club.save()
    return club


def gets(club, event):
    return [
        (reverse("public:club", args=[club.slug]), {"player": "\x00"}),
        (reverse("public:club", args=[club.slug]), {"player": "ma\x00ry"}),
        (reverse("public:event", args=[club.slug, event.pk]), {"name": "\x00"}),
        (reverse("public:projector", args=[club.slug, event.pk]), {"seconds": "1\x00"}),
        (reverse("seasons:season", args=[club.slug]), {"year": "\x00"}),
        (reverse("tournaments:event-detail", args=[event.pk]), {"find": "ma\x00ry"}),
        (reverse("tournaments:standings", args=[event.pk]), {"sort": "\x00name"}),
        (reverse("tournaments:captain-code"), {"code": "\x00"}),
        (reverse("tournaments:home"), {"\x00": "1"}),  # in a parameter's name
    ]


@pytest.mark.django_db
def test_a_nul_in_any_query_parameter_is_a_400_in_words(director_client, public_club, event):
    for path, query in gets(public_club, event):
        response = director_client.get(path, query)
        assert response.status_code == 400, (path, query, response.status_code)
        assert REFUSAL in response.content.decode(), path


@pytest.mark.django_db
def test_a_nul_in_any_form_field_is_a_400_and_nothing_is_saved(director_client, club, event):
    posts = [
        (reverse("tournaments:event-create", args=[club.slug]), {"name": "Tues\x00day"}),
        (reverse("tournaments:event-edit", args=[event.pk]), {"name": "\x00"}),
        (reverse("clubs:player-add", args=[club.slug]), {"name": "Mary\x00 O'Brien"}),
        (reverse("clubs:club-settings", args=[club.slug]), {"name": "Maple\x00"}),
        (reverse("tournaments:entries-add", args=[event.pk]), {"players": "1", "find": "\x00"}),
        (reverse("tournaments:captain-code"), {"code": "AB\x00CD"}),
    ]
    for path, data in posts:
        response = director_client.post(path, data)
        assert response.status_code == 400, (path, data, response.status_code)
        assert REFUSAL in response.content.decode(), path
    assert list(Event.objects.values_list("name", flat=True)) == [event.name]
    assert not club.players.exists()


@pytest.mark.django_db
def test_a_nul_in_the_login_form_is_refused_too(client, director):
    response = client.post(reverse("login"), {"username": "dora\x00", "password": "x"})
    assert response.status_code == 400
    assert REFUSAL in response.content.decode()


@pytest.mark.django_db
def test_a_nul_in_the_browsers_name_at_a_failed_login_is_refused(client, director):
    # django-axes stores the browser's name with each failed login.
    response = client.post(
        reverse("login"), {"username": "dora", "password": "wrong"}, HTTP_USER_AGENT="x\x00y"
    )
    assert response.status_code == 400
    assert REFUSAL in response.content.decode()


@pytest.mark.django_db
def test_a_session_cookie_with_a_nul_is_no_session(client, public_club):
    client.cookies["sessionid"] = "abcdefgh\x00ijkl"
    response = client.get(reverse("public:club", args=[public_club.slug]))
    assert response.status_code == 200
    assert response.cookies["sessionid"].value == ""  # the browser is told to forget it


@pytest.mark.django_db
@pytest.mark.parametrize(
    "path", ["/mail/confirm/%00/", "/signup/a%00b/", "/directors/invite/%00/", "/t/%00/"]
)
def test_a_nul_in_the_addresss_path_is_a_400_in_words(client, path):
    """A token route looked the path's text up in the database: a 500 on PostgreSQL (found by
    the fuzz), whether got or posted."""
    for response in (client.get(path), client.post(path)):
        assert response.status_code == 400, (path, response.status_code)
        assert REFUSAL in response.content.decode(), path
