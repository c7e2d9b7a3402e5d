"""Time the standings and the event's PDFs at the size of a big tournament, each beside its
yardstick from the same run.

    .venv/bin/python bench/standings.py

Builds, in a throwaway SQLite database (not timed): a 200-table, 10-round event with 8 hands a
table (16,000 hands, each scored by the engine from a plausible deal), and a night as the
event page serves it: 400 players (names as varied as a real club's) at 100 tables, 12 rounds
of 8 hands (9,600 hands), in a club whose results are public, with a director logged in. Then
prints:

- the event's standings (tournaments/standings.py: two queries and one pass in Python)
  beside one raw SQL aggregate of the same rows (seats joined to hands, summed per player),
  best of several runs. Aim: within 2x of the SQL.
- the two PDFs of the 400-player night exactly as the event page serves them: a GET of the
  download's URL through django.test.Client as the director (the view's queries, the rows,
  the PDF, and for the tally cards the QR code of the event's public page on every card, as
  a club with public results gets them). Each is timed in turns with its yardstick, plain
  reportlab canvas code drawing the same words on the same number of pages from rows made
  beforehand (no grid, no layout engine); the tally cards' yardstick also draws the QR code
  once a page, encoded for each page. Best and median of the turns. Aims, on the medians:
  tally cards under 0.5 s and no slower than their yardstick; the standings PDF within 2x
  of its yardstick.
"""

import datetime
import io
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from anchors import raw_aggregate  # noqa: E402  (bench/, beside this script)
from pages import names  # noqa: E402
from timing import best, turns  # noqa: E402

# bench/ (this script's folder, first on the path) holds a brackets.py too: out of the way of
# the app's own brackets package, which the URLs import.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]

RUNS = 5
PDF_TURNS = 7
# A hall's address, as PUBLIC_URL (or hall mode) sets it: the link in the tally cards' QR code
# is as long as a club's real one, and the QR as big.
SITE = "http://192.168.1.23:8000"
TALLY_AIM = 0.5  # seconds, the median of the served download
STANDINGS_PDF_AIM = 2  # times the plain canvas


def build_event(club, *, name: str, tables: int, rounds: int, hands: int, rng, player_names=None):
    import scoring
    from clubs.models import Player
    from tournaments.management.commands.load_demo import deal
    from tournaments.models import Entry, Event, Hand, Round, Seat, Table

    event = Event.objects.create(
        club=club,
        name=name,
        date=datetime.date(2026, 11, 24),
        rounds_planned=rounds,
        hands_per_round=hands,
    )
    rules = event.ruleset()
    player_names = player_names or [f"{name} player {i:04d}" for i in range(tables * 4)]
    players = Player.objects.bulk_create(Player(club=club, name=n) for n in player_names)
    Entry.objects.bulk_create(Entry(event=event, player=p) for p in players)
    round_objs = Round.objects.bulk_create(
        Round(event=event, number=n, status=Round.Status.CLOSED) for n in range(1, rounds + 1)
    )
    table_objs = Table.objects.bulk_create(
        Table(round=r, number=t, captain=players[0])
        for r in round_objs
        for t in range(1, tables + 1)
    )
    seats, hand_objs = [], []
    order = list(players)
    for r in round_objs:
        rng.shuffle(order)  # a new seating every round
        for t in table_objs[(r.number - 1) * tables : r.number * tables]:
            for i, position in enumerate("NESW"):
                player = order[(t.number - 1) * 4 + i]
                seats.append(Seat(round=r, table=t, position=position, player=player))
            for number in range(1, hands + 1):
                hand = Hand(table=t, number=number, dealer="NESW"[(number - 1) % 4])
                for field, value in deal(rng, rules).items():
                    setattr(hand, field, value)
                hand.apply_score(scoring.score_hand(hand.to_engine_hand(), rules))
                hand_objs.append(hand)
    Seat.objects.bulk_create(seats, batch_size=2000)
    Hand.objects.bulk_create(hand_objs, batch_size=2000)
    return event


def plain_footer(canvas, width: float, page: int, pages: int) -> None:
    from tournaments.printouts.layout import FONT, MARGIN

    canvas.setFont(FONT, 8)
    canvas.drawRightString(width - MARGIN, MARGIN, f"Page {page} of {pages}")


def plain_header(canvas, info, width: float, height: float) -> None:
    from tournaments.printouts.layout import BOLD, FONT, MARGIN

    canvas.setFont(BOLD, 10)
    canvas.drawString(MARGIN, height - MARGIN - 10, info.club)
    canvas.drawRightString(width - MARGIN, height - MARGIN - 10, info.title)
    canvas.setFont(FONT, 9)
    canvas.drawString(MARGIN, height - MARGIN - 22, f"{info.event} · {info.date:%Y-%m-%d}")


def plain_canvas_tally(cards, info) -> bytes:
    """The tally cards' yardstick: each card's words (name, event line, the line under the QR,
    the headings, every row's round, table, seat and partner, "Total") at their places, the
    page's header and footer, and one QR code of the link a page, encoded for that page, with
    nothing but canvas calls. `cards`: the download's rows, names made printable beforehand."""
    from reportlab.pdfgen.canvas import Canvas

    from tournaments.printouts.layout import BOLD, FONT, MARGIN, paper_size
    from tournaments.printouts.qr import draw_qr

    width, height = paper_size(info.paper)
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(width, height))
    cell_w, cell_h = (width - 2 * MARGIN) / 2, (height - 2 * MARGIN - 58) / 2
    headings = ("Round", "Table", "Seat", "Partner", "Points", "Loners")
    subtitle = f"{info.event} · {info.date:%Y-%m-%d}"
    pages = -(-len(cards) // 4)
    for index, card in enumerate(cards):
        if index % 4 == 0:
            if index:
                canvas.showPage()
            plain_header(canvas, info, width, height)
            plain_footer(canvas, width, index // 4 + 1, pages)
        x = MARGIN + (index % 2) * cell_w + 12
        y = height - MARGIN - 40 - (index % 4 // 2) * cell_h
        if index % 4 == 0:
            draw_qr(canvas, card.players_url, x + cell_w - 78, y - 40, 54)
        canvas.setFont(BOLD, 14)
        canvas.drawString(x, y, card.player)
        canvas.setFont(FONT, 8)
        canvas.drawString(x, y - 12, subtitle)
        canvas.drawString(x, y - 22, "Scan for your seat and the standings")
        canvas.setFont(FONT, 9)
        for i, heading in enumerate(headings):
            canvas.drawString(x + i * 40, y - 40, heading)
        for r, row in enumerate(card.rows):
            line_y = y - 58 - r * 18
            canvas.drawString(x, line_y, str(row.round_number))
            canvas.drawString(x + 40, line_y, row.table)
            canvas.drawString(x + 80, line_y, row.seat)
            canvas.drawString(x + 120, line_y, row.partner)
        canvas.drawString(x + 120, y - 58 - len(card.rows) * 18, "Total")
    canvas.save()
    return buffer.getvalue()


def plain_canvas_standings(values, info, lines) -> bytes:
    """The standings PDF's yardstick: the title, the status line, the table's every cell (header
    first, again on each page) in fixed columns, the legend, and each page's header and footer,
    with nothing but canvas calls. `values`: the table's strings, made beforehand."""
    from reportlab.pdfgen.canvas import Canvas

    from tournaments.printouts.layout import BOLD, FONT, MARGIN, paper_size

    width, height = paper_size(info.paper)
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(width, height))
    header, *rows = values
    name_w = 130
    other_w = (width - 2 * MARGIN - name_w) / (len(header) - 1)
    lefts = [MARGIN, MARGIN + other_w]
    lefts += [MARGIN + name_w + (i - 1) * other_w for i in range(2, len(header))]
    top, bottom, row_h = height - MARGIN - 60, MARGIN + 30, 12.5
    per_page = int((top - bottom) / row_h) - 1
    pages = -(-len(rows) // per_page)
    for page in range(pages):
        if page:
            canvas.showPage()
        plain_header(canvas, info, width, height)
        plain_footer(canvas, width, page + 1, pages)
        y = top
        if page == 0:
            canvas.setFont(BOLD, 18)
            canvas.drawString(MARGIN, y + 8, "Standings")
            canvas.setFont(FONT, 10)
            canvas.drawString(MARGIN, y - 6, lines[0])
            y -= 20
        canvas.setFont(BOLD, 8)
        for text, left in zip(header, lefts, strict=True):
            canvas.drawString(left + 3, y, text)
        canvas.setFont(FONT, 8)
        for row in rows[page * per_page : (page + 1) * per_page]:
            y -= row_h
            for text, left in zip(row, lefts, strict=True):
                canvas.drawString(left + 3, y, text)
    canvas.setFont(FONT, 8)
    for i, line in enumerate(lines[1:]):
        canvas.drawString(MARGIN, y - 20 - 10 * i, line)
    canvas.save()
    return buffer.getvalue()


def page_count(content: bytes) -> int:
    from pypdf import PdfReader

    return len(PdfReader(io.BytesIO(content)).pages)


def report(name: str, times, sizes) -> tuple[float, float]:
    """Print each side's best and median of its turns, and its size; return the medians."""
    medians = []
    for side, spent, size in zip(("served", "plain canvas"), times, sizes, strict=True):
        middle = statistics.median(spent)
        medians.append(middle)
        print(
            f"  {side:<13} best {min(spent) * 1000:6.0f} ms   median {middle * 1000:6.0f} ms   "
            f"{size // 1024:5d} KB"
        )
    print(f"  {name}: served median {medians[0] / medians[1]:.2f}x the plain canvas's")
    return medians[0], medians[1]


def main() -> int:
    tmp = tempfile.TemporaryDirectory(prefix="euchre-bench-")
    os.environ.pop("DATABASE_URL", None)
    os.environ["SQLITE_PATH"] = str(Path(tmp.name) / "bench.sqlite3")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.test import Client
    from django.urls import reverse

    from clubs.models import Club, ClubDirector
    from tournaments import services
    from tournaments.models import Hand
    from tournaments.printouts import data
    from tournaments.printouts.layout import DocInfo, printable, register_fonts
    from tournaments.printouts.views import standings_legend
    from tournaments.standings import event_standings
    from tournaments.tables import standings_tables

    # The test client's host, and the hall's address for every link the PDFs print.
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "testserver"]
    settings.PUBLIC_URL = SITE
    call_command("migrate", verbosity=0)
    rng = random.Random(1887)
    club = Club.objects.create(name="Bench Euchre Club", slug="bench", results_public=True)
    start = time.perf_counter()
    big = build_event(club, name="Big", tables=200, rounds=10, hands=8, rng=rng)
    night = build_event(
        club,
        name="Spring tournament",
        tables=100,
        rounds=12,
        hands=8,
        rng=rng,
        player_names=names(400),
    )
    built = time.perf_counter() - start
    hands = Hand.objects.filter(table__round__event=big).count()
    night_hands = Hand.objects.filter(table__round__event=night).count()
    print(
        f"Built the events in {built:.1f} s: {hands:,} hands in the big one, "
        f"{night_hands:,} in the 400-player night."
    )

    # The two must agree before their times mean anything.
    standings = event_standings(big)
    ours = sorted((p.player_id, p.total, p.lone_made, p.euchred) for p in standings.players)
    assert ours == sorted(raw_aggregate(big.pk)), "standings and raw SQL disagree"

    t_standings = best(lambda: event_standings(big), RUNS)
    t_sql = best(lambda: raw_aggregate(big.pk), RUNS)
    print(
        f"Standings, 200 tables x 10 rounds x 8 hands: {t_standings * 1000:.0f} ms; "
        f"raw SQL aggregate of the same rows: {t_sql * 1000:.0f} ms "
        f"({t_standings / t_sql:.2f}x; aim: within 2x)"
    )

    director = get_user_model().objects.create_user("director", password="bench-pass-123")
    ClubDirector.objects.create(club=club, user=director)
    client = Client()
    client.force_login(director)

    def served(name: str):
        url = reverse(f"tournaments:{name}", args=[night.pk])

        def ask() -> bytes:
            response = client.get(url)
            assert response.status_code == 200, (url, response.status_code)
            return b"".join(response.streaming_content)

        return ask

    # The garbage collector as the app's servers set it (config/heap.py), which sets aside
    # what the script built (no part of a server's heap), so it weighs on neither side.
    from config import heap

    heap.settle()

    # Tally cards: the yardstick's rows are the download's own, with the same link.
    served_tally = served("printout-tally")
    info = DocInfo(club=club.name, event=night.name, date=night.date, title="Tally cards")
    players_url = f"{SITE}{reverse('public:event', args=[club.slug, night.pk])}"
    cards = data.tally_cards(night, services.night_plan(event=night), players_url=players_url)
    register_fonts()
    for card in cards:
        card.player = printable(card.player)
        for row in card.rows:
            row.partner = printable(row.partner)
    ours_pdf, plain_pdf = served_tally(), plain_canvas_tally(cards, info)
    assert len(cards) == 400 and page_count(ours_pdf) == page_count(plain_pdf) == 100
    print(
        f"Tally cards PDF, 400 players, 12 rounds, the QR code of {players_url} on every card, "
        f"100 pages; median and best of {PDF_TURNS} turns:"
    )
    times = turns([served_tally, lambda: plain_canvas_tally(cards, info)], PDF_TURNS)
    t_tally, t_plain = report("tally cards", times, (len(ours_pdf), len(plain_pdf)))
    tally_ok = t_tally < TALLY_AIM and t_tally <= t_plain
    print(
        f"  aim: median under {TALLY_AIM * 1000:.0f} ms and at most the plain canvas's: "
        f"{'yes' if tally_ok else 'NO'}"
    )

    # Standings PDF: the yardstick draws the strings the view prints.
    served_standings = served("printout-standings")
    result = event_standings(night)
    table = standings_tables(None, result)["players_table"]
    values = [[printable(cell) for cell in row] for row in table.as_values()]
    lines = [result.status, standings_legend(night)]
    info = DocInfo(club=club.name, event=night.name, date=night.date, title="Standings")
    ours_pdf, plain_pdf = served_standings(), plain_canvas_standings(values, info, lines)
    print(
        f"Standings PDF, 400 players, {night_hands:,} hands ({page_count(ours_pdf)} pages; "
        f"the plain canvas {page_count(plain_pdf)}); median and best of {PDF_TURNS} turns:"
    )
    times = turns(
        [served_standings, lambda: plain_canvas_standings(values, info, lines)], PDF_TURNS
    )
    t_pdf, t_plain = report("standings PDF", times, (len(ours_pdf), len(plain_pdf)))
    pdf_ok = t_pdf <= STANDINGS_PDF_AIM * t_plain
    print(
        f"  aim: median within {STANDINGS_PDF_AIM}x the plain canvas's: {'yes' if pdf_ok else 'NO'}"
    )
    tmp.cleanup()
    ok = t_standings <= 2 * t_sql and tally_ok and pdf_ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
