"""The players' bracket page, at the event's public address (/c/<club>/events/<pk>/): what is
playing, what is next, the bracket drawn, and the places settled. No login: the event reaches
here through tournaments/public.py's access check (format_pages.EVENT_PAGES)."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tournaments.models import Event
from tournaments.prize_pages import prize_table
from tournaments.standings import event_standings

from . import drawing, services
from .models import Bracket


def state_words(now: services.Now | None) -> str:
    """Where the bracket stands, in one line for players and the hall."""
    if now is None:
        return "The bracket is being drawn: the matches show here as soon as the teams are seeded."
    if now.state.finished:
        champion = drawing.team_name(now, now.state.champion)
        return f"The bracket is over: {champion} won. Thank you for playing!"
    playing = len(now.playing())
    ready = len(now.ready_to_call())
    said = []
    if playing:
        said.append(f"{playing} match{'es are' if playing > 1 else ' is'} being played.")
    if ready:
        # Ready is not called: the director calls each to a table (the table card opens it).
        said.append(
            f"{ready} match{'es are' if ready > 1 else ' is'} ready, waiting for the director "
            f"to call {'them' if ready > 1 else 'it'} to a table."
        )
    if not said:
        said.append("The next matches wait for the matches before them.")
    return " ".join(said)


def event_page(request: HttpRequest, event: Event) -> HttpResponse:
    bracket = services.bracket_for(event)
    now = services.bracket_now(bracket)
    context = {"club": event.club, "event": event, "bracket": bracket, "now": now}
    context["state"] = state_words(now)
    if now is not None:
        columns = drawing.drawing(now)
        context["drawing"] = drawing.html(columns, double=bracket.kind == Bracket.Kind.DOUBLE)
        boxes = {b.code: b for column in columns for b in column.boxes}
        context.update(
            columns=columns,
            playing=[boxes[m.code] for m in now.playing()],
            ready=[boxes[s.match.id] for s in now.ready_to_call()],
            placings=drawing.placings(now),
        )
        # The prize table, when the club shows it to players (the money app's ledger).
        context.update(prize_table(event, event_standings(event), for_players=True))
    return render(request, "brackets/public.html", context)
