"""Only a club's own directors see or change its data; everything that changes data is a POST.

The other club's director asks for every page and sends every form of Maple Hall's: each answer
is a 404 and the database is exactly as it was. Anonymous visitors are sent to log in.
"""

import pytest
from django.test import Client
from django.urls import reverse

from clubs.models import Club, Player
from tournaments import services
from tournaments.models import Entry, Event, Hand, Partnership, Round, Seat, Table


@pytest.fixture
def night(event, players):
    """Maple Hall's night in play: 9 entrants, round 1 seated, one hand entered at table 1."""
    services.entries_add(event=event, players=players[:9])
    round_ = services.round_seat(event=event)
    table = round_.tables.get(number=1)
    hand = services.hand_record(table=table, number=1, data={"maker": "N", "tricks": 3})
    return {
        "club": event.club,
        "event": event,
        "round": round_,
        "table": table,
        "hand": hand,
        "players": players,
    }


def url_args(night, kind):
    return {
        "club": [night["club"].slug],
        "event": [night["event"].pk],
        "round": [night["round"].pk],
        "table": [night["table"].pk],
        "hand": [night["hand"].pk],
    }[kind]


PAGES = [
    ("clubs:club-detail", "club"),
    ("clubs:club-settings", "club"),
    ("tournaments:event-create", "club"),
    ("tournaments:event-detail", "event"),
    ("tournaments:event-edit", "event"),
    ("tournaments:round-detail", "round"),
    ("tournaments:table-detail", "table"),
    ("tournaments:hand-correct", "hand"),
]

POST_ONLY = [
    ("clubs:player-add", "club"),
    ("clubs:player-import", "club"),
    ("tournaments:entries-add", "event"),
    ("tournaments:entries-check-in", "event"),
    ("tournaments:entry-stays", "event"),
    ("tournaments:partnership-add", "event"),
    ("tournaments:round-seat", "event"),
    ("tournaments:round-close", "round"),
    ("tournaments:hand-add", "table"),
]

HAND = {
    "maker": "E",
    "tricks": "5",
    "lone_defender": "",
    "irregularity": "",
    "offending_side": "",
    "revoke_penalty": "",
}


def post_data(name, night):
    """A form that would change something if the sender were allowed to send it."""
    players = night["players"]
    return {
        "clubs:club-settings": {
            "name": "Taken over",
            "rules_preset": "laws-of-euchre",
            "paper_size": "a4",
        },
        "clubs:player-add": {"name": "Intruder", "email": "", "phone": ""},
        "clubs:player-import": {"text": "Intruder One\nIntruder Two"},
        "tournaments:event-create": {
            "name": "Stolen night",
            "date": "2026-12-01",
            "format": "progressive",
            "rules_preset": "hoyle-2001",
            "rounds_planned": 2,
            "round_end": "hands",
            "hands_per_round": 8,
        },
        "tournaments:event-edit": {
            "name": "Renamed",
            "date": "2026-12-01",
            "format": "progressive",
            "rules_preset": "hoyle-2001",
            "rounds_planned": 2,
            "round_end": "hands",
            "hands_per_round": 8,
        },
        "tournaments:entries-add": {"players": [players[10].pk]},
        "tournaments:entries-check-in": {"present": []},
        "tournaments:entry-stays": {"player": players[0].pk, "stays": "yes"},
        "tournaments:partnership-add": {"first": players[0].pk, "second": players[1].pk},
        "tournaments:round-seat": {},
        "tournaments:round-close": {"reason": "closing someone else's round"},
        "tournaments:hand-add": {**HAND, "number": "2"},
        "tournaments:hand-correct": {**HAND, "reason": "meddling"},
    }[name]


def snapshot():
    """Everything the views can change, as plain values."""
    return {
        "clubs": list(
            Club.objects.values_list("name", "rules_preset", "game_points", "paper_size")
        ),
        "players": sorted(Player.objects.values_list("club_id", "name")),
        "events": list(Event.objects.values_list("name", "rounds_planned", "format")),
        "entries": sorted(
            Entry.objects.values_list("player_id", "present", "partnership_id", "stays")
        ),
        "partnerships": Partnership.objects.count(),
        "rounds": list(Round.objects.values_list("number", "status", "close_reason")),
        "tables": Table.objects.count(),
        "seats": Seat.objects.count(),
        "hands": list(
            Hand.objects.values_list("number", "maker", "tricks", "ns_points", "ew_points")
        ),
        "hand_history": Hand.history.count(),
    }


@pytest.fixture
def intruder_client(client, other_director):
    client.force_login(other_director)
    return client


@pytest.mark.parametrize(("name", "kind"), PAGES)
def test_another_clubs_director_cannot_read_our_pages(intruder_client, night, name, kind):
    response = intruder_client.get(reverse(name, args=url_args(night, kind)))
    assert response.status_code == 404
    assert night["club"].name not in response.content.decode()


@pytest.mark.parametrize(
    "name",
    [
        *(n for n, _ in POST_ONLY),
        "clubs:club-settings",
        "tournaments:event-create",
        "tournaments:event-edit",
        "tournaments:hand-correct",
    ],
)
def test_another_clubs_director_cannot_change_our_data(intruder_client, night, name):
    kind = dict(PAGES + POST_ONLY)[name]
    before = snapshot()
    response = intruder_client.post(
        reverse(name, args=url_args(night, kind)), post_data(name, night)
    )
    assert response.status_code == 404
    assert snapshot() == before


def test_the_same_posts_do_change_data_for_our_director(director_client, night):
    """The intruder's forms are real: sent by Maple Hall's director, they change things."""
    before = snapshot()
    url = reverse("tournaments:hand-add", args=[night["table"].pk])
    assert director_client.post(url, {**HAND, "number": "2"}).status_code == 302
    url = reverse("clubs:player-add", args=[night["club"].slug])
    assert director_client.post(url, post_data("clubs:player-add", night)).status_code == 302
    after = snapshot()
    assert len(after["hands"]) == len(before["hands"]) + 1
    assert len(after["players"]) == len(before["players"]) + 1


def test_home_lists_only_the_directors_own_clubs(intruder_client, night, other_club):
    page = intruder_client.get(reverse("tournaments:home")).content.decode()
    # Clubs showing their results are listed for players; "Your clubs" is the director's own.
    mine = page.split('id="my-clubs"')[1]
    assert other_club.name in mine
    assert night["club"].name not in mine


@pytest.mark.parametrize(("name", "kind"), PAGES + POST_ONLY)
def test_anonymous_visitors_are_sent_to_log_in(client, night, name, kind):
    url = reverse(name, args=url_args(night, kind))
    for response in (client.get(url), client.post(url, {})):
        assert response.status_code == 302
        assert response["Location"] == f"{reverse('login')}?next={url}"


@pytest.mark.parametrize(("name", "kind"), POST_ONLY)
def test_get_never_changes_anything(director_client, night, name, kind):
    before = snapshot()
    response = director_client.get(reverse(name, args=url_args(night, kind)))
    assert response.status_code == 405
    assert snapshot() == before


def test_forms_need_the_csrf_token(director, night):
    client = Client(enforce_csrf_checks=True)
    client.force_login(director)
    before = snapshot()
    url = reverse("tournaments:round-close", args=[night["round"].pk])
    assert client.post(url, {"reason": "no token"}).status_code == 403
    assert snapshot() == before


def test_anonymous_visitors_cannot_set_up_a_club(client, db):
    url = reverse("clubs:club-create")
    response = client.post(url, {"name": "Sneaky", "rules_preset": "hoyle-2001"})
    assert response.status_code == 302
    assert response["Location"] == f"{reverse('login')}?next={url}"
    assert not Club.objects.filter(name="Sneaky").exists()
