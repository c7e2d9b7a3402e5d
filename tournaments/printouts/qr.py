"""QR codes drawn straight on a reportlab canvas from segno's module matrix.

reportlab's own QR widget builds a drawing of one shape per module, about 20 ms a code, and a
club prints a hundred table cards at once. Here each row's runs of dark modules become
rectangles of a single filled path: about 5 ms a code (bench/table_cards.py), and still
vector, so it prints sharp. A code every page repeats (the event's link on each tally card) is
encoded and written once, as a form the pages refer to (`draw_repeated_qr`)."""

import functools

import segno
from django.utils.safestring import mark_safe
from reportlab.platypus import Flowable

from .layout import draw_form

# The blank border QR readers need around the code, in modules (ISO/IEC 18004 asks for 4).
QUIET_ZONE = 4


def qr_matrix(data: str) -> tuple[tuple[int, ...], ...]:
    # Medium error correction survives a crease or a drop of coffee on a laminated card.
    return segno.make(data, error="m", boost_error=False).matrix


def draw_qr(canvas, data: str, x: float, y: float, size: float) -> None:
    """Draw the code for `data` in the square of side `size` whose lower left is (x, y),
    quiet zone included."""
    _draw_matrix(canvas, qr_matrix(data), x, y, size)


def draw_repeated_qr(canvas, data: str, x: float, y: float, size: float) -> None:
    """Draw the code for `data` as `draw_qr` does, for a code a document draws again and again:
    400 tally cards of one event's link encode it once, not 400 times, and the file holds its
    rectangles once (layout.draw_form)."""
    # The form holds the code where draw_qr would put it, not at its own origin: the same
    # numbers written, so it prints the same to the last pixel (moved there, rounding differs).
    draw_form(
        canvas,
        f"qr {x!r} {y!r} {size!r} {data}",
        (x, y, x + size, y + size),
        lambda form: _draw_matrix(form, qr_matrix(data), x, y, size),
    )


def _draw_matrix(canvas, matrix, x: float, y: float, size: float) -> None:
    count = len(matrix) + 2 * QUIET_ZONE
    module = size / count
    top = y + size - QUIET_ZONE * module
    path = canvas.beginPath()
    for r, row in enumerate(matrix):
        c = 0
        while c < len(row):
            if row[c]:
                start = c
                while c < len(row) and row[c]:
                    c += 1
                path.rect(
                    x + (QUIET_ZONE + start) * module,
                    top - (r + 1) * module,
                    (c - start) * module,
                    module,
                )
            else:
                c += 1
    canvas.saveState()
    canvas.setFillColorRGB(0, 0, 0)
    canvas.drawPath(path, stroke=0, fill=1)
    canvas.restoreState()


class QrCode(Flowable):
    """A QR code as a platypus flowable, centred in the frame."""

    def __init__(self, data: str, size: float):
        super().__init__()
        self.data = data
        self.size = size
        self.hAlign = "CENTER"

    def wrap(self, available_width, available_height):
        return self.size, self.size

    def draw(self):
        draw_qr(self.canv, self.data, 0, 0, self.size)


# Remembered, as a pure function of the address (the same code for it every time): the hall's
# screen draws its page's code on every reload, twice a minute, some 5% of the screen's time.
@functools.lru_cache(maxsize=64)
def qr_svg(data: str) -> str:
    """The code as inline SVG for a page (the projector): nothing fetched from elsewhere."""
    # No fixed size, only a viewBox: the page's CSS scales it to the screen.
    svg = segno.make(data, error="m", boost_error=False).svg_inline(
        scale=6, border=QUIET_ZONE, omitsize=True
    )
    return mark_safe(svg)  # segno's own markup; it escapes the data it writes
