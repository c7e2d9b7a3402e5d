"""The players' pages of event formats that sit above tournaments (brackets/).

The players' event page and the projector hand a bracket event to the bracket's own views,
registered here by the brackets app when it starts, so tournaments never imports it. Each
takes (request, event), the event already checked as public. The captain's pages ask it the
same way where a match stands (`match_heading`, `match_ended`).
"""

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

from .models import Event, Table

Page = Callable[[HttpRequest, Event], HttpResponse]

EVENT_PAGES: dict[str, Page] = {}
PROJECTORS: dict[str, Page] = {}

# The captain's pages of a format whose games are matches (brackets/): where the match stands,
# at the head of a game's page ("Match W1-1 · Game 2 · The Aces lead 1–0"; given the table),
# and on the table card's page once the match at that table is over, its result and where
# each team goes next (given the event and the table number; None when there is nothing).
MATCH_HEADINGS: dict[str, Callable[[Table], str]] = {}
MATCHES_ENDED: dict[str, Callable[[Event, int], dict | None]] = {}


def match_heading(table: Table) -> str:
    """What the event's format says of the match at this table ("" for a round of a night)."""
    heading = MATCH_HEADINGS.get(table.round.event.format)
    return heading(table) if heading is not None else ""


def match_ended(event: Event, number: int) -> dict | None:
    ended = MATCHES_ENDED.get(event.format)
    return ended(event, number) if ended is not None else None
