"""Stub: filled in by its branch."""

from django.http import Http404


def _missing(*args, **kwargs):
    raise Http404


sheet_page = _missing
sheet_pdf = _missing
sheet_csv = _missing
club_page = _missing
club_csv = _missing
