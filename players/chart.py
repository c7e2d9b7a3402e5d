"""The small chart on a player's page: the rating and each night's place over time, as
numbers for an inline SVG the server draws (templates/players/player.html). Plain Python.

Nights are spaced evenly, oldest on the left: a player reads "my last nights", not a
calendar. The place is drawn as where in the field the player finished (1st at the top,
last at the bottom), so a 3rd of 8 and a 3rd of 40 are not drawn alike."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass

# Each panel is an SVG of its own, WIDTH x PANEL; its words (the title, the scale, the dates)
# are the page's own text around it, so they follow the phone's text size.
WIDTH = 320
LEFT = 1
RIGHT = 1
PANEL = 84


@dataclass(frozen=True)
class Dot:
    x: float
    y: float
    label: str  # for the dot's <title>: "12 May 2026: 3rd of 40"


@dataclass(frozen=True)
class Chart:
    height: int
    rating_line: str  # the polyline's points; "" without a rating
    rating_dots: tuple[Dot, ...]
    rating_top: int
    rating_bottom: int
    rating_y: float  # the rating panel's top
    place_y: float  # the place panel's top
    place_dots: tuple[Dot, ...]
    first_date: str
    last_date: str
    summary: str  # the text alternative


INSET = 6  # the dots kept off the panel's edges


def _x(index: int, count: int) -> float:
    span = WIDTH - LEFT - RIGHT - 2 * INSET
    if count <= 1:
        return LEFT + INSET + span / 2
    return round(LEFT + INSET + span * index / (count - 1), 1)


def _y(top: float, share: float) -> float:
    """`share` 0 at the panel's top, 1 at its bottom."""
    return round(top + INSET + share * (PANEL - 2 * INSET), 1)


def chart(
    nights: list[tuple[datetime.date, int, int]],
    ratings: list[tuple[datetime.date, int]] | None,
    place_words: list[str],
    day: Callable[[datetime.date], str] = datetime.date.isoformat,
) -> Chart | None:
    """`nights`: (date, place, of) oldest first; `ratings`: the rating after each of those
    nights (None: not shown); `place_words`: "3rd of 40" for each night; `day` writes a date
    as the club does (clubs.dates.day, the app's one way)."""

    if not nights:
        return None
    count = len(nights)
    rating_y = place_y = 0
    rated = bool(ratings)
    dots = []
    for i, ((date, place, of), words) in enumerate(zip(nights, place_words, strict=True)):
        share = 0.0 if of <= 1 else (place - 1) / (of - 1)
        dots.append(Dot(_x(i, count), _y(place_y, share), f"{day(date)}: {words}"))
    line, rating_dots, top, bottom = "", (), 0, 0
    summary = []
    if rated:
        values = [v for _, v in ratings]
        low, high = min(values), max(values)
        # A flat rating still gets a panel with room above and below it.
        bottom, top = low - max(2, (high - low) // 10), high + max(2, (high - low) // 10)
        points = []
        for i, (date, value) in enumerate(ratings):
            y = _y(rating_y, (top - value) / (top - bottom))
            points.append(Dot(_x(i, len(ratings)), y, f"{day(date)}: rating {value}"))
        line = " ".join(f"{d.x},{d.y}" for d in points)
        rating_dots = tuple(points)
        summary.append(
            f"Rating {values[0]} after the first night ({day(ratings[0][0])}), "
            f"{values[-1]} now; lowest {low}, highest {high}."
        )
    best = min(range(count), key=lambda i: (nights[i][1] / max(nights[i][2], 1), -i))
    summary.append(
        f"{count} night{'s' if count != 1 else ''} from {day(nights[0][0])} to "
        f"{day(nights[-1][0])}; the best place {place_words[best]} on {day(nights[best][0])}, "
        f"the latest {place_words[-1]}."
    )
    return Chart(
        height=PANEL,
        rating_line=line,
        rating_dots=rating_dots if count <= 60 else (),  # 250 dots would be a smudge
        rating_top=top,
        rating_bottom=bottom,
        rating_y=rating_y,
        place_y=place_y,
        place_dots=tuple(dots),
        first_date=day(nights[0][0]),
        last_date=day(nights[-1][0]),
        summary=" ".join(summary),
    )
