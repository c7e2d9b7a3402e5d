"""The director's bracket page: settings, seeding, calling, resets and withdrawals through the
views, every bad input refused in words, and no one else's bracket reachable."""

import datetime
import re

import pytest
from django.urls import reverse

from brackets import services
from brackets.models import Bracket, Match
from clubs.models import Player
from tests.test_brackets_night import make_bracket, play_match
from tournaments.models import Entry, Event, Partnership, Round


def bracket_event(club, teams: int) -> Event:
    event = Event.objects.create(
        club=club, name="Spring knockout", date=datetime.date(2026, 11, 26), format="bracket"
    )
    for n in range(teams):
        team = Partnership.objects.create(event=event, name=f"Aces {n + 1}")
        for letter in "ab":
            player = Player.objects.create(club=club, name=f"Knock {n}{letter}")
            Entry.objects.create(event=event, player=player, partnership=team)
    return event


def text(response) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


@pytest.mark.django_db
def test_before_seeding_the_page_says_how_to_start(director_client, club):
    event = bracket_event(club, 5)
    page = director_client.get(reverse("brackets:bracket", args=[event.pk]))
    assert page.status_code == 200
    assert "5 teams registered" in text(page)
    assert "Draw the seeds" in text(page)


@pytest.mark.django_db
def test_a_draw_seeds_the_teams_and_shows_its_number_and_the_bracket(director_client, club):
    event = bracket_event(club, 6)
    url = reverse("brackets:seed", args=[event.pk])
    response = director_client.post(url, {"how": "draw", "draw_number": "4321"}, follow=True)
    page = text(response)
    assert "draw number 4321" in page
    bracket = Bracket.objects.get(event=event)
    assert bracket.teams.count() == 6 and bracket.draw_number == 4321
    # Six teams: two byes, to seeds 1 and 2, and every team's name in the drawing.
    assert page.count("status-bye") == 2
    for n in range(1, 7):
        assert f"Aces {n}" in page


@pytest.mark.django_db
def test_settings_refuse_a_third_place_match_in_double_elimination(director_client, club):
    event = bracket_event(club, 4)
    url = reverse("brackets:settings", args=[event.pk])
    response = director_client.post(url, {"kind": "double", "best_of": "1", "third_place": "on"})
    assert response.status_code == 400
    assert "Single elimination only" in text(response)
    assert Bracket.objects.get(event=event).kind == "single"


@pytest.mark.django_db
def test_seeding_in_my_order_refuses_a_seed_given_twice(director_client, club):
    event = bracket_event(club, 3)
    teams = list(event.partnerships.order_by("pk"))
    posted = {"how": "order", **{f"seed_{t.pk}": "1" for t in teams}}
    response = director_client.post(reverse("brackets:seed", args=[event.pk]), posted)
    assert response.status_code == 400
    assert "Each seed once: 1 is given to more than one team" in text(response)
    posted = {"how": "order", **{f"seed_{t.pk}": str(3 - i) for i, t in enumerate(teams)}}
    director_client.post(reverse("brackets:seed", args=[event.pk]), posted)
    seeds = dict(Bracket.objects.get(event=event).teams.values_list("partnership_id", "seed"))
    assert seeds == {teams[0].pk: 3, teams[1].pk: 2, teams[2].pk: 1}


@pytest.mark.django_db
def test_seeding_too_few_teams_is_refused_in_words(director_client, club):
    event = bracket_event(club, 2)
    response = director_client.post(
        reverse("brackets:seed", args=[event.pk]), {"how": "draw"}, follow=True
    )
    assert "at least 3 teams" in text(response)
    assert not Bracket.objects.get(event=event).matches.exists()


@pytest.mark.django_db
@pytest.mark.parametrize(
    "table, words",
    [("0", "Table numbers run from 1 to 200"), ("abc", "whole number"), ("", "Give the table")],
)
def test_calling_to_a_bad_table_number_is_refused_in_words(director_client, club, table, words):
    bracket = make_bracket(club, 4)
    url = reverse("brackets:match-call", args=[bracket.event_id, "W1-1"])
    response = director_client.post(url, {"table": table}, follow=True)
    assert words in text(response)
    assert not Match.objects.filter(bracket=bracket, called_at__isnull=False).exists()


@pytest.mark.django_db
def test_calling_shows_the_match_playing_at_its_table_with_the_lowest_free_table_proposed(
    director_client, club
):
    bracket = make_bracket(club, 8)
    url = reverse("brackets:match-call", args=[bracket.event_id, "W1-1"])
    page = text(director_client.post(url, {"table": "1"}, follow=True))
    assert "Match W1-1 called to table 1" in page
    assert re.search(r"Table 1</strong> · Match W1-1", page)
    # The next matches to call propose tables 2, 3 and 4: the lowest free, one each.
    proposed = re.findall(r'name="table" min="1" max="200" value="(\d+)"', page)
    assert proposed == ["2", "3", "4"]


@pytest.mark.django_db
def test_reset_and_withdraw_need_a_reason_and_a_match_or_team_of_this_bracket(
    director_client, club, other_club
):
    bracket = make_bracket(club, 4)
    play_match(bracket, "W1-1", slot=0)
    reset = reverse("brackets:match-reset", args=[bracket.event_id])
    page = text(director_client.post(reset, {"match": "W1-1", "reason": ""}, follow=True))
    assert "No match reset: Say why" in page
    page = text(director_client.post(reset, {"match": "W1-2", "reason": "x"}, follow=True))
    assert "Choose one of the matches listed" in page  # W1-2 was never called
    withdraw = reverse("brackets:team-withdraw", args=[bracket.event_id])
    team = bracket.teams.get(seed=3)
    page = text(director_client.post(withdraw, {"team": team.pk, "reason": " "}, follow=True))
    assert "No team withdrawn: Say why" in page
    stranger = make_bracket(other_club, 3).teams.first()
    page = text(director_client.post(withdraw, {"team": stranger.pk, "reason": "x"}, follow=True))
    assert "Choose one of the teams listed" in page
    assert stranger.__class__.objects.get(pk=stranger.pk).withdrawn_at is None
    page = text(
        director_client.post(withdraw, {"team": team.pk, "reason": "Left early"}, follow=True)
    )
    assert "withdrew: they forfeit their next match" in page
    assert "Walkover" in page
    page = text(director_client.post(reset, {"match": "W1-1", "reason": "Wrong side"}, follow=True))
    assert "Match W1-1 reset" in page


@pytest.mark.django_db
def test_another_clubs_director_and_a_stranger_see_nothing(client, other_director, club):
    bracket = make_bracket(club, 4)
    event = bracket.event
    urls = [
        reverse("brackets:bracket", args=[event.pk]),
        reverse("brackets:match-call", args=[event.pk, "W1-1"]),
        reverse("brackets:team-withdraw", args=[event.pk]),
    ]
    client.force_login(other_director)
    for url in urls:
        posted = {"table": "1", "reason": "x", "team": bracket.teams.first().pk}
        assert client.post(url, posted).status_code == 404
    assert client.get(urls[0]).status_code == 404
    client.logout()
    assert client.get(urls[0]).status_code == 302  # to the login page
    assert not Round.objects.filter(event=event).exists()


@pytest.mark.django_db
def test_a_progressive_event_has_no_bracket_page_and_cannot_be_called(director_client, event):
    assert director_client.get(reverse("brackets:bracket", args=[event.pk])).status_code == 404


@pytest.mark.django_db
def test_an_unknown_match_code_is_a_404_not_a_500(director_client, club):
    bracket = make_bracket(club, 4)
    for code in ["Z9-9", "W1-1'; --"]:
        url = reverse("brackets:match-call", args=[bracket.event_id, "W1-1"]).replace("W1-1", code)
        assert director_client.post(url, {"table": "1"}).status_code == 404
    # A NUL in the address is refused before any view, in words (config/middleware.py).
    url = reverse("brackets:match-call", args=[bracket.event_id, "W1-1"]).replace("W1-1", "%00")
    response = director_client.post(url, {"table": "1"})
    assert response.status_code == 400
    assert "NUL" in response.content.decode()


@pytest.mark.django_db
def test_a_bracket_event_is_not_seated_in_rounds(director_client, club):
    bracket = make_bracket(club, 4)
    response = director_client.post(
        reverse("tournaments:round-seat", args=[bracket.event_id]), follow=True
    )
    assert "A bracket is not seated in rounds" in text(response)
    assert not Round.objects.filter(event=bracket.event).exists()
    page = text(director_client.get(reverse("tournaments:event-detail", args=[bracket.event_id])))
    assert "Open the bracket" in page


@pytest.mark.django_db
def test_the_page_reads_few_queries_for_a_big_bracket(
    director_client, club, django_assert_max_num_queries
):
    bracket = make_bracket(club, 32, kind="double")
    services.match_call(bracket=bracket, code="W1-1", table=1)
    with django_assert_max_num_queries(40):
        assert (
            director_client.get(reverse("brackets:bracket", args=[bracket.event_id])).status_code
            == 200
        )


@pytest.mark.django_db
def test_played_matches_link_their_tables_where_a_hand_is_corrected(director_client, club):
    bracket = make_bracket(club, 4)
    match = play_match(bracket, "W1-1", slot=0)
    table = Round.objects.get(bracket_game__match=match).tables.get()
    page = text(director_client.get(reverse("brackets:bracket", args=[bracket.event_id])))
    assert reverse("tournaments:table-detail", args=[table.pk]) in page
    for url in (
        reverse("tournaments:table-detail", args=[table.pk]),
        reverse("tournaments:round-detail", args=[table.round_id]),
        reverse("tournaments:hand-correct", args=[table.hands.first().pk]),
        reverse("tournaments:standings", args=[bracket.event_id]),
        reverse("tournaments:event-detail", args=[bracket.event_id]),
    ):
        assert director_client.get(url).status_code == 200, url


@pytest.mark.django_db
def test_the_standings_page_csv_and_pdf_rank_teams_by_their_bracket_placings(director_client, club):
    bracket = make_bracket(club, 4)
    # The fourth seed beats the first, then wins the final: placings, not games won, rank them.
    play_match(bracket, "W1-1", slot=1)
    play_match(bracket, "W1-2", slot=0)
    play_match(bracket, "F1", slot=0)
    event = bracket.event
    csv = director_client.get(reverse("tournaments:standings-csv", args=[event.pk]))
    rows = [line for line in csv.content.decode().splitlines() if "Team" in line]
    assert [row.split(",")[1] for row in rows[:2]] == ["Team 4", "Team 2"]
    page = text(director_client.get(reverse("tournaments:standings", args=[event.pk])))
    assert page.index("Team 4") < page.index("Team 2") < page.index("Team 1")
    pdf = director_client.get(f"/events/{event.pk}/print/standings.pdf")
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
    # No column for each game: a bracket's rounds are its games.
    assert not re.search(r">\s*R1\s*<", page)


@pytest.mark.django_db
def test_a_team_name_is_text_on_every_bracket_page_never_markup(director_client, club):
    club.results_public = True
    club.save()
    bracket = make_bracket(club, 4)
    team = bracket.teams.get(seed=1).partnership
    team.name = "<b>Bold</b> & Co"
    team.save()
    event = bracket.event
    for url in [
        reverse("brackets:bracket", args=[event.pk]),
        reverse("public:event", args=[club.slug, event.pk]),
        reverse("public:projector", args=[club.slug, event.pk]),
    ]:
        html = director_client.get(url).content.decode()
        assert "<b>Bold</b>" not in html, url
        assert "&lt;b&gt;Bold&lt;/b&gt; &amp; Co" in html, url


@pytest.mark.django_db
def test_the_draw_is_made_for_the_format_ticked_on_the_page_saved_or_not(director_client, club):
    event = bracket_event(club, 6)
    # The format changed on the page, then "Draw the seeds" pressed without saving it first.
    posted = {"kind": "double", "best_of": "1", "reset": "on", "how": "draw", "draw_number": "5"}
    page = text(
        director_client.post(reverse("brackets:seed", args=[event.pk]), posted, follow=True)
    )
    bracket = Bracket.objects.get(event=event)
    assert bracket.kind == "double" and bracket.draw_number == 5
    assert "Losers&#x27; bracket" in page or "Losers' bracket" in page
    assert bracket.matches.filter(code="L1-1").exists()


@pytest.mark.django_db
def test_a_format_its_seeded_teams_cannot_play_is_refused_and_nothing_of_it_saved(
    director_client, club
):
    """The form passes a third-place match (it cannot count the teams); seeding the 3 teams
    again for it is refused. The old format stands with its own matches, not the new format
    saved over the old format's matches (a page that could no longer be drawn)."""
    event = bracket_event(club, 3)
    director_client.post(
        reverse("brackets:seed", args=[event.pk]), {"how": "draw", "draw_number": "77"}
    )
    bracket = Bracket.objects.get(event=event)
    before = sorted(bracket.matches.values_list("pk", "code"))
    teams = sorted(bracket.teams.values_list("pk", "seed"))
    assert before and not bracket.third_place

    posted = {"kind": "single", "best_of": "3", "third_place": "on"}
    response = director_client.post(reverse("brackets:settings", args=[event.pk]), posted)
    assert response.status_code == 302
    bracket.refresh_from_db()
    # Not the best of three either: the whole post is refused, not its first half.
    assert (bracket.kind, bracket.best_of, bracket.third_place) == ("single", 1, False)
    assert bracket.draw_number == 77
    assert sorted(bracket.matches.values_list("pk", "code")) == before
    assert sorted(bracket.teams.values_list("pk", "seed")) == teams
    page = director_client.get(response["Location"])
    assert page.status_code == 200
    assert "A third-place match needs at least 4 teams" in text(page)
