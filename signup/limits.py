"""The public sign-up form's limits: the machinery of the table codes' (tournaments/guesses.py:
counts in the database, one conditional UPDATE per budget, a phone's cookie and the address's
/64), with budgets of its own under their own kinds, so a busy sign-up evening never locks a
captain out of typing a code, nor the other way round.

Each sign-up that reaches the list (a new one, a name already there, a held place claimed)
takes a slot; a form sent back with a mistake gives it back. A household signing up its four
players fits easily; a script filling the list, or mailing someone's private link over and
over, is held to a few."""

import datetime

from tournaments import guesses
from tournaments.guesses import Budget, Guess, address_key

PHONE = Budget("signup-phone", 10, datetime.timedelta(hours=1))
ADDRESS = Budget("signup-address", 30, datetime.timedelta(hours=1))
ADDRESS_DAY = Budget("signup-addr-day", 100, datetime.timedelta(days=1))


def reserve(*, address: str, phone: str) -> Guess:
    """A slot in the address's budgets and the phone's, as guesses.reserve takes for a code."""
    budgets = [(ADDRESS, address_key(address)), (ADDRESS_DAY, address_key(address))]
    if phone:
        budgets.append((PHONE, phone))
    return guesses.take(budgets)


def too_many(taken: Guess) -> str:
    minutes = -(-taken.wait_seconds // 60)
    wait = (
        f"{minutes} minute{'s' if minutes != 1 else ''}"
        if minutes <= 90
        else (f"about {round(minutes / 60)} hours")
    )
    return (
        f"Too many sign-ups from here: try again in {wait}, or ask the club's director to put "
        "your name down."
    )
