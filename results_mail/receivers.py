"""When a night's results are ready, its mails are queued: after a publish is applied on the
club's server (publishing's `night_published`, sent once the apply has committed), and when
a night run on the server itself is over (its last round closed, a bracket's last match
confirmed, or the director ending it early by lowering its rounds). Each after the commit, so
the mails never hold the change up, and a change undone queues none."""

import logging

from django.db import transaction
from django.db.models.signals import post_save
from django.dispatch import receiver

from clubs.signals import player_merging
from publishing.models import Link
from publishing.signals import night_published
from tournaments.models import Event
from tournaments.signals import round_closed, table_changed

from . import sending, services
from .models import OptInAsked, ResultsSent, ResultsWish

log = logging.getLogger(__name__)


@receiver(night_published)
def _published(sender, event, **kwargs):
    if services.night_mail(event=event):
        sending.kick()


def _over_here(event_id: int) -> None:
    # A laptop that publishes its club leaves the mails to the server: it has the internet,
    # and the players' addresses.
    event = Event.objects.filter(pk=event_id).select_related("club").first()
    if event is None or Link.objects.filter(club_id=event.club_id).exists():
        return
    try:
        if services.night_mail(event=event):
            sending.kick()
    except Exception:  # the night is closed and kept whatever the mail does
        log.exception("results mail: queueing the mails of event %s failed", event_id)


@receiver(round_closed)
def _round_closed(sender, round, **kwargs):
    event_id = round.event_id
    transaction.on_commit(lambda: _over_here(event_id))


@receiver(table_changed)
def _match_confirmed(sender, table, reason, **kwargs):
    # Only a bracket ends on a table's result; a night of rounds ends when its round closes.
    if reason == "confirmed" and table.round.event.format == Event.Format.BRACKET:
        event_id = table.round.event_id
        transaction.on_commit(lambda: _over_here(event_id))


@receiver(post_save, sender=Event)
def _event_saved(sender, instance, created, raw=False, **kwargs):
    # A director ending a night early lowers its rounds planned: it is over then.
    if not created and not raw:
        event_id = instance.pk
        transaction.on_commit(lambda: _over_here(event_id))


@receiver(player_merging)
def _merge(sender, keep, other, merge, **kwargs):
    """The same person entered twice: `other`'s wish becomes `keep`'s unless `keep` has one
    (theirs stands), and the mails already sent to `other` count as `keep`'s (the merge refuses
    two players of one night, so no pair meets twice)."""
    if ResultsWish.objects.filter(player=keep).exists():
        ResultsWish.objects.filter(player=other).delete()
    else:
        ResultsWish.objects.filter(player=other).update(player=keep)
    ResultsSent.objects.filter(player=other).update(player=keep)
    OptInAsked.objects.filter(player=other).update(player=keep)
