"""A player's nights at their club, each one that night's standings line as the season keeps
it (seasons/nights.py: the night's own standings, kept once a night is settled), so the
player's page can never disagree with a night's standings, and reads years of nights as one
kept row a night."""

from __future__ import annotations

from decimal import Decimal
from types import SimpleNamespace

from clubs.models import Player
from seasons.models import NightLine
from seasons.nights import keepable, over, read, with_in_play
from tournaments.models import Event, Seat
from tournaments.projector import held_back

from .summary import Night, RoundPlayed

KEPT = ("place", "shared", "of", "teams", "points", "lone_made", "euchred", "rounds")


def _night(line, event: dict, held: bool) -> Night:
    return Night(
        event_id=event["pk"],
        event_name=event["name"],
        date=event["date"],
        place=line.place,
        shared=line.shared,
        of=line.of,
        teams=line.teams,
        points=Decimal(line.points),
        lone_made=line.lone_made,
        euchred=line.euchred,
        bracket=getattr(line, "bracket_label", ""),
        rounds=[RoundPlayed(p, tuple(o), Decimal(pts)) for p, o, pts in line.rounds],
        held=held,
        # A bracket says its own "still in"; a night of rounds is so far until it is over.
        so_far=event["format"] != Event.Format.BRACKET and not over(event),
        seated=event["rounds_seated"] or 0,
        planned=event["rounds_planned"],
        in_play=event["in_play"],
    )


def player_nights(player: Player) -> list[Night]:
    """Every night the player played at their club, newest first. 3 queries when every night
    is kept; a night not kept yet (or in play, or a bracket) adds its standings' few, and a
    night hiding its standings a few more (its `held` says whether it still does)."""
    event_ids = set(
        Seat.objects.filter(player=player, round__event__club_id=player.club_id)
        .order_by()
        .values_list("round__event_id", flat=True)
        .distinct()
    )
    if not event_ids:
        return []
    # As plain rows: 250 model instances cost more than the page's every other part.
    events = list(
        with_in_play(Event.objects.filter(pk__in=event_ids)).values(
            "pk",
            "name",
            "date",
            "format",
            "in_play",
            "rounds_seated",
            "rounds_planned",
            "standings_hidden",
        )
    )
    kept = {
        row["event_id"]: SimpleNamespace(**row)
        for row in NightLine.objects.filter(player=player, event_id__in=event_ids).values(
            "event_id", *KEPT
        )
    }
    fresh_for = [e["pk"] for e in events if e["pk"] not in kept or not keepable(e)]
    if fresh_for:
        chunk = list(with_in_play(Event.objects.filter(pk__in=fresh_for).select_related("club")))
        for event_id, fresh in read(chunk).items():
            kept.pop(event_id, None)
            if player.pk in fresh:
                kept[event_id] = fresh[player.pk]
    # A night hiding its standings until its last round closes: its standings say whether
    # it still does, as its own pages ask them.
    hiding = [e["pk"] for e in events if e["standings_hidden"]]
    held = held_back(list(Event.objects.filter(pk__in=hiding))) if hiding else set()
    nights = [_night(kept[e["pk"]], e, e["pk"] in held) for e in events if e["pk"] in kept]
    nights.sort(key=lambda n: (n.date, n.event_id), reverse=True)
    return nights
