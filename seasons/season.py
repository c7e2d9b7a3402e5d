"""A club's season, gathered: the nights' numbers from tournaments/standings.py
(`events_standings`: the same standings each night's page shows, in a fixed number of queries
for the whole season), counted by seasons/counting.py under the club's rules. Every page of the
season (public, director's, CSV, PDF) reads this one `Season`, so they show the same numbers."""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Callable, Collection
from dataclasses import dataclass, field

from django.utils import timezone
from django.utils.html import escape
from django.utils.safestring import mark_safe

from clubs import dates
from clubs.models import Club, Player
from tournaments.models import Event
from tournaments.projector import held_back

from . import counting
from .models import SeasonRules
from .nights import night_lines, night_place, over, with_in_play


def _bdi(name: str) -> str:
    # As format_html("<bdi>{}</bdi>", name) writes it, at a third of the cost: a season's
    # ties name hundreds of players.
    return f"<bdi>{escape(name)}</bdi>"


@dataclass
class Season:
    club: Club
    rules: counting.Rules
    start: datetime.date
    end: datetime.date
    events: list[Event]
    lines: list[counting.SeasonLine]
    # Nights hiding their standings until their last round closes: left out if `public`.
    held: list[Event] = field(default_factory=list)
    public: bool = False
    undecided: list[Event] = field(default_factory=list)  # brackets that count once decided
    # Nights with a round still to play: counted as they stand so far, as the night's own
    # standings show it live, and said so on the season's pages.
    playing: list[Event] = field(default_factory=list)

    # What a night still played is told, after its name, on the pages and the printout alike.
    so_far_words = (
        "is still being played: it counts as it stands so far, and may change until its last "
        "round is over."
    )

    @property
    def name(self) -> str:
        return counting.season_name(self.start, self.end)

    @property
    def ranked(self) -> list[counting.SeasonLine]:
        return [x for x in self.lines if x.ranked]

    @property
    def unranked(self) -> list[counting.SeasonLine]:
        return [x for x in self.lines if not x.ranked]

    @property
    def ties(self) -> list[str]:
        return counting.ties(self.lines)

    @property
    def score_words(self) -> str:
        return counting.score_words(self.rules)

    @property
    def counting_words(self) -> str:
        return counting.counting_words(self.rules)

    @property
    def formats_words(self) -> str:
        return counting.formats_words(self.rules)

    @property
    def ties_words(self) -> str:
        return counting.ties_words(self.rules)

    @property
    def unranked_words(self) -> str:
        return counting.unranked_sentence(self.lines)

    # The same sentences for a page: each name in <bdi>, the rest the app's own words.
    @property
    def ties_html(self) -> list[str]:
        return [mark_safe(t) for t in counting.tie_sentences(self.lines, self.rules, _bdi)]

    @property
    def unranked_html(self) -> str:
        return mark_safe(counting.unranked_sentence(self.lines, _bdi))

    @property
    def dates_words(self) -> str:
        return f"{dates.day(self.start, self.club)} to {dates.day(self.end, self.club)}"


def season_for(
    club: Club,
    rules: SeasonRules,
    start: datetime.date,
    end: datetime.date,
    *,
    hidden: Collection[int] = (),
    hide: Callable[[str], str] = str,
    public: bool = False,
) -> Season:
    """The club's events from `start` to `end` (inclusive), each player's nights counted.
    A few queries whatever the number of nights: the settled nights' kept lines (seasons/
    nights.py) in one, and the nights not kept yet (in play, a bracket, or not read since
    they changed) from their standings. The players in `hidden` are named `hide(name)`
    (initials, on a public page) from the start, so no sentence about a tie can name them.
    For the players' page and the printout for the wall (`public`), a night that hides its
    standings until its last round closes counts only then (`held` until it does), as the
    night's own public page shows no points before; the director's page counts it. A
    bracket counts once its winners are known (`undecided` until then), and a format the
    club does not count is left out (seasons/counting.py `season_night`)."""
    rules_now = rules.counting_rules()
    # Only the formats that count (seasons/counting.py `season_night`): a night of a format
    # that does not is no night of the season.
    counts = [f for f in counting.FORMAT_WORDS if rules_now.way(f) != counting.NOT_COUNTED]
    events = list(
        with_in_play(
            club.events.filter(date__gte=start, date__lte=end, format__in=counts)
        ).order_by("date", "pk")
    )
    # Only a night that hides its standings can be held back: its standings say. Read for
    # the director's page too, which counts it but says the players' pages do not yet.
    held_ids = held_back(events)
    held = [e for e in events if e.pk in held_ids]
    counted = [e for e in events if e not in held] if public else events
    by_event = night_lines(counted)
    # A bracket counts by its placings, known only once it is decided: until its winners are
    # known, a team still in has no place to count, so the whole bracket waits.
    undecided = [
        e
        for e in counted
        if e.is_bracket
        and by_event[e.pk]
        and not any(night_place(e, line) == 1 for line in by_event[e.pk].values())
    ]
    counted = [e for e in counted if e not in undecided]
    names = dict(
        Player.objects.filter(pk__in={pk for night in by_event.values() for pk in night})
        .order_by()
        .values_list("pk", "name")
    )
    nights: dict[int, list[counting.Night]] = defaultdict(list)
    for event in counted:
        night = by_event[event.pk]
        for pk, line in night.items():
            points = line.points
            nights[pk].append(
                counting.Night(
                    event_id=event.pk,
                    date=event.date,
                    # As the night's standings count it: whole points as whole numbers.
                    points=int(points) if points == int(points) else points,
                    place=night_place(event, line) or 0,
                    players=len(night),
                    lone_made=line.lone_made,
                    euchred=line.euchred,
                    format=event.format,
                )
            )
    names = {pk: hide(names[pk]) if pk in hidden else names[pk] for pk in nights}
    lines = counting.rank(
        (counting.SeasonLine(pk, names[pk], nights[pk]) for pk in nights), rules_now
    )
    # The season's nights are those played: a night still to come (a bracket dated next
    # week) is no night of the season yet.
    played = [e for e in counted if by_event[e.pk]]
    playing = [e for e in played if not e.is_bracket and not over(e)]
    return Season(club, rules_now, start, end, played, lines, held, public, undecided, playing)


def current_start_year(rules: SeasonRules, today: datetime.date | None = None) -> int:
    today = today or timezone.localdate()
    return counting.season_dates(today, rules.start_month, rules.start_day)[0].year


def season_years(club: Club, rules: SeasonRules) -> list[int]:
    """The start years of the club's seasons, the current first, back to its first event's."""
    current = current_start_year(rules)
    first = club.events.order_by("date").values_list("date", flat=True).first()
    oldest = current if first is None else current_start_year(rules, first)
    return list(range(current, min(oldest, current) - 1, -1))


def dates_of(rules: SeasonRules, year: int) -> tuple[datetime.date, datetime.date]:
    return counting.season_starting(year, rules.start_month, rules.start_day)
