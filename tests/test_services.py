"""The night's workflows: seating rounds, entering and correcting hands, closing rounds.

Every point checked here is what the rules give by hand (Hoyle 2001 unless said), and also
what the scoring engine gives: the database never holds a number the engine did not compute.
"""

import datetime

import pytest
from django.db import IntegrityError, transaction

from scoring import HandError, score_hand
from tournaments.models import Event, Hand, Round, Seat
from tournaments.services import (
    ActionRefused,
    entries_add,
    entries_set_present,
    hand_correct,
    hand_record,
    partnership_register,
    round_close,
    round_player_points,
    round_seat,
    table_confirm,
    table_fingerprint,
)

NS_MADE = {"maker": "N", "tricks": 3}
EW_MADE = {"maker": "E", "tricks": 3}
NS_MARCH = {"maker": "N", "tricks": 5}


def seated(event, players, **fields):
    """Enter `players` in `event` and seat round 1."""
    for name, value in fields.items():
        setattr(event, name, value)
    event.save()
    entries_add(event=event, players=players)
    return round_seat(event=event)


def positions(table) -> dict[str, int]:
    return {s.position: s.player_id for s in table.seats.all()}


def sit_outs(round_) -> list[int]:
    return list(round_.seats.filter(table=None).values_list("player_id", flat=True))


def record(table, *hands):
    start = table.hands.count() + 1
    return [hand_record(table=table, number=n, data=data) for n, data in enumerate(hands, start)]


@pytest.fixture
def pairs_event(club):
    return Event.objects.create(
        club=club,
        name="Sunday pairs",
        date=datetime.date(2026, 11, 29),
        format=Event.Format.PAIRS,
        round_end=Event.RoundEnd.GAME,
        rounds_planned=3,
    )


@pytest.fixture
def game_event(club):
    """Each table plays one game to 5 points (Hoyle), however many hands it takes."""
    return Event.objects.create(
        club=club,
        name="Game night",
        date=datetime.date(2026, 11, 30),
        round_end=Event.RoundEnd.GAME,
        rounds_planned=2,
    )


# --- Seating a round ----------------------------------------------------------------------


def test_21_players_make_five_tables_and_one_sit_out(event, players):
    round_ = seated(event, players[:21])

    assert round_.number == 1
    tables = list(round_.tables.order_by("number"))
    assert [t.number for t in tables] == [1, 2, 3, 4, 5]
    for table in tables:
        places = positions(table)
        assert sorted(places) == ["E", "N", "S", "W"]
        assert table.captain_id == places["N"]
    assert len(sit_outs(round_)) == 1
    seated_ids = sorted(Seat.objects.filter(round=round_).values_list("player_id", flat=True))
    assert seated_ids == sorted(p.pk for p in players[:21])


def test_players_not_checked_in_are_not_seated(event, players):
    entries_add(event=event, players=players[:22])
    entries_set_present(event=event, present_ids={p.pk for p in players[:20]})

    round_ = round_seat(event=event)

    assert round_.tables.count() == 5
    assert sit_outs(round_) == []
    assert not Seat.objects.filter(player__in=players[20:22]).exists()


def test_sit_out_rotates_and_nobody_sits_out_twice_before_everyone_once(event, players):
    round_ = seated(event, players[:21], rounds_planned=21)
    resting = []
    for _ in range(21):
        resting += sit_outs(round_)
        round_close(round=round_, reason="Seating test: no hands played")
        if round_.number < 21:
            round_ = round_seat(event=event)

    assert len(resting) == 21
    assert sorted(resting) == sorted(p.pk for p in players[:21])


def test_cannot_seat_while_the_previous_round_is_in_play(event, players):
    seated(event, players[:8])

    with pytest.raises(ActionRefused, match="Round 1 is still in play"):
        round_seat(event=event)
    assert event.rounds.count() == 1


def test_cannot_seat_more_rounds_than_planned(event, players):
    round_ = seated(event, players[:8])
    for _ in range(3):
        round_close(round=round_, reason="No hands: seating test")
        round_ = round_seat(event=event)
    round_close(round=round_, reason="No hands: seating test")
    assert round_.number == 4

    with pytest.raises(ActionRefused, match="All 4 rounds have been played"):
        round_seat(event=event)
    assert event.rounds.count() == 4


def test_cannot_seat_fewer_than_four_players(event, players):
    entries_add(event=event, players=players[:3])

    with pytest.raises(ActionRefused, match="3 players are checked in: a table needs 4"):
        round_seat(event=event)
    assert not Round.objects.exists()
    assert not Seat.objects.exists()


def test_pairs_event_seats_partners_opposite_each_other(pairs_event, players):
    entries_add(event=pairs_event, players=players[:14])
    pairs = [
        partnership_register(event=pairs_event, first=a, second=b)
        for a, b in zip(players[:14:2], players[1:14:2], strict=True)
    ]

    round_ = round_seat(event=pairs_event)

    seat_of = {s.player_id: s for s in round_.seats.all()}
    assert round_.tables.count() == 3
    resting = []
    for pair in pairs:
        first, second = (seat_of[e.player_id] for e in pair.entries.all())
        if first.table_id is None:
            assert second.table_id is None  # a pair sits out whole
            resting.append(pair)
            continue
        assert first.table_id == second.table_id
        assert {first.position, second.position} in ({"N", "S"}, {"E", "W"})
    assert len(resting) == 1


def test_pairs_event_refuses_present_players_without_a_partner(pairs_event, players):
    entries_add(event=pairs_event, players=players[:5])
    partnership_register(event=pairs_event, first=players[0], second=players[1])
    partnership_register(event=pairs_event, first=players[2], second=players[3])

    with pytest.raises(ActionRefused, match=f"not yet paired: {players[4].name}"):
        round_seat(event=pairs_event)
    assert not pairs_event.rounds.exists()


# --- Entering hands -----------------------------------------------------------------------


def test_hand_points_are_the_engines(event, players):
    # Game to 10 so that none of these eight hands ends the game (Hoyle 2001 values).
    round_ = seated(event, players[:4], game_points=10)
    table = round_.tables.get()
    entered = [
        (NS_MADE, (1, 0)),
        ({"maker": "E", "tricks": 5}, (0, 2)),
        ({"maker": "S", "alone": True, "tricks": 5}, (4, 0)),
        ({"maker": "W", "tricks": 2}, (2, 0)),
        ({}, (0, 0)),  # thrown in
        ({"maker": "N", "alone": True, "lone_defender": "E", "tricks": 0}, (0, 4)),
        ({"maker": "E", "tricks": 3, "irregularity": "revoke", "offending_side": "NS"}, (0, 2)),
        (
            {
                "maker": "N",
                "tricks": 3,
                "irregularity": "revoke",
                "offending_side": "EW",
                "revoke_penalty": "deduct",
            },
            (0, -2),
        ),
    ]

    hands = record(table, *(data for data, _ in entered))

    rules = event.ruleset()
    for hand, (_, (ns, ew)) in zip(hands, entered, strict=True):
        hand.refresh_from_db()
        assert (hand.ns_points, hand.ew_points) == (ns, ew)
        assert score_hand(hand.to_engine_hand(), rules).points == {"NS": ns, "EW": ew}
    assert table.game().score == {"NS": 7, "EW": 6}


def test_the_deal_passes_to_the_left(event, players):
    round_ = seated(event, players[:4])
    table = round_.tables.get()

    hands = record(table, NS_MADE, EW_MADE, {}, NS_MADE, EW_MADE)

    assert [h.dealer for h in hands] == ["N", "E", "S", "W", "N"]


def test_the_deal_starts_with_the_tables_first_dealer(event, players):
    table = seated(event, players[:4]).tables.get()
    table.first_dealer = "W"
    table.save()

    hands = record(table, NS_MADE, EW_MADE)

    assert [h.dealer for h in hands] == ["W", "N"]


def test_a_hand_sent_twice_is_refused_and_recorded_once(event, players):
    table = seated(event, players[:4]).tables.get()
    hand_record(table=table, number=1, data=NS_MARCH)

    with pytest.raises(ActionRefused, match="Hand 1 was already entered: North-South march"):
        hand_record(table=table, number=1, data=NS_MARCH)
    with pytest.raises(ActionRefused, match="next hand at this table is hand 2, not 3"):
        hand_record(table=table, number=3, data=NS_MARCH)
    assert list(table.hands.values_list("number", "ns_points")) == [(1, 2)]


@pytest.mark.parametrize(
    ("data", "code"),
    [
        ({"maker": "N", "tricks": 6}, "tricks_out_of_range"),
        ({"maker": "N"}, "tricks_missing"),
        ({"maker": "N", "tricks": 3, "lone_defender": "E"}, "lone_defence_without_lone_maker"),
        ({"maker": "N", "alone": True, "tricks": 1, "lone_defender": "S"}, "bad_seat"),
        ({"tricks": 3}, "thrown_in_with_play"),
        ({"maker": "N", "tricks": 3, "irregularity": "revoke"}, "side_missing"),
        (
            {"maker": "N", "tricks": 3, "irregularity": "table_talk", "offending_side": "EW"},
            "table_talk_not_allowed",
        ),
    ],
)
def test_a_bad_hand_is_refused_and_nothing_saved(event, players, data, code):
    table = seated(event, players[:4]).tables.get()
    hand_record(table=table, number=1, data=NS_MADE)

    with pytest.raises(HandError) as exc:
        hand_record(table=table, number=2, data=data)

    assert exc.value.code == code
    assert table.hands.count() == 1
    assert Hand.history.count() == 1


def test_unknown_hand_field_is_a_programming_error(event, players):
    table = seated(event, players[:4]).tables.get()

    with pytest.raises(ValueError, match="ns_points"):
        hand_record(table=table, number=1, data={**NS_MADE, "ns_points": 9})
    assert not table.hands.exists()


def test_round_is_over_after_its_eight_hands(event, players):
    table = seated(event, players[:4]).tables.get()
    # Four hands each way: 4-4, so no side reaches the game's 5 points.
    record(table, *[NS_MADE, EW_MADE] * 3, NS_MADE)
    assert not table.is_finished()
    record(table, EW_MADE)
    assert table.is_finished()

    with pytest.raises(HandError) as exc:
        hand_record(table=table, number=9, data=NS_MADE)

    assert exc.value.code == "round_over"
    assert table.hands.count() == 8
    assert table.game().score == {"NS": 4, "EW": 4}


def test_no_hand_after_the_game_is_won(game_event, players):
    table = seated(game_event, players[:4]).tables.get()
    record(table, NS_MARCH, EW_MADE, NS_MARCH)
    assert not table.is_finished()
    record(table, NS_MADE)  # North-South reach 5
    assert table.is_finished()
    assert table.game().winner == "NS"

    with pytest.raises(HandError) as exc:
        hand_record(table=table, number=5, data=EW_MADE)

    assert exc.value.code == "game_over"
    assert table.hands.count() == 4


def test_no_hand_in_a_closed_round(event, players):
    round_ = seated(event, players[:4])
    round_close(round=round_, reason="Players left early")

    with pytest.raises(ActionRefused, match="Round 1 is closed"):
        hand_record(table=round_.tables.get(), number=1, data=NS_MADE)
    assert not Hand.objects.exists()


# --- Correcting a hand --------------------------------------------------------------------


def test_a_correction_is_rescored_by_the_engine(event, players, director):
    table = seated(event, players[:4]).tables.get()
    hand, later = record(table, NS_MADE, EW_MADE)

    hand_correct(hand=hand, data={"tricks": 5}, reason="It was a march", user=director)

    hand.refresh_from_db()
    assert (hand.tricks, hand.ns_points, hand.ew_points, hand.outcome) == (5, 2, 0, "march")
    assert hand.dealer == "N"
    assert table.game().score == {"NS": 2, "EW": 1}
    later.refresh_from_db()
    assert (later.ew_points, later.dealer) == (1, "E")


def test_a_correction_needs_a_reason(event, players, director):
    table = seated(event, players[:4]).tables.get()
    (hand,) = record(table, NS_MADE)

    with pytest.raises(ActionRefused, match="Say why the hand is corrected"):
        hand_correct(hand=hand, data={"tricks": 5}, reason="   ", user=director)

    hand.refresh_from_db()
    assert (hand.tricks, hand.ns_points) == (3, 1)
    assert hand.history.count() == 1


def test_the_history_keeps_the_reason_who_and_the_old_values(event, players, director):
    table = seated(event, players[:4]).tables.get()
    (hand,) = record(table, NS_MADE)

    hand_correct(
        hand=hand,
        data={"maker": "E", "tricks": 1},
        reason="Captain swapped the sides",
        user=director,
    )

    before, after = hand.history.order_by("history_id")
    assert (before.maker, before.tricks, before.ns_points, before.ew_points) == ("N", 3, 1, 0)
    assert before.history_type == "+"
    assert (after.maker, after.tricks, after.ns_points, after.ew_points) == ("E", 1, 2, 0)
    assert after.history_type == "~"
    assert after.history_change_reason == "Captain swapped the sides"
    assert after.history_user == director


def test_a_correction_that_makes_a_later_hand_impossible_is_refused(game_event, players, director):
    table = seated(game_event, players[:4]).tables.get()
    first, *_ = record(table, NS_MARCH, NS_MADE, EW_MADE, NS_MARCH)  # NS win 5-1 at hand 4

    # Alone, the first march is worth 4: NS would win at hand 2, so hand 3 could not exist.
    with pytest.raises(HandError) as exc:
        hand_correct(hand=first, data={"alone": True}, reason="Went alone", user=director)

    assert exc.value.code == "game_over"
    first.refresh_from_db()
    assert (first.alone, first.ns_points) == (False, 2)
    assert table.game().score == {"NS": 5, "EW": 1}
    assert first.history.count() == 1


def test_a_correction_to_an_impossible_hand_is_refused(event, players, director):
    table = seated(event, players[:4]).tables.get()
    (hand,) = record(table, NS_MADE)

    with pytest.raises(HandError) as exc:
        hand_correct(hand=hand, data={"tricks": 7}, reason="typo", user=director)

    assert exc.value.code == "tricks_out_of_range"
    hand.refresh_from_db()
    assert hand.tricks == 3


# --- Closing a round ----------------------------------------------------------------------


def test_a_round_with_unfinished_tables_needs_a_reason_to_close(event, players):
    round_ = seated(event, players[:8])
    first, second = round_.tables.order_by("number")
    record(first, *[NS_MADE, EW_MADE] * 4)
    record(second, NS_MADE)

    with pytest.raises(ActionRefused, match=r"^Table 2 has not finished\. Wait for it"):
        round_close(round=round_)

    round_.refresh_from_db()
    assert round_.status == Round.Status.IN_PLAY
    assert round_.closed_at is None


def test_finished_tables_no_opponent_confirmed_close_only_on_purpose(event, players):
    round_ = seated(event, players[:12])
    first, second, third = round_.tables.order_by("number")
    for table in (first, second, third):
        record(table, *[NS_MADE, EW_MADE] * 4)
    opponent = second.seats.get(position="E").player
    table_confirm(table=second, player=opponent, seen=table_fingerprint(second.hands.all()))

    with pytest.raises(ActionRefused, match=r"^Tables 1 and 3 have finished, but no opponent"):
        round_close(round=round_)
    # Ticked for table 1 only (table 3 finished after the page was shown): still refused.
    with pytest.raises(ActionRefused, match=r"^Tables 1 and 3 have finished"):
        round_close(round=round_, unconfirmed_ok={1})
    round_.refresh_from_db()
    assert round_.status == Round.Status.IN_PLAY

    round_close(round=round_, unconfirmed_ok={1, 3})

    round_.refresh_from_db()
    assert round_.status == Round.Status.CLOSED
    assert round_.history.latest().history_change_reason == (
        "All tables finished; closed with tables 1 and 3 unconfirmed"
    )


def test_a_forced_close_still_names_the_finished_tables_left_unconfirmed(event, players):
    round_ = seated(event, players[:8])
    first, second = round_.tables.order_by("number")
    record(first, *[NS_MADE, EW_MADE] * 4)
    record(second, NS_MADE)

    with pytest.raises(ActionRefused, match=r"^Table 1 has finished, but no opponent"):
        round_close(round=round_, reason="Time called")

    round_close(round=round_, reason="Time called", unconfirmed_ok={1})
    round_.refresh_from_db()
    assert round_.close_reason == "Time called"


def test_a_round_can_be_force_closed_with_a_reason(event, players):
    round_ = seated(event, players[:8])
    record(round_.tables.get(number=1), NS_MADE)

    round_close(round=round_, reason="  The hall closes at ten  ")

    round_.refresh_from_db()
    assert round_.status == Round.Status.CLOSED
    assert round_.close_reason == "The hall closes at ten"
    assert round_.closed_at is not None
    assert round_.history.latest().history_change_reason == "The hall closes at ten"


def test_a_round_closes_when_every_table_has_finished(event, players):
    round_ = seated(event, players[:8])
    for table in round_.tables.all():
        record(table, *[NS_MADE, EW_MADE] * 4)

    round_close(round=round_, unconfirmed_ok={1, 2})

    round_.refresh_from_db()
    assert round_.status == Round.Status.CLOSED
    assert round_.close_reason == ""
    with pytest.raises(ActionRefused, match="Round 1 is already closed"):
        round_close(round=round_, reason="again")


# --- What the database itself refuses -----------------------------------------------------


def test_the_database_refuses_a_player_seated_twice_in_a_round(event, players):
    round_ = seated(event, players[:5])
    (resting,) = round_.seats.filter(table=None)

    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.create(round=round_, player_id=resting.player_id)
    assert round_.seats.filter(player_id=resting.player_id).count() == 1


def test_the_database_refuses_two_hands_with_one_number(event, players):
    table = seated(event, players[:4]).tables.get()
    Hand.objects.create(table=table, number=1, dealer="N", maker="N", tricks=3)

    with pytest.raises(IntegrityError), transaction.atomic():
        Hand.objects.create(table=table, number=1, dealer="N", maker="E", tricks=5)
    assert table.hands.count() == 1


# --- A round's points per player ----------------------------------------------------------


def test_each_player_scores_what_their_side_scored_at_their_table(event, players):
    round_ = seated(event, players[:9])
    first, second = round_.tables.order_by("number")
    record(first, NS_MADE, {"maker": "W", "tricks": 5}, {"maker": "E", "tricks": 1})
    record(second, {"maker": "S", "alone": True, "tricks": 5})

    points = round_player_points(round_)

    one, two = positions(first), positions(second)
    assert points == {
        one["N"]: 3,
        one["S"]: 3,
        one["E"]: 2,
        one["W"]: 2,
        two["N"]: 4,
        two["S"]: 4,
        two["E"]: 0,
        two["W"]: 0,
    }
    assert sit_outs(round_)[0] not in points
