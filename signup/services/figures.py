"""The list's figures, every page's: places taken and left, the waiting positions, whether
the sign-up is open; and the one refusal every change may raise."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db.models import Count, Q, Sum
from django.utils import timezone

from clubs.dates import day
from signup.models import Sheet, SignUp
from tournaments.models import Event

IN, WAITING, CANCELLED = SignUp.Status.IN, SignUp.Status.WAITING, SignUp.Status.CANCELLED


class Refused(Exception):
    """What the person must be told, in a sentence: what is wrong and what to do."""


# --- The figures ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Counts:
    """The list's figures: every page shows these, and only these."""

    cap: int | None
    taken: int  # places of the names that have one (held places included)
    held: int  # places held by the director, not yet claimed
    waiting: int  # names on the waiting list
    waiting_places: int

    @property
    def left(self) -> int | None:
        """Places left under the cap (never below none); None when there is no cap."""
        return None if self.cap is None else max(self.cap - self.taken, 0)

    @property
    def full(self) -> bool:
        return self.left == 0

    @property
    def over(self) -> int:
        """Places given past the cap (by the director, or before it was lowered)."""
        return 0 if self.cap is None else max(self.taken - self.cap, 0)


def sheet_of(event: Event) -> Sheet:
    """The event's sheet, or an unsaved closed one: looking never writes."""
    return Sheet.objects.filter(event=event).first() or Sheet(event=event)


def counts(event: Event, sheet: Sheet | None = None) -> Counts:
    sheet = sheet or sheet_of(event)
    got = SignUp.objects.filter(event=event).aggregate(
        taken=Sum("places", filter=Q(status=IN)),
        held=Sum("places", filter=Q(status=IN, held=True)),
        waiting=Count("pk", filter=Q(status=WAITING)),
        waiting_places=Sum("places", filter=Q(status=WAITING)),
    )
    return Counts(
        cap=sheet.cap,
        taken=got["taken"] or 0,
        held=got["held"] or 0,
        waiting=got["waiting"] or 0,
        waiting_places=got["waiting_places"] or 0,
    )


def the_list(event: Event) -> tuple[list[SignUp], list[SignUp]]:
    """(the names with a place, the waiting list), each in order."""
    rows = list(
        SignUp.objects.filter(event=event)
        .exclude(status=CANCELLED)
        .select_related("player", "partner")
        .order_by("position", "pk")
    )
    return [s for s in rows if s.status == IN], [s for s in rows if s.status == WAITING]


def cancelled(event: Event) -> list[SignUp]:
    """The names off the list, the latest first: the director sees who cancelled, and when."""
    return list(
        SignUp.objects.filter(event=event, status=CANCELLED).order_by("-cancelled_at", "-pk")
    )


def waiting_position(signup: SignUp) -> int | None:
    """1 for the first on the waiting list; None for a name that is not waiting."""
    if signup.status != WAITING:
        return None
    ahead = SignUp.objects.filter(
        Q(position__lt=signup.position) | Q(position=signup.position, pk__lt=signup.pk),
        event_id=signup.event_id,
        status=WAITING,
    ).count()
    return ahead + 1


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st..."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def pairs_event(event: Event) -> bool:
    """Whether a sign-up names a partner (or asks for one): pairs and bracket events."""
    return event.format in (Event.Format.PAIRS, Event.Format.BRACKET)


def closed_because(event: Event, sheet: Sheet | None = None) -> str:
    """Why the public form takes no sign-up now, in words; "" when it is open."""
    sheet = sheet or sheet_of(event)
    if not event.club.results_public:
        return f"{event.club.name} takes no sign-ups on its public page: ask its director."
    if not sheet.pk or not sheet.open:
        return f"Sign-up for {event.name} is not open on the club's page."
    if timezone.localdate() > event.date:
        return f"{event.name} was on {day(event.date, event)}: sign-up is over."
    if event.rounds.exists():
        return f"{event.name} has started: sign-up is over."
    if sheet.closes_at is not None and sheet.closes_at <= timezone.now():
        return f"Sign-up for {event.name} closed on {_moment(sheet.closes_at, event)}."
    return ""


def night_over(event: Event) -> bool:
    """The night's date has passed, where the club is: nobody can come to it any more."""
    return timezone.localdate() > event.date


def link_expired(signup: SignUp) -> bool:
    """A private link works until the end of the event's day, where the club is."""
    return night_over(signup.event)


def kept_because(signup: SignUp) -> str:
    """Why the private link can no longer change or cancel this name, in words; "" when it
    can. A player checked in, or a night whose first round is seated, is playing: a
    cancellation then would take them off the check-in page and the list while they sit at a
    table, so leaving is the director's to hear, at the door."""
    if signup.status == CANCELLED:
        return ""
    if signup.arrival == SignUp.Arrival.HERE:
        return (
            "You are checked in for tonight, so this page no longer changes or cancels your "
            "sign-up. If you must leave, tell the director."
        )
    if signup.event.rounds.exists():
        return (
            f"{signup.event.name} has begun, so this page no longer changes or cancels your "
            "sign-up. If you cannot stay or cannot come, tell the director."
        )
    return ""


def _moment(value: datetime.datetime, event: Event) -> str:
    from clubs.dates import moment

    return moment(value, event)
