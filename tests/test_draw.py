"""The first round's draw balanced by rating (`tournaments.draw`, and `seating.plan_round` with
`ratings`): pure Python, no database."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.draw import balanced_first_round, table_gap, unevenness
from tournaments.movements import Round, individual_movement, movement_report
from tournaments.seating import plan_round, seat_round


def drawn(players: list[int]) -> Round:
    """A plain draw: four by four in the order given, the rest sitting out."""
    seated = len(players) - len(players) % 4
    return Round(
        tables=[tuple(players[i : i + 4]) for i in range(0, seated, 4)],
        sit_out=sorted(players[seated:]),
    )


def partnerships(round_: Round) -> list[set[int]]:
    return [p for n, e, s, w in round_.tables for p in ({n, s}, {e, w})]


def test_the_four_best_at_one_table_are_split_up_and_partnered_with_the_four_weakest():
    # Entry order put the club's four best at table 1, the four weakest at table 2.
    rating = {1: 1900, 2: 1800, 3: 1700, 4: 1600, 5: 1500, 6: 1400, 7: 1300, 8: 1200}
    plain = drawn(list(rating))

    balanced = balanced_first_round(plain, rating)

    assert unevenness(plain, rating) == (200, 200)
    assert unevenness(balanced, rating) == (0, 0)
    best, weakest = {1, 2, 3, 4}, {5, 6, 7, 8}
    for pair in partnerships(balanced):
        assert len(pair & best) == 1 and len(pair & weakest) == 1
    assert balanced.sit_out == plain.sit_out


def test_the_strongest_partners_the_weakest():
    rating = dict(zip(range(1, 9), [1500, 1500, 1500, 2100, 1500, 900, 1500, 1500], strict=True))

    balanced = balanced_first_round(drawn(list(rating)), rating)

    assert {4, 6} in partnerships(balanced)
    assert unevenness(balanced, rating) == (0, 0)


def test_whoever_sits_out_still_sits_out():
    rating = {p: 1000 + 37 * p for p in range(1, 12)}
    plain = drawn([11, 3, 7, 1, 9, 2, 10, 4, 5, 8, 6])

    balanced = balanced_first_round(plain, rating)

    assert balanced.sit_out == plain.sit_out == [5, 6, 8]
    assert sorted(balanced.players()) == sorted(plain.players())


def test_everyone_rated_the_same_keeps_the_plain_draw_itself():
    plain = drawn(list(range(1, 14)))

    assert balanced_first_round(plain, dict.fromkeys(range(1, 14), 1000)) is plain


def test_a_draw_already_even_is_kept():
    # Each table already has its two partnerships level: nothing to gain, nothing moves.
    rating = {1: 1800, 2: 1700, 3: 1200, 4: 1300, 5: 1600, 6: 1500, 7: 1400, 8: 1500}
    plain = drawn(list(rating))

    assert unevenness(plain, rating) == (0, 0)
    assert balanced_first_round(plain, rating) is plain


def test_a_table_gap_is_north_south_against_east_west():
    rating = {1: 1600, 2: 1500, 3: 1400, 4: 1000}

    assert table_gap((1, 2, 3, 4), rating) == (1600 + 1400) - (1500 + 1000)


@settings(max_examples=200, deadline=None)
@given(
    ratings=st.lists(st.integers(0, 2500), min_size=4, max_size=45),
    order=st.randoms(use_true_random=False),
)
def test_balanced_tables_are_never_less_even_than_the_plain_draw(ratings, order):
    players = list(range(101, 101 + len(ratings)))
    order.shuffle(players)
    rating = dict(zip(range(101, 101 + len(ratings)), ratings, strict=True))
    plain = drawn(players)

    balanced = balanced_first_round(plain, rating)

    assert unevenness(balanced, rating) <= unevenness(plain, rating)
    # The same players, the same number of tables of four, the same players sitting out.
    assert sorted(balanced.players()) == sorted(plain.players())
    assert len(balanced.tables) == len(plain.tables)
    assert all(len(set(t)) == 4 for t in balanced.tables)
    assert balanced.sit_out == plain.sit_out
    # Balancing the same draw again gives the same seats: the preview is what is seated.
    assert balanced_first_round(plain, rating) == balanced


# --- Through the seating: the movement renumbered, never changed -----------------------------

ENTRANTS = [501, 307, 112, 940, 88, 61, 702, 13, 450, 999, 3, 77, 640]
# Ratings the plain draw seats unevenly (every table's sides tens of points apart or more).
RATINGS = dict(
    zip(
        ENTRANTS,
        [1820, 1040, 1500, 1610, 990, 1475, 1300, 1733, 1150, 1490, 1225, 1380, 1000],
        strict=True,
    )
)


def night(players, rounds, ratings, length=None):
    """Seat `rounds` rounds one at a time, as the director does; the ratings are read for round
    1 only, as the app gives them (an empty mapping once round 1 is seated)."""
    past = []
    for _ in range(rounds):
        past.append(
            seat_round(
                players=players,
                past=past,
                rounds=length or rounds,
                ratings=None if ratings is None else (ratings if not past else {}),
            )
        )
    return past


def test_round_one_is_balanced_and_the_night_is_the_same_movement_renumbered():
    plain = night(ENTRANTS, 13, None)
    balanced = night(ENTRANTS, 13, RATINGS)

    assert unevenness(balanced[0], RATINGS) < unevenness(plain[0], RATINGS)
    assert balanced[0].sit_out == plain[0].sit_out
    # Round 1's seats name each number of the movement; every round follows it.
    number = {
        player: slot
        for seats, players in zip(
            individual_movement(13, 13).rounds[0].tables, balanced[0].tables, strict=True
        )
        for slot, player in zip(seats, players, strict=True)
    }
    number.update(
        {p: ENTRANTS.index(p) + 1 for p in balanced[0].sit_out}  # sit-outs keep theirs
    )
    movement = individual_movement(13, 13)
    assert [[tuple(number[p] for p in t) for t in r.tables] for r in balanced] == [
        r.tables for r in movement.rounds
    ]
    assert movement_report(balanced).is_whist


@pytest.mark.parametrize("players", [8, 12, 17, 24])
def test_a_balanced_night_is_as_fair_as_the_plain_one(players):
    entrants = list(range(1, players + 1))
    ratings = {p: 1000 + (p * 389) % 1000 for p in entrants}

    plain = movement_report(night(entrants, 7, None))
    balanced = movement_report(night(entrants, 7, ratings))

    assert balanced.partner_repeats == plain.partner_repeats
    assert balanced.most_meetings == plain.most_meetings
    assert sorted(balanced.sit_outs.values()) == sorted(plain.sit_outs.values())


def test_the_night_plan_before_round_one_is_what_each_round_seats():
    before = plan_round(players=ENTRANTS, rounds=6, ratings=RATINGS).night

    assert night(ENTRANTS, 6, RATINGS, length=6) == before


def test_without_ratings_or_with_none_kept_the_draw_is_the_plain_one():
    plain = seat_round(players=ENTRANTS, rounds=6)

    assert seat_round(players=ENTRANTS, rounds=6, ratings={}) == plain
    assert seat_round(players=ENTRANTS, rounds=6, ratings=dict.fromkeys(ENTRANTS, 1000)) == plain


def test_a_late_arrival_after_a_balanced_round_one_is_seated_and_nobody_partners_twice():
    past = night(ENTRANTS[:12], 1, RATINGS, length=6)
    for _ in range(5):
        past.append(seat_round(players=ENTRANTS, past=past, rounds=6, ratings={}))

    report = movement_report(past)
    assert report.partner_repeats == 0
    assert all(640 in r.players() for r in past[1:])
