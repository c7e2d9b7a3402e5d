"""One player more on a night with no repeat (`tournaments/movements/grow.py`)."""

from collections import Counter
from itertools import pairwise

import pytest
from conftest import meetings

from tournaments.movements import Round, individual_movement, movement_report
from tournaments.movements.grow import with_one_more
from tournaments.movements.resolvable import resolvable_rounds


@pytest.mark.parametrize(
    ("n", "rounds"), [(29, 9), (33, 9), (37, 11), (41, 13), (45, 13), (49, 15), (53, 12)]
)
def test_a_player_more_keeps_the_night_free_of_repeats_and_sit_outs_fair(n, rounds):
    movement = individual_movement(n, rounds)

    assert "plus one player, no repeats" in movement.method
    assert max(meetings(movement.rounds).values()) == 1
    sat_out = Counter(p for r in movement.rounds for p in r.sit_out)
    assert all(len(r.sit_out) == 1 for r in movement.rounds)
    assert max(sat_out.values()) == 1 and n not in sat_out
    assert not any(set(a.sit_out) & set(b.sit_out) for a, b in pairwise(movement.rounds))
    assert movement_report(movement).problems == []


def test_the_newcomer_takes_the_seat_of_the_one_sitting_out():
    base = resolvable_rounds(28, 9)
    grown = with_one_more(base, 28)

    for before, after in zip(base, grown, strict=True):
        (out,) = after.sit_out
        assert [tuple(29 if p == out else p for p in t) for t in before.tables] == after.tables


def test_no_newcomer_when_the_night_is_too_long_or_has_sit_outs():
    base = resolvable_rounds(16, 5)

    # 17 players in 5 rounds: the newcomer would meet 15 of 16, and no choice fits this design.
    assert with_one_more(base, 16) is None
    assert with_one_more(resolvable_rounds(28, 9) + resolvable_rounds(28, 1), 28) is None
    assert with_one_more([Round(tables=[(1, 2, 3, 4)], sit_out=[5])], 5) is None
