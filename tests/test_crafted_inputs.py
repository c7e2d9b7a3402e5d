"""Crafted numbers in addresses and forms are a 404, a refusal or a form error, never a crash
(issue: hardening, item 3). The suite runs on SQLite and on PostgreSQL, where a number too big
for a column fails in different places."""

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.inputs import MAX_ID, db_id, whole_number

HUGE = "1" + "0" * 30
CRAFTED = [HUGE, str(MAX_ID + 1), "²", "-1", "0", "1e3", "٣", " 7"]


@pytest.fixture
def round_one(event, players):
    services.entries_add(event=event, players=players[:8])
    return services.round_seat(event=event, seed=1)


def test_reading_numbers():
    assert whole_number("12") == 12
    assert whole_number("12", high=10) is None
    assert db_id(str(MAX_ID)) == MAX_ID
    for text in [*CRAFTED, None, "", "1.5"]:
        assert db_id(text) is None, text


@pytest.mark.parametrize("player", CRAFTED)
def test_a_crafted_player_confirming_a_table_is_refused(client, round_one, player):
    table = round_one.tables.get(number=1)
    url = reverse("tournaments:captain-confirm", args=[table.card().token]) + f"?table={table.pk}"
    response = client.post(url, {"player": player, "seen": "x"})
    assert response.status_code == 409
    assert "Pick your own name to confirm the result." in response.content.decode()
    table.refresh_from_db()
    assert table.confirmed_at is None


@pytest.mark.parametrize("value", CRAFTED)
def test_crafted_table_and_hand_numbers_in_a_captains_address(client, round_one, value):
    table = round_one.tables.get(number=1)
    services.hand_record(table=table, number=1, data={"maker": "N", "tricks": 3})
    token = table.card().token
    # An unknown table in the address: the card opens the table in play, as with none.
    assert (
        client.get(
            reverse("tournaments:captain-table", args=[token]) + f"?table={value}"
        ).status_code
        == 200
    )
    page = client.get(
        reverse("tournaments:captain-fix", args=[token]) + f"?table={table.pk}&hand={value}"
    )
    assert page.status_code == 200  # the last hand, as with no number


@pytest.mark.parametrize("value", CRAFTED)
def test_crafted_players_at_check_in_are_a_message(director_client, round_one, event, value):
    response = director_client.post(
        reverse("tournaments:entries-check-in", args=[event.pk]), {"present": [value]}, follow=True
    )
    assert "Only this event&#x27;s entrants can be checked in" in response.content.decode()
    assert event.entries.filter(present=True).count() == 8  # nothing changed


@pytest.mark.parametrize("value", CRAFTED)
def test_crafted_players_to_add_are_a_form_error(director_client, event, players, value):
    response = director_client.post(
        reverse("tournaments:entries-add", args=[event.pk]),
        {"players": [str(players[0].pk), value]},
    )
    assert response.status_code == 200
    assert "is not a club player who can still be added." in response.content.decode()
    assert event.entries.count() == 0  # nothing half-saved


@pytest.mark.parametrize("value", CRAFTED)
def test_crafted_players_for_a_partnership_are_a_form_error(director_client, event, players, value):
    event.format = "pairs"
    event.save()
    services.entries_add(event=event, players=players[:4])
    response = director_client.post(
        reverse("tournaments:partnership-add", args=[event.pk]),
        {"first": value, "second": str(players[1].pk)},
    )
    assert response.status_code == 200
    assert event.partnerships.count() == 0


@pytest.mark.parametrize("name", ["printout-sheets", "printout-tally", "printout-standings"])
@pytest.mark.parametrize("value", ["²", HUGE, "-1", "٣"])
def test_a_crafted_round_on_the_printouts_is_the_latest_round(
    director_client, round_one, name, value
):
    url = reverse(f"tournaments:{name}", args=[round_one.event_id]) + f"?round={value}"
    response = director_client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
