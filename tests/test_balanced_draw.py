"""A progressive night's first round balanced by rating, through the app: the event's option,
the ratings the ratings app hands tournaments, round_seat and the night's plan."""

import pytest
from conftest import close_round
from django.urls import reverse

from ratings import engine
from ratings.models import PlayerRating
from ratings.services import ratings_for_draw
from tournaments import services
from tournaments.draw import unevenness
from tournaments.seating import seat_round
from tournaments.services import entries_add, night_plan, round_seat

# Shown ratings (1500 a typical regular), in entry order: the four best entered first, so the
# plain draw may well seat them together.
SHOWN = [1900, 1850, 1800, 1750, 1300, 1250, 1200, 1150]


def rate(players, shown) -> dict[int, int]:
    """Give each player a settled rating that shows as `shown`."""
    sigma = 5 / 3  # a regular's: the shown number is 1500 + 25 (mu - 25)
    for player, value in zip(players, shown, strict=True):
        mu = 25 + (value - 1500) / 25
        PlayerRating.objects.create(player=player, mu=mu, sigma=sigma, rounds=40)
        assert engine.shown_value(mu, sigma) == value
    return {p.pk: v for p, v in zip(players, shown, strict=True)}


def strong_together(event, players) -> list:
    """`players` ordered so that rating them by SHOWN seats the four best as the plain draw's
    North-South partners: the plain draw is then as uneven as it can be, whatever the event's
    number (the draw's seed), and the option must change it. Rated as entered, the plain draw
    of some events is already level, and the preview rightly says it is the usual draw."""
    by_pk = {p.pk: p for p in players}
    plain = plain_draw(event, players)
    north_south = [pk for table in plain.tables for pk in (table[0], table[2])]
    east_west = [pk for table in plain.tables for pk in (table[1], table[3])]
    return [by_pk[pk] for pk in north_south + east_west]


def entered(event, players, *, balanced: bool):
    event.balanced_draw = balanced
    event.save()
    entries_add(event=event, players=players)


def plain_draw(event, players):
    """Today's draw: the movement in entry order (what round_seat did before the option)."""
    return seat_round(players=[p.pk for p in players], seed=event.pk, rounds=event.rounds_planned)


def tables(round_) -> list[tuple[int, ...]]:
    return [
        tuple(table.seats.get(position=pos).player_id for pos in "NESW")
        for table in round_.tables.order_by("number")
    ]


def test_with_the_option_on_round_one_partners_the_strong_with_the_weak(event, players):
    ordered = strong_together(event, players[:8])
    rating = rate(ordered, SHOWN)
    entered(event, players[:8], balanced=True)

    seated = tables(round_seat(event=event))

    best = {p.pk for p in ordered[:4]}
    for north, east, south, west in seated:
        # Each table's two sides level, each partnership one of the best four and one other.
        assert rating[north] + rating[south] == rating[east] + rating[west]
        assert len({north, south} & best) == 1 and len({east, west} & best) == 1
    plain = plain_draw(event, players[:8])
    assert unevenness(plain, rating) > (0, 0)  # so the option changed something


def test_with_the_option_off_round_one_is_todays_draw(event, players):
    rate(players[:8], SHOWN)
    entered(event, players[:8], balanced=False)

    assert tables(round_seat(event=event)) == plain_draw(event, players[:8]).tables


def test_with_no_ratings_at_the_club_the_option_draws_as_today(event, players):
    entered(event, players[:13], balanced=True)

    round_ = round_seat(event=event)

    plain = plain_draw(event, players[:13])
    assert tables(round_) == plain.tables
    assert sorted(round_.seats.filter(table=None).values_list("player_id", flat=True)) == (
        plain.sit_out
    )


def test_a_player_not_yet_rated_counts_as_a_new_player(club, players):
    rate(players[:2], [1700, 1600])

    drawn = ratings_for_draw(club, [p.pk for p in players[:3]])

    assert drawn == {players[0].pk: 1700, players[1].pk: 1600, players[2].pk: engine.NEW.shown}
    assert ratings_for_draw(club, [p.pk for p in players[3:6]]) == {}
    # What tournaments reads them by, set when the ratings app starts.
    assert services.ratings_for_draw is ratings_for_draw


def test_later_rounds_follow_the_plan_made_before_round_one(event, players):
    rate(players[:8], SHOWN)
    entered(event, players[:8], balanced=True)
    planned = night_plan(event=event)  # what the tally cards printed before round 1 say

    round_ = round_seat(event=event)
    # Round 1 closing changes the ratings; the night's plan must not change with them.
    PlayerRating.objects.filter(player=players[7]).update(mu=40)
    seated = [tables(round_)]
    for _ in range(event.rounds_planned - 1):
        close_round(round_, reason="No hands: seating test")
        round_ = round_seat(event=event)
        seated.append(tables(round_))

    assert seated == [r.tables for r in planned]


@pytest.mark.parametrize("seated", [False, True])
def test_the_event_form_offers_the_option_until_round_one_is_seated(
    director_client, event, players, seated
):
    if seated:
        entered(event, players[:8], balanced=False)
        round_seat(event=event)

    page = director_client.get(reverse("tournaments:event-edit", args=[event.pk])).content.decode()

    assert "Balance the first round" in page
    at = page.index('name="balanced_draw"')
    field = page[page.rindex("<input", 0, at) : page.index(">", at)]
    assert ("disabled" in field) is seated
    assert ("Fixed now that round 1 is seated" in page) is seated


@pytest.mark.parametrize(
    ("balanced", "rated", "words"),
    [
        (True, True, "Balanced by rating, as the event's settings ask"),
        (True, False, "no one checked in is rated yet"),
        (False, True, None),
    ],
)
def test_the_round_one_preview_says_whether_it_is_balanced(
    director_client, event, players, balanced, rated, words
):
    if rated:
        rate(strong_together(event, players[:8]), SHOWN)
    entered(event, players[:8], balanced=balanced)

    page = director_client.get(
        reverse("tournaments:round-preview", args=[event.pk])
    ).content.decode()

    if words is None:
        assert 'id="balanced"' not in page
    else:
        assert words in page
