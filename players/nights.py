"""A player's nights at their club, each one as that night's standings say
(tournaments/standings.py `events_standings`: each night as `event_standings`, which the
event's page uses, gives it), so the player's page can never disagree with a night's
standings.

Which: a dedicated aggregate kept per night (players.models.NightLine), not a season-wide
pass. A player's place needs the whole night's standings, and a season_standings-like pass
over 250 nights reads every seat and table of them (80,000 seats, 20,000 tables): some
seconds. So each settled night's standings are read once, for everyone who played it, and
kept (the first look at years of nights reads them 100 at a time); a player's page then
reads its kept lines in one query, whatever the number of nights. A night still in play,
or a bracket (whose places move as matches are called and reset), is read fresh each time:
a few queries for each such night, and a club has one or two of those at a time."""

from __future__ import annotations

from collections import Counter, defaultdict
from decimal import Decimal
from types import SimpleNamespace

from django.db.models import Exists, OuterRef

from clubs.models import Player
from tournaments.models import Event, Round, Seat
from tournaments.standings import PLACES_BY_FORMAT, events_standings

from .models import NightLine
from .summary import Night, RoundPlayed, bracket_words

FILL_AT_ONCE = 100
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
SIDE = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}


def _lines_of(events: list[Event]) -> dict[int, dict[int, NightLine]]:
    """Every player's line of each night, by event and player id, from the nights' standings
    (unsaved), with the bracket's words for a bracket (`line.bracket`, not kept). The
    standings of all of them in a few queries (standings.events_standings), and one for the
    seats (who partnered and opposed whom)."""
    seats = Seat.objects.filter(round__event__in=events, table__isnull=False).order_by()
    at_table: dict[int, dict[str, int]] = defaultdict(dict)
    by_event: dict[int, list[dict]] = defaultdict(list)
    for s in seats.values("round__event_id", "round__number", "table_id", "position", "player_id"):
        at_table[s["table_id"]][s["position"]] = s["player_id"]
        by_event[s["round__event_id"]].append(s)
    found = {}
    for event, standings in zip(events, events_standings(events), strict=True):
        played: dict[int, list] = defaultdict(list)
        for s in sorted(by_event[event.pk], key=lambda s: s["round__number"]):
            table, mine = at_table[s["table_id"]], SIDE[s["position"]]
            played[s["player_id"]].append(
                (
                    s["round__number"],
                    table.get(OPPOSITE[s["position"]]),
                    sorted(pk for pos, pk in table.items() if SIDE[pos] != mine),
                )
            )
        found[event.pk] = _event_lines(event, standings, played)
    return found


def _event_lines(event: Event, standings, played: dict[int, list]) -> dict[int, NightLine]:
    teams = standings.teams
    of = len(teams) if teams else len(standings.players)
    team_of = {pk: t for t in teams or [] for pk in t.player_ids}
    places, sharing = {}, Counter()
    if event.is_bracket and (placed := PLACES_BY_FORMAT.get(event.format)) is not None:
        places = placed(event)
        sharing = Counter(places.values())
    lines = {}
    for line in standings.players:
        rounds = [
            [partner, opponents, str(line.rounds.get(number) or 0)]
            for number, partner, opponents in played[line.player_id]
        ]
        kept = NightLine(
            event=event,
            player_id=line.player_id,
            place=line.place,
            shared=line.shared,
            of=max(of, line.place),
            teams=bool(teams) and line.player_id in team_of,
            points=Decimal(str(line.total)),
            lone_made=line.lone_made,
            euchred=line.euchred,
            rounds=rounds,
        )
        kept.bracket = ""
        if event.is_bracket:
            team = team_of.get(line.player_id)
            first = places.get(team.partnership_id) if team else None
            kept.bracket = bracket_words(first, sharing[first])
        lines[line.player_id] = kept
    return lines


KEPT = ("place", "shared", "of", "teams", "points", "lone_made", "euchred", "rounds")


def _night(line, event: dict) -> Night:
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
        bracket=getattr(line, "bracket", ""),
        rounds=[RoundPlayed(p, tuple(o), Decimal(pts)) for p, o, pts in line.rounds],
    )


def player_nights(player: Player) -> list[Night]:
    """Every night the player played at their club, newest first. 3 queries when every night
    is kept; a night not kept yet (or in play, or a bracket) adds its standings' few."""
    event_ids = set(
        Seat.objects.filter(player=player, round__event__club_id=player.club_id)
        .order_by()
        .values_list("round__event_id", flat=True)
        .distinct()
    )
    if not event_ids:
        return []
    in_play = Round.objects.filter(event=OuterRef("pk"), status=Round.Status.IN_PLAY)
    # As plain rows: 250 model instances cost more than the page's every other part.
    events = list(
        Event.objects.filter(pk__in=event_ids)
        .annotate(in_play=Exists(in_play))
        .values("pk", "name", "date", "format", "in_play")
    )
    kept = {
        row["event_id"]: SimpleNamespace(**row)
        for row in NightLine.objects.filter(player=player, event_id__in=event_ids).values(
            "event_id", *KEPT
        )
    }
    fresh_for = [
        e["pk"]
        for e in events
        if e["pk"] not in kept or e["in_play"] or e["format"] == Event.Format.BRACKET
    ]
    # Nights not kept yet are read together, a few hundred at a time (a long-time player's
    # first visit after the upgrade reads years of nights once, for everyone who played them).
    for start in range(0, len(fresh_for), FILL_AT_ONCE):
        chunk = list(
            Event.objects.filter(pk__in=fresh_for[start : start + FILL_AT_ONCE])
            .select_related("club")
            .annotate(in_play=Exists(in_play))
        )
        for event, fresh in zip(chunk, _lines_of(chunk).values(), strict=True):
            if not (event.is_bracket or event.in_play):
                # Kept for everyone who played it (another request may have kept it a
                # moment ago: that copy is the same numbers).
                NightLine.objects.bulk_create(fresh.values(), ignore_conflicts=True)
            kept.pop(event.pk, None)
            if player.pk in fresh:
                kept[event.pk] = fresh[player.pk]
    nights = [_night(kept[e["pk"]], e) for e in events if e["pk"] in kept]
    nights.sort(key=lambda n: (n.date, n.event_id), reverse=True)
    return nights
