"""The club's table cards made at the same moment by two requests: two directors printing the
set, or a printout while a round is seated (which makes its tables' missing cards). Each
made the cards it found missing, and the second to make card N was refused by the one card
per table number (a 500): both failed so, on SQLite and on PostgreSQL. Real threads, each on
its own connection, against the configured database (the suite runs on SQLite, then on
PostgreSQL)."""

import pytest
from conftest import at_once
from django.test import Client
from django.urls import reverse
from test_bracket_races import first_held_open_then_second

from tournaments import services
from tournaments.models import Round, TableCard

pytestmark = pytest.mark.django_db(transaction=True)

PRINTOUTS = 4


def printing(director, club, tables: int):
    browser = Client(raise_request_exception=False)
    browser.force_login(director)  # before the threads: logging in writes the session
    url = reverse("tournaments:printout-table-cards", args=[club.slug]) + f"?tables={tables}"

    def job():
        response = browser.get(url)
        return response.status_code, response["Content-Type"]

    return job


def cards_of(club) -> list[int]:
    return list(
        TableCard.objects.filter(club=club).order_by("number").values_list("number", flat=True)
    )


def test_directors_printing_the_cards_at_once_each_get_them_and_each_card_is_made_once(
    club, director
):
    TableCard.objects.ensure(club, 2)  # the first two printed last season: they stay
    kept = list(
        TableCard.objects.filter(club=club).order_by("number").values_list("code", flat=True)
    )
    results = at_once([printing(director, club, 30) for _ in range(PRINTOUTS)])
    assert results == [(200, "application/pdf")] * PRINTOUTS, results
    assert cards_of(club) == list(range(1, 31))
    assert (
        list(
            TableCard.objects.filter(club=club, number__lte=2)
            .order_by("number")
            .values_list("code", flat=True)
        )
        == kept
    )


def test_a_printout_while_a_round_is_seated_waits_for_its_cards_and_makes_the_rest(
    club, director, event, players
):
    """The seating held open, its cards 1 to 6 made and not yet committed, while a director
    prints 30: the printout found none and made card 1 after it (a 500). It waits for the
    seating's club lock now, then makes 7 to 30."""
    services.entries_add(event=event, players=players)  # 24 players: six tables
    seated, printed = first_held_open_then_second(
        lambda: services.round_seat(event=event, seed=3), printing(director, club, 30)
    )
    assert isinstance(seated, Round), seated
    assert printed == (200, "application/pdf"), printed
    assert cards_of(club) == list(range(1, 31))
