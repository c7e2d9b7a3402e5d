"""Seating a round (`tournaments.seating`): the app's side of the movements; pure Python."""

from collections import Counter
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.movements import full_rotation_length, individual_movement, movement_report
from tournaments.seating import RoundSeating, SeatingError, plan_round, seat_round


def night(players, rounds, seed=0, partnerships=None, length=None) -> list[RoundSeating]:
    """Seat `rounds` rounds one at a time, as the director does, for a night of `length`."""
    past: list[RoundSeating] = []
    for _ in range(rounds):
        past.append(
            seat_round(
                players=players,
                past=past,
                partnerships=partnerships,
                seed=seed,
                rounds=length or rounds,
            )
        )
    return past


def everyone(seating: RoundSeating) -> list[int]:
    return [p for table in seating.tables for p in table] + list(seating.sit_out)


@settings(max_examples=40, deadline=None)
@given(
    players=st.sets(st.integers(1, 10_000), min_size=4, max_size=41),
    seed=st.integers(0, 2**32),
)
def test_every_present_player_is_seated_exactly_once(players, seed):
    seating = seat_round(players=list(players), seed=seed, rounds=6)

    assert sorted(everyone(seating)) == sorted(players)
    assert len(seating.sit_out) == len(players) % 4
    assert all(len(set(table)) == 4 for table in seating.tables)


def test_a_progressive_night_follows_the_movement_in_entry_order():
    entrants = [501, 307, 112, 940, 88, 61, 702, 13, 450, 999, 3, 77, 640]

    seated = night(entrants, 13)

    numbers = {player: number for number, player in enumerate(entrants, start=1)}
    movement = individual_movement(13, 13)
    assert [[tuple(numbers[p] for p in t) for t in r.tables] for r in seated] == [
        r.tables for r in movement.rounds
    ]
    assert movement_report(seated).is_whist


@settings(max_examples=15, deadline=None)
@given(count=st.integers(4, 30), rounds=st.integers(2, 10), seed=st.integers(0, 1000))
def test_sit_outs_are_spread_and_never_twice_in_a_row(count, rounds, seed):
    players = list(range(100, 100 + count))
    past = night(players, rounds, seed)

    # A night shorter than a full rotation is fair after every round; a full rotation at
    # its end (it may trade that for everyone partnering everyone at most once).
    first = 1 if rounds < full_rotation_length(count) else rounds
    for played in range(first, rounds + 1):
        rests = Counter(p for r in past[:played] for p in r.sit_out)
        counts = [rests[p] for p in players]
        assert max(counts) - min(counts) <= 1
    for before, after in pairwise(past):
        assert not set(before.sit_out) & set(after.sit_out)


def test_a_late_arrival_keeps_the_plan_for_the_others_and_the_rest_follows_it():
    regulars = list(range(1, 21))
    past = night(regulars, 3, length=8)

    late = [*regulars, 21]
    plan = plan_round(players=late, past=past, rounds=8, seed=0)
    past.append(plan.next)
    following = plan_round(players=late, past=past, rounds=8, seed=0)

    assert sorted(everyone(plan.next)) == list(range(1, 22))
    assert plan.method == "kept for the players already here"
    assert following.next == plan.night[4]
    assert movement_report(following.night).partner_repeats == 0


def test_an_early_leaver_is_not_seated_again():
    past = night(list(range(1, 18)), 2, length=6)

    seating = seat_round(players=list(range(2, 18)), past=past, rounds=6)

    assert 1 not in everyone(seating)
    assert sorted(everyone(seating)) == list(range(2, 18))


def test_a_round_seated_another_way_is_planned_around():
    past = [RoundSeating(tables=[(1, 2, 3, 4), (5, 6, 7, 8)], sit_out=[])]

    plan = plan_round(players=list(range(1, 9)), past=past, rounds=2)

    assert plan.method == "re-planned around the rounds played"
    assert plan.night[0] == past[0]
    assert movement_report(plan.night).partner_repeats == 0


def test_the_same_seed_gives_the_same_seating():
    players = list(range(1, 30))

    assert night(players, 4, seed=42) == night(players, 4, seed=42)
    assert night(players, 4, seed=42) != night(players, 4, seed=43)


def test_fewer_than_four_players_is_refused():
    with pytest.raises(SeatingError, match="3 players are checked in"):
        seat_round(players=[1, 2, 3])


def test_partnerships_stay_together_and_a_whole_pair_sits_out():
    pairs = [(1, 2), (3, 4), (5, 6), (7, 8), (9, 10)]

    past = night([], 5, partnerships=pairs)

    for seating in past:
        for n, e, s, w in seating.tables:
            assert (min(n, s), max(n, s)) in pairs
            assert (min(e, w), max(e, w)) in pairs
        assert tuple(seating.sit_out) in pairs
    # Five pairs, five rounds: each pair rests once.
    assert sorted(tuple(r.sit_out) for r in past) == pairs


def test_kings_table_uses_the_results_passed_in():
    pairs = [(1, 2), (3, 4), (5, 6), (7, 8)]
    first = seat_round(players=[], partnerships=pairs, pairs_movement="kings")
    (n1, e1, s1, w1), (n2, e2, s2, w2) = first.tables
    # East-West win at table 1, North-South at table 2.
    points = {n1: 3, s1: 3, e1: 10, w1: 10, n2: 10, s2: 10, e2: 5, w2: 5}

    second = seat_round(
        players=[], partnerships=pairs, past=[first], results=[points], pairs_movement="kings"
    )

    top = second.tables[0]
    assert {frozenset((top[0], top[2])), frozenset((top[1], top[3]))} == {
        frozenset((e1, w1)),
        frozenset((n2, s2)),
    }


def test_one_pair_is_refused():
    with pytest.raises(SeatingError, match="1 complete partnership"):
        seat_round(players=[], partnerships=[(1, 2)])
