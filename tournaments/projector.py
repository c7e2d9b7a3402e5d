"""The hall's screen: the seating of the round in play, then the standings, each on screens
that turn by themselves. Shown by the players' projector page (tournaments/public.py) and by
the director's (tournaments/standings_views.py, for a club that keeps its results private too).

Both pages build on this module and it on neither: the caller has already decided who may see
the event (`_get_public_event` or `_get_event_for_user`), and `projector_response` shows it.
What the players' event page shares with the screen lives here too: where everyone sits
(`round_seating`) and whether any points may be shown (`points_shown`).
"""

from dataclasses import dataclass, field

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

import scoring
from clubs.text import name_key
from config.jinja2 import partial

from . import format_pages
from .links import public_reverse
from .models import SEAT_NAMES, Entry, Event, Round, Seat
from .printouts.qr import qr_svg
from .standings import TIE_WORDS, Standings, event_standings, events_standings, night_prizes

PARTNER = {"N": "S", "S": "N", "E": "W", "W": "E"}
# The projector reloads itself this often until the night is over: a table's last hand, or the
# next round's seating, shows within half a minute, and the hall's Wi-Fi is spared.
PROJECTOR_REFRESH_SECONDS = 30


# --- Where everyone sits ---------------------------------------------------------------------


@dataclass
class SeatLine:
    player_id: int
    name: str
    table: int | None = None  # None: sits out this round
    seat: str = ""
    partner: str = ""
    opponents: list[str] = field(default_factory=list)
    # A player who cannot move (Entry.stays): at this table every round, said so by name.
    stays: bool = False


@dataclass
class TableLine:
    number: int
    seats: list[tuple[str, str]]  # (North, "Ada Baker") in N E S W order


def round_seating(round_: Round) -> tuple[list[SeatLine], list[TableLine]]:
    """Everyone in the round by name (table, seat, partner, opponents, or sitting out), and
    the same table by table. Two queries."""
    staying = set(
        Entry.objects.filter(event_id=round_.event_id, stays=True).values_list(
            "player_id", flat=True
        )
    )
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
            line.stays = r["player_id"] in staying
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
    return not hides_standings(event) or standings.final


def hides_standings(event: Event) -> bool:
    """Whether the event is set to hide its standings until its last round closes. Never a
    bracket: who is called to the next match shows who won the last, so its pages show every
    result as it comes (the event form clears the box for a bracket; an older row may have
    it)."""
    return event.standings_hidden and event.format != Event.Format.BRACKET


def held_back(events: list[Event]) -> set[int]:
    """The ids of `events` whose points no public page may show yet (`points_shown`): the
    player's page across nights and the season race leave them out, and every figure built
    on them (places, points, loners, the chart, the rating), until their last round closes.
    Only a night that hides its standings is read (a query or four for them all)."""
    hiding = [e for e in events if hides_standings(e)]
    if not hiding:
        return set()
    return {s.event.pk for s in events_standings(hiding) if not points_shown(s.event, s)}


# --- The screen ------------------------------------------------------------------------------


def _page_seconds(request: HttpRequest) -> int:
    """How long each page of the projector stays up (?seconds=N, 3 to 60; default 12)."""
    asked = request.GET.get("seconds", "")
    if asked.isascii() and asked.isdigit():
        # int() refuses more than 4,300 digits; any number past two digits is the longest.
        digits = asked.lstrip("0")
        return 60 if len(digits) > 2 else max(3, min(int(digits or "0"), 60))
    return 12


def _awards(event: Event, standings: Standings, visible: bool) -> dict:
    """The side awards and the rules they follow (standings.night_prizes), never the prize
    table: the hall's screen shows no money."""
    if not visible:
        return {"awards": [], "award_notes": [], "so_far": False}
    found = night_prizes(event, standings)
    return {key: found[key] for key in ("awards", "award_notes", "so_far")}


def projector_response(request: HttpRequest, event: Event) -> HttpResponse:
    """The hall's screen, for 1920x1080 or 1280x720: big type, no links, the seating of the
    round in play, then the standings, each on screens that turn by themselves
    (static/projector.js) so every player comes up without anyone touching it."""
    if (screen := format_pages.PROJECTORS.get(event.format)) is not None:
        return screen(request, event)  # a bracket's own screens
    latest = event.rounds.order_by("-number").first()
    standings = event_standings(event)
    seats, tables = round_seating(latest) if latest and not latest.is_closed else ([], [])
    visible = points_shown(event, standings)
    players = standings.players if visible else []
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
            # And a player who cannot move finds the table they keep.
            "staying": [(line.table, line.name) for line in seats if line.stays],
            # Not even the status line ("its points so far included") while points are hidden.
            "standings": standings if visible else None,
            "standings_visible": visible,
            "players": players,
            # The screen's two long lists, in Jinja2 (it escapes every name): a tenth of the
            # time Django's templates took for 100 tables and 400 players.
            "table_boxes": partial("public/_projector_tables.jinja", {"tables": tables}),
            "player_rows": partial("public/_projector_players.jinja", {"players": players}),
            "teams": (standings.teams or []) if visible else [],
            **_awards(event, standings, visible),
            "tie_words": TIE_WORDS,
            "page_url": page_url,
            "qr_svg": qr_svg(page_url) if event.club.results_public else "",
            # Between rounds too: the next round's seating comes up as soon as it is seated.
            "refresh": None if standings.final else PROJECTOR_REFRESH_SECONDS,
            "seconds": _page_seconds(request),
        },
    )
