"""The match score sheets drawn with reportlab: portrait, two to a page to cut apart, each half
naming the club, the event, the match, its table and the players as they sit, with a row a
hand for the longest game (three games side by side for a best of three) and the signatures.
"""

import io
import math
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageTemplate, Paragraph

from tournaments.printouts.layout import (
    BOLD,
    FONT,
    FOOTER,
    MARGIN,
    STYLES,
    DocInfo,
    NumberedCanvas,
    printable,
    register_fonts,
)

from .ink import FAINT, INK, draw_fitted
from .score_data import MatchSheet

# --- Match score sheets drawn: two to a page, to cut ----------------------------------------

GRID = colors.Color(0.3, 0.3, 0.3)
SHADE = colors.Color(0.9, 0.9, 0.9)
HALF_PADDING = 8.0
MIN_HAND_ROW = 11.0  # a pen's line
# A game's columns: its heading, the heading of a narrow grid (three games side by side), and
# their shares of the grid's width. The last four are under "Points" and "Score".
GAME_COLUMNS = [
    ("Dealer", "Deal", 0.125, 0.11),
    ("Called", "Call", 0.125, 0.11),
    ("Alone", "Alone", 0.13, 0.15),
    ("Tricks", "Tricks", 0.13, 0.15),
    ("N-S", "N-S", 0.11, 0.115),
    ("E-W", "E-W", 0.11, 0.115),
    ("N-S", "N-S", 0.135, 0.125),
    ("E-W", "E-W", 0.135, 0.125),
]
HAND_COLUMN = 26.0


class MatchSheetFlowable(Flowable):
    """One match's sheet in half a page, drawn straight on the canvas."""

    def __init__(self, sheet: MatchSheet):
        super().__init__()
        self.sheet = sheet

    def wrap(self, available_width, available_height):
        self.width, self.height = available_width, available_height
        return available_width, available_height

    def draw(self):
        c, s, w = self.canv, self.sheet, self.width
        top = self.height
        c.setFillColor(INK)
        table = f"Table {s.table}" if s.table else "Table ______"
        c.setFont(BOLD, 14)
        c.drawRightString(w, top - 13, table)
        room = w - stringWidth(table, BOLD, 14) - 12
        title = f"{s.title} · {s.label}" if s.title != s.label else s.title
        draw_fitted(c, 0, top - 13, title, BOLD, 14, room, 9)
        # Cut from its page, the half still says whose match it is, and how long it lasts.
        games = printable(s.games_words)
        c.setFont(BOLD, 9)
        c.drawRightString(w, top - 27, games)
        room = w - stringWidth(games, BOLD, 9) - 12
        draw_fitted(c, 0, top - 27, f"{s.club} · {s.event} · {s.date}", FONT, 9, room, 6.5)
        for i, team in enumerate(s.teams):
            y = top - 42 - 13 * i
            c.setFont(BOLD, 10)
            c.drawString(0, y, team.side)
            c.setFont(FONT, 9)
            c.drawString(28, y, f"seed {team.seed}" if team.seed is not None else "")
            self._parts(70, y, team.parts(), w - 70)
        self._games(top - 62, 24.0)
        self._signatures(14.0)

    def _parts(self, x: float, y: float, parts: list[str], width: float):
        """Words drawn one after another, each in its own drawing order, at one size that
        fits `width`."""
        drawn = [printable(p) for p in parts]
        space = stringWidth(" ", FONT, 10)
        natural = sum(stringWidth(d, FONT, 10) for d in drawn) + space * (len(drawn) - 1)
        size = max(6.5, min(10.0, math.floor(20 * width / max(natural, 1)) / 2))
        c = self.canv
        c.setFont(FONT, size)
        for text in drawn:
            c.drawString(x, y, text)
            x += stringWidth(text, FONT, size) + stringWidth(" ", FONT, size)

    def _games(self, top: float, bottom: float):
        c, s = self.canv, self.sheet
        head = 2 * 10.0 + (12.0 if s.games > 1 else 0.0)
        room = top - bottom - head
        hands = min(s.hands, int(room // MIN_HAND_ROW))
        more = hands < s.hands
        if more:
            hands = int((room - 10) // MIN_HAND_ROW)
        row = min(20.0, room / hands) if not more else MIN_HAND_ROW
        gap = 6.0 if s.games > 1 else 0.0
        game_width = (self.width - HAND_COLUMN - gap * (s.games - 1)) / s.games
        grid_top = top - (12.0 if s.games > 1 else 0.0)
        grid_bottom = grid_top - 20 - hands * row
        # The hand numbers, once for every game.
        c.setStrokeColor(GRID)
        c.setLineWidth(0.5)
        c.setFillColor(SHADE)
        c.rect(0, grid_top - 20, HAND_COLUMN, 20, stroke=1, fill=1)
        c.setFillColor(INK)
        c.setFont(BOLD, 7.5)
        c.drawCentredString(HAND_COLUMN / 2, grid_top - 14, "Hand")
        font = min(9.0, row * 0.62)
        for i in range(hands):
            y = grid_top - 20 - (i + 1) * row
            c.rect(0, y, HAND_COLUMN, row, stroke=1, fill=0)
            c.setFont(FONT, font)
            c.drawCentredString(HAND_COLUMN / 2, y + row * 0.3, str(i + 1))
        for g in range(s.games):
            left = HAND_COLUMN + g * (game_width + gap)
            if s.games > 1:
                c.setFont(BOLD, 9)
                c.drawString(left + 2, top - 9, f"Game {g + 1}")
                c.setFont(FONT, 8)
                c.drawRightString(left + game_width, top - 9, "won by  N-S ☐   E-W ☐")
            self._grid(left, grid_top, game_width, hands, row, font, g == 0)
        if more:
            c.setFont(FONT, 7.5)
            c.drawString(0, grid_bottom - 9, "More hands? Carry on over the page, hand by hand.")

    def _grid(self, left, top, width, hands, row, font, first_game):
        c = self.canv
        narrow = self.sheet.games > 1
        widths = [
            (narrow_share if narrow else share) * width for *_, share, narrow_share in GAME_COLUMNS
        ]
        edges = [left + sum(widths[:i]) for i in range(len(widths) + 1)]
        head = top - 20
        bottom = head - hands * row
        c.setFillColor(SHADE)
        c.rect(left, head, width, 20, stroke=0, fill=1)
        c.setFillColor(INK)
        c.setStrokeColor(GRID)
        c.setLineWidth(0.5)
        for i in range(hands + 1):
            c.line(left, head - i * row, left + width, head - i * row)
        c.line(left, top, left + width, top)
        c.line(edges[4], top - 10, left + width, top - 10)
        for i, x in enumerate(edges):
            # Heavy lines set the points and the score apart; a group's two columns share
            # their heading.
            heavy = i in (0, 4, 6, 8)
            c.setLineWidth(1.1 if heavy else 0.5)
            c.setStrokeColor(INK if heavy else GRID)
            c.line(x, top if heavy else top - 10, x, bottom)
        c.setFont(BOLD, 7.5)
        for group, start in (("Points", 4), ("Score", 6)):
            c.drawCentredString((edges[start] + edges[start + 2]) / 2, top - 8, group)
        for (full, short, *_), x, cell in zip(GAME_COLUMNS, edges, widths, strict=False):
            if narrow:
                draw_fitted(c, x + cell / 2, top - 18, short, FONT, 7, cell - 2, 6, align="centre")
            else:
                draw_fitted(c, x + cell / 2, top - 18, full, BOLD, 7.5, cell - 2, 6, align="centre")
        if first_game:
            # The first game is dealt first from North: each hand's dealer, faint, to check.
            c.setFillColor(FAINT)
            c.setFont(FONT, font)
            for i in range(hands):
                y = head - (i + 1) * row + row * 0.3
                c.drawCentredString(edges[0] + widths[0] / 2, y, self.sheet.dealers[i])
            c.setFillColor(INK)

    def _signatures(self, y: float):
        c, s = self.canv, self.sheet
        half = self.width / 2
        captain = f"Captain, N-S ({s.captain})" if s.captain else "Captain, N-S"
        c.setStrokeColor(INK)
        c.setLineWidth(0.8)
        for x, words in ((0, captain), (half + 10, "Opponent, E-W")):
            c.line(x, y, x + half - 10, y)
            draw_fitted(c, x, y - 9, f"{words}: signature", FONT, 8, half - 10, 6.5)
        c.setFont(FONT, 8)


def _score_frames(pagesize) -> list:
    """Two halves of the page, to cut apart: no running header, as each half carries the
    club, the event and its date itself."""
    width, height = pagesize
    top, bottom = height - MARGIN, MARGIN + FOOTER
    half = (top - bottom) / 2
    return [
        Frame(
            MARGIN,
            bottom + (1 - i) * half,
            width - 2 * MARGIN,
            half,
            leftPadding=0,
            rightPadding=0,
            topPadding=HALF_PADDING,
            bottomPadding=HALF_PADDING,
        )
        for i in (0, 1)
    ]


def _cut_line(canvas, doc) -> None:
    width, height = doc.pagesize
    middle = (height - MARGIN + MARGIN + FOOTER) / 2
    canvas.saveState()
    canvas.setStrokeColor(GRID)
    canvas.setDash(4, 3)
    canvas.setLineWidth(0.5)
    canvas.line(MARGIN, middle, width - MARGIN, middle)
    canvas.restoreState()


def match_sheets_pdf(info: DocInfo, sheets: list[MatchSheet]) -> bytes:
    """Two sheets to a page, in the printouts' font, with "page X of Y"."""
    register_fonts()
    story: list = [MatchSheetFlowable(sheet) for sheet in sheets]
    if not story:
        story = [_paragraph("No match is being played or ready to call.")]
    buffer = io.BytesIO()
    doc = BaseDocTemplate(
        buffer,
        pagesize=info.pagesize,
        title=f"{info.title} · {info.event}",
        author=info.club,
        subject=f"{info.event}, {info.date:%Y-%m-%d}",
    )
    doc.addPageTemplates(
        PageTemplate("halves", frames=_score_frames(info.pagesize), onPage=_cut_line)
    )
    doc.build(story, canvasmaker=NumberedCanvas)
    doc.canv = None  # as printouts' layout.build: the PDF's objects freed at once
    return buffer.getvalue()


def _paragraph(text: str) -> Paragraph:
    return Paragraph(escape(printable(text)), STYLES["Body"])
