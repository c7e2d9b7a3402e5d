"""What the attack on every URL found (issue 23, "Found by attack"): a 100-table round closes
from its own page; a hand re-sent while another phone changes it is answered in JSON, never a
500; a send that names no table while two events are in play says which event to choose."""

import datetime
import re

from django.urls import reverse

from clubs.models import Player
from tournaments import services
from tournaments.models import Entry, Event, Round

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
