"""The players' pages (no login, read-only) and the club's table cards across rounds and
events: what a player or a captain with nothing but a phone can see and do."""

import datetime
import re

import pytest
from conftest import close_round
from django.urls import reverse
from test_standings import build_night, page_cells

from clubs.models import Player
from tournaments import services
from tournaments.models import Event, TableCard
from tournaments.printouts import data


@pytest.fixture
def night(club):
    """Nine players, rounds 1 and 2 of 3 played (tests/test_standings.py works it out)."""
    return build_night(club)[0]


def public(name, event, *more):
    return reverse(f"public:{name}", args=[event.club.slug, event.pk, *more])


def test_anyone_sees_the_clubs_events_without_logging_in(client, night):
    response = client.get(reverse("public:club", args=["maple-hall"]))
    assert response.status_code == 200
    assert public("event", night) in response.content.decode()


def test_the_event_page_shows_where_everyone_sits_in_the_latest_round(client, night):
    html = client.get(public("event", night)).content.decode()
    assert "Round 2: where everyone sits" in html
    # A at table 1, East, partner C (tests/test_standings.py's round 2), H sits out.
    a = re.search(r'id="seat-\d+">\s*<a[^>]*><strong><bdi>A</bdi>.*?</li>', html, re.S).group(0)
    assert "Table <strong>1</strong>, East" in a and "partner <bdi>C</bdi>" in a
    h = re.search(r"<bdi>H</bdi>.*?</li>", html, re.S).group(0)
    assert "sits out this round" in h


def test_the_next_round_shows_as_soon_as_it_is_seated(client, night):
    assert "Round 3 is being seated" in client.get(public("event", night)).content.decode()
    services.round_seat(event=night)
    html = client.get(public("event", night)).content.decode()
    assert "Round 3: where everyone sits" in html and "Round 3 is in play." in html


def test_a_player_finds_their_name_accents_and_case_aside(client, club, event, players):
    zoe = Player.objects.create(club=club, name="Zoë Brontë")
    services.entries_add(event=event, players=[*players[:7], zoe])
    services.round_seat(event=event)
    html = client.get(public("event", event) + "?name=zoe bron").content.decode()
    assert "<bdi>Zoë Brontë</bdi>" in html and "1 name with" in html
    # Only her line (her table-mates are named in it, as partner and opponents).
    assert re.findall(r'<li id="seat-(\d+)"', html) == [str(zoe.pk)]
    html = client.get(public("event", event) + "?name=nobody").content.decode()
    assert "has “nobody” in their name: check the spelling" in html


def test_public_standings_are_the_directors_numbers(client, director_client, night):
    director = director_client.get(reverse("tournaments:standings", args=[night.pk]))
    players = client.get(public("event", night)).content.decode()
    assert page_cells(players.split('id="standings"')[1]) == page_cells(director.content.decode())
    # Fixed in place order: no sort links for players.
    assert "?sort=" not in players


def test_a_players_night_shows_rounds_partners_points_and_hands(client, night):
    a = Player.objects.get(club=night.club, name="A")
    html = client.get(public("player", night, a.pk)).content.decode()
    assert "Round 1" in html and "Round 2" in html and "Partner <bdi>C</bdi>" in html
    assert "table 1, North" in html and "table 1, East" in html
    assert "Place <strong>" in html
    assert "<td>1</td>" in html  # hand 1's row


def test_public_pages_reach_no_director_page_and_no_table_card(client, night):
    services.round_seat(event=night)
    a = Player.objects.get(club=night.club, name="A")
    pages = [
        reverse("public:club", args=["maple-hall"]),
        public("event", night),
        public("player", night, a.pk),
        public("projector", night),
    ]
    tokens = list(TableCard.objects.values_list("token", flat=True))
    codes = list(TableCard.objects.values_list("code", flat=True))
    assert tokens
    for page in pages:
        response = client.get(page)
        assert response.status_code == 200, page
        html = response.content.decode()
        hrefs = re.findall(r'href="([^"]+)"', html)
        # The menu's "Captains" page (/t/, where a code is typed) opens nothing by itself.
        assert not [h for h in hrefs if re.match(r"/(events|rounds|tables|hands|clubs)/|/t/.", h)]
        assert not any(t in html for t in tokens), page
        assert not any(f">{c}<" in html for c in codes), page


def test_a_private_club_shows_nothing(client, night, director_client):
    night.club.results_public = False
    night.club.save()
    a = Player.objects.get(club=night.club, name="A")
    for page in (
        reverse("public:club", args=["maple-hall"]),
        public("event", night),
        public("player", night, a.pk),
    ):
        assert client.get(page).status_code == 404, page
    # The hall's screen says why it may show nothing, as it does for an unknown club (the same
    # page: tests/test_private_club.py), and nothing of the night.
    answer = client.get(public("projector", night))
    assert answer.status_code == 404
    assert "keeps its results to its directors" in answer.content.decode()
    assert night.name not in answer.content.decode()
    # The director's own projector still works for the hall's screen.
    projector = reverse("tournaments:standings-projector", args=[night.pk])
    assert director_client.get(projector).status_code == 200


def test_another_clubs_event_is_not_found_under_this_clubs_address(client, night, other_club):
    assert client.get(reverse("public:event", args=[other_club.slug, night.pk])).status_code == 404
    a = Player.objects.get(club=night.club, name="A")
    assert client.get(public("player", night, a.pk + 1000)).status_code == 404


def test_hidden_standings_stay_hidden_until_the_last_round_closes(client, night):
    night.standings_hidden = True
    night.save()
    a = Player.objects.get(club=night.club, name="A")
    html = client.get(public("event", night)).content.decode()
    assert 'id="standings-hidden"' in html and "<table" not in html
    assert "Place <strong>" not in client.get(public("player", night, a.pk)).content.decode()
    projector = client.get(public("projector", night)).content.decode()
    assert 'id="screen-standings"' not in projector and '<bdi class="name">A<' not in projector
    round_3 = services.round_seat(event=night)
    close_round(round_3, "Last round: time called")
    html = client.get(public("event", night)).content.decode()
    assert 'id="standings-hidden"' not in html and "Final standings" in html
    # The night is over: no seats to find any more.
    assert "where everyone sits" not in html and "The night is over" in html


def test_the_projector_has_the_public_pages_qr_code_and_no_links(client, night, settings):
    settings.PUBLIC_URL = "http://192.168.1.50:8000"
    html = client.get(public("projector", night)).content.decode()
    assert "<svg" in html and f"http://192.168.1.50:8000{public('event', night)}" in html
    assert "<a " not in html


def test_the_projector_names_who_sits_out_beside_the_tables(client, night):
    """Nine players: one sits out each round, and looks for their name on the screen too."""
    round_3 = services.round_seat(event=night)
    out = [s.player.name for s in round_3.seats.filter(table=None).select_related("player")]
    assert len(out) == 1
    html = client.get(public("projector", night)).content.decode()
    box = re.search(r'id="sitting-out">.*?</div>', html, re.S)
    assert box, "no sitting-out box on the seating screen"
    assert "<h3>Sitting out</h3>" in box.group(0) and f"<bdi>{out[0]}</bdi>" in box.group(0)


# --- The club's table cards across rounds and events ---------------------------------------------


def card_page(client, event, number, query=""):
    card = TableCard.objects.get(club=event.club, number=number)
    return client.get(reverse("tournaments:captain-table", args=[card.token]) + query)


def test_a_card_says_when_its_table_is_not_used_this_round(client, event, players):
    services.entries_add(event=event, players=players[:8])
    services.round_seat(event=event)
    TableCard.objects.ensure(event.club, 5)
    html = card_page(client, event, 5).content.decode()
    assert "Table 5 is not in use in round 1" in html


def test_a_card_says_when_nothing_is_in_play(client, club):
    TableCard.objects.ensure(club, 1)
    html = card_page(client, Event(club=club), 1).content.decode()
    assert "No event is in play at Maple Hall Euchre Club now" in html


def test_a_card_between_rounds_says_the_seats_will_show(client, night):
    TableCard.objects.ensure(night.club, 1)
    html = card_page(client, night, 1).content.decode()
    assert "Round 3 is being seated" in html and 'http-equiv="refresh"' in html


def test_two_events_in_play_number_their_tables_apart_so_one_card_opens_one_table(
    client, club, event, players
):
    other = Event.objects.create(
        club=club, name="Side game", date=datetime.date(2026, 11, 24), rounds_planned=2
    )
    services.entries_add(event=event, players=players[:8])
    services.entries_add(event=other, players=players[8:16])
    services.round_seat(event=event)
    # The side game, seated while the night is in play, continues after its tables.
    assert other.table_offset() == 2
    tallies = data.tally_cards(other, services.night_plan(event=other))
    assert {row.table for card in tallies for row in card.rows} == {"3", "4"}
    first = services.round_seat(event=other)
    assert sorted(first.tables.values_list("number", flat=True)) == [3, 4]
    for number, name in ((1, event.name), (2, event.name), (3, "Side game"), (4, "Side game")):
        html = card_page(client, event, number).content.decode()
        assert "which is yours?" not in html and 'id="hand-form"' in html, number
        assert name in html, number
    # Its tables keep their numbers all night, the first event's round closed or not.
    close_round(event.rounds.get(), reason="The night ends")
    close_round(first, reason="Time")
    second = services.round_seat(event=other)
    assert sorted(second.tables.values_list("number", flat=True)) == [3, 4]
    html = card_page(client, event, 1).content.decode()
    assert "Table 1 is not in use in round 2" in html
    assert "Side game's tables this round are tables 3 to 4." in " ".join(html.split())


def test_a_card_asks_which_event_when_two_in_play_share_its_number(client, club, event, players):
    """The first event grew after the second was seated beside it: both have a table 3."""
    other = Event.objects.create(club=club, name="Side game", date=datetime.date(2026, 11, 24))
    services.entries_add(event=event, players=players[:8])
    services.entries_add(event=other, players=players[8:16])
    round_one = services.round_seat(event=event)
    services.round_seat(event=other)  # tables 3 and 4
    close_round(round_one, reason="Short round")
    services.entries_add(event=event, players=players[16:20])
    first = services.round_seat(event=event).tables.get(number=3)
    second = other.rounds.get().tables.get(number=3)
    html = card_page(client, event, 3).content.decode()
    assert "Two events are in play: which is yours?" in html
    assert f"?table={first.pk}" in html and f"?table={second.pk}" in html
    chosen = card_page(client, event, 3, f"?table={second.pk}").content.decode()
    assert "Side game" in chosen and 'id="hand-form"' in chosen


def test_reissued_cards_stop_working_and_the_new_ones_work(client, director_client, night):
    services.round_seat(event=night)
    old = TableCard.objects.get(club=night.club, number=1)
    url = reverse("tournaments:cards-reissue", args=["maple-hall"])
    director_client.post(url)  # not ticked: nothing changes
    assert TableCard.objects.get(pk=old.pk).token == old.token
    director_client.post(url, {"understood": "yes"})
    new = TableCard.objects.get(pk=old.pk)
    assert new.token != old.token and new.code != old.code
    assert client.get(reverse("tournaments:captain-table", args=[old.token])).status_code == 404
    code = reverse("tournaments:captain-code")
    assert client.post(code, {"code": old.code}).status_code == 404
    assert client.post(code, {"code": new.code}).status_code == 302
    assert client.get(reverse("tournaments:captain-table", args=[new.token])).status_code == 200


def test_only_the_clubs_director_reissues_its_cards(client, other_director, night):
    TableCard.objects.ensure(night.club, 2)
    before = list(TableCard.objects.values_list("token", flat=True))
    client.force_login(other_director)
    url = reverse("tournaments:cards-reissue", args=["maple-hall"])
    assert client.post(url, {"understood": "yes"}).status_code == 404
    assert list(TableCard.objects.values_list("token", flat=True)) == before


def test_a_director_keeps_the_clubs_results_private_in_its_settings(director_client, club):
    url = reverse("clubs:club-settings", args=[club.slug])
    data = {"name": club.name, "rules_preset": "hoyle-2001", "paper_size": "letter"}
    assert director_client.post(url, data).status_code == 302  # the box left unticked
    club.refresh_from_db()
    assert club.results_public is False
    director_client.post(url, {**data, "results_public": "on"})
    club.refresh_from_db()
    assert club.results_public is True


def test_a_director_hides_an_events_standings_in_its_settings(director_client, event):
    html = director_client.get(reverse("tournaments:event-edit", args=[event.pk])).content
    assert b'name="standings_hidden"' in html


def test_the_home_page_leads_players_to_the_clubs_showing_results(client, club, other_club):
    other_club.results_public = False
    other_club.save()
    html = client.get("/").content.decode()
    assert reverse("public:club", args=[club.slug]) in html
    assert reverse("public:club", args=[other_club.slug]) not in html


@pytest.mark.parametrize(
    "path",
    [
        "/c/maple-hall/events/{huge}/",
        "/c/maple-hall/events/{event}/players/{huge}/",
        "/c/maple-hall/events/{huge}/projector/",
        "/c/maple-hall/events/{event}/?name=%00%F0%9F%83%8F" + "x" * 500,
        "/c/maple-hall/events/{event}/projector/?seconds=%C2%B2",
        "/t/{card}/?table={huge}",
    ],
)
def test_crafted_addresses_are_not_found_or_ignored_never_a_crash(client, night, path):
    TableCard.objects.ensure(night.club, 1)
    card = TableCard.objects.get(club=night.club, number=1)
    url = path.format(huge=10**30, event=night.pk, card=card.token)
    assert client.get(url).status_code in (200, 400, 404)  # 400: a NUL (tests/test_nul.py)


@pytest.mark.parametrize(
    "asked, seconds",
    [
        ("9" * 5000, 60),  # more digits than int() reads
        ("0" * 5000 + "7", 7),
        ("0" * 5000, 3),
        ("100", 60),
        ("60", 60),
        ("007", 7),
        ("2", 3),
        ("", 12),
        ("-5", 12),
        ("²", 12),
    ],
)
def test_the_projector_takes_any_seconds_as_a_number_in_range_or_the_default(
    client, night, asked, seconds
):
    url = reverse("public:projector", args=[night.club.slug, night.pk])
    response = client.get(url, {"seconds": asked})
    assert response.status_code == 200
    assert f'data-seconds="{seconds}"' in response.content.decode()
