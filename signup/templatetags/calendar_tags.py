"""The calendar's links on the players' pages: "Add to my calendar" for the nights to come and
"Subscribe to the club's calendar" (signup/views_calendar.py serves the files). Tags, so the
club's and the event's public pages each take one small block and their views stay as they are.
"""

from django import template
from django.utils import timezone

register = template.Library()

# The club's page offers the next few nights; the feed carries them all.
NEXT_NIGHTS = 3


@register.inclusion_tag("signup/_calendar_club.html")
def club_calendar_links(club):
    nights = list(
        club.events.filter(date__gte=timezone.localdate()).order_by("date", "name", "pk")[
            :NEXT_NIGHTS
        ]
    )
    return {"club": club, "nights": nights}


@register.inclusion_tag("signup/_calendar_event.html")
def event_calendar_link(event):
    # A night that is over has no place on a calendar: the link goes with it.
    return {"event": event, "to_come": event.date >= timezone.localdate()}
