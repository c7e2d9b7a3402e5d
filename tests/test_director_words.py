"""The small words on the director's pages: a refusal said once, plurals as a person writes
them, and no offer the app would refuse."""

import pytest
from django.urls import reverse

from tournaments.models import Entry


def event_page(client, event) -> str:
    return client.get(reverse("tournaments:event-detail", args=[event.pk])).content.decode()


def test_a_refused_login_says_why_once(client, director):
    response = client.post(reverse("login"), {"username": "dora", "password": "wrong"})

    page = response.content.decode()
    assert response.status_code == 200
    assert page.count("Please enter a correct username and password") == 1
    assert 'role="alert"' in page
    # The fields are still there to try again.
    assert 'name="username"' in page and 'name="password"' in page


@pytest.mark.parametrize(("count", "words"), [(3, "Added 3 players,"), (1, "Added 1 player,")])
def test_adding_players_says_how_many_in_plain_words(director_client, event, players, count, words):
    response = director_client.post(
        reverse("tournaments:entries-add", args=[event.pk]),
        {"players": [p.pk for p in players[:count]]},
        follow=True,
    )

    page = response.content.decode()
    assert f"{words} checked in." in page
    assert "player(s)" not in page


def test_with_nobody_checked_in_the_page_says_what_to_do_instead_of_seating(
    director_client, event, players
):
    for player in players[:6]:
        Entry.objects.create(event=event, player=player, present=False)

    page = event_page(director_client, event)

    assert "Seat round 1" not in page
    assert "0 players" not in page
    assert "No one is checked in." in page
    assert "Tick who is here in the check-in list first" in page


def test_with_no_one_entered_the_page_says_to_add_players(director_client, event, players):
    page = event_page(director_client, event)

    assert "Seat round 1" not in page
    assert "Add the players who are here below" in page


def test_one_player_checked_in_is_one_player_and_no_table(director_client, event, players):
    Entry.objects.create(event=event, player=players[0])
    Entry.objects.create(event=event, player=players[1], present=False)

    page = event_page(director_client, event)

    assert "Only 1 player is checked in: a table needs 4." in page
    assert "1 players" not in page
    assert "Seat round 1" not in page


def test_enough_players_checked_in_are_offered_the_seating(director_client, event, players):
    for player in players[:5]:
        Entry.objects.create(event=event, player=player)

    page = event_page(director_client, event)

    assert "Seat round 1" in page
    assert "with the 5 players checked in; 1 will sit out" in page
