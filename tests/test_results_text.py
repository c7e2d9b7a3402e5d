"""The night's results as plain text (publishing/results_text.py), for the local paper or a
Facebook post, and its "Copy the results" card on the director's event page. Each night is
played through the services, so every figure is the standings' own; the text is checked whole,
by value."""

import datetime

import pytest
from conftest import close_round
from django.urls import reverse
from test_brackets_night import make_bracket
from test_figures_agree_brackets import play
from test_figures_agree_nights import pairs_night  # noqa: F401 (a fixture)
from test_standings import build_night, play_round

from clubs.models import Player
from publishing.models import Link
from publishing.results_text import places_shown, results_copy, results_text
from tournaments.models import Entry, Event


@pytest.fixture
def night(club):
    """tests/test_standings.py's small night (9 players, 2 of 3 rounds closed), played to
    its end: A and C tie for first on points and loners (see EXPECTED there)."""
    event, nine = build_night(club)
    event.rounds_planned = 2
    event.award_most_loners = event.award_high_night = event.award_booby = True
    event.save()
    return event, nine


FINAL = """\
Maple Hall Euchre Club: Small night, Tue, Nov 24, 2026
9 players, 2 rounds.

1st= A: 7 points
1st= C: 7 points
3rd H: 6 points

Side awards:
Most loners: A and C (1 loner, tied: shared)
High night: A and C (7 points, tied: shared)
Booby prize: B, E and G (1 point, tied: shared)"""


def test_a_progressive_night_gives_its_top_three_with_ties_as_the_standings_write_them(night):
    event, _ = night
    assert results_text(event) == FINAL


def test_a_night_still_played_says_where_it_stands_and_its_awards_are_so_far(night):
    event, _ = night
    event.rounds_planned = 3
    event.save()
    assert results_text(event) == (
        "Maple Hall Euchre Club: Small night, Tue, Nov 24, 2026\n"
        "9 players, 2 rounds.\n"
        "Standings after 2 of 3 rounds.\n\n"
        "1st= A: 7 points\n1st= C: 7 points\n3rd H: 6 points\n\n"
        "Side awards, leading so far:\n"
        "Most loners: A and C (1 loner, tied: shared)\n"
        "High night: A and C (7 points, tied: shared)"
    )


def test_the_date_is_written_in_the_clubs_style(night):
    event, _ = night
    event.club.date_style = "en-GB"
    event.club.save()
    assert results_text(event).splitlines()[0] == (
        "Maple Hall Euchre Club: Small night, Tue, 24 Nov 2026"
    )


def test_a_player_who_asked_is_shown_by_initials(night):
    event, nine = night
    Player.objects.filter(pk=nine["A"].pk).update(name="Ann Smith", shown_publicly=False)
    text = results_text(event)
    assert "Ann Smith" not in text
    assert "1st= A. S.: 7 points" in text
    assert "Most loners: A. S. and C (1 loner, tied: shared)" in text


def test_hidden_standings_give_no_text_until_the_last_round_closes(night, director_client):
    event, _ = night
    event.standings_hidden = True
    event.rounds_planned = 3
    event.save()
    assert results_text(event) == ""
    page = director_client.get(reverse("tournaments:event-detail", args=[event.pk]))
    card = page.content.decode().split('id="copy-results"', 1)[1].split("</section>", 1)[0]
    assert "appears here once the standings are shown" in card
    assert "<textarea" not in card and "1st=" not in card
    event.rounds_planned = 2  # the last round played: shown
    event.save()
    assert results_text(event) == FINAL


def test_a_night_with_no_round_played_has_no_text(event):
    assert results_text(event) == ""


def test_the_public_standings_address_only_when_the_club_shows_its_results(night, rf, settings):
    event, _ = night
    settings.HALL = False
    settings.ALLOWED_HOSTS = ["euchre.example.org"]
    request = rf.get("/", HTTP_HOST="euchre.example.org")
    event.club.results_public = False
    event.club.save()
    assert results_text(event, request) == FINAL
    event.club.results_public = True
    event.club.save()
    address = f"http://euchre.example.org/c/maple-hall/events/{event.pk}/"
    assert results_text(event, request) == f"{FINAL}\n\nFull standings: {address}"
    # The hall laptop's own address works on the hall's Wi-Fi only: none for the paper.
    settings.HALL = True
    assert "Full standings" not in results_text(event, request)
    # A laptop linked to the club's server gives the server's address of the night, by its
    # uid: the server's copy has a page number of its own.
    Link.objects.create(club=event.club, server_url="https://club.example.org/", key="k")
    server = f"https://club.example.org/c/e/{event.uid}/"
    assert results_text(event, request) == f"{FINAL}\n\nFull standings: {server}"


def test_the_address_by_uid_leads_to_the_nights_public_page(night, client):
    event, _ = night
    response = client.get(f"/c/e/{event.uid}/")
    assert response.status_code == 302
    assert response["Location"] == reverse("public:event", args=[event.club.slug, event.pk])
    # Unknown, malformed, or a club that keeps its results private: the players' pages' 404.
    assert client.get("/c/e/00000000-0000-0000-0000-000000000000/").status_code == 404
    assert client.get("/c/e/not-a-uid/").status_code == 404
    event.club.results_public = False
    event.club.save()
    assert client.get(f"/c/e/{event.uid}/").status_code == 404


def test_a_big_night_names_its_top_five(club):
    assert (places_shown(39), places_shown(40)) == (3, 5)
    people = [Player.objects.create(club=club, name=f"Player {n:02}") for n in range(40)]
    by_name = {chr(0x100 + n): p for n, p in enumerate(people)}
    letters = list(by_name)
    event = Event.objects.create(
        club=club,
        name="Big night",
        date=datetime.date(2026, 11, 24),
        rounds_planned=1,
        hands_per_round=10,
    )
    Entry.objects.bulk_create(Entry(event=event, player=p) for p in people)
    # Ten tables; at table n, North-South make a march n times (2 points each under Hoyle).
    layout = {
        n: ("".join(letters[4 * (n - 1) : 4 * n]), [{"maker": "N", "tricks": 5}] * n)
        for n in range(1, 11)
    }
    close_round(play_round(event, 1, layout, by_name=by_name, close=False), "Time was up")
    places = results_text(event).split("\n\n")[1].splitlines()
    # Table 10's North-South (20 points), then table 9's (18), then table 8's: 5 places, the
    # pairs sharing them listed together.
    assert places == [
        "1st= Player 36: 20 points",
        "1st= Player 38: 20 points",
        "3rd= Player 32: 18 points",
        "3rd= Player 34: 18 points",
        "5th= Player 28: 16 points",
        "5th= Player 30: 16 points",
    ]


def test_a_pairs_night_names_the_partnerships(pairs_night):  # noqa: F811
    event, people = pairs_night
    team = people["M"].entries.get(event=event).partnership
    team.name = "The Aces"
    team.save()
    event.award_high_night = True
    event.save()
    assert results_text(event) == (
        "Maple Hall Euchre Club: Pairs night, Wed, Nov 25, 2026\n"
        "8 players (4 partnerships), 2 rounds.\n\n"
        "1st The Aces (M & O): 1.5 games won, 4 points\n"
        "2nd Q & S: 1 game won, 2 points\n"
        "3rd R & T: 1 game won, 2 points\n\n"
        "Side awards:\n"
        "High night: The Aces (4 points)"
    )


def test_a_pairs_team_with_a_hidden_player_is_named_by_its_players(pairs_night):  # noqa: F811
    event, people = pairs_night
    team = people["M"].entries.get(event=event).partnership
    team.name = "Mary's Aces"
    team.save()
    Player.objects.filter(pk=people["M"].pk).update(name="Mary Smith", shown_publicly=False)
    text = results_text(event)
    assert "Mary" not in text
    # The typed name gives the player away: the team is its players, as the public pages say.
    assert "1st M. S. & O: 1.5 games won, 4 points" in text


@pytest.mark.django_db
def test_a_bracket_names_its_champions_and_runners_up_as_the_bracket_places_them(club):
    bracket = make_bracket(club, 4, third_place=True)
    event = bracket.event
    said = "The results text appears here once the first match has been played."
    assert results_copy(event) == ("", said)
    play(bracket, "W1-1", "1")  # Team 4 beats Team 1
    play(bracket, "W1-2", "0")  # Team 2 beats Team 3
    assert "Champions" not in results_text(event)  # still being played: no champion yet
    play(bracket, "3P", "0")
    play(bracket, "F1", "1")
    assert results_text(event) == (
        "Maple Hall Euchre Club: Fall bracket, Thu, Nov 26, 2026\n"
        "8 players in 4 teams, 4 matches played.\n\n"
        "Champions: Team 2 (Player 1a & Player 1b)\n"
        "Runners-up: Team 4 (Player 3a & Player 3b)\n"
        "3rd: Team 1 (Player 0a & Player 0b)"
    )


def test_the_director_s_event_page_has_the_card_with_the_text(night, director_client):
    event, _ = night
    page = director_client.get(reverse("tournaments:event-detail", args=[event.pk]))
    html = page.content.decode()
    card = html.split('id="copy-results"', 1)[1].split("</section>", 1)[0]
    assert "<h2>Copy the results</h2>" in card
    # The text's 13 lines (the address of the club's public page last) and one spare.
    assert 'readonly rows="14"' in card
    assert f"Full standings: http://testserver/c/maple-hall/events/{event.pk}/</textarea>" in card
    assert ">Copy the results</button>" in card
    assert 'aria-live="polite"' in card
    assert "copy-results.js" in card
    assert "1st= A: 7 points" in card
    assert "Booby prize: B, E and G (1 point, tied: shared)" in card
