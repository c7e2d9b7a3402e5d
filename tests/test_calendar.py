"""The calendar (signup/calendar.py, signup/views_calendar.py): each event's .ics file and the
club's feed, read back with icalendar as a player's calendar would read them."""

import datetime
import zoneinfo

import pytest
from icalendar import Calendar
from pytest_django.asserts import assertContains, assertNotContains

from clubs.models import Club
from signup.models import Sheet
from tournaments.models import Event

DETROIT = zoneinfo.ZoneInfo("America/Detroit")
PUBLIC = "https://euchre.example.org"


@pytest.fixture(autouse=True)
def _michigan(settings):
    # The machines run in UTC: a club in Michigan shows whether the zone is the club's.
    settings.TIME_ZONE = "America/Detroit"
    settings.PUBLIC_URL = PUBLIC


def event_url(event: Event) -> str:
    return f"/c/{event.club.slug}/events/{event.pk}/event.ics"


def read(response) -> Calendar:
    assert response.status_code == 200
    assert response["Content-Type"] == "text/calendar; charset=utf-8"
    return Calendar.from_ical(response.content.decode("utf-8"))


def calendar_zones(response) -> list[str]:
    return [str(tz["TZID"]) for tz in read(response).timezones]


def only_event(calendar: Calendar):
    (vevent,) = calendar.events
    return vevent


def days_from_today(days: int) -> datetime.date:
    from django.utils import timezone

    return timezone.localdate() + datetime.timedelta(days=days)


def test_a_night_with_its_cards_at_time_starts_then_in_the_clubs_zone(client, event):
    sheet = Sheet.objects.create(event=event, open=True, starts_at=datetime.time(19, 0))
    response = client.get(event_url(event))
    calendar = read(response)
    assert response["Content-Disposition"] == 'attachment; filename="maple-hall-2026-11-24.ics"'
    assert calendar["METHOD"] == "PUBLISH"
    assert calendar["VERSION"] == "2.0"
    vevent = only_event(calendar)
    assert vevent["UID"] == f"{event.uid}@euchre-scores"
    assert vevent["SUMMARY"] == "Tuesday progressive · Maple Hall Euchre Club"
    # 7 pm in Michigan on 24 November is midnight UTC: the zone is named, not assumed.
    start = vevent.decoded("DTSTART")
    assert start == datetime.datetime(2026, 11, 24, 19, 0, tzinfo=DETROIT)
    midnight_utc = datetime.datetime(2026, 11, 25, 0, 0, tzinfo=datetime.UTC)
    assert start.astimezone(datetime.UTC) == midnight_utc
    assert vevent["DTSTART"].params["TZID"] == "America/Detroit"
    assert vevent.decoded("DTEND") - start == datetime.timedelta(hours=3)
    # The calendar carries the zone's rules, for calendars that do not know its name.
    assert [tz["TZID"] for tz in calendar.timezones] == ["America/Detroit"]
    assert vevent["URL"] == f"{PUBLIC}/c/maple-hall/events/{event.pk}/"
    assert vevent["DESCRIPTION"] == (
        "Progressive (partners change every round). Maple Hall Euchre Club: "
        f"{PUBLIC}/c/maple-hall/events/{event.pk}/"
    )
    assert vevent.decoded("LAST-MODIFIED") == sheet.updated.replace(microsecond=0)
    stamp = vevent.decoded("DTSTAMP")
    assert stamp.utcoffset() == datetime.timedelta(0)
    assert abs(stamp - datetime.datetime.now(datetime.UTC)) < datetime.timedelta(minutes=1)


def test_the_same_night_is_one_calendar_event_however_often_it_is_added(client, event):
    first = only_event(read(client.get(event_url(event))))
    again = only_event(read(client.get(event_url(event))))
    assert first["UID"] == again["UID"] == f"{event.uid}@euchre-scores"


@pytest.mark.parametrize("sheet", [None, "no cards-at time"])
def test_a_night_with_no_cards_at_time_is_all_day(client, event, sheet):
    if sheet:
        Sheet.objects.create(event=event, open=True)
    response = client.get(event_url(event))
    assert "DTSTART;VALUE=DATE:20261124\r\n" in response.content.decode()
    vevent = only_event(read(response))
    assert vevent.decoded("DTSTART") == datetime.date(2026, 11, 24)
    assert not isinstance(vevent.decoded("DTSTART"), datetime.datetime)
    assert vevent.decoded("DTEND") == datetime.date(2026, 11, 25)
    # No time, so no zone to carry.
    assert calendar_zones(response) == []
    assert vevent.decoded("LAST-MODIFIED") == event.created.replace(microsecond=0)


NAMES = [
    "Euchre, cards; and pie",
    'The "Aces" \\ Bowers 🃏♠️',
    "بطولة اليوكر الأسبوعية",
    "יוקר, ערב שלישי; שולחן 1",
]


@pytest.mark.parametrize("name", NAMES)
def test_names_with_commas_semicolons_emoji_and_rtl_come_back_as_written(client, club, name):
    club.name = f"Maple Hall, {name}"
    club.save()
    event = Event.objects.create(club=club, name=name, date=days_from_today(3))
    body = client.get(event_url(event)).content.decode("utf-8")
    # Escaped as RFC 5545 asks, so a calendar does not cut the name at its comma.
    assert "SUMMARY:" + name.replace("\\", "\\\\").replace(",", "\\,").replace(";", "\\;") in body
    vevent = only_event(Calendar.from_ical(body))
    assert vevent["SUMMARY"] == f"{name} · Maple Hall, {name}"
    feed = read(client.get("/c/maple-hall/calendar.ics"))
    assert feed["X-WR-CALNAME"] == f"Maple Hall, {name}"
    assert only_event(feed)["SUMMARY"] == f"{name} · Maple Hall, {name}"


def test_a_private_club_has_no_calendar(client, club, event):
    club.results_public = False
    club.save()
    assert client.get(event_url(event)).status_code == 404
    assert client.get("/c/maple-hall/calendar.ics").status_code == 404


def test_another_clubs_event_is_not_found_under_this_clubs_address(client, other_club):
    theirs = Event.objects.create(club=other_club, name="Riverside night", date=days_from_today(2))
    assert client.get(f"/c/maple-hall/events/{theirs.pk}/event.ics").status_code == 404
    assert client.get(f"/c/riverside/events/{theirs.pk}/event.ics").status_code == 200
    assert client.get("/c/nowhere/calendar.ics").status_code == 404


def test_the_calendar_is_only_read(client, event):
    assert client.post(event_url(event)).status_code == 405
    assert client.post("/c/maple-hall/calendar.ics").status_code == 405


def make_nights(club: Club, days: list[int], cards_at: bool = True) -> list[Event]:
    nights = []
    for n, day in enumerate(days):
        night = Event.objects.create(club=club, name=f"Night {n}", date=days_from_today(day))
        if cards_at:
            Sheet.objects.create(event=night, starts_at=datetime.time(19, 30))
        nights.append(night)
    return nights


def test_the_feed_has_the_clubs_nights_to_come_and_last_months(client, club, other_club):
    gone, last_month, today, next_week = make_nights(club, [-31, -30, 0, 7])
    Event.objects.create(club=other_club, name="Riverside night", date=days_from_today(1))
    response = client.get("/c/maple-hall/calendar.ics")
    calendar = read(response)
    assert response["Content-Disposition"] == 'inline; filename="maple-hall.ics"'
    assert calendar["METHOD"] == "PUBLISH"
    assert calendar["X-WR-CALNAME"] == "Maple Hall Euchre Club"
    assert calendar.refresh_interval == datetime.timedelta(hours=6)
    uids = [str(v["UID"]) for v in calendar.events]
    assert uids == [f"{e.uid}@euchre-scores" for e in (last_month, today, next_week)]
    for vevent, night in zip(calendar.events, (last_month, today, next_week), strict=True):
        assert vevent.decoded("DTSTART") == datetime.datetime.combine(
            night.date, datetime.time(19, 30), tzinfo=DETROIT
        )
        assert vevent["URL"] == f"{PUBLIC}/c/maple-hall/events/{night.pk}/"
        assert vevent["SUMMARY"] == f"{night.name} · Maple Hall Euchre Club"
    assert [tz["TZID"] for tz in calendar.timezones] == ["America/Detroit"]


def test_an_empty_feed_is_still_a_calendar(client, club):
    calendar = read(client.get("/c/maple-hall/calendar.ics"))
    assert calendar.events == []
    assert calendar["X-WR-CALNAME"] == "Maple Hall Euchre Club"


def test_the_feed_takes_the_same_queries_however_many_nights(
    client, club, django_assert_num_queries
):
    make_nights(club, [1, 2])
    make_nights(club, [3], cards_at=False)
    # 1 the club, 2 its nights with each one's sign-up sheet.
    with django_assert_num_queries(2):
        assert len(read(client.get("/c/maple-hall/calendar.ics")).events) == 3
    make_nights(club, list(range(4, 40)))
    with django_assert_num_queries(2):
        assert len(read(client.get("/c/maple-hall/calendar.ics")).events) == 39


def test_the_clubs_page_offers_the_next_nights_and_the_feed(client, club):
    past, soon, later = make_nights(club, [-2, 1, 5], cards_at=False)
    response = client.get("/c/maple-hall/")
    # webcal: asks the phone to subscribe; the https address is there to copy.
    assertContains(response, 'href="webcal://euchre.example.org/c/maple-hall/calendar.ics"')
    assertContains(response, f'href="{PUBLIC}/c/maple-hall/calendar.ics"', count=1)
    assertContains(response, "Subscribe to the club's calendar")
    for night in (soon, later):
        assertContains(response, f'href="{event_url(night)}"', count=1)
    assertNotContains(response, event_url(past))
    assertContains(response, "Add to my calendar", count=2)


def test_the_event_page_offers_its_night_while_it_is_to_come(client, club):
    past, tonight = make_nights(club, [-1, 0], cards_at=False)
    response = client.get(f"/c/maple-hall/events/{tonight.pk}/")
    assertContains(response, f'href="{event_url(tonight)}"', count=1)
    response = client.get(f"/c/maple-hall/events/{past.pk}/")
    assert response.status_code == 200
    assertNotContains(response, "Add to my calendar")
