"""What the attack on every URL found (issue 23, "Found by attack"): a 100-table round closes
from its own page; a hand re-sent while another phone changes it is answered in JSON, never a
500; a send that names no table while two events are in play says which event to choose."""

import datetime
import re

import pytest
from conftest import close_round
from django.db import connection
from django.urls import reverse
from test_captain import hand_post, url

from clubs.models import Player
from tournaments import services
from tournaments.models import Entry, Event, Hand, Round

# --- 2. A big round closes -------------------------------------------------------------------


def test_a_100_table_round_with_every_table_unconfirmed_closes_from_its_page(director_client, club):
    event = Event.objects.create(
        club=club,
        name="Charity night",
        date=datetime.date(2026, 11, 24),
        rounds_planned=1,
        hands_per_round=1,
    )
    players = Player.objects.bulk_create(Player(club=club, name=f"P{i:03d}") for i in range(400))
    Entry.objects.bulk_create(Entry(event=event, player=p, present=True) for p in players)
    round_ = services.round_seat(event=event, seed=1)
    tables = list(round_.tables.order_by("number"))
    assert len(tables) == 100
    for table in tables:
        services.hand_record(table=table, number=1, data={"maker": "N", "tricks": 3})
    page = director_client.get(reverse("tournaments:round-detail", args=[round_.pk]))
    value = re.search(r'name="unconfirmed" value="([0-9,]*)"', page.content.decode()).group(1)
    assert len(value) > 200  # what the form refused before: "at most 200 characters"

    response = director_client.post(
        reverse("tournaments:round-close", args=[round_.pk]), {"unconfirmed": value}
    )

    assert response.status_code == 302, response.content.decode()
    round_.refresh_from_db()
    assert round_.is_closed


def test_a_close_naming_a_table_the_round_does_not_have_is_refused_in_words(
    director_client, event, players
):
    services.entries_add(event=event, players=players[:8])
    round_ = services.round_seat(event=event, seed=1)
    for table in round_.tables.all():
        for number in range(1, 9):
            services.hand_record(table=table, number=number, data={"maker": "N", "tricks": 3})
    response = director_client.post(
        reverse("tournaments:round-close", args=[round_.pk]), {"unconfirmed": "1,2,3"}
    )
    assert response.status_code == 200
    assert "names tables this round does not have" in response.content.decode()
    round_.refresh_from_db()
    assert round_.status == Round.Status.IN_PLAY


# --- 3. A hand re-sent while another phone fixes it ------------------------------------------


def send(client, table, number, **hand):
    data = hand_post(number, **hand)
    data.pop("action", None)  # the phone sends the hand, not a button
    return client.post(url("send", table), data)


@pytest.fixture
def table(event, players):
    services.entries_add(event=event, players=players[:8])
    return services.round_seat(event=event, seed=1).tables.get(number=1)


def other_phone_changes(table, change: str):
    """Another phone's fix or delete of hand 1 (through the services, as its page would),
    made the moment this phone's send reads the table's hands a second time: after the send
    found hand 1 already there, and before it answered. Returns the connection's wrapper."""
    reads = {"hands": 0, "changed": False}

    def wrapper(execute, sql, params, many, context):
        if 'FROM "tournaments_hand"' in sql and sql.lstrip().startswith("SELECT"):
            reads["hands"] += 1
            if reads["hands"] == 2 and not reads["changed"]:
                reads["changed"] = True
                seen = services.table_fingerprint(table.hands.order_by("number"))
                if change == "delete":
                    services.hand_delete_last(table=table, number=1, seen=seen)
                else:
                    data = {"maker": "E", "tricks": 5}
                    services.hand_fix(table=table, number=1, data=data, seen=seen)
        return execute(sql, params, many, context)

    return wrapper, reads


@pytest.mark.parametrize("change", ["delete", "fix"])
def test_a_resend_while_another_phone_changes_the_hand_is_answered_in_json(client, table, change):
    assert send(client, table, 1, maker="N", tricks=3).status_code == 201
    recorded = Hand.objects.get(table=table).description
    wrapper, reads = other_phone_changes(table, change)

    with connection.execute_wrapper(wrapper):
        response = send(client, table, 1, maker="N", tricks=3)

    # The hand counted when this send found it (under the table's lock); the other phone's
    # change came after, as if a second later.
    assert response.status_code == 200
    assert response.json() == {
        "state": "already",
        "message": f"Hand 1 was already entered: {recorded}. It counts once.",
    }
    if reads["changed"]:  # the app read the hands again after all: the change is kept
        assert list(table.hands.values_list("maker", flat=True)) == (
            [] if change == "delete" else ["E"]
        )


# --- 10. A card with two events in play -------------------------------------------------------


@pytest.fixture
def two_events(club, event, players):
    """Table 3 of "Tuesday progressive" and table 3 of "Side game", both in play: the side game
    was seated after the first round (its tables numbered on, 3 and 4), then the first event
    grew by a table."""
    other = Event.objects.create(club=club, name="Side game", date=datetime.date(2026, 11, 24))
    services.entries_add(event=event, players=players[:8])
    services.entries_add(event=other, players=players[8:16])
    round_one = services.round_seat(event=event)
    services.round_seat(event=other)
    close_round(round_one, reason="Short round")
    services.entries_add(event=event, players=players[16:20])
    first = services.round_seat(event=event).tables.get(number=3)
    second = other.rounds.get().tables.get(number=3)
    return first, second


CHOOSE = (
    "Two events are in play, and table card 3 opens a table in each: {} and {}. Nothing was "
    "saved: open the card's page, choose your event, and enter the hand there."
)


def test_a_send_naming_no_table_with_two_events_in_play_says_to_choose_the_event(
    client, two_events
):
    first, second = two_events
    data = hand_post(1, maker="N", tricks=3)
    data.pop("action")
    bare = reverse("tournaments:captain-send", args=[first.card().token])

    response = client.post(bare, data)

    assert response.status_code == 409
    names = sorted([first, second], key=lambda t: (t.round.event.date, t.round.event.name))
    events = [f"{t.round.event.name} (round {t.round.number})" for t in names]
    assert response.json() == {"state": "refused", "message": CHOOSE.format(*events)}
    assert "no longer in play" not in response.json()["message"]
    assert not Hand.objects.exists()
    # Named, the table takes the hand.
    assert client.post(url("send", second), data).json()["state"] == "recorded"
    assert list(Hand.objects.values_list("table_id", flat=True)) == [second.pk]


def test_a_hand_posted_naming_no_table_with_two_events_in_play_asks_which_event(client, two_events):
    first, second = two_events
    bare = reverse("tournaments:captain-hand", args=[first.card().token])
    response = client.post(bare, hand_post(1, maker="N", tricks=3))
    assert response.status_code == 409
    html = response.content.decode()
    assert "Two events are in play, and table card 3 opens a table in each" in html
    assert "This page was for a round that has closed" not in html
    assert "Two events are in play: which is yours?" in html
    assert f"?table={first.pk}" in html and f"?table={second.pk}" in html
    assert not Hand.objects.exists()
