"""The one access check of the money pages: only the club's directors see or change any of a
club's money (who paid, the sheet, the payouts). 404 otherwise, whether or not it exists, and
for anyone not logged in (the views are @login_required first). A night published here from
the hall's laptop (publishing/) had its door and payouts there, which are not published: its
money pages here are refused, saying where the night is (tournaments/edit_locks.py), rather
than showing a door nobody recorded here."""

from django.http import HttpRequest
from django.shortcuts import get_object_or_404

from clubs.models import Club
from tournaments import edit_locks
from tournaments.models import Event


def event_for_director(request: HttpRequest, pk: int) -> Event:
    events = Event.objects.directed_by(request.user).select_related("club")
    event = get_object_or_404(events, pk=pk)
    edit_locks.refuse_changes(event)
    return event


def club_for_director(request: HttpRequest, slug: str) -> Club:
    return get_object_or_404(Club.objects.directed_by(request.user), slug=slug)
