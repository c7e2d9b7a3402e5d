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

The projector's screen, where everyone sits (`round_seating`) and `points_shown` live in
tournaments/projector.py, which the director's projector page shows too; the standings tables
in tournaments/tables.py. These pages build on both, and nothing below imports this module.
"""

from dataclasses import replace
from functools import wraps

from django.db.models import Exists, OuterRef
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse

from clubs.models import Club, Player
from clubs.text import initials, name_key
from config.jinja2 import partial

from . import format_pages
from .hidden import mask_hidden
from .models import Event, Round, Seat
from .prize_pages import prize_table
from .projector import points_shown, projector_response, round_seating
from .standings import (
    TIE_WORDS,
    NightRound,
    PlayerLine,
    event_standings,
    night_prizes,
    player_night,
)
from .tables import let_go, standings_tables

# --- Access: every view below goes through these -----------------------------------------------


def _get_public_club(slug: str) -> Club:
    return get_object_or_404(Club, slug=slug, results_public=True)


def _get_public_event(slug: str, pk: int) -> Event:
    events = Event.objects.select_related("club").filter(club__results_public=True)
    return get_object_or_404(events, club__slug=slug, pk=pk)


# --- Players who asked not to be shown: initials, no link, no page ----------------------------


def hiding_names(view):
    """Every public page of the club with its hidden players' names as initials, whichever
    part of the page printed them (seats, standings, side awards, prizes, partnerships, a
    bracket's teams, the projector). The links to a hidden player's pages are left out where
    they are made (`_player_links`); this is the net under every name."""

    @wraps(view)
    def masked(request: HttpRequest, slug: str, *args, **kwargs) -> HttpResponse:
        # An event's page (its `pk`): the teams of that event; the club's page: of every one.
        event_id = kwargs.get("pk")
        return mask_hidden(view(request, slug, *args, **kwargs), event_id, club__slug=slug)

    return masked


# --- Where everyone sits ---------------------------------------------------------------------


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


def _hidden_ids(event: Event) -> set[int]:
    """The club's players who asked not to be shown on public pages."""
    return set(
        Player.objects.filter(club=event.club_id, shown_publicly=False).values_list("pk", flat=True)
    )


def _player_links(event: Event, standings, hidden: set[int]) -> dict[int, str]:
    """Each player's night, by player id; none for a hidden player (no page to go to)."""
    # One reverse() for the night's 400 players: each costs some 30 µs.
    address = reverse("public:player", args=[event.club.slug, event.pk, 999999999])
    address = address.replace("999999999", "{}")
    return {
        line.player_id: address.format(line.player_id)
        for line in standings.players
        if line.player_id not in hidden
    }


# --- Views -----------------------------------------------------------------------------------

# The club page's name search lists this many; past it, the player types more of their name.
FOUND_AT_MOST = 20


@hiding_names
def club_page(request: HttpRequest, slug: str) -> HttpResponse:
    club = _get_public_club(slug)
    events = list(club.events.order_by("-date", "name")[:30])
    in_play = set(
        Round.objects.filter(event__in=events, status=Round.Status.IN_PLAY).values_list(
            "event_id", flat=True
        )
    )
    # A player finds their own page across nights by name; a hidden player is never found.
    search = request.GET.get("player", "").strip()[:60]
    found = (
        list(
            club.players.filter(shown_publicly=True)
            # Only players who have played: a name on the roster alone is the director's.
            .filter(Exists(Seat.objects.filter(player=OuterRef("pk"), round__event__club=club)))
            .matching(search)
            .order_by("sort_name")[: FOUND_AT_MOST + 1]
        )
        if search
        else []
    )
    more_found = len(found) > FOUND_AT_MOST
    return render(
        request,
        "public/club.html",
        {
            "club": club,
            "events": [(e, e.pk in in_play) for e in events],
            "player_search": search,
            "players_found": found[:FOUND_AT_MOST],
            "more_found": more_found,
        },
    )


@hiding_names
def event_page(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    event = _get_public_event(slug, pk)
    if (page := format_pages.EVENT_PAGES.get(event.format)) is not None:
        return page(request, event)  # a bracket's own page
    latest = event.rounds.order_by("-number").first()
    seating, _ = round_seating(latest) if latest else ([], [])
    standings = event_standings(event)
    hidden = _hidden_ids(event)
    links = _player_links(event, standings, hidden)
    search = request.GET.get("name", "").strip()[:60]
    # A hidden player is found by what the page shows of them, their initials, never by the
    # name they asked not to show: a search for it must not confirm where they sit.
    wanted = name_key(search)
    found = [
        s
        for s in seating
        if wanted in name_key(initials(s.name) if s.player_id in hidden else s.name)
    ]
    seating = [(s, links.get(s.player_id)) for s in found]
    visible = points_shown(event, standings)
    tables = standings_tables(request, standings, links.get, sortable=False) if visible else {}
    response = render(
        request,
        "public/event.html",
        {
            "club": event.club,
            "event": event,
            "round": latest,
            "state": _night_state(event, latest),
            "over": bool(latest and latest.is_closed and latest.number >= event.rounds_planned),
            "seating": seating,
            # Jinja2 escapes every name (autoescape); the list of 400 is its longest part.
            "seat_list": partial("public/_seat_list.jinja", {"seating": seating}),
            "search": search,
            # Not even the status line ("its points so far included") while points are hidden.
            "standings": standings if visible else None,
            "standings_visible": visible,
            **tables,
            **(_public_prizes(event, standings) if visible else {}),
            "tie_words": TIE_WORDS,
        },
    )
    let_go(*tables.values())
    return response


def _public_prizes(event: Event, standings) -> dict:
    """The side awards for everyone; the prize table only if the club shows it to players
    (prize_pages.prize_table, for players: never who paid, never an error)."""
    return {
        **night_prizes(event, standings),
        **prize_table(event, standings, for_players=True),
    }


@hiding_names
def player_page(request: HttpRequest, slug: str, pk: int, player_pk: int) -> HttpResponse:
    event = _get_public_event(slug, pk)
    standings = event_standings(event)
    line, rounds = player_night(event, player_pk, standings)
    if line is None or not Player.objects.filter(pk=player_pk, shown_publicly=True).exists():
        raise Http404("No such player in this event.")
    shown = points_shown(event, standings)
    if not shown:
        # Only the name: the line's totals and tie-breaks stay out of the page's reach.
        line, rounds = PlayerLine(line.player_id, line.name), seating_only(rounds)
    sit_out_rule = event.get_sit_out_rule_display().lower()
    return render(
        request,
        "public/player.html",
        {
            "club": event.club,
            "event": event,
            "line": line,
            "rounds": rounds,
            "points_shown": shown,
            # The shared partial shows points unless told not.
            "night_rounds": partial(
                "tournaments/_night_rounds.jinja",
                {"rounds": rounds, "points_hidden": not shown, "sit_out_rule": sit_out_rule},
            ),
        },
    )


@hiding_names
def projector(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    # A private club's screen is the same 404 as an unknown club's, so nobody learns which
    # clubs exist; the 404 page says, under /c/, that a club may keep its results private.
    return projector_response(request, _get_public_event(slug, pk))
