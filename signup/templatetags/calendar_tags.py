"""The calendar's links on the players' pages: "Add to my calendar" for the nights to come and
"Subscribe to the club's calendar" (signup/views_calendar.py serves the files). Tags, so the
club's and the event's public pages each take one small block and their views stay as they are.
"""

from django import template
from django.utils import timezone

from tournaments.links import public_reverse

register = template.Library()

# The club's page offers the next few nights; the feed carries them all.
NEXT_NIGHTS = 3


@register.inclusion_tag("signup/_calendar_club.html", takes_context=True)
def club_calendar_links(context, club):
    nights = list(
        club.events.filter(date__gte=timezone.localdate()).order_by("date", "name", "pk")[
            :NEXT_NIGHTS
        ]
    )
    feed = public_reverse(context["request"], "signup:club-ics", club.slug)
    # webcal: is how a phone is asked to subscribe (and fetch again), where an https link to
    # the same file is usually imported once; both are offered, the first as the button.
    webcal = "webcal:" + feed.split(":", 1)[1]
    return {"club": club, "nights": nights, "feed": feed, "webcal": webcal}


@register.inclusion_tag("signup/_calendar_event.html")
def event_calendar_link(event):
    # A night that is over has no place on a calendar: the link goes with it.
    return {"event": event, "to_come": event.date >= timezone.localdate()}
