"""What waits to go to the club's server: one `Pending` row per thing changed (the club, or
an event by uid), bumped in the same transaction as the change itself, so a change committed
is a change queued and a change rolled back queues nothing.

Only a linked club queues. Which clubs are linked is kept per process for a few seconds and
forgotten at once when this process saves or deletes a Link: on a server, or on a laptop not
linked, a captain's post costs no query for publishing."""

import threading
import time

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from publishing.models import Link, Pending

CLUB = "club"
LINKS_KEPT_SECONDS = 5.0

_lock = threading.Lock()
_linked: frozenset[int] | None = None
_linked_at = 0.0
# An event's club and uid never change: kept, so a linked club's change costs one query less.
_events: dict[int, tuple[int, str]] = {}


def linked_club_ids() -> frozenset[int]:
    global _linked, _linked_at
    with _lock:
        if _linked is not None and time.monotonic() - _linked_at < LINKS_KEPT_SECONDS:
            return _linked
    linked = frozenset(Link.objects.values_list("club_id", flat=True))
    with _lock:
        _linked, _linked_at = linked, time.monotonic()
    return linked


def forget_links() -> None:
    global _linked
    with _lock:
        _linked = None


def touch(club_id: int, subject: str, deleted: bool = False) -> None:
    """`subject` ("club" or an event's uid) of `club_id` changed: queue it, if the club is
    linked. Called inside the change's transaction."""
    if club_id not in linked_club_ids():
        return
    bumped = {"bumps": F("bumps") + 1, "deleted": deleted, "last_at": timezone.now()}
    if Pending.objects.filter(club_id=club_id, subject=subject).update(**bumped):
        return
    try:
        with transaction.atomic():  # a savepoint: a row made meanwhile by another thread
            Pending.objects.create(club_id=club_id, subject=subject, deleted=deleted)
    except IntegrityError:
        Pending.objects.filter(club_id=club_id, subject=subject).update(**bumped)


def touch_event(event_id: int, deleted: bool = False) -> None:
    """The event `event_id` changed (itself or a row under it)."""
    if not linked_club_ids():
        return
    known = _events.get(event_id)
    if known is None:
        from tournaments.models import Event

        row = Event.objects.filter(pk=event_id).values_list("club_id", "uid").first()
        if row is None:
            return  # deleted with its children: the event's own post_delete queued it
        known = _events[event_id] = (row[0], str(row[1]))
    touch(known[0], known[1], deleted=deleted)


def queue_everything(club) -> None:
    """A club just linked: the club and every one of its events wait to go."""
    from tournaments.models import Event

    forget_links()
    touch(club.pk, CLUB)
    for uid in Event.objects.filter(club=club).values_list("uid", flat=True):
        touch(club.pk, str(uid))
