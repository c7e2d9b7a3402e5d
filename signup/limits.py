"""The public sign-up form's limits: the machinery of the table codes' (tournaments/guesses.py:
counts in the database, one conditional UPDATE per budget, a phone's cookie and the address's
/64), with budgets of its own under their own kinds, so a busy sign-up evening never locks a
captain out of typing a code, nor the other way round.

Each sign-up that reaches the list (a new one, a name already there, a held place claimed)
takes a slot; a form sent back with a mistake gives it back. One phone (its cookie) is held to
a few an hour: that stops one person, or a script keeping its cookie. The address's budget is
wide, because one address is often a whole hall's Wi-Fi or a residence's: a room of players
signing up at once on the club's Wi-Fi must all get in, while a script filling the list from
one address is still held to a few hundred a day."""

import datetime

from tournaments import guesses
from tournaments.guesses import Budget, Guess, address_key

PHONE = Budget("signup-phone", 10, datetime.timedelta(hours=1))
ADDRESS = Budget("signup-address", 120, datetime.timedelta(hours=1))
ADDRESS_DAY = Budget("signup-addr-day", 400, datetime.timedelta(days=1))


def reserve(*, address: str, phone: str) -> Guess:
    """A slot in the address's budgets and the phone's, as guesses.reserve takes for a code."""
    budgets = [(ADDRESS, address_key(address)), (ADDRESS_DAY, address_key(address))]
    if phone:
        budgets.append((PHONE, phone))
    return guesses.take(budgets)


def wait_words(seconds: int) -> str:
    """How long, as a person says it: "5 minutes", "about an hour and a half", "about 3
    hours". The budgets count two windows (guesses.py), so a one-hour budget may ask for up to
    two hours' wait: an exact "82 minutes" would read as a mistake."""
    minutes = max(-(-seconds // 60), 1)
    if minutes < 45:
        return f"{minutes} minute{'s' if minutes != 1 else ''}"
    halves = max(round(minutes / 30), 2)  # in half hours, at least an hour
    hours, half = divmod(halves, 2)
    if hours == 1:
        return "about an hour and a half" if half else "about an hour"
    return f"about {hours} and a half hours" if half else f"about {hours} hours"


def too_many(taken: Guess) -> str:
    wait = wait_words(taken.wait_seconds)
    return (
        f"Too many sign-ups from here: try again in {wait}, or ask the club's director to put "
        "your name down."
    )
