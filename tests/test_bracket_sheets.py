"""The bracket on paper: the bracket sheet for the wall and the match score sheets. As the
other printouts are tested (test_printouts.py): the data builders by value, then the rendered
PDF by the text pypdf extracts from it, then its pages as images."""

import datetime
import time

import pypdfium2 as pdfium
import pytest
from django.urls import reverse
from test_brackets_night import make_bracket, now_of, play_match
from test_printouts import (
    RENDER_SCALE,
    marks_in_margin,
    overlapping_characters,
    pdf_bytes,
    pdf_text,
    words,
)

from brackets import services, sheets
from brackets.models import Bracket
from clubs import dates
from tournaments import brackets as engine
from tournaments.models import Event

LETTER = sheets.SheetSize.of("letter")
NIGHT = datetime.date(2026, 11, 26)  # make_bracket's night


def bracket_url(name: str, bracket: Bracket, query: str = "") -> str:
    return reverse(f"brackets:{name}", args=[bracket.event_id]) + query


def half_played(club) -> Bracket:
    """8 teams, double elimination, half played: the winners' side done (the better seed
    wins, but for W1-3 and W2-2), L1-1 called to table 3, and seed 6 withdrawn, so L1-2 is
    a walkover."""
    bracket = make_bracket(club, 8, kind="double")
    for code in ("W1-1", "W1-2", "W1-3", "W1-4", "W2-1", "W2-2", "W3-1"):
        teams = now_of(bracket).state.matches[code].teams
        better = 0 if teams[0] < teams[1] else 1
        play_match(bracket, code, 1 - better if code in ("W1-3", "W2-2") else better)
    services.match_call(bracket=bracket, code="L1-1", table=3)
    services.team_withdraw(team=now_of(bracket).teams[6], reason="Went home")
    return Bracket.objects.get(pk=bracket.pk)


def sheet_of(bracket: Bracket, *, blank: bool = False, size=LETTER) -> sheets.BracketSheet:
    now = now_of(bracket)
    return sheets.bracket_sheet(now, sheets.sheet_columns(now, blank=blank), size, blank=blank)


def rows(box: sheets.SheetBox) -> list[tuple]:
    return [(r.seed, r.name, r.score, r.won) for r in box.rows]


# --- The data, by value ----------------------------------------------------------------------


def test_a_page_holds_sixteen_first_round_matches_and_four_rounds_on_either_paper():
    for paper in ("letter", "a4"):
        size = sheets.SheetSize.of(paper)
        assert (size.rows, size.columns) == (16, 4)
        # The smallest font is kept: 16 rows at the smallest pitch fit, 32 do not.
        assert size.fits(16, 1) and not size.fits(32, 1)
        assert size.pitch(16, 1) >= sheets.PITCH * sheets.MIN_FONT


def test_a_side_is_cut_into_tiles_where_its_slices_meet():
    plan = engine.plan(128, "double")
    winners = [[m.id for m in ms] for side, _, ms in plan.columns() if side == "winners"]
    groups = sheets.tile_columns(winners, sheets.feeders(plan), rows=16, width=4)
    # Rounds 1 to 4 in four quarters of 16 first-round matches, then rounds 5 to 7 whole.
    assert [[len(column) for column in tile] for tile in groups[0]] == [[16, 8, 4, 2]] * 4
    assert groups[0][1][0][0] == "W1-17" and groups[0][1][3] == ["W4-3", "W4-4"]
    assert [[len(c) for c in tile] for tile in groups[1]] == [[4, 2, 1]]


def test_a_later_match_sits_level_with_the_middle_of_the_matches_feeding_it():
    plan = engine.plan(8, "double")
    columns = [["W1-1", "W1-2", "W1-3", "W1-4"], ["W2-1", "W2-2"], ["W3-1"], ["F1", "F2"]]
    found = sheets.positions(columns, sheets.feeders(plan))
    assert [found[c] for c in columns[0]] == [0, 1, 2, 3]
    assert (found["W2-1"], found["W2-2"], found["W3-1"]) == (0.5, 2.5, 1.5)
    # The final level with the winners' final; the second final under it, never on it.
    assert (found["F1"], found["F2"]) == (1.5, 2.5)
    # The losers' rounds: a match fed by one match of the round before is level with it.
    losers = [["L1-1", "L1-2"], ["L2-1", "L2-2"], ["L3-1"], ["L4-1"]]
    found = sheets.positions(losers, sheets.feeders(plan))
    assert [found[c] for c in ("L2-1", "L2-2", "L3-1", "L4-1")] == [0, 1, 0.5, 0.5]


@pytest.mark.django_db
def test_the_filled_sheet_gives_each_match_its_teams_scores_winner_and_state(club):
    bracket = half_played(club)
    sheet = sheet_of(bracket)
    assert len(sheet.pages) == 1
    page = sheet.pages[0]
    assert [t.side for t in page.tiles] == ["Winners' bracket", "Losers' bracket"]
    assert page.tiles[0].headings == (
        "Winners' round 1",
        "Winners' round 2",
        "Winners' round 3",
        "Final",
    )
    assert page.contents() == "Winners' bracket, losers' bracket and the final"
    boxes = sheet.boxes()
    points = bracket.event.ruleset().game_points
    lost = str(points - 1)
    assert rows(boxes["W1-1"]) == [(1, "Team 1", str(points), True), (8, "Team 8", lost, False)]
    assert rows(boxes["W1-3"]) == [(2, "Team 2", lost, False), (7, "Team 7", str(points), True)]
    assert boxes["W2-1"].feeders == ("W1-1", "W1-2")
    assert rows(boxes["W3-1"])[0] == (1, "Team 1", str(points), True)
    # Being played: its table, no score yet.
    assert boxes["L1-1"].note == "Table 3"
    assert rows(boxes["L1-1"]) == [(8, "Team 8", "", False), (5, "Team 5", "", False)]
    # A walkover: marked, the withdrawn team said so.
    assert boxes["L1-2"].note == "Walkover"
    assert rows(boxes["L1-2"]) == [(2, "Team 2", "w/o", True), (6, "Team 6 (withdrew)", "", False)]
    # Slots still waiting say what for, in the plan's match ids.
    assert [r.name for r in boxes["F1"].rows] == ["Team 1", "Winner of L4-1"]
    assert boxes["F1"].rows[1].waiting and not boxes["F1"].rows[0].waiting
    assert boxes["F2"].note == "If needed"
    assert sheet.summary == f"Double elimination · 8 teams · one game to {points} points"
    assert sheet.status == "As it stands: 8 of 15 matches decided"


@pytest.mark.django_db
def test_the_blank_sheet_is_the_seeding_alone(club):
    bracket = half_played(club)
    sheet = sheet_of(bracket, blank=True)
    boxes = sheet.boxes()
    assert rows(boxes["W1-1"]) == [(1, "Team 1", "", False), (8, "Team 8", "", False)]
    assert all(r.waiting for code in ("W2-1", "L1-1", "F1") for r in boxes[code].rows)
    assert [r.name for r in boxes["L2-2"].rows] == ["Winner of L1-2", "Loser of W2-1"]
    assert not any(r.score or r.won for b in boxes.values() for r in b.rows)
    assert {b.note for b in boxes.values()} == {"", "If needed"}
    assert sheet.status == "As seeded: write each winner in"


@pytest.mark.django_db
def test_a_blank_sheet_moves_byes_on_and_marks_them(club):
    bracket = make_bracket(club, 6)
    boxes = sheet_of(bracket, blank=True).boxes()
    assert rows(boxes["W1-1"]) == [(1, "Team 1", "", False), (None, "Bye", "", False)]
    assert boxes["W1-1"].rows[1].waiting
    assert [r.name for r in boxes["W2-1"].rows] == ["Team 1", "Winner of W1-2"]


@pytest.mark.django_db
def test_128_teams_split_onto_pages_each_match_once_with_where_its_winner_goes(club):
    bracket = make_bracket(club, 128, kind="double")
    plan = bracket.plan()
    sheet = sheet_of(bracket)
    assert len(sheet.pages) == 7
    contents = [p.contents() for p in sheet.pages]
    assert contents[0] == "Winners' bracket (part 1 of 5)"
    assert contents[4] == "Losers' bracket (part 1 of 4)"
    assert contents[6] == (
        "Losers' bracket (parts 3 and 4 of 4), winners' bracket (part 5 of 5) and the final"
    )
    found = [b.code for p in sheet.pages for t in p.tiles for b in t.boxes]
    assert sorted(found) == sorted(m.id for m in plan.matches)
    boxes = sheet.boxes()
    # The winners' fourth round goes on to the last page; the round before is on the page.
    assert boxes["W4-1"].onward == "W5-1 (page 7)" and boxes["W3-1"].onward == ""
    assert boxes["L4-16"].onward == "L5-8 (page 7)"
    # Every page keeps the smallest font, every tile at most 16 rows and 4 rounds.
    for page in sheet.pages:
        assert LETTER.fits(page.rows, len(page.shelves))
        assert sum(t.width for t in page.shelves[0].tiles) <= 4
        assert all(t.rows <= 16 for t in page.tiles)


def test_a_name_too_long_for_its_box_shows_initials_then_an_ellipsis():
    from tournaments.printouts.layout import FONT, register_fonts

    register_fonts()
    name = "Bartholomew Worthington & Margaret Oyelaran"
    assert sheets.fitted(name, FONT, 8, 500, 7.5) == (name, 8)
    short, size = sheets.fitted(name, FONT, 8, 140, 7.5, name=True)
    assert short == "B. Worthington & M. Oyelaran" and size >= 7.5
    cut, size = sheets.fitted(name, FONT, 8, 60, 7.5, name=True)
    assert cut.endswith("…") and cut.startswith("B. Worth") and size == 7.5


@pytest.mark.django_db
def test_score_sheets_are_the_matches_being_played_then_those_ready(club):
    bracket = half_played(club)
    now = now_of(bracket)
    assert sheets.sheet_codes(now) == ["L1-1", "L2-2"]
    assert sheets.sheet_codes(now, "W2-1") == ["W2-1"]
    with pytest.raises(KeyError):
        sheets.sheet_codes(now, "Z9-9")
    points = bracket.event.ruleset().game_points
    first, second = sheets.match_sheets(now, ["L1-1", "L2-2"], sheets.team_players(now), points)
    assert (first.title, first.label, first.table) == ("Match L1-1", "Losers' round 1", 3)
    ns, ew = first.teams
    assert (ns.side, ns.seed, ns.name, ns.players) == (
        "N-S",
        8,
        "Team 8",
        ("Player 7a", "Player 7b"),
    )
    assert ns.in_words() == "Team 8: Player 7a (North, captain) and Player 7b (South)"
    assert ew.in_words() == "Team 5: Player 4a (East) and Player 4b (West)"
    assert first.captain == "Player 7a"
    # Room for the longest game with no deal thrown in; the first game's dealers from North.
    assert first.hands == 2 * points - 1
    assert first.dealers[:5] == ("N", "E", "S", "W", "N")
    assert (first.games, second.table) == (1, None)
    assert second.games_words == f"One game to {points} points"


@pytest.mark.django_db
def test_a_best_of_three_sheet_has_room_for_three_games(club):
    bracket = make_bracket(club, 4, best_of=3)
    now = now_of(bracket)
    (sheet,) = sheets.match_sheets(now, ["F1"], sheets.team_players(now), 10)
    assert sheet.games == 3 and sheet.title == "F1" and sheet.label == "Final"
    assert [t.name for t in sheet.teams] == ["Winner of W1-1", "Winner of W1-2"]
    assert sheet.games_words == "Best of three games, each to 10 points"


# --- The PDFs, by their text -----------------------------------------------------------------


@pytest.mark.django_db
def test_the_bracket_sheet_lists_every_team_and_every_result(director_client, club):
    bracket = half_played(club)
    content = pdf_bytes(director_client.get(bracket_url("sheet", bracket)))
    (text,) = pdf_text(content)
    flat = words(text)
    assert "Maple Hall Euchre Club" in text and f"Fall bracket · {dates.day(NIGHT, club)}" in text
    assert "Page 1 of 1" in text and "Bracket sheet" in text
    for n in range(1, 9):
        assert f"Team {n}" in text
    now = now_of(bracket)
    boxes = sheet_of(bracket).boxes()
    decided = [s.match.id for s in now.state.matches.values() if s.status in ("done", "walkover")]
    assert len(decided) == 8
    for code in decided:
        # The match id, then each team's seed, name and score, as the box draws them.
        lines = " ".join(f"{r.seed} {r.name} {r.score}" for r in boxes[code].rows)
        assert f"{code} {'Walkover ' if code == 'L1-2' else ''}{lines}" in flat
    assert "L1-1 Table 3 8 Team 8 5 Team 5" in flat
    assert "Team 6 (withdrew)" in flat and "Winner of L4-1" in flat


@pytest.mark.django_db
def test_the_blank_sheet_lists_the_seeded_names_and_no_score(director_client, club):
    bracket = half_played(club)
    content = pdf_bytes(director_client.get(bracket_url("sheet", bracket, "?blank=1")))
    (text,) = pdf_text(content)
    flat = words(text)
    assert "Bracket sheet, blank" in text and "As seeded: write each winner in" in text
    for first, second in ((1, 8), (4, 5), (2, 7), (3, 6)):
        assert f"{first} Team {first} {second} Team {second}" in flat
    assert "Table 3" not in flat and "Walkover" not in flat and "withdrew" not in flat
    # No score anywhere: every number on the page is a seed, a match id's or the date's.
    assert "W1-1 1 Team 1 8 Team 8 W1-2" in flat
    assert "Winner of W1-1 Winner of W1-2" in flat


@pytest.mark.django_db
def test_the_bracket_sheet_is_landscape_on_the_clubs_paper_or_the_one_asked(director_client, club):
    bracket = make_bracket(club, 8, kind="double")
    for query, size in (("", (792, 612)), ("?paper=a4", (842, 595))):
        pdf = pdfium.PdfDocument(
            pdf_bytes(director_client.get(bracket_url("sheet", bracket, query)))
        )
        assert tuple(round(v) for v in pdf[0].get_size()) == size


@pytest.mark.django_db
def test_128_teams_render_in_good_time_on_several_pages(director_client, club):
    bracket = make_bracket(club, 128, kind="double")
    started = time.perf_counter()
    content = pdf_bytes(director_client.get(bracket_url("sheet", bracket)))
    took = time.perf_counter() - started
    pages = pdf_text(content)
    assert len(pages) == 7 and took < 10, took
    assert all(f"Page {n} of 7" in page for n, page in enumerate(pages, start=1))
    assert all(f"Fall bracket · {dates.day(NIGHT, club)}" in page for page in pages)
    every = words(" ".join(pages))
    assert all(f"Team {n}" in every for n in range(1, 129))
    assert "Winners play W5-1 (page 7)" in every


@pytest.mark.django_db
def test_the_match_score_sheets_name_the_match_table_teams_and_signatures(director_client, club):
    bracket = half_played(club)
    (text,) = pdf_text(pdf_bytes(director_client.get(bracket_url("score-sheets", bracket))))
    flat = words(text)
    assert "Match L1-1 · Losers' round 1" in flat and "Table 3" in flat
    assert "Match L2-2 · Losers' round 2" in flat and "Table ______" in flat
    assert "Team 8: Player 7a (North, captain) and Player 7b (South)" in flat
    assert "Team 5: Player 4a (East) and Player 4b (West)" in flat
    assert "Hand" in flat and "Dealer Called Alone Tricks N-S E-W N-S E-W N E S W" in flat
    assert "Points" in flat and "Score" in flat
    assert "Captain, N-S (Player 7a): signature" in flat
    assert "Opponent, E-W: signature" in flat
    assert f"Maple Hall Euchre Club · Fall bracket · {dates.day(NIGHT, club)}" in flat
    assert "One game to" in flat

    one = pdf_text(
        pdf_bytes(director_client.get(bracket_url("score-sheets", bracket, "?match=W2-1")))
    )
    assert "Match W2-1 · Winners' round 2" in words(one[0]) and "L1-1" not in one[0]
    assert (
        director_client.get(bracket_url("score-sheets", bracket, "?match=Z9-9")).status_code == 404
    )


@pytest.mark.django_db
def test_a_best_of_three_score_sheet_has_three_games(director_client, club):
    bracket = make_bracket(club, 4, best_of=3)
    (text,) = pdf_text(pdf_bytes(director_client.get(bracket_url("score-sheets", bracket))))
    flat = words(text)
    assert "Best of three games, each to" in flat
    assert "Game 1" in flat and "Game 2" in flat and "Game 3" in flat
    assert flat.count("Match W1-") == 2


# --- On the page -----------------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_sheets_fit_their_pages_with_no_text_over_text(director_client, club, paper, tmp_path):
    bracket = half_played(club)
    documents = {
        "filled": bracket_url("sheet", bracket, f"?paper={paper}"),
        "blank": bracket_url("sheet", bracket, f"?paper={paper}&blank=1"),
        "scores": bracket_url("score-sheets", bracket, f"?paper={paper}"),
    }
    for name, url in documents.items():
        pdf = pdfium.PdfDocument(pdf_bytes(director_client.get(url)))
        for number in range(len(pdf)):
            page = pdf[number]
            image = page.render(scale=RENDER_SCALE, grayscale=True).to_pil()
            image.save(tmp_path / f"{name}-{number + 1}.png")
            # Not blank: a bracket's boxes and lines, a sheet's grid, are ink on the paper.
            dark = sum(image.histogram()[:128])
            assert dark > 0.01 * image.width * image.height, name
            assert marks_in_margin(image) == [], f"{name} page {number + 1}"
            assert overlapping_characters(page) == [], f"{name} page {number + 1}"


# --- Access ----------------------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["sheet", "score-sheets"])
def test_another_clubs_director_gets_no_sheet(client, other_director, club, name):
    bracket = make_bracket(club, 4)
    client.force_login(other_director)
    assert client.get(bracket_url(name, bracket)).status_code == 404


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["sheet", "score-sheets"])
def test_no_sheet_for_an_event_that_is_not_a_bracket(director_client, event, name):
    assert director_client.get(reverse(f"brackets:{name}", args=[event.pk])).status_code == 404


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["sheet", "score-sheets"])
def test_before_seeding_the_sheets_say_to_seed_first(director_client, club, name):
    event = Event.objects.create(
        club=club, name="Spring bracket", date=datetime.date(2026, 4, 2), format="bracket"
    )
    response = director_client.get(reverse(f"brackets:{name}", args=[event.pk]))
    assert response.status_code == 400
    assert "Seed the bracket first" in response.content.decode()


@pytest.mark.django_db
def test_a_bye_has_no_score_sheet(director_client, club):
    bracket = make_bracket(club, 6)
    response = director_client.get(bracket_url("score-sheets", bracket, "?match=W1-1"))
    assert response.status_code == 400
    assert "Match W1-1 is a bye" in response.content.decode()


def test_sheets_need_a_login(client, db):
    response = client.get(reverse("brackets:sheet", args=[1]))
    assert response.status_code == 302 and "/login/" in response["Location"]
