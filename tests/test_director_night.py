"""A whole club night through the director's views, with the test client: create the event,
enter and check in 21 players (one sits out each round), seat three rounds, enter every hand
through the director's form, correct one, close the rounds. Then every number in the database
is checked against the scoring engine and against sums worked out by hand."""

import datetime
import re

import pytest
from django.urls import reverse

from scoring import score_hand
from tournaments import services
from tournaments.models import Event, Hand, Round, Seat

# Every table plays these four hands (Hoyle, game to 10, four hands a round):
#   1. North calls, makes 3 tricks          -> North-South 1
#   2. East goes alone and marches (a loner) -> East-West 4
#   3. South calls and is euchred (2 tricks) -> East-West 2
#   4. West calls, makes 4 tricks           -> East-West 1
HANDS = [
    {"maker": "N", "tricks": 3},
    {"maker": "E", "tricks": 5, "alone": True},
    {"maker": "S", "tricks": 2},
    {"maker": "W", "tricks": 4},
]
TABLE_TOTAL = {"NS": 1, "EW": 7}


def hand_post(number: int, maker: str, tricks=None, alone=False, **extra) -> dict:
    data = {
        "number": number,
        "maker": maker,
        "tricks": "" if tricks is None else tricks,
        "lone_defender": "",
        "irregularity": "",
        "offending_side": "",
        "revoke_penalty": "",
        **extra,
    }
    if alone:
        data["alone"] = "on"
    return data


def enter(client, table, number, **hand):
    response = client.post(
        reverse("tournaments:hand-add", args=[table.pk]), hand_post(number, **hand)
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    return response


def create_event(client, club) -> Event:
    response = client.post(
        reverse("tournaments:event-create", args=[club.slug]),
        {
            "name": "Tuesday night progressive",
            "date": "2026-11-24",
            "format": "progressive",
            "rules_preset": "hoyle-2001",
            "game_points": 10,
            "march": "",
            "lone_march": "",
            "euchre": "",
            "lone_euchre": "",
            "rounds_planned": 3,
            "round_end": "hands",
            "hands_per_round": 4,
        },
    )
    event = Event.objects.get(club=club)
    assert response.status_code == 302
    assert response["Location"] == reverse("tournaments:event-detail", args=[event.pk])
    return event


def seat(client, event) -> Round:
    response = client.post(reverse("tournaments:round-seat", args=[event.pk]))
    round_ = event.rounds.order_by("-number").first()
    assert response.status_code == 302
    assert response["Location"] == reverse("tournaments:round-detail", args=[round_.pk])
    return round_


def check_in(client, event, players):
    response = client.post(
        reverse("tournaments:entries-check-in", args=[event.pk]),
        {"present": [p.pk for p in players]},
    )
    assert response.status_code == 302


def play_full_round(client, round_):
    for table in round_.tables.all():
        for number, hand in enumerate(HANDS, start=1):
            enter(client, table, number, **hand)


def close(client, round_, reason="", *, tick_unconfirmed=True):
    """Close the round from its page, ticking "Close without their confirmation" if offered."""
    page = client.get(reverse("tournaments:round-detail", args=[round_.pk])).content.decode()
    data = {"reason": reason}
    found = re.search(r'name="unconfirmed" value="([0-9,]*)"', page)
    if found and tick_unconfirmed:
        data["unconfirmed"] = found.group(1)
    return client.post(reverse("tournaments:round-close", args=[round_.pk]), data, follow=True)


def test_a_whole_night_scores_exactly_what_the_engine_says(director_client, club, players):
    client = director_client
    event = create_event(client, club)
    assert (event.rules_preset, event.game_points, event.hands_per_round) == ("hoyle-2001", 10, 4)
    assert event.max_hands() == 4

    # Enter 22 club players, then check 21 in: the 22nd has not arrived yet.
    response = client.post(
        reverse("tournaments:entries-add", args=[event.pk]),
        {"players": [p.pk for p in players[:22]]},
    )
    assert response.status_code == 302
    assert event.entries.count() == 22
    tonight = players[:21]
    check_in(client, event, tonight)
    assert set(event.entries.filter(present=True).values_list("player_id", flat=True)) == {
        p.pk for p in tonight
    }
    page = client.get(reverse("tournaments:event-detail", args=[event.pk])).content.decode()
    assert "21 of 22 checked in" in page
    assert "Seat round 1" in page

    # Round 1.
    round1 = seat(client, event)
    assert round1.tables.count() == 5
    table1 = round1.tables.get(number=1)

    enter(client, table1, 1, **HANDS[0])
    # A bad entry: a lone defender with no lone maker. Refused with the engine's message next
    # to the field, and nothing saved.
    response = client.post(
        reverse("tournaments:hand-add", args=[table1.pk]),
        hand_post(2, "N", 2, lone_defender="E"),
    )
    assert response.status_code == 200
    form = response.context["form"]
    assert form.errors["lone_defender"] == [
        "A lone defence needs a lone maker: tick “The maker went alone (a loner)” for the "
        "maker, or choose “No one” under “Defended alone against the loner”."
    ]
    assert "A lone defence needs a lone maker" in response.content.decode()
    # Another: a revoke in a thrown-in deal.
    response = client.post(
        reverse("tournaments:hand-add", args=[table1.pk]),
        hand_post(2, "-", irregularity="revoke", offending_side="NS"),
    )
    assert response.status_code == 200
    assert (
        response.context["form"]
        .errors["irregularity"][0]
        .startswith("A thrown-in deal is not played, so it cannot have a revoke")
    )
    assert table1.hands.count() == 1

    # A double tap of hand 1 is refused, not recorded twice.
    response = client.post(
        reverse("tournaments:hand-add", args=[table1.pk]), hand_post(1, **HANDS[0]), follow=True
    )
    assert "Hand 1 was already entered" in response.content.decode()
    assert table1.hands.count() == 1

    for number, hand in enumerate(HANDS[1:], start=2):
        enter(client, table1, number, **hand)
    for table in round1.tables.exclude(pk=table1.pk):
        for number, hand in enumerate(HANDS, start=1):
            enter(client, table, number, **hand)

    # The table page shows the hands, the score and that the table is done.
    page = client.get(reverse("tournaments:table-detail", args=[table1.pk])).content.decode()
    assert "East-West march alone: 4 points" in page
    assert "North-South <strong>1</strong> – East-West <strong>7</strong>" in page
    assert "This table has finished" in page
    assert 'id="hand-form"' not in page

    # The live round page: every table finished, 4 of 4 hands, the sit-out named.
    response = client.get(reverse("tournaments:round-detail", args=[round1.pk]))
    page = response.content.decode()
    assert "5 of 5 tables finished" in page
    assert page.count("4 of 4") == 5
    assert page.count("North-South <strong>1</strong> – East-West <strong>7</strong>") == 5
    sit_out1 = round1.seats.get(table=None).player
    section = page[page.index('id="sit-outs"') :]
    assert sit_out1.name in section
    for table in round1.tables.all():
        assert f"<bdi>{table.captain.name}</bdi> <strong>(captain)</strong>" in page

    # Correct hand 1 at table 1: North-South took all five, a march.
    hand1 = table1.hands.get(number=1)
    url = reverse("tournaments:hand-correct", args=[hand1.pk])
    response = client.post(url, {**hand_post(1, "N", 5), "reason": ""})
    assert response.status_code == 200
    assert response.context["form"].errors["reason"] == [
        "Say why the hand is corrected: the reason is kept with the change."
    ]
    hand1.refresh_from_db()
    assert (hand1.tricks, hand1.ns_points) == (3, 1)
    reason = "Captain entered 3 tricks; North-South took all five"
    response = client.post(url, {**hand_post(1, "N", 5), "reason": reason})
    assert response.status_code == 302
    hand1.refresh_from_db()
    assert (hand1.tricks, hand1.ns_points, hand1.ew_points) == (5, 2, 0)
    latest = hand1.history.latest("history_date")
    assert latest.history_change_reason == reason
    assert latest.history_user == table1.round.event.club.directors.get().user
    page = client.get(url).content.decode()
    history = page[page.index('id="history"') :]
    assert reason in history
    assert "Makers&#x27; tricks: 3 → 5" in history
    assert "North-South points: 1 → 2" in history
    assert "dora" in history

    response = close(client, round1)
    assert "Round 1 closed." in response.content.decode()
    round1.refresh_from_db()
    assert round1.is_closed and round1.close_reason == ""

    # Between rounds: an early leaver goes, the late arrival comes: still 21.
    tonight = [*players[1:21], players[21]]
    check_in(client, event, tonight)
    round2 = seat(client, event)
    play_full_round(client, round2)
    close(client, round2)
    round2.refresh_from_db()
    assert round2.is_closed

    # Round 3: one more late arrival entered (checked in by adding), one more leaves.
    client.post(reverse("tournaments:entries-add", args=[event.pk]), {"players": [players[22].pk]})
    check_in(client, event, [*players[2:22], players[22]])
    round3 = seat(client, event)
    table = round3.tables.get(number=1)
    enter(client, table, 1, **HANDS[0])
    enter(client, table, 2, **HANDS[1])
    # Closing a round with unfinished tables needs a reason.
    response = close(client, round3)
    assert "Tables 1, 2, 3, 4 and 5 have not finished. Wait for them" in response.content.decode()
    round3.refresh_from_db()
    assert not round3.is_closed
    response = close(client, round3, reason="The hall closes at ten")
    round3.refresh_from_db()
    assert round3.is_closed and round3.close_reason == "The hall closes at ten"
    page = client.get(reverse("tournaments:event-detail", args=[event.pk])).content.decode()
    assert "All 3 rounds have been played." in page

    # Every hand in the database is what the engine gives for what was entered.
    hands = Hand.objects.filter(table__round__event=event)
    assert hands.count() == 5 * 4 + 5 * 4 + 2
    rules = event.ruleset()
    for hand in hands:
        assert {"NS": hand.ns_points, "EW": hand.ew_points} == score_hand(
            hand.to_engine_hand(), rules
        ).points

    # One sit-out a round, a different player each time, and nobody else left out.
    sit_outs = []
    for round_ in (round1, round2, round3):
        seats = Seat.objects.filter(round=round_)
        assert seats.filter(table=None).count() == 1
        assert seats.exclude(table=None).count() == 20
        sit_outs.append(seats.get(table=None).player_id)
    assert len(set(sit_outs)) == 3
    assert set(Seat.objects.filter(round=round2).values_list("player_id", flat=True)) == {
        p.pk for p in players[1:22]
    }

    # Points per player, worked out by hand from the four hands above.
    for round_, expected_table in (
        (round1, {1: {"NS": 2, "EW": 7}}),  # table 1's first hand became a march
        (round2, {}),
        (round3, {1: {"NS": 1, "EW": 4}}),  # only two hands played before the forced close
    ):
        points = services.round_player_points(round_)
        assert len(points) == 20
        for seat_ in Seat.objects.filter(round=round_).exclude(table=None).select_related("table"):
            default = TABLE_TOTAL if round_ != round3 else {"NS": 0, "EW": 0}
            totals = expected_table.get(seat_.table.number, default)
            side = "NS" if seat_.position in "NS" else "EW"
            assert points[seat_.player_id] == totals[side], (round_, seat_)


def test_event_form_starts_from_the_club_rules(director_client, club):
    club.rules_preset = "laws-of-euchre"
    club.game_points = 7
    club.lone_euchre = 5
    club.save()
    response = director_client.get(reverse("tournaments:event-create", args=[club.slug]))
    form = response.context["form"]
    assert form["rules_preset"].value() == "laws-of-euchre"
    assert form["game_points"].value() == 7
    assert form["lone_euchre"].value() == 5
    assert form["march"].value() is None
    assert form["hands_per_round"].value() == 8
    assert form["round_end"].value() == "hands"


def test_event_form_explains_a_bad_number_of_rounds(director_client, club):
    response = director_client.post(
        reverse("tournaments:event-create", args=[club.slug]),
        {
            "name": "Too long",
            "date": "2026-11-24",
            "format": "progressive",
            "rules_preset": "hoyle-2001",
            "rounds_planned": 0,
            "round_end": "hands",
            "hands_per_round": 8,
        },
    )
    assert response.status_code == 200
    assert response.context["form"].errors["rounds_planned"] == ["An event has at least 1 round."]
    assert not Event.objects.exists()


def test_event_rules_are_fixed_once_a_round_is_seated(director_client, event, players):
    event.entries.create(player=players[0])
    for p in players[1:8]:
        event.entries.create(player=p)
    director_client.post(reverse("tournaments:round-seat", args=[event.pk]))
    assert event.rounds.count() == 1
    response = director_client.post(
        reverse("tournaments:event-edit", args=[event.pk]),
        {
            "name": "Renamed night",
            "date": "2026-11-24",
            "format": "pairs",
            "rules_preset": "laws-of-euchre",
            "game_points": 7,
            "rounds_planned": 5,
            "round_end": "game",
            "hands_per_round": 3,
        },
    )
    assert response.status_code == 302
    event.refresh_from_db()
    assert event.name == "Renamed night" and event.rounds_planned == 5
    # The rules did not move: hands already scored must still agree with them.
    assert (event.format, event.rules_preset, event.game_points) == (
        "progressive",
        "hoyle-2001",
        None,
    )
    assert (event.round_end, event.hands_per_round) == ("hands", 8)


def test_seating_with_too_few_players_is_refused_with_a_message(director_client, event, players):
    for p in players[:3]:
        event.entries.create(player=p)
    response = director_client.post(reverse("tournaments:round-seat", args=[event.pk]), follow=True)
    assert "3 players are checked in: a table needs 4" in response.content.decode()
    assert not event.rounds.exists()


def test_pairs_event_registers_partnerships_and_seats_them_together(director_client, club, players):
    event = Event.objects.create(
        club=club, name="Pairs cup", date=datetime.date(2026, 12, 1), format="pairs"
    )
    for p in players[:8]:
        event.entries.create(player=p)
    url = reverse("tournaments:partnership-add", args=[event.pk])
    response = director_client.post(url, {"first": players[0].pk, "second": players[0].pk})
    assert "Pick two different players" in response.content.decode()
    for i in range(0, 8, 2):
        director_client.post(url, {"first": players[i].pk, "second": players[i + 1].pk})
    assert event.partnerships.count() == 4
    director_client.post(reverse("tournaments:round-seat", args=[event.pk]))
    round_ = event.rounds.get()
    for table in round_.tables.all():
        seats = {s.position: s.player for s in table.seats.all()}
        for a, b in (("N", "S"), ("E", "W")):
            assert seats[a].entries.get(event=event).partnership_id == (
                seats[b].entries.get(event=event).partnership_id
            )


@pytest.fixture
def seated_table(event, players):
    services.entries_add(event=event, players=players[:4])
    return services.round_seat(event=event).tables.get()


def test_a_revoke_needs_the_side_at_fault_and_scores_the_penalty(director_client, seated_table):
    url = reverse("tournaments:hand-add", args=[seated_table.pk])
    response = director_client.post(url, hand_post(1, "N", 3, irregularity="revoke"))
    assert response.context["form"].errors["offending_side"] == [
        "Say which side committed the revoke (renege)."
    ]
    assert not seated_table.hands.exists()
    director_client.post(url, hand_post(1, "N", 3, irregularity="revoke", offending_side="EW"))
    hand = seated_table.hands.get()
    # Hoyle: the side that did not revoke scores 2 instead of the hand's result.
    assert (hand.ns_points, hand.ew_points) == (2, 0)


def test_no_hand_can_be_entered_after_the_round_is_played(director_client, seated_table):
    event = seated_table.round.event
    event.hands_per_round = 2
    event.save()
    url = reverse("tournaments:hand-add", args=[seated_table.pk])
    enter(director_client, seated_table, 1, maker="N", tricks=3)
    enter(director_client, seated_table, 2, maker="E", tricks=4)
    response = director_client.post(url, hand_post(3, "S", 3), follow=True)
    assert "All 2 hands of this round have been entered" in response.content.decode()
    assert seated_table.hands.count() == 2
