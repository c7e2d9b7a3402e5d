"""What the bracket sheet and the score sheets both draw with: the ink, and text fitted to the
room it has (`fitted`), a team's name shortened to its players' initials before it is cut.
"""

import functools
import math

from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth

from tournaments.printouts.layout import printable

INK = colors.black
FAINT = colors.Color(0.35, 0.35, 0.35)  # still dark: the words of a slot to fill in


def _initials(name: str) -> str:
    """ "Ada Baker & Ben Carter" -> "A. Baker & B. Carter": each partner's given names as
    initials."""
    parts = []
    for part in name.split(" & "):
        words = part.split()
        parts.append(" ".join([*(w[0] + "." for w in words[:-1]), *words[-1:]]))
    return " & ".join(parts)


@functools.lru_cache(maxsize=8192)
def fitted(
    text: str, font: str, size: float, width: float, smallest: float, name: bool = False
) -> tuple[str, float]:
    """`text` as drawn in `width`: at `size`, else the largest half point down to `smallest`
    that fits; a team's `name` too long even then shows its players' given names as initials
    (never surnames alone: two teams of one family would read the same); still too long, it
    is cut short with an ellipsis. Returns the drawn (printable) text and its size."""
    drawn = printable(text)
    natural = stringWidth(drawn, font, size)
    if natural <= width:
        return drawn, size
    fits = math.floor(2 * size * width / natural) / 2
    if fits >= smallest:
        return drawn, fits
    if name and _initials(text) != text:
        return fitted(_initials(text), font, size, width, smallest)
    for end in range(len(text) - 1, 0, -1):
        cut = printable(text[:end].rstrip() + "…")
        if stringWidth(cut, font, smallest) <= width:
            return cut, smallest
    return "", smallest


def draw_fitted(c, x, y, text, font, size, width, smallest, *, align="left", name=False):
    drawn, size = fitted(text, font, size, width, smallest, name)
    c.setFont(font, size)
    if align == "right":
        c.drawRightString(x, y, drawn)
    elif align == "centre":
        c.drawCentredString(x, y, drawn)
    else:
        c.drawString(x, y, drawn)
