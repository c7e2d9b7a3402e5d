"""Players shown by their initials on the printouts for the wall and the players (issue 39,
found by attack, item 7): a player who asked not to be shown on public pages appeared in full
on the bracket sheet (the blank one too), the match score sheets, the standings PDF and the
season PDF; the night's score sheets and tally cards too. Each is read back by the text
extracted from the PDF: their initials, never their name; the director's CSV keeps the name."""

import pytest
from conftest import close_round
from django.urls import reverse
from test_brackets_night import make_bracket, play_match
from test_printouts import pdf_bytes, pdf_text, words

from tournaments import services

HIDDEN, SHOWN_AS = "Quentin Zebulon", "Q. Z."


def hide(player) -> None:
    player.name, player.shown_publicly = HIDDEN, False
    player.save()


def assert_initials_only(content: bytes, also_shown: str, what: str) -> None:
    text = words(" ".join(pdf_text(content)))
    assert "Zebulon" not in text and "Quentin" not in text, (what, text)
    assert SHOWN_AS in text, (what, text)
    assert also_shown in text, (what, text)  # the other players keep their names


@pytest.mark.django_db
def test_the_bracket_sheets_show_a_hidden_player_by_initials(director_client, club):
    bracket = make_bracket(club, 4)
    team = bracket.event.partnerships.order_by("pk").first()
    team.name = ""  # named by its players: "Quentin Zebulon & Player 0b"
    team.save()
    hide(team.entries.order_by("pk").first().player)
    play_match(bracket, "W1-2", slot=0)
    pdfs = {
        "bracket sheet": ("brackets:sheet", ""),
        "blank bracket sheet": ("brackets:sheet", "?blank=1"),
        "match score sheets": ("brackets:score-sheets", ""),
        "score sheet of W1-1": ("brackets:score-sheets", "?match=W1-1"),
    }
    for what, (name, query) in pdfs.items():
        url = reverse(name, args=[bracket.event_id]) + query
        content = pdf_bytes(director_client.get(url))
        assert_initials_only(content, also_shown="Player 0b", what=what)


@pytest.mark.django_db
def test_the_bracket_sheets_show_a_hidden_players_named_team_by_its_players(director_client, club):
    bracket = make_bracket(club, 4)
    team = bracket.teams.get(seed=1).partnership
    team.name = "The Zebulons"  # typed by the director: their surname, on the wall
    team.save()
    hide(team.entries.order_by("pk").first().player)
    play_match(bracket, "W1-1", slot=0)
    for name, query in [("brackets:sheet", ""), ("brackets:score-sheets", "?match=W1-1")]:
        url = reverse(name, args=[bracket.event_id]) + query
        content = pdf_bytes(director_client.get(url))
        assert "Zebulons" not in words(" ".join(pdf_text(content))), url
        assert_initials_only(content, also_shown="Player 0b", what=url)


@pytest.fixture
def played_night(event, players):
    hide(players[0])
    services.entries_add(event=event, players=players[:8])
    round_ = services.round_seat(event=event, seed=1)
    for table in round_.tables.all():
        for number in range(1, event.hands_per_round + 1):
            services.hand_record(table=table, number=number, data={"maker": "N", "tricks": 3})
    close_round(round_)
    return event


@pytest.mark.django_db
def test_the_nights_printouts_show_a_hidden_player_by_initials(director_client, played_night):
    pdfs = {
        "standings": ("printout-standings", ""),
        "score sheets": ("printout-sheets", ""),
        "filled score sheets": ("printout-sheets", "?filled=1"),
        "tally cards": ("printout-tally", ""),
    }
    for what, (name, query) in pdfs.items():
        url = reverse(f"tournaments:{name}", args=[played_night.pk]) + query
        content = pdf_bytes(director_client.get(url))
        assert_initials_only(content, also_shown="Ben Carter", what=what)
    # The director's own CSV keeps the name.
    csv = director_client.get(reverse("tournaments:standings-csv", args=[played_night.pk]))
    assert HIDDEN in b"".join(csv.streaming_content if csv.streaming else [csv.content]).decode()


@pytest.mark.django_db
def test_the_season_pdf_shows_a_hidden_player_by_initials(director_client, played_night):
    url = reverse("seasons:pdf", args=[played_night.club.slug])
    query = "?start=2026-01-01&end=2026-12-31"
    content = pdf_bytes(director_client.get(url + query))
    assert_initials_only(content, also_shown="Ben Carter", what="season")
