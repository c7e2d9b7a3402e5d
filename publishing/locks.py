"""The server refuses to change a night a laptop published (tournaments/edit_locks.py): the
laptop is its authority, and its next publish would undo a change made here."""

from tournaments.edit_locks import EDIT_LOCKS
from tournaments.models import Event

from .models import Published


def published_here(event: Event) -> str | None:
    laptop = (
        Published.objects.filter(event_id=event.pk).values_list("laptop_name", flat=True).first()
    )
    if laptop is None:
        return None
    return (
        f"This night was run on the hall laptop “{laptop}” and published here: change it on "
        "that laptop; it publishes the change."
    )


EDIT_LOCKS.append(published_here)
