"""The one access check of the money pages: only the club's staff see or change any of a
club's money (who paid, the sheet, the payouts), and the club's own money settings (its
currency) are its directors' (clubs/roles.py). 404 for anyone else, whether or not it exists,
and for anyone not logged in (the views are @login_required first); a 403 in words for staff
whose role lacks the right. A night published here from the hall's laptop (publishing/) had
its door and payouts there, which are not published: its money pages here are refused, saying
where the night is (tournaments/edit_locks.py), rather than showing a door nobody recorded
here."""

from django.http import HttpRequest
from django.shortcuts import get_object_or_404

from clubs import roles
from clubs.models import Club
from clubs.roles import Right, staff_role
from tournaments import edit_locks
from tournaments.models import Event


def event_for_director(request: HttpRequest, pk: int, right: str = Right.RUN_NIGHTS) -> Event:
    events = Event.objects.directed_by(request.user).select_related("club")
    event = get_object_or_404(events.annotate(staff_role=staff_role(request.user, "club")), pk=pk)
    roles.allow(request, event.staff_role, right)
    edit_locks.refuse_changes(event)
    return event


def club_for_director(request: HttpRequest, slug: str, right: str = Right.RUN_NIGHTS) -> Club:
    return roles.club_for(request, slug, right)
