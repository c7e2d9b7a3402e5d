"""The laptop's publishing status line, the one place it is worded: "Published at 21:43, up to
date" / "3 changes waiting: the server could not be reached since 20:10 (why)". Times in the
club's style (clubs/dates.py). None for a club not linked."""

from dataclasses import dataclass

from django.utils import timezone

from clubs import dates
from publishing import sender
from publishing.models import Link, Pending


@dataclass(frozen=True)
class Status:
    text: str
    failing: bool
    waiting: int = 0


def _when(moment, club) -> str:
    # Today's time alone ("20:10"); an older one with its day.
    if timezone.localdate(moment) == timezone.localdate():
        return dates.clock(moment, club)
    return dates.moment(moment, club)


def status_of(club) -> Status | None:
    link = Link.objects.filter(club=club).first()
    if link is None:
        return None
    waiting = Pending.objects.filter(club=club).count()
    if not waiting:
        if link.last_ok_at:
            return Status(f"Published at {_when(link.last_ok_at, club)}, up to date.", False)
        return Status("Linked to the club's server, up to date.", False)
    changes = f"{waiting} change{'s' if waiting != 1 else ''} waiting"
    if link.failing_since:
        what, _, why = link.last_error.partition("\n")
        since = _when(link.failing_since, club)
        # A row recorded before the reasons were worded: the network's own words.
        why = _OLD_WORDS.get(why, why)
        if what == sender.UNREACHABLE:
            text = f"{changes}: {what} since {since} ({why})."
        else:
            if what == sender.REFUSED and waiting == 1:
                what = "the server refused it"
            text = f"{changes}: {what or 'sending failed'} since {since}: {why.rstrip('.')}."
        # Nothing is lost, and when the laptop tries again by itself (Send now tries at once).
        text += f" {'They wait' if waiting != 1 else 'It waits'} on this laptop"
        if link.next_try_at and link.next_try_at > timezone.now():
            text += f"; next try at {_when(link.next_try_at, club)}"
        return Status(text + ".", True, waiting)
    if link.last_ok_at:
        return Status(f"{changes}; published at {_when(link.last_ok_at, club)}.", False, waiting)
    way = "their way" if waiting != 1 else "its way"
    return Status(f"{changes}: on {way} to the club's server.", False, waiting)


_OLD_WORDS = {"Connection refused": "it may be stopped: connection refused"}
