"""Each player's line of each settled night, kept (seasons.models.NightLine): the season race
and each player's page (players/) read years of nights as one row a player a night, not as
every hand again.

A line is the night's own standings line (tournaments/standings.py `events_standings`, the
same as the event's page shows), so no page built on them can disagree with a night's
standings. A night with a round in play, or a bracket (whose places move as matches are called
and reset), is never kept: it is read fresh each time, and a club has one or two of those at
a time. A kept night is dropped as soon as it may change (seasons/receivers.py)."""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal
from types import SimpleNamespace

from django.db.models import Count, Exists, OuterRef, Subquery

from tournaments.models import Event, Round, Seat
from tournaments.standings import (
    SEAT_EVENT,
    SEAT_PLAYER,
    SEAT_POSITION,
    SEAT_ROUND,
    SEAT_TABLE,
    events_standings_and_seats,
    rounds_over,
)

from .models import NightLine

# Nights read together when none of them is kept yet (the first look after an upgrade reads
# years of nights once, a hundred at a time, for everyone who played them).
FILL_AT_ONCE = 100
SEASON_FIELDS = ("place", "shared", "of", "points", "lone_made", "euchred")
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
SIDE = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}


def with_in_play(events):
    """`events` (a queryset) with `in_play`: whether a round of the night is still in play;
    and `rounds_seated`: how many of its rounds are seated (`over` reads both)."""
    # The rounds with a seat, as the standings count them (`_round_numbers`): a night's eight
    # rounds looked up by the seats' index, not its few hundred seats counted.
    seated = (
        Round.objects.filter(event=OuterRef("pk"))
        .filter(Exists(Seat.objects.filter(round=OuterRef("pk"))))
        .order_by()
        .values("event")
        .annotate(n=Count("pk"))
        .values("n")
    )
    return events.annotate(
        in_play=Exists(Round.objects.filter(event=OuterRef("pk"), status=Round.Status.IN_PLAY)),
        rounds_seated=Subquery(seated),
    )


def over(event) -> bool:
    """Whether a night of rounds is over, as its standings say it (`Standings.final`): every
    planned round played and none in play. Until then its places are "so far": no night won,
    no place to average. `event` as a model (annotated by with_in_play) or a values() row
    with `rounds_planned`. A bracket's own figures say when it is decided, not this."""
    get = event.get if isinstance(event, dict) else lambda name: getattr(event, name)
    return rounds_over(get("rounds_seated") or 0, get("in_play"), get("rounds_planned"))


def keepable(event) -> bool:
    """`event` as a model (annotated by with_in_play) or as a values() row."""
    get = event.get if isinstance(event, dict) else lambda name: getattr(event, name)
    return not (get("in_play") or get("format") == Event.Format.BRACKET)


def read(events: list[Event], *, rounds: bool = True) -> dict[int, dict[int, NightLine]]:
    """Every player's line of each of `events` (annotated by with_in_play) from the nights'
    standings, by event and player id; the settled nights' lines are kept. A bracket night's
    lines carry `bracket_label`: the team's place in the bracket's own words ("5th–6th",
    "still in": place 0, no night won). The standings of all of them in a few queries; who
    partnered and opposed whom from the same seat rows. `rounds=False`: a night not kept has
    none of those (its `rounds` empty), for a caller that counts points and places only."""
    found: dict[int, dict[int, NightLine]] = {}
    for start in range(0, len(events), FILL_AT_ONCE):
        chunk = events[start : start + FILL_AT_ONCE]
        for event, lines in zip(chunk, _lines_of(chunk, rounds), strict=True):
            if keepable(event):
                # Another request may have kept it a moment ago: the same numbers.
                NightLine.objects.bulk_create(lines.values(), ignore_conflicts=True)
            found[event.pk] = lines
    return found


def night_lines(events: list[Event]) -> dict[int, dict[int, NightLine | SimpleNamespace]]:
    """Every player's line of each of `events` (annotated by with_in_play), with its place,
    shared, of, points, lone_made and euchred: the kept ones in one query, the rest read (and
    kept where settled)."""
    kept: dict[int, dict[int, SimpleNamespace]] = defaultdict(dict)
    settled = [e.pk for e in events if keepable(e)]
    # As plain rows: ten thousand model instances cost more than the rest of a season's page.
    rows = NightLine.objects.filter(event_id__in=settled).order_by()
    for row in rows.values("event_id", "player_id", *SEASON_FIELDS):
        kept[row["event_id"]][row["player_id"]] = SimpleNamespace(**row)
    # A night in play's partners and opponents: no part of a season's count.
    fresh = read([e for e in events if e.pk not in kept], rounds=False)
    return {e.pk: fresh.get(e.pk) or kept[e.pk] for e in events}


def night_place(event: Event, line) -> int | None:
    """A player's place on a night, as the season race counts it: the night's standings place
    (a pairs night's, the partnership's); a bracket's, the team's placing in the bracket (how
    far it went: 1 the winners, 2 the runners-up, a shared place by its top), None while the
    team is still in. The one read of a night's place for the race: a bracket's placing comes
    from brackets/ (tournaments/standings.py PLACES_BY_FORMAT), read in `_event_lines`."""
    if event.format == Event.Format.BRACKET:
        return line.place or None  # 0: still in the bracket (brackets/figures.py)
    return line.place


def _lines_of(events: list[Event], rounds: bool = True) -> list[dict[int, NightLine]]:
    # Who sat where comes with the standings: the same seat rows, read once.
    all_standings, seats = events_standings_and_seats(events)
    # The nights whose rounds are wanted: all, or those kept (a kept line has them all).
    wanted = {e.pk for e in events if rounds or keepable(e)}
    at_table: dict[int, dict[str, int]] = defaultdict(dict)
    by_event: dict[int, list[tuple]] = defaultdict(list)
    for s in seats:
        if s[SEAT_TABLE] is None or s[SEAT_EVENT] not in wanted:
            continue  # sat the round out (no partner, no opponents), or not wanted
        at_table[s[SEAT_TABLE]][s[SEAT_POSITION]] = s[SEAT_PLAYER]
        by_event[s[SEAT_EVENT]].append(s)
    # Each table's two sides' opponents, sorted once for both partners.
    against: dict[tuple[int, str], list[int]] = {}
    found = []
    for event, standings in zip(events, all_standings, strict=True):
        played: dict[int, list] = defaultdict(list)
        for s in sorted(by_event[event.pk], key=lambda s: s[SEAT_ROUND]):
            table, mine = at_table[s[SEAT_TABLE]], SIDE[s[SEAT_POSITION]]
            opponents = against.get((s[SEAT_TABLE], mine))
            if opponents is None:
                opponents = sorted(pk for pos, pk in table.items() if SIDE[pos] != mine)
                against[s[SEAT_TABLE], mine] = opponents
            played[s[SEAT_PLAYER]].append(
                (s[SEAT_ROUND], table.get(OPPOSITE[s[SEAT_POSITION]]), list(opponents))
            )
        found.append(_event_lines(event, standings, played))
    return found


def _event_lines(event: Event, standings, played: dict[int, list]) -> dict[int, NightLine]:
    teams = standings.teams
    of = len(teams) if teams else len(standings.players)
    team_of = {pk: t for t in teams or [] for pk in t.player_ids}
    # A bracket's game in play is no part of the night yet: its live points wait for its end.
    live = set(standings.in_play) if event.is_bracket else set()
    lines = {}
    for line in standings.players:
        rounds = [
            [partner, opponents, str(line.rounds.get(number) or 0)]
            for number, partner, opponents in played[line.player_id]
            if number not in live
        ]
        # A pairs night's place is the partnership's, of so many partnerships: the players'
        # own ranking counts both partners of every team above (1st=, 1st=, 3rd=...).
        team = team_of.get(line.player_id)
        place, shared = (team.place, team.shared) if team else (line.place, line.shared)
        kept = NightLine(
            event_id=event.pk,  # by its id: through the descriptor, a third of making a line
            player_id=line.player_id,
            place=place,
            shared=shared,
            of=max(of, place),
            teams=team is not None,
            points=Decimal(
                str(line.total - sum(line.rounds.get(n) or 0 for n in live) if live else line.total)
            ),
            lone_made=line.lone_made,
            euchred=line.euchred,
            rounds=rounds,
        )
        if event.is_bracket:
            kept.bracket_label = team.label if team else ""
        lines[line.player_id] = kept
    return lines
