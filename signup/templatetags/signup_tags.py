"""The sign-up's hooks in other apps' pages, so nothing below signup imports it:
`{% load signup_tags %}{% signup_club_events club %}` on the club's public page (each event
taking sign-ups, with its places), `{% signup_event_link event %}` on the night's public page,
and `{% signup_card event %}` on the director's event page (the list's figures and the way to
it; on a hall laptop linked to the club's server, the names fetched from there and the way to
check-in). The figures are signup/services'."""

from django import template
from django.utils import timezone

from signup import services, sync
from signup.access import kept_on
from signup.models import Sheet, SignUp

register = template.Library()


@register.inclusion_tag("signup/_club_events.html")
def signup_club_events(club) -> dict:
    sheets = (
        Sheet.objects.filter(event__club=club, open=True, event__date__gte=timezone.localdate())
        .select_related("event__club")
        .order_by("event__date", "event__name")
    )
    open_events = [
        {"event": s.event, "sheet": s, "counts": services.counts(s.event, s)}
        for s in sheets
        if not services.closed_because(s.event, s)
    ]
    return {"club": club, "open_events": open_events}


@register.inclusion_tag("signup/_event_signup.html")
def signup_event_link(event) -> dict:
    """On the night's public page: "Sign up" (or "Full: join the waiting list") while its
    sign-up takes names on the club's page; nothing otherwise."""
    sheet = services.sheet_of(event)
    if not sheet.pk or services.closed_because(event, sheet):
        return {"event": event, "open": False}
    return {"event": event, "open": True, "sheet": sheet, "counts": services.counts(event, sheet)}


@register.inclusion_tag("signup/_event_card.html")
def signup_card(event) -> dict:
    if server := kept_on(event):
        # A hall laptop linked to the club's server: players sign up there, and the laptop
        # keeps the copy it fetched for check-in (signup/sync.py); no sheet of its own.
        return {
            "event": event,
            "kept_on": server,
            "fetched_names": event.signups.exclude(status=SignUp.Status.CANCELLED).count(),
            "fetched": sync.fetched_words(event)["when"],
        }
    sheet = services.sheet_of(event)
    if not sheet.pk:
        # Never opened nor added to (the list's first change makes the sheet): one query.
        return {"event": event, "sheet": sheet}
    return {
        "event": event,
        "sheet": sheet,
        "counts": services.counts(event, sheet),
        "closed": services.closed_because(event, sheet),
    }
