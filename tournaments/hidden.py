"""Players who asked not to be shown on public pages (clubs.models.Player.shown_publicly):
every page the public sees (the players' pages, tournaments/public.py, and the hall's
screen, whoever opened it) shows their initials (clubs.text.initials) in place of their name.
The links to a hidden player's pages are left out where they are made; this is the net
under every name a page prints. The printouts for the wall and the players (a bracket's sheets,
the standings and the season PDFs) go through the same net, `for_print`, on the data they are
drawn from; the director's CSVs keep the full names."""

import dataclasses

from django.http import HttpResponse
from django.utils.html import escape
from markupsafe import escape as jinja_escape

from clubs.models import Player
from clubs.text import initials, mask_names


def hidden_names(club_filter: dict, writers=(str, escape, jinja_escape)) -> dict[str, str]:
    """The club's hidden players' names as pages print them (plain, and escaped as Django's
    and Jinja's templates escape them), each to its initials. One query."""
    names = Player.objects.filter(**club_filter, shown_publicly=False).values_list(
        "name", flat=True
    )
    found = {}
    for name in names:
        for write in writers:
            found[str(write(name))] = str(write(initials(name)))
    return found


def mask_hidden(response: HttpResponse, **club_filter) -> HttpResponse:
    """`response` with the hidden players of the club (club_filter: `club__slug=` or
    `club_id=`) by their initials. Only a page shown (200) is read."""
    if response.status_code == 200 and (names := hidden_names(club_filter)):
        response.content = mask_names(response.content.decode(), names).encode()
    return response


def for_print(data, **club_filter):
    """`data` (what a printout is drawn from: strings in dataclasses, named tuples, lists,
    tuples and dicts, any depth) with the hidden players of the club (`club_id=`) by their
    initials, as the public pages show them. A PDF's text cannot be replaced once drawn."""
    names = hidden_names(club_filter, writers=(str,))  # plain text: a PDF escapes nothing
    return _masked(data, names) if names else data


def _masked(value, names: dict[str, str]):
    if isinstance(value, str):
        return mask_names(value, names)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        changed = {
            f.name: _masked(getattr(value, f.name), names)
            for f in dataclasses.fields(value)
            if f.init
        }
        return dataclasses.replace(value, **changed)
    if isinstance(value, tuple) and hasattr(value, "_fields"):  # a named tuple
        return type(value)(*(_masked(v, names) for v in value))
    if isinstance(value, list | tuple):
        return type(value)(_masked(v, names) for v in value)
    if isinstance(value, dict):
        return {k: _masked(v, names) for k, v in value.items()}
    return value
