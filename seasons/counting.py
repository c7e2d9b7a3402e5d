"""How a season counts: plain Python, no Django, tested by value (tests/test_seasons.py).

From each player's nights (their points, place and how many played, as the night's standings
gave them) a season line under the club's way of counting:

- TOTAL: every night's points added up;
- BEST: the best N nights' points (a player who missed a few nights is not out of the race);
- AVERAGE: points per night, ranked only from a minimum number of nights (one lucky night is
  not a season); players short of it are listed after, unranked, with why;
- PLACES: points by finishing place from the club's table ("10, 8, 6, 5, 4, 3, 2, 1"), plus a
  point for playing, as card leagues and the American Cribbage Congress count.

Ranking follows the night's standings (tournaments/standings.py `rank`): equal keys share a
place and the next place skips ("1, 2, 2, 4"), shared places are printed "2=". Ties on the
season's score are broken by the night's own tie-breaks (lone hands made, then fewest times
euchred as makers), each way of counting adding the one a player would expect first; every
tie is said in words (`SeasonLine.tie`), how it was broken or that it stands.

Each format counts in the race as the club says (`Rules.ways`, `season_night`): a progressive
night by its own points, or by place, or not at all; a pairs night and a bracket by place or
not at all, never by their points (a pairs player's points are the partnership's, from a draw
of its own; a bracket team plays two games or nine as it goes on, so its runners-up can score
more than its winners). A night counted by place scores the place table's points for its place
plus the points for playing, whatever the season's way of counting.

Season dates: a calendar year unless the club starts its season on another day (a fall–spring
season from 1 September); `season_dates` gives the season a day falls in.
"""

from __future__ import annotations

import calendar
import datetime
import functools
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from decimal import ROUND_HALF_UP, Decimal

from clubs.text import name_key

Points = int | Decimal

TOTAL, BEST, AVERAGE, PLACES = "total", "best", "average", "places"

# The formats (tournaments.models.Event.Format's values) and how each counts in the race.
PROGRESSIVE, PAIRS, BRACKET = "progressive", "pairs", "bracket"
BY_POINTS, BY_PLACE, NOT_COUNTED = "points", "place", "none"
FORMAT_WORDS = {PROGRESSIVE: "progressive nights", PAIRS: "pairs nights", BRACKET: "brackets"}
# What a club director expects unless they say otherwise: a progressive night counts its
# points, as the race always has; a pairs night and a bracket count by place, so every night
# a player plays counts for them and winning one counts as winning a night does, while their
# points, which no progressive night's can be compared with, never count.
DEFAULT_WAYS = {PROGRESSIVE: BY_POINTS, PAIRS: BY_PLACE, BRACKET: BY_PLACE}
# Only a progressive night's points can be set beside another night's.
WAYS = {
    PROGRESSIVE: (BY_POINTS, BY_PLACE, NOT_COUNTED),
    PAIRS: (BY_PLACE, NOT_COUNTED),
    BRACKET: (BY_PLACE, NOT_COUNTED),
}


@dataclass(frozen=True)
class Night:
    """One player's night, from the night's standings."""

    event_id: int
    date: datetime.date
    points: Points
    place: int
    players: int
    lone_made: int = 0
    euchred: int = 0
    format: str = PROGRESSIVE


@dataclass(frozen=True)
class Rules:
    counting: str = TOTAL
    best_nights: int = 10
    minimum_nights: int = 3
    place_points: tuple[int, ...] = (10, 8, 6, 5, 4, 3, 2, 1)
    playing_points: int = 1
    # How each format counts: {format: BY_POINTS, BY_PLACE or NOT_COUNTED}; a format not
    # named counts as DEFAULT_WAYS says.
    ways: dict[str, str] = field(default_factory=lambda: dict(DEFAULT_WAYS))

    def way(self, night_format: str) -> str:
        return self.ways.get(night_format, DEFAULT_WAYS.get(night_format, NOT_COUNTED))

    def way_shown(self, night_format: str) -> str:
        """The way as players see it: under points by place, a night counting its points
        scores by its place too (its points break a tie on season points only)."""
        way = self.way(night_format)
        return BY_PLACE if way == BY_POINTS and self.counting == PLACES else way


@dataclass
class SeasonLine:
    player_id: int
    name: str
    nights: list[Night] = field(default_factory=list)
    score: Points = 0
    counted: frozenset[int] = frozenset()  # the nights (event ids) that made the score
    ranked: bool = True
    why: str = ""  # why not ranked, in words
    place: int = 0
    shared: bool = False
    tie: str = ""  # how a tie on the score was broken, or that it stands

    @property
    def played(self) -> int:
        return len(self.nights)

    @property
    def total(self) -> Points:
        return sum((n.points for n in self.nights), 0)

    @property
    def lone_made(self) -> int:
        return sum(n.lone_made for n in self.nights)

    @property
    def euchred(self) -> int:
        return sum(n.euchred for n in self.nights)

    @property
    def wins(self) -> int:
        return sum(1 for n in self.nights if n.place == 1)


def fmt(points: Points) -> str:
    """As tournaments.standings.fmt prints points: whole numbers plainly, else one decimal."""
    if type(points) is int:
        return str(points)  # the same text as through Decimal, without its cost
    value = Decimal(points).quantize(Decimal("0.1"), ROUND_HALF_UP)
    return str(int(value)) if value == value.to_integral_value() else str(value)


def fmt_place(line: SeasonLine) -> str:
    if not line.ranked:
        return "—"
    return f"{line.place}=" if line.shared else str(line.place)


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


# --- The place table -------------------------------------------------------------------------


def parse_place_points(text: str) -> tuple[int, ...]:
    """ "10, 8, 6, 5" as (10, 8, 6, 5); ValueError in words for anything else: a table a
    director typed is read as they meant it or refused, never half-read."""
    parts = [p for p in text.replace(";", ",").replace(" ", ",").split(",") if p]
    if not parts:
        raise ValueError("Give the points for 1st place at least, e.g. “10, 8, 6, 5, 4, 3, 2, 1”.")
    if len(parts) > 100:
        raise ValueError("Points for at most 100 places: the rest score the points for playing.")
    points = []
    for i, part in enumerate(parts, 1):
        if not (part.isascii() and part.isdigit()) or len(part) > 4:
            raise ValueError(
                f"“{part[:20]}” ({ordinal(i)} place) is not a whole number of points from 0 to "
                "9999: write the points for 1st, 2nd, 3rd… separated by commas, e.g. “10, 8, 6”."
            )
        points.append(int(part))
    for i in range(1, len(points)):
        if points[i] > points[i - 1]:
            raise ValueError(
                f"{ordinal(i + 1)} place ({points[i]}) would score more than {ordinal(i)} "
                f"({points[i - 1]}): each place scores no more than the one above it."
            )
    return tuple(points)


def place_points_words(points: tuple[int, ...]) -> str:
    return ", ".join(str(p) for p in points)


# --- The season's dates ----------------------------------------------------------------------


def valid_start(month: int, day: int) -> bool:
    """A start every year has: 29 February is not one."""
    return 1 <= month <= 12 and 1 <= day <= calendar.monthrange(2001, month)[1]


def season_starting(year: int, month: int = 1, day: int = 1) -> tuple[datetime.date, datetime.date]:
    """The season that starts on `month`/`day` of `year`: its first and last days."""
    start = datetime.date(year, month, day)
    return start, datetime.date(year + 1, month, day) - datetime.timedelta(days=1)


def season_dates(
    day: datetime.date, month: int = 1, start_day: int = 1
) -> tuple[datetime.date, datetime.date]:
    """The season `day` falls in, for a club whose seasons start on `month`/`start_day`."""
    year = day.year if (day.month, day.day) >= (month, start_day) else day.year - 1
    return season_starting(year, month, start_day)


def season_name(start: datetime.date, end: datetime.date) -> str:
    """ "2026" for a calendar year, "2025–26" for a season across two years."""
    if start.year == end.year:
        return str(start.year)
    return f"{start.year}–{end.year % 100:02d}"


# --- Each night as the season counts it -------------------------------------------------------


def place_score(place: int, rules: Rules) -> int:
    """A night's points by place: the table's for the place (0 below it), plus the points for
    playing. A shared place scores the points of its top ("3rd=" and "3rd–4th" as 3rd)."""
    table = rules.place_points
    return (table[place - 1] if 0 < place <= len(table) else 0) + rules.playing_points


def season_night(night: Night, rules: Rules) -> Night | None:
    """`night` as the season counts it: None when its format does not count; counted by
    place, its points are `place_score`'s (its own points never reach the season)."""
    way = rules.way(night.format)
    if way == NOT_COUNTED:
        return None
    if way == BY_PLACE:
        return replace(night, points=place_score(night.place, rules))
    return night


def _join(items: list[str]) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def formats_words(rules: Rules) -> str:
    """How each format counts, in one sentence for players: "Progressive nights count their
    points; pairs nights and brackets count by place (10 for 1st, …; 0 below) plus 1 point
    for playing, a bracket's place being how far the team went."""
    by: dict[str, list[str]] = defaultdict(list)
    for night_format, words in FORMAT_WORDS.items():
        by[rules.way_shown(night_format)].append(words)
    parts = []
    if by[BY_POINTS]:
        parts.append(f"{_join(by[BY_POINTS])} count their points")
    if by[BY_PLACE]:
        every = "" if by[BY_POINTS] or by[NOT_COUNTED] else "all "
        place = f"{_join(by[BY_PLACE])} {every}count by finishing place"
        if rules.counting != PLACES:  # else the counting's own sentence gives the table
            table = ", ".join(f"{p} for {ordinal(i)}" for i, p in enumerate(rules.place_points, 1))
            place += f" ({table}; 0 below) plus {plural(rules.playing_points, 'point')} for playing"
        if rules.way_shown(BRACKET) == BY_PLACE:
            place += ", a bracket's place being how far the team went in it"
        parts.append(place)
    if by[NOT_COUNTED]:
        parts.append(f"{_join(by[NOT_COUNTED])} do not count")
    sentence = "; ".join(parts) + "."
    return sentence[0].upper() + sentence[1:]


# --- Counting and ranking --------------------------------------------------------------------

# A tie-break: its words, and how to read it from a line ("more" or "fewer" wins).
Break = tuple[str, Callable[[SeasonLine], Points], str]

LONERS: Break = ("lone hands made", lambda line: line.lone_made, "more")
EUCHRED: Break = ("times euchred as makers", lambda line: line.euchred, "fewer")
NIGHT_BREAKS = (LONERS, EUCHRED)

BREAKS: dict[str, tuple[Break, ...]] = {
    TOTAL: NIGHT_BREAKS,
    # All the season's points: a night left out of the best N still shows who played well.
    BEST: (("points over all nights", lambda line: line.total, "more"), *NIGHT_BREAKS),
    # The same average from more nights is the steadier season.
    AVERAGE: (("nights played", lambda line: line.played, "more"), *NIGHT_BREAKS),
    PLACES: (
        ("nights won", lambda line: line.wins, "more"),
        ("points over all nights", lambda line: line.total, "more"),
        *NIGHT_BREAKS,
    ),
}


def score_words(rules: Rules) -> str:
    """What the season's number is, as a column heading."""
    return {
        TOTAL: "Total points",
        BEST: "Best night" if rules.best_nights == 1 else f"Best {rules.best_nights} nights",
        AVERAGE: "Average a night",
        PLACES: "Season points",
    }[rules.counting]


def counting_words(rules: Rules) -> str:
    """How the season counts, in one sentence for players."""
    if rules.counting == BEST:
        if rules.best_nights == 1:
            return "Each player's best night counts: their points on it are their season's score."
        return (
            f"Each player's best {plural(rules.best_nights, 'night')} count: their points on "
            "those nights are added up."
        )
    if rules.counting == AVERAGE:
        return (
            "Players are ranked by their average points a night, to one decimal; "
            f"{plural(rules.minimum_nights, 'night')} played are needed to be ranked."
        )
    if rules.counting == PLACES:
        table = ", ".join(f"{p} for {ordinal(i)}" for i, p in enumerate(rules.place_points, 1))
        return (
            f"Each night scores points by finishing place ({table}; 0 below), plus "
            f"{plural(rules.playing_points, 'point')} for playing."
        )
    return "Every night's points are added up."


def ties_words(rules: Rules) -> str:
    breaks = ", then by ".join(f"{more} {words}" for words, _, more in BREAKS[rules.counting])
    return f"Ties are broken by {breaks}; a place still tied is shared (“2=”)."


def _average(nights: list[Night]) -> Decimal:
    total = Decimal(sum((n.points for n in nights), 0))
    # Ranked on the number shown, so two players shown level are level.
    return (total / len(nights)).quantize(Decimal("0.1"), ROUND_HALF_UP)


def _count(line: SeasonLine, rules: Rules) -> None:
    nights = line.nights
    line.counted = frozenset(n.event_id for n in nights)
    if rules.counting == BEST:
        # The highest points; of equal nights, the earlier (so the choice never depends on
        # the database's order).
        best = sorted(nights, key=lambda n: (-n.points, n.date, n.event_id))[: rules.best_nights]
        line.counted = frozenset(n.event_id for n in best)
        line.score = sum((n.points for n in best), 0)
    elif rules.counting == AVERAGE:
        line.score = _average(nights) if nights else 0
        if len(nights) < rules.minimum_nights:
            line.ranked = False
            line.why = (
                f"played {plural(len(nights), 'night')} of the "
                f"{plural(rules.minimum_nights, 'night')} needed to be ranked"
            )
    elif rules.counting == PLACES:
        line.score = sum(place_score(n.place, rules) for n in nights)
    else:
        line.score = line.total


def _key(rules: Rules) -> Callable[[SeasonLine], tuple]:
    breaks = BREAKS[rules.counting]

    def key(line: SeasonLine) -> tuple:
        rest = tuple(-get(line) if more == "more" else get(line) for _, get, more in breaks)
        return (-line.score, *rest)

    return key


def _names(lines: list[SeasonLine], name: Callable[[str], str] = str) -> str:
    return _join([name(line.name) for line in lines])


def _tie_sentence(group: list[SeasonLine], rules: Rules, name: Callable[[str], str] = str) -> str:
    """How a group level on the season's score was parted, break by break, or that they stay
    level: "Ann and Bob are level on 42 total points: more lone hands made puts Ann (3)
    ahead of Bob (2)."."""
    # Each name written once: a group of thirty level players is named again in every
    # bucket of every tie-break.
    name = functools.cache(name)
    score = fmt(group[0].score)
    head = f"{_names(group, name)} are level on {score} ({score_words(rules).lower()})"
    parts: list[str] = []
    still = [group]
    for words, get, more in BREAKS[rules.counting]:
        next_still = []
        for sub in still:
            # Each line's value read once (a line sums its nights for it), in the group's
            # order: a big night's group of thirty level players read it hundreds of times.
            by_value: dict[Points, list[SeasonLine]] = defaultdict(list)
            for x in sub:
                by_value[get(x)].append(x)
            if len(by_value) == 1:
                next_still.append(sub)
                continue
            buckets = [by_value[v] for v in sorted(by_value, reverse=more == "more")]
            order = " ahead of ".join(f"{_names(b, name)} ({fmt(get(b[0]))})" for b in buckets)
            parts.append(f"{more} {words} puts {order}")
            next_still += [b for b in buckets if len(b) > 1]
        still = next_still
        if not still:
            break
    if not parts:
        return f"{head} and on every tie-break: they share {ordinal(group[0].place)} place."
    shared = [
        f"{_names(sub, name)} stay level on every tie-break and share {ordinal(sub[0].place)} place"
        for sub in still
    ]
    return ". ".join([head + ": " + "; then ".join(parts), *shared]) + "."


def rank(lines: Iterable[SeasonLine], rules: Rules) -> list[SeasonLine]:
    """Ranked players first, by place (ties by name, as a person reads names), then the
    unranked by their score; each tied line's `tie` says how the tie went."""
    key = _key(rules)
    found = []
    for line in lines:
        # Each night as its format counts (`season_night`); a player whose nights all fall
        # in formats that do not count is no line of the season.
        line.nights = [c for n in line.nights if (c := season_night(n, rules)) is not None]
        if line.nights:
            _count(line, rules)
            found.append(line)
    lines = found

    def order(line: SeasonLine) -> tuple:
        return (key(line), name_key(line.name), line.name, line.player_id)

    ranked = sorted((x for x in lines if x.ranked), key=order)
    previous, place = None, 0
    for index, line in enumerate(ranked):
        if key(line) != previous:
            place, previous = index + 1, key(line)
        line.place = place
    by_place: dict[int, int] = defaultdict(int)
    for line in ranked:
        by_place[line.place] += 1
    by_score: dict[Points, list[SeasonLine]] = defaultdict(list)
    for line in ranked:
        line.shared = by_place[line.place] > 1
        by_score[line.score].append(line)
    for group in by_score.values():
        if len(group) > 1:
            sentence = _tie_sentence(group, rules)
            for line in group:
                line.tie = sentence
    unranked = sorted((x for x in lines if not x.ranked), key=order)
    return ranked + unranked


def ties(lines: list[SeasonLine]) -> list[str]:
    """Each tie's sentence once, in the order of the places."""
    seen: list[str] = []
    for line in lines:
        if line.tie and line.tie not in seen:
            seen.append(line.tie)
    return seen


def tie_sentences(lines: list[SeasonLine], rules: Rules, name: Callable[[str], str]) -> list[str]:
    """The ties' sentences as `ties` gives them, each name written by `name` (a page wraps it
    in <bdi>, so a right-to-left name cannot turn the sentence around it)."""
    groups: dict[Points, list[SeasonLine]] = defaultdict(list)
    for line in lines:
        if line.ranked:
            groups[line.score].append(line)
    return [_tie_sentence(g, rules, name) for g in groups.values() if len(g) > 1]


def unranked_sentence(lines: list[SeasonLine], name: Callable[[str], str] = str) -> str:
    """ "Not ranked yet: Ann (played 1 night of the 3 nights needed to be ranked)." """
    unranked = [x for x in lines if not x.ranked]
    if not unranked:
        return ""
    return "Not ranked yet: " + "; ".join(f"{name(x.name)} ({x.why})" for x in unranked) + "."
