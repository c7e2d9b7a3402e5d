"""A player's page across the club's nights: /c/<club>/players/<id>/, no login, read-only.

Access goes through `_get_public_player` alone: a club that keeps its results private, a
player who asked not to be shown on public pages, and a player of another club under this
club's address are all the same 404, so none of them is told apart."""

import functools

from django.db.models import Exists, OuterRef
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe

from clubs import dates
from clubs.models import MergedPlayer, Player
from clubs.text import initials
from ratings import services as ratings
from seasons.models import rules_for
from seasons.season import current_start_year, dates_of
from tournaments.models import Seat
from tournaments.standings import fmt

from . import summary
from .chart import chart
from .nights import player_nights

# How many partners and opponents the page lists (most rounds together first).
LISTED = 10


def _public_players():
    # Only a player who has played: a name on the roster alone is the director's to see.
    played = Seat.objects.filter(player=OuterRef("pk"), round__event__club=OuterRef("club"))
    return Player.objects.select_related("club").filter(
        Exists(played), club__results_public=True, shown_publicly=True
    )


def _get_public_player(slug: str, player_pk: int) -> Player:
    return get_object_or_404(_public_players(), club__slug=slug, pk=player_pk)


def _merged_into(slug: str, player_pk: int) -> Player | None:
    """The player `player_pk` was merged into (clubs.services.player_merge), if their page is
    one anybody may see, as _get_public_player decides it; else None (the page's 404)."""
    into = (
        MergedPlayer.objects.filter(club__slug=slug, old_id=player_pk)
        .values_list("into_id", flat=True)
        .first()
    )
    if into is None:
        return None
    return _public_players().filter(club__slug=slug, pk=into).first()


def _rating(player: Player, held: list[summary.Night]) -> dict:
    """The player's rating now and after each night, if the club shows ratings to players.
    While a night of theirs hides its standings (`held`), the rating as it stood before that
    night: each closed round moves it, so a rating with the night's rounds in it would tell
    how the night is going. It moves on when the night's standings show."""
    if not player.club.ratings_shown:
        return {}  # the club shows ratings to its directors only
    points = ratings.rating_history(player)
    if held:
        first = min((n.date, n.event_id) for n in held)
        points = [p for p in points if (p.date, p.event_id) < first]
        if not points:
            return {}  # rated only by the night still hidden: no rating yet
        last = points[-1]
        shown = ratings.Shown(last.value, last.provisional, last.rounds)
    else:
        shown = ratings.shown_rating(player)
        if shown is None:
            return {}
    history = {p.event_id: p for p in points}
    return {"rating": shown, "meaning": ratings.RATING_MEANING, "history": history}


def _names(ids: set[int]) -> dict[int, tuple[str, str | None]]:
    """Each player's name as public pages show it, and their page's id (None: hidden)."""
    found = {}
    for pk, name, shown in Player.objects.filter(pk__in=ids).values_list(
        "pk", "name", "shown_publicly"
    ):
        found[pk] = (name, pk) if shown else (initials(name), None)
    return found


def _listed(together: list[summary.Together], names) -> list[dict]:
    return [
        {
            "name": names.get(t.player_id, ("?", None))[0],
            "pk": names.get(t.player_id, ("?", None))[1],
            "rounds": t.rounds,
            "average": fmt(t.average) if t.average is not None else "",
        }
        for t in together[:LISTED]
    ]


def _count(n, word: str) -> str:
    return f"{fmt(n)} {word}{'' if n == 1 else 's'}"


def _night_rows(nights: list[summary.Night], slug: str, style: str) -> list[dict]:
    """Each night's words, ready for templates/players/_nights.jinja."""
    # One reverse() for 250 events' addresses: each costs some 30 µs.
    address = reverse("public:event", args=[slug, 999999999]).replace("999999999", "{}")
    return [
        {
            "event_id": n.event_id,
            "url": address.format(n.event_id),
            "when": dates.day(n.date, style),
            "name": n.event_name,
            "held": n.held,
        }
        if n.held
        else {
            "event_id": n.event_id,
            "url": address.format(n.event_id),
            "when": dates.day(n.date, style),
            "name": n.event_name,
            "place": summary.place_words(n),
            "points": _count(n.points, "point"),
            "loners": _count(n.lone_made, "loner") + " made",
            "euchred": f"euchred {_count(n.euchred, 'time')} as makers",
        }
        for n in nights
    ]


def _jinja(template: str, context: dict) -> str:
    # Jinja2 escapes every name (autoescape); a night list of 250 is 6 times quicker so.
    return mark_safe(render_to_string(template, context, using="jinja2"))


def player_page(request: HttpRequest, slug: str, player_pk: int) -> HttpResponse:
    try:
        player = _get_public_player(slug, player_pk)
    except Http404:
        # A merged player's old address (a bookmark, a link sent round) leads to the kept one;
        # looked up only when the page is not there, so a page shown costs no query more.
        kept = _merged_into(slug, player_pk)
        if kept is not None:
            return redirect("players:player", slug=slug, player_pk=kept.pk)
        raise
    club = player.club
    listed = player_nights(player)
    # A night hiding its standings is listed, and nothing else of it: no place, points,
    # loners or euchres, no part of the totals, partners' averages, chart or rating.
    held = [n for n in listed if n.held]
    nights = [n for n in listed if not n.held]
    # "This season" as the club's season race counts it (a fall–spring season, say).
    rules = rules_for(club)
    start, end = dates_of(rules, current_start_year(rules))
    season = [n for n in nights if start <= n.date <= end]
    partners, opponents = summary.partners(nights), summary.opponents(nights)
    names = _names({t.player_id for t in [*partners[:LISTED], *opponents[:LISTED]]})
    rating = _rating(player, held)
    oldest_first = nights[::-1]
    # A bracket still being played, or a night with a round to play, has no place yet: no
    # dot for it.
    placed = [n for n in oldest_first if n.placed]
    words = [summary.place_words(n) for n in placed]
    history = rating.get("history")
    rated = [history[n.event_id] for n in oldest_first if n.event_id in history] if history else []
    drawn = chart(
        [(n.date, n.place, n.of) for n in placed],
        [(p.date, p.value) for p in rated] or None,
        words,
        functools.partial(dates.day, who=club),
    )
    return render(
        request,
        "players/player.html",
        {
            "club": club,
            "player": player,
            "nights": listed,
            "nights_html": _jinja(
                "players/_nights.jinja",
                {"nights": _night_rows(listed, club.slug, club.date_style)},
            ),
            # A night with a round to play: listed "so far", no part of the totals yet.
            "so_far": [n for n in nights if n.so_far],
            "season": summary.totals(season),
            "season_start": start,
            "all_time": summary.totals(nights),
            "partners": _listed(partners, names),
            "opponents": _listed(opponents, names),
            "min_rounds": summary.MIN_ROUNDS_TOGETHER,
            "rating": rating.get("rating"),
            "rating_meaning": rating.get("meaning", ""),
            "chart_html": _jinja("players/_chart.jinja", {"c": drawn}) if drawn else "",
        },
    )
