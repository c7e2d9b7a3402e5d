"""A match score sheet's data: the matches to print, and for each its club, event, date,
table, teams as they sit (the first North-South, its first player captain) and a row a hand.
"""

from dataclasses import dataclass

from brackets import drawing
from brackets.services import Now
from clubs import dates
from tournaments import brackets as engine
from tournaments.models import Entry

from .bracket_data import waiting_words

# --- Match score sheets: the data -----------------------------------------------------------

SEAT_WORDS = {"N": "North", "E": "East", "S": "South", "W": "West"}


@dataclass(frozen=True)
class SheetTeam:
    side: str  # "N-S" or "E-W"
    name: str  # the team, or what the slot waits for ("Winner of W1-2")
    seed: int | None = None
    players: tuple[str, ...] = ()  # seated North then South, or East then West
    seats: tuple[str, str] = ("N", "S")

    def in_words(self) -> str:
        return " ".join(self.parts())

    def parts(self) -> list[str]:
        """ "Team 8:", "Ada Baker (North, captain)", "and", "Ben Carter (South)"; a team named
        by its players, just the players. In parts, so a right-to-left name is put in drawing
        order by itself, never run together with the next name."""
        if not self.players:
            return [self.name]
        parts = [] if set(self.name.split(" & ")) == set(self.players) else [f"{self.name}:"]
        for i, (player, seat) in enumerate(zip(self.players, self.seats, strict=False)):
            if i:
                parts.append("and")
            parts.append(f"{player} ({SEAT_WORDS[seat]}{', captain' if seat == 'N' else ''})")
        return parts


@dataclass(frozen=True)
class MatchSheet:
    club: str
    event: str
    date: str  # "Thu, Nov 26, 2026", as the club writes it (clubs/dates.py)
    code: str
    title: str  # "Match W2-1", "Final"
    label: str  # "Winners' round 2", "Final, if necessary"
    table: int | None
    teams: tuple[SheetTeam, SheetTeam]
    games: int  # 1, or 3: best of three
    game_points: int
    hands: int  # hand rows a game: enough for the longest game without a thrown-in deal
    dealers: tuple[str, ...]  # game 1's dealer for each hand row (the first game starts North)

    @property
    def captain(self) -> str:
        players = self.teams[0].players
        return players[0] if players else ""

    @property
    def games_words(self) -> str:
        if self.games == 1:
            return f"One game to {self.game_points} points"
        return f"Best of three games, each to {self.game_points} points"


def sheet_codes(now: Now, code: str | None = None) -> list[str]:
    """The matches to print: `code` alone, else the matches being played (by table) and those
    ready to call (in the bracket's order). KeyError for a match not in the bracket."""
    if code is not None:
        now.plan.match(code)
        return [code]
    playing = sorted(now.playing(), key=lambda m: (m.table or 0, m.code))
    return [m.code for m in playing] + [s.match.id for s in now.ready_to_call()]


def team_players(now: Now) -> dict[int, tuple[str, ...]]:
    """seed -> the team's players' names, in the order they sit (first North or East): one
    query."""
    by_partnership = {t.partnership_id: seed for seed, t in now.teams.items()}
    found: dict[int, list[str]] = {seed: [] for seed in now.teams}
    entries = Entry.objects.filter(partnership_id__in=by_partnership).order_by("pk")
    for partnership_id, name in entries.values_list("partnership_id", "player__name"):
        found[by_partnership[partnership_id]].append(name)
    return {seed: tuple(names) for seed, names in found.items()}


def _label(match: engine.Match) -> str:
    words = match.label()
    return words[0].upper() + words[1:]


def match_sheets(
    now: Now, codes: list[str], players: dict[int, tuple[str, ...]], game_points: int
) -> list[MatchSheet]:
    """A score sheet for each match of `codes`: its teams as they sit (the first team
    North-South, its first player captain), the table if called, a row a hand."""
    event = now.bracket.event
    hands = 2 * game_points - 1
    sheets = []
    for code in codes:
        state = now.state.matches[code]
        row = now.matches.get(code)
        teams = []
        for i, (slot, seed) in enumerate(zip(state.match.slots, state.teams, strict=True)):
            side, seats = ("N-S", ("N", "S")) if i == 0 else ("E-W", ("E", "W"))
            if seed is None:
                teams.append(SheetTeam(side, waiting_words(slot)))
            else:
                name = drawing.team_name(now, seed)
                teams.append(SheetTeam(side, name, seed, players.get(seed, ()), seats))
        sheets.append(
            MatchSheet(
                club=event.club.name,
                event=event.name,
                date=dates.day(event.date, event),
                code=code,
                title=f"Match {code}" if state.match.side not in ("final", "third") else code,
                label=_label(state.match),
                table=row.table if row is not None and row.called_at else None,
                teams=(teams[0], teams[1]),
                games=now.bracket.best_of,
                game_points=game_points,
                hands=hands,
                dealers=tuple("NESW"[i % 4] for i in range(hands)),
            )
        )
    return sheets
