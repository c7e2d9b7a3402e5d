"""Players who asked not to be shown on public pages (clubs.models.Player.shown_publicly):
every page the public sees (the players' pages, tournaments/public.py, and the hall's
screen, whoever opened it) shows their initials (clubs.text.initials) in place of their name.
The links to a hidden player's pages are left out where they are made; this is the net
under every name a page prints. The printouts for the wall and the players (a bracket's sheets,
the standings and the season PDFs) go through the same net, `for_print`, on the data they are
drawn from; the director's CSVs keep the full names.

A team's name typed by the director ("The Smiths", "Jones & Brown") for a partnership with a
hidden player in it is never shown there either, whatever it says: those pages call the team by
its players, each as they show publicly ("Bob Brown & M. S."), as they would an unnamed team.
Not only the words matching the hidden player's name: a nickname or a "Mary's Aces" would give
them away as well. The director's own pages keep the typed name."""

import dataclasses
from collections import defaultdict

from django.http import HttpResponse
from django.utils.html import escape
from markupsafe import escape as jinja_escape

from clubs.models import Player
from clubs.text import initials, mask_names

from .models import Entry, Partnership


def hidden_names(
    club_filter: dict, writers=(str, escape, jinja_escape), event_id: int | None = None
) -> dict[str, str]:
    """The club's hidden players' names as pages print them (plain, and escaped as Django's
    and Jinja's templates escape them), each to its initials; and the typed names of their
    teams, each to its players' public names (`_teams_shown_as`), of the event `event_id`
    when the page is one event's. One query, two with a hidden player."""
    names = list(
        Player.objects.filter(**club_filter, shown_publicly=False).values_list("name", flat=True)
    )
    if not names:
        return {}
    # A player's own name goes last: a team typed as a hidden player's name is their initials.
    teams = _teams_shown_as(club_filter, event_id)
    shown_as = teams | {name: initials(name) for name in names}
    found = {}
    for name, shown in shown_as.items():
        for write in writers:
            found[str(write(name))] = str(write(shown))
    return found


def _teams_shown_as(club_filter: dict, event_id: int | None) -> dict[str, str]:
    """Each typed team name of the club's partnerships (pairs events and brackets) with a
    hidden player, to its players' names as public pages show them, in the order an unnamed
    team's name gives them (Partnership.__str__): "Jones & Brown" -> "Bob Brown & M. J.".
    Of one event when the page is that event's: "The Aces" of another night, with no hidden
    player, keeps its name on its own night's pages."""
    on_club = {f"event__{key}": value for key, value in club_filter.items()}
    if event_id is not None:
        on_club["event_id"] = event_id
    teams = Partnership.objects.filter(**on_club, entries__player__shown_publicly=False)
    fields = ("partnership_id", "partnership__name", "player__name", "player__shown_publicly")
    rows = (
        Entry.objects.filter(partnership__in=teams.exclude(name=""))
        .order_by("partnership_id", "player__name")
        .values_list(*fields)
    )
    typed, players = {}, defaultdict(list)
    for team, name, player, shown in rows:
        typed[team] = name
        players[team].append(player if shown else initials(player))
    return {typed[team]: " & ".join(names) for team, names in players.items()}


def mask_hidden(response: HttpResponse, event_id: int | None = None, **club_filter) -> HttpResponse:
    """`response` with the hidden players of the club (club_filter: `club__slug=` or
    `club_id=`) by their initials, and their teams of the event `event_id` (of every event
    of the club without it) by their players. Only a page shown (200) is read."""
    if response.status_code == 200 and (names := hidden_names(club_filter, event_id=event_id)):
        response.content = mask_names(response.content.decode(), names).encode()
    return response


def for_print(data, event_id: int | None = None, **club_filter):
    """`data` (what a printout is drawn from: strings in dataclasses, named tuples, lists,
    tuples and dicts, any depth) with the hidden players of the club (`club_id=`) by their
    initials, as the public pages show them, and their teams of the event `event_id` by their
    players. A PDF's text cannot be replaced once drawn."""
    # Plain text: a PDF escapes nothing.
    names = hidden_names(club_filter, writers=(str,), event_id=event_id)
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
