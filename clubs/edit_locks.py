"""Clubs whose settings this server must not change, and why: a club published here from the
hall's laptop (publishing/) takes its settings (privacy, rules, the season's counting) from
that laptop with each publish, so a change made here would be quietly undone. The app that
knows registers, when it starts, a function saying so (publishing/locks.py), so clubs never
imports it (the pattern of tournaments/edit_locks.py).

A registered function takes a club and returns the refusal in words, or None."""

from collections.abc import Callable

from .models import Club

ClubLock = Callable[[Club], str | None]

CLUB_LOCKS: list[ClubLock] = []


def refusal(club: Club) -> str | None:
    """Why `club`'s settings may not be changed here, or None."""
    for lock in CLUB_LOCKS:
        if why := lock(club):
            return why
    return None
