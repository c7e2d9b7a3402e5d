"""Standings: who is ahead, from the points the scoring engine stored on every hand.

Two parts, kept apart so the rules of ranking can be tested by value without a database:

- the ranking itself (`rank`, `sit_out_value`, the sort keys) is plain Python;
- the gathering (`event_standings`, `season_standings`) reads the stored hand points in three
  queries whatever the size of the event: each seat, with its table's hands summed in SQL for
  the seat's side and position; the players' names; the rounds' status. Everything else is
  one pass over those rows.

Points are never recomputed here: a hand's `ns_points`/`ew_points` were written by the engine
when it was saved, so the standings are the same numbers the tables saw.
"""

from __future__ import annotations

import dataclasses
import datetime
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from functools import cached_property

from django.db import connection

import scoring
from clubs.models import Player
from clubs.text import name_key

from . import prizes
from .models import SEAT_NAMES, Entry, Event, Hand, Round, Seat, Table

# The maker's side took 2 tricks or fewer and the defenders scored (scoring.OUTCOMES).
EUCHRED_OUTCOMES = ("euchred", "lone_euchred", "lone_defence_euchred", "lone_defence_march")

# A lone hand made: the maker went alone, took 3 tricks or more, and their side scored for it
# (a short hand by the makers scores them nothing, and is no lone hand made). A lone march:
# the same with all 5 tricks, what paper tally cards stamp (a club's "loners counted").
LONE_MADE_TRICKS, LONE_MARCH_TRICKS = ">= 3", "= 5"  # the makers' tricks, as SQL tests them

SIT_OUT_MARK = "*"
# Beside a round scored for a late arrival who missed it (the event's house rule).
MISSED_MARK = "†"

Points = int | Decimal


# --- The ranking: plain Python ---------------------------------------------------------------


@dataclass
class PlayerLine:
    """One player's night: points per round (None: not seated that round), tie-breaks."""

    player_id: int
    name: str
    rounds: dict[int, Points | None] = field(default_factory=dict)
    sat_out: set[int] = field(default_factory=set)
    missed: set[int] = field(default_factory=set)  # rounds before a late arrival came
    # Rounds of the night played without the player (not seated, not sitting out): a late
    # arrival's first rounds, a leaver's last, any round in between they were away.
    absent: set[int] = field(default_factory=set)
    lone_made: int = 0  # the loners counted, as the event counts them
    euchred: int = 0
    events: int = 1
    place: int = 0
    shared: bool = False
    # A bracket's place in words ("5th–6th", "still in"): its partnership's (brackets/figures).
    label: str = ""

    @property
    def away(self) -> str:
        """ "left after round 4": why the row has blank rounds (`away_words`)."""
        return away_words(self)

    @property
    def whole_night(self) -> bool:
        """Seated (or sitting out) in every round of the night: the booby prize's rule."""
        return not self.absent

    @cached_property
    def total(self) -> Points:
        # Summed once, on first use, when every round is in: a page reads it dozens of times
        # a player (ranking, rows, prizes, templates). Nothing changes a line's rounds after.
        return sum((p for p in self.rounds.values() if p is not None), 0)


@dataclass
class TeamLine:
    """One partnership's event (pairs): games won and points for and against, per round."""

    partnership_id: int
    name: str
    rounds: dict[int, int | None] = field(default_factory=dict)
    byes: set[int] = field(default_factory=set)
    # A tied game (level when its round ended) counts half a game won to each side (TIE_WORDS).
    games_won: Points = 0
    games_tied: int = 0
    points_for: int = 0
    points_against: int = 0
    place: int = 0
    shared: bool = False
    player_ids: list[int] = field(default_factory=list)
    # A bracket's: its place in words ("5th–6th", "still in": place 0) and matches won,
    # from the bracket's own figures (brackets/figures.py), never from points.
    label: str = ""
    matches_won: int | None = None

    @property
    def difference(self) -> int:
        return self.points_for - self.points_against


def progressive_key(line: PlayerLine) -> tuple:
    """Total points, then lone hands made, then fewest times euchred as makers."""
    return (-line.total, -line.lone_made, line.euchred)


def pairs_key(line: TeamLine) -> tuple:
    """Games won, then points for minus points against, then points for."""
    return (-line.games_won, -line.difference, -line.points_for)


def partnership_key(teams: list[TeamLine]) -> Callable[[PlayerLine], tuple]:
    """A pairs event's players ranked as their partnerships are: partners play every hand
    together, so they share a place, and a loner one of them made (a tie-break of their
    own in a progressive night) never parts them. A player with no partnership comes after,
    by the progressive tie-breaks."""
    place_of = {pk: team.place for team in teams for pk in team.player_ids}
    unpaired = len(teams) + 1

    def key(line: PlayerLine) -> tuple:
        place = place_of.get(line.player_id)
        return (place, ()) if place is not None else (unpaired, progressive_key(line))

    return key


def partnership_places(players: list[PlayerLine], teams: list[TeamLine]) -> list[PlayerLine]:
    """A pairs event's players (ranked by `partnership_key`) given their partnership's own
    place, "2" or "2=" as the partnerships' table prints it, so the players' table, a
    player's night and their page across nights ("2nd of 4 teams") all say one place. A
    player with no partnership is placed after every partnership, by the progressive
    tie-breaks among themselves."""
    team_of = {pk: team for team in teams for pk in team.player_ids}
    partnered = sum(1 for line in players if line.player_id in team_of)
    for line in players:
        team = team_of.get(line.player_id)
        if team is not None:
            line.place, line.shared = team.place, team.shared
        else:
            line.place = len(teams) + line.place - partnered
    return players


def rank(lines: Iterable, key: Callable) -> list:
    """Sort by `key` (smaller first) and number the places; lines with equal keys share a place
    and the next place skips ("1, 2, 2, 4"). Within a shared place, by name, so the order of a
    printed list never depends on the database's, and as a person reads names ("Élise"
    before "Zoë")."""
    ordered = sorted(lines, key=lambda line: (key(line), name_key(line.name), line.name))
    previous = None
    for index, line in enumerate(ordered):
        k = key(line)
        if k != previous:
            place, previous = index + 1, k
        line.place = place
    counts: dict[int, int] = defaultdict(int)
    for line in ordered:
        counts[line.place] += 1
    for line in ordered:
        line.shared = counts[line.place] > 1
    return ordered


def sit_out_value(played: list[int], rule: str, fixed: int) -> Points:
    """What a player sitting a round out scores for it, by the event's rule: a fixed number,
    or the average of the rounds they played (`played`: closed rounds only), to one decimal
    (0 if they played none yet)."""
    if rule == Event.SitOutRule.FIXED:
        return fixed
    if not played:
        return 0
    average = (Decimal(sum(played)) / len(played)).quantize(Decimal("0.1"), ROUND_HALF_UP)
    return int(average) if average == average.to_integral_value() else average


def fmt(points: Points | None) -> str:
    """Points as every view shows them, so the standings page, the CSV, the PDF, the players'
    pages and the projector agree to the character (templates: the `points` filter).

    A euchre player reads whole points, so a whole number prints plainly ("14", never
    "14.0"); only a sit-out average is a fraction, and it prints to one decimal ("7.3").
    Nothing for no round."""
    if points is None:
        return ""
    if type(points) is int:
        # Most points are whole: the same text as through Decimal, at a fraction of the cost
        # (a standings page prints a thousand of them).
        return str(points)
    value = Decimal(points).quantize(Decimal("0.1"), ROUND_HALF_UP)
    if value == value.to_integral_value():
        return str(int(value))
    return str(value)


def _sit_out_scored(event: Event) -> str:
    if event.sit_out_rule == Event.SitOutRule.FIXED:
        points = event.sit_out_points
        return f"a fixed {points} point{'' if points == 1 else 's'}"
    return "the average of their other rounds, to one decimal"


def sit_out_legend(event: Event) -> str:
    """What the sit-out mark beside a round's points means, under every standings table."""
    return f"{SIT_OUT_MARK} sat out: scored {_sit_out_scored(event)}."


def sit_out_header(event: Event) -> str:
    """The CSV's column of rounds sat out: the mark's meaning as its header, so the round
    columns keep plain numbers a spreadsheet can add."""
    if event.is_pairs:
        return "Rounds with a bye (scored nothing)"
    return f"Rounds sat out (scored {_sit_out_scored(event)})"


def loners_counted(event: Event, made: int, marched: int) -> int:
    """The loners the event counts, of a seat's lone hands `made` and `marched` (the
    standings' tie-break, the most-loners award, the filled score sheet): every lone hand
    made, or the lone marches alone, as the event's house rule says."""
    return marched if event.loners_counted == Event.LonersCounted.MARCH else made


# What a tied game counts, beside every list of games won (page, PDF, projector, docs/rules.md).
TIE_WORDS = (
    "A tied game (the score level when the round ended) counts as half a game won for each "
    "side: 1.5 is one win and one tie."
)


def loners_words(event: Event) -> str:
    """The loners the tie-break counts, as the legend says them."""
    if event.loners_counted == Event.LonersCounted.MARCH:
        return "lone marches"
    return "lone hands made"


def _missed_scored(event: Event) -> str:
    if event.missed_round == Event.MissedRound.FIXED:
        points = event.missed_round_points
        return f"a fixed {points} point{'' if points == 1 else 's'}"
    if event.missed_round == Event.MissedRound.SIT_OUT:
        return "what a player sitting out scores"
    return ""


def missed_legend(event: Event) -> str:
    """What the late-arrival mark means, for an event whose late arrivals score something."""
    scored = _missed_scored(event)
    if not scored:
        return ""
    return f"{MISSED_MARK} arrived late: scored {scored} for each round missed."


def missed_header(event: Event) -> str:
    """The CSV's column of rounds a late arrival missed; empty when they score nothing (their
    rounds are blank, with no mark to explain)."""
    scored = _missed_scored(event)
    if not scored or event.is_pairs:
        return ""
    return f"Rounds missed, arrived late (scored {scored} for each)"


def away_words(line: PlayerLine) -> str:
    """Why a player's row has blank rounds, in a few words under the table: "left after round
    4", "came for round 3" (a late arrival scoring nothing for the rounds missed), "away for
    round 3". Empty for a player with none."""
    if not line.absent:
        return ""
    there = [n for n in (*line.rounds, *line.sat_out) if n not in line.absent]
    if not there:
        return ""
    first, last = min(there), max(there)
    late = sorted(n for n in line.absent if n < first)
    left = [n for n in line.absent if n > last]
    between = sorted(n for n in line.absent if first < n < last)
    words = []
    if late:
        words.append(f"came for round {first}")
    if between:
        words.append(f"away for {prizes._rounds_words(between)}")
    if left:
        words.append(f"left after round {last}")
    return prizes.and_list(words)


def away_legend(standings: Standings) -> str:
    """Every player's blank rounds explained, for the PDF (the page lists them likewise):
    "Blank rounds: Ken Zimmerman left after round 4; Carol Jansen came for round 3." """
    found = [f"{line.name} {line.away}" for line in standings.away_lines]
    return f"Blank rounds: {'; '.join(found)}." if found else ""


def fmt_round(line: PlayerLine, number: int) -> str:
    text = fmt(line.rounds.get(number))
    if number in line.sat_out and text:
        return f"{text}{SIT_OUT_MARK}"
    if number in line.missed and text:
        return f"{text}{MISSED_MARK}"
    return text


# --- Gathering: a fixed number of queries ----------------------------------------------------


def rounds_over(seated: int, in_play: bool, planned: int) -> bool:
    """A night of rounds is over once every planned round is seated and none is in play (a
    director ending early lowers the rounds planned): `Standings.final`, and the player's page
    and the season race, which read a kept night without its standings (seasons/nights.py)."""
    return not in_play and seated >= planned > 0


@dataclass
class Standings:
    event: Event
    rounds: list[int]
    in_play: list[int]
    players: list[PlayerLine]
    teams: list[TeamLine] | None = None
    on_time: list[int] = field(default_factory=list)  # rounds that ended when time was called
    # A bracket's figures (brackets/figures.py: `finished`, `status`), once seeded.
    bracket: object | None = None

    @property
    def is_pairs(self) -> bool:
        return self.teams is not None

    @property
    def away_lines(self) -> list[PlayerLine]:
        """The players with blank rounds, each with why (`PlayerLine.away`), in place order."""
        return [line for line in self.players if line.away]

    @property
    def on_time_words(self) -> str:
        """ "Round 3 ended when time was called.", for the standings and the printouts."""
        if not self.on_time:
            return ""
        numbers = [str(n) for n in self.on_time]
        if len(numbers) == 1:
            return f"Round {numbers[0]} ended when time was called."
        return f"Rounds {', '.join(numbers[:-1])} and {numbers[-1]} ended when time was called."

    @property
    def live(self) -> bool:
        return bool(self.in_play)

    @property
    def final(self) -> bool:
        """Every planned round played and none in play; a bracket: its champion known."""
        if self.bracket is not None:
            return self.bracket.finished
        return rounds_over(len(self.rounds), bool(self.in_play), self.event.rounds_planned)

    @property
    def status(self) -> str:
        """Where the night stands, in one line for the page, the projector and the PDF."""
        if self.bracket is not None:
            return self.bracket.status  # in matches and games: a bracket has no rounds
        if self.in_play:
            rounds = ", ".join(str(n) for n in self.in_play)
            return f"Current standings: round {rounds} in play, its points so far included."
        if not self.rounds:
            return "No round has been seated yet."
        played = len(self.rounds)
        if not self.final:
            # Between rounds, or a night stopped early: final once the last planned round is
            # played (a director ending early lowers the number of rounds).
            return f"Standings after {played} of {self.event.rounds_planned} rounds."
        return f"Final standings after {played} round{'s' if played != 1 else ''}."


SIDE_OF = {seat: scoring.side_of(seat) for seat in "NESW"}  # a look-up for 5,000 seats


def _loners(name: str, tricks: str) -> str:
    """A table's lone hands made or marched by each seat (`tricks`: LONE_MADE_TRICKS or
    LONE_MARCH_TRICKS), as the columns `name`_N to `name`_W."""
    counts = []
    for seat in "NESW":
        side = "ns" if SIDE_OF[seat] == "NS" else "ew"
        counts.append(
            f"COUNT(*) FILTER (WHERE h.alone AND h.maker = '{seat}' AND h.tricks {tricks}"
            f" AND h.{side}_points > 0) AS {name}_{seat}"
        )
    return ",\n           ".join(counts)


def _seats_own(name: str) -> str:
    """The seat's own one of its table's four columns `name`_N to `name`_W."""
    return (
        f"CASE s.position WHEN 'N' THEN t.{name}_N WHEN 'E' THEN t.{name}_E"
        f" WHEN 'S' THEN t.{name}_S ELSE t.{name}_W END"
    )


_NS = "s.position IN ('N', 'S')"
_EUCHRED = ", ".join(f"'{outcome}'" for outcome in EUCHRED_OUTCOMES)

# Every seat of the events, with what its table's hands add up to for the seat: one query. The
# subquery sums the hands a row a table, each condition a plain test of the hand's own fields
# (the database does that at the speed of its scan); each seat then takes its own side's and
# its own position's columns. Through the ORM this was two queries, a row a seat and a row a
# table, matched up in Python: at 400 players a third of the standings' time, a millisecond of
# it Django building the aggregate. A sit-out (no table) and a table with no hand yet have no
# sums: NULL. `{events}` is the placeholders of the events' ids.
_SEATS = f"""
SELECT r.event_id, r.number, s.table_id, s.position, s.player_id,
       t.hands,
       CASE WHEN {_NS} THEN t.ns ELSE t.ew END,
       CASE WHEN {_NS} THEN t.ew ELSE t.ns END,
       {_seats_own("made")},
       {_seats_own("march")},
       CASE WHEN {_NS} THEN t.euchred_ns ELSE t.euchred_ew END
FROM {Seat._meta.db_table} s
JOIN {Round._meta.db_table} r ON r.id = s.round_id
LEFT JOIN (
    SELECT h.table_id, COUNT(*) AS hands, SUM(h.ns_points) AS ns, SUM(h.ew_points) AS ew,
           COUNT(*) FILTER (WHERE h.maker IN ('N', 'S') AND h.outcome IN ({_EUCHRED}))
               AS euchred_ns,
           COUNT(*) FILTER (WHERE h.maker IN ('E', 'W') AND h.outcome IN ({_EUCHRED}))
               AS euchred_ew,
           {_loners("made", LONE_MADE_TRICKS)},
           {_loners("march", LONE_MARCH_TRICKS)}
    FROM {Hand._meta.db_table} h
    WHERE h.table_id IN (
        SELECT tt.id FROM {Table._meta.db_table} tt
        JOIN {Round._meta.db_table} tr ON tr.id = tt.round_id
        WHERE tr.event_id IN ({{events}})
    )
    GROUP BY h.table_id
) t ON t.table_id = s.table_id
WHERE r.event_id IN ({{events}})
"""
# A seat row holds no name and no round's status: read once each, not once a seat. As a value
# of each of a big night's 19,000 seat rows they cost the database and Python a fifth of the
# standings' time, and freeing them grew faster than the night.
_NAMES = f"""
SELECT p.id, p.name FROM {Player._meta.db_table} p
WHERE p.id IN (
    SELECT s.player_id FROM {Seat._meta.db_table} s
    JOIN {Round._meta.db_table} r ON r.id = s.round_id
    WHERE r.event_id IN ({{events}})
)
"""
_ROUNDS = f"""
SELECT r.event_id, r.number, r.status, r.time_called_at IS NOT NULL
FROM {Round._meta.db_table} r
WHERE r.event_id IN ({{events}})
"""


# A seat row's columns, in order (see _SEATS): the rows stay the tuples the database hands back.
# As dictionaries, the 19,000 seats of a 1,600-player night took more memory than fits the
# processor's caches, and building and freeing them grew faster than the night.
(
    SEAT_EVENT,
    SEAT_ROUND,
    SEAT_TABLE,
    SEAT_POSITION,
    SEAT_PLAYER,
    SEAT_HANDS,
    SEAT_POINTS,
    SEAT_AGAINST,
    SEAT_LONE_MADE,
    SEAT_LONE_MARCH,
    SEAT_EUCHRED,
) = range(11)


@dataclass
class Seating:
    """What some events' standings are counted from. `seats`: who sat where in each round
    (the event, the round's number, the table, the position and the player), and what their
    table's hands add up to for them: the hands played there, their side's points and the
    points against them, the lone hands they made and marched, and the times their side was
    euchred as makers (a hand thrown in has no maker: counted in the hands alone). Those six
    are None for a seat at no table (sat out) or at a table with no hand yet. `names`: each
    seated player's, by id. `rounds`: each event's rounds, by event id and round number: the
    round's status, and whether it ended when time was called. The values are the
    database's own, without Django's conversion of each (numbers and text)."""

    seats: list[tuple]
    names: dict[int, str]
    rounds: dict[int, dict[int, tuple[str, bool]]]

    def by_event(self) -> dict[int, list[tuple]]:
        found: dict[int, list[tuple]] = defaultdict(list)
        for seat in self.seats:
            found[seat[SEAT_EVENT]].append(seat)
        return found


# A round taken away after its seats were read (a bracket's game undone): as one in play.
IN_PLAY = (Round.Status.IN_PLAY, False)


def _seating(events: list[Event]) -> Seating:
    """`events`' Seating: 3 queries, whatever their size."""
    if not events:
        return Seating([], {}, {})  # a season with no nights yet
    ids = [event.pk for event in events]
    marks = ", ".join(["%s"] * len(ids))
    with connection.cursor() as cursor:
        cursor.execute(_SEATS.format(events=marks), ids + ids)
        seats = cursor.fetchall()
        cursor.execute(_NAMES.format(events=marks), ids)
        names = dict(cursor.fetchall())
        cursor.execute(_ROUNDS.format(events=marks), ids)
        rounds: dict[int, dict[int, tuple[str, bool]]] = {}
        for event_id, number, status, time_called in cursor.fetchall():
            rounds.setdefault(event_id, {})[number] = (status, bool(time_called))
    return Seating(seats, names, rounds)


def _player_lines(
    event: Event, seats: list[tuple], names: dict[int, str], rounds: dict[int, tuple[str, bool]]
) -> list[PlayerLine]:
    """The event's players' lines from its `seats`, with their `names` and its `rounds`
    (Seating's)."""
    lines: dict[int, PlayerLine] = {}
    numbers = set()  # the rounds seated
    # One pass over 5,000 seats at a big night: each seat's values read once.
    for _, number, table_id, _, player_id, hands, points, _, made, marched, euchred in seats:
        line = lines.get(player_id)
        if line is None:
            if player_id not in names:
                # The seat was taken away after the seats were read (a bracket's game undone):
                # gone, as the next look at the standings will find it.
                continue
            line = lines[player_id] = PlayerLine(player_id, names[player_id])
        numbers.add(number)
        if table_id is None:
            line.sat_out.add(number)
        elif hands is None:
            line.rounds[number] = 0  # seated at a table with no hand yet
        else:
            line.rounds[number] = points
            line.lone_made += loners_counted(event, made, marched)
            line.euchred += euchred
    # A pairs bye scores nothing: games won decide, and a bye is no game. In a progressive
    # event the sit-out rule stands in for the round the player could not play.
    # A late arrival missed the rounds seated before their first: by the event's house rule
    # they score nothing for them (blank, as before the rule), the sit-out score, or a fixed
    # number.
    seated = sorted(numbers)
    # "The average of their other rounds" counts closed rounds only: a round in play is still
    # being entered, and a sit-out's score must not move with every hand scored there.
    closed = {n for n in numbers if rounds.get(n, IN_PLAY)[0] != Round.Status.IN_PLAY}
    missed_scores = not (event.is_pairs or event.missed_round == Event.MissedRound.ZERO)
    for line in lines.values():
        first = min([*line.rounds, *line.sat_out], default=None)
        if first is not None and seated and first > seated[0]:
            line.missed = {n for n in seated if n < first}
        line.absent = {n for n in seated if n not in line.rounds and n not in line.sat_out}
        if not (line.sat_out or (line.missed and missed_scores)):
            continue  # seated every round from the first: nothing to fill in
        played = [p for n, p in line.rounds.items() if p is not None and n in closed]
        for number in line.sat_out:
            line.rounds[number] = (
                0
                if event.is_pairs
                else sit_out_value(played, event.sit_out_rule, event.sit_out_points)
            )
        if not missed_scores:
            continue
        for number in line.missed:
            line.rounds[number] = (
                event.missed_round_points
                if event.missed_round == Event.MissedRound.FIXED
                else sit_out_value(played, event.sit_out_rule, event.sit_out_points)
            )
    return list(lines.values())


def _round_numbers(
    seats: list[tuple], rounds: dict[int, tuple[str, bool]]
) -> tuple[list[int], list[int], list[int]]:
    """The rounds seated, those in play, and those that ended when time was called."""
    numbers = sorted({s[SEAT_ROUND] for s in seats})
    return (
        numbers,
        [n for n in numbers if rounds.get(n, IN_PLAY)[0] == Round.Status.IN_PLAY],
        [n for n in numbers if rounds.get(n, IN_PLAY)[1]],
    )


ENTRY_FIELDS = ("player_id", "player__name", "partnership_id", "partnership__name")


def _team_lines(
    event: Event,
    seats: list[tuple],
    rounds_closed: set[int],
    entries: list[dict] | None = None,
) -> list[TeamLine]:
    if entries is None:
        entries = Entry.objects.filter(event=event, partnership__isnull=False).values(*ENTRY_FIELDS)
    team_of: dict[int, int] = {}
    names: dict[int, list[str]] = defaultdict(list)
    labels: dict[int, str] = {}
    members: dict[int, list[int]] = defaultdict(list)
    for entry in entries:
        team_of[entry["player_id"]] = entry["partnership_id"]
        members[entry["partnership_id"]].append(entry["player_id"])
        names[entry["partnership_id"]].append(entry["player__name"])
        labels[entry["partnership_id"]] = entry["partnership__name"]
    teams = {
        pk: TeamLine(pk, labels[pk] or " & ".join(sorted(both)), player_ids=members[pk])
        for pk, both in names.items()
    }
    rules = event.ruleset()
    max_hands = event.max_hands()
    seen: set[tuple[int, int]] = set()
    for seat in seats:
        team = teams.get(team_of.get(seat[SEAT_PLAYER]))
        number = seat[SEAT_ROUND]
        if team is None or (team.partnership_id, number) in seen:
            continue  # the partner's seat row says the same
        seen.add((team.partnership_id, number))
        if seat[SEAT_TABLE] is None:
            team.byes.add(number)
            team.rounds[number] = 0
            continue
        ours, theirs = seat[SEAT_POINTS] or 0, seat[SEAT_AGAINST] or 0
        team.rounds[number] = ours
        team.points_for += ours
        team.points_against += theirs
        hands = seat[SEAT_HANDS] or 0
        finished = hands >= max_hands if max_hands else max(ours, theirs) >= rules.game_points
        # A game is won when the table finished ahead, or was ahead when the director
        # closed the round early. Level then (a round of a fixed number of hands, or one
        # closed early), it is a tied game: half a game won to each side (TIE_WORDS).
        if finished or number in rounds_closed:
            if ours > theirs:
                team.games_won += 1
            elif ours == theirs:
                team.games_tied += 1
    for team in teams.values():
        if team.games_tied:
            team.games_won += Decimal(team.games_tied) / 2
    return list(teams.values())


def table_loners(round_: Round) -> dict[int, dict[str, int]]:
    """Each table's loners counted in `round_`, by table number and side ("NS", "EW"), for the
    filled score sheet: the seat rows the standings count (each seat's own lone hands, as
    `loners_counted` takes them), added up side by side, so the sheet players copy onto their
    tally cards says what the standings say. 4 queries."""
    event = round_.event
    numbers = dict(round_.tables.values_list("pk", "number"))
    found = {number: {"NS": 0, "EW": 0} for number in numbers.values()}
    for seat in _seating([event]).seats:
        table = seat[SEAT_TABLE]
        if seat[SEAT_ROUND] != round_.number or table not in numbers or seat[SEAT_HANDS] is None:
            continue
        side = SIDE_OF[seat[SEAT_POSITION]]
        found[numbers[table]][side] += loners_counted(
            event, seat[SEAT_LONE_MADE], seat[SEAT_LONE_MARCH]
        )
    return found


# Places decided by matches rather than by points, by event format: brackets/ registers its
# figures here (brackets/figures.py `event_figures`: None before seeding), as tournaments
# never imports what sits above it. Each team's place, words, games and matches won are the
# figures' own: the standings only order their lines by them.
PLACES_BY_FORMAT: dict[str, Callable[[Event], object | None]] = {}


def _placed(teams: list[TeamLine], players: list[PlayerLine], figures) -> tuple[list, list]:
    """The lines of a bracket, each team as its `figures` place it (teams still in first,
    place 0, then by place; a shared place in name order), and each player as their
    partnership: the same place and words ("5th–6th"), never a ranking of their own."""
    by_team, order = figures.by_partnership, figures.order
    last = len(order)
    for line in teams:
        team = by_team.get(line.partnership_id)
        if team is None:
            continue  # registered but not seeded: no place, listed last
        line.place, line.shared, line.label = team.place, team.shared, team.label
        line.games_won, line.matches_won = team.games_won, team.matches_won
    teams = sorted(
        teams,
        key=lambda t: (order.get(t.partnership_id, last), name_key(t.name), t.name),
    )
    team_of = {pk: t for t in teams for pk in t.player_ids}
    row = {t.partnership_id: i for i, t in enumerate(teams)}
    for line in players:
        team = team_of.get(line.player_id)
        if team is not None:
            line.place, line.shared, line.label = team.place, team.shared, team.label
    players = sorted(
        players,
        key=lambda p: (
            row.get(getattr(team_of.get(p.player_id), "partnership_id", None), last),
            name_key(p.name),
            p.name,
        ),
    )
    return teams, players


def event_standings(event: Event) -> Standings:
    """The event's standings now: 3 queries (4 for a pairs event), whatever its size."""
    seating = _seating([event])
    return _standings(event, seating.seats, seating)


def events_standings(events: list[Event]) -> list[Standings]:
    """Many events' standings, each as event_standings gives it, for a season's nights: 4
    queries for them all (a bracket's placings add the few its own format needs)."""
    return events_standings_and_seats(events)[0]


def events_standings_and_seats(events: list[Event]) -> tuple[list[Standings], list[tuple]]:
    """`events_standings`, and the seat rows they were counted from (Seating's: who sat
    where, each round), for a caller that needs those too: read once, not twice."""
    seating = _seating(events)
    by_event = seating.by_event()
    entries: dict[int, list[dict]] = defaultdict(list)
    pairs = [e for e in events if e.is_pairs]
    if pairs:
        rows = Entry.objects.filter(event__in=pairs, partnership__isnull=False).order_by("pk")
        for row in rows.values("event_id", *ENTRY_FIELDS):
            entries[row["event_id"]].append(row)
    found = [_standings(e, by_event[e.pk], seating, entries[e.pk]) for e in events]
    return found, seating.seats


def _standings(
    event: Event,
    seats: list[tuple],
    seating: Seating,
    entries: list[dict] | None = None,
) -> Standings:
    """The standings of `event`, from its `seats` and the `seating` they come from."""
    statuses = seating.rounds.get(event.pk, {})
    rounds, in_play, on_time = _round_numbers(seats, statuses)
    players = rank(_player_lines(event, seats, seating.names, statuses), progressive_key)
    teams = None
    placed = PLACES_BY_FORMAT.get(event.format)
    figures = placed(event) if placed is not None else None
    if event.is_pairs:
        closed = set(rounds) - set(in_play)
        teams = rank(_team_lines(event, seats, closed, entries), pairs_key)
        players = partnership_places(rank(players, partnership_key(teams)), teams)
        if figures is not None:
            teams, players = _placed(teams, players, figures)
    return Standings(
        event=event,
        rounds=rounds,
        in_play=in_play,
        players=players,
        teams=teams,
        on_time=on_time,
        bracket=figures,
    )


@dataclass
class Season:
    events: list[Event]
    players: list[PlayerLine]
    start: datetime.date
    end: datetime.date


def season_standings(club, start: datetime.date, end: datetime.date) -> Season:
    """A club's events from `start` to `end` (inclusive), each player's nights summed: their
    points (with each night's sit-out rule), lone hands and euchres. 4 queries."""
    events = list(club.events.filter(date__gte=start, date__lte=end).order_by("date", "pk"))
    seating = _seating(events)
    by_event = seating.by_event()
    totals: dict[int, PlayerLine] = {}
    for event in events:
        seats, rounds = by_event[event.pk], seating.rounds.get(event.pk, {})
        for night in _player_lines(event, seats, seating.names, rounds):
            line = totals.get(night.player_id)
            if line is None:
                # One "round" per event: the season's columns are nights.
                line = totals[night.player_id] = PlayerLine(night.player_id, night.name, events=0)
            line.rounds[event.pk] = night.total
            line.events += 1
            line.lone_made += night.lone_made
            line.euchred += night.euchred
    return Season(
        events=events, players=rank(totals.values(), progressive_key), start=start, end=end
    )


# --- One player's night: every hand they played ---------------------------------------------


@dataclass
class NightHand:
    number: int
    dealer: str
    maker: str
    alone: bool
    tricks: int | None
    description: str
    points_for: int
    points_against: int
    running_for: int
    running_against: int


@dataclass
class NightRound:
    number: int
    table_number: int | None = None
    position: str = ""
    partner: str = ""
    opponents: list[str] = field(default_factory=list)
    hands: list[NightHand] = field(default_factory=list)
    points: Points | None = None

    @property
    def sat_out(self) -> bool:
        return self.table_number is None

    @property
    def seat_name(self) -> str:
        return SEAT_NAMES.get(self.position, "")


def player_night(
    event: Event, player_id: int, standings: Standings | None = None
) -> tuple[PlayerLine | None, list[NightRound]]:
    """Round by round, where the player sat, with whom, and every hand at their table with the
    points for and against their side; the standings' line for their totals (`standings`, if
    the caller has them already). 6 queries."""
    standings = event_standings(event) if standings is None else standings
    line = next((p for p in standings.players if p.player_id == player_id), None)
    if line is None:
        # Not a player of this event: nothing to look up (and an id too big for the
        # database's integers never reaches it).
        return None, []
    own = list(
        Seat.objects.filter(round__event=event, player_id=player_id)
        .select_related("round", "table")
        .order_by("round__number")
    )
    table_ids = [s.table_id for s in own if s.table_id]
    others: dict[int, dict[str, str]] = defaultdict(dict)
    for seat in Seat.objects.filter(table_id__in=table_ids).values(
        "table_id", "position", "player__name"
    ):
        others[seat["table_id"]][seat["position"]] = seat["player__name"]
    hands: dict[int, list[Hand]] = defaultdict(list)
    for hand in Hand.objects.filter(table_id__in=table_ids).order_by("table_id", "number"):
        hands[hand.table_id].append(hand)
    rounds = []
    for seat in own:
        night = NightRound(seat.round.number, points=line.rounds.get(seat.round.number))
        if seat.table_id is not None:
            at_table = others[seat.table_id]
            side = seat.side
            partner_seat = "NESW"[("NESW".index(seat.position) + 2) % 4]
            night.table_number = seat.table.number
            night.position = seat.position
            night.partner = at_table.get(partner_seat, "")
            night.opponents = [
                at_table[p]
                for p in "NESW"
                if p in at_table and p in "NESW" and scoring.side_of(p) != side
            ]
            ours = theirs = 0
            for hand in hands[seat.table_id]:
                got, lost = (
                    (hand.ns_points, hand.ew_points)
                    if side == "NS"
                    else (hand.ew_points, hand.ns_points)
                )
                ours, theirs = ours + got, theirs + lost
                night.hands.append(
                    NightHand(
                        hand.number,
                        hand.dealer,
                        hand.maker,
                        hand.alone,
                        hand.tricks,
                        hand.description,
                        got,
                        lost,
                        ours,
                        theirs,
                    )
                )
        rounds.append(night)
    return line, rounds


def fmt_place(line) -> str:
    """ "3" or, for a place shared with others, "3=" (the usual way to print a tie); a
    bracket's place as its figures word it ("1st", "5th–6th", "still in")."""
    if getattr(line, "label", ""):
        return line.label
    return f"{line.place}=" if line.shared else str(line.place)


# --- Side awards ------------------------------------------------------------------------------


@dataclass
class _TeamNight:
    """A partnership as the side awards read a player's line: its rounds at a table (a bye is
    no round's score), its points for, its place, and whether it played every round."""

    name: str
    place: int
    rounds: dict[int, Points | None]
    total: Points
    whole_night: bool
    sat_out: set[int] = field(default_factory=set)
    missed: set[int] = field(default_factory=set)
    lone_made: int = 0


def _pairs_awards(event: Event, standings: Standings, chosen: list[str], loners: str) -> list:
    """A pairs night's side awards: loners are made by one player, so most loners is a
    player's; the best round, high night (most points) and booby prize (the last
    partnership that played every round, by games won) are a partnership's."""
    night = set(standings.rounds)
    teams = [
        _TeamNight(
            name=team.name,
            place=team.place,
            rounds={n: p for n, p in team.rounds.items() if n not in team.byes},
            total=team.points_for,
            whole_night=night <= set(team.rounds),
        )
        for team in standings.teams
    ]
    by_key = {
        award.key: award
        for award in prizes.side_awards(teams, chosen, loners, in_play=standings.in_play)
    }
    for award in prizes.side_awards(standings.players, ["most_loners"], loners):
        if "most_loners" in chosen:
            by_key["most_loners"] = award
    if "booby" in by_key:
        games = {t.name: t.games_won for t in standings.teams}
        won = games[by_key["booby"].winners[0]]
        words = f"{fmt(won)} game{'' if won == 1 else 's'} won"
        by_key["booby"] = dataclasses.replace(by_key["booby"], detail=words)
    return [by_key[key] for key in prizes.AWARDS if key in by_key]


def night_prizes(event: Event, standings: Standings) -> dict:
    """The night's side awards (tournaments/prizes.py), as the standings page, the players'
    page, the projector and the PDF show them. A pairs night's awards are the partnerships'
    but for most loners (`_pairs_awards`); a bracket has none. The prize table is the money
    app's (tournaments/prize_pages.py), which pays these awards' prizes.

    While a progressive night is still played (not `final`), its awards are leading so far
    (`so_far`), and the booby prize is not named: who is last, and who played the whole
    night, is known only at the end. `award_notes`: the rules the awards follow, in words,
    for every page that shows them (prizes.BOOBY_RULE, prizes.SO_FAR_RULE)."""
    found = {"awards": [], "so_far": False, "award_notes": []}
    if event.is_bracket:
        return found
    loners = "lone marches" if event.loners_counted == Event.LonersCounted.MARCH else "loners"
    chosen = event.awards_chosen()
    so_far = found["so_far"] = not standings.final
    if so_far and chosen:
        found["award_notes"].append(prizes.SO_FAR_RULE)
    if "booby" in chosen:
        found["award_notes"].append(
            prizes.PAIRS_BOOBY_RULE if standings.is_pairs else prizes.BOOBY_RULE
        )
    if so_far:
        chosen = [key for key in chosen if key != "booby"]
    if standings.is_pairs:
        found["awards"] = _pairs_awards(event, standings, chosen, loners)
    else:
        found["awards"] = prizes.side_awards(
            standings.players, chosen, loners, in_play=standings.in_play
        )
    return found
