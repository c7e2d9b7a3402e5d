"""The club's events for the players' calendars: one event's `.ics` file ("Add to my calendar")
and the club's feed of its upcoming events ("Subscribe to the club's calendar"). No login, as
the club's public pages; a club that keeps its results private answers 404 here too.

What goes in the files is signup/calendar.py's; these views find the club or the event and
each event's public address (tournaments/links.py: PUBLIC_URL, as table cards print it)."""

from django.http import HttpRequest, HttpResponse
from django.utils.http import content_disposition_header
from django.views.decorators.http import require_safe

from tournaments.links import public_reverse

from . import calendar
from .access import public_club, public_event

CONTENT_TYPE = "text/calendar; charset=utf-8"


def _ics(body: bytes, filename: str, *, as_attachment: bool) -> HttpResponse:
    response = HttpResponse(body, content_type=CONTENT_TYPE)
    response["Content-Disposition"] = content_disposition_header(as_attachment, filename)
    return response


@require_safe
def event_ics(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    event = public_event(slug, pk, "signup_sheet")
    url = public_reverse(request, "public:event", event.club.slug, event.pk)
    # A download the phone hands to its calendar: "maple-hall-2026-11-24.ics".
    return _ics(
        calendar.event_calendar(event, url),
        f"{event.club.slug}-{event.date:%Y-%m-%d}.ics",
        as_attachment=True,
    )


@require_safe
def club_ics(request: HttpRequest, slug: str) -> HttpResponse:
    club = public_club(slug)
    # One reverse() for every event, as tournaments/public.py's player links.
    address = public_reverse(request, "public:event", club.slug, 999999999)
    body = calendar.club_calendar(
        club,
        calendar.feed_events(club),
        lambda event: address.replace("999999999", str(event.pk)),
    )
    # Inline: a calendar that subscribes reads it; a browser hands it to the calendar app.
    return _ics(body, f"{club.slug}.ics", as_attachment=False)
