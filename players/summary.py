"""A player's nights added up, and drawn: plain Python, no Django, so each rule is tested by
value. players/nights.py gathers the nights (each one the night's own standings line);
everything a player's page says about them across nights is worked out here."""

from __future__ import annotations

import datetime
from collections import defaultdict
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from typing import NamedTuple

# A partner's or an opponent's average is shown from this many rounds together: fewer say
# more about the cards than about the pair.
MIN_ROUNDS_TOGETHER = 3


class RoundPlayed(NamedTuple):
    """One round at a table: the partner (None at a table of three), the opponents, and the
    points the player's side scored. A tuple: a player of 250 nights has 2,000 of them."""

    partner: int | None
    opponents: tuple[int, ...]
    points: Decimal


@dataclass
class Night:
    """One night as its standings left it."""

    event_id: int
    event_name: str
    date: datetime.date
    place: int
    shared: bool
    of: int  # players, or teams in a pairs event
    teams: bool  # `of` counts teams
    points: Decimal
    lone_made: int
    euchred: int
    # A bracket night: the team's place in the bracket's own words ("1st", "5th–6th", "still
    # in": place 0 then, no place yet and no night won).
    bracket: str = ""
    # The night hides its standings and its last round is still to close
    # (tournaments/projector.py held_back): listed, but no figure of it shows or counts.
    held: bool = False
    rounds: list[RoundPlayed] = field(default_factory=list)
    # A night with a round still to play (seasons/nights.py `over`): its place is only where
    # the player stands so far, after `seated` of `planned` rounds (the last of them in play
    # if `in_play`), and counts once the night is over.
    so_far: bool = False
    seated: int = 0
    planned: int = 0
    in_play: bool = False

    @property
    def placed(self) -> bool:
        """A place to count: not a bracket the team is still in, nor a night still played."""
        return self.place > 0 and not self.so_far

    @property
    def won(self) -> bool:
        return self.placed and self.place == 1


@dataclass(frozen=True)
class Totals:
    nights: int
    wins: int
    average_place: Decimal | None
    best: Night | None  # the most points in a night; the latest of equals
    loners: int


def one_decimal(value: Decimal) -> Decimal:
    return value.quantize(Decimal("0.1"), ROUND_HALF_UP)


def totals(nights: list[Night]) -> Totals:
    """Nights played, nights won (first place, shared or not), the average place (of the nights
    with a place: not a bracket still being played, nor a night with a round to play), the
    best night (most points, of the nights over: a night's points so far are not its points)
    and the loners made (each one made, whatever the rest of the night brings)."""
    if not nights:
        return Totals(0, 0, None, None, 0)
    placed = [n for n in nights if n.placed]
    average = one_decimal(Decimal(sum(n.place for n in placed)) / len(placed)) if placed else None
    finished = [n for n in nights if not n.so_far]
    best = max(finished, key=lambda n: (n.points, n.date, n.event_id)) if finished else None
    return Totals(
        nights=len(nights),
        wins=sum(1 for n in nights if n.won),
        average_place=average,
        best=best,
        loners=sum(n.lone_made for n in nights),
    )


@dataclass(frozen=True)
class Together:
    """Rounds played with (or against) one player, and the points per round in them."""

    player_id: int
    rounds: int
    points: Decimal

    @property
    def average(self) -> Decimal | None:
        """Points per round, to one decimal; None under MIN_ROUNDS_TOGETHER rounds."""
        if self.rounds < MIN_ROUNDS_TOGETHER:
            return None
        return one_decimal(self.points / self.rounds)


def _most_first(counts: dict[int, list]) -> list[Together]:
    found = [Together(pk, rounds, points) for pk, (rounds, points) in counts.items()]
    # Most rounds first; then the better average; then by id, so the order never wavers.
    return sorted(found, key=lambda t: (-t.rounds, -(t.points / t.rounds), t.player_id))


def partners(nights: list[Night]) -> list[Together]:
    """Everyone the player partnered, most rounds first, with the player's side's points per
    round with them."""
    counts: dict[int, list] = defaultdict(lambda: [0, Decimal(0)])
    for night in nights:
        for r in night.rounds:
            if r.partner is not None:
                counts[r.partner][0] += 1
                counts[r.partner][1] += r.points
    return _most_first(counts)


def opponents(nights: list[Night]) -> list[Together]:
    """Everyone the player played against, most rounds first, with the player's side's points
    per round against them."""
    counts: dict[int, list] = defaultdict(lambda: [0, Decimal(0)])
    for night in nights:
        for r in night.rounds:
            for pk in r.opponents:
                counts[pk][0] += 1
                counts[pk][1] += r.points
    return _most_first(counts)


# --- Places in words ---------------------------------------------------------------------------


def ordinal(n: int) -> str:
    suffix = "th" if n % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def place_words(night: Night) -> str:
    """ "3rd of 40", "1st= of 12 teams"; a bracket night as the bracket words its place:
    "5th–6th of 6 teams", "still in the bracket (8 teams)": no place yet; a night with a
    round to play as where the player stands: "1st so far, after 4 of 8 rounds"."""
    if night.so_far:
        place = f"{ordinal(night.place)}{'=' if night.shared else ''} so far"
        if night.in_play:
            return f"{place}, round {night.seated} of {night.planned} in play"
        return f"{place}, after {night.seated} of {night.planned} rounds"
    if night.bracket == "still in":
        return f"still in the bracket ({night.of} teams)"
    if night.bracket:
        return f"{night.bracket} of {night.of} teams"
    shared = "=" if night.shared else ""
    unit = " teams" if night.teams else ""
    return f"{ordinal(night.place)}{shared} of {night.of}{unit}"
