"""The season's pages: the players' race (/c/<club>/season/, no login), the director's season
standings with its CSV and PDF, and the director's settings for how the season counts. Thin:
the numbers come from seasons/season.py, one `Season` for every page; access goes through
`_get_club` alone."""

import io

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import FileResponse, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django_tables2 import RequestConfig

from clubs import edit_locks, roles
from clubs.models import Club, Player
from clubs.roles import Right
from clubs.tables import pages_of
from clubs.text import initials
from tournaments.hidden import for_print
from tournaments.inputs import whole_number
from tournaments.printouts.layout import PAPER, DocInfo
from tournaments.standings_views import csv_response
from tournaments.tables import let_go

from . import printout
from .counting import season_name
from .forms import SeasonDatesForm, SeasonRulesForm
from .models import SeasonRules, rules_for
from .season import Season, dates_of, season_for, season_years
from .tables import season_table

# --- Access: every view below goes through this ---------------------------------------------


def _get_club(
    request: HttpRequest, slug: str, *, director: bool, right: str = Right.RUN_NIGHTS
) -> Club:
    """The one access check of this app's views. A director's page: a club on whose staff the
    user is, whose role has the `right` (else a 403 in words: clubs/roles.py). The players'
    page: a club that shows its results. 404 otherwise, whether or not the club exists."""
    if not director:
        return get_object_or_404(Club.objects.filter(results_public=True), slug=slug)
    return roles.club_for(request, slug, right)


# --- Which season ----------------------------------------------------------------------------


def _chosen(request: HttpRequest, club: Club, rules: SeasonRules) -> tuple[int, list[int]]:
    """The season asked for (?season=<the year it starts>) if the club has it, else the
    current one; and every season the club has, the current first."""
    years = season_years(club, rules)
    asked = whole_number(request.GET.get("season"), low=1, high=9998)
    return (asked if asked in years else years[0]), years


def _choices(rules: SeasonRules, years: list[int]) -> list[tuple[int, str]]:
    return [(year, season_name(*dates_of(rules, year))) for year in years]


# --- The players' page -----------------------------------------------------------------------


def _player_url(slug: str, player_id: int) -> str:
    # By the URL's name: the players' pages use the season, never the reverse.
    return reverse("players:player", args=[slug, player_id])


def public_season(request: HttpRequest, slug: str) -> HttpResponse:
    club = _get_club(request, slug, director=False)
    rules = rules_for(club)
    year, years = _chosen(request, club, rules)
    hidden = set(
        Player.objects.filter(club=club, shown_publicly=False).values_list("pk", flat=True)
    )
    start, end = dates_of(rules, year)
    season = season_for(club, rules, start, end, hidden=hidden, hide=initials, public=True)
    rows = [
        (line, None if line.player_id in hidden else _player_url(club.slug, line.player_id))
        for line in season.lines
    ]
    return render(
        request,
        "seasons/public.html",
        {
            "club": club,
            "season": season,
            "rows": rows,
            "year": year,
            "choices": _choices(rules, years),
            "current": year == years[0],
        },
    )


# --- The director's pages --------------------------------------------------------------------


def _director_season(
    request: HttpRequest, club: Club, *, public: bool = False
) -> tuple[Season, dict]:
    """The season the director asked for: a season by its year, or any dates of their own
    (?start=&end=), as the page, the CSV and the PDF all read it. `public`: for the wall (the
    PDF), a night hiding its standings is left out until its last round closes, as on the
    players' page."""
    rules = rules_for(club)
    year, years = _chosen(request, club, rules)
    start, end = dates_of(rules, year)
    form = SeasonDatesForm(
        request.GET if "start" in request.GET else None, initial={"start": start, "end": end}
    )
    if form.is_bound and form.is_valid():
        start, end = form.cleaned_data["start"], form.cleaned_data["end"]
    season = season_for(club, rules, start, end, public=public)
    context = {
        "club": club,
        "rules": rules,
        "form": form,
        "year": year,
        "choices": _choices(rules, years),
        "own_dates": form.is_bound and form.is_valid(),
    }
    return season, context


def _dates_query(season: Season) -> str:
    return f"start={season.start:%Y-%m-%d}&end={season.end:%Y-%m-%d}"


@login_required
def director_season(request: HttpRequest, slug: str) -> HttpResponse:
    club = _get_club(request, slug, director=True)
    season, context = _director_season(request, club)
    table = season_table(season)
    RequestConfig(request, paginate={"paginator_class": pages_of(100)}).configure(table)
    if request.GET.get("format") == "csv":
        return csv_response(table, f"{club.slug}-season-{season.start}-{season.end}.csv")
    response = render(
        request,
        "seasons/director.html",
        {**context, "season": season, "table": table, "dates_query": _dates_query(season)},
    )
    let_go(table)
    return response


@login_required
def season_pdf(request: HttpRequest, slug: str) -> FileResponse:
    club = _get_club(request, slug, director=True)
    # Printed for the wall: what the players' page shows, no more.
    season, _ = _director_season(request, club, public=True)
    paper = request.GET.get("paper")
    info = DocInfo(
        club=club.name,
        event=f"Season {season.name}",
        date=timezone.localdate(),
        title="Season standings",
        paper=paper if paper in PAPER else club.paper_size,
        date_style=club.date_style,
    )
    # For the wall: players who asked not to be shown are by their initials (not the CSV).
    season, values = for_print((season, list(season_table(season).as_values())), club_id=club.pk)
    content = printout.season_pdf(info, season, values)
    return FileResponse(
        io.BytesIO(content),
        as_attachment=False,
        filename=f"{club.slug}-season-{season.start}-{season.end}.pdf",
        content_type="application/pdf",
    )


@login_required
def season_settings(request: HttpRequest, slug: str) -> HttpResponse:
    club = _get_club(request, slug, director=True, right=Right.CHANGE_SETTINGS)
    rules = rules_for(club)
    form = SeasonRulesForm(request.POST or None, instance=rules)
    # How the season counts is published from the hall's laptop, if it is (clubs/edit_locks.py).
    locked = edit_locks.refusal(club)
    if locked and form.is_bound:
        form.add_error(None, f"Not saved: {locked}")
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, "The season's settings are saved.")
        return redirect("seasons:standings", club.slug)
    status = 400 if form.is_bound else 200
    context = {"club": club, "form": form, "locked": locked}
    return render(request, "seasons/settings.html", context, status=status)
