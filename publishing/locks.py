"""The server refuses to change a night a laptop published (tournaments/edit_locks.py), and the
settings of a club a laptop publishes (clubs/edit_locks.py): the laptop is their authority, and
its next publish would undo a change made here."""

import time

from clubs.edit_locks import CLUB_LOCKS
from tournaments.edit_locks import EDIT_LOCKS
from tournaments.models import Event

from .models import Published, PublishingKey

# Asked on every captain's post, whose queries are counted (tests/test_captain.py): each
# event's answer is kept a while in the process, by uid. It cannot go stale in a way that
# matters: a night is published under a uid the server never ran (apply refuses one it ran),
# so an event found unpublished here never becomes a published one; a laptop renamed shows
# under its old name for a minute at most.
KEPT_FOR = 60.0
_answers: dict = {}


def forget(uid) -> None:
    """This process forgets what it knew of the night `uid`: it was just published here (a
    test's laptop and server are one process, which may have asked before)."""
    _answers.pop(uid, None)


def published_here(event: Event) -> str | None:
    now = time.monotonic()
    kept = _answers.get(event.uid)
    if kept is not None and kept[0] > now:
        return kept[1]
    laptop = (
        Published.objects.filter(event_id=event.pk).values_list("laptop_name", flat=True).first()
    )
    why = None
    if laptop is not None:
        why = (
            f"This night was run on the hall laptop “{laptop}” and published here: change it "
            "on that laptop; it publishes the change."
        )
    if len(_answers) > 10_000:  # a long-running server: forget the oldest nights at once
        _answers.clear()
    _answers[event.uid] = (now + KEPT_FOR, why)
    return why


EDIT_LOCKS.append(published_here)


def club_published_here(club) -> str | None:
    # A key in use (bound to a laptop's club at its first request), not revoked.
    laptop = (
        PublishingKey.objects.filter(
            club=club, revoked_at__isnull=True, source_club_uid__isnull=False
        )
        .values_list("laptop_name", flat=True)
        .first()
    )
    if laptop is None:
        return None
    return (
        f"This club's settings come from the hall laptop “{laptop}”, which publishes the club "
        "here: change them on that laptop; its next publish brings them here."
    )


CLUB_LOCKS.append(club_published_here)
