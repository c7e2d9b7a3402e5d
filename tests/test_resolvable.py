"""Short nights with no repeat: the resolvable designs for 16, 28, 40, 52 and 64 players (and
one fewer), and what the report says against the most a night of that size allows."""

import io
from collections import Counter
from itertools import pairwise

import pytest
from conftest import meetings
from django.core.management import call_command

from tournaments.movements import Round, individual_movement, movement_report
from tournaments.movements.limits import repeat_free_limit
from tournaments.movements.resolvable import (
    QUADRUPLES,
    _all_rounds,
    find_quadruples,
    most_rounds,
    resolvable_rounds,
)


@pytest.mark.parametrize("n", sorted(QUADRUPLES))
def test_every_shipped_design_seats_every_two_players_together_exactly_once(n):
    rounds = _all_rounds(n)
    met = meetings(rounds)

    assert len(rounds) == (n - 1) // 3
    for r in rounds:
        assert sorted(p for table in r.tables for p in table) == list(range(1, n + 1))
        assert all(len(table) == 4 for table in r.tables)
    assert len(met) == n * (n - 1) // 2
    assert set(met.values()) == {1}


@pytest.mark.parametrize(
    ("n", "rounds"), [(n, r) for n in sorted(QUADRUPLES) for r in range(1, (n - 1) // 3 + 1)]
)
def test_every_night_up_to_the_design_has_no_repeat_and_says_so(n, rounds):
    movement = individual_movement(n, rounds)
    report = movement_report(movement)

    assert len(movement.rounds) == rounds
    assert max(meetings(movement.rounds).values()) == 1
    assert report.repeat_meetings == 0 and report.first_repeat is None
    assert report.problems == [] and movement.notes == []
    assert f"{n} × {rounds}: no pair meets twice" in report.repeat_words()


@pytest.mark.parametrize("n", [15, 27, 39, 51, 63])
def test_one_player_fewer_plays_as_long_with_one_sit_out_each_never_twice_running(n):
    rounds = n // 3
    movement = individual_movement(n, rounds)
    report = movement_report(movement)

    assert len(movement.rounds) == rounds
    assert max(meetings(movement.rounds).values()) == 1
    assert Counter(p for r in movement.rounds for p in r.sit_out) == Counter(range(1, n + 1))
    assert not any(set(a.sit_out) & set(b.sit_out) for a, b in pairwise(movement.rounds))
    assert report.problems == []
    assert report.repeat_words() == (
        f"{n} × {rounds}: no pair meets twice. No night of {n} players is longer without a repeat."
    )


def test_the_check_fails_when_two_players_of_a_design_change_places():
    rounds = [Round(tables=list(r.tables), sit_out=[]) for r in _all_rounds(28)]
    first, second = rounds[1].tables[1], rounds[1].tables[2]
    rounds[1].tables[1] = (second[0], *first[1:])
    rounds[1].tables[2] = (first[0], *second[1:])

    assert max(meetings(rounds).values()) == 2
    assert movement_report(rounds).repeat_meetings > 0


@pytest.mark.parametrize("n", [16, 28, 40])
def test_the_search_finds_the_shipped_quadruples_again(n):
    # 52 and 64 take 1 s and 25 s: `python -m tournaments.movements.resolvable` redoes them.
    assert find_quadruples(QUADRUPLES[n]["group"]) == QUADRUPLES[n]["quadruples"]


def test_the_search_says_when_a_group_has_no_quadruples():
    assert find_quadruples((9,)) is None


def test_a_longer_night_starts_with_the_design_then_plans_the_rest():
    movement = individual_movement(28, 12)
    report = movement_report(movement)

    assert movement.rounds[:9] == _all_rounds(28)
    assert report.first_repeat == 10
    assert report.partner_repeats == 0
    assert "28 × 12: players meet again from round 10 (rounds 1 to 9 have none)" in (
        report.repeat_words()
    )


@pytest.mark.parametrize(
    ("players", "rounds", "exact"),
    [
        (5, 1, True),
        (8, 1, True),
        (12, 1, True),
        (13, 1, True),
        (15, 5, True),
        (16, 5, True),
        (17, 5, False),
        (20, 5, True),
        (23, 8, False),
        (24, 7, True),
        (27, 9, True),
        (28, 9, True),
        (32, 10, True),
        (36, 11, True),
        (44, 14, False),
        (40, 13, True),
        (52, 17, True),
        (64, 21, True),
        (100, 33, True),
    ],
)
def test_the_most_rounds_without_a_repeat(players, rounds, exact):
    limit = repeat_free_limit(players)

    assert (limit.rounds, limit.exact) == (rounds, exact)
    if players in QUADRUPLES:
        assert most_rounds(players) == rounds


def test_a_design_is_not_asked_for_more_rounds_than_it_has():
    assert resolvable_rounds(28, 10) is None
    assert resolvable_rounds(28, 0) is None
    assert resolvable_rounds(24, 3) is None


def test_movement_report_tells_the_director_what_the_night_achieves():
    out = io.StringIO()

    call_command("movement_report", "--players", "28", "--rounds", "9", stdout=out)

    text = out.getvalue()
    assert "Movement: resolvable design, no repeats." in text
    assert "28 × 9: no pair meets twice. No night of 28 players is longer without a repeat." in (
        text
    )
