"""Stub: filled in by its branch."""

from django.http import Http404


def _missing(*args, **kwargs):
    raise Http404


night_page = _missing
night_settings = _missing
door_record = _missing
walk_in = _missing
draws = _missing
mark_paid = _missing
