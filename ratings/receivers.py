"""How the ratings hear of what changes them, and hand the first round's draw its ratings
(tournaments never imports ratings)."""

from django.db.models.signals import post_delete, post_save, pre_save
from django.dispatch import receiver

from clubs.signals import player_merged
from tournaments import services as tournaments
from tournaments.models import Event, Round
from tournaments.signals import round_closed, table_changed

from . import services
from .models import CountedRound, NightRating, PlayerRating

# The director's first round balanced by rating reads the ratings through tournaments' hook.
tournaments.ratings_for_draw = services.ratings_for_draw


@receiver(round_closed)
def count_closed_round(sender, round, **kwargs):
    services.count_round(round)


@receiver(post_save, sender=Round)
def count_bracket_game(sender, instance, created, **kwargs):
    # A bracket's game round is closed by brackets/ when its result is confirmed (or a team
    # withdraws), not by round_close: heard here, whichever receiver of table_changed runs
    # first. Other rounds close only by round_close, counted by its round_closed signal.
    # Counting is idempotent: a round counted here is not counted again by round_closed.
    if (
        not created
        and instance.is_closed
        and Event.objects.filter(pk=instance.event_id, format=Event.Format.BRACKET).exists()
    ):
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


@receiver(pre_save, sender=Event)
def note_night_moved(sender, instance, **kwargs):
    # A night given another date moves in the history's order: counted again from the earlier
    # of its two places (only when it has counted rounds; one small read per event saved).
    instance._ratings_moved_from = None
    if instance.pk is None or not CountedRound.objects.filter(event_id=instance.pk).exists():
        return
    before = Event.objects.filter(pk=instance.pk).values_list("date", flat=True).first()
    if before is not None and before != instance.date:
        instance._ratings_moved_from = before


@receiver(post_save, sender=Event)
def recount_moved_night(sender, instance, created, **kwargs):
    before = getattr(instance, "_ratings_moved_from", None)
    if before is not None:
        instance._ratings_moved_from = None
        services.replay_since(instance.club_id, min(before, instance.date), instance.pk)


@receiver(player_merged)
def rate_merged_player(sender, keep, other, merge, **kwargs):
    # The player merged away is no longer rated; the nights they played are counted again from
    # the first of them, now as the kept player's, and the kept player's rating with them.
    NightRating.objects.filter(player=other).delete()
    PlayerRating.objects.filter(player=other).delete()
    if merge.preview or not merge.nights:
        return
    first = Event.objects.filter(pk__in=merge.nights).order_by("date", "pk").first()
    done = services.replay_from(first)
    merge.count(
        "nights counted again for the ratings",
        done["nights"],
        "ratings worked out again from {} night",
        "ratings worked out again from {} nights",
    )
