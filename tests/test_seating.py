"""The placeholder seating (`tournaments.seating`): pure Python, no database."""

from collections import Counter
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.seating import RoundSeating, SeatingError, seat_round


def night(players, rounds, seed=0, partnerships=None) -> list[RoundSeating]:
    past: list[RoundSeating] = []
    for number in range(rounds):
        past.append(
            seat_round(players=players, past=past, partnerships=partnerships, seed=seed + number)
        )
    return past


def everyone(seating: RoundSeating) -> list[int]:
    return [p for table in seating.tables for p in table] + list(seating.sit_out)


@settings(max_examples=60, deadline=None)
@given(
    players=st.sets(st.integers(1, 10_000), min_size=4, max_size=41),
    seed=st.integers(0, 2**32),
)
def test_every_present_player_is_seated_exactly_once(players, seed):
    seating = seat_round(players=list(players), seed=seed)

    assert sorted(everyone(seating)) == sorted(players)
    assert len(seating.sit_out) == len(players) % 4
    assert all(len(set(table)) == 4 for table in seating.tables)


@settings(max_examples=30, deadline=None)
@given(count=st.integers(4, 30), rounds=st.integers(2, 10), seed=st.integers(0, 1000))
def test_sit_outs_are_spread_and_never_twice_in_a_row(count, rounds, seed):
    players = list(range(100, 100 + count))
    past = night(players, rounds, seed)

    for played in range(1, rounds + 1):
        rests = Counter(p for r in past[:played] for p in r.sit_out)
        counts = [rests[p] for p in players]
        assert max(counts) - min(counts) <= 1
    for before, after in pairwise(past):
        # With n players and n % 4 sit-outs there is always someone else to rest.
        assert not set(before.sit_out) & set(after.sit_out)


def test_21_players_each_sit_out_once_in_21_rounds():
    past = night(list(range(1, 22)), 21, seed=7)

    assert sorted(p for r in past for p in r.sit_out) == list(range(1, 22))


def test_a_late_arrival_is_seated_with_everyone_else():
    past = night(list(range(1, 21)), 2)

    seating = seat_round(players=list(range(1, 22)), past=past, seed=3)

    assert sorted(everyone(seating)) == list(range(1, 22))


def test_no_repeated_partners_while_avoidable():
    past = night(list(range(1, 17)), 3, seed=11)

    partners = Counter(
        frozenset(pair) for r in past for n, e, s, w in r.tables for pair in ((n, s), (e, w))
    )
    assert max(partners.values()) == 1


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


def test_one_pair_is_refused():
    with pytest.raises(SeatingError, match="1 complete partnership"):
        seat_round(players=[], partnerships=[(1, 2)])
