"""Ratings kept with the club's nights: a closed round counted at once, a correction to a past
hand or a deleted event counted again from that night on (always equal to a rebuild from
nothing), the rebuild command, bracket games, and seeding a bracket by rating."""

import datetime
import io

import pytest
import test_brackets_night as brackets_night
from conftest import close_round
from django.core.management import CommandError, call_command
from django.urls import reverse

from brackets import services as bracket_services
from brackets.models import Bracket
from ratings import engine, services
from ratings.models import CountedRound, NightRating, PlayerRating
from tournaments.models import Event, Hand, Round, Seat, Table
from tournaments.services import entries_add, hand_correct, hand_record, round_seat

NS_POINT = {"maker": "N", "tricks": 3}
EW_POINT = {"maker": "E", "tricks": 3}


def play_night(club, players, day: int, *, rounds=2, close_last=True) -> Event:
    """A night of `rounds` two-hand rounds for `players` (eight: two tables). At odd tables
    North-South make both points; at even ones each side one (a draw) in round 1, East-West
    both after."""
    event = Event.objects.create(
        club=club,
        name=f"Night {day}",
        date=datetime.date(2026, 1, 1) + datetime.timedelta(days=day),
        rounds_planned=rounds,
        hands_per_round=2,
    )
    entries_add(event=event, players=players)
    for number in range(1, rounds + 1):
        round_ = round_seat(event=event, seed=day * 10 + number)
        for table in round_.tables.order_by("number"):
            if table.number % 2:
                hands = [NS_POINT, NS_POINT]
            else:
                hands = [NS_POINT, EW_POINT] if number == 1 else [EW_POINT, EW_POINT]
            for n, hand in enumerate(hands, start=1):
                hand_record(table=table, number=n, data=hand)
        if close_last or number < rounds:
            close_round(round_)
    return event


def stored(club) -> dict:
    """Every stored rating of the club, exactly."""
    return {
        "now": sorted(
            PlayerRating.objects.filter(player__club=club).values_list(
                "player_id", "mu", "sigma", "rounds"
            )
        ),
        "nights": sorted(
            NightRating.objects.filter(event__club=club).values_list(
                "player_id", "event_id", "mu", "sigma", "rounds"
            )
        ),
        "counted": sorted(
            CountedRound.objects.filter(event__club=club).values_list("round_id", "number")
        ),
    }


def rebuilt(club) -> dict:
    services.rebuild(club)
    return stored(club)


@pytest.fixture
def eight(players):
    return players[:8]


@pytest.mark.django_db
def test_a_closed_round_is_counted_at_once_for_its_players(club, eight):
    event = play_night(club, eight, 1, rounds=1)
    round_ = event.rounds.get()
    shown = services.shown_ratings(club)
    assert set(shown) == {p.pk for p in eight}
    assert all(s.rounds == 1 and s.provisional for s in shown.values())
    # Table 1's North-South won; table 2 drew: its four players are still where they began.
    table1 = Table.objects.get(round=round_, number=1)
    seats = dict(Seat.objects.filter(table=table1).values_list("position", "player_id"))
    assert shown[seats["N"]].value > engine.NEW.shown > shown[seats["E"]].value
    table2 = Table.objects.get(round=round_, number=2)
    for pid in Seat.objects.filter(table=table2).values_list("player_id", flat=True):
        assert PlayerRating.objects.get(player_id=pid).mu == engine.START_MU
    assert CountedRound.objects.filter(round=round_).exists()
    history = services.rating_history(eight[0])
    assert [(p.event_id, p.date) for p in history] == [(event.pk, event.date)]
    assert history[0].value == shown[eight[0].pk].value


@pytest.mark.django_db
def test_nights_counted_round_by_round_equal_a_rebuild_and_the_command_says_so(club, eight):
    for day in (1, 2):
        play_night(club, eight, day)
    counted = stored(club)
    assert len(counted["counted"]) == 4 and len(counted["nights"]) == 16
    out = io.StringIO()
    call_command("ratings_rebuild", "--club", club.slug, stdout=out)
    assert stored(club) == counted
    assert "8 players rated from 8 games (4 rounds over 2 nights)" in out.getvalue()
    PlayerRating.objects.all().delete()
    call_command("ratings_rebuild", "--all", stdout=out)
    assert stored(club) == counted


@pytest.mark.django_db
def test_the_rebuild_command_names_an_unknown_club_in_words(club):
    with pytest.raises(CommandError, match="No club has the slug “nowhere”"):
        call_command("ratings_rebuild", "--club", "nowhere")


@pytest.mark.django_db
def test_a_corrected_past_hand_changes_ratings_from_its_night_on_as_a_rebuild_would(
    club, eight, director
):
    nights = [play_night(club, eight, day) for day in (1, 2, 3)]
    before = stored(club)
    # Night 2, round 1, table 1: North-South made both points; the second is given to East-West,
    # so the round is a draw there.
    hand = Hand.objects.get(
        table__round__event=nights[1], table__round__number=1, table__number=1, number=2
    )
    hand_correct(hand=hand, data=EW_POINT, reason="Scored for the wrong side", user=director)
    after = stored(club)
    by_night = lambda rows, event: [r for r in rows if r[1] == event.pk]  # noqa: E731
    assert by_night(after["nights"], nights[0]) == by_night(before["nights"], nights[0])
    for night in nights[1:]:
        assert by_night(after["nights"], night) != by_night(before["nights"], night)
    assert after["now"] != before["now"]
    assert rebuilt(club) == after


@pytest.mark.django_db
def test_a_round_closed_on_an_earlier_night_after_a_later_one_replays_in_order(club, eight):
    early = play_night(club, eight, 1, close_last=False)
    play_night(club, eight, 2)
    close_round(early.rounds.get(number=2))
    assert stored(club) == rebuilt(club)
    assert len(stored(club)["counted"]) == 4


@pytest.mark.django_db
def test_a_deleted_event_leaves_the_ratings_a_rebuild_would_give(club, eight):
    nights = [play_night(club, eight, day) for day in (1, 2, 3)]
    before = stored(club)
    nights[1].delete()
    after = stored(club)
    assert not NightRating.objects.filter(event_id=nights[1].pk).exists()
    assert after["now"] != before["now"]
    assert all(r[3] == 4 for r in after["now"])  # two nights of two rounds left
    assert rebuilt(club) == after


@pytest.mark.django_db
def test_a_round_without_hands_and_a_table_short_of_players_do_not_count(club, eight):
    event = Event.objects.create(club=club, name="Short", date=datetime.date(2026, 2, 1))
    entries_add(event=event, players=eight)
    round_ = round_seat(event=event, seed=1)
    close_round(round_, reason="The hall's lights went out")
    assert services.shown_ratings(club) == {}
    assert CountedRound.objects.filter(round=round_).exists()
    # A table with a seat emptied (the player moved to sit out) is not a game.
    round_ = round_seat(event=event, seed=2)
    for table in round_.tables.all():
        hand_record(table=table, number=1, data=NS_POINT)
    Seat.objects.filter(table__round=round_, table__number=1, position="W").update(
        table=None, position=""
    )
    close_round(round_, reason="Time")
    assert len(services.shown_ratings(club)) == 4
    assert stored(club) == rebuilt(club)


@pytest.mark.django_db
def test_another_clubs_ratings_are_untouched(club, eight, other_club):
    from clubs.models import Player

    theirs = [Player.objects.create(club=other_club, name=f"Rival {n}") for n in range(8)]
    play_night(other_club, theirs, 1, rounds=1)
    kept = stored(other_club)
    play_night(club, eight, 2, rounds=1)
    services.rebuild(club)
    assert stored(other_club) == kept and len(kept["now"]) == 8


# --- Brackets --------------------------------------------------------------------------------


@pytest.mark.django_db
def test_a_bracket_game_counts_when_its_result_is_confirmed_and_a_reset_uncounts_it(club):
    bracket = brackets_night.make_bracket(club, 4)
    match = brackets_night.play_match(bracket, "W1-1", slot=0)
    game_round = Round.objects.get(bracket_game__match=match)
    assert CountedRound.objects.filter(round=game_round).exists()
    shown = services.shown_ratings(club)
    assert len(shown) == 4
    winners = match.bracket.teams.get(seed=1).partnership.entries.all()
    losers = match.bracket.teams.get(seed=4).partnership.entries.all()
    assert min(shown[e.player_id].value for e in winners) > max(
        shown[e.player_id].value for e in losers
    )
    assert stored(club) == rebuilt(club)
    bracket_services.match_reset(match=match, reason="Played with the wrong deck")
    assert services.shown_ratings(club) == {}


@pytest.mark.django_db
def test_seeding_by_rating_puts_the_best_rated_team_first(club, director_client):
    bracket = brackets_night.make_bracket(club, 4)
    teams = list(bracket.event.partnerships.order_by("pk"))
    players = {t.pk: [e.player for e in t.entries.order_by("pk")] for t in teams}
    # Team 3's players are rated best, team 1's next, team 4 is new (a new player's number),
    # team 2's below a new player's.
    values = {teams[2].pk: (30, 2), teams[0].pk: (26, 2), teams[1].pk: (10, 6)}
    for pk, (mu, sigma) in values.items():
        for player in players[pk]:
            PlayerRating.objects.create(player=player, mu=mu, sigma=sigma, rounds=40)
    page = director_client.get(reverse("brackets:bracket", args=[bracket.event_id]))
    assert "By the players' ratings" in page.content.decode().replace("&#x27;", "'")
    response = director_client.post(
        reverse("brackets:seed", args=[bracket.event_id]), {"how": "rating"}
    )
    assert response.status_code == 302
    bracket.refresh_from_db()
    assert bracket.seeding == Bracket.Seeding.RATING
    order = list(bracket.teams.order_by("seed").values_list("partnership_id", flat=True))
    assert order == [teams[2].pk, teams[0].pk, teams[3].pk, teams[1].pk]


@pytest.mark.django_db
def test_a_night_given_another_date_is_counted_in_its_new_place(club, eight):
    nights = [play_night(club, eight, day) for day in (1, 2, 3)]
    before = stored(club)
    nights[0].date = nights[2].date + datetime.timedelta(days=1)
    nights[0].save()
    after = stored(club)
    assert after["now"] != before["now"]
    assert rebuilt(club) == after
