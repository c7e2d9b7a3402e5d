"""The season race: each way of counting by value, with its ties said in words (seasons/
counting.py, no database); the season's dates; then two small nights through the pages: the
players' page (private club, hidden player), the director's page, CSV and PDF agreeing, the
settings refusing bad input in words, and the queries not growing with the nights."""

import csv
import datetime
import html
import io
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from pypdf import PdfReader
from test_standings import ROUND_1, ROUND_2, build_night, page_cells, play_round

from clubs import dates
from clubs.models import Player
from seasons import counting
from seasons.counting import AVERAGE, BEST, PLACES, TOTAL, Night, Rules, SeasonLine
from seasons.models import SeasonRules
from tournaments.models import Event

# --- Counting, by value ----------------------------------------------------------------------

DAY = datetime.date(2026, 3, 1)


def night(event_id, points, place=5, *, lone=0, euchred=0):
    return Night(
        event_id, DAY + datetime.timedelta(days=7 * event_id), points, place, 8, lone, euchred
    )


def ranked(rules, **players):
    lines = [SeasonLine(i, name, nights) for i, (name, nights) in enumerate(players.items())]
    return counting.rank(lines, rules)


def table(lines):
    return [(x.name, counting.fmt_place(x), counting.fmt(x.score)) for x in lines]


def test_total_adds_every_night_and_breaks_a_tie_on_loners_then_it_stands():
    lines = ranked(
        Rules(TOTAL),
        Ann=[night(1, 10, lone=1), night(2, 5)],
        Bob=[night(1, 8, lone=2), night(2, 7)],
        Cy=[night(1, 12)],
        Di=[night(2, 12)],
        Ed=[night(1, 20)],
    )
    assert table(lines) == [
        ("Ed", "1", "20"),
        ("Bob", "2", "15"),
        ("Ann", "3", "15"),
        ("Cy", "4=", "12"),
        ("Di", "4=", "12"),
    ]
    assert lines[1].tie == (
        "Bob and Ann are level on 15 (total points): more lone hands made puts Bob (2) ahead "
        "of Ann (1)."
    )
    assert (
        lines[3].tie
        == lines[4].tie
        == "Cy and Di are level on 12 (total points) and on every tie-break: they share 4th place."
    )
    assert not lines[0].tie
    assert counting.ties(lines) == [lines[1].tie, lines[3].tie]


def test_fewest_euchres_break_a_tie_level_on_loners():
    lines = ranked(
        Rules(TOTAL),
        Ann=[night(1, 9, lone=1, euchred=3)],
        Bob=[night(1, 9, lone=1, euchred=1)],
    )
    assert table(lines) == [("Bob", "1", "9"), ("Ann", "2", "9")]
    assert "fewer times euchred as makers puts Bob (1) ahead of Ann (3)" in lines[0].tie


def test_best_nights_count_only_the_best_and_all_nights_break_a_tie():
    lines = ranked(
        Rules(BEST, best_nights=2),
        Ann=[night(1, 10), night(2, 2), night(3, 9)],
        Bob=[night(1, 9), night(2, 10)],
        Cy=[night(1, 20)],
    )
    assert table(lines) == [("Cy", "1", "20"), ("Ann", "2", "19"), ("Bob", "3", "19")]
    assert lines[1].counted == {1, 3}  # her 2-point night left out
    assert "more points over all nights puts Ann (21) ahead of Bob (19)" in lines[1].tie
    assert counting.score_words(Rules(BEST, best_nights=2)) == "Best 2 nights"


def test_of_equal_nights_the_best_are_the_earliest():
    (line,) = ranked(Rules(BEST, best_nights=1), Ann=[night(2, 7), night(1, 7)])
    assert line.counted == {1}


def test_average_needs_the_minimum_of_nights_and_more_nights_break_a_tie():
    lines = ranked(
        Rules(AVERAGE, minimum_nights=2),
        Cy=[night(1, 20)],
        Ann=[night(1, 10), night(2, 6)],
        Bob=[night(1, 8), night(2, 8), night(3, 8)],
        Di=[night(1, 7), night(2, 8), night(3, 8)],  # 7.67 shows as 7.7
    )
    assert table(lines) == [
        ("Bob", "1", "8"),
        ("Ann", "2", "8"),
        ("Di", "3", "7.7"),
        ("Cy", "—", "20"),
    ]
    assert "more nights played puts Bob (3) ahead of Ann (2)" in lines[0].tie
    cy = lines[-1]
    assert not cy.ranked and cy.why == "played 1 night of the 2 nights needed to be ranked"


def test_an_average_is_ranked_on_the_number_shown():
    # 22/3 = 7.33 and 29/4 = 7.25: both show 7.3, so they are level, and nights decide.
    lines = ranked(
        Rules(AVERAGE, minimum_nights=1),
        Ann=[night(1, 8), night(2, 7), night(3, 7)],
        Bob=[night(1, 8), night(2, 7), night(3, 7), night(4, 7)],
    )
    assert table(lines) == [("Bob", "1", "7.3"), ("Ann", "2", "7.3")]


def test_points_by_place_with_points_for_playing_and_wins_break_a_tie():
    rules = Rules(PLACES, place_points=(10, 8, 6), playing_points=1)
    lines = ranked(
        rules,
        Ann=[night(1, 30, place=1), night(2, 3, place=3)],  # 11 + 7
        Bob=[night(1, 20, place=2), night(2, 20, place=2)],  # 9 + 9
        Di=[night(1, 1, place=4)],  # below the table: the point for playing
    )
    assert table(lines) == [("Ann", "1", "18"), ("Bob", "2", "18"), ("Di", "3", "1")]
    assert "more nights won puts Ann (1) ahead of Bob (0)" in lines[0].tie
    assert "10 for 1st, 8 for 2nd, 6 for 3rd; 0 below" in counting.counting_words(rules)


@pytest.mark.parametrize(
    "text, expected",
    [("10, 8, 6, 5, 4, 3, 2, 1", (10, 8, 6, 5, 4, 3, 2, 1)), ("10; 8 6", (10, 8, 6)), ("5", (5,))],
)
def test_a_place_table_is_read_as_written(text, expected):
    assert counting.parse_place_points(text) == expected


@pytest.mark.parametrize(
    "text, words",
    [
        ("10, eight, 6", "“eight” (2nd place) is not a whole number"),
        ("10, -2", "“-2” (2nd place) is not a whole number"),
        ("", "Give the points for 1st place at least"),
        ("6, 8", "2nd place (8) would score more than 1st (6)"),
        ("1.5", "“1.5” (1st place) is not a whole number"),
    ],
)
def test_a_bad_place_table_is_refused_in_words(text, words):
    with pytest.raises(ValueError, match=words.replace("(", r"\(").replace(")", r"\)")):
        counting.parse_place_points(text)


# --- The season's dates ----------------------------------------------------------------------


def test_a_calendar_year_by_default():
    start, end = counting.season_dates(datetime.date(2026, 11, 26))
    assert (start, end) == (datetime.date(2026, 1, 1), datetime.date(2026, 12, 31))
    assert counting.season_name(start, end) == "2026"


@pytest.mark.parametrize(
    "day, season",
    [
        (datetime.date(2025, 9, 1), (datetime.date(2025, 9, 1), datetime.date(2026, 8, 31))),
        (datetime.date(2026, 3, 10), (datetime.date(2025, 9, 1), datetime.date(2026, 8, 31))),
        (datetime.date(2026, 8, 31), (datetime.date(2025, 9, 1), datetime.date(2026, 8, 31))),
        (datetime.date(2026, 9, 1), (datetime.date(2026, 9, 1), datetime.date(2027, 8, 31))),
    ],
)
def test_a_fall_spring_season_from_1_september(day, season):
    assert counting.season_dates(day, 9, 1) == season
    assert counting.season_name(*counting.season_dates(datetime.date(2026, 3, 10), 9, 1)) == (
        "2025–26"
    )


# --- Through the pages -----------------------------------------------------------------------


@pytest.fixture
def season_world(club):
    """Two nights (tests/test_standings.py's): A 8 and C 8 (C's 2 loners to A's 1), F 7, H 6,
    D 4, I 3, B, E and Gloria 2 each, level on every tie-break."""
    first, nine = build_night(club)
    later = Event.objects.create(
        club=club, name="Next week", date=datetime.date(2026, 12, 1), hands_per_round=2
    )
    play_round(later, 1, ROUND_2, sit_out="H", by_name=nine)
    Player.objects.filter(pk=nine["G"].pk).update(name="Gloria Hidden")
    return nine


def words(page: str) -> str:
    """The page's text as read: tags out (each name sits in its own <bdi>)."""
    return html.unescape(re.sub(r"<[^>]+>", "", page))


def season_url(name, club, query="?season=2026"):
    return reverse(f"seasons:{name}", args=[club.slug]) + query


def test_the_players_page_counts_the_season_and_says_its_ties(client, club, season_world):
    page = client.get(season_url("season", club)).content.decode()
    cells = {r[1]: r for r in page_cells(page)}
    assert cells["C"] == ["1", "C", "2", "8"]
    assert cells["A"] == ["2", "A", "2", "8"]
    assert cells["Gloria Hidden"] == ["7=", "Gloria Hidden", "2", "2"]
    assert "more lone hands made puts C (2) ahead of A (1)" in words(page)
    assert "<bdi>C</bdi> (2) ahead of <bdi>A</bdi> (1)" in page
    shared = "B, E and Gloria Hidden are level on 2 (total points) and on every tie-break"
    assert f"{shared}: they share 7th place." in words(page)


def test_the_club_page_links_to_the_season(client, club):
    page = client.get(reverse("public:club", args=[club.slug])).content.decode()
    assert reverse("seasons:season", args=[club.slug]) in page


def test_a_private_clubs_season_is_not_found(client, club, season_world):
    club.results_public = False
    club.save()
    assert client.get(season_url("season", club)).status_code == 404
    assert client.get(season_url("season", club, "")).status_code == 404


def test_a_hidden_player_shows_by_initials_with_no_link(client, club, season_world):
    gloria = season_world["G"]
    Player.objects.filter(pk=gloria.pk).update(shown_publicly=False)
    page = client.get(season_url("season", club)).content.decode()
    assert "Gloria" not in page and "Hidden" not in page
    cells = {r[1]: r for r in page_cells(page)}
    assert cells["G. H."] == ["7=", "G. H.", "2", "2"]
    assert "B, E and G. H. are level on 2 (total points) and on every tie-break" in words(page)
    assert f"/players/{gloria.pk}/" not in page
    # Everyone else's name is the way to their own page.
    a_url = reverse("players:player", args=[club.slug, season_world["A"].pk])
    assert f'href="{a_url}"' in page


def test_an_earlier_season_can_be_chosen(client, club, season_world):
    SeasonRules.objects.create(club=club, start_month=9, start_day=1)
    Event.objects.create(club=club, name="Spring", date=datetime.date(2026, 3, 1))
    Event.objects.create(club=club, name="Last fall", date=datetime.date(2025, 10, 1))
    page = client.get(season_url("season", club, "?season=2025")).content.decode()
    # 2025–26 runs 1 September 2025 to 31 August 2026: neither November night is in it.
    start, end = datetime.date(2025, 9, 1), datetime.date(2026, 8, 31)
    assert f"{dates.day(start, club)} to {dates.day(end, club)}" in page
    # Its two nights had no round played: no nights of the season, and not "so far": that
    # season is over.
    assert f"{dates.day(end, club)}:\n  0 nights." in page
    assert "No one has played a round this season yet." in page
    assert '<option value="2025" selected>2025–26</option>' in page
    current = client.get(season_url("season", club, "?season=2026")).content.decode()
    start, end = datetime.date(2026, 9, 1), datetime.date(2027, 8, 31)
    this = f"{dates.day(start, club)} to {dates.day(end, club)}"
    assert this in current and "C" in page_cells(current)[0]
    # A season the club never had is the current one, not an error.
    assert client.get(season_url("season", club, "?season=1900")).status_code == 200


def pdf_cells(content: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)


@pytest.mark.parametrize("way", [TOTAL, BEST, AVERAGE, PLACES])
def test_the_directors_page_csv_and_pdf_agree_with_the_players_page(
    director_client, club, season_world, way
):
    SeasonRules.objects.create(club=club, counting=way, best_nights=1, minimum_nights=2)
    public = {
        r[1]: (r[0], r[3])
        for r in page_cells(director_client.get(season_url("season", club)).content.decode())
    }
    page = director_client.get(season_url("standings", club)).content.decode()
    score = 3  # place, name, nights, the season's number
    shown = {r[1]: (r[0], r[score]) for r in page_cells(page)}
    rows = list(
        csv.reader(
            io.StringIO(
                director_client.get(
                    season_url("standings", club, "?season=2026&format=csv")
                ).content.decode()
            )
        )
    )
    in_csv = {r[1]: (r[0], r[score]) for r in rows[1:]}
    assert shown == public == in_csv
    pdf = director_client.get(season_url("pdf", club))
    assert pdf["Content-Type"] == "application/pdf"
    text = pdf_cells(pdf.getvalue())
    for name, (place, number) in shown.items():
        # pypdf reads each cell on a line of its own, row after row.
        assert f"{place}\n{name}\n2\n{number}\n" in text, name
    ties = re.findall(r"<li>(.*?)</li>", page.split('<ul id="ties">', 1)[1].split("</ul>")[0])
    assert ties and all(words(t) in " ".join(text.split()) for t in ties)


def test_the_pdf_is_on_the_clubs_paper(director_client, club, season_world):
    club.paper_size = "a4"
    club.save()
    content = director_client.get(season_url("pdf", club)).getvalue()
    box = PdfReader(io.BytesIO(content)).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (595, 842)


def test_another_clubs_director_cannot_see_or_set_the_season(client, other_director, club):
    client.force_login(other_director)
    for name in ("standings", "pdf", "settings"):
        assert client.get(season_url(name, club)).status_code == 404
    response = client.post(season_url("settings", club, ""), {"counting": "best"})
    assert response.status_code == 404 and not SeasonRules.objects.exists()


def test_the_season_pages_need_a_login(client, club):
    for name in ("standings", "pdf", "settings"):
        response = client.get(season_url(name, club))
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]


GOOD = {
    "counting": "places",
    "best_nights": "10",
    "minimum_nights": "3",
    "place_points": "12, 9,7",
    "playing_points": "2",
    "start_month": "9",
    "start_day": "1",
    "progressive_counts": "points",
    "pairs_counts": "place",
    "bracket_counts": "none",
}


def test_the_director_sets_how_the_season_counts(director_client, club):
    response = director_client.post(season_url("settings", club, ""), GOOD)
    assert response.status_code == 302
    rules = SeasonRules.objects.get(club=club)
    assert (rules.counting, rules.place_points, rules.start_month) == ("places", "12, 9, 7", 9)


@pytest.mark.parametrize(
    "field, value, words",
    [
        ("place_points", "10, eight, 6", "“eight” (2nd place) is not a whole number"),
        ("place_points", "6, 8", "2nd place (8) would score more than 1st (6)"),
        ("best_nights", "-2", "Count at least 1 night."),
        ("best_nights", "0", "Count at least 1 night: 0 or less counts none."),
        ("minimum_nights", "many", "The nights needed are a whole number, e.g. 3."),
        ("playing_points", "-1", "Points for playing cannot be below 0."),
        ("start_day", "30", "February has no day 30 every year: choose a day from 1 to 28."),
        ("counting", "sometimes", "Select a valid choice."),
    ],
)
def test_bad_settings_are_refused_in_words_and_nothing_saved(
    director_client, club, field, value, words
):
    data = {**GOOD, field: value}
    if field == "start_day":
        data["start_month"] = "2"
    response = director_client.post(season_url("settings", club, ""), data)
    assert response.status_code == 400
    assert words in response.content.decode().replace("&#x27;", "'")
    assert not SeasonRules.objects.exists()


def test_the_season_reads_in_a_few_queries_whatever_its_nights(client, club, season_world):
    def count() -> int:
        with CaptureQueriesContext(connection) as queries:
            assert client.get(season_url("season", club)).status_code == 200
        return len(queries)

    count()  # the first look keeps the settled nights' lines (seasons/nights.py)
    before = count()
    for week in range(3):
        more = Event.objects.create(
            club=club, name=f"Week {week}", date=datetime.date(2026, 6, 1 + week), hands_per_round=2
        )
        play_round(more, 1, ROUND_1, sit_out="I", by_name=season_world)
    count()
    assert count() == before <= 10


def test_a_tie_parted_for_some_and_standing_for_others_says_both():
    lines = ranked(
        Rules(TOTAL),
        Ann=[night(1, 9, lone=2)],
        Bob=[night(1, 9, lone=1)],
        Cy=[night(1, 9, lone=1)],
    )
    assert table(lines) == [("Ann", "1", "9"), ("Bob", "2=", "9"), ("Cy", "2=", "9")]
    assert lines[0].tie == (
        "Ann, Bob and Cy are level on 9 (total points): more lone hands made puts Ann (2) ahead "
        "of Bob and Cy (1). Bob and Cy stay level on every tie-break and share 2nd place."
    )


def test_each_nights_place_is_its_standings_place_pairs_and_bracket_too(club, season_world):
    from test_brackets_night import make_bracket, play_match
    from test_standings import pairs_event

    from seasons.models import rules_for
    from seasons.season import season_for
    from tournaments.standings import event_standings, events_standings

    pairs_event(club, season_world)
    bracket = make_bracket(club, 4)
    play_match(bracket, "W1-1", slot=0)
    play_match(bracket, "W1-2", slot=1)
    play_match(bracket, "F1", slot=0)  # decided: a bracket counts by its placings once decided
    events = list(club.events.order_by("date", "pk"))
    assert {e.format for e in events} == {"progressive", "pairs", "bracket"}
    with CaptureQueriesContext(connection) as queries:
        together = events_standings(events)
    alone = [event_standings(e) for e in events]
    for one, other in zip(together, alone, strict=True):
        assert [(x.player_id, x.place, x.total) for x in one.players] == [
            (x.player_id, x.place, x.total) for x in other.players
        ]
    # The bracket's placings: the semi-final losers placed 3rd by the bracket, not by points.
    bracket_places = {x.place for x in alone[-1].players}
    assert 3 in bracket_places
    season = season_for(
        club, rules_for(club), datetime.date(2026, 1, 1), datetime.date(2026, 12, 31)
    )
    places = {
        (night.event_id, line.player_id): night.place
        for line in season.lines
        for night in line.nights
    }
    # A pairs or bracket night's place is the partnership's (2nd of 4 teams), not the
    # players' own ranking, which counts both partners of each team above (1st=, 1st=, 3rd=).
    for standings in alone:
        team_place = {pk: t.place for t in standings.teams or [] for pk in t.player_ids}
        assert bool(team_place) == (standings.event.format != "progressive")
        for x in standings.players:
            expected = team_place.get(x.player_id, x.place)
            assert places[(standings.event.pk, x.player_id)] == expected
        if team_place:
            night_places = {places[(standings.event.pk, x.player_id)] for x in standings.players}
            assert night_places == set(team_place.values())
    # Seats with their hands, names, rounds and the pairs' entries for every night at once (4);
    # only the bracket's own figures add their few (its row, teams, matches and games won).
    assert len(queries) <= 8, [q["sql"][:80] for q in queries]


def test_a_night_hiding_its_standings_joins_the_players_season_when_it_ends(
    client, director_client, club, season_world
):
    later = Event.objects.get(name="Next week")
    Event.objects.filter(pk=later.pk).update(standings_hidden=True, rounds_planned=3)
    page = client.get(season_url("season", club)).content.decode()
    # Only the first night counts for the players until the last round closes: A 7, C 7.
    assert {r[1]: r[3] for r in page_cells(page)}["A"] == "7"
    when = dates.day(later.date, club)
    assert f"Next week ({when}) shows its standings when its last round closes" in page
    director = director_client.get(season_url("standings", club)).content.decode()
    assert {r[1]: r[3] for r in page_cells(director)}["A"] == "8"
    Event.objects.filter(pk=later.pk).update(rounds_planned=1)  # its one round is closed
    page = client.get(season_url("season", club)).content.decode()
    assert {r[1]: r[3] for r in page_cells(page)}["A"] == "8"


def test_a_night_not_played_yet_is_no_night_of_the_season(club, season_world):
    from seasons.models import rules_for
    from seasons.season import season_for

    def season():
        dates = datetime.date(2026, 1, 1), datetime.date(2026, 12, 31)
        return season_for(club, rules_for(club), *dates)

    played = season().events
    assert played
    Event.objects.create(club=club, name="Next bracket", date=datetime.date(2026, 12, 5))
    assert season().events == played


def test_a_night_in_play_is_read_with_its_seats_once(director_client, club, season_world):
    # A night with a round in play is never kept (seasons/nights.py): each look reads its
    # standings afresh, and who sat with whom comes from the same seat rows, not a query of
    # its own.
    later = Event.objects.get(name="Next week")
    play_round(later, 2, ROUND_1, sit_out="I", by_name=season_world, close=False)
    url = season_url("standings", club)
    assert director_client.get(url).status_code == 200
    # 1 session, 2 user, 3 club, 4 rules, 5 first event's date, 6 events, 7 kept lines,
    # 8 seats of the night in play with their tables' hands summed, 9 its players' names,
    # 10 its rounds, 11 names.
    with CaptureQueriesContext(connection) as queries:
        assert director_client.get(url).status_code == 200
    assert len(queries) == 11, [q["sql"][:60] for q in queries]


def test_a_night_with_a_round_to_play_is_said_to_count_so_far(client, director_client, club):
    # Round 2 of 3 closed: the night counts as it stands, and both season pages say so.
    night, _ = build_night(club)
    said = f"Small night ({dates.day(night.date, club)}) is still being played: it counts as"
    assert said in client.get(season_url("season", club)).content.decode()
    assert said in director_client.get(season_url("standings", club)).content.decode()
    pdf = pdf_cells(b"".join(director_client.get(season_url("pdf", club)).streaming_content))
    assert "Small night" in pdf and "is still being played: it counts as it stands" in pdf
    Event.objects.filter(pk=night.pk).update(rounds_planned=2)  # its last round is closed
    assert "still being played" not in client.get(season_url("season", club)).content.decode()


def test_a_season_no_night_counts_in_is_refused_and_nothing_saved(director_client, club):
    data = {**GOOD, "progressive_counts": "none", "pairs_counts": "none", "bracket_counts": "none"}
    response = director_client.post(season_url("settings", club, ""), data)
    assert response.status_code == 400
    assert "At least one kind of night must count in the season race:" in words(
        response.content.decode()
    )
    assert not SeasonRules.objects.exists()
    # One kind counting is enough.
    data["bracket_counts"] = "place"
    assert director_client.post(season_url("settings", club, ""), data).status_code == 302


@pytest.mark.parametrize(
    ("best", "sentence"),
    [
        (1, "Each player's best night counts: their points on it are their season's score."),
        (3, "Each player's best 3 nights count: their points on those nights are added up."),
    ],
)
def test_the_best_nights_are_said_in_good_grammar(best, sentence):
    assert counting.counting_words(Rules(BEST, best_nights=best)) == sentence
    heading = "Best night" if best == 1 else f"Best {best} nights"
    assert counting.score_words(Rules(BEST, best_nights=best)) == heading


def test_the_directors_season_table_says_it_scrolls_on_a_narrow_screen(director_client, club):
    SeasonRules.objects.create(club=club, counting="best", best_nights=3)
    page = director_client.get(season_url("standings", club)).content.decode()
    hint = "On a narrow screen the table scrolls sideways: the “Best 3 nights” column, all nights'"
    assert hint in words(page)
    # The table sits in the box the words describe.
    box = re.search(r'<div class="scroll" role="region"[^>]*>', page).group(0)
    assert 'aria-describedby="scroll-hint"' in box
    assert page.index(box) < page.index("<table")
