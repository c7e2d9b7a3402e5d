"""`{% load checkin_tags %}{% checkin_card event %}`: the event page's card leading to the
check-in from the sign-up list, when the event has sign-ups, or on a laptop linked to the
club's server (where the list is fetched from the check-in page). It lives in signup so that
tournaments never imports it; the figures are signup.checkin.counts'."""

from django import template

from signup import checkin
from signup.access import kept_on

register = template.Library()


@register.inclusion_tag("signup/_checkin_card.html")
def checkin_card(event) -> dict:
    # Asked first, whatever the list: the sign-up card below reads the answer kept on the
    # event (signup.access.kept_on), so the page asks it once.
    linked = bool(kept_on(event))
    if event.signups.exists():
        return {"event": event, "counts": checkin.counts(event)}
    return {"event": event, "counts": None, "linked": linked}
