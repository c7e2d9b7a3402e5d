"""Players who stay at one table (`movements/stays.py`, through `seating.plan_round`): each
keeps their table every round and never sits out, at 8 to 64 players with one to four of
them, through a late arrival and a leaver; the night is the same each time it is planned;
and the figures `manage.py movement_report --stays` gives agree with the seating. Pure: no
database."""

import json
from io import StringIO

import pytest
from django.core.management import call_command

from tournaments.movements import individual_movement, movement_report
from tournaments.movements.stays import kept_in_place, numbers_to_stay, stay_targets
from tournaments.seating import SeatingError, plan_round


def _table(r, player):
    return next((i for i, t in enumerate(r.tables) if player in t), None)


def play(players, rounds, stays, *, seed=3, arrive=None, leave=None, mark_at=0):
    """Seat a whole night round by round as the app does; `arrive`/`leave`: (round index,
    player) checked in or out before that round. Returns the rounds and each plan."""
    entrants = [*players, *([arrive[1]] if arrive else [])]
    past, plans = [], []
    for i in range(rounds):
        present = [p for p in players if not (leave and i >= leave[0] and p == leave[1])]
        if arrive and i >= arrive[0]:
            present.append(arrive[1])
        plan = plan_round(
            players=present,
            past=past,
            rounds=rounds,
            seed=seed,
            entrants=entrants,
            stays=stays if i >= mark_at else (),
        )
        plans.append(plan)
        past.append(plan.next)
    return past, plans


def assert_kept(night, stays, start=0):
    for player in stays:
        tables = {_table(r, player) for r in night[start:]}
        assert None not in tables, f"player {player} sits out"
        assert len(tables) == 1, f"player {player} changes tables: {tables}"
    for r in night[start:]:
        assert len({_table(r, p) for p in stays}) == len(stays), "two stay at one table"


SIZES = [(8, 1), (8, 2), (11, 2), (13, 3), (17, 1), (17, 4), (22, 3), (28, 4), (41, 4), (64, 4)]


@pytest.mark.parametrize(("players", "count"), SIZES)
def test_those_who_stay_keep_their_table_all_night(players, count):
    ids = list(range(201, 201 + players))
    stays = ids[2 : 2 + count]  # not the first entrants: the numbers are chosen for them
    night, plans = play(ids, 6, stays)
    assert_kept(night, stays)
    report = movement_report(night, stays=stays)
    assert not report.errors and not report.twice_in_a_row
    low, high = report.sit_out_range  # among those who move
    assert high - low <= 1
    # Each round follows the plan made before the first: the tally cards stay right.
    assert all(plan.night == plans[0].night for plan in plans)
    assert plans[0].stays == {p: i for i, p in enumerate(stays)}


@pytest.mark.parametrize(("players", "count"), [(9, 2), (17, 2), (24, 4), (33, 3)])
def test_a_late_arrival_keeps_them_where_they_are(players, count):
    ids = list(range(1, players + 1))
    night, _ = play(ids, 7, ids[:count], arrive=(3, 500))
    assert_kept(night, ids[:count])
    assert 500 in night[3].players() and 500 not in night[2].players()


@pytest.mark.parametrize(("players", "count"), [(12, 2), (17, 2), (25, 4), (40, 3)])
def test_a_leaver_keeps_them_where_they_are(players, count):
    ids = list(range(1, players + 1))
    night, _ = play(ids, 7, ids[:count], leave=(4, ids[-1]))
    assert_kept(night, ids[:count])
    assert ids[-1] not in night[4].players()


def test_marked_during_the_night_they_keep_the_table_they_were_at():
    ids = list(range(1, 18))
    night, plans = play(ids, 8, [5, 9], mark_at=3)
    assert_kept(night, [5, 9], start=3)
    # From the round after they were marked the plan holds.
    assert all(plan.night == plans[3].night for plan in plans[3:])
    assert plans[3].stays[5] in {_table(night[2], 5), 0, 1}


def test_staying_costs_nothing_where_the_night_has_room():
    # 40 players over 8 rounds: no two meet twice, and four who never sit out and never
    # meet are found, so the night is the same one, its tables in another order.
    plan = plan_round(players=range(1, 41), rounds=8, stays=[1, 2, 3, 4])
    with_, without = movement_report(plan.night), movement_report(plan.without)
    assert (with_.most_meetings, with_.repeat_meetings) == (1, 0)
    assert (without.most_meetings, without.repeat_meetings) == (1, 0)


def test_numbers_to_stay_never_sit_out_and_never_meet():
    rounds = individual_movement(17, 4).rounds
    chosen = numbers_to_stay(rounds, 3)
    assert len(chosen) == 3
    for r in rounds:
        assert not set(chosen) & set(r.sit_out)
        assert len({_table(r, p) for p in chosen}) == 3


def test_stay_targets_keep_the_table_sat_at_else_the_lowest_free():
    before = individual_movement(12, 1).rounds[0]
    a, b, c = before.tables[2][0], before.tables[2][1], before.tables[0][0]
    assert stay_targets([a, b, c], before, 3) == {a: 2, b: 1, c: 0}
    assert stay_targets([a, b], None, 3) == {a: 0, b: 1}


def test_more_who_stay_than_tables_is_refused_in_words():
    with pytest.raises(SeatingError, match="at most one a table"):
        plan_round(players=range(1, 10), rounds=3, stays=[1, 2, 3])
    with pytest.raises(ValueError):
        kept_in_place(individual_movement(8, 2).rounds, {1: 0, 2: 1, 3: 2}, 0)


def test_the_report_and_the_json_agree_with_the_seating():
    out = StringIO()
    call_command("movement_report", players=17, rounds=8, stays=2, json=True, stdout=out)
    data = json.loads(out.getvalue())
    rounds = data["rounds"]
    assert len(rounds) == 8
    for r in rounds:
        seated = [p for t in r["tables"] for p in t]
        assert sorted(seated + r["sit_out"]) == list(range(1, 18))
        assert [t.index(1) >= 0 for t in r["tables"] if 1 in t]
    # Player 1 and 2 at one table each all night, never out.
    assert {next(i for i, t in enumerate(r["tables"]) if 1 in t) for r in rounds} == {0}
    assert {next(i for i, t in enumerate(r["tables"]) if 2 in t) for r in rounds} == {1}
    # The figures, counted here from the seats.
    met, partners = {}, {}
    for r in rounds:
        for n, e, s, w in r["tables"]:
            for pair in ((n, e), (n, s), (n, w), (e, s), (e, w), (s, w)):
                met[frozenset(pair)] = met.get(frozenset(pair), 0) + 1
            for pair in ((n, s), (e, w)):
                partners[frozenset(pair)] = partners.get(frozenset(pair), 0) + 1
    report = data["report"]
    assert report["most_meetings"] == max(met.values())
    assert report["repeated_meetings"] == sum(c - 1 for c in met.values())
    assert report["partners_again"] == sum(c - 1 for c in partners.values())
    assert data["stays"] == {"1": 1, "2": 2}
    assert data["without_stays"]["repeated_meetings"] <= report["repeated_meetings"]
    # The words say the same.
    words = StringIO()
    call_command("movement_report", players=17, rounds=8, stays=2, stdout=words)
    text = words.getvalue()
    assert "Player 1 stays at table 1." in text
    assert f"repeated meetings in all: {report['repeated_meetings']} / " in text


def test_the_json_of_a_night_without_stays():
    out = StringIO()
    call_command("movement_report", "--players", "9", "--rounds", "3", "--json", stdout=out)
    data = json.loads(out.getvalue())
    movement = individual_movement(9, 3)
    assert [r["tables"] for r in data["rounds"]] == [
        [list(t) for t in r.tables] for r in movement.rounds
    ]
    assert "stays" not in data


def test_too_many_who_stay_on_the_command_line():
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match="at most one player a table"):
        call_command("movement_report", players=9, rounds=3, stays=3, stdout=StringIO())
