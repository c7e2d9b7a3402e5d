"""Addresses that leave the screen: printed on table cards and tally cards, shown as QR codes.

They must work from a phone in the room, so they start with settings.PUBLIC_URL (in hall mode
the laptop's address on the hall's Wi-Fi, see config/settings.py), not with whatever address
the director's own browser happened to use (often 127.0.0.1). With no PUBLIC_URL they follow
the request's own host, which is right behind a proxy with a public name."""

from django.conf import settings
from django.http import HttpRequest
from django.urls import reverse


def public_url(request: HttpRequest, path: str) -> str:
    base = getattr(settings, "PUBLIC_URL", "")
    return f"{base}{path}" if base else request.build_absolute_uri(path)


def public_reverse(request: HttpRequest, name: str, *args) -> str:
    return public_url(request, reverse(name, args=args))
