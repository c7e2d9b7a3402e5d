"""The sign-up list's rules and figures, in one place: who has a place and who waits, the
places taken and left, each waiting name's position; signing up, changing, cancelling; the
director adding, moving, removing, holding places; promotion when a place frees.

Every change runs in one transaction that first holds the event's Sheet row
(select_for_update; on SQLite every transaction is IMMEDIATE, config/settings.py, so one
writer at a time): two sign-ups for the last place are decided one after the other, and a
cancellation racing a sign-up sees the list the other left. After each change the list is
numbered again: the places first (1..k, in order), then the waiting list (k+1..n).

Places are counted in players: a team (a partner named) takes 2, a player looking for a
partner 1, a progressive night's player 1. A place held by the director for a regular counts
against the cap. The cap only stops new places: lowering it below the places taken leaves
everyone where they are.

The modules: figures (what every page shows), typed (what was typed, checked), lock (inside
the Sheet's lock: numbering, promotion), players (sign up, change, cancel), director (add,
hold, move, remove, paid ahead, settings), mail.
"""

from .director import (
    MOVES,
    Added,
    Paired,
    Saved,
    director_add,
    hold,
    list_kept,
    move,
    paid_ahead,
    pair,
    remove,
    sheet_save,
)
from .figures import (
    CANCELLED,
    IN,
    WAITING,
    Counts,
    Refused,
    cancelled,
    closed_because,
    counts,
    kept_because,
    link_expired,
    night_over,
    ordinal,
    pairs_event,
    sheet_of,
    the_list,
    waiting_position,
)
from .lock import promote
from .mail import private_link
from .players import Outcome, cancel, change, sign_up
from .typed import EMAIL_MAX, NAME_MAX, PHONE_MAX, Details, details

__all__ = [
    "CANCELLED",
    "EMAIL_MAX",
    "IN",
    "MOVES",
    "NAME_MAX",
    "PHONE_MAX",
    "WAITING",
    "Added",
    "Counts",
    "Details",
    "Outcome",
    "Refused",
    "Saved",
    "cancel",
    "cancelled",
    "change",
    "closed_because",
    "counts",
    "details",
    "kept_because",
    "director_add",
    "list_kept",
    "pair",
    "Paired",
    "hold",
    "link_expired",
    "move",
    "night_over",
    "ordinal",
    "paid_ahead",
    "pairs_event",
    "private_link",
    "promote",
    "remove",
    "sheet_of",
    "sheet_save",
    "sign_up",
    "the_list",
    "waiting_position",
]
