"""The cash sheet on paper: the sheet's rows (money/sheet_rows.py), laid out with the
printouts' own paper, header, fonts and "page X of Y" (tournaments/printouts/layout.py).
Money in and money out side by side in two tables, the balance under them, then each
section's table, amounts right-aligned, and the rules of the night in small print.

DejaVu Sans (the printouts' font) draws £, €, and the no-break spaces CLDR writes inside
amounts ("1.234,50 €"); every string goes through layout.printable."""

from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import KeepTogether, Paragraph, Spacer, Table, TableStyle
from reportlab.platypus.flowables import BalancedColumns

from tournaments.printouts.layout import (
    BOLD,
    FONT,
    STYLES,
    DocInfo,
    body_frame,
    build,
    printable,
    register_fonts,
)

from .sheet_rows import Section, SheetRows

GRID = colors.Color(0.55, 0.55, 0.55)
SHADE = colors.Color(0.92, 0.92, 0.92)
SIZE = 9.5
CELL = ParagraphStyle("SheetCell", parent=STYLES["Body"], fontSize=SIZE, leading=11.5)
CELL_BOLD = ParagraphStyle("SheetCellBold", parent=CELL, fontName=BOLD)
BALANCE = ParagraphStyle(
    "SheetBalance", parent=STYLES["Body"], fontName=BOLD, fontSize=11.5, leading=14
)
HEADING = ParagraphStyle("SheetHeading", parent=STYLES["Heading"], fontSize=12, spaceBefore=6)
# The rules in words: small print in two balanced columns, so a usual night's sheet (17
# players, every side pot) is two pages, not a third with three lines of rules on it.
RULE = ParagraphStyle(
    "SheetRule",
    parent=STYLES["Small"],
    fontSize=7.5,
    leading=9,
    leftIndent=7,
    bulletIndent=0,
    bulletFontSize=7.5,
    spaceAfter=1.5,
)


def _p(text: str, style=CELL) -> Paragraph:
    return Paragraph(escape(printable(text)), style)


def _style(rows: tuple, amount_column: int) -> list:
    style = [
        ("FONT", (0, 0), (-1, -1), FONT, SIZE),
        ("FONT", (0, 0), (-1, 0), BOLD, SIZE),
        ("BACKGROUND", (0, 0), (-1, 0), SHADE),
        ("GRID", (0, 0), (-1, -1), 0.5, GRID),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("ALIGN", (amount_column, 0), (amount_column, -1), "RIGHT"),
        ("TOPPADDING", (0, 0), (-1, -1), 1.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5),
        ("LEFTPADDING", (0, 0), (-1, -1), 4),
        ("RIGHTPADDING", (0, 0), (-1, -1), 4),
    ]
    for i, row in enumerate(rows, start=1):
        if row.total:
            style.append(("FONT", (0, i), (-1, i), BOLD, SIZE))
    return style


def _two_columns(section: Section, width: float) -> Table:
    """A section with no player: what, and how much, under the section's title."""
    data = [[section.title, "Amount"]]
    for row in section.rows:
        data.append([_p(row.label, CELL_BOLD if row.total else CELL), printable(row.amount)])
    table = Table(data, colWidths=[width * 0.72, width * 0.28], repeatRows=1, hAlign="LEFT")
    table.setStyle(TableStyle(_style(section.rows, 1)))
    if not section.note:
        return table
    return [table, Spacer(1, 2), _p(section.note, STYLES["Small"])]


def _three_columns(section: Section, width: float) -> list:
    data = [["", "Player", "Amount"]]
    for row in section.rows:
        style = CELL_BOLD if row.total else CELL
        data.append([_p(row.label, style), _p(row.player, style), printable(row.amount)])
    # A long section may go on over the page (its header row again there), rather than leave
    # the rest of the page empty; its title stays with its first rows.
    table = Table(
        data, colWidths=[width * 0.46, width * 0.34, width * 0.2], hAlign="LEFT", repeatRows=1
    )
    table.setStyle(TableStyle(_style(section.rows, 2)))
    heading = Paragraph(escape(printable(section.title)), HEADING)
    heading.keepWithNext = True
    parts = [heading, table]
    if section.note:
        parts += [Spacer(1, 2), _p(section.note, STYLES["Small"])]
    return parts


def _flowables(part) -> list:
    return part if isinstance(part, list) else [part]


def _side_by_side(left, right, width: float) -> Table:
    gap = 0.04 * width
    side = (width - gap) / 2
    table = Table([[left, "", right]], colWidths=[side, gap, side], hAlign="LEFT")
    table.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                ("TOPPADDING", (0, 0), (-1, -1), 0),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
            ]
        )
    )
    return table


def sheet_pdf(info: DocInfo, rows: SheetRows) -> bytes:
    """The cash sheet's PDF bytes: money in beside money out, the balance, then the sections
    with players at full width and those without two by two, the rules last."""
    register_fonts()
    width = body_frame(info.pagesize)._width
    side = (width - 0.04 * width) / 2
    story: list = [
        Paragraph("Cash sheet", STYLES["Title"]),
        _p(f"Amounts in {rows.currency}.", STYLES["Small"]),
        Spacer(1, 4),
        _side_by_side(
            _two_columns(rows.section("in"), side), _two_columns(rows.section("out"), side), width
        ),
        Spacer(1, 6),
        _p(rows.balance, BALANCE),
    ]
    waiting = None  # a section with no player column, waiting for a partner beside it
    for section in rows.sections:
        if section.key in ("in", "out"):
            continue
        if any(row.player for row in section.rows):
            if waiting is not None:  # in the sheet's order: the one waiting goes first
                story += [Spacer(1, 8), KeepTogether(_flowables(_two_columns(waiting, width)))]
                waiting = None
            parts = _three_columns(section, width)
            # A few rows are kept together; a long section may go on over the page.
            story += [KeepTogether(parts)] if len(section.rows) <= 8 else parts
            continue
        if waiting is None:
            waiting = section
            continue
        pair = _side_by_side(_two_columns(waiting, side), _two_columns(section, side), width)
        story += [Spacer(1, 8), KeepTogether(pair)]
        waiting = None
    if waiting is not None:
        story += [Spacer(1, 8), KeepTogether(_flowables(_two_columns(waiting, width)))]
    heading = Paragraph("The rules tonight", HEADING)
    heading.keepWithNext = True
    rules = [Paragraph(escape(printable(rule)), RULE, bulletText="•") for rule in rows.rules]
    story += [heading, BalancedColumns(rules, nCols=2, spaceBefore=0, innerPadding=8)]
    # A named frame: the rules' balanced columns go back to it by name.
    return build(info, story, frames=[body_frame(info.pagesize, id="body")])
