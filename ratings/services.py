"""The ratings as other apps read them (shown_ratings, shown_rating, rating_history,
RATING_MEANING), and the workflows that keep them: a closed round counted, a club's history
replayed from a night on (a correction, a deleted event or round), and a whole club rebuilt.

The history's order is fixed: events by (date, pk), rounds by number, tables by number. Every
stored number is the engine's own float, so counting a round now and replaying its night later
give the same ratings to the last bit.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Count, Q, Sum

from clubs.models import Club, Player
from tournaments.models import Event, Hand, Round, Seat, Table

from . import engine
from .engine import RATING_MEANING  # noqa: F401  (part of this module's interface)
from .models import CountedRound, NightRating, PlayerRating


@dataclass(frozen=True)
class Shown:
    """A player's rating as players see it."""

    value: int
    provisional: bool
    rounds: int


@dataclass(frozen=True)
class NightPoint:
    """A player's rating after one night they played (the chart's point)."""

    event_id: int
    date: datetime.date
    value: int
    provisional: bool
    rounds: int = 0  # rounds rated by then


def shown_ratings(club: Club) -> dict[int, Shown]:
    """Every rated player of the club: player id -> Shown. Whether players may see them is the
    caller's check (club.ratings_shown)."""
    rows = PlayerRating.objects.filter(player__club=club).values_list(
        "player_id", "mu", "sigma", "rounds"
    )
    return {
        pid: Shown(engine.shown_value(mu, sigma), engine.is_provisional(rounds), rounds)
        for pid, mu, sigma, rounds in rows
    }


def shown_rating(player: Player) -> Shown | None:
    """One player's rating (None: not rated yet): a player's page reads one row, not the
    club's."""
    row = PlayerRating.objects.filter(player=player).values_list("mu", "sigma", "rounds").first()
    if row is None:
        return None
    mu, sigma, rounds = row
    return Shown(engine.shown_value(mu, sigma), engine.is_provisional(rounds), rounds)


def ratings_for_draw(club: Club, players) -> dict[int, int]:
    """Each of `players`' shown rating, for a night's first round balanced by rating
    (tournaments' Event.balanced_draw): a player not yet rated counts as a new player. Empty
    when none of them is rated, so a club that keeps no ratings yet draws as usual."""
    rows = PlayerRating.objects.filter(player__club=club, player_id__in=players).values_list(
        "player_id", "mu", "sigma"
    )
    rated = {pid: engine.shown_value(mu, sigma) for pid, mu, sigma in rows}
    if not rated:
        return {}
    return {pid: rated.get(pid, engine.NEW.shown) for pid in players}


def rating_history(player: Player) -> list[NightPoint]:
    """The player's rating after each night they played, oldest first."""
    rows = (
        NightRating.objects.filter(player=player)
        .order_by("event__date", "event_id")
        .values_list("event_id", "event__date", "mu", "sigma", "rounds")
    )
    return [
        NightPoint(
            event_id, date, engine.shown_value(mu, sigma), engine.is_provisional(rounds), rounds
        )
        for event_id, date, mu, sigma, rounds in rows
    ]


# --- Reading the games ----------------------------------------------------------------------

_SIDES = {"N": (0, 0), "S": (0, 1), "E": (1, 0), "W": (1, 1)}


def _games_by_round(rounds) -> dict[int, list[engine.Game]]:
    """Each round's games (one per table, by table number), read in three queries: a table
    counts when it has hands and its four seats are filled."""
    tables = sorted(
        Table.objects.filter(round__in=rounds).values_list("round_id", "number", "pk"),
    )
    sides: dict[int, list[list]] = defaultdict(lambda: [[None, None], [None, None]])
    seats = Seat.objects.filter(round__in=rounds, table__isnull=False).order_by()
    for table_id, position, player_id in seats.values_list("table_id", "position", "player_id"):
        if position in _SIDES:
            side, place = _SIDES[position]
            sides[table_id][side][place] = player_id
    points = {
        table_id: (ns, ew)
        for table_id, ns, ew, hands in Hand.objects.filter(table__round__in=rounds)
        .order_by()
        .values("table_id")
        .annotate(ns=Sum("ns_points"), ew=Sum("ew_points"), hands=Count("pk"))
        .values_list("table_id", "ns", "ew", "hands")
        if hands
    }
    games: dict[int, list[engine.Game]] = defaultdict(list)
    for round_id, _number, table_id in tables:
        ns, ew = sides.get(table_id, ([None], [None]))
        if table_id not in points or None in ns or None in ew:
            continue
        games[round_id].append(
            engine.Game(tuple(ns), tuple(ew), engine.outcome_of(*points[table_id]))
        )
    return games


def _closed_rounds(events):
    return Round.objects.filter(event__in=events, status=Round.Status.CLOSED)


def _night_key(event) -> tuple:
    return (event.date, event.pk)


# --- Keeping them up to date ----------------------------------------------------------------


def count_round(round_: Round) -> None:
    """A round has closed: count its tables. Cheap when it is the latest round of the club's
    latest rated night (only its players' rows change); otherwise its night is replayed on.
    Counting a round already counted does nothing."""
    if not round_.is_closed or CountedRound.objects.filter(round_id=round_.pk).exists():
        return
    event = Event.objects.get(pk=round_.event_id)
    latest = (
        CountedRound.objects.filter(event__club_id=event.club_id)
        .order_by("-event__date", "-event_id", "-number")
        .values_list("event__date", "event_id", "number")
        .first()
    )
    if latest is not None and (latest[0], latest[1]) > _night_key(event):
        replay_from(event)
        return
    if latest is not None and latest[1] == event.pk and latest[2] > round_.number:
        replay_from(event)  # a later round of this night was counted first (a bracket's games)
        return
    games = _games_by_round([round_.pk]).get(round_.pk, [])
    players = sorted({p for g in games for team in (g.north_south, g.east_west) for p in team})
    current = PlayerRating.objects.filter(player_id__in=players)
    before = {
        pid: engine.Rating(mu, sigma, n)
        for pid, mu, sigma, n in current.values_list("player_id", "mu", "sigma", "rounds")
    }
    after = engine.rate(games, before)
    # The players' rows replaced whole: one delete and one insert each, where an update of
    # forty rows by bulk_update costs Django more than all the rest of the round's counting.
    current.delete()
    NightRating.objects.filter(event=event, player_id__in=players).delete()
    PlayerRating.objects.bulk_create(
        PlayerRating(
            player_id=pid, mu=after[pid].mu, sigma=after[pid].sigma, rounds=after[pid].rounds
        )
        for pid in players
    )
    NightRating.objects.bulk_create(
        NightRating(
            player_id=pid,
            event=event,
            mu=after[pid].mu,
            sigma=after[pid].sigma,
            rounds=after[pid].rounds,
        )
        for pid in players
    )
    CountedRound.objects.create(round=round_, event=event, number=round_.number)


def replay_from(event: Event) -> dict:
    """Count again every closed round of the club's nights from `event`'s night on (by date,
    then pk; the event itself may be gone), from the players' ratings after the night before.
    Returns what was done: nights, rounds and games counted, players rated."""
    return _replay(event.club_id, _night_key(event))


def replay_since(club_id: int, date: datetime.date, event_pk: int) -> dict:
    """Count again from the night at (date, pk) on: an event whose date was changed."""
    return _replay(club_id, (date, event_pk))


def rebuild(club: Club) -> dict:
    """The club's whole history counted again from nothing."""
    return _replay(club.pk, None)


@transaction.atomic
def _replay(club_id: int, since: tuple | None) -> dict:
    events = Event.objects.filter(club_id=club_id)
    if since is not None:
        date, pk = since
        later = Q(date__gt=date) | Q(date=date, pk__gte=pk)
        before_rows = (
            NightRating.objects.filter(event__club_id=club_id)
            .exclude(event__in=events.filter(later))
            .order_by("event__date", "event_id")
            .values_list("player_id", "mu", "sigma", "rounds")
        )
        events = events.filter(later)
    else:
        before_rows = []
    prior = {pid: engine.Rating(mu, sigma, rounds) for pid, mu, sigma, rounds in before_rows}
    NightRating.objects.filter(event__in=events).delete()
    CountedRound.objects.filter(event__in=events).delete()
    rounds = list(
        _closed_rounds(events)
        .order_by("event__date", "event_id", "number")
        .values_list("pk", "event_id", "number")
    )
    games = _games_by_round(_closed_rounds(events))
    now = dict(prior)
    nights, counted = [], []
    night_games: list[engine.Game] = []
    for i, (round_id, event_id, number) in enumerate(rounds):
        night_games.extend(games.get(round_id, []))
        counted.append(CountedRound(round_id=round_id, event_id=event_id, number=number))
        if i + 1 < len(rounds) and rounds[i + 1][1] == event_id:
            continue
        # The night's last round: its games in order, one call (openskill's objects are made
        # once a night for each player), and each player's rating after the night kept.
        now = engine.rate(night_games, now)
        played = {p for g in night_games for team in (g.north_south, g.east_west) for p in team}
        for pid in sorted(played):
            r = now[pid]
            nights.append(
                NightRating(
                    player_id=pid, event_id=event_id, mu=r.mu, sigma=r.sigma, rounds=r.rounds
                )
            )
        night_games = []
    NightRating.objects.bulk_create(nights, batch_size=2000)
    CountedRound.objects.bulk_create(counted, batch_size=2000)
    PlayerRating.objects.filter(player__club_id=club_id).delete()
    PlayerRating.objects.bulk_create(
        (
            PlayerRating(player_id=pid, mu=r.mu, sigma=r.sigma, rounds=r.rounds)
            for pid, r in sorted(now.items())
        ),
        batch_size=2000,
    )
    return {
        "nights": len({e for _, e, _ in rounds}),
        "rounds": len(rounds),
        "games": sum(len(g) for g in games.values()),
        "players": len(now),
    }
