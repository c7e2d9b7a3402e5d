"""Where the match stands, on the captain's phone: the game's page says which match and game
it is and who leads; once the match is over, the table card's page says who won and where
each team goes next (its next match and table, or out, or its place)."""

import re

import pytest
from django.utils.html import strip_tags

from brackets import services
from tests.test_brackets_night import make_bracket, play_match, table_of, win_game
from tournaments import format_pages
from tournaments.models import TableCard


def page_text(client, club, number: int) -> str:
    """What the phone shows on table card `number`'s page, as read (tags and spacing aside)."""
    card = TableCard.objects.get(club=club, number=number)
    response = client.get(f"/t/{card.token}/")
    assert response.status_code == 200
    return re.sub(r"\s+", " ", strip_tags(response.content.decode()))


@pytest.mark.django_db
def test_after_game_1_of_a_best_of_three_the_page_says_game_2_and_who_leads(client, club):
    bracket = make_bracket(club, 4, best_of=3)
    match = services.match_call(bracket=bracket, code="W1-1", table=2)
    assert "Match W1-1 · Game 1" in page_text(client, club, 2)
    win_game(table_of(match), 1)  # Team 4, seated East-West, takes game 1
    shown = page_text(client, club, 2)
    assert "Match W1-1 · Game 2 · Team 4 leads 1–0" in shown
    # A fresh game: its own score from nothing, under the match's.
    assert "0 hands played" in shown


@pytest.mark.django_db
def test_a_best_of_three_tied_1_1_plays_game_3(client, club):
    bracket = make_bracket(club, 4, best_of=3)
    match = services.match_call(bracket=bracket, code="W1-1", table=2)
    win_game(table_of(match), 0)
    win_game(table_of(match), 1)
    shown = page_text(client, club, 2)
    assert "Match W1-1 · Game 3 · tied 1–1" in shown
    assert "leads" not in shown


@pytest.mark.django_db
def test_a_match_of_one_game_is_named_without_games(client, club):
    bracket = make_bracket(club, 4)
    services.match_call(bracket=bracket, code="W1-2", table=1)
    shown = page_text(client, club, 1)
    assert "Match W1-2" in shown and "Game" not in shown.split("Hands")[0]


@pytest.mark.django_db
def test_single_elimination_card_says_the_result_and_where_each_team_goes(client, club):
    bracket = make_bracket(club, 4, best_of=3)
    match = services.match_call(bracket=bracket, code="W1-1", table=2)
    for slot in (0, 1, 1):
        win_game(table_of(match), slot)
    shown = page_text(client, club, 2)
    assert "Match W1-1 is over" in shown
    assert "Team 4 won the match 2–1 against Team 1." in shown
    assert "Team 4 plays match F1 next, and waits for its opponent, the winner of W1-2." in shown
    assert "Team 1 is out: 3rd–4th place." in shown

    # The other semi-final: the final's teams are known, then it is called to table 3.
    play_match(bracket, "W1-2", slot=0, table=3)
    assert "Team 4 plays match F1 next, against Team 2, when the director calls it" in (
        page_text(client, club, 2)
    )
    services.match_call(bracket=bracket, code="F1", table=3)
    assert "Team 4 plays match F1 next, at table 3." in page_text(client, club, 2)
    for slot in (0, 0):
        win_game(table_of(bracket.matches.get(code="F1")), slot)
    final = page_text(client, club, 3)
    assert "Team 4 won the match 2–0 against Team 2." in final
    assert "Team 4 wins the bracket: 1st place." in final
    assert "Team 2 finishes 2nd." in final


@pytest.mark.django_db
def test_the_result_stays_until_the_next_match_is_called_to_the_table(client, club):
    bracket = make_bracket(club, 4)
    play_match(bracket, "W1-1", slot=0, table=2)
    assert "Match W1-1 is over" in page_text(client, club, 2)
    services.match_call(bracket=bracket, code="W1-2", table=2)
    shown = page_text(client, club, 2)
    assert "W1-1 is over" not in shown and "Match W1-2" in shown


@pytest.mark.django_db
def test_double_elimination_card_sends_the_loser_to_the_losers_side(client, club):
    bracket = make_bracket(club, 4, kind="double")
    play_match(bracket, "W1-1", slot=0, table=1)
    shown = page_text(client, club, 1)
    assert "Team 1 won the match against Team 4." in shown
    assert "Team 1 plays match W2-1 next, and waits for its opponent, the winner of W1-2." in shown
    assert "Team 4 plays match L1-1 next, and waits for its opponent, the loser of W1-2." in shown
    assert "is out" not in shown

    play_match(bracket, "W1-2", slot=1, table=1)
    shown = page_text(client, club, 1)
    assert "Team 3 plays match W2-1 next, against Team 1, when the director calls it" in shown
    assert "Team 2 plays match L1-1 next, against Team 4, when the director calls it" in shown
    # The losers' side: a second loss puts a team out, with its place from the standings.
    play_match(bracket, "L1-1", slot=0, table=1)
    assert "Team 2 is out: 4th place." in page_text(client, club, 1)


@pytest.mark.django_db
def test_the_game_that_decided_the_match_is_headed_with_its_result(club):
    bracket = make_bracket(club, 4, best_of=3)
    match = services.match_call(bracket=bracket, code="W1-1", table=2)
    for slot in (1, 0):
        win_game(table_of(match), slot)
    deciding = win_game(table_of(match), 1)
    # Through the registry the captain's pages read, as a page left open on that game shows it.
    heading = strip_tags(format_pages.match_heading(deciding))
    assert heading == "Match W1-1 · Game 3 · Team 4 won the match 2–1"


@pytest.mark.django_db
def test_a_next_opponent_that_withdrew_is_said_so(client, club):
    bracket = make_bracket(club, 4)
    play_match(bracket, "W1-1", slot=0, table=2)
    play_match(bracket, "W1-2", slot=0, table=3)
    services.team_withdraw(team=bracket.teams.get(seed=2), reason="Called home")
    shown = page_text(client, club, 2)
    assert "Team 1 goes through match F1 without playing: its opponent withdrew." in shown
