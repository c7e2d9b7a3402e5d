"""A sit-out average is a fraction: it reads the same, to one decimal, on the standings page,
the CSV, the PDF, the players' pages and the projector; a whole number never as "14.0". The
small night of tests/test_standings.py, with A sitting out two more rounds."""

import csv
import io

import pytest
from django.urls import reverse
from test_printouts import get_pdf, pdf_text
from test_standings import build_night, page_cells, play_round


@pytest.fixture
def a_sits_out_twice(club):
    """Rounds 3 and 4 added to the small night, A sitting out both: A played 6 and 1, so each
    sit-out scores the average 3.5, and A's total is 6 + 1 + 3.5 + 3.5 = 14, a whole number."""
    night, nine = build_night(club)
    night.rounds_planned = 4
    night.save()
    hands = [{"maker": "N", "tricks": 3}, {"maker": "E", "tricks": 5}]
    for number in (3, 4):
        play_round(night, number, {1: ("BCDE", hands), 2: ("FGHI", hands)}, "A", by_name=nine)
    return night, nine


def test_a_sit_out_average_reads_the_same_on_every_page_csv_and_pdf(
    director_client, a_sits_out_twice
):
    (night, nine), client = a_sits_out_twice, director_client
    # Place, name, R1 to R4, total: one decimal for the averages, a whole total plainly.
    a_row = ["1", "A", "6", "1", "3.5*", "3.5*", "14"]
    legend = "* sat out: scored the average of their other rounds, to one decimal."

    page = client.get(reverse("tournaments:standings", args=[night.pk])).content.decode()
    assert [r[:7] for r in page_cells(page) if r[1] == "A"] == [a_row]
    assert legend in page
    csv_text = client.get(reverse("tournaments:standings-csv", args=[night.pk])).content
    csv_rows = list(csv.reader(io.StringIO(csv_text.decode())))
    # The CSV keeps numbers alone in the round columns; the rounds sat out in their own.
    assert csv_rows[0][-1] == (
        "Rounds sat out (scored the average of their other rounds, to one decimal)"
    )
    csv_row = ["1", "A", "6", "1", "3.5", "3.5", "14", "1", "0", "3 4"]
    assert [r for r in csv_rows if r[1] == "A"] == [csv_row]
    pdf = pdf_text(get_pdf(client, "printout-standings", night))[0]
    pdf_lines = "\n".join(line.strip() for line in pdf.splitlines())
    assert "\n".join(a_row) in pdf_lines
    assert legend in " ".join(pdf.split())
    public = client.get(reverse("public:event", args=[night.club.slug, night.pk])).content
    public_table = public.decode().split('id="standings"')[1]
    assert [r[:7] for r in page_cells(public_table) if r[1] == "A"] == [a_row]
    assert legend in public_table

    for url in (
        reverse("tournaments:standings-projector", args=[night.pk]),
        reverse("public:projector", args=[night.club.slug, night.pk]),
    ):
        html = client.get(url).content.decode()
        assert '<bdi class="name">A</bdi><span class="total">14</span>' in html
    for url in (
        reverse("tournaments:player-night", args=[night.pk, nine["A"].pk]),
        reverse("public:player", args=[night.club.slug, night.pk, nine["A"].pk]),
    ):
        html = client.get(url).content.decode()
        assert "total <strong>14</strong>" in html
        assert html.count("Scored 3.5 by the event") == 2


def test_a_sit_out_average_does_not_move_while_the_round_in_play_is_entered(club):
    """H sat out round 2 of the small night and played 3 in round 1: 3*. Round 3 is seated with
    H at table 2 and its hands are being entered: H's sit-out stays 3 until round 3 closes."""
    from conftest import close_round
    from test_standings import build_night

    from tournaments.standings import event_standings, fmt_round

    night, nine = build_night(club)
    hands = [{"maker": "N", "tricks": 5}, {"maker": "N", "tricks": 5}]  # H's side: 4 points
    round_3 = play_round(
        night, 3, {1: ("ABCD", hands[:1]), 2: ("HEFG", hands)}, "I", by_name=nine, close=False
    )

    def h_round_2():
        return fmt_round(next(x for x in event_standings(night).players if x.name == "H"), 2)

    assert h_round_2() == "3*"
    close_round(round_3, reason="Time called")
    # Closed: the average of 3 and 4.
    assert h_round_2() == "3.5*"
