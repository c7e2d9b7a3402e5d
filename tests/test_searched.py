"""Nights with no repeat found by search (`tournaments/movements/searched.py`): 24 players for
7 rounds, 36 for 11, 44 for 13, 48 for 15, and one player fewer."""

from collections import Counter
from itertools import pairwise

import pytest
from conftest import meetings

from tournaments.movements import individual_movement, movement_report
from tournaments.movements.limits import repeat_free_limit
from tournaments.movements.searched import NIGHTS, _rounds, most_searched_rounds


@pytest.mark.parametrize("n", sorted(NIGHTS))
def test_every_shipped_night_seats_everyone_and_no_pair_twice_for_the_most_rounds(n):
    rounds = _rounds(n)

    for r in rounds:
        assert sorted(p for table in r.tables for p in table) == list(range(1, n + 1))
        assert all(len(table) == 4 for table in r.tables)
    assert max(meetings(rounds).values()) == 1
    # Counting allows (n - 1) // 3 rounds: each player meets 3 new players a round. A night
    # that long settles the most possible; 44 players reach 13 of 14.
    limit = repeat_free_limit(n)
    assert len(rounds) <= (n - 1) // 3 == limit.rounds
    assert limit.exact == (len(rounds) == limit.rounds)
    assert len(rounds) == {24: 7, 36: 11, 44: 13, 48: 15}[n]


@pytest.mark.parametrize(
    ("n", "rounds"), [(n, r) for n in sorted(NIGHTS) for r in range(1, most_searched_rounds(n) + 1)]
)
def test_every_night_up_to_the_shipped_one_has_no_repeat_and_says_so(n, rounds):
    movement = individual_movement(n, rounds)
    report = movement_report(movement)

    assert len(movement.rounds) == rounds
    assert report.first_repeat is None and report.problems == [] and movement.notes == []
    assert report.repeat_words().startswith(f"{n} × {rounds}: no pair meets twice")


@pytest.mark.parametrize("n", [23, 35, 43, 47])
def test_one_player_fewer_sits_out_the_missing_players_table_mates(n):
    rounds = most_searched_rounds(n + 1)
    movement = individual_movement(n, rounds)

    assert movement.method == "night found by search less one player, no repeats"
    assert max(meetings(movement.rounds).values()) == 1
    sat_out = Counter(p for r in movement.rounds for p in r.sit_out)
    assert sum(sat_out.values()) == 3 * rounds and max(sat_out.values()) == 1
    assert not any(set(a.sit_out) & set(b.sit_out) for a, b in pairwise(movement.rounds))
    assert movement_report(movement).problems == []


def test_a_longer_night_starts_with_the_shipped_rounds():
    movement = individual_movement(24, 9)

    assert movement.rounds[:7] == _rounds(24)
    assert movement_report(movement).first_repeat == 8
