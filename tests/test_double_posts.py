"""Issue 23, item 6: the same form posted several times at the same moment (a double click, two
directors, a resend), through the views in real threads against the configured database (the
suite runs on SQLite, then on PostgreSQL). Each answers in words, never a 500, and nothing is
made twice."""

import re

import pytest
from conftest import at_once
from django.test import Client
from django.urls import reverse

from clubs.models import Club, ClubDirector
from tournaments.models import Entry, Event

pytestmark = pytest.mark.django_db(transaction=True)

TAKEN = "Another club already uses “cedar-lodge”: pick another web address."
EVENT = {
    "name": "Tuesday night",
    "date": "2026-12-01",
    "format": "progressive",
    "rules_preset": "hoyle-2001",
    "rounds_planned": 2,
    "round_end": "hands",
    "hands_per_round": 8,
}


def logged_in(user) -> Client:
    client = Client(raise_request_exception=False)
    client.force_login(user)
    return client


def posting(client: Client, url: str, data: dict):
    def job():
        response = client.post(url, data)
        return response.status_code, response.content.decode(), response.get("Location", "")

    return job


def test_a_club_address_posted_several_times_at_once_is_set_up_once(django_user_model):
    users = [
        django_user_model.objects.create_user(f"nell{n}", password="nell-pass-123")
        for n in range(6)
    ]
    data = {"name": "Cedar Lodge", "slug": "cedar-lodge", "rules_preset": "laws-of-euchre"}
    data |= {"game_points": "10", "paper_size": "a4"}
    url = reverse("clubs:club-create")
    results = at_once([posting(logged_in(user), url, data) for user in users])
    statuses = sorted(status for status, _, _ in results)
    assert statuses == [200] * 5 + [302], results
    for status, html, _ in results:
        if status == 200:
            assert TAKEN in html, re.findall(
                r'(?s)class="(?:refusal|errorlist)[^>]*>(.{0,200})', html
            )
    club = Club.objects.get()
    assert ClubDirector.objects.get().club == club


def test_a_club_refused_at_the_last_moment_can_be_sent_again_with_another_address(
    client, django_user_model
):
    """The form's own check passes, the save finds the address taken (as when another post
    took it in between): the answer is the form with its words, and the next post works."""
    client.force_login(django_user_model.objects.create_user("nell", password="nell-pass-123"))
    from clubs import services
    from clubs.forms import ClubCreateForm

    data = {"name": "Cedar Lodge", "slug": "cedar-lodge", "rules_preset": "laws-of-euchre"}
    data |= {"game_points": "10", "paper_size": "a4"}
    form = ClubCreateForm(data)
    assert form.is_valid()
    Club.objects.create(name="Cedar Lodge", slug="cedar-lodge")
    with pytest.raises(Exception, match="cedar-lodge"):
        services.club_create(form=form, user=django_user_model.objects.get())
    assert form.instance.pk is None
    assert Club.objects.count() == 1


def test_players_added_from_several_pages_at_once_are_entered_once(director, event, players):
    url = reverse("tournaments:entries-add", args=[event.pk])
    data = {"players": [p.pk for p in players]}
    results = at_once([posting(logged_in(director), url, data) for _ in range(4)])
    assert 302 in {status for status, _, _ in results}
    for status, html, _ in results:
        # A post that reads the entries after another's are saved: the form says who.
        assert status == 302 or (status == 200 and "who can still be added" in html), results
    assert Entry.objects.filter(event=event).count() == len(players)


def test_a_new_event_posted_twice_at_once_is_made_once(director_client, director, club):
    url = reverse("tournaments:event-create", args=[club.slug])
    html = director_client.get(url).content.decode()
    token = re.search(r'name="form_token" value="([^"]+)"', html)[1]
    results = at_once([posting(logged_in(director), url, EVENT | {"form_token": token})] * 3)
    assert [status for status, _, _ in results] == [302] * 3, results
    event = Event.objects.get()
    assert {where for _, _, where in results} == {
        reverse("tournaments:event-detail", args=[event.pk])
    }


def test_the_same_new_event_form_sent_again_says_so(director_client, club):
    url = reverse("tournaments:event-create", args=[club.slug])
    html = director_client.get(url).content.decode()
    token = re.search(r'name="form_token" value="([^"]+)"', html)[1]
    first = director_client.post(url, EVENT | {"form_token": token}, follow=True)
    assert "Tuesday night created" in first.content.decode()
    again = director_client.post(url, EVENT | {"form_token": token}, follow=True)
    assert "This form was sent twice: Tuesday night was created once" in again.content.decode()
    assert Event.objects.count() == 1
    # A fresh form is a new event, even with the same name and date: a second flight, say.
    token = re.search(
        r'name="form_token" value="([^"]+)"', director_client.get(url).content.decode()
    )[1]
    director_client.post(url, EVENT | {"form_token": token})
    assert Event.objects.count() == 2


def test_an_events_edit_form_carries_no_token(director_client, event):
    html = director_client.get(reverse("tournaments:event-edit", args=[event.pk])).content
    assert b"form_token" not in html
