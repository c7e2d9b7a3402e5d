"""A kept night (seasons.models.NightLine) is dropped as soon as the night may have changed;
the next player's page that needs it reads the standings again."""

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from clubs.signals import player_merged
from tournaments.models import Event, Round
from tournaments.signals import round_closed, table_changed

from .models import NightLine


def forget(event_id: int) -> None:
    NightLine.objects.filter(event_id=event_id).delete()


@receiver(round_closed)
def _round_closed(sender, round, **kwargs):
    forget(round.event_id)


@receiver(table_changed)
def _table_changed(sender, table, **kwargs):
    # A hand corrected after the night, or a table confirmed: the round's points moved.
    forget(table.round.event_id)


@receiver(post_save, sender=Event)
def _event_saved(sender, instance, **kwargs):
    # The sit-out rule, the loners counted or a late arrival's score change the standings.
    forget(instance.pk)


@receiver([post_save, post_delete], sender=Round)
def _round_changed(sender, instance, **kwargs):
    forget(instance.event_id)


@receiver(player_merged)
def _player_merged(sender, keep, other, merge, **kwargs):
    # The nights of the player merged away are read again under the kept player: their lines,
    # and the lines of everyone who partnered or opposed them there (NightLine.rounds holds
    # those players' ids).
    NightLine.objects.filter(player=other).delete()
    NightLine.objects.filter(event_id__in=merge.nights).delete()
