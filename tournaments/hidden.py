"""Players who asked not to be shown on public pages (clubs.models.Player.shown_publicly):
every page the public sees (the players' pages, tournaments/public.py, and the hall's
screen, whoever opened it) shows their initials (clubs.text.initials) in place of their name.
The links to a hidden player's pages are left out where they are made; this is the net
under every name a page prints."""

from django.http import HttpResponse
from django.utils.html import escape
from markupsafe import escape as jinja_escape

from clubs.models import Player
from clubs.text import initials, mask_names


def hidden_names(club_filter: dict) -> dict[str, str]:
    """The club's hidden players' names as pages print them (plain, and escaped as Django's
    and Jinja's templates escape them), each to its initials. One query."""
    names = Player.objects.filter(**club_filter, shown_publicly=False).values_list(
        "name", flat=True
    )
    found = {}
    for name in names:
        for write in (str, escape, jinja_escape):
            found[str(write(name))] = str(write(initials(name)))
    return found


def mask_hidden(response: HttpResponse, **club_filter) -> HttpResponse:
    """`response` with the hidden players of the club (club_filter: `club__slug=` or
    `club_id=`) by their initials. Only a page shown (200) is read."""
    if response.status_code == 200 and (names := hidden_names(club_filter)):
        response.content = mask_names(response.content.decode(), names).encode()
    return response
