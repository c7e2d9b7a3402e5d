"""The one access check of the publishing pages: only the club's directors make or revoke its
keys (server) or link it, unlink it and send (laptop): they are the club's settings
(clubs/roles.py). 404 for anyone not on the club's staff, whether or not it exists, and for
anyone not logged in (the views are @login_required first); a 403 in words for an assistant."""

from django.http import HttpRequest

from clubs import roles
from clubs.models import Club
from clubs.roles import Right


def club_for_director(request: HttpRequest, slug: str) -> Club:
    return roles.club_for(request, slug, Right.CHANGE_SETTINGS)
