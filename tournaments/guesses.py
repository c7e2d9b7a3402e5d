"""Wrong table codes, counted in the database so that guessing codes stays slow.

A table card's six-character code opens a table with no login (captain.code_entry), so the
code page must stop a guesser. A single count per address, kept in Django's cache, failed two
ways: every phone in a hall shares the router's one address, so a few fumbling captains locked
the whole room out; and the default cache lives in each process, so every gunicorn worker and
every app server counted on its own, and a restart forgot the count. So:

- Each phone gets a long-lived random cookie and a small budget of its own: a captain who
  keeps mistyping locks only that phone (and can still scan the card).
- The address (an IPv6 address by its /64, what one household or hall is given) gets a budget
  ten times bigger, and a daily one: a room's few typos fit easily, while a guesser, who can
  drop or forge the phone cookie at will, is held to them.
- Counts are rows in the database (models.CodeGuessCount). Before a code is looked at, the
  request takes a slot in each count with one conditional UPDATE (`count < allowed`), which
  checks and increments in one atomic step: however many requests arrive at once, on however
  many workers and servers, no more than the budget are evaluated. A right code, or a
  malformed one that is never looked up, gives its slots back; only wrong codes are counted.

Windows are fixed (each starts at a multiple of its length), and a key's row holds this
window's count and the last one's. A wrong code is evaluated only while the two together are
within the budget. Any span of a window's length (any 15 minutes, any hour, any day) lies
within two neighbouring windows, so it never sees more than the budget, across a window's end
too (counting this window alone let one phone have 20 wrong codes answered in 16 seconds). The
price is that a phone that spent its budget may wait up to two windows. The rows of keys not
seen for a whole window are deleted whenever a new window starts.
"""

import datetime
import math
import re
import secrets
from dataclasses import dataclass, field

from django.conf import settings
from django.db.models import Case, F, Q, When
from django.http import HttpRequest, HttpResponse
from django.utils.timezone import now

from config.addresses import address_group

from .models import CodeGuessCount


@dataclass(frozen=True)
class Budget:
    kind: str
    allowed: int  # wrong codes evaluated in any span of one window's length
    window: datetime.timedelta

    def window_end(self, at: datetime.datetime) -> datetime.datetime:
        length = int(self.window.total_seconds())
        end = (int(at.timestamp()) // length + 1) * length
        return datetime.datetime.fromtimestamp(end, tz=datetime.UTC)


# The odds, for these budgets. A code is 6 characters from an alphabet of 31
# (models.TABLE_CODE_ALPHABET): 31**6 = 887,503,681 codes, about 29.7 bits. With C cards on the
# server, one guess finds some card with a chance of C in 887.5 million. One address is held to
# 300 guesses a day (109,500 a year):
#   - 30 cards (one club): 1 in 29.6 million a guess, about 0.4% in a year of guessing;
#   - 1,000 cards (a server for dozens of clubs): 1 in 887,504 a guess, 0.03% a day, about
#     12% in a year (it would be 63% with only the hourly budget, 2,400 guesses a day).
# A guesser with many addresses multiplies these; reissuing the cards starts them over.
PHONE = Budget("phone", 10, datetime.timedelta(minutes=15))
ADDRESS = Budget("address", 100, datetime.timedelta(hours=1))
ADDRESS_DAY = Budget("address-day", 300, datetime.timedelta(days=1))

PHONE_COOKIE = "captain_phone"
_PHONE_ID = re.compile(r"[A-Za-z0-9_-]{22}")  # secrets.token_urlsafe(16)
_KEY_LENGTH = CodeGuessCount._meta.get_field("key").max_length


@dataclass(frozen=True)
class _Slot:
    kind: str
    key: str
    window_end: datetime.datetime

    def rows(self):
        return CodeGuessCount.objects.filter(
            kind=self.kind, key=self.key, window_end=self.window_end
        )


@dataclass
class Guess:
    """The slots one typed code holds while it is looked up; or, when a budget is spent, which
    one (`refused`) and how long until its window ends (`wait`)."""

    slots: list[_Slot] = field(default_factory=list)
    refused: Budget | None = None
    wait: datetime.timedelta = datetime.timedelta(0)

    @property
    def wait_seconds(self) -> int:
        """The wait in whole seconds, rounded up (for Retry-After)."""
        return math.ceil(self.wait.total_seconds())

    def give_back(self) -> None:
        """Not a wrong code after all: uncount it everywhere, in one statement."""
        if not self.slots:
            return
        held = Q()
        for slot in self.slots:
            held |= Q(kind=slot.kind, key=slot.key, window_end=slot.window_end)
        CodeGuessCount.objects.filter(held, count__gt=0).update(count=F("count") - 1)
        self.slots = []


def address_key(address: str) -> str:
    """One count per address group (config/addresses.py: a /64 for IPv6), the same group the
    login limit counts; something that is no address is counted as itself."""
    return address_group(address) or address[:_KEY_LENGTH]


def phone_of(request: HttpRequest) -> str:
    """The phone's id from its cookie, or "" when it has none (or not one we gave)."""
    phone = request.COOKIES.get(PHONE_COOKIE, "")
    return phone if _PHONE_ID.fullmatch(phone) else ""


def remember_phone(response: HttpResponse, phone: str) -> None:
    """Give a phone that has no id one, for a year."""
    if phone:
        return
    response.set_cookie(
        PHONE_COOKIE,
        secrets.token_urlsafe(16),
        max_age=365 * 24 * 60 * 60,
        secure=settings.SESSION_COOKIE_SECURE,
        httponly=True,
        samesite="Lax",
    )


def _take(slot: _Slot, budget: Budget) -> bool:
    """One more wrong code in this window, if it and the last window's stay within the budget:
    checked and counted by one conditional UPDATE, whatever runs at the same moment."""
    key = CodeGuessCount.objects.filter(kind=slot.kind, key=slot.key)
    room = slot.rows().filter(count__lt=budget.allowed - F("prev_count"))
    if room.update(count=F("count") + 1):
        return True
    # No row for this key yet, or it is of an earlier window, or the budget is spent. Make the
    # row (unless another request just did), start this window if it has not started (the one
    # that just ended carries over; an older one counts nothing now), and try once more.
    CodeGuessCount.objects.bulk_create(
        [CodeGuessCount(kind=slot.kind, key=slot.key, window_end=slot.window_end)],
        ignore_conflicts=True,
    )
    key.filter(window_end__lt=slot.window_end).update(
        prev_count=Case(
            When(window_end=slot.window_end - budget.window, then=F("count")), default=0
        ),
        count=0,
        window_end=slot.window_end,
    )
    if not room.update(count=F("count") + 1):
        return False
    # A window has just started for this key: the moment to drop the keys not seen for a
    # whole window (their count would carry nothing over).
    stale = slot.window_end - 2 * budget.window
    CodeGuessCount.objects.filter(kind=slot.kind, window_end__lte=stale).delete()
    return True


def _wait(slot: _Slot, budget: Budget, at: datetime.datetime) -> datetime.timedelta:
    """Until a wrong code fits again: this window's end, when the last one's count drops out;
    or the next one's, when this window alone spent the budget."""
    spent = slot.rows().values_list("count", flat=True).first() or 0
    end = slot.window_end + (budget.window if spent >= budget.allowed else datetime.timedelta(0))
    # Never below nothing: a request whose clock read came just before another's new window.
    return max(end - at, datetime.timedelta(0))


def reserve(*, address: str, phone: str) -> Guess:
    """Take a slot for one typed code in the address's budgets and the phone's, before the
    code is looked at. The address comes first, so a locked address creates no rows however
    many phone ids a guesser makes up."""
    budgets = [(ADDRESS, address_key(address)), (ADDRESS_DAY, address_key(address))]
    if phone:
        budgets.append((PHONE, phone))
    return take(budgets)


def take(budgets: list[tuple[Budget, str]]) -> Guess:
    """A slot in each (budget, key), in order, or none at all: the first budget spent gives
    back the slots already taken and is named in `refused`, with the wait until one fits
    again. The sign-up form and the directors' mails count their own budgets with it."""
    at = now()
    guess = Guess()
    for budget, key in budgets:
        slot = _Slot(budget.kind, key, budget.window_end(at))
        if not _take(slot, budget):
            guess.give_back()
            return Guess(refused=budget, wait=_wait(slot, budget, at))
        guess.slots.append(slot)
    return guess
