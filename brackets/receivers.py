"""What the bracket hands to the layers below it: it hears of a game's confirmed or corrected
result (tournaments/signals.py), gives the standings its placings, and the players' event
page and the projector its own pages, and the captain's pages where a match stands
(tournaments/format_pages.py)."""

from django.dispatch import receiver

from tournaments import format_pages, standings
from tournaments.models import Event
from tournaments.signals import table_changed

from . import match_words, public_views, services
from .figures import event_figures


@receiver(table_changed)
def advance(sender, table, reason, **kwargs):
    if not table.round.event.is_bracket:
        return
    if reason == "confirmed":
        services.table_confirmed(table)
    elif reason == "corrected":
        # The words of a match that changed hands, for the director's page.
        return services.table_corrected(table)
    return None


# The bracket's figures, for the event's standings: places, matches and games won.
standings.PLACES_BY_FORMAT[Event.Format.BRACKET] = event_figures


def _projector(request, event):
    # Imported when first shown: the projector's page module is the heaviest of the app's.
    from .projector import projector

    return projector(request, event)


format_pages.EVENT_PAGES[Event.Format.BRACKET] = public_views.event_page
format_pages.PROJECTORS[Event.Format.BRACKET] = _projector

# Where a match stands, for the captain's phone: a game's heading, and the card's page after it.
format_pages.MATCH_HEADINGS[Event.Format.BRACKET] = match_words.match_heading
format_pages.MATCHES_ENDED[Event.Format.BRACKET] = match_words.match_ended
