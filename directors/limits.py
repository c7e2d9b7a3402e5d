"""How many mails the sign-up page and the invitations may send: the table codes' counters
(tournaments/guesses.py), rows in the database that every worker and server shares, checked
and counted by one conditional UPDATE. A bot that posts the sign-up form over and over sends
a few mails to one address an hour, and a few dozen a day from one address of its own."""

import datetime
import hashlib

from tournaments import guesses
from tournaments.guesses import Budget, Guess, address_key

# Each sign-up mail, per address it goes to (the inbox a bot would fill) and per address it
# is asked from. A person who mistyped and asks again fits easily.
JOIN_TO = Budget("join-to", 3, datetime.timedelta(hours=1))
JOIN_FROM = Budget("join-from", 10, datetime.timedelta(hours=1))
JOIN_FROM_DAY = Budget("join-from-day", 30, datetime.timedelta(days=1))
# Invitations come from a logged-in director, still per address they go to, and per club.
INVITE_TO = Budget("invite-to", 3, datetime.timedelta(hours=1))
INVITE_CLUB = Budget("invite-club", 30, datetime.timedelta(days=1))


def mail_key(email: str) -> str:
    """An address as the counters key it: its hash, so the counters keep no address, and one
    count whatever the case it was typed in."""
    return hashlib.sha256(email.strip().lower().encode()).hexdigest()


def take(budgets: list[tuple[Budget, str]]) -> Guess:
    """One mail more in each budget, or none at all: the first budget spent gives back the
    slots already taken and is named in `refused`, with the wait until one fits again."""
    return guesses.take(budgets)


def join_budgets(*, email: str, address: str) -> list[tuple[Budget, str]]:
    where = address_key(address)
    return [(JOIN_FROM, where), (JOIN_FROM_DAY, where), (JOIN_TO, mail_key(email))]


def invite_budgets(*, email: str, club_id: int) -> list[tuple[Budget, str]]:
    return [(INVITE_CLUB, str(club_id)), (INVITE_TO, mail_key(email))]


def in_words(wait: datetime.timedelta) -> str:
    minutes = max(1, -(-int(wait.total_seconds()) // 60))
    if minutes < 90:
        return f"{minutes} minute{'s' if minutes != 1 else ''}"
    hours = -(-minutes // 60)
    return f"{hours} hours"
