"""The printed night. Each printout twice, as house style asks: the rows the data builder makes,
by value; and the rendered PDF, by the text pypdf extracts from it (real text, not images).
Then every page is rendered to an image to check nothing runs into the margin, and the
characters' boxes are checked for overlaps."""

import io
import re
import shutil
import subprocess

import django_tables2
import pypdfium2 as pdfium
import pytest
from django.urls import reverse
from pypdf import PdfReader
from test_standings import EXPECTED, build_night, page_cells, pairs_event

from clubs.models import Player
from tournaments import services
from tournaments.models import TableCard
from tournaments.printouts import data
from tournaments.standings import event_standings, missed_header, sit_out_header
from tournaments.tables import (
    PointsColumn,
    StandingsCsvTable,
    player_rows,
    standings_tables,
    table_values,
)


@pytest.fixture
def night(club):
    """The small night of test_standings, whose every number is worked out there by hand."""
    return build_night(club)[0]


MARGIN_BAND_INCHES = 0.3  # inside our half-inch margin: must be blank on every page
RENDER_SCALE = 0.6  # pixels per point: enough to see a stray mark, cheap to render


def pdf_bytes(response) -> bytes:
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    return b"".join(response.streaming_content)


def pdf_text(content: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(content)).pages]


def words(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def get_pdf(client, name, event, query=""):
    return pdf_bytes(client.get(reverse(f"tournaments:{name}", args=[event.pk]) + query))


# --- Score sheets ----------------------------------------------------------------------------


def test_blank_score_sheet_rows_carry_the_players_and_each_hands_dealer(night):
    round_1 = night.rounds.get(number=1)
    sheets = data.score_sheets(round_1, filled=False)
    assert [s.table_number for s in sheets] == [1, 2]
    first = sheets[0]
    assert first.seats == [("North", "A"), ("East", "B"), ("South", "C"), ("West", "D")]
    assert (first.captain, first.captain_seat) == ("A", "North")
    assert [(h.number, h.dealer, h.ns) for h in first.hands] == [(1, "N", ""), (2, "E", "")]


def test_filled_score_sheet_is_the_record_with_running_score_and_loners(night):
    sheets = data.score_sheets(night.rounds.get(number=1), filled=True)
    hands = [
        (h.dealer, h.called, h.alone, h.tricks, h.ns, h.ew, h.ns_total, h.ew_total)
        for h in sheets[0].hands
    ]
    assert hands == [
        ("N", "N", "alone", "5", "4", "0", "4", "0"),
        ("E", "E", "", "1", "2", "0", "6", "0"),
    ]
    assert (sheets[0].ns_score, sheets[0].ew_score) == (6, 0)
    assert sheets[0].lone_hands == {"NS": 1, "EW": 0}


def test_score_sheet_pdfs_name_the_players_and_the_numbers(director_client, night):
    blank = pdf_text(get_pdf(director_client, "printout-sheets", night, "?round=1"))
    assert len(blank) == 2
    assert "Table 1 · Round 1" in blank[0] and "Table 2 · Round 1" in blank[1]
    assert "North: A (captain)" in words(blank[0]) and "West: D" in words(blank[0])
    assert "Captain's initials (A, North)" in blank[0] and "Opponent's initials" in blank[0]
    assert "Page 1 of 2" in blank[0] and "Maple Hall Euchre Club" in blank[0]

    filled = pdf_text(get_pdf(director_client, "printout-sheets", night, "?round=1&filled=1"))
    lines = words(filled[0])
    assert "1 N N alone 5 4 0 4 0" in lines
    assert "2 E E 1 2 0 6 0" in lines
    assert "Total 6 0 Loners: N-S 1, E-W 0" in lines


def test_score_sheets_default_to_the_latest_round(director_client, night):
    text = pdf_text(get_pdf(director_client, "printout-sheets", night))
    assert "Table 1 · Round 2" in text[0] and "North: I (captain)" in words(text[0])


# --- Tally cards -----------------------------------------------------------------------------


def route(card) -> list[tuple]:
    return [(r.round_number, r.table, r.seat, r.partner) for r in card.rows]


def test_tally_cards_carry_the_whole_route_planned_before_it_is_seated(night):
    cards = {c.player: c for c in data.tally_cards(night, services.night_plan(event=night))}
    assert list(cards) == list("ABCDEFGHI")
    a = route(cards["A"])
    assert a[:2] == [(1, "1", "North", "C"), (2, "1", "East", "C")]
    assert (cards["I"].rows[0].table, cards["H"].rows[1].table) == ("sits out", "sits out")
    # Round 3 is not seated, yet every card has it, from the movement's plan...
    assert all(c.rows[2].table for c in cards.values())
    # ...and the director then seats exactly that.
    services.round_seat(event=night)
    seated = {c.player: route(c) for c in data.tally_cards(night, services.night_plan(event=night))}
    assert seated == {name: route(card) for name, card in cards.items()}


def test_tally_cards_leave_rounds_blank_when_none_can_be_planned(night):
    night.entries.update(present=False)  # nobody here: no round 3 can be planned
    cards = data.tally_cards(night, services.night_plan(event=night))
    assert {route(c)[2] for c in cards} == {(3, "", "", "")}


def names_in(html: str, span: str) -> list[str]:
    found = re.search(rf'id="{span}">(.*?)</span>', html)
    return re.findall(r"<bdi>(.*?)</bdi>", found.group(1)) if found else []


def test_a_late_arrival_shows_whose_routes_changed_and_prints_just_those(
    director_client, night, club
):
    full = pdf_text(get_pdf(director_client, "printout-tally", night))
    assert len(full) == 3
    event_page = reverse("tournaments:event-detail", args=[night.pk])
    assert 'id="routes-changed"' not in director_client.get(event_page).content.decode()

    late = Player.objects.create(club=club, name="Jo Late")
    services.entries_add(event=night, players=[late])
    html = director_client.get(event_page).content.decode()
    assert 'id="routes-changed"' in html
    # Her card was never printed: to print, not "no longer matching". One round is left, so
    # one player at most gives her a seat, and two more swap where that would seat two players
    # together a third time in three rounds (A, B and C, and E, F and G, met twice already); a
    # partner of a player moved keeps their seat.
    assert names_in(html, "to-print-names") == ["Jo Late"]
    moved = names_in(html, "changed-names")
    assert len(moved) <= 3 and set(moved) <= set("ABCDEFGHI")
    assert services.round_preview(event=night).report().most_meetings <= 2
    assert "no longer match" not in html.split('id="to-print-names"')[0].split("routes-changed")[1]
    new_partner = names_in(html, "new-partner-names")
    assert not set(new_partner) & {"Jo Late", *moved}

    reprint = pdf_text(get_pdf(director_client, "printout-tally", night, "?changed=1"))
    text = "".join(reprint)
    assert len(reprint) == 1  # her card and the one moved, on one page
    for name in ["Jo Late", *moved]:
        assert f"\n{name}\n" in f"\n{text}"
    assert "arrived for round 3" in words(text)
    # Those cards are now right: what is left is the partners' names, printed on request.
    html = director_client.get(event_page).content.decode()
    assert names_in(html, "to-print-names") == names_in(html, "changed-names") == []
    assert names_in(html, "new-partner-names") == new_partner
    if new_partner:
        partners = "".join(
            pdf_text(get_pdf(director_client, "printout-tally", night, "?changed=partners"))
        )
        assert all(f"\n{name}\n" in f"\n{partners}" for name in new_partner)
    assert 'id="routes-changed"' not in director_client.get(event_page).content.decode()


def test_tally_card_pdf_four_to_a_page(director_client, night):
    pages = pdf_text(get_pdf(director_client, "printout-tally", night, "?paper=a4"))
    assert len(pages) == 3  # nine players
    first = words(pages[0])
    for name in "ABCD":
        assert f"\n{name}\n" in f"\n{pages[0]}\n"
    assert "1 1 North C" in first and "2 1 East C" in first
    assert "Round Table Seat Partner Points Loners" in first and "Total" in first
    assert "I\n" in pages[2] and "1 sits out" in words(pages[2])
    # Every round is on the card, the one not yet seated too, and the way to the players' page.
    assert re.search(r"\b3 [12] (North|East|South|West) [A-I]\b|\b3 sits out\b", first)
    assert "Scan for your seat and the standings" in first


def qr_codes_in_quarter(content: bytes, page: int, quarter: int, tmp_path) -> list[str]:
    """What zbarimg reads in one quarter of a page (0 top left, 1 top right, 2 bottom left,
    3 bottom right: the order the cards fill a page), one line a code found."""
    zbarimg = shutil.which("zbarimg")
    assert zbarimg, "zbarimg is missing: Debian's zbar-tools package (bin/test installs it)"
    # 4 pixels a point: about 5 pixels a module of a tally card's code, sharp enough to read.
    image = pdfium.PdfDocument(content)[page].render(scale=4, grayscale=True).to_pil()
    w, h = image.size
    left, top = (quarter % 2) * w // 2, (quarter // 2) * h // 2
    png = tmp_path / f"page-{page + 1}-quarter-{quarter + 1}.png"
    image.crop((left, top, left + w // 2, top + h // 2)).save(png)
    read = subprocess.run(
        [zbarimg, "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", str(png)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    return read.stdout.splitlines()


def test_the_first_and_last_tally_card_codes_open_the_events_public_page(
    director_client, night, settings, tmp_path
):
    # Each card's code is one drawing the whole PDF refers to: the last card, pages after the
    # first, must carry it as the first card does.
    settings.PUBLIC_URL = "http://192.168.1.50:8000"
    address = "http://192.168.1.50:8000" + reverse("public:event", args=[night.club.slug, night.pk])
    content = get_pdf(director_client, "printout-tally", night)
    players = night.entries.count()
    assert players == 9 and len(pdf_text(content)) == 3
    last = players - 1
    assert qr_codes_in_quarter(content, 0, 0, tmp_path) == [address]
    assert qr_codes_in_quarter(content, last // 4, last % 4, tmp_path) == [address]
    # Past the last card, nothing: the quarter beside it is blank.
    assert qr_codes_in_quarter(content, last // 4, last % 4 + 1, tmp_path) == []


# --- Table cards -----------------------------------------------------------------------------


def club_cards_pdf(client, club, query=""):
    url = reverse("tournaments:printout-table-cards", args=[club.slug]) + query
    return pdf_bytes(client.get(url))


def test_the_clubs_table_cards_carry_the_card_link_and_code_for_every_night(
    director_client, night, settings
):
    settings.PUBLIC_URL = "http://192.168.1.50:8000"
    pages = pdf_text(club_cards_pdf(director_client, night.club, "?tables=3"))
    assert len(pages) == 3
    cards = list(TableCard.objects.filter(club=night.club).order_by("number"))
    assert [c.number for c in cards] == [1, 2, 3]
    text = words(pages[1])
    assert "Table 2" in text and cards[1].code in text
    # Every address on the card is the hall's, for phones in the room: never the director's
    # own browser address.
    assert f"http://192.168.1.50:8000/t/{cards[1].token}/" in text
    assert "Open http://192.168.1.50:8000/t/ and type" in text
    assert "http://192.168.1.50:8000/c/maple-hall/" in text
    assert "testserver" not in "".join(pages)
    # A card belongs to no round: no round number, no seats.
    assert "Round" not in text and "North" not in text


def test_table_cards_are_printed_once_and_keep_their_codes(director_client, night):
    first = club_cards_pdf(director_client, night.club, "?tables=2")
    codes = list(TableCard.objects.filter(club=night.club).values_list("code", flat=True))
    second = club_cards_pdf(director_client, night.club, "?tables=2")
    assert pdf_text(first) == pdf_text(second)
    assert list(TableCard.objects.filter(club=night.club).values_list("code", flat=True)) == codes


def test_table_cards_follow_the_request_without_public_url(director_client, night, settings):
    settings.PUBLIC_URL = ""
    pages = pdf_text(club_cards_pdf(director_client, night.club, "?tables=1"))
    assert "http://testserver/t/" in words(pages[0])


def test_the_clubs_table_cards_default_to_its_set(director_client, night):
    # The night used two tables: the set has two cards, and printing again gives the set.
    assert len(pdf_text(club_cards_pdf(director_client, night.club))) == 2


# --- Standings -------------------------------------------------------------------------------


def test_standings_pdf_and_page_agree_number_for_number(director_client, night):
    page = director_client.get(reverse("tournaments:standings", args=[night.pk]))
    rows = page_cells(page.content.decode())
    assert [tuple(r) for r in rows] == EXPECTED
    text = pdf_text(get_pdf(director_client, "printout-standings", night))
    # pypdf gives one line per table cell, row after row: the page's cells in the same order.
    lines = "\n".join(line.strip() for line in text[0].splitlines())
    assert "\n".join(cell for row in rows for cell in row) in lines
    assert "Standings after 2 of 3 rounds." in text[0]


class Few(django_tables2.Table):
    name = django_tables2.Column()
    total = PointsColumn(verbose_name="Total")


def test_the_pdfs_standings_values_are_django_tables2s_own(club):
    """The PDF and the CSV read the tables' values through table_values (django-tables2's
    as_values() took half their time): the same strings, None where as_values() gives None,
    for every kind of table: sit-outs, a late arrival's missed rounds, a pairs night's two
    tables, and the CSV's own table."""
    night, nine = build_night(club)
    late = Player.objects.create(club=club, name="Larry Late")
    services.entries_add(event=night, players=[late])
    services.round_seat(event=night)
    pairs = pairs_event(club, nine)
    checked = 0
    for event in (night, pairs):
        standings = event_standings(event)
        # The CSV's own table too, with its columns of rounds sat out and missed.
        csv = StandingsCsvTable(
            player_rows(standings),
            rounds=standings.rounds,
            sat_out_header=sit_out_header(event),
            missed_header=missed_header(event),
        )
        for table in [*standings_tables(None, standings).values(), csv]:
            if table is not None:
                assert table_values(table) == list(table.as_values())
                checked += 1
    assert checked == 5
    # A cell with no value (an empty string, None, a key the row lacks): None, as there.
    few = Few([{"name": "A", "total": 3}, {"name": "", "total": None}, {"name": "B"}])
    assert (
        table_values(few)
        == list(few.as_values())
        == [
            ["Name", "Total"],
            ["A", "3"],
            [None, None],
            ["B", None],
        ]
    )


# --- Access ----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["printout-sheets", "printout-tally", "printout-standings"])
def test_another_clubs_director_gets_no_printout(client, other_director, night, name):
    client.force_login(other_director)
    assert client.get(reverse(f"tournaments:{name}", args=[night.pk])).status_code == 404


def test_another_clubs_director_gets_no_table_cards(client, other_director, night):
    client.force_login(other_director)
    url = reverse("tournaments:printout-table-cards", args=[night.club.slug])
    assert client.get(url).status_code == 404
    assert not TableCard.objects.filter(club=night.club, number__gt=2).exists()


def test_the_event_page_links_to_every_printout(director_client, night):
    page = director_client.get(reverse("tournaments:event-detail", args=[night.pk])).content
    for name in ("printout-sheets", "printout-tally", "printout-standings"):
        assert reverse(f"tournaments:{name}", args=[night.pk]).encode() in page
    assert reverse("tournaments:standings", args=[night.pk]).encode() in page
    # The table cards are the club's: the club page prints them.
    club_page = director_client.get(reverse("clubs:club-detail", args=[night.club.slug]))
    assert reverse("tournaments:printout-table-cards", args=[night.club.slug]) in (
        club_page.content.decode()
    )


# --- On the page: nothing in the margin, nothing overlapping ---------------------------------


def marks_in_margin(image) -> list[tuple]:
    """The margin bands (top, bottom, left, right) of a page image that are not blank."""
    band = int(MARGIN_BAND_INCHES * 72 * RENDER_SCALE)
    w, h = image.size
    bands = [(0, 0, w, band), (0, h - band, w, h), (0, 0, band, h), (w - band, 0, w, h)]
    return [box for box in bands if image.crop(box).getextrema()[0] < 200]


def overlapping_characters(page) -> list[tuple[str, str]]:
    """Pairs of characters whose boxes overlap by more than a third of the smaller one:
    text drawn over text. Boxes are bucketed by position so the check stays cheap."""
    text = page.get_textpage()
    boxes = []
    for i in range(text.count_chars()):
        char = text.get_text_range(i, 1)
        if char.strip():
            left, bottom, right, top = text.get_charbox(i)
            boxes.append((char, left, bottom, right, top))
    buckets: dict[tuple[int, int], list] = {}
    for box in boxes:
        buckets.setdefault((int(box[1] // 20), int(box[2] // 20)), []).append(box)
    found = []
    for (bx, by), members in buckets.items():
        near = [
            b for dx in (-1, 0, 1) for dy in (-1, 0, 1) for b in buckets.get((bx + dx, by + dy), [])
        ]
        for a in members:
            for b in near:
                if a is b or a > b:
                    continue
                w = min(a[3], b[3]) - max(a[1], b[1])
                h = min(a[4], b[4]) - max(a[2], b[2])
                if w > 0 and h > 0:
                    smaller = min((a[3] - a[1]) * (a[4] - a[2]), (b[3] - b[1]) * (b[4] - b[2]))
                    if smaller > 0 and w * h > smaller / 3:
                        found.append((a[0], b[0]))
    return found


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_every_printout_fits_its_page(director_client, night, paper, tmp_path):
    documents = {
        "sheets": get_pdf(director_client, "printout-sheets", night, f"?paper={paper}&round=1"),
        "filled": get_pdf(director_client, "printout-sheets", night, f"?paper={paper}&filled=1"),
        "tally": get_pdf(director_client, "printout-tally", night, f"?paper={paper}"),
        "tables": club_cards_pdf(director_client, night.club, f"?paper={paper}&tables=2"),
        "standings": get_pdf(director_client, "printout-standings", night, f"?paper={paper}"),
    }
    expected_width = {"letter": 612, "a4": 595}[paper]
    for name, content in documents.items():
        pdf = pdfium.PdfDocument(content)
        for number in range(len(pdf)):
            page = pdf[number]
            assert round(page.get_width()) == expected_width, name
            image = page.render(scale=RENDER_SCALE, grayscale=True).to_pil()
            image.save(tmp_path / f"{name}-{number + 1}.png")
            assert marks_in_margin(image) == [], f"{name} page {number + 1}"
            assert overlapping_characters(page) == [], f"{name} page {number + 1}"


def test_the_overlap_check_finds_text_drawn_over_text():
    from reportlab.pdfgen.canvas import Canvas

    buffer = io.BytesIO()
    canvas = Canvas(buffer)
    canvas.drawString(100, 100, "Ada Baker")
    canvas.drawString(103, 101, "Ben Carter")
    canvas.save()
    page = pdfium.PdfDocument(buffer.getvalue())[0]
    assert overlapping_characters(page) != []


def test_the_margin_check_finds_a_mark_at_the_edge():
    from reportlab.pdfgen.canvas import Canvas

    buffer = io.BytesIO()
    canvas = Canvas(buffer)
    canvas.drawString(300, 400, "inside")
    canvas.save()
    inside = pdfium.PdfDocument(buffer.getvalue())[0].render(scale=RENDER_SCALE, grayscale=True)
    assert marks_in_margin(inside.to_pil()) == []
    buffer = io.BytesIO()
    canvas = Canvas(buffer)
    canvas.drawString(4, 400, "cut off")
    canvas.save()
    edge = pdfium.PdfDocument(buffer.getvalue())[0].render(scale=RENDER_SCALE, grayscale=True)
    assert marks_in_margin(edge.to_pil()) != []


def test_the_standings_pdf_prints_a_late_arrivals_missed_round_blank(director_client, club):
    """A late arrival has no points for the rounds before: the page shows a blank cell, and
    so must the PDF (it answered 500 on the blank)."""
    event, _ = build_night(club)
    late = Player.objects.create(club=club, name="Larry Late")
    services.entries_add(event=event, players=[late])
    services.round_seat(event=event)

    content = get_pdf(director_client, "printout-standings", event)

    text = words(" ".join(pdf_text(content)))
    assert "Larry Late" in text
    page = director_client.get(reverse("tournaments:standings", args=[event.pk])).content
    assert b"Larry Late" in page
    csv = director_client.get(reverse("tournaments:standings-csv", args=[event.pk]))
    row = next(line for line in csv.content.decode().splitlines() if "Larry" in line)
    assert ",," in row  # rounds 1 and 2 blank, not "None"


def test_a_huge_number_of_table_cards_asked_prints_the_most(director_client, night):
    # More digits than int() reads: the most cards, not a crash.
    response = director_client.get(
        reverse("tournaments:printout-table-cards", args=[night.club.slug]),
        {"tables": "9" * 5000},
    )
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
