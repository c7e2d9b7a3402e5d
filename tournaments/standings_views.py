"""The director's standings pages: the event's standings (sortable, CSV, projector) and a
player's night; a club's season lives in seasons/. Numbers come from tournaments/standings.py,
the tables from tournaments/tables.py and the projector's screen from tournaments/projector.py;
access goes through the same `_get_<thing>_for_user` helpers as every other director page."""

import csv
import re

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.text import slugify

from config.jinja2 import partial

from .hidden import mask_hidden
from .models import SEAT_NAMES
from .prize_pages import prize_table
from .projector import points_shown, projector_response
from .standings import (
    TIE_WORDS,
    event_standings,
    missed_header,
    night_prizes,
    player_night,
    sit_out_header,
)
from .tables import (
    StandingsCsvTable,
    TeamStandingsTable,
    let_go,
    player_rows,
    standings_tables,
    table_values,
    team_rows,
)
from .views import _get_event_for_user


def _context(request: HttpRequest, event) -> dict:
    standings = event_standings(event)
    return {
        "event": event,
        "standings": standings,
        **standings_tables(request, standings),
        **night_prizes(event, standings),
        **prize_table(event, standings, for_players=False),
        "tie_words": TIE_WORDS,
        "standings_hidden_now": not points_shown(event, standings),
    }


@login_required
def event_standings_page(request: HttpRequest, pk: int) -> HttpResponse:
    event = _get_event_for_user(request, pk)
    context = _context(request, event)
    response = render(request, "tournaments/standings.html", context)
    let_go(context["players_table"], context["teams_table"])
    return response


@login_required
def event_standings_projector(request: HttpRequest, pk: int) -> HttpResponse:
    """The players' projector screen, for a club that keeps its results private too."""
    event = _get_event_for_user(request, pk)
    # The hall's screen is public whoever opened it: hidden players by their initials.
    return mask_hidden(projector_response(request, event), club_id=event.club_id, event_id=event.pk)


# A cell a spreadsheet would read as a formula starts with one of these (OWASP, "CSV
# Injection"): "=HYPERLINK(...)" as a player's name must not become a live link.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
PLAIN_NUMBER = re.compile(r"-?\d+(\.\d+)?")


def spreadsheet_safe(cell) -> str:
    """The cell as text a spreadsheet shows and never runs: a leading single quote, as OWASP
    advises, before anything that could start a formula. A plain number ("-2", "7.3") is
    left as it is, so points stay numbers."""
    text = "" if cell is None else str(cell)
    if text.startswith(FORMULA_STARTS) and not PLAIN_NUMBER.fullmatch(text):
        return "'" + text
    return text


def csv_response(table, filename: str) -> HttpResponse:
    """The table as shown (same columns, same formatting, same order), as a CSV download.
    The header row is the app's own words ("+/-"), written as they are; only the data cells,
    where a player's name can be anything, go through the formula guard. The values are
    django-tables2's as_values(), read as the PDF reads them (table_values, four times as
    quick over a big night's rows)."""
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    writer = csv.writer(response)
    rows = iter(table_values(table))
    let_go(table)
    writer.writerow(next(rows))
    for row in rows:
        writer.writerow([spreadsheet_safe(cell) for cell in row])
    return response


@login_required
def event_standings_csv(request: HttpRequest, pk: int) -> HttpResponse:
    """A pairs event's CSV is the partnership ranking, its result (?players=1 for the
    players'); a progressive event's, the players'."""
    event = _get_event_for_user(request, pk)
    standings = event_standings(event)
    name = f"{slugify(event.name)}-{event.date:%Y-%m-%d}-standings.csv"
    # A bracket's "rounds" are its games, each played by two teams: no column for each, as
    # on the page (tournaments/tables.py standings_tables).
    rounds = () if event.is_bracket else standings.rounds
    if standings.is_pairs and not request.GET.get("players"):
        table = TeamStandingsTable(
            team_rows(standings),
            rounds=rounds,
            exclude=() if event.is_bracket else ("matches_won",),
        )
        return csv_response(table, name)
    table = StandingsCsvTable(
        player_rows(standings),
        rounds=rounds,
        sat_out_header=sit_out_header(event),
        missed_header=missed_header(event),
    )
    if standings.is_pairs:
        name = name.replace("-standings.csv", "-players.csv")
    return csv_response(table, name)


@login_required
def player_night_page(request: HttpRequest, pk: int, player_pk: int) -> HttpResponse:
    event = _get_event_for_user(request, pk)
    line, rounds = player_night(event, player_pk)
    if line is None:
        # Not a player of this event (or another club's player): nothing to show.
        raise Http404("No such player in this event.")
    sit_out_rule = event.get_sit_out_rule_display().lower()
    return render(
        request,
        "tournaments/standings_player.html",
        {
            "event": event,
            "line": line,
            "rounds": rounds,
            "seat_names": SEAT_NAMES,
            "sit_out_rule": sit_out_rule,
            "night_rounds": partial(
                "tournaments/_night_rounds.jinja",
                {"rounds": rounds, "with_deal": True, "sit_out_rule": sit_out_rule},
            ),
        },
    )
