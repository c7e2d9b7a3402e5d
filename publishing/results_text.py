"""The night's results as plain text, for the local paper or the club's Facebook page (issue 43,
point 6): the director copies it from the event page ("Copy the results") and pastes it.

Every figure is the standings' own (tournaments/standings.py `event_standings`, its places as
`fmt_place` writes them, the side awards of `night_prizes`, a bracket's places from its
figures): nothing is counted again here, so the text says what the pages say. Names are the
public pages' (tournaments/hidden.py `hidden_names`, as `for_print` takes them: a player who
asked is shown by initials, their team by its players), since the text is for the public. A
night whose standings are still hidden from players has no text (`points_shown`): posting it
would tell what the players' pages hold back.

How many places: the top 3, and the top 5 from a big night of BIG_NIGHT players or more
(ten tables), where more people look for their name; a place shared at the edge brings in
everyone who shares it. A bracket names its champions and runners-up, as the bracket places
them, and its third place when it played for one.
"""

from django.conf import settings
from django.http import HttpRequest
from django.urls import reverse

from clubs.dates import day
from clubs.text import mask_names
from players.summary import ordinal
from tournaments.hidden import hidden_names
from tournaments.links import public_url
from tournaments.models import Event
from tournaments.projector import points_shown
from tournaments.standings import Standings, event_standings, fmt, fmt_place, night_prizes

from .addresses import event_path
from .models import Link

PLACES = 3
BIG_NIGHT = 40  # players: ten tables
BIG_NIGHT_PLACES = 5

# Said in the card instead of a text, and why.
HIDDEN_NOTE = (
    "The results text appears here once the standings are shown to players: the event hides "
    "them until the last round closes."
)
EMPTY_NOTE = "The results text appears here once the first round has been played."
BRACKET_EMPTY_NOTE = "The results text appears here once the first match has been played."


def _count(n, word: str, plural: str = "") -> str:
    return f"{fmt(n)} {word if n == 1 else plural or word + 's'}"


def _place(line) -> str:
    """ "1st", or a place shared as the standings write it ("2=") in words: "2nd=", as a
    player's page says it (players/summary.py). A bracket's place as its figures word it
    ("3rd", "5th–6th")."""
    if getattr(line, "label", ""):
        return line.label
    shared = fmt_place(line).endswith("=")
    return f"{ordinal(line.place)}{'=' if shared else ''}"


def places_shown(players: int) -> int:
    """How many places the text names for a night of `players` (see the module's docstring)."""
    return BIG_NIGHT_PLACES if players >= BIG_NIGHT else PLACES


def _top(lines: list, players: int) -> list:
    """The lines of the places named, every line sharing the last of them included."""
    last = places_shown(players)
    return [line for line in lines if 0 < line.place <= last]


def _team_name(team, names: dict[int, str], show) -> str:
    """A partnership by its name and, when the director typed one, its players too: "The Aces
    (Ann Smith & Bob Brown)"; an unnamed team's name is its players already. Both as the
    public pages `show` them: a typed name with a hidden player in it is its players."""
    players = show(" & ".join(sorted(names[pk] for pk in team.player_ids if pk in names)))
    name = show(team.name)
    if not players or name == players:
        return name
    return f"{name} ({players})"


def _turnout(standings: Standings) -> str:
    players = len(standings.players)
    if standings.bracket is not None:
        figures = standings.bracket
        teams = len(standings.teams or [])
        return (
            f"{_count(players, 'player')} in {_count(teams, 'team')}, "
            f"{_count(figures.matches_played, 'match', 'matches')} played."
        )
    rounds = _count(len(standings.rounds), "round")
    if standings.is_pairs:
        teams = _count(len(standings.teams), "partnership")
        return f"{_count(players, 'player')} ({teams}), {rounds}."
    return f"{_count(players, 'player')}, {rounds}."


def _places(standings: Standings, show) -> list[str]:
    players = len(standings.players)
    if standings.bracket is not None:
        names = {line.player_id: line.name for line in standings.players}
        titles = {1: "Champions", 2: "Runners-up"}
        return [
            f"{titles.get(team.place, _place(team))}: {_team_name(team, names, show)}"
            # A third place only when played for (a "3rd–4th" is two teams out together).
            for team in standings.teams
            if team.place in titles or (team.place == 3 and not team.shared)
        ]
    if standings.is_pairs:
        names = {line.player_id: line.name for line in standings.players}
        return [
            f"{_place(team)} {_team_name(team, names, show)}: "
            f"{_count(team.games_won, 'game')} won, {_count(team.points_for, 'point')}"
            for team in _top(standings.teams, players)
        ]
    return [
        f"{_place(line)} {line.name}: {_count(line.total, 'point')}"
        for line in _top(standings.players, players)
    ]


def public_address(event: Event, request: HttpRequest | None = None) -> str:
    """The address of the night's public page, for readers at home; "" when there is none to
    give: a club that keeps its results private, or a hall laptop not linked to the club's
    server (its own address works on the hall's Wi-Fi only). A linked laptop gives the
    server's address of the night by its uid (publishing/addresses.py): the server's copy has
    a page number of its own."""
    if not event.club.results_public:
        return ""
    link = Link.objects.filter(club_id=event.club_id).only("server_url").first()
    if link is not None:
        return f"{link.server_url.rstrip('/')}{event_path(event)}"
    if getattr(settings, "HALL", False):
        return ""
    path = reverse("public:event", args=[event.club.slug, event.pk])
    if request is not None:
        return public_url(request, path)
    base = getattr(settings, "PUBLIC_URL", "")
    return f"{base}{path}" if base else ""


def results_text(event: Event, request: HttpRequest | None = None) -> str:
    """The night's results in plain text: the club, the night and its date, the turnout, the
    top places, the side awards won and the public standings' address; "" while there is
    nothing to post (no round played, or the standings hidden from players)."""
    return results_copy(event, request)[0]


def results_copy(event: Event, request: HttpRequest | None = None) -> tuple[str, str]:
    """`results_text`, and when it is "" the card's words saying why: the standings read once."""
    standings = event_standings(event)
    if not standings.rounds:
        return "", BRACKET_EMPTY_NOTE if event.is_bracket else EMPTY_NOTE
    if not points_shown(event, standings):
        return "", HIDDEN_NOTE
    lines = [f"{event.club.name}: {event.name}, {day(event.date, event)}", _turnout(standings)]
    if not standings.final:
        lines.append(standings.status)
    # The public pages' names: a player who asked is shown by initials, their team by players.
    hidden = hidden_names({"club_id": event.club_id}, writers=(str,), event_id=event.pk)

    def show(text: str) -> str:
        return mask_names(text, hidden) if hidden else text

    lines += ["", *_places(standings, show)]
    prizes = night_prizes(event, standings)
    if prizes["awards"]:
        lines += ["", "Side awards, leading so far:" if prizes["so_far"] else "Side awards:"]
        lines += [award.words for award in prizes["awards"]]
    if address := public_address(event, request):
        lines += ["", f"Full standings: {address}"]
    # And every name the awards print, as the public pages' net does under each page.
    return show("\n".join(lines)), ""
