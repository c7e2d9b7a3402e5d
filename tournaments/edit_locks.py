"""Nights this server must not change, and why: a night run on the hall's laptop and published
here (publishing/) is changed on that laptop, which publishes the change. The app that knows
registers, when it starts, a function saying so (publishing/apps.py `ready`), so tournaments
never imports it (the pattern of prize_pages.py).

A registered function takes an event and returns the refusal in words, or None. Every view
that changes a night asks through its app's one access helper (tournaments/views.py,
brackets/views.py, the captain's tournaments/captain/access.py); reading pages stay open."""

from collections.abc import Callable

from django.core.exceptions import PermissionDenied

from .models import Event

EditLock = Callable[[Event], str | None]

EDIT_LOCKS: list[EditLock] = []

# The methods that only read: every other one changes something.
READING = ("GET", "HEAD", "OPTIONS")


class EventLocked(PermissionDenied):
    """A change to a night this server must not change; its message says where to change it
    (templates/403.html shows it)."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def refusal(event: Event) -> str | None:
    """Why `event` may not be changed here, or None."""
    for lock in EDIT_LOCKS:
        if why := lock(event):
            return why
    return None


def refuse_changes(event: Event) -> None:
    """Raise EventLocked, in words, if `event` may not be changed here."""
    if why := refusal(event):
        raise EventLocked(why)


def refuse_writes(request, event: Event) -> None:
    """For an access helper: a request that changes `event` (any method but reading) refused."""
    if request.method not in READING:
        refuse_changes(event)
