"""`{% load checkin_tags %}{% checkin_card event %}`: the event page's card leading to the
check-in from the sign-up list, when the event has sign-ups, or on a laptop linked to the
club's server (where the list is fetched from the check-in page). It lives in signup so that
tournaments never imports it; the figures are signup.checkin.counts'."""

from django import template

from publishing.models import Link
from signup import checkin

register = template.Library()


@register.inclusion_tag("signup/_checkin_card.html")
def checkin_card(event) -> dict:
    if event.signups.exists():
        return {"event": event, "counts": checkin.counts(event)}
    return {
        "event": event,
        "counts": None,
        "linked": Link.objects.filter(club=event.club_id).exists(),
    }
