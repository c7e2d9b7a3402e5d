"""The one access check of the director's sign-up list: the club's staff with the right to run
nights (clubs/roles.py) see and keep it; only roles that see contact details see the
players' email addresses and phone numbers. Anyone else gets a 404 (the event is not
theirs to know of), whether or not it exists; the views are @login_required first.

The sign-up lives on the club's server (it reaches the hall's laptop by the publishing link),
so a night published here from a laptop keeps its list here: no edit lock applies."""

from dataclasses import dataclass

from django.http import HttpRequest
from django.shortcuts import get_object_or_404

from clubs.roles import Right, may, require
from tournaments.models import Event

from .models import SignUp


@dataclass(frozen=True)
class ListAccess:
    event: Event
    sees_contacts: bool


def event_for_list(request: HttpRequest, pk: int) -> ListAccess:
    events = Event.objects.directed_by(request.user).select_related("club")
    event = get_object_or_404(events, pk=pk)
    role = require(request.user, event.club, Right.RUN_NIGHTS)
    return ListAccess(event, may(role, Right.SEE_CONTACTS))


def signup_for_list(request: HttpRequest, pk: int, signup_pk: int) -> tuple[ListAccess, SignUp]:
    access = event_for_list(request, pk)
    signup = get_object_or_404(SignUp.objects.filter(event=access.event), pk=signup_pk)
    return access, signup
