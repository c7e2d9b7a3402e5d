"""The players' pages: no login, read-only. A club's page lists its events; an event's page
shows where everyone sits in the latest round, the live standings and each player's night;
the projector puts the same on the hall's screen.

Access goes through `_get_public_event` (and `_get_public_club`) alone: a club that keeps its
results private answers 404 here, and an event of another club under this club's address
does too. Nothing here reaches a director's page or a table card's link: the table tokens are
never read by these views.

Whether any points may be shown is decided by `points_shown` alone: an event that hides its
standings until the last round closes shows where everyone sits, with whom and against whom,
but no totals, no round points and no hand on any of these pages until then. The views leave
the points out of what they hand the templates, so no template can show them by mistake.
"""

from dataclasses import dataclass, field, replace

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse

import scoring
from clubs.models import Club

from .links import public_reverse
from .models import SEAT_NAMES, Event, Round, Seat
from .printouts.qr import qr_svg
from .standings import (
    NightRound,
    PlayerLine,
    Standings,
    event_standings,
    night_prizes,
    player_night,
)
from .standings_views import standings_tables
from .text import name_key

PARTNER = {"N": "S", "S": "N", "E": "W", "W": "E"}
# The projector reloads itself this often until the night is over: a table's last hand, or the
# next round's seating, shows within half a minute, and the hall's Wi-Fi is spared.
PROJECTOR_REFRESH_SECONDS = 30


# --- Access: every view below goes through these -----------------------------------------------


def _get_public_club(slug: str) -> Club:
    return get_object_or_404(Club, slug=slug, results_public=True)


def _get_public_event(slug: str, pk: int) -> Event:
    events = Event.objects.select_related("club").filter(club__results_public=True)
    return get_object_or_404(events, club__slug=slug, pk=pk)


# --- Where everyone sits ---------------------------------------------------------------------


@dataclass
class SeatLine:
    player_id: int
    name: str
    table: int | None = None  # None: sits out this round
    seat: str = ""
    partner: str = ""
    opponents: list[str] = field(default_factory=list)


@dataclass
class TableLine:
    number: int
    seats: list[tuple[str, str]]  # (North, "Ada Baker") in N E S W order


def round_seating(round_: Round) -> tuple[list[SeatLine], list[TableLine]]:
    """Everyone in the round by name (table, seat, partner, opponents, or sitting out), and
    the same table by table. One query."""
    rows = list(
        Seat.objects.filter(round=round_).values(
            "player_id", "player__name", "table_id", "table__number", "position"
        )
    )
    at_table: dict[int, dict[str, str]] = {}
    for r in rows:
        if r["table_id"] is not None:
            at_table.setdefault(r["table__number"], {})[r["position"]] = r["player__name"]
    lines = []
    for r in rows:
        line = SeatLine(r["player_id"], r["player__name"])
        if r["table_id"] is not None:
            places = at_table[r["table__number"]]
            side = scoring.side_of(r["position"])
            line.table = r["table__number"]
            line.seat = SEAT_NAMES[r["position"]]
            line.partner = places.get(PARTNER[r["position"]], "")
            line.opponents = [
                places[p] for p in "NESW" if p in places and scoring.side_of(p) != side
            ]
        lines.append(line)
    lines.sort(key=lambda line: name_key(line.name))
    tables = [
        TableLine(number, [(SEAT_NAMES[p], places.get(p, "")) for p in "NESW"])
        for number, places in sorted(at_table.items())
    ]
    return lines, tables


def points_shown(event: Event, standings: Standings) -> bool:
    """Whether the players' pages may show points: totals, places, round points, hands, side
    awards and prizes. Not while an event hides its standings and its last round is still to
    close (bridge clubs hide live ranks so): each player's own hands would add up to their
    total, so the whole ranking could be rebuilt from them."""
    return not event.standings_hidden or standings.final


def seating_only(rounds: list[NightRound]) -> list[NightRound]:
    """A player's rounds with where they sat, partner and opponents, and no points or hands."""
    return [replace(r, hands=[], points=None) for r in rounds]


def _night_state(event: Event, latest: Round | None) -> str:
    """One line on where the night stands, for players."""
    if latest is None:
        return "No round has been seated yet: the seats show here as soon as round 1 is seated."
    if not latest.is_closed:
        return f"Round {latest.number} is in play."
    if latest.number < event.rounds_planned:
        return (
            f"Round {latest.number} has finished. Round {latest.number + 1} is being seated: "
            "reload this page to see your new seat."
        )
    return "The night is over. Thank you for playing!"


def _player_links(event: Event, standings) -> dict[int, str]:
    return {
        line.player_id: reverse("public:player", args=[event.club.slug, event.pk, line.player_id])
        for line in standings.players
    }


# --- Views -----------------------------------------------------------------------------------


def club_page(request: HttpRequest, slug: str) -> HttpResponse:
    club = _get_public_club(slug)
    events = list(club.events.order_by("-date", "name")[:30])
    in_play = set(
        Round.objects.filter(event__in=events, status=Round.Status.IN_PLAY).values_list(
            "event_id", flat=True
        )
    )
    return render(
        request,
        "public/club.html",
        {"club": club, "events": [(e, e.pk in in_play) for e in events]},
    )


def event_page(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    event = _get_public_event(slug, pk)
    latest = event.rounds.order_by("-number").first()
    seating, _ = round_seating(latest) if latest else ([], [])
    standings = event_standings(event)
    links = _player_links(event, standings)
    search = request.GET.get("name", "").strip()[:60]
    found = [s for s in seating if name_key(search) in name_key(s.name)] if search else seating
    visible = points_shown(event, standings)
    tables = standings_tables(request, standings, links.get, sortable=False) if visible else {}
    return render(
        request,
        "public/event.html",
        {
            "club": event.club,
            "event": event,
            "round": latest,
            "state": _night_state(event, latest),
            "over": bool(latest and latest.is_closed and latest.number >= event.rounds_planned),
            "seating": [(s, links.get(s.player_id)) for s in found],
            "search": search,
            # Not even the status line ("its points so far included") while points are hidden.
            "standings": standings if visible else None,
            "standings_visible": visible,
            **tables,
            **(_public_prizes(event, standings) if visible else {}),
        },
    )


def _public_prizes(event: Event, standings) -> dict:
    """The side awards for everyone; the prize table only if the director shows it."""
    found = night_prizes(event, standings)
    if not event.prizes_public:
        found.update(prizes=None, prize_error="")
    return found


def player_page(request: HttpRequest, slug: str, pk: int, player_pk: int) -> HttpResponse:
    event = _get_public_event(slug, pk)
    standings = event_standings(event)
    line, rounds = player_night(event, player_pk, standings)
    if line is None:
        raise Http404("No such player in this event.")
    shown = points_shown(event, standings)
    if not shown:
        # Only the name: the line's totals and tie-breaks stay out of the page's reach.
        line, rounds = PlayerLine(line.player_id, line.name), seating_only(rounds)
    return render(
        request,
        "public/player.html",
        {
            "club": event.club,
            "event": event,
            "line": line,
            "rounds": rounds,
            "points_shown": shown,
            # The shared partial (tournaments/_night_rounds.html) shows points unless told not.
            "points_hidden": not shown,
            "sit_out_rule": event.get_sit_out_rule_display().lower(),
        },
    )


def _page_seconds(request: HttpRequest) -> int:
    """How long each page of the projector stays up (?seconds=N, 3 to 60; default 12)."""
    asked = request.GET.get("seconds", "")
    if asked.isascii() and asked.isdigit():
        # int() refuses more than 4,300 digits; any number past two digits is the longest.
        digits = asked.lstrip("0")
        return 60 if len(digits) > 2 else max(3, min(int(digits or "0"), 60))
    return 12


def projector(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    # A hall's screen left on a private club's address says why it is blank, not "the link
    # may be old". Whether the event exists is not told: the same page for any number.
    if Club.objects.filter(slug=slug, results_public=False).exists():
        return render(request, "public/private.html", status=403)
    return projector_response(request, _get_public_event(slug, pk))


def projector_response(request: HttpRequest, event: Event) -> HttpResponse:
    """The hall's screen, for 1920x1080 or 1280x720: big type, no links, the seating of the
    round in play, then the standings, each on screens that turn by themselves
    (static/projector.js) so every player comes up without anyone touching it."""
    latest = event.rounds.order_by("-number").first()
    standings = event_standings(event)
    seats, tables = round_seating(latest) if latest and not latest.is_closed else ([], [])
    visible = points_shown(event, standings)
    page_url = public_reverse(request, "public:event", event.club.slug, event.pk)
    return render(
        request,
        "public/projector.html",
        {
            "club": event.club,
            "event": event,
            "round": latest,
            "tables": tables,
            # Players sitting out look for their name too: they find it beside the tables.
            "sitting_out": [line.name for line in seats if line.table is None],
            # Not even the status line ("its points so far included") while points are hidden.
            "standings": standings if visible else None,
            "standings_visible": visible,
            "players": standings.players if visible else [],
            "teams": (standings.teams or []) if visible else [],
            "awards": night_prizes(event, standings)["awards"] if visible else [],
            "page_url": page_url,
            "qr_svg": qr_svg(page_url) if event.club.results_public else "",
            # Between rounds too: the next round's seating comes up as soon as it is seated.
            "refresh": None if standings.final else PROJECTOR_REFRESH_SECONDS,
            "seconds": _page_seconds(request),
        },
    )
