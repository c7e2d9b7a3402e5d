"""The card's state address (`t/<token>/state/`): what an open captain's page asks every few
seconds to learn that the director called time, closed the round, corrected a hand, or that an
opponent confirmed on another phone (static/captain.js compares it with the page's data-state).
Cheap (two queries, no template), and as closed as the card's own page: an unknown or reissued
card is a 404, and another table's address tells nothing of that table. Without JavaScript the
next page asked for shows the change."""

import json
import re
from html import unescape

import pytest
from conftest import close_round
from test_captain import hand_post, play_round, url

from tournaments import services
from tournaments.models import Event, Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def round_one(event, players):
    services.entries_add(event=event, players=players[:8])
    return services.round_seat(event=event, seed=1)


@pytest.fixture
def table(round_one) -> Table:
    return round_one.tables.get(number=1)


def page_state(client, table: Table) -> str:
    html = client.get(url("table", table)).content.decode()
    found = re.search(r'data-state="([^"]*)" data-state-url="([^"]*)"', html)
    assert found, "the page carries no state"
    assert unescape(found.group(2)) == url("state", table)
    return found.group(1)


def asked(client, table: Table, address: str | None = None) -> dict:
    response = client.get(address or url("state", table))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert "no-cache" in response["Cache-Control"] or "no-store" in response["Cache-Control"]
    return json.loads(response.content)


def test_the_state_is_the_pages_own_until_someone_changes_the_table(
    client, table, django_assert_max_num_queries
):
    shown = page_state(client, table)
    address = url("state", table)
    with django_assert_max_num_queries(2):  # the card's table in play, its hands
        answer = asked(client, table, address)
    assert answer == {"state": shown, "table": table.pk}
    assert asked(client, table)["state"] == shown  # nothing changed, nothing to bring in


def test_time_called_changes_the_state(client, table, round_one):
    shown = page_state(client, table)
    services.round_call_time(round=round_one)
    answer = asked(client, table)
    assert answer["table"] == table.pk and answer["state"] != shown
    assert answer["state"] == page_state(client, table)


def test_a_hand_from_another_phone_or_the_director_changes_the_state(client, table, director):
    shown = page_state(client, table)
    client.post(url("hand", table), hand_post(1, maker="N", tricks=3))  # another phone
    entered = asked(client, table)["state"]
    assert entered != shown
    hand = table.hands.get(number=1)
    services.hand_correct(
        hand=hand, data={"maker": "N", "tricks": 5}, reason="North took all five", user=director
    )
    corrected = asked(client, table)["state"]
    assert corrected not in (shown, entered)
    assert corrected == page_state(client, table)


def test_an_opponent_confirming_changes_the_state(client, table):
    play_round(client, table)
    shown = page_state(client, table)
    opponent = table.seats.get(position="E").player
    services.table_confirm(
        table=table,
        player=opponent,
        seen=services.table_fingerprint(table.hands.order_by("number")),
    )
    answer = asked(client, table)
    assert answer["table"] == table.pk and answer["state"] != shown


def test_a_closed_round_opens_no_table_then_the_next_rounds(client, table, round_one, event):
    page_state(client, table)
    close_round(round_one, reason="The hall closes")
    assert asked(client, table) == {"state": "", "table": None}
    following = services.round_seat(event=event, seed=2).tables.get(number=1)
    # The old page asks with its own table: the card now opens the next round's.
    assert asked(client, table) == {
        "state": page_state(client, following),
        "table": following.pk,
    }


def test_an_unknown_or_reissued_card_is_not_found(client, table, club):
    address = url("state", table)
    assert client.get(address.replace(table.card().token, "x" * 24)).status_code == 404
    services.table_cards_reissue(club=club)
    assert client.get(address).status_code == 404


def test_only_asked_for(client, table):
    assert client.post(url("state", table)).status_code == 405


def test_another_clubs_table_tells_nothing_of_it(client, table, other_club):
    rival_event = Event.objects.create(
        club=other_club, name="Riverside night", date=table.round.event.date, rounds_planned=2
    )
    from clubs.models import Player

    rivals = [Player.objects.create(club=other_club, name=f"Rival {n}") for n in range(8)]
    services.entries_add(event=rival_event, players=rivals)
    rival = services.round_seat(event=rival_event, seed=1).tables.get(number=1)
    # This card's address naming the rival's table: this card's own table, nothing else.
    mine = url("state", table).split("?")[0]
    assert asked(client, table, f"{mine}?table={rival.pk}") == asked(client, table)
    # The rival's card naming this club's table: the rival's own.
    theirs = url("state", rival).split("?")[0]
    answer = asked(client, rival, f"{theirs}?table={table.pk}")
    assert answer == {"state": page_state(client, rival), "table": rival.pk}
    services.round_close(round=rival.round, reason="Done", unconfirmed_ok={1, 2})
    assert asked(client, rival, f"{theirs}?table={table.pk}") == {"state": "", "table": None}


def test_without_javascript_the_check_after_time_is_called_says_so(client, table, round_one):
    client.post(url("hand", table), hand_post(1, maker="N", tricks=3))
    page_state(client, table)  # the page open before time was called
    services.round_call_time(round=round_one)
    check = client.post(url("hand", table), hand_post(2, "check", maker="E", tricks=3))
    html = check.content.decode()
    assert 'id="check"' in html
    assert "Time is called: finish the hand in play." in html
    assert "it is this table&#39;s last hand" in html or "it is this table's last hand" in html
