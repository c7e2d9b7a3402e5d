"""The sign-ups reach the hall's laptop: the club's server answers a linked laptop's signed
request (`/publish/v1/signups`, checked by publishing/api.py's own verification: the same key,
signature, nonce and refusals as a publish), and the laptop keeps a copy of each sign-up of
its nights (same uid, no private link), with its own check-in.

The laptop asks when its publishing sender wakes (publishing/sender.py EACH_WAKE): after a
send, and at most every FETCH_EVERY otherwise; and when the director presses "Fetch the
sign-ups now" on the check-in page. A failure is recorded for the page and stops nothing.

The wire format (format 1), the server's answer:
    {"ok": true, "format": 1, "events": {"<event uid>": [{"uid", "name", "player" (a player's
    uid or null), "partner_name", "partner" (uid or null), "find_partner", "places", "status",
    "held", "paid_ahead", "position", "email", "phone", "cancelled_at", "removed_by_director",
    "paired_with"}, ...]}}
A field a newer server adds is skipped by an older laptop; one an older server leaves out is
false here.
"""

import datetime
import logging
import uuid

from django.db import IntegrityError, transaction
from django.http import JsonResponse
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from clubs import dates
from clubs import services as roster
from clubs.models import Player
from publishing import api, keys, sender
from publishing.models import Link
from tournaments.models import Event

from .models import Fetched, SignUp

log = logging.getLogger(__name__)

FORMAT = 1
# The laptop asks at most this often when nothing was sent, and gives up on an answer after
# FETCH_TIMEOUT seconds: the sender's thread, which also publishes, waits for it.
FETCH_EVERY = datetime.timedelta(minutes=2)
FETCH_TIMEOUT = 15
# Nights from yesterday on: a night that ends after midnight still checks people in.
DAYS_BACK = 1

_TEXT = ("name", "email", "phone", "partner_name", "paired_with")
# removed_by_director: the laptop's list says who took a cancelled name off, as the server's.
_FLAGS = ("find_partner", "held", "paid_ahead", "removed_by_director")


# --- On the club's server --------------------------------------------------------------------


def _uid(value) -> str | None:
    return str(value) if value is not None else None


def _row(signup: SignUp) -> dict:
    return {
        "uid": str(signup.uid),
        "name": signup.name,
        "player": _uid(signup.player.uid if signup.player_id else None),
        "partner_name": signup.partner_name,
        "partner": _uid(signup.partner.uid if signup.partner_id else None),
        "find_partner": signup.find_partner,
        "places": signup.places,
        "status": signup.status,
        "held": signup.held,
        "paid_ahead": signup.paid_ahead,
        "position": signup.position,
        # The laptop is the director's: it checks people in and may need to call them.
        "email": signup.email,
        "phone": signup.phone,
        "cancelled_at": signup.cancelled_at.isoformat() if signup.cancelled_at else None,
        "removed_by_director": signup.removed_by_director,
        "paired_with": signup.paired_with,
    }


@api.signed_endpoint
def signups(key, payload) -> JsonResponse:
    """The key's club's sign-ups, of its nights from yesterday on, by event uid."""
    since = timezone.localdate() - datetime.timedelta(days=DAYS_BACK)
    nights = Event.objects.filter(club=key.club, date__gte=since)
    # Every night, its list empty too: a name the server's director removed is gone there.
    events: dict[str, list] = {str(uid): [] for uid in nights.values_list("uid", flat=True)}
    rows = (
        SignUp.objects.filter(event__in=nights)
        .select_related("event", "player", "partner")
        .order_by("event_id", "position", "pk")
    )
    for signup in rows:
        events[str(signup.event.uid)].append(_row(signup))
    api.key_used(key)
    return JsonResponse({"ok": True, "format": FORMAT, "events": events})


# --- On the hall's laptop --------------------------------------------------------------------


class FetchFailed(Exception):
    """The sign-ups could not be fetched; the message says why, in the sender's words."""


def _parse_uid(value) -> uuid.UUID | None:
    try:
        return uuid.UUID(str(value))
    except ValueError:
        return None


def _clean(row: dict) -> dict | None:
    """A row's values as the model keeps them, or None for a row that is not a sign-up (the
    server is trusted, but a newer server's row is skipped, never a 500)."""
    if not isinstance(row, dict) or row.get("status") not in SignUp.Status.values:
        return None
    values = {}
    for name in _TEXT:
        text = row.get(name) or ""
        if not isinstance(text, str):
            return None
        values[name] = text.strip()[: SignUp._meta.get_field(name).max_length]
    if not values["name"]:
        return None
    for name in _FLAGS:
        values[name] = bool(row.get(name))
    values["places"] = 2 if row.get("places") == 2 else 1
    position = row.get("position")
    values["position"] = position if isinstance(position, int) and position >= 0 else 0
    values["status"] = row["status"]
    try:
        cancelled = row.get("cancelled_at")
        values["cancelled_at"] = parse_datetime(cancelled) if isinstance(cancelled, str) else None
    except ValueError:  # well formed but no such moment
        values["cancelled_at"] = None
    return values


def _player(club, uid, name: str) -> Player | None:
    """The laptop's roster player: by uid first (the server's roster came from this laptop),
    else by the roster's name rules."""
    found = None
    if (uid := _parse_uid(uid)) is not None:
        found = Player.objects.filter(club=club, uid=uid).first()
    if found is None and name:
        found = roster.same_name(club, roster.normalise_name(name))
    return found


def _night_words(event: Event) -> str:
    """ "tonight", "Tuesday night" (within the week), else the night's date."""
    days = (event.date - timezone.localdate()).days
    if days == 0:
        return "tonight"
    if days == 1:
        return "tomorrow night"
    if days == -1:
        return "last night"
    if 1 < days < 7:
        return f"{event.date:%A} night"
    return f"the night of {dates.day(event.date, event)}"


class Kept:
    """What one fetch did, for the sentence the director reads."""

    def __init__(self):
        self.names_by_night: dict[Event, int] = {}
        self.new = 0
        self.cancelled = 0
        self.kept_here = 0

    @property
    def names(self) -> int:
        return sum(self.names_by_night.values())

    @property
    def nights(self) -> list[Event]:
        """The nights with names on their list: a night nobody signed up for is not one."""
        return [event for event, names in self.names_by_night.items() if names]

    def sentence(self) -> str:
        nights = self.nights
        more = []
        if self.new:
            more.append(f"{self.new} new")
        if self.cancelled:
            more.append(f"{self.cancelled} cancelled")
        if self.kept_here:
            more.append(
                f"{self.kept_here} cancelled there after checking in here: kept "
                f"{'them' if self.kept_here != 1 else 'it'}"
            )
        if not nights and not more:
            return "The club's server has no sign-ups for this laptop's nights."
        if not nights:
            said = "no names on the lists now"
        else:
            night = _night_words(nights[0]) if len(nights) == 1 else f"{len(nights)} nights"
            said = f"{self.names} name{'s' if self.names != 1 else ''} for {night}"
        return f"Sign-ups fetched: {said}" + (f" ({'; '.join(more)})." if more else ".")


def keep(club, events: dict) -> Kept:
    """The server's sign-ups kept as copies on this laptop, for its nights with those uids:
    names, places and status follow the server; arrival and entry stay the laptop's. A name
    cancelled there, or gone from the server's list, is cancelled here, unless it was
    already checked in here: they came, and the night counts them."""
    kept = Kept()
    wanted = {str(u): u for u in map(_parse_uid, events) if u is not None}
    ours = {str(e.uid): e for e in Event.objects.filter(club=club, uid__in=wanted.values())}
    now = timezone.now()
    with transaction.atomic():
        for uid, event in ours.items():
            rows = events.get(uid)
            if not isinstance(rows, list):
                continue
            kept.names_by_night[event] = 0
            seen = set()
            for row in rows:
                values = _clean(row)
                signup_uid = _parse_uid(row.get("uid")) if values else None
                if signup_uid is None:
                    continue
                copy = SignUp.objects.select_for_update().filter(uid=signup_uid).first()
                if copy is not None and copy.event_id != event.pk:
                    continue  # another night's name: a uid names one sign-up, never moved
                seen.add(signup_uid)
                if copy is None:
                    copy = SignUp(event=event, uid=signup_uid, token=None)
                    kept.new += values["status"] != SignUp.Status.CANCELLED
                _copy(club, copy, values, row, kept)
                # As this laptop lists them.
                kept.names_by_night[event] += copy.status != SignUp.Status.CANCELLED
            gone = event.signups.filter(token__isnull=True).exclude(uid__in=seen)
            for copy in gone.exclude(status=SignUp.Status.CANCELLED).select_for_update():
                _cancel(copy, now, kept)
    return kept


def _copy(club, copy: SignUp, values: dict, row: dict, kept: Kept) -> None:
    here = copy.pk is not None and copy.arrival == SignUp.Arrival.HERE
    cancelled = values["status"] == SignUp.Status.CANCELLED
    if here:
        # They came: the laptop keeps its check-in and their place, and says so if the server
        # has them cancelled.
        values = {k: v for k, v in values.items() if k not in ("status", "cancelled_at")}
        kept.kept_here += cancelled and not copy.cancelled_on_server
        copy.cancelled_on_server = cancelled
    else:
        kept.cancelled += cancelled and copy.pk is not None and copy.status != values["status"]
        copy.cancelled_on_server = False
    for name, value in values.items():
        setattr(copy, name, value)
    if not here:  # once checked in, the laptop's own match is the one that played
        copy.player = _player(club, row.get("player"), values["name"])
        copy.partner = (
            _player(club, row.get("partner"), values["partner_name"])
            if values["partner_name"] or row.get("partner")
            else None
        )
    copy.save()


def _cancel(copy: SignUp, now, kept: Kept) -> None:
    if copy.arrival == SignUp.Arrival.HERE:
        kept.kept_here += not copy.cancelled_on_server
        copy.cancelled_on_server = True
        copy.save(update_fields=["cancelled_on_server", "changed"])
        return
    copy.status = SignUp.Status.CANCELLED
    copy.cancelled_at = now
    copy.save(update_fields=["status", "cancelled_at", "changed"])
    kept.cancelled += 1


def fetched_words(event: Event) -> dict[str, str]:
    """When the list was last fetched, for the check-in page and the event page's card
    ("fetched at 6:40 PM", "not fetched yet"), and why the last try failed, if it did."""
    fetched = Fetched.objects.filter(club=event.club_id).first()
    at = fetched.at if fetched else None
    if at is None:
        when = "not fetched yet"
    elif timezone.localdate(at) == timezone.localdate():
        when = f"fetched at {dates.clock(at, event)}"
    else:
        when = f"fetched on {dates.moment(at, event)}"
    return {"when": when, "error": fetched.error if fetched else ""}


def _fetched(club, **values) -> None:
    Fetched.objects.update_or_create(club=club, defaults=values)


def fetch(link: Link) -> Kept:
    """Ask the club's server for the sign-ups now, and keep them; FetchFailed says why not."""
    now = timezone.now()
    try:
        answer = sender.post(
            link.server_url,
            link.key,
            "signups",
            {"format": FORMAT, "club_uid": link.club.uid},
            timeout=FETCH_TIMEOUT,
        )
        if not answer.get("ok") or not isinstance(answer.get("events"), dict):
            raise sender.SendFailed(
                sender.NO_SERVER,
                "its answer is not the sign-ups: the server may run an older version of the app",
            )
    except (sender.SendFailed, keys.BadKey) as failure:
        _fetched(link.club, tried_at=now, error=str(failure))
        raise FetchFailed(str(failure)) from None
    try:
        kept = keep(link.club, answer["events"])
    except IntegrityError:
        # Another fetch (the sender's, a second press) kept the same new names at this
        # moment: they are there now, and this one updates them.
        kept = keep(link.club, answer["events"])
    _fetched(link.club, at=now, tried_at=now, error="")
    return kept


def fetch_due(report=None) -> None:
    """A wake of the laptop's sender (publishing/sender.py EACH_WAKE): each linked club's
    sign-ups fetched when something was just sent to its server (it is reachable), or when
    the last try is FETCH_EVERY old. Whatever fails is logged, for the next wake to try."""
    sent = {
        (c.club, c.server)
        for c in (report.clubs if report is not None else [])
        if not c.error and (c.club_sent or c.nights or c.deleted)
    }
    now = timezone.now()
    for link in Link.objects.select_related("club"):
        tried = Fetched.objects.filter(club=link.club).values_list("tried_at", flat=True).first()
        if (link.club.name, link.server_url) not in sent and tried and now - tried < FETCH_EVERY:
            continue
        try:
            fetch(link)
        except FetchFailed as failure:
            log.info("Sign-ups for %s not fetched: %s", link.club, failure)
