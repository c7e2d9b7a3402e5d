"""The page a locked-out login gets (django-axes calls this, AXES_LOCKOUT_CALLABLE)."""

import math

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def locked_out(request: HttpRequest, original_response=None, credentials=None) -> HttpResponse:
    """Too many wrong passwords for this account from this address: say so in the app's look,
    for how long, and what to do, on /accounts/login/ and /admin/login/ alike."""
    seconds = math.ceil(settings.AXES_COOLOFF_TIME.total_seconds())
    username = (credentials or {}).get("username") or request.POST.get("username", "")
    context = {"username": username, "minutes": math.ceil(seconds / 60)}
    response = render(request, "registration/locked_out.html", context, status=429)
    response["Retry-After"] = seconds
    return response
