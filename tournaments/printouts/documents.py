"""The four printouts laid out with reportlab: score sheets, tally cards, table cards and the
standings. Each takes the rows from `data.py` (or the standings table) and returns PDF bytes.
Every word is drawn as text in an embedded font that has every script a name may come in
(layout.FONT), so the PDFs can be searched and copied; every string goes through
layout.printable on its way to the paper."""

import functools
import math
from collections.abc import Sequence
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.rl_accel import fp_str
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import inch
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.textobject import PDFTextObject
from reportlab.platypus import (
    CondPageBreak,
    Flowable,
    Frame,
    KeepTogether,
    PageBreak,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from clubs import dates

from .data import MINUS_POINTS, PrintedTableCard, ScoreSheet, TallyCard
from .layout import (
    BOLD,
    FONT,
    FOOTER,
    HEADER,
    MARGIN,
    STYLES,
    DocInfo,
    body_frame,
    build,
    draw_form,
    printable,
    register_fonts,
)
from .qr import draw_qr, draw_repeated_qr

GRID = colors.Color(0.55, 0.55, 0.55)
SHADE = colors.Color(0.92, 0.92, 0.92)


# Remembered: a night's tally cards measure the same seats, tables and names thousands of times.
@functools.lru_cache(maxsize=4096)
def _fit(text: str, font: str, size: float, width: float, smallest: float = 6) -> float:
    """The largest font size, up to `size` and in half points below it, at which `text` fits
    in `width` (never below `smallest`)."""
    natural = stringWidth(text, font, size)
    if natural <= width:
        return size
    # A string's width grows in proportion to the font size: one measurement is enough.
    return max(smallest, math.floor(2 * size * width / natural) / 2)


# Remembered: the cells of a night's cards and standings sit on a few hundred distinct rows,
# columns and widths, written and measured tens of thousands of times.
_number = functools.lru_cache(maxsize=8192)(fp_str)
_width = functools.lru_cache(maxsize=8192)(stringWidth)


class _Words(PDFTextObject):
    """A text object for many short words at set places (table cells), writing what
    reportlab's own writes, each piece worked out once a document rather than for every word:
    a place's numbers (1 0 0 1 x y Tm), and a word in its font (which letters of the embedded
    font it uses, escaped). A night's 20,000 words are a few hundred distinct ones, and
    working each out again was most of the time of its tally cards and standings."""

    def __init__(self, canvas):
        # The document's own: the letters a font's subsets hold are numbered as it goes.
        self._known = canvas.__dict__.setdefault("_words_known", {})
        self._upright = canvas.bottomup  # reportlab's default; the other way is left to it
        super().__init__(canvas)

    def setTextOrigin(self, x, y):  # noqa: N802 (reportlab's name)
        if not self._upright:
            return super().setTextOrigin(x, y)
        self._code.append(f"1 0 0 1 {_number(x)} {_number(y)} Tm")
        self._x0 = self._x = x
        self._y0 = self._y = y

    def textLine(self, text=""):  # noqa: N802 (reportlab's name)
        if not self._upright or type(text) is not str:
            return super().textLine(text)
        key = (self._fontname, self._fontsize, self._leading, self._curSubset, text)
        found = self._known.get(key)
        if found is None:
            found = self._known[key] = (self._formatText(text), self._curSubset)
        code, self._curSubset = found
        # As PDFTextObject.textLine: the words, then the cursor to the next line.
        self._x = self._x0
        self._y = self._y0 = self._y - self._leading
        self._code.append(code + " T*")


def _paragraph(text: str, style) -> Paragraph:
    return Paragraph(escape(printable(text)), style)


def _cells(rows: list[list[str]]) -> list[list[str]]:
    return [[printable(cell) for cell in row] for row in rows]


# A grid cell's padding above and below its words, in points.
CELL_TOP, CELL_BOTTOM = 1, 2


def _grid_style(font_size: float, *, header_rows: int = 1) -> list:
    return [
        ("FONT", (0, 0), (-1, -1), FONT, font_size),
        ("FONT", (0, 0), (-1, header_rows - 1), BOLD, font_size),
        ("BACKGROUND", (0, 0), (-1, header_rows - 1), SHADE),
        ("GRID", (0, 0), (-1, -1), 0.5, GRID),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), CELL_TOP),
        ("BOTTOMPADDING", (0, 0), (-1, -1), CELL_BOTTOM),
        ("LEFTPADDING", (0, 0), (-1, -1), 3),
        ("RIGHTPADDING", (0, 0), (-1, -1), 3),
    ]


# --- Table score sheets ----------------------------------------------------------------------

SHEET_COLUMNS = [
    ("Hand", 0.07),
    ("Dealer", 0.08),
    ("Called", 0.08),
    ("Alone", 0.11),
    ("Tricks", 0.08),
    ("N-S", 0.08),
    ("E-W", 0.08),
    ("N-S score", 0.10),
    ("E-W score", 0.10),
    ("Note", 0.22),
]


def _sheet_story(sheet: ScoreSheet, width: float, height: float) -> list:
    kind = f"{sheet.hands_per_round} hands" if sheet.hands_per_round else f"game to {sheet.game_to}"
    what = "as entered" if sheet.filled else "blank, to play on paper"
    story = [
        Paragraph(f"Table {sheet.table_number} · Round {sheet.round_number}", STYLES["Title"]),
        Paragraph(f"Score sheet, {what} · {kind}", STYLES["Body"]),
        *([_paragraph(MINUS_POINTS, STYLES["Small"])] if sheet.minus_points else []),
        *([_paragraph(sheet.time_called, STYLES["Small"])] if sheet.time_called else []),
        Spacer(1, 6),
    ]
    seat_rows = [
        [f"{seat}:", name + (" (captain)" if seat == sheet.captain_seat else "")]
        for seat, name in sheet.seats
    ]
    seats = Table(_cells(seat_rows), colWidths=[0.12 * width, 0.5 * width], hAlign="LEFT")
    seats.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (0, -1), BOLD, 11),
                ("FONT", (1, 0), (1, -1), FONT, 11),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("TOPPADDING", (0, 0), (-1, -1), 1),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
            ]
        )
    )
    story += [seats, Spacer(1, 8)]

    rows = [[c for c, _ in SHEET_COLUMNS]]
    rows += [
        [
            str(h.number),
            h.dealer,
            h.called,
            h.alone,
            h.tricks,
            h.ns,
            h.ew,
            h.ns_total,
            h.ew_total,
            h.note,
        ]
        for h in sheet.hands
    ]
    if sheet.filled:
        rows.append(["Total", "", "", "", "", "", "", str(sheet.ns_score), str(sheet.ew_score), ""])
        loners = f"Loners: N-S {sheet.lone_hands['NS']}, E-W {sheet.lone_hands['EW']}"
        rows[-1][9] = loners
    else:
        rows.append(["Total", "", "", "", "", "", "", "", "", "Loners: N-S      E-W"])
    # Blank rows are for writing in, so they get the height of a pen's line; a long round
    # shrinks them so the whole sheet, initials included, stays on one page.
    room = height - 190
    row_height = max(11.0, min(22.0 if not sheet.filled else 15.0, room / len(rows)))
    font_size = min(9.0, row_height * 0.62)
    hands = Table(
        _cells(rows),
        colWidths=[f * width for _, f in SHEET_COLUMNS],
        rowHeights=row_height,
        repeatRows=1,
        hAlign="LEFT",
    )
    style = _grid_style(font_size)
    style += [
        ("ALIGN", (0, 0), (8, -1), "CENTER"),
        ("FONT", (0, -1), (-1, -1), BOLD, font_size),
        ("BACKGROUND", (0, -1), (-1, -1), SHADE),
        ("LINEBEFORE", (5, 0), (5, -1), 1.2, colors.black),
        ("LINEBEFORE", (7, 0), (7, -1), 1.2, colors.black),
    ]
    hands.setStyle(TableStyle(style))
    story += [hands, Spacer(1, 14)]

    initials = Table(
        _cells(
            [
                [
                    f"Captain's initials ({sheet.captain}, {sheet.captain_seat or 'captain'})",
                    "",
                    "",
                    "Opponent's initials",
                    "",
                ]
            ]
        ),
        colWidths=[0.40 * width, 0.16 * width, 0.06 * width, 0.20 * width, 0.18 * width],
        rowHeights=24,
        hAlign="LEFT",
    )
    initials.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), FONT, 9),
                ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
                ("LINEBELOW", (1, 0), (1, 0), 0.8, colors.black),
                ("LINEBELOW", (4, 0), (4, 0), 0.8, colors.black),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
            ]
        )
    )
    story.append(initials)
    if sheet.confirmed:
        story += [Spacer(1, 6), _paragraph(sheet.confirmed, STYLES["Small"])]
    for line in sheet.corrections:
        story += [Spacer(1, 3), Paragraph(f"<b>{escape(printable(line))}</b>", STYLES["Small"])]
    return story


def score_sheets_pdf(info: DocInfo, sheets: list[ScoreSheet]) -> bytes:
    register_fonts()
    frame = body_frame(info.pagesize)
    story: list = []
    for i, sheet in enumerate(sheets):
        if i:
            story.append(PageBreak())
        story += _sheet_story(sheet, frame._width, frame._height)
    if not story:
        story = [Paragraph("No tables in this round.", STYLES["Body"])]
    return build(info, story)


# --- Tally cards: four to a page, to cut ----------------------------------------------------

TALLY_COLUMNS = [
    ("Round", 0.13),
    ("Table", 0.15),
    ("Seat", 0.14),
    ("Partner", 0.32),
    ("Points", 0.13),
    ("Loners", 0.13),
]
CARD_PADDING = 12
TALLY_QR = 0.75 * inch  # scans from a phone at arm's length


class TallyCardFlowable(Flowable):
    """One card, drawn straight on the canvas: a card is a fixed grid, and 400 of them must
    come out in well under two seconds, which platypus tables (measured ~4x slower) do not."""

    def __init__(self, card: TallyCard, subtitle: str, note: str = ""):
        super().__init__()
        self.card = card
        self.subtitle = subtitle
        self.note = note  # a line under the grid (set scoring's minus points)

    def wrap(self, available_width, available_height):
        # A card takes its whole quarter page, so the next card goes to the next quarter.
        self.width, self.height = available_width, available_height
        return available_width, available_height

    def draw(self):
        c = self.canv
        w, h = self.width, self.height
        name = printable(self.card.player)
        # The QR code of the event's public page sits in the corner: the player's seat for
        # the next round, and the standings, without asking anyone.
        qr = TALLY_QR if self.card.players_url else 0
        rows = self.card.rows
        top = h - max(34, qr + 4)
        # A player who cannot move reads it under the grid, in bold: "Stays at table 3".
        stays = f"Stays at table {self.card.stays}" if self.card.stays is not None else ""
        note_room = (12 if self.note else 0) + (14 if stays else 0)
        row_h = min(22.0, (top - 4 - note_room) / (len(rows) + 2))
        font = min(9.0, row_h * 0.6)
        lefts = []
        x = 0.0
        for _, fraction in TALLY_COLUMNS:
            lefts.append(x)
            x += fraction * w
        widths = [fraction * w for _, fraction in TALLY_COLUMNS]
        baseline = row_h * 0.32
        missed = tuple(i for i, row in enumerate(rows, start=1) if row.missed)
        bottom = top - row_h * (len(rows) + 2)

        # The card's own words go in text objects, not a drawString each (a text object, a
        # width measured and a font chosen for each of a night's 20,000 strings: most of the
        # time), in the order a reader copying the card's text expects.
        c.setFillColor(colors.black)
        text = _Words(c)
        chosen = None

        def put(x: float, y: float, words: str, face: str, size: float) -> None:
            nonlocal chosen
            if (face, size) != chosen:
                text.setFont(face, size)
                chosen = (face, size)
            text.setTextOrigin(x, y)
            text.textLine(words)

        put(0, h - 14, name, BOLD, _fit(name, BOLD, 14, w - qr - 6))
        c.drawText(text)

        def blank(form) -> None:
            self._draw_blank(form, qr, top, row_h, font, lefts, widths, missed)

        # What every card of the night shares (the event's line, the grid, the headings) is
        # drawn once, and each card refers to it: 400 cards, one drawing. A form shows nothing
        # outside its box: this one reaches the page's edges wherever the card is.
        page_w, page_h = c._pagesize
        key = repr(("tally", w, h, qr, len(rows), missed, self.subtitle, self.note, bool(stays)))
        draw_form(c, key, (-page_w, -page_h, page_w, page_h), blank)
        if qr:
            draw_repeated_qr(c, self.card.players_url, w - qr, h - qr, qr)

        text = _Words(c)
        chosen = None
        for i, row in enumerate(rows, start=1):
            y = top - (i + 1) * row_h + baseline
            if row.missed:
                put(lefts[0] + 3, y, str(row.round_number), FONT, font)
                words = printable(row.missed)
                size = _fit(words, FONT, font, lefts[4] - lefts[1] - 6, smallest=5)
                put(lefts[1] + 3, y, words, FONT, size)
                continue
            cells = (str(row.round_number), row.table, row.seat, printable(row.partner))
            for words, left, width in zip(cells, lefts, widths, strict=False):
                # A long name (or "sits out") shrinks to its own column, never over the next.
                put(left + 3, y, words, FONT, _fit(words, FONT, font, width - 6, smallest=5))
        # Right-aligned as drawRightString aligns it.
        total = lefts[4] - 4 - _width("Total", BOLD, font)
        put(total, bottom + baseline, "Total", BOLD, font)
        below = bottom
        if stays:
            below -= 13
            put(0, below, stays, BOLD, _fit(stays, BOLD, 10, w, smallest=6))
        if self.note:
            put(0, below - 10, self.note, FONT, _fit(self.note, FONT, 7.5, w, smallest=5))
        c.drawText(text)

    def _draw_blank(self, c, qr, top, row_h, font, lefts, widths, missed) -> None:
        """The card before its player's words: the event's line, the grid and its headings."""
        w = self.width
        rows = len(self.card.rows)
        bottom = top - row_h * (rows + 2)
        baseline = row_h * 0.32
        # The event's name and its date as the club writes it, shrunk to stay clear of the QR.
        c.setFont(FONT, _fit(self.subtitle, FONT, 8, w - qr - 6, smallest=5))
        c.drawString(0, self.height - 26, self.subtitle)
        if qr:
            c.setFont(FONT, 6.5)
            c.drawString(0, self.height - 36, "Scan for your seat and the standings")

        c.setFillColor(SHADE)
        c.rect(0, top - row_h, w, row_h, stroke=0, fill=1)
        c.rect(lefts[4], bottom, w - lefts[4], row_h, stroke=0, fill=1)
        c.setFillColor(colors.black)
        c.setStrokeColor(GRID)
        c.setLineWidth(0.5)
        for i in range(rows + 3):
            y = top - i * row_h
            c.line(0 if i < rows + 2 else lefts[4], y, w, y)
        # A round played without the player is one cell from Table to Partner, its words
        # across it, so the lines between those columns stop at that row.
        for i, left in enumerate([*lefts, w]):
            if i not in (2, 3) or not missed:
                c.line(left, top, left, bottom + row_h if i < 4 else bottom)
                continue
            for j in range(rows + 1):
                if j not in missed:
                    c.line(left, top - j * row_h, left, top - (j + 1) * row_h)

        for (title, _), left, width in zip(TALLY_COLUMNS, lefts, widths, strict=True):
            c.setFont(BOLD, _fit(title, BOLD, font, width - 5, smallest=5))
            c.drawString(left + 3, top - row_h + baseline, title)


def _tally_frames(pagesize) -> list[Frame]:
    width, height = pagesize
    top, bottom = height - MARGIN - HEADER, MARGIN + FOOTER
    cell_w, cell_h = (width - 2 * MARGIN) / 2, (top - bottom) / 2
    return [
        Frame(
            MARGIN + col * cell_w,
            bottom + (1 - row) * cell_h,
            cell_w,
            cell_h,
            leftPadding=CARD_PADDING,
            rightPadding=CARD_PADDING,
            topPadding=CARD_PADDING,
            bottomPadding=CARD_PADDING,
        )
        for row in (0, 1)
        for col in (0, 1)
    ]


def _cut_lines(canvas, doc) -> None:
    width, height = doc.pagesize
    top, bottom = height - MARGIN - HEADER, MARGIN + FOOTER
    canvas.saveState()
    canvas.setStrokeColor(GRID)
    canvas.setDash(4, 3)
    canvas.setLineWidth(0.5)
    canvas.line(width / 2, top, width / 2, bottom)
    canvas.line(MARGIN, (top + bottom) / 2, width - MARGIN, (top + bottom) / 2)
    canvas.restoreState()


def tally_cards_pdf(info: DocInfo, cards: list[TallyCard], *, minus_points: bool = False) -> bytes:
    register_fonts()
    subtitle = printable(f"{info.event} · {dates.day(info.date, info.date_style)}")
    # Set scoring: the card says that points may be minus (the column has room for "−2").
    note = MINUS_POINTS if minus_points else ""
    story: list = [TallyCardFlowable(card, subtitle, note) for card in cards]
    if not story:
        story = [Paragraph("No players entered yet.", STYLES["Body"])]
    return build(info, story, frames=_tally_frames(info.pagesize), on_page=_cut_lines)


# --- Table cards: one set per club, printed once, used every week -----------------------------


class TableCardFlowable(Flowable):
    """One card, a page of its own, drawn straight on the canvas: a club prints its whole set
    (a hundred cards) at once, in well under two seconds."""

    def __init__(self, card: PrintedTableCard):
        super().__init__()
        self.card = card

    def wrap(self, available_width, available_height):
        self.width, self.height = available_width, available_height
        return available_width, available_height

    def _centred(self, text: str, y: float, font: str, size: float) -> None:
        text = printable(text)
        self.canv.setFont(font, _fit(text, font, size, self.width))
        self.canv.drawCentredString(self.width / 2, y, text)

    def draw(self):
        card, w, h = self.card, self.width, self.height
        c = self.canv
        c.setFillColor(colors.black)
        self._centred(f"Table {card.number}", h - 100, BOLD, 100)
        qr = min(3.6 * inch, h - 390)
        top = h - 125
        draw_qr(c, card.url, (w - qr) / 2, top - qr, qr)
        y = top - qr - 4
        self._centred(card.url, y, FONT, 7)
        y -= 26
        self._centred("Table captains: scan this code to enter the table's hands.", y, BOLD, 14)
        y -= 18
        self._centred(
            f"It opens table {card.number} of whichever round is in play, every club night.",
            y,
            FONT,
            12,
        )
        y -= 30
        self._centred(f"No camera? Open {card.code_url} and type", y, FONT, 12)
        y -= 46
        self._centred(card.code, y, "Courier-Bold", 44)
        if card.players_url:
            y -= 36
            self._centred(
                f"Players: your seat and the standings at {card.players_url}", y, FONT, 12
            )
        self._centred(
            f"Keep this card at table {card.number}. If the director reissues the club's cards, "
            "this one stops working.",
            4,
            FONT,
            8,
        )


def table_cards_pdf(info: DocInfo, cards: list[PrintedTableCard]) -> bytes:
    register_fonts()
    story: list = []
    for i, card in enumerate(cards):
        if i:
            story.append(PageBreak())
        story.append(TableCardFlowable(card))
    if not story:
        story = [Paragraph("No table cards asked for.", STYLES["Body"])]
    return build(info, story)


# --- Standings -------------------------------------------------------------------------------


class _OneTextTable(Table):
    """A platypus Table whose one-line words go into one text object for each page of it:
    Table's own _drawCell makes a text object, and measures the words' width, for every cell,
    which at 400 players (6,800 cells) was most of the standings PDF's time. Each cell's words
    land exactly where Table puts them (its formulas, below); any other cell (a paragraph,
    several lines, a link, another alignment) is drawn by Table itself."""

    def draw(self):
        self._words = _Words(self.canv)
        self._words_style = self._words_color = None
        super().draw()
        # After the backgrounds and the grid, as Table draws words over its backgrounds; in
        # its own graphics state, so the colour set inside leaves the canvas as it was.
        self.canv.saveState()
        self.canv.drawText(self._words)
        self.canv.restoreState()

    def _drawCell(self, cellval, cellstyle, pos, size):  # noqa: N802 (reportlab's name)
        s = cellstyle
        if (
            not isinstance(cellval, str)
            or "\n" in cellval
            or s.valign != "MIDDLE"
            or s.alignment not in ("LEFT", "RIGHT")
            or s.href
            or s.destination
            or s.direction
            or s.shaping
        ):
            return super()._drawCell(cellval, cellstyle, pos, size)
        (colpos, rowpos), (colwidth, rowheight) = pos, size
        words = self._words
        if self._words_color != s.color:
            words.setFillColor(s.color)
            self._words_color = s.color
        if self._words_style != (s.fontname, s.fontsize, s.leading):
            words.setFont(s.fontname, s.fontsize, s.leading)
            self._words_style = (s.fontname, s.fontsize, s.leading)
        # Table's own arithmetic for one line, vertically centred (VALIGN MIDDLE), left or
        # right aligned, so every glyph is where it always was.
        y = rowpos + (s.bottomPadding + rowheight - s.topPadding + s.leading) / 2.0 - s.fontsize
        if s.alignment == "LEFT":
            x = colpos + s.leftPadding
        else:
            x = colpos + colwidth - s.rightPadding - _width(cellval, s.fontname, s.fontsize)
        words.setTextOrigin(x, y)
        words.textLine(cellval)


class _ByPage(Flowable):
    """A long table laid out a page at a time. Table splits itself at the foot of a page into
    the page's part and a new Table of every row left, with its styles worked out again: for
    n rows over n / 40 pages, time in proportion to n squared (at 1,600 players, 6% of the
    PDF's time, and growing). Here `make(first, end)` makes a Table of the header and the rows from
    `first` up to `end`, only as many as could fit on the page; Table itself splits that at
    the same row as it would have split the whole, and the rows left wait as rows. Every row
    below the header is `line` high."""

    def __init__(self, make, count: int, line: float, first: int = 0):
        super().__init__()
        self.make, self.count, self.line, self.first = make, count, line, first
        self.hAlign = "LEFT"
        self._whole: Table | None = None  # the rows left, when they all fit

    def _part(self, available_height: float) -> tuple[Table, int]:
        # One row more than could fit below the header, so Table splits it where it would
        # have split the whole.
        end = min(self.count, self.first + int(available_height // self.line) + 2)
        return self.make(self.first, end), end

    def wrap(self, available_width, available_height):
        table, end = self._part(available_height)
        width, height = table.wrap(available_width, available_height)
        self._whole = table if end == self.count else None
        self.width, self.height = width, height + (self.count - end) * self.line
        return self.width, self.height

    def split(self, available_width, available_height):
        table, end = self._part(available_height)
        parts = table.split(available_width, available_height)
        if len(parts) < 2:
            return parts  # no row fits here, or every row left does
        shown = len(parts[0]._cellvalues) - 1  # less the header, repeated on each page
        return [parts[0], _ByPage(self.make, self.count, self.line, self.first + shown)]

    def draw(self):
        # Drawn only once wrap() found every row left fits, and kept the Table it measured.
        self._whole.drawOn(self.canv, 0, 0)


def _standings_table(values: list[list[str]], width: float) -> Flowable:
    header, *rows = _cells(values)
    name_column = 1

    # Wide enough for the longest word of the header (it wraps between words, never inside
    # one) and for every value in the column. A string's width is in proportion to the font
    # size, so the widest at one size is the widest at every size: found once a column, not
    # measured again at each size tried (400 rows x 17 columns x each size).
    def widest(texts: set[str], font: str) -> list[tuple[str, str]]:
        return [(max(texts, key=lambda t: stringWidth(t, font, 1)), font)] if texts else []

    longest = [
        widest(set(header[i].split()), BOLD) + widest({r[i] for r in rows}, FONT)
        for i in range(len(header))
    ]

    def needed(i: int, size: float) -> float:
        return max([*(stringWidth(text, font, size) for text, font in longest[i]), 0]) + 8

    font_size = 9.0
    others = [i for i in range(len(header)) if i != name_column]
    # Many rounds shrink the type rather than run off the page; the name takes the rest.
    while font_size > 5 and sum(needed(i, font_size) for i in others) > 0.72 * width:
        font_size -= 0.5
    widths = [needed(i, font_size) for i in range(len(header))]
    widths[name_column] = width - sum(widths[i] for i in others)
    header_style = ParagraphStyle(
        "cell", fontName=BOLD, fontSize=font_size, leading=font_size * 1.15
    )
    right = ParagraphStyle("cell-right", parent=header_style, alignment=2)
    wrapped_header = [
        Paragraph(escape(h), header_style if i <= name_column else right)
        for i, h in enumerate(header)
    ]
    # Every row under the header is one line of the grid's font: its height given, the height
    # Table would work out (its leading, 1.2 times the size, and the padding), rather than
    # measured cell by cell, over again for each page the table is split onto.
    line = font_size * 1.2 + (CELL_BOTTOM + CELL_TOP)
    style = _grid_style(font_size)
    style += [
        ("ALIGN", (2, 1), (-1, -1), "RIGHT"),
        ("VALIGN", (0, 0), (-1, 0), "BOTTOM"),
    ]
    # Table gives every cell a style of its own and applies each command to each cell: the
    # font, alignment and padding commands, 7 of them over 6,800 cells at 400 players. Here
    # they are applied to a table of one header row and one row below it, whose cells' styles
    # every row then shares; the table itself gets only what is drawn (backgrounds, grid).
    probe = Table([[""] * len(header)] * 2, style=TableStyle(style))
    head, body = probe._cellStyles
    drawn = [command for command in style if command[0] in ("BACKGROUND", "GRID")]

    def make(first: int, end: int) -> Table:
        table = _OneTextTable(
            [wrapped_header, *rows[first:end]],
            colWidths=widths,
            rowHeights=[None] + [line] * (end - first),
            repeatRows=1,
            hAlign="LEFT",
            cellStyles=[head] + [list(body) for _ in range(first, end)],
        )
        # Every second row of the whole table shaded, counted from its first row.
        shaded = [
            ("BACKGROUND", (0, r), (-1, r), SHADE)
            for r in range(1, end - first + 1)
            if (first + r) % 2 == 0
        ]
        table.setStyle(TableStyle(drawn + shaded))
        return table

    return _ByPage(make, len(rows), line)


def standings_pdf(
    info: DocInfo,
    *,
    status: str,
    players: list[list[str]],
    teams: list[list[str]] | None = None,
    legend: str = "",
    awards: Sequence[str] = (),
    awards_heading: str = "Side awards",
    prizes: list[list[str]] | None = None,
    prize_notes: Sequence[str] = (),
) -> bytes:
    """`players` (and `teams`, pairs) are the standings table's own values, header first:
    the very strings the page and the CSV show. `awards` are the side awards in words;
    `prizes` the prize table's rows (header first), with `prize_notes` around it."""
    register_fonts()
    width = body_frame(info.pagesize)._width
    story: list = [
        Paragraph("Standings", STYLES["Title"]),
        _paragraph(status, STYLES["Body"]),
    ]
    if teams is not None:
        story += [
            Paragraph("Partnerships", STYLES["Heading"]),
            _standings_table(teams, width),
            CondPageBreak(1.5 * inch),
            Paragraph("Players", STYLES["Heading"]),
        ]
    story.append(Spacer(1, 6))
    story.append(_standings_table(players, width))
    if legend:
        story.append(KeepTogether([Spacer(1, 6), _paragraph(legend, STYLES["Small"])]))
    if awards:
        lines = [_paragraph(line, STYLES["Body"]) for line in awards]
        story.append(KeepTogether([Paragraph(awards_heading, STYLES["Heading"]), *lines]))
    if prizes is not None:
        story.append(
            KeepTogether(
                [
                    Paragraph("Prizes", STYLES["Heading"]),
                    *(_paragraph(note, STYLES["Small"]) for note in prize_notes[:1]),
                    Spacer(1, 4),
                    _prize_table(prizes, width),
                    Spacer(1, 4),
                    *(_paragraph(note, STYLES["Small"]) for note in prize_notes[1:]),
                ]
            )
        )
    return build(info, story)


def _prize_table(rows: list[list[str]], width: float) -> Table:
    """Prize, player, amount: the amounts right-aligned, the total last, in bold."""
    widths = [0.25 * width, 0.55 * width, 0.2 * width]
    table = Table(_cells(rows), colWidths=widths, repeatRows=1, hAlign="LEFT")
    style = _grid_style(10)
    style += [("ALIGN", (2, 0), (2, -1), "RIGHT"), ("FONT", (0, -1), (-1, -1), BOLD, 10)]
    table.setStyle(TableStyle(style))
    return table
