"""The bracket sheet drawn with reportlab: a landscape page (`BracketPage`) for each page of
the data (`pages.py`), straight on the canvas, under the printouts' running header. A page's
names share one size, as large as its boxes allow; where a box has room for two lines, each
partner gets one.
"""

from dataclasses import dataclass

from reportlab.lib import colors
from reportlab.lib.pagesizes import landscape
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, PageBreak, Paragraph

from tournaments.printouts.layout import (
    BOLD,
    FONT,
    STYLES,
    DocInfo,
    build,
    paper_size,
    printable,
    register_fonts,
)

from .ink import FAINT, INK, draw_fitted
from .pages import (
    CODE_GAP,
    LABEL_FONT,
    MIN_FONT,
    OUT_GAP,
    PAGE_HEAD,
    PITCH,
    ROW,
    SHELF_HEAD,
    BracketSheet,
    Page,
    SheetBox,
    SheetSize,
    Tile,
)

# --- The bracket sheet drawn ----------------------------------------------------------------


@dataclass(frozen=True)
class SheetInfo(DocInfo):
    """The printouts' header, on the paper turned sideways."""

    @property
    def pagesize(self) -> tuple[float, float]:
        return landscape(paper_size(self.paper))


def _players(name: str) -> list[str]:
    """A team's name as two lines, a partner a line ("Ada Baker", "Ben Carter"), or one."""
    parts = name.split(" & ")
    return parts if len(parts) == 2 else [name]


@dataclass(frozen=True)
class _Measures:
    """A page's measures: every box the same, every name the same size."""

    column: float  # a round's width
    pitch: float  # a box and the gap under it
    box: float  # a box's height
    font: float  # the teams' names, seeds and scores
    lines: int  # 2: a team's row names each partner on a line of their own
    label: float  # match codes and notes
    seed: float  # the seed's cell
    score: float  # the score's cell

    @property
    def name_width(self) -> float:
        return self.column - CODE_GAP - OUT_GAP - self.seed - self.score - 6


def _measures(page: Page, size: SheetSize, seeds: int) -> _Measures:
    """One size of name for the whole page: as large as its boxes allow, smaller where a
    name needs it, never below the smallest. Where a box's rows are tall enough for two lines
    and that prints larger (or whole), each partner gets a line."""
    pitch = size.pitch(page.rows, len(page.shelves))
    column = size.width / max(3, *(s.width for s in page.shelves))
    row = ROW * pitch / PITCH
    names = [
        (printable(r.name), BOLD if r.won else FONT)
        for t in page.tiles
        for b in t.boxes
        for r in b.rows
        if not r.waiting
    ]
    partners = [
        (printable(part), weight)
        for t in page.tiles
        for b in t.boxes
        for r in b.rows
        if not r.waiting
        for part, weight in zip(_players(r.name), [BOLD if r.won else FONT] * 2, strict=False)
    ]

    def measures(font: float, lines: int) -> _Measures:
        return _Measures(
            column=column,
            pitch=pitch,
            box=2 * row,
            font=font,
            lines=lines,
            label=max(LABEL_FONT, min(9.0, 0.85 * pitch / PITCH)),
            seed=stringWidth(str(max(seeds, 1)), FONT, font) + 6,
            score=stringWidth("88", BOLD, font) + 8,
        )

    def largest(texts: list, start: float, lines: int) -> _Measures:
        font = start
        while True:
            found = measures(font, lines)
            longest = max((stringWidth(t, f, font) for t, f in texts), default=0)
            if longest <= found.name_width or font <= MIN_FONT:
                return found
            font = max(MIN_FONT, font - 0.25)

    one = largest(names, pitch / PITCH, 1)
    two_lines = min(pitch / PITCH, (row - 4) / 2.1)
    if two_lines < MIN_FONT:
        return one
    two = largest(partners, two_lines, 2)
    whole = max((stringWidth(t, f, one.font) for t, f in names), default=0) <= one.name_width
    return two if two.font > one.font or not whole else one


class BracketPage(Flowable):
    """One page of the bracket sheet, drawn straight on the canvas."""

    def __init__(self, sheet: BracketSheet, page: Page, size: SheetSize, seeds: int):
        super().__init__()
        self.sheet, self.page = sheet, page
        self.m = _measures(page, size, seeds)

    def wrap(self, available_width, available_height):
        self.width, self.height = available_width, available_height
        return available_width, available_height

    def draw(self):
        c, page, m = self.canv, self.page, self.m
        c.setFillColor(INK)
        c.setStrokeColor(INK)
        self._head()
        top = self.height - PAGE_HEAD
        for shelf in page.shelves:
            left = 0.0
            for tile in shelf.tiles:
                self._tile(tile, left, top, shelf.rows)
                left += tile.width * m.column
            top -= SHELF_HEAD + shelf.rows * m.pitch

    def _head(self):
        c, w, top = self.canv, self.width, self.height
        c.setFillColor(INK)
        status = printable(self.sheet.status)
        c.setFont(FONT, 9)
        c.drawRightString(w, top - 9, status)
        room = w - stringWidth(status, FONT, 9) - 16
        draw_fitted(c, 0, top - 9, self.sheet.summary, BOLD, 9, room, LABEL_FONT)
        draw_fitted(c, 0, top - 21, f"This page: {self.page.contents()}.", FONT, 9, w, LABEL_FONT)

    def _tile(self, tile: Tile, left: float, top: float, shelf_rows: int):
        c, m = self.canv, self.m
        for i, heading in enumerate(tile.headings):
            middle = left + i * m.column + (CODE_GAP + m.column - OUT_GAP) / 2
            width = m.column - CODE_GAP - OUT_GAP
            draw_fitted(c, middle, top - 10, heading, BOLD, 9, width, LABEL_FONT, align="centre")
        body = top - SHELF_HEAD
        centres = {b.code: body - (b.y + 0.5) * m.pitch for b in tile.boxes}
        lefts = {b.code: left + b.column * m.column for b in tile.boxes}
        for b in tile.boxes:
            x, middle = lefts[b.code], centres[b.code]
            # The winners of the matches before come in: across, to a line down the gap
            # that joins them, and across into the middle of this box.
            c.setStrokeColor(INK)
            c.setLineWidth(1)
            for code in b.feeders:
                path = c.beginPath()
                path.moveTo(lefts[code] + m.column - OUT_GAP, centres[code])
                path.lineTo(x + 4, centres[code])
                path.lineTo(x + 4, middle)
                path.lineTo(x + CODE_GAP, middle)
                c.drawPath(path, stroke=1, fill=0)
            self._box(b, x, middle)
        self._onward(tile, lefts, centres, shelf_rows)

    def _onward(self, tile: Tile, lefts: dict, centres: dict, shelf_rows: int):
        """Where a box's winner plays next, when that is on another page: between two boxes
        whose winners meet there, else under the box, or over it, where no box is."""
        c, m = self.canv, self.m
        columns: dict[int, list[SheetBox]] = {}
        for b in tile.boxes:
            columns.setdefault(b.column, []).append(b)
        c.setFillColor(INK)
        for boxes in columns.values():
            rows = [b.y for b in boxes]
            done = set()
            for i, b in enumerate(boxes):
                if not b.onward or b.code in done:
                    continue
                right = lefts[b.code] + m.column - OUT_GAP
                width = m.column - CODE_GAP - OUT_GAP
                after = boxes[i + 1] if i + 1 < len(boxes) else None
                if after is not None and after.onward == b.onward and after.y - b.y >= 1.9:
                    # The two winners meet: joined as the rounds before are, the match named
                    # where the lines meet.
                    done.add(after.code)
                    high, low = centres[b.code], centres[after.code]
                    c.setStrokeColor(INK)
                    c.setLineWidth(1)
                    path = c.beginPath()
                    path.moveTo(right, high)
                    path.lineTo(right + OUT_GAP - 3, high)
                    path.lineTo(right + OUT_GAP - 3, low)
                    path.lineTo(right, low)
                    c.drawPath(path, stroke=1, fill=0)
                    y = (high + low) / 2 - 0.36 * m.label
                    words = f"Winners play {b.onward}"
                elif b.y + 1.9 <= shelf_rows and not any(b.y < r < b.y + 1.9 for r in rows):
                    y = centres[b.code] - m.box / 2 - m.label - 1
                    words = f"Winner plays {b.onward}"
                elif b.y >= 0.9 and not any(b.y - 2.9 < r < b.y for r in rows):
                    y = centres[b.code] + m.box / 2 + 3
                    words = f"Winner plays {b.onward}"
                else:
                    continue
                draw_fitted(c, right, y, words, FONT, m.label, width, LABEL_FONT, align="right")

    def _box(self, b: SheetBox, x: float, middle: float):
        c, m = self.canv, self.m
        left, right = x + CODE_GAP, x + m.column - OUT_GAP
        top, bottom = middle + m.box / 2, middle - m.box / 2
        # The match id over the line coming in; under it, where or how it is played.
        c.setFillColor(INK)
        draw_fitted(
            c,
            left - 3,
            middle + 2.5,
            b.code,
            BOLD,
            m.label,
            CODE_GAP - 9,
            LABEL_FONT,
            align="right",
        )
        if b.note:
            draw_fitted(
                c,
                left - 3,
                middle - 2.5 - 0.75 * m.label,
                b.note,
                FONT,
                m.label,
                CODE_GAP - 9,
                LABEL_FONT,
                align="right",
            )
        c.setFillColor(colors.white)
        c.setStrokeColor(INK)
        c.setLineWidth(1)
        c.rect(left, bottom, right - left, m.box, stroke=1, fill=1)
        c.setLineWidth(0.5)
        c.line(left, middle, right, middle)
        c.line(left + m.seed, top, left + m.seed, bottom)
        c.line(right - m.score, top, right - m.score, bottom)
        c.setFillColor(INK)
        for i, line in enumerate(b.rows):
            centre = top - (i + 0.5) * m.box / 2
            if line.waiting:
                c.setFillColor(FAINT)
                size = max(LABEL_FONT, min(m.font - 1, 9.0))
                draw_fitted(
                    c,
                    left + m.seed + 3,
                    centre - 0.36 * size,
                    line.name,
                    FONT,
                    size,
                    m.name_width,
                    LABEL_FONT,
                )
                c.setFillColor(INK)
                continue
            base = centre - 0.36 * m.font
            weight = BOLD if line.won else FONT
            if line.seed is not None:
                c.setFont(FONT, m.font)
                c.drawRightString(left + m.seed - 3, base, str(line.seed))
            names = _players(line.name) if m.lines == 2 else [line.name]
            # Two lines: the pair centred in the row, capitals' tops to descenders' feet.
            step = 1.05 * m.font
            first = base if len(names) == 1 else centre + step / 2 - 0.25 * m.font
            for j, name in enumerate(names):
                y = first - j * step
                draw_fitted(
                    c, left + m.seed + 3, y, name, weight, m.font, m.name_width, MIN_FONT, name=True
                )
            if line.score:
                # A walkover's "w/o" in the cell sized for two digits.
                draw_fitted(
                    c,
                    right - 4,
                    base,
                    line.score,
                    weight,
                    m.font,
                    m.score - 6,
                    LABEL_FONT,
                    align="right",
                )


def bracket_sheet_pdf(info: DocInfo, sheet: BracketSheet, size: SheetSize, seeds: int) -> bytes:
    register_fonts()
    story: list = []
    for i, page in enumerate(sheet.pages):
        if i:
            story.append(PageBreak())
        story.append(BracketPage(sheet, page, size, seeds))
    if not story:
        story = [Paragraph("No matches in this bracket.", STYLES["Body"])]
    return build(info, story)
