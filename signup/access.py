"""Who sees what of the sign-up, in one place.

The players' pages (the form, the calendar) are a public club's: a club that keeps its results
to itself takes no public sign-up and shows no calendar (404), as tournaments/public.py.

The director's list and check-in: the club's staff with the right to run nights
(clubs/roles.py) see and keep them; only roles that see contact details see the players' email
addresses and phone numbers. Anyone else gets a 404 (the event is not theirs to know of),
whether or not it exists; the views are @login_required first.

The sign-up lives on the club's server (it reaches the hall's laptop by the publishing link),
so a night published here from a laptop keeps its list here; but its check-in makes entries,
which are the laptop's to make (tournaments/edit_locks.py refuses them here, in words)."""

from dataclasses import dataclass

from django.core.exceptions import PermissionDenied
from django.http import HttpRequest
from django.shortcuts import get_object_or_404

from clubs.models import Club
from clubs.roles import Right, may, require
from publishing.models import Link
from tournaments import edit_locks
from tournaments.models import Event

from .models import SignUp


@dataclass(frozen=True)
class ListAccess:
    event: Event
    sees_contacts: bool
    # On a hall laptop linked to the club's server: the server's address. The list is kept
    # there (players sign up there); the laptop's copy is fetched for check-in, and a change
    # made to it here would be undone by the next fetch, so the list is read-only here.
    kept_on: str = ""


def public_club(slug: str) -> Club:
    return get_object_or_404(Club, slug=slug, results_public=True)


def public_event(slug: str, pk: int, *related: str) -> Event:
    events = Event.objects.select_related("club", *related).filter(club__results_public=True)
    return get_object_or_404(events, club__slug=slug, pk=pk)


def event_for_list(request: HttpRequest, pk: int, *, entries: bool = False) -> ListAccess:
    """`entries`: the view makes the night's entries (check-in), refused on a published night."""
    events = Event.objects.directed_by(request.user).select_related("club")
    event = get_object_or_404(events, pk=pk)
    role = require(request.user, event.club, Right.RUN_NIGHTS)
    if entries:
        edit_locks.refuse_writes(request, event)
    server = kept_on(event)
    if server and request.method == "POST" and not entries:
        raise PermissionDenied(
            f"This laptop is linked to the club's server ({server}), which keeps the sign-up "
            "list: change it there. This laptop fetches the list for check-in, where walk-ins "
            "are added at the door."
        )
    return ListAccess(event, may(role, Right.SEE_CONTACTS), server)


def kept_on(event: Event) -> str:
    """On a hall laptop linked to the club's server: the server's address, which keeps the
    list; "" on the server. Kept on the event object, so that the event page's cards (the
    check-in's and the sign-up's, signup/templatetags) ask once between them."""
    if not hasattr(event, "_signup_kept_on"):
        links = Link.objects.filter(club_id=event.club_id).values_list("server_url", flat=True)
        event._signup_kept_on = links.first() or ""
    return event._signup_kept_on


def signup_for_list(request: HttpRequest, pk: int, signup_pk: int) -> tuple[ListAccess, SignUp]:
    access = event_for_list(request, pk)
    signup = get_object_or_404(SignUp.objects.filter(event=access.event), pk=signup_pk)
    return access, signup
