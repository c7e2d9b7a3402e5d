"""Seating rounds from the movement in the app: the preview, then the seating it showed."""

import pytest
from conftest import close_round
from django.urls import reverse

from tournaments import services
from tournaments.models import Entry, Event, Round, Seat
from tournaments.movements import individual_movement


@pytest.fixture
def night(event, players):
    """Thirteen players entered in this order: the movement numbers them 1..13 so."""
    for player in players[:13]:
        Entry.objects.create(event=event, player=player)
    event.rounds_planned = 13
    event.save()
    return event


def seated(round_: Round) -> list[tuple[int, ...]]:
    tables = {}
    for seat in round_.seats.exclude(table=None).select_related("table"):
        tables.setdefault(seat.table.number, {})[seat.position] = seat.player_id
    return [tuple(tables[n][p] for p in "NESW") for n in sorted(tables)]


def test_the_preview_shows_the_tables_and_the_quality_and_saves_nothing(
    director_client, night, players
):
    response = director_client.get(reverse("tournaments:round-preview", args=[night.pk]))

    assert response.status_code == 200
    text = response.content.decode()
    assert "Round 1" in text and "preview" in text
    assert "Table 3" in text and "Table 4" not in text
    assert "Every partner new, no one meets the same opponent twice." in text
    # The whole night: 13 players, 13 rounds, a whist movement.
    assert "Everyone partners every other player once and meets them twice as opponents." in text
    assert Round.objects.count() == 0


@pytest.mark.parametrize("rounds", [1, 4])
def test_the_preview_speaks_a_directors_words_with_plurals_right(
    director_client, event, players, rounds
):
    for player in players[:17]:
        Entry.objects.create(event=event, player=player)
    event.rounds_planned = rounds
    event.save()

    response = director_client.get(reverse("tournaments:round-preview", args=[event.pk]))

    text = response.content.decode()
    assert "17 players, 1 round." in text
    assert "1 rounds" not in text and "Rounds 1 to 1" not in text
    assert "Every partner new, no one meets the same opponent twice." in text
    assert "1 player sits out once, 16 never." in text
    # How the movement was built is the app's business, not the director's.
    assert "Movement:" not in text and "polished" not in text and "planned," not in text
    assert "min 0" not in text and "Repeat partners" not in text


def test_seating_after_the_preview_seats_what_it_showed(director_client, night):
    preview = services.round_preview(event=night)

    director_client.post(reverse("tournaments:round-seat", args=[night.pk]))

    round_ = night.rounds.get()
    assert seated(round_) == [tuple(t) for t in preview.next.tables]
    assert sorted(round_.seats.filter(table=None).values_list("player_id", flat=True)) == sorted(
        preview.next.sit_out
    )
    # North captains the table.
    assert [t.captain_id for t in round_.tables.order_by("number")] == [
        t[0] for t in preview.next.tables
    ]


def test_each_round_follows_the_movement_in_entry_order(night):
    entrants = list(night.entries.order_by("pk").values_list("player_id", flat=True))
    number = {player: n for n, player in enumerate(entrants, start=1)}
    movement = individual_movement(13, 13, seed=night.pk)

    for expected in movement.rounds[:3]:
        round_ = services.round_seat(event=night)
        assert [tuple(number[p] for p in t) for t in seated(round_)] == expected.tables
        sitting = Seat.objects.filter(round=round_, table=None).values_list("player_id", flat=True)
        assert [number[p] for p in sitting] == expected.sit_out
        close_round(round_, "test: next round")


def test_a_late_arrival_is_seated_and_partners_stay_new(night, players):
    for _ in range(2):
        close_round(services.round_seat(event=night), reason="test")
    Entry.objects.create(event=night, player=players[13])

    round_ = services.round_seat(event=night)

    assert players[13].pk in round_.seats.values_list("player_id", flat=True)
    close_round(round_, "test")
    night_so_far = services.round_preview(event=night).report()
    assert night_so_far.partner_repeats == 0


def test_another_clubs_director_cannot_preview(client, other_director, night):
    client.force_login(other_director)

    response = client.get(reverse("tournaments:round-preview", args=[night.pk]))

    assert response.status_code == 404


def test_preview_while_a_round_is_in_play_says_so(director_client, night):
    services.round_seat(event=night)

    response = director_client.get(
        reverse("tournaments:round-preview", args=[night.pk]), follow=True
    )

    assert "Round 1 is still in play" in response.content.decode()


def test_a_pairs_event_keeps_its_movement_choice(director_client, club):
    response = director_client.post(
        reverse("tournaments:event-create", args=[club.slug]),
        {
            "name": "Kings night",
            "date": "2026-12-01",
            "format": "pairs",
            "pairs_movement": "kings",
            "rules_preset": "hoyle-2001",
            "rounds_planned": 3,
            "round_end": "hands",
            "hands_per_round": 8,
        },
    )

    assert response.status_code == 302
    assert Event.objects.get(name="Kings night").pairs_movement == Event.PairsMovement.KINGS


def test_a_pairs_preview_speaks_of_partnerships_not_of_partners_again(
    director_client, club, players
):
    event = Event.objects.create(
        club=club, name="Pairs cup", date="2026-12-01", format="pairs", rounds_planned=3
    )
    services.entries_add(event=event, players=players[:8])
    for i in range(0, 8, 2):
        services.partnership_register(event=event, first=players[i], second=players[i + 1])
    for _ in range(2):
        close_round(services.round_seat(event=event), "test: next round")

    response = director_client.get(reverse("tournaments:round-preview", args=[event.pk]))

    text = response.content.decode()
    # Round robin: 4 partnerships meet each of the 3 others once in 3 rounds.
    assert "4 partnerships, 3 rounds." in text
    assert "No two partnerships meet twice." in text
    # Partners together all night is the point of a pairs event, not a problem.
    assert "partners 3 times" not in text and "partners again" not in text
    assert "No problems found." in text
    # The chart shows the rounds played and the next; counts of partners would mean nothing.
    assert [r["number"] for r in response.context["chart"]["rounds"]] == [1, 2, 3]
    assert '<table class="chart">' in text
    assert "Partners again" not in text and '<table class="matrix">' not in text


@pytest.fixture
def twenty_eight(event, club):
    """28 players for 9 rounds: the most a night of 28 can have with no one meeting twice."""
    from clubs.models import Player

    for n in range(1, 29):
        player = Player.objects.create(club=club, name=f"Player {n:02}")
        Entry.objects.create(event=event, player=player)
    event.rounds_planned = 9
    event.save()
    return event


def test_the_preview_says_no_pair_meets_twice_and_draws_the_chart(director_client, twenty_eight):
    response = director_client.get(reverse("tournaments:round-preview", args=[twenty_eight.pk]))

    assert response.status_code == 200
    text = response.content.decode()
    assert "28 × 9: no pair meets twice. No night of 28 players is longer without a repeat." in (
        text
    )
    chart = response.context["chart"]
    # Entry order numbers the players, and names them in the key.
    assert chart["key"][0] == (1, "Player 01") and chart["key"][27] == (28, "Player 28")
    assert [r["number"] for r in chart["rounds"]] == list(range(1, 10))
    assert all(len(r["tables"]) == 7 for r in chart["rounds"])
    # The chart's round 1 is the round the preview seats, by number.
    first = [tuple(int(name.split()[1]) for name in names) for names in _preview_names(response)]
    assert chart["chart"].rounds[0].tables == first
    # On the page each table is its four numbers, each two characters wide (figure spaces).
    cell = chart["rounds"][0]["tables"][0].split(" ")
    assert [len(part) for part in cell] == [2, 2, 2, 2]
    assert tuple(int(part.strip("\u2007")) for part in cell) == first[0]
    # Over the 9 rounds each player partners 9 and opposes 18 others, and meets no one twice.
    assert {(c.partners, c.opponents, c.met_again, c.sit_outs) for c, _ in chart["players"]} == {
        (9, 18, 0, 0)
    }
    north, east, south, west = first[0]
    row = dict(chart["matrix"])[north]
    assert row[south - 1] == "P" and row[east - 1] == "O" and row[west - 1] == "O"
    assert row[north - 1] == ""
    assert '<table class="matrix">' in text and '<th scope="col">Sits out</th>' not in text


def _preview_names(response) -> list[list[str]]:
    return [[name for _, name, _ in table["seats"]] for table in response.context["tables"]]


def test_a_night_with_repeats_says_from_which_round_and_counts_them(
    director_client, event, players
):
    for player in players[:8]:
        Entry.objects.create(event=event, player=player)
    event.rounds_planned = 3
    event.save()

    response = director_client.get(reverse("tournaments:round-preview", args=[event.pk]))

    text = response.content.decode()
    assert "8 × 3: players meet again from round 2 (round 1 has none); 8 players can play at " in (
        text
    )
    counts = [c for c, _ in response.context["chart"]["players"]]
    assert all(c.met_again > 0 for c in counts)
