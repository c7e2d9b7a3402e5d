"""A bracket's figures agree everywhere: each team's place ("1st", "5th–6th", still in), its
matches won and its games won are worked out once (brackets/figures.py `bracket_figures`, from
the engine's `standings`), and every page, download and printout shows what that returns.

Two brackets are played through the app's services, as the captains' phones and the director
do: a 6-team double elimination, best of three, whose champion from the winners' side loses
the first final and wins the second, with a team withdrawing; and a 6-team single elimination
with a third-place match and a withdrawal. Half-way and at the end, every figure is read off
every surface: the director's standings page, its CSV and PDF, the projector, the players'
event page, the director's bracket page and its drawing, each player's page across nights, and
the season page and its PDF."""

import csv
import io
import re
from html.parser import HTMLParser

import pytest
from django.urls import reverse
from prize_money import set_prizes
from pypdf import PdfReader

from brackets import services
from brackets.figures import bracket_figures
from brackets.models import Bracket, Match
from clubs.models import Player
from seasons.models import SeasonRules
from tests.test_brackets_night import (
    EW_POINT,
    NS_POINT,
    make_bracket,
    now_of,
    table_of,
    win_game,
)
from tournaments.models import Hand, Round, Seat, Table
from tournaments.services import hand_record, table_confirm, table_fingerprint

PLACE_POINTS = (10, 8, 6, 5, 4, 3, 2, 1)
PLAYING_POINTS = 1


# --- Playing ---------------------------------------------------------------------------------


def play(bracket: Bracket, code: str, games: str) -> Match:
    """Call match `code` and play its games, each won by the slot given ("011": the first
    team wins game 1, the second games 2 and 3)."""
    table = services.lowest_free_table(bracket.event)
    match = services.match_call(bracket=bracket, code=code, table=table)
    for slot in games:
        win_game(table_of(match), int(slot))
    match.refresh_from_db()
    assert match.winner_slot is not None, code
    return match


def finish_game(table: Table, slot: int) -> None:
    """The game in play at `table` played on to a win for `slot`, and confirmed."""
    number = table.hands.count()
    while not table.game().finished:
        number += 1
        hand_record(table=table, number=number, data=NS_POINT if slot == 0 else EW_POINT)
    opponent = table.seats.get(position="E").player
    table_confirm(
        table=table, player=opponent, seen=table_fingerprint(table.hands.order_by("number"))
    )


def withdraw(bracket: Bracket, seed: int) -> None:
    team = bracket.teams.get(seed=seed)
    services.team_withdraw(team=team, reason="Had to leave early")


# --- Reading the surfaces --------------------------------------------------------------------


class Tables(HTMLParser):
    """Every table of a page: rows of cell texts, whitespace folded."""

    def __init__(self, html: str):
        super().__init__()
        self.tables: list[list[list[str]]] = []
        self.cell: list[str] | None = None
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        if tag == "table":
            self.tables.append([])
        elif tag == "tr" and self.tables:
            self.tables[-1].append([])
        elif tag in ("td", "th"):
            self.cell = []

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self.cell is not None and self.tables:
            self.tables[-1][-1].append(" ".join("".join(self.cell).split()))
            self.cell = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell.append(data)


def table_with(html: str, *headers: str) -> list[dict[str, str]]:
    """The rows of the page's table whose header has `headers`, as dicts by header."""
    for rows in Tables(html).tables:
        if rows and all(h in rows[0] for h in headers):
            return [dict(zip(rows[0], row, strict=False)) for row in rows[1:] if row]
    raise AssertionError(f"No table with {headers}")


def text(response) -> str:
    assert response.status_code == 200, response.status_code
    return response.content.decode()


def pdf_lines(response) -> list[str]:
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    content = b"".join(response.streaming_content) if response.streaming else response.content
    pages = [p.extract_text() for p in PdfReader(io.BytesIO(content)).pages]
    return [" ".join(line.split()) for page in pages for line in page.splitlines()]


def csv_rows(response) -> list[dict[str, str]]:
    assert response.status_code == 200
    return list(csv.DictReader(io.StringIO(response.content.decode("utf-8-sig"))))


def placings_listed(html: str) -> dict[str, str]:
    """Team name -> place, from the placings table of a bracket page."""
    found = {}
    for row in table_with(html, "Place", "Team"):
        for name in row["Team"].split("; "):
            found[name] = row["Place"]
    return found


def projector_placings(html: str) -> dict[str, str]:
    pairs = re.findall(r'<span class="place">([^<]*)</span><bdi class="name">([^<]*)</bdi>', html)
    return {name: label for label, name in pairs}


def drawn_boxes(html: str) -> dict[str, list[tuple[str, bool, bool, str]]]:
    """Match id -> its lines as drawn: (team name, won, struck through as out, score)."""
    boxes = {}
    for part in html.split('id="match-')[1:]:
        code = part.split('"', 1)[0]
        lines = re.findall(
            r'<div class="team([^"]*)">.*?<bdi class="name">([^<]*)</bdi>.*?'
            r'<span class="score">([^<]*)</span>',
            part.split("</div></li>", 1)[0],
            re.S,
        )
        boxes[code] = [
            (name, " won" in classes, " lost" in classes, score) for classes, name, score in lines
        ]
    return boxes


# --- The one function, and what each surface says --------------------------------------------


def expected(bracket: Bracket) -> dict[str, tuple[str, int, int]]:
    """Team name -> (place words, matches won, games won), as the one function gives them."""
    figures = bracket_figures(Bracket.objects.get(pk=bracket.pk))
    return {
        str(figures.now.teams[t.seed].partnership): (t.label, t.matches_won, t.games_won)
        for t in figures.teams
    }


def players_of(bracket: Bracket) -> dict[str, list[Player]]:
    """Each team's players who sat at a table: a team that withdrew before its first game has
    a place, but its players no night (the players' standings are of those who played)."""
    seated = set(Seat.objects.filter(round__event=bracket.event).values_list("player", flat=True))
    return {
        str(team.partnership): [
            e.player for e in team.partnership.entries.order_by("pk") if e.player_id in seated
        ]
        for team in bracket.teams.select_related("partnership")
    }


def closed_points(player: Player, event) -> int:
    """The player's side's points in the games played to their end (no game in play)."""
    total = 0
    for seat in Seat.objects.filter(
        player=player, round__event=event, round__status=Round.Status.CLOSED
    ).exclude(table=None):
        hands = Hand.objects.filter(table_id=seat.table_id)
        column = "ns_points" if seat.position in "NS" else "ew_points"
        total += sum(getattr(h, column) for h in hands)
    return total


def check_every_surface(client, bracket: Bracket) -> dict[str, tuple[str, int, int]]:
    """Reads every figure off every surface, asserting each agrees with the one function."""
    event, club = bracket.event, bracket.event.club
    want = expected(bracket)
    team_players = players_of(bracket)
    order = list(want)  # the one function's order: still in first, then by place

    # The director's standings page: the partnerships' and the players' tables.
    page = text(client.get(reverse("tournaments:standings", args=[event.pk])))
    rows = table_with(page, "Partnership", "Matches won", "Games won")
    got = {r["Partnership"]: (r["Place"], int(r["Matches won"]), int(r["Games won"])) for r in rows}
    assert got == want
    # Teams in the function's order; within a shared place, by name.
    assert [r["Place"] for r in rows] == [want[name][0] for name in order]
    players = table_with(page, "Player", "Total")
    for team, members in team_players.items():
        for player in members:
            (row,) = [r for r in players if r["Player"] == player.name]
            assert row["Place"] == want[team][0], (player.name, team)
    # Each player's night, on the director's page and the players' page of the event.
    for team, members in team_players.items():
        for player in members:
            for url in (
                reverse("tournaments:player-night", args=[event.pk, player.pk]),
                reverse("public:player", args=[club.slug, event.pk, player.pk]),
            ):
                night = text(client.get(url))
                assert f"Place <strong>{want[team][0]}</strong>" in night, (url, team)
    figures = bracket_figures(bracket)
    assert figures.status in page
    assert " round" not in figures.status and "rounds" not in page.split("<h2>")[0]
    assert figures.ranking in page

    # Its CSV: the partnerships' and the players'.
    rows = csv_rows(client.get(reverse("tournaments:standings-csv", args=[event.pk])))
    got = {r["Partnership"]: (r["Place"], int(r["Matches won"]), int(r["Games won"])) for r in rows}
    assert got == want
    assert not any(re.fullmatch(r"R\d+", header) for header in rows[0])
    url = reverse("tournaments:standings-csv", args=[event.pk]) + "?players=1"
    rows = csv_rows(client.get(url))
    for team, members in team_players.items():
        for player in members:
            (row,) = [r for r in rows if r["Player"] == player.name]
            assert row["Place"] == want[team][0]

    # Its PDF: one line per cell, row after row (place, name, matches, games, ...).
    lines = pdf_lines(client.get(reverse("tournaments:printout-standings", args=[event.pk])))
    for team, (label, matches, games) in want.items():
        at = lines.index(team)
        assert lines[at - 1 : at + 3] == [label, team, str(matches), str(games)], team
        for player in team_players[team]:
            at = lines.index(player.name)
            assert lines[at - 1] == label, player.name
    joined = " ".join(lines)
    assert figures.status in joined and "ranked by games won" not in joined.lower()
    assert "Ranked by the bracket" in joined

    # The projector and the players' event page, and the director's bracket page.
    placed = {name: words[0] for name, words in want.items() if words[0] != "still in"}
    projector = text(client.get(reverse("public:projector", args=[club.slug, event.pk])))
    assert projector_placings(projector) == placed
    public = text(client.get(reverse("public:event", args=[club.slug, event.pk])))
    assert placings_listed(public) == placed
    director = text(client.get(reverse("brackets:bracket", args=[event.pk])))
    assert placings_listed(director) == placed

    # The drawing: a team is struck through only in the match that put it out (never the
    # champion), and a best-of-three's score is the games won as the standings count them.
    now = figures.now
    out = now.state.eliminated()
    for html in (public, director):
        boxes = drawn_boxes(html)
        for code, state in now.state.matches.items():
            if None in state.teams or state.status == "bye":
                continue
            for slot, (name, _won, struck, score) in enumerate(boxes[code]):
                seed = state.teams[slot]
                assert name == str(now.teams[seed].partnership)
                assert struck == (out.get(seed) == code and state.loser == seed), (code, name)
                if bracket.best_of == 3 and code in figures.games:
                    assert score == str(figures.games[code].count(slot)), (code, name)

    # Each player's page across nights: the place as the bracket words it, no live points,
    # and a night won only by the champions.
    for team, members in team_players.items():
        label = want[team][0]
        for player in members:
            html = text(client.get(reverse("players:player", args=[club.slug, player.pk])))
            words = f"{label} of {len(want)} teams"
            if label == "still in":
                words = f"still in the bracket ({len(want)} teams)"
            night = html.split(f'id="night-{event.pk}"', 1)[1].split("</li>", 1)[0]
            assert f"<strong>{words}</strong>" in night, player.name
            points = closed_points(player, event)
            assert f"{points} point{'' if points == 1 else 's'}" in night, player.name
            wins = re.search(r"Wins \(1st place\)</dt><dd>(\d+)<", html).group(1)
            assert wins == ("1" if label == "1st" else "0"), player.name

    # The season page and its PDF, counting by place: each night's place is the bracket's,
    # once the bracket is decided; until then the night waits, and the page says so.
    if any(label == "still in" for label, _, _ in want.values()):
        season = text(client.get(reverse("seasons:season", args=[club.slug])))
        assert f"{event.name} (" in season and "counts when its bracket is decided" in season
        for members in team_players.values():
            assert not any(f"<bdi>{p.name}</bdi>" in season for p in members)
        return want
    for player_team, members in team_players.items():
        label = want[player_team][0]
        place = int(re.match(r"\d+", label).group()) if label[0].isdigit() else 0
        score = (PLACE_POINTS[place - 1] if place else 0) + PLAYING_POINTS
        for player in members:
            season = text(client.get(reverse("seasons:season", args=[club.slug])))
            (row,) = [r for r in table_with(season, "Player") if r["Player"] == player.name]
            assert row["Season points"] == str(score), (player.name, label)
    lines = pdf_lines(client.get(reverse("seasons:pdf", args=[club.slug])))
    for player_team, members in team_players.items():
        label = want[player_team][0]
        place = int(re.match(r"\d+", label).group()) if label[0].isdigit() else 0
        score = (PLACE_POINTS[place - 1] if place else 0) + PLAYING_POINTS
        for player in members:
            at = lines.index(player.name)
            # Place, player, nights, total: the score two cells on.
            assert lines[at + 2] == str(score), (player.name, lines[at - 1 : at + 6])
    return want


@pytest.fixture
def hall(club, director_client):
    """A club showing its results, counting its season by place."""
    club.results_public = True
    club.save()
    SeasonRules.objects.create(
        club=club,
        counting=SeasonRules.Counting.PLACES,
        place_points=", ".join(map(str, PLACE_POINTS)),
        playing_points=PLAYING_POINTS,
    )
    return director_client


# --- The brackets ----------------------------------------------------------------------------


@pytest.mark.django_db
def test_a_double_elimination_best_of_three_with_the_reset_final_and_a_withdrawal(club, hall):
    bracket = make_bracket(club, 6, kind="double", best_of=3, reset=True)
    play(bracket, "W1-2", "010")  # Team 4 beats Team 5, 2-1
    play(bracket, "W1-4", "00")  # Team 3 beats Team 6
    play(bracket, "W2-1", "00")  # Team 1 beats Team 4
    play(bracket, "W2-2", "100")  # Team 2 beats Team 3, 2-1
    withdraw(bracket, 6)  # Team 6 leaves: its losers' match (against Team 4) is a walkover
    play(bracket, "L1-1", "11")  # Team 3 beats Team 5
    play(bracket, "W3-1", "010")  # Team 1 beats Team 2, 2-1
    play(bracket, "L2-1", "00")  # Team 3 beats Team 4

    # Half-way: a game of the losers' final (Team 3 against Team 2) in play, its points live
    # at the table only.
    match = services.match_call(bracket=bracket, code="L3-1", table=1)
    for number, hand in enumerate([NS_POINT, NS_POINT, EW_POINT], start=1):
        hand_record(table=table_of(match), number=number, data=hand)
    half = check_every_surface(hall, bracket)
    assert [label for label, _, _ in half.values()] == [
        "still in", "still in", "still in", "4th", "5th–6th", "5th–6th",
    ]  # fmt: skip

    # Team 2 wins the losers' final; then both finals: Team 1, from the winners' side, loses
    # the first and wins the second.
    finish_game(table_of(match), 1)
    win_game(table_of(match), 1)
    play(bracket, "F1", "101")  # Team 2 wins the first final, 2-1
    play(bracket, "F2", "101")  # Team 1 (its second slot, F1's loser) wins the second, 2-1
    now = now_of(bracket)
    assert now.state.finished and now.state.champion == 1
    final = check_every_surface(hall, bracket)
    # The two teams out in the losers' first round share 5th–6th, written the same way; the
    # champions (7 games won) above the runners-up (8): the bracket ranks, not games.
    assert final == {
        "Team 1": ("1st", 3, 7),  # a bye is no match won
        "Team 2": ("2nd", 3, 8),
        "Team 3": ("3rd", 3, 7),
        "Team 4": ("4th", 2, 2),  # a walkover is a match won, with no game
        "Team 5": ("5th–6th", 0, 1),
        "Team 6": ("5th–6th", 0, 0),
    }


@pytest.mark.django_db
def test_a_single_elimination_with_third_place_and_a_withdrawal(club, hall):
    bracket = make_bracket(club, 6, third_place=True)
    event = bracket.event
    set_prizes(event, fee=5, public=True)
    withdraw(bracket, 5)  # Team 5 leaves before playing: W1-2 is a walkover for Team 4
    play(bracket, "W1-4", "1")  # Team 6 beats Team 3
    play(bracket, "W2-1", "1")  # Team 4 beats Team 1
    assert players_of(bracket)["Team 5"] == []  # withdrew before playing: no night
    half = check_every_surface(hall, bracket)
    assert half["Team 3"][0] == half["Team 5"][0] == "5th–6th"
    assert half["Team 1"][0] == "still in"  # the third-place match is still to play
    # No prize is paid while teams are still in: they have no place yet.
    public = reverse("public:event", args=[club.slug, event.pk])
    assert 'id="prizes"' not in text(hall.get(public))
    play(bracket, "W2-2", "0")  # Team 2 beats Team 6
    play(bracket, "3P", "1")  # Team 6 beats Team 1 for third
    play(bracket, "F1", "0")  # Team 4 beats Team 2
    final = check_every_surface(hall, bracket)
    assert {name: words[0] for name, words in final.items()} == {
        "Team 4": "1st",
        "Team 2": "2nd",
        "Team 6": "3rd",
        "Team 1": "4th",
        "Team 3": "5th–6th",
        "Team 5": "5th–6th",
    }
    # A walkover is a match won, with no game.
    assert final["Team 4"][1:] == (3, 2)
    prizes = text(hall.get(public)).split('id="prizes"', 1)[1].split("</section>", 1)[0]
    assert "Team 4" in prizes and "Team 2" in prizes
    # Paid once the bracket is over, each team once, split between its partners: the 10
    # players who played paid $5 (Team 5 withdrew before playing: not in the standings, it
    # pays nothing and is paid nothing), 50/30/20 of $50.
    plain = re.sub(r"<span[^>]*>|</span>|<bdi>|</bdi>|<strong[^>]*>|</strong>", "", prizes)
    assert re.findall(r"<t[hd](?: [^>]*)?>(.*?)</t[hd]>", plain) == [
        "Prize", "Wins",
        "1st Player 3a (Team 4)", "$12.50", "Player 3b", "$12.50",
        "2nd Player 1a (Team 2)", "$7.50", "Player 1b", "$7.50",
        "3rd Player 5a (Team 6)", "$5.00", "Player 5b", "$5.00",
        "Paid out", "$50.00",
    ]  # fmt: skip


# --- The bracket pages' words ----------------------------------------------------------------


@pytest.mark.django_db
def test_the_bracket_says_matches_wait_to_be_called_until_one_is(club, hall):
    bracket = make_bracket(club, 6)
    event = bracket.event
    pages = [
        reverse("public:event", args=[club.slug, event.pk]),
        reverse("brackets:bracket", args=[event.pk]),
    ]
    for url in pages:
        html = " ".join(text(hall.get(url)).split())
        # Nothing is called yet: two first-round matches wait for the director.
        assert "being called" not in html, url
        assert "2 matches are ready, waiting for the director to call them to a table." in html
    services.match_call(bracket=bracket, code="W1-2", table=3)
    html = " ".join(text(hall.get(pages[0])).split())
    assert "1 match is being played. 1 match is ready, waiting for the director" in html


@pytest.mark.django_db
def test_a_correction_that_changes_a_matchs_winner_says_what_moved(club, hall):
    bracket = make_bracket(club, 8, kind="double")
    play(bracket, "W1-1", "0")  # Team 1 beats Team 8
    table = Table.objects.get(round__bracket_game__match__code="W1-1", round__event=bracket.event)
    last = table.hands.order_by("-number").first()
    # The director finds the deciding point was East-West's: Team 8 won the match.
    response = hall.post(
        reverse("tournaments:hand-correct", args=[last.pk]),
        {"maker": "E", "tricks": "3", "reason": "Scored for the wrong side"},
        follow=True,
    )
    said = " ".join(text(response).split())
    assert (
        "Match W1-1 changed hands: Team 8 won it, not Team 1. In the bracket: Team 8 now plays "
        "in W2-1 in place of Team 1; Team 1 now plays in L1-1 in place of Team 8."
    ) in said
    assert now_of(bracket).state.matches["W2-1"].teams[0] == 8
    # A correction that leaves the winner as it was says only what the hand is now.
    first = table.hands.order_by("number").first()
    response = hall.post(
        reverse("tournaments:hand-correct", args=[first.pk]),
        {"maker": "N", "tricks": "4", "reason": "Four tricks, not three"},
        follow=True,
    )
    said = " ".join(text(response).split())
    assert "Hand 1 corrected" in said and "changed hands" not in said


@pytest.mark.django_db
def test_a_bracket_events_page_has_no_check_in_and_no_late_arrival_rule(club, hall):
    bracket = make_bracket(club, 4)
    event = bracket.event
    page = " ".join(text(hall.get(reverse("tournaments:event-detail", args=[event.pk]))).split())
    assert "late arrival" not in page.lower()
    assert "Save check-in" not in page and "checked in" not in page
    assert "A bracket has no check-in" in page
    public = text(hall.get(reverse("public:event", args=[club.slug, event.pk])))
    assert "late arrival" not in public.lower()
    # A progressive night of the same club still says both.
    club_event = hall.get(reverse("clubs:club-detail", args=[club.slug]))
    assert "A late arrival scores" in text(club_event)
