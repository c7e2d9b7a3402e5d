"""The one access check of the money pages: only the club's directors see or change any of a
club's money (who paid, the sheet, the payouts). 404 otherwise, whether or not it exists, and
for anyone not logged in (the views are @login_required first)."""

from django.http import HttpRequest
from django.shortcuts import get_object_or_404

from clubs.models import Club
from tournaments.models import Event


def event_for_director(request: HttpRequest, pk: int) -> Event:
    events = Event.objects.directed_by(request.user).select_related("club")
    return get_object_or_404(events, pk=pk)


def club_for_director(request: HttpRequest, slug: str) -> Club:
    return get_object_or_404(Club.objects.directed_by(request.user), slug=slug)
