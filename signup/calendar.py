"""The club's events on the players' own calendars: an `.ics` file for one event and the club's
feed of its upcoming events (RFC 5545, written by the `icalendar` library). Pure of views: the
views (signup/views_calendar.py) hand in the events and each event's public address.

A night with a sign-up sheet whose "cards at" time is set (Sheet.starts_at) starts then, in the
club's time zone; any other is an all-day event on its date. The club's time zone is the app's:
settings.TIME_ZONE, the computer's own unless TIME_ZONE names another (config/settings.py,
clubs/dates.py), as every page shows its times.
"""

import datetime
import zoneinfo
from collections.abc import Callable, Iterable

from django.conf import settings
from django.db.models import QuerySet
from django.utils import timezone
from icalendar import Calendar
from icalendar import Event as VEvent

from clubs.models import Club
from tournaments.models import Event

# A calendar needs an end to draw the night: 8 rounds of 8 hands, with the seating between
# them, take about three hours at a club; a calendar shows it, nobody is held to it.
NIGHT_LENGTH = datetime.timedelta(hours=3)
# The feed keeps last month's nights, so a player's calendar does not lose a night the day
# after it (some calendars drop what a feed no longer carries).
FEED_KEEPS = datetime.timedelta(days=30)
# How often a subscribed calendar should fetch the feed again (RFC 7986 REFRESH-INTERVAL; Apple's
# and Microsoft's calendars read the older X-PUBLISHED-TTL).
FEED_REFRESH = datetime.timedelta(hours=6)
PRODID = "-//euchre-scores//The club's events//EN"
# The domain part of each event's UID: the event's uid is the same on the hall's laptop and on
# the club's server (publishing/), so a night added from either is one event on a calendar.
UID_DOMAIN = "euchre-scores"


def event_uid(event: Event) -> str:
    return f"{event.uid}@{UID_DOMAIN}"


def club_zone() -> zoneinfo.ZoneInfo:
    return zoneinfo.ZoneInfo(settings.TIME_ZONE)


def feed_events(club: Club, today: datetime.date | None = None) -> QuerySet:
    """The club's events in its feed: the last 30 days' and every one to come, with each one's
    sign-up sheet in the same query (one query however many events)."""
    today = today or timezone.localdate()
    return (
        Event.objects.for_club(club)
        .filter(date__gte=today - FEED_KEEPS)
        .select_related("club", "signup_sheet")
        .order_by("date", "name", "pk")
    )


def _sheet(event: Event):
    # The reverse one-to-one raises when an event has no sheet; select_related caches either.
    try:
        return event.signup_sheet
    except Event.signup_sheet.RelatedObjectDoesNotExist:
        return None


def _when(event: Event) -> tuple[datetime.date | datetime.datetime, datetime.date]:
    """The start and the end: from the "cards at" time for three hours, or the whole day."""
    sheet = _sheet(event)
    if sheet is not None and sheet.starts_at is not None:
        start = datetime.datetime.combine(event.date, sheet.starts_at, tzinfo=club_zone())
        # Wall-clock arithmetic in the zone: a night across a clock change still reads 3 hours.
        return start, start + NIGHT_LENGTH
    return event.date, event.date + datetime.timedelta(days=1)


def last_modified(event: Event) -> datetime.datetime:
    """When the event's calendar entry last changed: its sheet's last save (the "cards at"
    time lives there), else the event's creation."""
    sheet = _sheet(event)
    changed = event.created if sheet is None else max(event.created, sheet.updated)
    return changed.astimezone(datetime.UTC)


def vevent(event: Event, url: str, stamp: datetime.datetime) -> VEvent:
    start, end = _when(event)
    return VEvent.new(
        uid=event_uid(event),
        summary=f"{event.name} · {event.club.name}",
        # What a player reads on opening the entry: the kind of night, and where to find it
        # (and sign up, when the club takes names ahead).
        description=f"{event.get_format_display()}. {event.club.name}: {url}",
        start=start,
        end=end,
        url=url,
        stamp=stamp,
        last_modified=last_modified(event),
    )


def _calendar(events: list[Event], url_of: Callable[[Event], str], calendar: Calendar) -> bytes:
    stamp = timezone.now().astimezone(datetime.UTC).replace(microsecond=0)
    for event in events:
        calendar.add_component(vevent(event, url_of(event), stamp))
    if events:
        # The zone's rules for the years the events span, not the library's 1970 to 2038.
        year = datetime.timedelta(days=366)
        calendar.add_missing_timezones(
            first_date=min(e.date for e in events) - year,
            last_date=max(e.date for e in events) + year,
        )
    return calendar.to_ical()


def event_calendar(event: Event, url: str) -> bytes:
    """One event's `.ics` file ("Add to my calendar")."""
    calendar = Calendar.new(prodid=PRODID, method="PUBLISH")
    return _calendar([event], lambda _: url, calendar)


def club_calendar(club: Club, events: Iterable[Event], url_of: Callable[[Event], str]) -> bytes:
    """The club's feed, named after the club on the player's calendar (NAME and the older
    X-WR-CALNAME, which most calendars read)."""
    calendar = Calendar.new(
        prodid=PRODID,
        method="PUBLISH",
        name=club.name,
        uid=f"{club.uid}@{UID_DOMAIN}",
        refresh_interval=FEED_REFRESH,
    )
    calendar.add("X-PUBLISHED-TTL", FEED_REFRESH)
    return _calendar(list(events), url_of, calendar)
