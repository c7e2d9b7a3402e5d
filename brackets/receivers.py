"""What the bracket hands to the layers below it: it hears of a game's confirmed or corrected
result (tournaments/signals.py), and gives the standings its placings."""

from django.dispatch import receiver

from tournaments import brackets as engine
from tournaments import standings
from tournaments.models import Event
from tournaments.signals import table_changed

from . import services


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
    from .models import Bracket

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
