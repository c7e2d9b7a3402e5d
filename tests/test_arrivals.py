"""A late arrival or an early leaver changes as few routes as the night allows
(`tournaments/movements/arrivals.py`, through `tournaments.seating.plan_round`); pure Python."""

from collections import Counter
from itertools import pairwise

import pytest

from tournaments.movements import movement_report
from tournaments.movements.arrivals import kept_for
from tournaments.movements.core import Round
from tournaments.seating import plan_round


def where(night: list[Round], player: int) -> list:
    """A player's route as a tally card prints where to go: (table, seat) or "out", each round."""
    route = []
    for r in night:
        seat = next(((n, t.index(player)) for n, t in enumerate(r.tables) if player in t), None)
        route.append(seat or ("out" if player in r.sit_out else None))
    return route


def moved(before: list[Round], after: list[Round], players) -> set[int]:
    return {p for p in players if where(before, p) != where(after, p)}


def seated(players, rounds, length, seed, entrants) -> list[Round]:
    past: list[Round] = []
    for _ in range(rounds):
        plan = plan_round(players=players, past=past, rounds=length, seed=seed, entrants=entrants)
        past.append(plan.next)
    return past


def partners_again(night: list[Round]) -> int:
    return movement_report(night).partner_repeats


def check_valid(night: list[Round], players: list[int], from_round: int) -> None:
    for r in night[from_round:]:
        assert sorted(r.players()) == sorted(players)
        assert len(r.sit_out) == len(players) % 4
    for before, after in pairwise(night):
        assert not set(before.sit_out) & set(after.sit_out)
    rests = Counter(p for r in night for p in r.sit_out)
    counts = [rests[p] for p in players]
    assert max(counts) - min(counts) <= 1


@pytest.mark.parametrize("seed", range(1, 13))
def test_a_17th_before_round_2_of_5_moves_at_most_one_player_a_round(seed):
    everyone = list(range(1, 18))
    regulars = everyone[:16]
    first = plan_round(players=regulars, rounds=5, seed=seed, entrants=everyone)

    plan = plan_round(players=everyone, past=[first.next], rounds=5, seed=seed, entrants=everyone)

    assert plan.method == "kept for the players already here"
    assert len(moved(first.night, plan.night, regulars)) <= 4  # one a round, rounds 2 to 5
    check_valid(plan.night, everyone, 1)
    assert partners_again(plan.night) == 0
    assert 17 not in {p for r in plan.night for p in r.sit_out}  # the newcomer plays


@pytest.mark.parametrize("seed", range(1, 13))
def test_a_leaver_after_round_2_of_5_gives_their_seat_to_the_one_sitting_out(seed):
    everyone = list(range(1, 18))
    past = seated(everyone, 2, 5, seed, everyone)
    before = plan_round(players=everyone, past=past, rounds=5, seed=seed, entrants=everyone)
    leaver = before.night[2].tables[0][0]
    staying = [p for p in everyone if p != leaver]

    plan = plan_round(players=staying, past=past, rounds=5, seed=seed, entrants=everyone)

    check_valid(plan.night, staying, 2)
    assert partners_again(plan.night) == 0
    kept = [*past, *kept_for(past, before.night[2:], arrivals=[], leavers=[leaver])]
    if plan.method == "re-planned for the players present":
        # Every card changes only where the plan kept would seat two players together more
        # often than a plan made afresh (16 players can play 5 rounds with no pair twice).
        assert movement_report(kept).most_meetings > movement_report(plan.night).most_meetings
        return
    assert plan.method == "kept for the players already here"
    assert plan.night == kept
    for number in range(2, 5):
        old, new = before.night[number], plan.night[number]
        changed = moved([old], [new], staying)
        if leaver in old.sit_out:
            assert not changed
            continue
        # The one who was to sit out takes the leaver's seat...
        assert set(old.sit_out) - {leaver} <= changed
        if len(changed) > 1:
            # ...and a second player moves only where that alone would partner two again.
            (comer,) = old.sit_out
            alone = Round(
                tables=[tuple(comer if p == leaver else p for p in t) for t in old.tables],
                sit_out=[],
            )
            night = [*plan.night[:number], alone, *plan.night[number + 1 :]]
            assert partners_again(night) > 0
            assert len(changed) == 2


def test_a_leaver_and_a_newcomer_together_swap_routes_and_nobody_else_moves():
    everyone = list(range(1, 18))
    past = seated(everyone[:16], 1, 5, 3, everyone)
    before = plan_round(players=everyone[:16], past=past, rounds=5, seed=3, entrants=everyone)
    staying = [*everyone[1:16], 17]

    plan = plan_round(players=staying, past=past, rounds=5, seed=3, entrants=everyone)

    assert moved(before.night[1:], plan.night[1:], everyone[1:16]) == set()
    assert where(plan.night[1:], 17) == where(before.night[1:], 1)


def test_the_last_table_breaks_up_when_three_must_sit_out():
    everyone = list(range(1, 17))
    past = seated(everyone, 1, 4, 5, everyone)
    before = plan_round(players=everyone, past=past, rounds=4, seed=5, entrants=everyone)
    leaver = before.night[1].tables[0][0]
    staying = [p for p in everyone if p != leaver]

    plan = plan_round(players=staying, past=past, rounds=4, seed=5, entrants=everyone)

    check_valid(plan.night, staying, 1)
    for old, new in zip(before.night[1:], plan.night[1:], strict=True):
        # Only the leaver's table and the last change: no other table is numbered again.
        assert len(new.tables) == len(old.tables) - 1
        for number, table in enumerate(new.tables):
            if leaver not in old.tables[number]:
                assert table == old.tables[number]
        assert len(moved([old], [new], staying)) <= 4


def test_three_sitting_out_and_a_newcomer_make_a_new_table():
    rounds = [Round(tables=[(1, 2, 3, 4), (5, 6, 7, 8)], sit_out=[9, 10, 11])]

    (kept,) = kept_for([], rounds, arrivals=[12], leavers=[])

    assert kept.tables[:2] == rounds[0].tables
    assert sorted(kept.tables[2]) == [9, 10, 11, 12]
    assert kept.sit_out == []


def test_a_plan_kept_after_an_arrival_is_followed_to_the_end():
    everyone = list(range(1, 18))
    past = seated(everyone[:16], 1, 5, 2, everyone)
    plan = plan_round(players=everyone, past=past, rounds=5, seed=2, entrants=everyone)

    for _ in range(4):
        following = plan_round(players=everyone, past=past, rounds=5, seed=2, entrants=everyone)
        assert following.night == plan.night
        past.append(following.next)
