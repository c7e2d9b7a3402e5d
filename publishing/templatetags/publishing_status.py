"""`{% load publishing_status %}{% publishing_status club %}` (or an event): the laptop's
publishing status line on the director's club and event pages, nothing for a club not linked;
and `{% publishing_settings club %}`, the club settings' card. They live in publishing so that
clubs and tournaments never import it; the wording is publishing/status.py's."""

from django import template

from publishing.models import Link
from publishing.status import status_of

register = template.Library()


@register.inclusion_tag("publishing/_status.html", takes_context=True)
def publishing_status(context, club_or_event, page_link: bool = True) -> dict:
    club = getattr(club_or_event, "club", club_or_event)
    status = status_of(club)
    return {
        "status": status
        and {
            "text": status.text,
            "failing": status.failing,
            "club": club,
            "page": page_link,
            # "Send now" on the Publishing page whenever changes wait; elsewhere beside a
            # failing line only (a send under way needs no button).
            "send_now": status.waiting and (status.failing or not page_link),
        },
        "csrf_token": context.get("csrf_token"),
        # The Publishing page and Send now are the club's settings' (clubs/roles.py).
        "may": context.get("may"),
        "here": getattr(context.get("request"), "get_full_path", lambda: "")(),
    }


@register.inclusion_tag("publishing/_settings_card.html")
def publishing_settings(club) -> dict:
    return {"club": club, "link": Link.objects.filter(club=club).first()}
