"""The table captain's pages: a phone at the table, reached by the table card's link or code.

There is no login. A club's table cards are printed once and used every week (models.TableCard):
the unguessable token in card N's link opens table N of whichever round is in play at the club
now, and nothing else. Every view here finds its table through `table_for_card`, and every
object it touches hangs off that table. A form carries the table it was shown for in its
address (`?table=`), so a page left open from a round that has since closed is refused, never
applied to the next round's table. Plain forms, no JavaScript: a hand is checked
first (the engine's result in words, with a Confirm button carrying the same values) and
recorded only when confirmed. Every refusal renders the table as it now stands, with the
reason, and status 409, so a retry or a second phone learns what was entered.

The pages need no JavaScript. With it, static/captain.js sends Check and Confirm in the
background and keeps on the phone a hand it could not send (the hall's Wi-Fi drops), then sends
it to `hand_send`, which records it once and answers in JSON.

Typed table codes are rate-limited (tournaments/guesses.py): each phone may type 10 wrong codes
in any 15 minutes, and each address 100 in any hour and 300 in any day, so a guesser is slow while a
hall's phones, all behind one router, are not locked out by a few typos. The counts live in the
database, so they hold exactly across gunicorn workers and app servers, and through a restart.
Scanning the card is never limited: its link's token cannot be guessed.
"""

from .code import code_entry
from .views import (
    hand_delete,
    hand_enter,
    hand_fix,
    hand_send,
    table_confirm,
    table_page,
    table_state,
)

__all__ = [
    "code_entry",
    "hand_delete",
    "hand_enter",
    "hand_fix",
    "hand_send",
    "table_confirm",
    "table_page",
    "table_state",
]
