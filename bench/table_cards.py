"""Time a club's set of 100 table cards beside a yardstick, and the QR codes on their own.

    .venv/bin/python bench/table_cards.py

No database: made-up cards with links shaped like the real ones (Django is set up only because
the printouts import the models). Prints, best of 3, measured in one run since absolute times
drift on this 2-core machine: the cards as the download makes them (table_cards_pdf) and the
PDF's size; plain canvas code drawing the same strings at the same fonts, no QR, and the ratio;
draw_qr alone for 100 links; reportlab's QrCodeWidget (the old approach) per code, from 10.
Aim: 100 cards under 2 s.
"""

import datetime
import io
import os
import random
import string
import sys
from pathlib import Path

from reportlab.graphics import renderPDF
from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.graphics.shapes import Drawing
from reportlab.pdfgen.canvas import Canvas

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from timing import best  # noqa: E402  (bench/, beside this script)

SITE = "http://192.168.1.23:8000"


def make_cards(count: int, rng) -> list:
    from tournaments.models import TABLE_CODE_ALPHABET
    from tournaments.printouts.data import PrintedTableCard

    token = string.ascii_letters + string.digits + "-_"  # secrets.token_urlsafe's alphabet
    return [
        PrintedTableCard(
            number=n,
            url=f"{SITE}/t/{''.join(rng.choices(token, k=24))}/",
            code="".join(rng.choices(TABLE_CODE_ALPHABET, k=6)),
            code_url=f"{SITE}/t/",
            players_url=f"{SITE}/c/bench/",
        )
        for n in range(1, count + 1)
    ]


def plain_canvas_cards(cards) -> bytes:
    """The yardstick: the card's strings at the same fonts and sizes, nothing but canvas calls."""
    from tournaments.printouts.layout import BOLD, FONT, paper_size

    width, height = paper_size("letter")
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(width, height))
    for c in cards:
        lines = [
            (f"Table {c.number}", BOLD, 100),
            (c.url, FONT, 7),
            ("Table captains: scan this code to enter the table's hands.", BOLD, 14),
            (f"It opens table {c.number} of whichever round is in play, every club night.",
             FONT, 12),
            (f"No camera? Open {c.code_url} and type", FONT, 12),
            (c.code, "Courier-Bold", 44),
            (f"Players: your seat and the standings at {c.players_url}", FONT, 12),
            (f"Keep this card at table {c.number}. If the director reissues the club's cards, "
             "this one stops working.", FONT, 8),
        ]  # fmt: skip
        for i, (text, font, size) in enumerate(lines):
            canvas.setFont(font, size)
            canvas.drawCentredString(width / 2, height - 100 - 50 * i, text)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def qr_codes(urls, draw) -> None:
    canvas = Canvas(io.BytesIO())
    for url in urls:
        draw(canvas, url, 100, 100, 260)
        canvas.showPage()
    canvas.save()


def widget_qr(canvas, url: str, x: float, y: float, size: float) -> None:
    """The old approach: reportlab's widget (a shape per module) in a drawing."""
    widget = QrCodeWidget(url)
    left, bottom, right, top = widget.getBounds()
    drawing = Drawing(
        size, size, transform=[size / (right - left), 0, 0, size / (top - bottom), 0, 0]
    )
    drawing.add(widget)
    renderPDF.draw(drawing, canvas, x, y)


def main() -> int:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()  # no queries: documents imports data, which imports the models
    from tournaments.printouts import documents
    from tournaments.printouts.layout import DocInfo
    from tournaments.printouts.qr import draw_qr

    cards = make_cards(100, random.Random(1887))
    urls = [card.url for card in cards]
    info = DocInfo("Bench Euchre Club", "", datetime.date(2026, 11, 24), "Table cards")
    pdf, plain = documents.table_cards_pdf(info, cards), plain_canvas_cards(cards)  # warm up
    t_cards = best(lambda: documents.table_cards_pdf(info, cards))
    t_plain = best(lambda: plain_canvas_cards(cards))
    t_qr = best(lambda: qr_codes(urls, draw_qr))
    t_widget = best(lambda: qr_codes(urls[:10], widget_qr)) / 10
    print(f"Table cards, 100 cards ({len(pdf) // 1024} KB): {t_cards * 1000:.0f} ms")
    print(
        f"Plain canvas, same text, no QR ({len(plain) // 1024} KB): {t_plain * 1000:.0f} ms "
        f"(cards take {t_cards / t_plain:.1f}x)"
    )
    print(
        f"QR codes alone, draw_qr x 100: {t_qr * 1000:.0f} ms ({t_qr * 10:.1f} ms a code); "
        f"reportlab QrCodeWidget: {t_widget * 1000:.1f} ms a code "
        f"({t_widget * 100:.1f} s for 100, {t_widget / (t_qr / 100):.0f}x draw_qr)"
    )
    met = t_cards < 2
    print(f"aim: 100 cards under 2 s: {'met' if met else 'NOT met'} ({t_cards:.2f} s)")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
