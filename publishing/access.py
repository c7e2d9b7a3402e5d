"""The one access check of the publishing pages: only the club's directors make or revoke its
keys (server) or link it (laptop). 404 otherwise, whether or not it exists, and for anyone not
logged in (the views are @login_required first)."""

from django.http import HttpRequest
from django.shortcuts import get_object_or_404

from clubs.models import Club


def club_for_director(request: HttpRequest, slug: str) -> Club:
    return get_object_or_404(Club.objects.directed_by(request.user), slug=slug)
