"""A bracket's figures: each team's place, matches and games, and where the bracket stands.

`bracket_figures` is the one place they are read: the standings (page, CSV, PDF), the season
and each player's page across nights take them through the standings (brackets/receivers.py
registers it), and the bracket's own pages, its projector and its drawing from here. The
rules themselves are the pure engine's (tournaments/brackets/play.py `standings`); this
module only reads what it needs from the database: the bracket's results and the games
played to their end."""

from dataclasses import dataclass

from django.db.models import Sum

from tournaments import brackets as engine
from tournaments.models import Table

from .models import Bracket
from .services import Now, bracket_now


def games_by_match(bracket: Bracket) -> dict[str, list[int]]:
    """Each match's games played to their end and confirmed at the table, as the winning slot
    of each (0: the team seated North-South), in game order: one query. A game in play, or
    one closed when a team withdrew, is no game won by anyone."""
    rows = (
        Table.objects.filter(
            round__bracket_game__match__bracket=bracket, confirmed_at__isnull=False
        )
        .values("round__bracket_game__match__code", "round__bracket_game__number")
        .annotate(ns=Sum("hands__ns_points"), ew=Sum("hands__ew_points"))
        .order_by("round__bracket_game__match__code", "round__bracket_game__number")
    )
    found: dict[str, list[int]] = {}
    for row in rows:
        # A confirmed game is over: its winners are the side that reached the game points,
        # the side with more.
        slot = 0 if (row["ns"] or 0) > (row["ew"] or 0) else 1
        found.setdefault(row["round__bracket_game__match__code"], []).append(slot)
    return found


@dataclass(frozen=True)
class Figures:
    """The bracket's figures: `teams` in standings order (teams still in first, then by
    place), and the same by partnership id for the standings."""

    now: Now
    teams: list[engine.TeamStanding]
    games: dict[str, list[int]]

    # How the standings are ordered, under the page's, the PDF's and the projector's tables.
    ranking = (
        "Ranked by the bracket: the teams still in first (no place yet), then the champions, "
        "the runners-up and each place below; teams put out in the same round share a place "
        "(“5th–6th”), listed by name. Matches and games won are counted, never ranked by."
    )

    @property
    def by_partnership(self) -> dict[int, engine.TeamStanding]:
        return {self.now.teams[t.seed].partnership_id: t for t in self.teams}

    @property
    def order(self) -> dict[int, int]:
        """Partnership id -> its row in the standings (0 first)."""
        return {self.now.teams[t.seed].partnership_id: i for i, t in enumerate(self.teams)}

    @property
    def finished(self) -> bool:
        return self.now.state.finished

    @property
    def matches_played(self) -> int:
        return sum(1 for s in self.now.state.matches.values() if s.status == "done")

    @property
    def walkovers(self) -> int:
        return sum(1 for s in self.now.state.matches.values() if s.status == "walkover")

    @property
    def games_played(self) -> int:
        return sum(len(g) for g in self.games.values())

    @property
    def status(self) -> str:
        """Where the bracket stands, in matches and games (a bracket has no rounds), for the
        standings page, the projector's standings and the PDF."""
        played = f"{_count(self.matches_played, 'match')} ({_count(self.games_played, 'game')})"
        walkovers = f" and {_count(self.walkovers, 'walkover')}" if self.walkovers else ""
        if self.finished:
            return f"Final standings after {played}{walkovers}."
        playing = len(self.now.playing())
        now = f"; {_count(playing, 'match')} being played" if playing else ""
        return (
            f"Standings so far: {played} played{walkovers}{now}. A team still in has no "
            "place yet: its place comes when it goes out or wins."
        )


def _count(n: int, word: str) -> str:
    plural = "es" if word.endswith("ch") else "s"
    return f"{n} {word}{'' if n == 1 else plural}"


def bracket_figures(bracket: Bracket | None) -> Figures | None:
    """The bracket's figures now, or None before its teams are seeded."""
    now = bracket_now(bracket) if bracket is not None else None
    if now is None:
        return None
    games = games_by_match(bracket)
    withdrawn = [seed for seed, t in now.teams.items() if t.withdrawn_at is not None]
    return Figures(now, engine.standings(now.state, games, withdrawn), games)


def event_figures(event) -> Figures | None:
    return bracket_figures(Bracket.objects.filter(event=event).first())
