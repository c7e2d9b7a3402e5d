"""What a results mail says: each figure from the functions the pages use, never worked out
again here. The place and points are the player's page's (players/: the night's kept
standings line, `place_words`); the side awards are the standings page's (`night_prizes`)."""

from __future__ import annotations

from dataclasses import dataclass

from django.urls import reverse

from clubs import dates
from players.nights import _night
from players.summary import place_words
from seasons.nights import read, with_in_play
from tournaments.models import Event
from tournaments.projector import points_shown
from tournaments.standings import Standings, event_standings, fmt, night_prizes


@dataclass(frozen=True)
class Result:
    """One player's night, as their mail words it."""

    event_name: str
    club_name: str
    when: str
    place: str  # "3rd of 24", "1st= of 12 teams"
    points: str  # "42 points"
    awards: tuple[str, ...]  # "Most loners (3 loners)", "High night (45 points, shared)"
    standings_url: str  # "" for a club that keeps its results to itself


@dataclass(frozen=True)
class Night:
    """The night's standings, read once for every player's mail."""

    event: Event
    standings: Standings
    lines: dict  # player id: the night's line (seasons.nights.read), as the players' page reads
    prizes: dict

    @property
    def mailable(self) -> bool:
        """The night is over (its standings final: a mail goes once, so never "so far") and
        its points may be shown (never while it hides its standings: a night hiding them
        shows them once final, so the mails go with the publish that makes it so)."""
        return self.standings.final and points_shown(self.event, self.standings)


def read_night(event: Event) -> Night:
    event = with_in_play(Event.objects.filter(pk=event.pk).select_related("club")).get()
    standings = event_standings(event)
    lines = read([event]).get(event.pk, {})
    return Night(event, standings, lines, night_prizes(event, standings))


def _awards_won(night: Night, player_id: int) -> tuple[str, ...]:
    """The side awards the player won, as the standings page words them: a player's by their
    name on the standings, a partnership's (pairs) by their team's."""
    own = {line.name for line in night.standings.players if line.player_id == player_id}
    for team in night.standings.teams or ():
        if player_id in team.player_ids:
            own.add(team.name)
    won = []
    for award in night.prizes["awards"]:
        if own & set(award.winners):
            detail = award.detail + (", shared" if award.tied else "")
            won.append(f"{award.title} ({detail})")
    return tuple(won)


def result_for(night: Night, player_id: int, base_url: str) -> Result | None:
    """The player's result of the night, or None if they have no line in it."""
    line = night.lines.get(player_id)
    if line is None:
        return None
    event = night.event
    row = {
        "pk": event.pk,
        "name": event.name,
        "date": event.date,
        "format": event.format,
        "in_play": event.in_play,
        "rounds_seated": event.rounds_seated,
        "rounds_planned": event.rounds_planned,
    }
    words = _night(line, row, held=False)
    club = event.club
    url = ""
    if club.results_public:
        # A private club's pages are its directors': the mail carries the result alone.
        url = base_url + reverse("public:event", args=[club.slug, event.pk])
    points = fmt(words.points)
    return Result(
        event_name=event.name,
        club_name=club.name,
        when=dates.day(event.date, club),
        place=place_words(words),
        points=f"{points} point{'' if words.points == 1 else 's'}",
        awards=_awards_won(night, player_id),
        standings_url=url,
    )
