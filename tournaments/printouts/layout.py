"""What every printout shares: the paper, one stylesheet, a header naming the club, the event
and its date, and "page X of Y" in the footer."""

import datetime
import functools
import hashlib
import io
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

import arabic_reshaper
from arabic_reshaper.ligatures import LIGATURES
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from reportlab import rl_config
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.styles import ParagraphStyle, StyleSheet1
from reportlab.lib.units import inch
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate

from clubs import dates

from .bidi import visual_order

# Streams compressed, and not also spelled out in ASCII (reportlab's default, from the days of
# mail that mangled binary): the same PDF to every reader, 11-14% smaller, and that encoding was
# about a sixth of the tally cards' time.
rl_config.useA85 = 0

PAPER = {"letter": LETTER, "a4": A4}
# Home printers lose up to about a quarter inch at each edge; half an inch keeps every mark
# (header and footer included) well inside what they print.
MARGIN = 0.5 * inch
HEADER = 0.45 * inch  # room under the top margin for the running header
FOOTER = 0.35 * inch
# DejaVu Sans draws Latin, Greek, Cyrillic, Hebrew and Arabic names (Helvetica, a PDF's
# built-in font, has Latin only: every other letter printed as a box). Embedded, so the paper
# prints the same on any computer. Shipped in printouts/fonts/ (settings.PDF_FONT_DIR).
FONT = "DejaVuSans"
BOLD = "DejaVuSans-Bold"
FONT_FILES = {FONT: "DejaVuSans.ttf", BOLD: "DejaVuSans-Bold.ttf"}


def register_fonts() -> None:
    """Make FONT and BOLD known to reportlab; every document calls this before measuring text."""
    _register(str(settings.PDF_FONT_DIR))


@functools.cache
def _register(folder: str) -> None:
    for name, file in FONT_FILES.items():
        path = Path(folder) / file
        if not path.is_file():
            raise ImproperlyConfigured(
                f"The printouts need the font file {path}, which is missing. Set PDF_FONT_DIR "
                f"to a folder holding {' and '.join(FONT_FILES.values())}, or unset it to use "
                "the fonts that come with the app (tournaments/printouts/fonts/)."
            )
        pdfmetrics.registerFont(TTFont(name, path))
    # <b> in a paragraph then picks the bold file.
    pdfmetrics.registerFontFamily(FONT, normal=FONT, bold=BOLD, italic=FONT, boldItalic=BOLD)
    _drawable.cache_clear()
    _arabic_shaper.cache_clear()
    _printable.cache_clear()


@functools.cache
def _drawable() -> frozenset[int]:
    """The characters both fonts have a letter for, within Unicode's first 65,536: reportlab
    writes the text map of any character beyond those wrongly (five hex digits), so an emoji
    such as U+1F600 would print but come back from the PDF as garbage."""
    maps = [pdfmetrics.getFont(name).face.charToGlyph for name in FONT_FILES]
    return frozenset(code for code in maps[0] if code <= 0xFFFF and all(code in m for m in maps))


def printable(text: str) -> str:
    """`text` as the PDF draws it: Arabic letters in their joined forms, a character the fonts
    lack left out (`_without_lacking`), and Hebrew and Arabic in drawing order (bidi.py). Text
    extracted from the PDF then reads as typed, the joined Arabic forms after Unicode's NFKC
    folding."""
    if text.isascii():
        return text  # nearly every string: nothing to leave out, nothing right to left
    return _printable(text)


# Remembered: a name comes back on the tally card of everyone its player partners, and on the
# standings, and shaping it is the slow part (about a millisecond for an accented name).
@functools.lru_cache(maxsize=4096)
def _printable(text: str) -> str:
    drawable = _drawable()
    seen = "".join(c for c in text if not _invisible(c))
    shaped = _arabic_shaper().reshape(_without_lacking(seen, drawable))
    return visual_order(_without_lacking(shaped, drawable))


def _without_lacking(text: str, drawable: frozenset[int]) -> str:
    """`text` without the characters the fonts lack (most emoji), the spaces around them
    closed up: "Tommy 🃏 Becker" prints "Tommy Becker". Left out rather than marked: a mark
    such as "�" or a box in the middle of a name reads as a misprint, and a stand-in of any
    length ("[playing card black joker]") swamps the name it sits in, while the name without
    its emoji is still the player's own. Only a text with nothing else in it (a player entered
    as an emoji alone) prints each one's Unicode name, in brackets, so the card still names
    someone: "[grinning face]"."""
    if all(ord(c) in drawable for c in text):
        return text
    marked = "".join(c if ord(c) in drawable else "\0" for c in text)

    def close_up(gap: re.Match) -> str:
        # A space where one was, between two words; nothing at either end or inside a word.
        inside = gap.start() > 0 and gap.end() < len(marked)
        return " " if inside and any(c.isspace() for c in gap.group()) else ""

    kept = re.sub(r"\s*\0[\0\s]*", close_up, marked)
    if kept.strip():
        return kept
    return "[" + " ".join(_name_of(c) for c in text if ord(c) not in drawable and _named(c)) + "]"


def _named(char: str) -> bool:
    # A skin tone only colours the emoji before it: no word of its own.
    return unicodedata.category(char) != "Sk" and not char.isspace()


def _name_of(char: str) -> str:
    return unicodedata.name(char, f"U+{ord(char):04X}").lower()


@functools.cache
def _arabic_shaper() -> arabic_reshaper.ArabicReshaper:
    # Vowel marks are part of a name as typed, so they stay. A ligature the fonts lack (DejaVu
    # has lam-alef, not "Allah" as one sign) would be left out: its letters are joined
    # one by one instead.
    drawable = _drawable()
    lacking = {
        name: False
        for name, (_, forms) in LIGATURES
        if any(ord(c) not in drawable for form in forms if form for c in form)
    }
    return arabic_reshaper.ArabicReshaper(configuration={"delete_harakat": False, **lacking})


def _invisible(char: str) -> bool:
    # Marks that only steer other characters (a right-to-left mark, an emoji's joiner or its
    # colour selector): nothing to print, though DejaVu draws some of them as labelled boxes.
    return (
        unicodedata.category(char) in ("Cc", "Cf")
        or "\ufe00" <= char <= "\ufe0f"
        or "\U000e0100" <= char <= "\U000e01ef"
    )


def paper_size(name: str) -> tuple[float, float]:
    return PAPER.get(name, LETTER)


def stylesheet() -> StyleSheet1:
    styles = StyleSheet1()
    styles.add(ParagraphStyle("Body", fontName=FONT, fontSize=10, leading=13))
    styles.add(ParagraphStyle("Small", parent=styles["Body"], fontSize=8, leading=10))
    styles.add(
        ParagraphStyle(
            "Title", parent=styles["Body"], fontName=BOLD, fontSize=18, leading=22, spaceAfter=6
        )
    )
    styles.add(
        ParagraphStyle(
            "Heading",
            parent=styles["Body"],
            fontName=BOLD,
            fontSize=13,
            leading=16,
            spaceBefore=8,
            spaceAfter=4,
        )
    )
    styles.add(
        ParagraphStyle(
            "Huge",
            parent=styles["Body"],
            fontName=BOLD,
            fontSize=110,
            leading=120,
            alignment=TA_CENTER,
        )
    )
    styles.add(
        ParagraphStyle(
            "Code",
            parent=styles["Body"],
            fontName="Courier-Bold",
            fontSize=44,
            leading=52,
            alignment=TA_CENTER,
        )
    )
    styles.add(
        ParagraphStyle(
            "Centered", parent=styles["Body"], fontSize=14, leading=18, alignment=TA_CENTER
        )
    )
    return styles


STYLES = stylesheet()


@dataclass(frozen=True)
class DocInfo:
    """What the header of every page says: whose night, which night, what this paper is."""

    club: str
    event: str
    date: datetime.date
    title: str
    paper: str = "letter"
    # How the club writes the date in the header (clubs/dates.py): "en-US", "en-GB"...
    date_style: str = dates.DEFAULT_STYLE

    @property
    def pagesize(self) -> tuple[float, float]:
        return paper_size(self.paper)


class NumberedCanvas(Canvas):
    """Holds each page until the end, so every footer can say how many pages there are."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._pages: list[dict] = []

    def showPage(self):  # noqa: N802 (reportlab's name)
        self._pages.append(dict(self.__dict__))
        self._startPage()

    def save(self):
        total = len(self._pages)
        for state in self._pages:
            self.__dict__.update(state)
            self._footer(total)
            super().showPage()
        super().save()
        # Each page's state holds the list of pages, which holds the state: emptied, the
        # pages are freed at once rather than left to Python's cycle collector.
        self._pages.clear()

    def _footer(self, total: int) -> None:
        width, _ = self._pagesize
        self.setFont(FONT, 8)
        self.setFillColor(colors.black)
        self.drawRightString(width - MARGIN, MARGIN, f"Page {self._pageNumber} of {total}")


def draw_header(canvas: Canvas, info: DocInfo) -> None:
    width, height = canvas._pagesize
    top = height - MARGIN - 10
    canvas.saveState()
    canvas.setFont(BOLD, 10)
    canvas.drawString(MARGIN, top, printable(info.club))
    canvas.drawRightString(width - MARGIN, top, printable(info.title))
    canvas.setFont(FONT, 9)
    # A club's own papers (its table cards) belong to no event: they carry the day printed.
    second = (
        f"{info.event} · {dates.day(info.date, info.date_style)}"
        if info.event
        else f"Printed {dates.day(info.date, info.date_style)}"
    )
    canvas.drawString(MARGIN, top - 12, printable(second))
    canvas.setStrokeColor(colors.grey)
    canvas.setLineWidth(0.5)
    canvas.line(MARGIN, top - 17, width - MARGIN, top - 17)
    canvas.restoreState()


def draw_form(canvas: Canvas, key: str, box: tuple[float, float, float, float], draw) -> None:
    """Draw what `draw(canvas)` draws, at the canvas's current origin, through a PDF form (an
    XObject) named after `key`, which must say everything the drawing depends on. The first
    call for a key writes the drawing into the file; every call places a reference to it, so
    what a document repeats (the event's QR code, a tally card's grid) is drawn and stored
    once. A form shows nothing outside `box` (left, bottom, right, top)."""
    name = "f" + hashlib.sha256(key.encode()).hexdigest()[:24]
    if not canvas.hasForm(name):
        canvas.beginForm(name, *box)
        draw(canvas)
        canvas.endForm()
    canvas.doForm(name)


def body_frame(pagesize, **kwargs) -> Frame:
    width, height = pagesize
    return Frame(
        MARGIN,
        MARGIN + FOOTER,
        width - 2 * MARGIN,
        height - 2 * MARGIN - HEADER - FOOTER,
        leftPadding=0,
        rightPadding=0,
        topPadding=0,
        bottomPadding=0,
        **kwargs,
    )


def build(info: DocInfo, story: list, *, frames: list[Frame] | None = None, on_page=None) -> bytes:
    """Lay out `story` on the paper with the running header; returns the PDF's bytes."""
    buffer = io.BytesIO()
    doc = BaseDocTemplate(
        buffer,
        pagesize=info.pagesize,
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN,
        bottomMargin=MARGIN,
        title=f"{info.title} · {info.event or info.club}",
        author=info.club,
        subject=f"{info.event or info.club}, {info.date:%Y-%m-%d}",
    )

    def decorate(canvas, _doc):
        # The same on every page: drawn once, and each page refers to it.
        width, height = info.pagesize
        key = repr(("header", info))
        draw_form(canvas, key, (0, 0, width, height), lambda form: draw_header(form, info))
        if on_page is not None:
            on_page(canvas, _doc)

    doc.addPageTemplates(
        PageTemplate("page", frames=frames or [body_frame(info.pagesize)], onPage=decorate)
    )
    doc.build(story, canvasmaker=NumberedCanvas)
    # The document and its canvas refer to each other: parted, the whole PDF's objects are
    # freed as the document goes, not left to Python's cycle collector (19,000 objects for
    # 1,600 players' tally cards, collected in milliseconds of some later request).
    doc.canv = None
    return buffer.getvalue()
