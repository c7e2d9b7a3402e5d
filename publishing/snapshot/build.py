"""The laptop's side: a club and its nights as plain JSON-able dicts (fields.py says which
fields), read in a few queries whatever the night's size."""

import datetime
import uuid

from brackets.models import Bracket
from clubs.models import Club, Player
from seasons.models import SeasonRules
from tournaments import reads
from tournaments.models import Entry, Event, Hand, Partnership, Round, Seat, Table
from tournaments.prize_pages import prize_table
from tournaments.standings import event_standings

from . import fields as F


def _value(value):
    if isinstance(value, datetime.datetime | datetime.date):
        return value.isoformat()
    if isinstance(value, uuid.UUID):
        return str(value)
    return value


def _row(obj, names) -> dict:
    if isinstance(obj, dict):
        return {name: _value(obj[name]) for name in names}
    return {name: _value(getattr(obj, name)) for name in names}


def _player(player) -> dict:
    return {"uid": str(player.uid), **_row(player, F.PLAYER)}


def club_snapshot(club: Club) -> dict:
    """The club's settings (privacy, dates, rules), its season's rules and its players."""
    season = SeasonRules.objects.filter(club=club).first()
    return {
        "uid": str(club.uid),
        "name": club.name,
        **_row(club, F.CLUB),
        "season_rules": _row(season, F.SEASON_RULES) if season is not None else None,
        "players": [_player(p) for p in Player.objects.filter(club=club).order_by("pk")],
    }


def event_snapshot(event: Event) -> dict:
    """One night whole: the event's settings, its players, entries, partnerships, rounds with
    their tables, seats, hands and the director's corrections, and its bracket."""
    partnerships = list(Partnership.objects.filter(event=event).order_by("pk"))
    place_of = {p.pk: i for i, p in enumerate(partnerships)}
    entries = list(Entry.objects.filter(event=event).order_by("pk"))
    rounds = list(Round.objects.filter(event=event).order_by("number"))
    tables = list(Table.objects.filter(round__event=event).order_by("round_id", "number"))
    seats = list(Seat.objects.filter(round__event=event).order_by("round_id", "pk"))
    hands = list(Hand.objects.filter(table__round__event=event).order_by("table_id", "number"))
    player_ids = (
        {e.player_id for e in entries}
        | {s.player_id for s in seats}
        | {t.captain_id for t in tables}
        | {t.confirmed_by_id for t in tables if t.confirmed_by_id}
    )
    players = {p.pk: p for p in Player.objects.filter(pk__in=player_ids)}
    uid = {pk: str(p.uid) for pk, p in players.items()}
    table_number = {t.pk: t.number for t in tables}

    hands_of: dict[int, list] = {}
    for hand in hands:
        hands_of.setdefault(hand.table_id, []).append(_row(hand, F.HAND))
    corrections_of: dict[int, list] = {}
    for table_id, number, when, reason in reads.corrections(list(table_number)):
        corrections_of.setdefault(table_id, []).append(
            {"hand_number": number, "when": _value(when), "reason": reason or ""}
        )
    tables_of: dict[int, list] = {}
    for t in tables:
        tables_of.setdefault(t.round_id, []).append(
            {
                **_row(t, F.TABLE),
                "captain": uid[t.captain_id],
                "confirmed_by": uid.get(t.confirmed_by_id),
                "hands": hands_of.get(t.pk, []),
                "corrections": corrections_of.get(t.pk, []),
            }
        )
    seats_of: dict[int, list] = {}
    for s in seats:
        seats_of.setdefault(s.round_id, []).append(
            {
                **_row(s, F.SEAT),
                "player": uid[s.player_id],
                "table": table_number.get(s.table_id),
            }
        )
    return {
        "uid": str(event.uid),
        **_row(event, F.EVENT),
        "players": [_player(players[pk]) for pk in sorted(players)],
        "partnerships": [_row(p, F.PARTNERSHIP) for p in partnerships],
        "entries": [
            {
                **_row(e, F.ENTRY),
                "player": uid[e.player_id],
                "partnership": place_of.get(e.partnership_id),
            }
            for e in entries
        ],
        "rounds": [
            {**_row(r, F.ROUND), "tables": tables_of.get(r.pk, []), "seats": seats_of.get(r.pk, [])}
            for r in rounds
        ],
        "bracket": _bracket(event, place_of, {r.pk: r.number for r in rounds}),
        "prizes": _prizes(event),
    }


def _prizes(event: Event) -> dict | None:
    """The prize table as this laptop's pages show it to players (the money app's, through
    tournaments' registry), in words and the club's currency; None when players see none."""
    table = prize_table(event, event_standings(event), for_players=True)
    prizes = table["prizes"] if table["prizes_public"] else None
    if prizes is None:
        return None
    return {
        "rows": [
            {"label": r.label, "name": r.name, "amount": r.amount, "team": r.team}
            for r in prizes.rows
        ],
        "paid_out": prizes.paid_out,
        "pot": prizes.pot,
        "legend": prizes.legend,
    }


def _bracket(event: Event, place_of: dict[int, int], round_number: dict[int, int]) -> dict | None:
    bracket = Bracket.objects.filter(event=event).select_related("source_event").first()
    if bracket is None:
        return None
    matches = []
    for match in bracket.matches.order_by("pk").prefetch_related("games"):
        games = sorted(match.games.all(), key=lambda g: g.number)
        matches.append(
            {
                **_row(match, F.MATCH),
                "games": [{"number": g.number, "round": round_number[g.round_id]} for g in games],
            }
        )
    source = bracket.source_event
    return {
        **_row(bracket, F.BRACKET),
        "source_event": str(source.uid) if source is not None else None,
        "teams": [
            {**_row(t, F.TEAM), "partnership": place_of[t.partnership_id]}
            for t in bracket.teams.order_by("seed")
        ],
        "matches": matches,
    }
