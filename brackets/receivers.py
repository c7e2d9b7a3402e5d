"""What the bracket hands to the layers below it: it hears of a game's confirmed or corrected
result (tournaments/signals.py), gives the standings its placings, and the players' event
page and the projector its own pages (tournaments/format_pages.py)."""

from django.dispatch import receiver

from tournaments import brackets as engine
from tournaments import format_pages, standings
from tournaments.models import Event
from tournaments.signals import table_changed

from . import public_views, services
from .models import Bracket


@receiver(table_changed)
def advance(sender, table, reason, **kwargs):
    if not table.round.event.is_bracket:
        return
    if reason == "confirmed":
        services.table_confirmed(table)
    elif reason == "corrected":
        services.table_corrected(table)


def _places(event) -> dict[int, int]:
    """The bracket's settled places by partnership id, for the event's standings."""
    bracket = Bracket.objects.filter(event=event).first()
    now = services.bracket_now(bracket) if bracket is not None else None
    if now is None:
        return {}
    return {
        now.teams[seed].partnership_id: placing.first
        for placing in engine.placings(now.state)
        for seed in placing.seeds
    }


standings.PLACES_BY_FORMAT[Event.Format.BRACKET] = _places


def _projector(request, event):
    # Imported when first shown: the projector's page module is the heaviest of the app's.
    from .projector import projector

    return projector(request, event)


format_pages.EVENT_PAGES[Event.Format.BRACKET] = public_views.event_page
format_pages.PROJECTORS[Event.Format.BRACKET] = _projector
