"""How the ratings hear of what changes them (tournaments never imports ratings)."""

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from tournaments.models import Event, Round
from tournaments.signals import round_closed, table_changed

from . import services


@receiver(round_closed)
def count_closed_round(sender, round, **kwargs):
    services.count_round(round)


@receiver(post_save, sender=Round)
def count_round_closed_elsewhere(sender, instance, created, **kwargs):
    # A bracket's game round is closed by brackets/ when its result is confirmed (or a team
    # withdraws), not by round_close: heard here, whichever receiver of table_changed ran first.
    # Counting is idempotent, so round_close's own save and signal count the round once.
    if not created and instance.is_closed:
        services.count_round(instance)


@receiver(table_changed)
def recount_corrected(sender, table, reason, **kwargs):
    if reason == "corrected" and table.round.is_closed:
        services.replay_from(table.round.event)


@receiver(post_delete, sender=Event)
def recount_without_event(sender, instance, origin=None, **kwargs):
    # A club deleted whole takes its ratings with it: nothing to replay.
    if isinstance(origin, Event) or (hasattr(origin, "model") and origin.model is Event):
        services.replay_from(instance)


@receiver(post_delete, sender=Round)
def recount_without_round(sender, instance, origin=None, **kwargs):
    # A bracket match reset deletes its games' rounds; rounds deleted with their event are
    # replayed once, by the event's receiver.
    if instance.is_closed and isinstance(origin, Round):
        event = Event.objects.filter(pk=instance.event_id).first()
        if event is not None:
            services.replay_from(event)
