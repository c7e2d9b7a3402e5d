"""A player merged into another (clubs.services.player_merge): the nights of the player merged
away follow the kept player. Their entries (and with them their partnerships and bracket
teams, which are made of entries), their seats, the tables they captained or confirmed, and
the routes printed on their tally cards."""

from django.dispatch import receiver
from simple_history.utils import bulk_update_with_history

from clubs.dates import day
from clubs.services import MergeRefused
from clubs.signals import player_merging, player_nights

from .models import Entry, Event, Seat, Table, TallyPrint


def _nights(player) -> set[int]:
    """The events `player` has any part in: entered, seated, captain or confirmer."""
    return (
        set(Entry.objects.filter(player=player).values_list("event_id", flat=True))
        | set(Seat.objects.filter(player=player).values_list("round__event_id", flat=True))
        | set(Table.objects.filter(captain=player).values_list("round__event_id", flat=True))
        | set(Table.objects.filter(confirmed_by=player).values_list("round__event_id", flat=True))
    )


@receiver(player_nights)
def nights_of(sender, players, **kwargs) -> dict[int, set[int]]:
    """Each player's nights, as _nights reads one's: four queries for all of them."""
    ids = [p.pk for p in players]
    found: dict[int, set[int]] = {pk: set() for pk in ids}
    for rows in (
        Entry.objects.filter(player_id__in=ids).values_list("player_id", "event_id"),
        Seat.objects.filter(player_id__in=ids).values_list("player_id", "round__event_id"),
        Table.objects.filter(captain_id__in=ids).values_list("captain_id", "round__event_id"),
        Table.objects.filter(confirmed_by_id__in=ids).values_list(
            "confirmed_by_id", "round__event_id"
        ),
    ):
        for player_id, event_id in rows:
            found[player_id].add(event_id)
    return found


@receiver(player_merging)
def move_nights(sender, keep, other, merge, **kwargs):
    theirs = _nights(other)
    both = theirs & _nights(keep)
    if both:
        # One person cannot sit in two seats of one night: these are two players. Refused
        # rather than guessed at (which of the two seats, which line of the standings).
        nights = Event.objects.filter(pk__in=both).order_by("date", "pk")
        named = "; ".join(f"{e.name}, {day(e.date, e)}" for e in nights[:5])
        more = f" and {len(both) - 5} more" if len(both) > 5 else ""
        raise MergeRefused(
            f"Nothing was merged: {keep.name} and {other.name} both played in {named}{more}. "
            "One person cannot play twice in one night, so they are two players: rename one "
            "instead (add a middle initial or a nickname)."
        )
    merge.nights |= theirs
    entries = Entry.objects.filter(player=other).update(player=keep)
    merge.count("nights entered", entries, "{} night played", "{} nights played")
    seats = Seat.objects.filter(player=other).update(player=keep)
    merge.count(
        "rounds seated or sat out",
        seats,
        "{} round played or sat out",
        "{} rounds played or sat out",
    )
    reason = f"{other.name} (player {other.pk}) merged into {keep.name} (player {keep.pk})."
    for field, what, one, many in (
        ("captain", "tables captained", "captain at {} table", "captain at {} tables"),
        (
            "confirmed_by",
            "results confirmed",
            "{} table’s score confirmed",
            "{} tables’ scores confirmed",
        ),
    ):
        tables = list(Table.objects.filter(**{field: other}))
        for table in tables:
            setattr(table, field, keep)
        if tables:
            bulk_update_with_history(tables, Table, [field], default_change_reason=reason)
        merge.count(what, len(tables), one, many)
        # The tables' earlier versions name the same person: they follow too, so no version
        # points at a player who is gone.
        Table.history.filter(**{f"{field}_id": other.pk}).update(**{f"{field}_id": keep.pk})
    # A printed tally card is remembered by player id (TallyPrint.routes).
    old, new = str(other.pk), str(keep.pk)
    for printed in TallyPrint.objects.select_for_update().filter(event_id__in=theirs):
        if old in printed.routes:
            printed.routes[new] = printed.routes.pop(old)
            printed.save(update_fields=["routes"])
