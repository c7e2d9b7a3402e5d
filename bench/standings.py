"""Time the standings and the tally cards at the size of a big tournament, beside a yardstick.

    .venv/bin/python bench/standings.py

Builds, in a throwaway SQLite database (not timed): a 200-table, 10-round event with 8 hands a
table (16,000 hands, each scored by the engine from a plausible deal) and a 400-player event
(100 tables, 10 rounds). Then prints, best of several runs:

- the event's standings (tournaments/standings.py: two queries and one pass in Python)
  beside one raw SQL aggregate of the same rows (seats joined to hands, summed per player).
  Aim: within 2x of the SQL.
- the tally cards of the 400-player event as the download makes them (the rows from the
  database, then the PDF with its header, grid and page numbers) beside plain reportlab canvas
  code drawing the same text. Aim: at least half its speed, and under 2 seconds.
"""

import datetime
import io
import os
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from anchors import raw_aggregate  # noqa: E402  (bench/, beside this script)
from timing import best  # noqa: E402

RUNS = 5


def build_event(club, *, name: str, tables: int, rounds: int, hands: int, rng):
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
    players = Player.objects.bulk_create(
        Player(club=club, name=f"{name} player {i:04d}") for i in range(tables * 4)
    )
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


def plain_canvas_tally(cards, info) -> bytes:
    """The yardstick: the same words at the same places, with nothing but canvas calls."""
    from reportlab.pdfgen.canvas import Canvas

    from tournaments.printouts.layout import BOLD, FONT, MARGIN, paper_size

    width, height = paper_size(info.paper)
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(width, height))
    cell_w, cell_h = (width - 2 * MARGIN) / 2, (height - 2 * MARGIN - 58) / 2
    headings = ("Round", "Table", "Seat", "Partner", "Points", "Loners")
    for index, card in enumerate(cards):
        if index and index % 4 == 0:
            canvas.showPage()
        if index % 4 == 0:
            canvas.setFont(BOLD, 10)
            canvas.drawString(MARGIN, height - MARGIN - 10, info.club)
            canvas.drawString(MARGIN, height - MARGIN - 22, info.event)
        x = MARGIN + (index % 2) * cell_w + 12
        y = height - MARGIN - 40 - (index % 4 // 2) * cell_h
        canvas.setFont(BOLD, 14)
        canvas.drawString(x, y, card.player)
        canvas.setFont(FONT, 9)
        for i, heading in enumerate(headings):
            canvas.drawString(x + i * 40, y - 30, heading)
        for r, row in enumerate(card.rows):
            line_y = y - 48 - r * 18
            canvas.drawString(x, line_y, str(row.round_number))
            canvas.drawString(x + 40, line_y, row.table)
            canvas.drawString(x + 80, line_y, row.seat)
            canvas.drawString(x + 120, line_y, row.partner)
        canvas.drawString(x + 120, y - 48 - len(card.rows) * 18, "Total")
    canvas.save()
    return buffer.getvalue()


def main() -> int:
    tmp = tempfile.TemporaryDirectory(prefix="euchre-bench-")
    os.environ.pop("DATABASE_URL", None)
    os.environ["SQLITE_PATH"] = str(Path(tmp.name) / "bench.sqlite3")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.management import call_command

    from clubs.models import Club
    from tournaments import services
    from tournaments.models import Hand
    from tournaments.printouts import data, documents
    from tournaments.printouts.layout import DocInfo
    from tournaments.standings import event_standings

    call_command("migrate", verbosity=0)
    rng = random.Random(1887)
    club = Club.objects.create(name="Bench Euchre Club", slug="bench")
    start = time.perf_counter()
    big = build_event(club, name="Big", tables=200, rounds=10, hands=8, rng=rng)
    four_hundred = build_event(club, name="Tally", tables=100, rounds=10, hands=1, rng=rng)
    built = time.perf_counter() - start
    hands = Hand.objects.filter(table__round__event=big).count()
    print(f"Built the events in {built:.1f} s: {hands:,} hands in the big one.")

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

    info = DocInfo(
        club=club.name, event=four_hundred.name, date=four_hundred.date, title="Tally cards"
    )

    def tally_download():
        # As the download makes them: the night's plan (every round seated here), then the rows.
        return data.tally_cards(four_hundred, services.night_plan(event=four_hundred))

    cards = tally_download()
    assert len(cards) == 400
    ours_pdf = documents.tally_cards_pdf(info, cards)
    plain_pdf = plain_canvas_tally(cards, info)
    t_tally = best(lambda: documents.tally_cards_pdf(info, tally_download()), 3)
    t_plain = best(lambda: plain_canvas_tally(cards, info), 3)
    print(
        f"Tally cards, 400 players (100 pages, {len(ours_pdf) // 1024} KB): "
        f"{t_tally * 1000:.0f} ms from the database; plain canvas drawing the same text "
        f"({len(plain_pdf) // 1024} KB): {t_plain * 1000:.0f} ms "
        f"(ours at {t_plain / t_tally:.0%} of its speed; aim: at least 50%, and under 2 s)"
    )
    tmp.cleanup()
    ok = t_standings <= 2 * t_sql and t_tally <= 2 * t_plain and t_tally < 2
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
