"""What queues a change to publish (publishing/queue.py): the rows the players' pages show,
as they are saved or deleted, and the tables confirmed or corrected and the rounds closed.
Not each hand saved: a round's hands go when its table is confirmed, each correction when
made. Every receiver runs inside the change's transaction, so the queue row commits with it.

Connected by PublishingConfig.ready(); an unlinked club costs no query (queue.touch)."""

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from brackets.models import Bracket, Game, Match, Team
from clubs.models import Club, Player
from publishing import queue
from publishing.models import Link
from seasons.models import SeasonRules
from tournaments import signals
from tournaments.models import Entry, Event, Partnership, Round

_bracket_events: dict[int, int] = {}  # a bracket's event never changes


def _event_of_bracket(bracket_id: int) -> int | None:
    if bracket_id not in _bracket_events:
        event_id = Bracket.objects.filter(pk=bracket_id).values_list("event_id", flat=True).first()
        if event_id is None:
            return None
        _bracket_events[bracket_id] = event_id
    return _bracket_events[bracket_id]


@receiver([post_save, post_delete], sender=Link)
def _link_changed(sender, **kwargs):
    queue.forget_links()


@receiver(post_save, sender=Club)
def _club_saved(sender, instance, **kwargs):
    queue.touch(instance.pk, queue.CLUB)


@receiver([post_save, post_delete], sender=Player)
@receiver([post_save, post_delete], sender=SeasonRules)
def _club_row_changed(sender, instance, **kwargs):
    queue.touch(instance.club_id, queue.CLUB)


@receiver(post_save, sender=Event)
def _event_saved(sender, instance, **kwargs):
    queue.touch(instance.club_id, str(instance.uid))


@receiver(post_delete, sender=Event)
def _event_deleted(sender, instance, **kwargs):
    queue.touch(instance.club_id, str(instance.uid), deleted=True)


@receiver([post_save, post_delete], sender=Entry)
@receiver([post_save, post_delete], sender=Partnership)
@receiver([post_save, post_delete], sender=Round)
@receiver([post_save, post_delete], sender=Bracket)
def _event_row_changed(sender, instance, **kwargs):
    queue.touch_event(instance.event_id)


@receiver([post_save, post_delete], sender=Team)
@receiver([post_save, post_delete], sender=Match)
def _bracket_row_changed(sender, instance, **kwargs):
    if queue.linked_club_ids():
        event_id = _event_of_bracket(instance.bracket_id)
        if event_id is not None:
            queue.touch_event(event_id)


@receiver([post_save, post_delete], sender=Game)
def _game_changed(sender, instance, **kwargs):
    if queue.linked_club_ids():
        bracket_id = (
            Match.objects.filter(pk=instance.match_id).values_list("bracket_id", flat=True).first()
        )
        event_id = bracket_id and _event_of_bracket(bracket_id)
        if event_id:
            queue.touch_event(event_id)


@receiver(signals.table_changed)
def _table_changed(sender, table, **kwargs):
    if queue.linked_club_ids():  # before table.round, which may cost a query
        queue.touch_event(table.round.event_id)


@receiver(signals.entries_changed)
def _entries_changed(sender, event, **kwargs):
    queue.touch_event(event.pk)


@receiver(signals.round_closed)
def _round_closed(sender, round, **kwargs):
    queue.touch_event(round.event_id)


@receiver(signals.serving)
def _serving(sender, **kwargs):
    # Only a serving laptop (the hall, the demo) sends in the background.
    from publishing import sender as publishing_sender

    publishing_sender.start_in_background()
