"""Every figure of a progressive night and of a pairs night, read off every surface that shows
it, agrees with the one function that computes it (tournaments/standings.py): the director's
standings page, its CSV and PDF, the filled score sheets, the projector, the players' event
page, a player's page across nights, and the season's page and PDF.

The progressive night (Hoyle: a march 2, a lone march 4, a euchre 2; 3 hands a round):
A..I play from the start, K leaves after round 2, J arrives for round 2 (a late arrival's
missed round scores nothing, the club's default). Round 1, table 1: B (East) marches alone
(E-W 4) and D (West) goes alone and is euchred (N-S 2): one lone hand made by East-West, the
one paper tally cards count. A director's correction after the night turns round 2's last
hand at table 2 into a march. Totals: D 12, G 10.5, E 9, H 9, A 8, B 7, F 6, I 6, J 5, C 4.5,
K 2. K (left early) and J (came late) did not play the whole night: the booby prize is C's.

The pairs night: four partnerships, two rounds of two hands; M & O and N & P tie 2-2 in
round 1, a tied game counting half a game won to each side.
"""

import csv
import datetime
import io
import re
from html import unescape

import pytest
from conftest import close_round
from django.urls import reverse
from prize_money import set_prizes
from test_printouts import get_pdf, pdf_text, words
from test_standings import play_round

from clubs.models import Player
from tournaments import services
from tournaments.models import Entry, Event, Hand, Partnership, Round
from tournaments.prize_pages import prize_table
from tournaments.standings import event_standings, fmt, fmt_place, night_prizes, table_loners

MADE = {"maker": "N", "tricks": 3}
EUCHRED_WEST = {"maker": "W", "tricks": 2}
EUCHRED_NORTH = {"maker": "N", "tricks": 0}


def cells_of(html: str) -> list[list[dict[str, str]]]:
    """Every table of the page as rows of {header: cell text}."""

    def text(cell: str) -> str:
        return unescape(" ".join(re.sub(r"<[^>]+>", " ", cell).split()))

    found = []
    for table in re.findall(r"<table[^>]*>(.*?)</table>", html, re.S):
        head = re.search(r"<thead[^>]*>(.*?)</thead>", table, re.S)
        body = re.search(r"<tbody[^>]*>(.*?)</tbody>", table, re.S)
        if not head or not body:
            continue
        headers = [text(h) for h in re.findall(r"<th[^>]*>(.*?)</th>", head.group(1), re.S)]
        rows = [
            dict(
                zip(
                    headers,
                    [text(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", r, re.S)],
                    strict=True,
                )
            )
            for r in re.findall(r"<tr[^>]*>(.*?)</tr>", body.group(1), re.S)
        ]
        found.append(rows)
    return found


def player_rows(standings) -> list[tuple[str, ...]]:
    """The one function's figures of each player, as every surface prints them."""
    return [
        (
            fmt_place(x),
            x.name,
            *(fmt(x.rounds.get(n)) for n in standings.rounds),
            fmt(x.total),
            str(x.lone_made),
            str(x.euchred),
        )
        for x in standings.players
    ]


# --- The progressive night --------------------------------------------------------------------

ROUND_1 = {
    1: (
        "ABCD",
        [
            {"maker": "E", "alone": True, "tricks": 5},  # B's lone march: E-W 4
            {"maker": "W", "alone": True, "tricks": 1},  # D alone, euchred: N-S 2
            MADE,  # N-S 1
        ],
    ),
    # K (West) called and took 2 tricks: euchred, N-S 2.
    2: ("EFGK", [{"maker": "N", "tricks": 5}, {"maker": "N", "tricks": 4}, EUCHRED_WEST]),
}
ROUND_2 = {
    1: ("AEHJ", [MADE, {"maker": "E", "alone": True, "tricks": 5}, {"maker": "S", "tricks": 5}]),
    2: ("BFIK", [MADE, MADE, {"maker": "E", "tricks": 3}]),
}
ROUND_3 = {
    1: ("ABGJ", [{"maker": "N", "tricks": 4}, {"maker": "W", "alone": True, "tricks": 3}, MADE]),
    # C (North) called and took no trick: euchred, E-W 2.
    2: ("CDEF", [{"maker": "E", "tricks": 3}, {"maker": "E", "tricks": 3}, EUCHRED_NORTH]),
}

EXPECTED_TOTALS = {
    "A": "8",
    "B": "7",
    "C": "4.5",
    "D": "12",
    "E": "9",
    "F": "6",
    "G": "10.5",
    "H": "9",
    "I": "6",
    "J": "5",
    "K": "2",
}


def progressive_night(club, *, rounds: int = 3) -> tuple[Event, dict[str, Player]]:
    people = {x: Player.objects.create(club=club, name=x) for x in "ABCDEFGHIJK"}
    event = Event.objects.create(
        club=club,
        name="Progressive night",
        date=datetime.date(2026, 11, 24),
        rounds_planned=3,
        hands_per_round=3,
        award_most_loners=True,
        award_best_round=True,
        award_high_night=True,
        award_booby=True,
    )
    set_prizes(event, fee=5, places="60/40", booby=1, public=True)
    Entry.objects.bulk_create(Entry(event=event, player=people[x]) for x in "ABCDEFGHIK")
    play_round(event, 1, ROUND_1, sit_out="HI", by_name=people)
    if rounds == 1:
        return event, people
    # J arrives for round 2.
    Entry.objects.create(event=event, player=people["J"])
    play_round(event, 2, ROUND_2, sit_out="CDG", by_name=people)
    # K goes home after round 2.
    services.entries_set_present(event=event, present_ids=set(), shown_ids={people["K"].pk})
    play_round(event, 3, ROUND_3, sit_out="HI", by_name=people)
    return event, people


@pytest.fixture
def night(club, director):
    event, people = progressive_night(club)
    hand = Hand.objects.get(table__round__number=2, table__number=2, number=3)
    services.hand_correct(
        hand=hand, data={"tricks": 5}, reason="East marched, the captain wrote 3", user=director
    )
    return event, people


def test_the_one_function_counts_the_night_as_worked_out_by_hand(night):
    event, people = night
    standings = event_standings(event)
    assert standings.final
    assert {x.name: fmt(x.total) for x in standings.players} == EXPECTED_TOTALS
    assert {x.name: x.lone_made for x in standings.players if x.lone_made} == {
        "B": 1,
        "E": 1,
        "J": 1,
    }
    # Euchred as makers counts the side: D's partner B, K's partner F, C's partner E too.
    euchred = {x.name: x.euchred for x in standings.players if x.euchred}
    assert euchred == dict.fromkeys("BCDEFK", 1)
    whole = {x.name for x in standings.players if x.whole_night}
    assert whole == set("ABCDEFGHI")  # J came late, K left early
    # Round 1, table 1: B's lone march counts; D's loner was euchred and does not.
    assert table_loners(event.rounds.get(number=1))[1] == {"NS": 0, "EW": 1}


def test_every_surface_shows_the_progressive_nights_figures(director_client, client, night):
    event, people = night
    standings = event_standings(event)
    expected = player_rows(standings)
    headers = ["Place", "Player", "R1", "R2", "R3", "Total"]

    def shown(rows: list[dict]) -> list[tuple[str, ...]]:
        return [
            (
                *(r[h].rstrip("*†") for h in headers),
                r[next(h for h in r if h.startswith("Loners"))],
                r[next(h for h in r if h.startswith("Euchred"))],
            )
            for r in rows
        ]

    # The director's standings page and the players' event page.
    page = director_client.get(reverse("tournaments:standings", args=[event.pk])).content.decode()
    assert shown(cells_of(page)[0]) == expected
    public_url = reverse("public:event", args=[event.club.slug, event.pk])
    public = client.get(public_url).content.decode()
    assert shown(cells_of(public)[0]) == expected

    # The CSV.
    response = director_client.get(reverse("tournaments:standings-csv", args=[event.pk]))
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert [tuple(r[:8]) for r in rows[1:]] == expected

    # The PDF: each row's cells in order.
    text = words(" ".join(pdf_text(get_pdf(director_client, "printout-standings", event))))
    for row in standings.players:
        cells = [fmt_place(row), row.name, *(fmt_cell(row, n) for n in standings.rounds)]
        cells += [fmt(row.total), str(row.lone_made), str(row.euchred)]
        # A round the late arrival missed is blank: no text in the PDF.
        assert " ".join(c for c in cells if c) in text, cells

    # The projector: place, name and total of each player.
    projector = client.get(reverse("public:projector", args=[event.club.slug, event.pk]))
    listed = re.findall(
        r'<span class="place">(.*?)</span><bdi class="name">(.*?)</bdi>'
        r'<span class="total">(.*?)</span>',
        projector.content.decode(),
    )
    assert listed == [(fmt_place(x), x.name, fmt(x.total)) for x in standings.players]

    # Each player's page: the night's place, points, loners and euchres.
    for line in standings.players:
        url = reverse("players:player", args=[event.club.slug, people[line.name].pk])
        player_page = words(client.get(url).content.decode())
        place = f"{ordinal(line.place)}{'=' if line.shared else ''} of {len(standings.players)}"
        points = f"{fmt(line.total)} point{'' if line.total == 1 else 's'}"
        loners = f"{line.lone_made} loner{'' if line.lone_made == 1 else 's'} made"
        euchred = f"euchred {line.euchred} time{'' if line.euchred == 1 else 's'} as makers"
        assert f"<strong>{place}</strong> · {points} · {loners} · {euchred}" in player_page
        # The player's night at this event, on the players' event pages.
        url = reverse("public:player", args=[event.club.slug, event.pk, people[line.name].pk])
        night_page = words(client.get(url).content.decode())
        summary = f"Place <strong>{fmt_place(line)}</strong> · total <strong>{fmt(line.total)}"
        assert summary in night_page, line.name

    # The season's page and its PDF: one night, so its loners and euchres are the night's.
    season = director_client.get(reverse("seasons:standings", args=[event.club.slug]))
    (season_rows,) = cells_of(season.content.decode())
    by_name = {r["Player"]: r for r in season_rows}
    for line in standings.players:
        row = by_name[line.name]
        assert (row["Loners made"], row["Euchred as makers"]) == (
            str(line.lone_made),
            str(line.euchred),
        )
    season_pdf = director_client.get(reverse("seasons:pdf", args=[event.club.slug]))
    season_text = "\n".join(pdf_text(season_pdf.getvalue()))
    for line in standings.players:
        assert f"\n{line.name}\n1\n" in season_text


def fmt_cell(line, number: int) -> str:
    from tournaments.standings import fmt_round

    return fmt_round(line, number)


def ordinal(n: int) -> str:
    suffix = "th" if n % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def test_the_filled_score_sheet_counts_the_loners_the_standings_count(director_client, night):
    event, _ = night
    for round_ in event.rounds.order_by("number"):
        counted = table_loners(round_)
        query = f"?round={round_.number}&filled=1"
        content = get_pdf(director_client, "printout-sheets", event, query)
        pages = [words(page) for page in pdf_text(content)]
        for number, sides in counted.items():
            (page,) = [p for p in pages if f"Table {number}," in p or f"Table {number} " in p]
            assert f"Loners: N-S {sides['NS']}, E-W {sides['EW']}" in page
    # Summed over the night's tables, each seat's loners are the standings' loners counted.
    standings = event_standings(event)
    assert sum(x.lone_made for x in standings.players) == sum(
        s["NS"] + s["EW"] for r in event.rounds.all() for s in table_loners(r).values()
    )
    sheets = pdf_text(get_pdf(director_client, "printout-sheets", event, "?round=1&filled=1"))
    first = words(sheets[0])
    assert "Loners: N-S 0, E-W 1" in first


def test_the_booby_prize_goes_to_the_last_of_those_who_played_the_whole_night(
    director_client, client, night
):
    event, _ = night
    standings = event_standings(event)
    found = night_prizes(event, standings)
    (booby,) = [a for a in found["awards"] if a.key == "booby"]
    # K (2 points, left after round 2) and J (5, came for round 2) are below C, but did not
    # play the whole night.
    assert booby.winners == ("C",) and booby.detail == "4.5 points"
    rule = "The booby prize goes to the lowest place among the players who played every round"
    page = words(
        director_client.get(reverse("tournaments:standings", args=[event.pk])).content.decode()
    )
    assert "<strong>Booby prize</strong>: <bdi>C</bdi>" in page and rule in page
    public_url = reverse("public:event", args=[event.club.slug, event.pk])
    public = words(client.get(public_url).content.decode())
    assert "<strong>Booby prize</strong>: <bdi>C</bdi>" in public and rule in public
    text = words(" ".join(pdf_text(get_pdf(director_client, "printout-standings", event))))
    assert "Booby prize: C (4.5 points)" in text and rule in text
    projector = words(
        client.get(reverse("public:projector", args=[event.club.slug, event.pk])).content.decode()
    )
    assert "<strong>Booby prize:</strong> <bdi>C</bdi>" in projector


def test_blank_rounds_say_who_left_early_or_came_late(director_client, client, night):
    event, _ = night
    standings = event_standings(event)
    assert {line.name: line.away for line in standings.away_lines} == {
        "J": "came for round 2",
        "K": "left after round 2",
    }
    # In place order: J (5 points) above K (2).
    html = "Blank rounds: <bdi>J</bdi> came for round 2; <bdi>K</bdi> left after round 2."
    page = words(
        director_client.get(reverse("tournaments:standings", args=[event.pk])).content.decode()
    )
    assert html in page
    public_url = reverse("public:event", args=[event.club.slug, event.pk])
    assert html in words(client.get(public_url).content.decode())
    text = words(" ".join(pdf_text(get_pdf(director_client, "printout-standings", event))))
    assert "Blank rounds: J came for round 2; K left after round 2." in text


def test_no_prize_is_named_while_the_night_is_played(director_client, client, club):
    event, _ = progressive_night(club, rounds=1)
    standings = event_standings(event)
    assert not standings.final
    found = night_prizes(event, standings)
    assert "booby" not in [a.key for a in found["awards"]]
    assert found["so_far"]
    assert prize_table(event, standings, for_players=False)["prizes"] is None
    page = words(
        director_client.get(reverse("tournaments:standings", args=[event.pk])).content.decode()
    )
    assert "<strong>Booby prize" not in page
    assert "Side awards so far" in page
    assert "The booby prize and the prize table are decided when the last round is played" in page
    projector = words(
        client.get(reverse("public:projector", args=[event.club.slug, event.pk])).content.decode()
    )
    assert "<strong>Booby prize" not in projector and "Side awards so far" in projector
    text = words(" ".join(pdf_text(get_pdf(director_client, "printout-standings", event))))
    assert "Booby prize:" not in text and "Side awards so far" in text


# --- The pairs night: a tied round ------------------------------------------------------------

PAIRS_1 = {
    1: ("MNOP", [{"maker": "N", "tricks": 5}, {"maker": "E", "tricks": 5}]),  # 2-2: a tie
    2: ("QRST", [MADE, MADE]),  # Q & S 2, R & T 0
}
PAIRS_2 = {
    1: ("MQOS", [MADE, MADE]),  # M & O 2, Q & S 0
    2: ("NRPT", [{"maker": "E", "tricks": 5}, MADE]),  # N & P 1, R & T 2
}


@pytest.fixture
def pairs_night(club):
    people = {x: Player.objects.create(club=club, name=x) for x in "MNOPQRST"}
    event = Event.objects.create(
        club=club,
        name="Pairs night",
        date=datetime.date(2026, 11, 25),
        format=Event.Format.PAIRS,
        rounds_planned=2,
        hands_per_round=2,
    )
    for pair in ("MO", "NP", "QS", "RT"):
        p = Partnership.objects.create(event=event)
        Entry.objects.bulk_create(Entry(event=event, player=people[x], partnership=p) for x in pair)
    play_round(event, 1, PAIRS_1, by_name=people)
    play_round(event, 2, PAIRS_2, by_name=people)
    return event, people


TIE_WORDS = (
    "A tied game (the score level when the round ended) counts as half a game won for each "
    "side: 1.5 is one win and one tie."
)


def test_a_tied_pairs_round_is_half_a_game_won_to_each_side(pairs_night):
    event, _ = pairs_night
    teams = event_standings(event).teams
    assert [(t.name, fmt_place(t), fmt(t.games_won), t.games_tied) for t in teams] == [
        ("M & O", "1", "1.5", 1),
        ("Q & S", "2", "1", 0),  # +0: 2 for, 2 against
        ("R & T", "3", "1", 0),  # 2 for, 3 against
        ("N & P", "4", "0.5", 1),
    ]


def test_every_surface_shows_the_pairs_nights_games_won(director_client, client, pairs_night):
    event, people = pairs_night
    standings = event_standings(event)
    expected = [
        (fmt_place(t), t.name, fmt(t.games_won), str(t.points_for), str(t.points_against))
        for t in standings.teams
    ]
    columns = ("Place", "Partnership", "Games won", "Points for", "Points against")

    page = director_client.get(reverse("tournaments:standings", args=[event.pk])).content.decode()
    teams, players = cells_of(page)
    assert [tuple(r[c] for c in columns) for r in teams] == expected
    assert TIE_WORDS in words(page)
    # Each player takes their partnership's place, as printed in the partnerships' table.
    place_of = {pk: fmt_place(t) for t in standings.teams for pk in t.player_ids}
    assert {r["Player"]: r["Place"] for r in players} == {
        name: place_of[p.pk] for name, p in people.items()
    }
    public = client.get(reverse("public:event", args=[event.club.slug, event.pk])).content.decode()
    teams, _ = cells_of(public)
    assert [tuple(r[c] for c in columns) for r in teams] == expected
    assert TIE_WORDS in words(public)

    rows = list(
        csv.reader(
            io.StringIO(
                director_client.get(
                    reverse("tournaments:standings-csv", args=[event.pk])
                ).content.decode()
            )
        )
    )
    at = [rows[0].index(c) for c in columns]
    assert [tuple(r[i] for i in at) for r in rows[1:]] == expected

    text = words(" ".join(pdf_text(get_pdf(director_client, "printout-standings", event))))
    for row in rows[1:]:  # each partnership's row, cell by cell, as the CSV has it
        assert " ".join(row) in text, row
    assert TIE_WORDS in text

    projector = client.get(reverse("public:projector", args=[event.club.slug, event.pk]))
    screen = unescape(words(projector.content.decode()))
    listed = re.findall(
        r'<span class="place">(.*?)</span><bdi class="name">(.*?)</bdi>'
        r'<span class="total">(.*?) won</span>',
        screen,
    )
    assert listed == [(p, n, w) for p, n, w, _, _ in expected]
    assert TIE_WORDS in screen

    # A player's page: the partnership's place, of so many partnerships.
    for team in standings.teams:
        for pk in team.player_ids:
            name = Player.objects.get(pk=pk).name
            url = reverse("players:player", args=[event.club.slug, pk])
            shown = words(client.get(url).content.decode())
            place = f"{ordinal(team.place)}{'=' if team.shared else ''} of 4 teams"
            assert f"<strong>{place}</strong>" in shown, name
            url = reverse("public:player", args=[event.club.slug, event.pk, pk])
            night_page = words(client.get(url).content.decode())
            assert f"Place <strong>{fmt_place(team)}</strong>" in night_page, name


def test_a_round_closed_early_at_a_level_score_is_a_tie_too(club):
    people = {x: Player.objects.create(club=club, name=x) for x in "MNOPQRST"}
    event = Event.objects.create(
        club=club,
        name="Pairs to game",
        date=datetime.date(2026, 11, 25),
        format=Event.Format.PAIRS,
        round_end=Event.RoundEnd.GAME,
        rounds_planned=1,
    )
    for pair in ("MO", "NP", "QS", "RT"):
        p = Partnership.objects.create(event=event)
        Entry.objects.bulk_create(Entry(event=event, player=people[x], partnership=p) for x in pair)
    round_ = play_round(
        event,
        1,
        {1: ("MNOP", [MADE, {"maker": "E", "tricks": 3}]), 2: ("QRST", [MADE])},
        by_name=people,
        close=False,
    )
    close_round(Round.objects.get(pk=round_.pk), reason="Time called")
    won = {t.name: (fmt(t.games_won), t.games_tied) for t in event_standings(event).teams}
    # Table 1 stood 1-1 when the director closed the round: half a game each. Table 2 1-0.
    assert won == {"M & O": ("0.5", 1), "N & P": ("0.5", 1), "Q & S": ("1", 0), "R & T": ("0", 0)}
