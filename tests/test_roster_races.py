"""The roster posted to at the same moment, through the views in real threads against the
configured database (SQLite, then PostgreSQL): one name typed three ways by three directors
is added once, and two merges of the same two players crossing each other merge once. Each
answers in words, never a 500."""

import pytest
from conftest import at_once
from django.test import Client
from django.urls import reverse

from clubs.models import Player

pytestmark = pytest.mark.django_db(transaction=True)


def logged_in(user) -> Client:
    client = Client(raise_request_exception=False)
    client.force_login(user)
    return client


def posting(client: Client, url: str, data: dict):
    def job():
        response = client.post(url, data, follow=True)
        return response.status_code, response.content.decode()

    return job


def test_one_name_typed_three_ways_at_once_is_added_once(director, club):
    url = reverse("clubs:player-add", args=[club.slug])
    names = ["Mary O'Brien", "Mary O’Brien", "Mary OBrien"] * 2

    results = at_once([posting(logged_in(director), url, {"name": name}) for name in names])

    assert [status for status, _ in results] == [200] * len(names)
    assert club.players.count() == 1
    refused = [page for _, page in results if "is already on the roster" in page]
    assert len(refused) == len(names) - 1


def test_two_merges_of_the_same_players_crossing_merge_once(director, club):
    mary = Player.objects.create(club=club, name="Mary O'Brien")
    twin = Player.objects.create(club=club, name="Mary OBrien")
    jobs = []
    for keep, other in ((mary, twin), (twin, mary)) * 2:
        url = reverse("clubs:player-merge", args=[club.slug, other.pk, keep.pk])
        jobs.append(posting(logged_in(director), url, {"keep": keep.pk}))

    results = at_once(jobs)

    assert all(status in (200, 404) for status, _ in results), [s for s, _ in results]
    assert club.players.count() == 1
    merged = [page for _, page in results if " is merged into " in page]
    assert len(merged) == 1
