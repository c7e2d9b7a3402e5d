"""How each format counts in the season race (issue 39, 4): a progressive night by its points,
a pairs night and a bracket by place (or, as the club says, not at all), never a bracket's
game points, which grow with the games a team plays, so its runners-up can outscore its
winners. By value first (seasons/counting.py, no database), then through the season's pages,
its PDF and the director's settings."""

import datetime
import html
import io
import re

import pytest
from pypdf import PdfReader
from test_brackets_night import make_bracket, play_match
from test_seasons import GOOD, season_url
from test_standings import build_night, page_cells, pairs_event

from seasons import counting
from seasons.counting import (
    AVERAGE,
    BEST,
    BRACKET,
    BY_PLACE,
    BY_POINTS,
    NOT_COUNTED,
    PAIRS,
    PLACES,
    PROGRESSIVE,
    TOTAL,
    Night,
    Rules,
    SeasonLine,
)
from seasons.models import SeasonRules, rules_for
from seasons.season import season_for
from tournaments.standings import event_standings

DAY = datetime.date(2026, 3, 1)


def night(event_id, points, place, fmt=PROGRESSIVE):
    return Night(event_id, DAY + datetime.timedelta(days=event_id), points, place, 8, format=fmt)


def scores(rules, **players):
    lines = [SeasonLine(i, name, nights) for i, (name, nights) in enumerate(players.items())]
    return [
        (x.name, counting.fmt_place(x), counting.fmt(x.score)) for x in counting.rank(lines, rules)
    ]


# --- By value --------------------------------------------------------------------------------

# The night: the runners-up of a bracket scored 92 points over 8 games, the winners
# fewer over fewer games; on the club night before, the winners had the more points.
RUNNERS_UP = [night(1, 70, 2), night(2, 92, 2, BRACKET)]
WINNERS = [night(1, 72, 1), night(2, 60, 1, BRACKET)]


def test_a_brackets_game_points_never_count_its_place_does_by_default():
    # 72 + 10 + 1 for playing against 70 + 8 + 1: the bracket's winners lead.
    assert scores(Rules(TOTAL), Runners=RUNNERS_UP, Winners=WINNERS) == [
        ("Winners", "1", "83"),
        ("Runners", "2", "79"),
    ]


def test_a_format_counted_not_at_all_is_left_out_and_a_player_of_it_alone_is_no_line():
    rules = Rules(TOTAL, ways={PROGRESSIVE: BY_POINTS, PAIRS: NOT_COUNTED, BRACKET: NOT_COUNTED})
    only = [night(3, 50, 1, PAIRS)]
    assert scores(rules, Runners=RUNNERS_UP, Winners=WINNERS, Only=only) == [
        ("Winners", "1", "72"),
        ("Runners", "2", "70"),
    ]


def test_a_progressive_night_may_count_by_place_too():
    rules = Rules(TOTAL, ways={PROGRESSIVE: BY_PLACE, PAIRS: BY_PLACE, BRACKET: BY_PLACE})
    # 2nd and 2nd: 9 + 9; 1st and 1st: 11 + 11.
    assert scores(rules, Runners=RUNNERS_UP, Winners=WINNERS) == [
        ("Winners", "1", "22"),
        ("Runners", "2", "18"),
    ]


def test_a_shared_place_scores_its_top_and_a_place_off_the_table_the_points_for_playing():
    rules = Rules(TOTAL, place_points=(10, 8, 6), playing_points=2)
    assert counting.place_score(3, rules) == 8
    assert counting.place_score(9, rules) == 2
    assert counting.place_score(0, rules) == 2  # no place (never counted as 1st)


def test_the_line_says_how_each_format_counts():
    assert counting.formats_words(Rules(TOTAL)) == (
        "Progressive nights count their points; pairs nights and brackets count by finishing "
        "place (10 for 1st, 8 for 2nd, 6 for 3rd, 5 for 4th, 4 for 5th, 3 for 6th, 2 for 7th, "
        "1 for 8th; 0 below) plus 1 point for playing, a bracket's place being how far the "
        "team went in it."
    )
    assert (
        counting.formats_words(
            Rules(PLACES, ways={PROGRESSIVE: BY_POINTS, PAIRS: BY_PLACE, BRACKET: NOT_COUNTED})
        )
        == "Progressive nights and pairs nights count by finishing place; brackets do not count."
    )
    assert counting.formats_words(Rules(PLACES)) == (
        "Progressive nights, pairs nights and brackets all count by finishing place, a "
        "bracket's place being how far the team went in it."
    )


# --- Through the season ----------------------------------------------------------------------


@pytest.fixture
def three_formats(club):
    """A progressive night and a pairs night of the same nine players, and a decided bracket
    of four teams of their own: teams 1 and 2 beat 4 and 3, then team 1 wins the final."""
    first, nine = build_night(club)
    pairs = pairs_event(club, nine)
    bracket = make_bracket(club, 4)
    play_match(bracket, "W1-1", slot=0)
    play_match(bracket, "W1-2", slot=0)
    play_match(bracket, "F1", slot=0)
    return first, pairs, bracket.event


def season(club):
    return season_for(club, rules_for(club), datetime.date(2026, 1, 1), datetime.date(2026, 12, 31))


def bracket_scores(lines, event) -> dict[str, int]:
    return {line.name: n.points for line in lines for n in line.nights if n.event_id == event.pk}


def test_a_bracket_counts_its_teams_places_not_their_game_points(client, club, three_formats):
    first, pairs, cup = three_formats
    found = season(club)
    by_name = {x.name: x for x in found.lines}
    # Team 1 won (11: 10 for 1st and 1 for playing), team 2 runners-up (9), teams 3 and 4
    # out in the semi-finals share 3rd (6 + 1).
    got = bracket_scores(found.lines, cup)
    assert got == {
        "Player 0a": 11,
        "Player 0b": 11,
        "Player 1a": 9,
        "Player 1b": 9,
        "Player 2a": 7,
        "Player 2b": 7,
        "Player 3a": 7,
        "Player 3b": 7,
    }
    # Their game points are not in the season at all.
    standings = {x.name: x.total for x in event_standings(cup).players}
    assert standings["Player 0a"] != 11 and by_name["Player 0a"].total == 11
    # The pairs night by the partnership's place, the progressive night by its points.
    teams = {pk: t.place for t in event_standings(pairs).teams for pk in t.player_ids}
    night_points = {x.player_id: x.total for x in event_standings(first).players}
    for line in found.lines:
        for n in line.nights:
            if n.event_id == pairs.pk:
                assert n.points == counting.place_score(teams[line.player_id], found.rules)
            if n.event_id == first.pk:
                assert n.points == night_points[line.player_id]
    # The players' page ranks by the same numbers.
    page = client.get(season_url("season", club)).content.decode()
    cells = {r[1]: r[3] for r in page_cells(page)}
    assert cells["Player 0a"] == "11" and cells["Player 1a"] == "9"


def test_a_bracket_still_being_played_counts_once_decided(client, club):
    build_night(club)
    bracket = make_bracket(club, 4)
    play_match(bracket, "W1-1", slot=0)
    found = season(club)
    assert found.undecided == [bracket.event]
    assert not [x for x in found.lines if x.name.startswith("Player ")]
    page = client.get(season_url("season", club)).content.decode()
    assert "Fall bracket (" in page and "counts when its bracket is decided" in page
    play_match(bracket, "W1-2", slot=0)
    play_match(bracket, "F1", slot=0)
    found = season(club)
    assert found.undecided == [] and bracket.event in found.events


def test_a_format_the_club_does_not_count_is_no_night_of_the_season(club, three_formats):
    first, pairs, cup = three_formats
    SeasonRules.objects.create(club=club, pairs_counts=NOT_COUNTED, bracket_counts=NOT_COUNTED)
    found = season(club)
    assert found.events == [first]
    assert all(n.event_id == first.pk for x in found.lines for n in x.nights)
    assert not [x for x in found.lines if x.name.startswith("Player ")]


def test_the_season_page_and_its_pdf_say_how_each_format_counts(
    client, director_client, club, three_formats
):
    SeasonRules.objects.create(club=club, bracket_counts=NOT_COUNTED)
    line = (
        "Progressive nights count their points; pairs nights count by finishing place (10 for "
        "1st, 8 for 2nd, 6 for 3rd, 5 for 4th, 4 for 5th, 3 for 6th, 2 for 7th, 1 for 8th; 0 "
        "below) plus 1 point for playing; brackets do not count."
    )
    for page in (
        client.get(season_url("season", club)).content.decode(),
        director_client.get(season_url("standings", club)).content.decode(),
    ):
        said = re.search(r'<p id="formats">(.*?)(<a |</p>)', page, re.S).group(1)
        assert " ".join(html.unescape(said).split()) == line
    pdf = director_client.get(season_url("pdf", club)).getvalue()
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    assert line in " ".join(text.split())


# --- The director's settings -----------------------------------------------------------------


def test_the_settings_offer_each_format_its_ways_with_the_defaults_ticked(director_client, club):
    page = director_client.get(season_url("settings", club, "")).content.decode()
    for name, ways, ticked in (
        ("progressive_counts", ["points", "place", "none"], "points"),
        ("pairs_counts", ["place", "none"], "place"),
        ("bracket_counts", ["place", "none"], "place"),
    ):
        inputs = re.findall(rf'<input[^>]*name="{name}"[^>]*>', page)
        assert [re.search(r'value="(\w+)"', i).group(1) for i in inputs] == ways
        assert [re.search(r'value="(\w+)"', i).group(1) for i in inputs if "checked" in i] == [
            ticked
        ]


def test_the_director_sets_how_each_format_counts(director_client, club):
    data = {**GOOD, "counting": "total", "pairs_counts": "none", "bracket_counts": "place"}
    assert director_client.post(season_url("settings", club, ""), data).status_code == 302
    rules = SeasonRules.objects.get(club=club)
    assert rules.counting_rules().ways == {
        PROGRESSIVE: BY_POINTS,
        PAIRS: NOT_COUNTED,
        BRACKET: BY_PLACE,
    }


@pytest.mark.parametrize(
    "change, field, words",
    [
        ({"pairs_counts": "points"}, "pairs_counts", "Select a valid choice."),
        ({"bracket_counts": "points"}, "bracket_counts", "Select a valid choice."),
        (
            {"counting": AVERAGE, "pairs_counts": "place"},
            "pairs_counts",
            "Pairs nights count by place, and progressive nights by their points: an average "
            "a night cannot compare the two.",
        ),
        (
            {"counting": BEST, "bracket_counts": "place", "pairs_counts": "none"},
            "bracket_counts",
            "Brackets count by place, and progressive nights by their points: the best nights "
            "cannot compare the two.",
        ),
    ],
)
def test_a_way_a_format_cannot_count_by_is_refused_in_words(
    director_client, club, change, field, words
):
    data = {**GOOD, "progressive_counts": "points", **change}
    response = director_client.post(season_url("settings", club, ""), data)
    assert response.status_code == 400
    page = html.unescape(response.content.decode())
    field_html = page[page.index(f'id="field-{field}"') :]
    assert words in field_html[: field_html.index("</fieldset>") + 2000]
    assert not SeasonRules.objects.exists()


def test_an_average_of_progressive_nights_alone_is_saved(director_client, club):
    data = {**GOOD, "counting": AVERAGE, "pairs_counts": "none", "bracket_counts": "none"}
    assert director_client.post(season_url("settings", club, ""), data).status_code == 302
