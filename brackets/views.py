"""The director's bracket pages: settings and seeding, then calling matches to tables,
resets and withdrawals. Thin: each validates a form and calls a service."""

import re

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from clubs import roles
from clubs.roles import Right, staff_role
from tournaments import edit_locks
from tournaments.models import Event, Table
from tournaments.services import ActionRefused

from . import drawing, public_views, services
from .forms import (
    BracketSettingsForm,
    CallForm,
    DrawForm,
    OrderForm,
    ResetForm,
    StandingsSeedForm,
    WithdrawForm,
)
from .models import Bracket, Match


def _get_bracket_for_user(request: HttpRequest, pk: int, right: str = Right.RUN_NIGHTS) -> Bracket:
    """The bracket of event `pk`, if the user is on its club's staff: 404 otherwise, and for
    an event that is not a bracket; a 403 in words if the user's role lacks the `right`
    (clubs/roles.py). The one access check of this app's views."""
    events = Event.objects.directed_by(request.user).filter(format=Event.Format.BRACKET)
    events = events.annotate(staff_role=staff_role(request.user, "club"))
    event = get_object_or_404(events.select_related("club"), pk=pk)
    roles.allow(request, event.staff_role, right)
    # A bracket published from the hall's laptop is changed there: a post here is refused.
    edit_locks.refuse_writes(request, event)
    return services.bracket_for(event)


def _source_events(bracket: Bracket):
    """The club's pairs events that have played (a bracket's qualifying rounds)."""
    return (
        Event.objects.for_club(bracket.event.club_id)
        .filter(format=Event.Format.PAIRS, rounds__isnull=False)
        .exclude(pk=bracket.event_id)
        .distinct()
        .order_by("-date", "name")
    )


def _page(request: HttpRequest, bracket: Bracket, status: int = 200, **forms) -> HttpResponse:
    event = bracket.event
    now = services.bracket_now(bracket)
    started = now is not None and any(m.called_at for m in now.matches.values())
    teams = list(event.partnerships.order_by("pk"))
    context = {"event": event, "bracket": bracket, "now": now, "started": started, "teams": teams}
    context["state"] = public_views.state_words(now)
    if not started:
        # The format and the seeding change only until the first match is called.
        context.update(
            settings_form=forms.get("settings_form") or BracketSettingsForm(instance=bracket),
            draw_form=forms.get("draw_form") or DrawForm(),
            order_form=forms.get("order_form") or OrderForm(teams=teams),
            standings_form=forms.get("standings_form")
            or StandingsSeedForm(events=_source_events(bracket)),
            # Directors always see the ratings, whether or not the club shows them to players.
            rated_teams=services.teams_by_rating(event),
            new_rating=services.ratings.engine.NEW.shown,
        )
    if now is not None:
        columns = drawing.drawing(now)
        context["drawing"] = drawing.html(columns, double=bracket.kind == Bracket.Kind.DOUBLE)
        boxes = {b.code: b for column in columns for b in column.boxes}
        tables = _game_tables(bracket)
        for code, found in tables.items():
            boxes[code].games = found
        ready = [boxes[s.match.id] for s in now.ready_to_call()]
        # Each ready match its own free table, the lowest first: calling them in turn
        # fills the room from table 1.
        for box, table in zip(ready, services.free_tables(event, len(ready)), strict=True):
            box.free_table = table
        # The matches a reset may name, each with its teams: "W1-2: Aces against Bowers".
        called = [
            (m.code, f"{boxes[m.code].title}: {_against(boxes[m.code])}")
            for m in now.matches.values()
            if m.called_at
        ]
        seeded_ids = {t.partnership_id for t in now.teams.values()}
        context.update(
            columns=columns,
            decided=[b for b in boxes.values() if b.status == "done"],
            called=called,
            teams_in=[]
            if now.state.finished
            else [t for t in now.teams.values() if not t.withdrawn_at],
            playing=[boxes[m.code] for m in now.playing()],
            ready=ready,
            waiting=[b for b in boxes.values() if b.status == "waiting"],
            placings=drawing.placings(now),
            seeded=list(now.teams.values()),
            unseeded=[t for t in teams if t.pk not in seeded_ids],
        )
    return render(request, "brackets/bracket.html", context, status=status)


def _game_tables(bracket: Bracket) -> dict[str, list[tuple[int, str]]]:
    """Each called match's games as (game number, its table page's address): where the
    director reads and corrects its hands."""
    # One reverse() for them all: a 128-team bracket links 250 games, 6 ms of look-ups.
    address = reverse("tournaments:table-detail", args=[0]).replace("/0/", "/{}/")
    found: dict[str, list[tuple[int, str]]] = {}
    rows = Table.objects.filter(round__bracket_game__match__bracket=bracket).values_list(
        "round__bracket_game__match__code", "round__bracket_game__number", "pk"
    )
    for code, number, pk in sorted(rows):
        found.setdefault(code, []).append((number, address.format(pk)))
    return found


@login_required
def bracket_page(request: HttpRequest, pk: int) -> HttpResponse:
    return _page(request, _get_bracket_for_user(request, pk))


def _save_format(request: HttpRequest, bracket: Bracket) -> HttpResponse | None:
    """Save the format as posted; a response when that is refused (the page again, saying why),
    else None. A bracket already seeded is seeded again in the same order, its matches made
    for the new format (services.bracket_format_save: all or nothing)."""
    if bracket.matches.filter(called_at__isnull=False).exists():
        # Before the form: once started the page has no settings form to show errors on.
        messages.error(request, services.FORMAT_STANDS)
        return redirect("brackets:bracket", pk=bracket.event_id)
    form = BracketSettingsForm(request.POST, instance=bracket)
    if not form.is_valid():
        return _page(request, bracket, status=400, settings_form=form)
    try:
        services.bracket_format_save(bracket=bracket, **form.cleaned_data)
    except ActionRefused as exc:
        messages.error(request, exc.message)
        return redirect("brackets:bracket", pk=bracket.event_id)
    return None


@login_required
@require_POST
def bracket_settings(request: HttpRequest, pk: int) -> HttpResponse:
    bracket = _get_bracket_for_user(request, pk)
    refused = _save_format(request, bracket)
    if refused is not None:
        return refused
    messages.success(request, "Bracket settings saved.")
    return redirect("brackets:bracket", pk=pk)


@login_required
@require_POST
def bracket_seed(request: HttpRequest, pk: int) -> HttpResponse:
    """Seed by a draw, by the director's order, by another event's standings or by the
    players' ratings."""
    bracket = _get_bracket_for_user(request, pk)
    how = request.POST.get("how")
    if "kind" in request.POST:
        # The page's one form: the format as ticked is saved first, so a draw is never made
        # for a format the director changed but did not save.
        refused = _save_format(request, bracket)
        if refused is not None:
            return refused
        bracket.refresh_from_db()
        if how == "format":
            messages.success(request, "Bracket settings saved.")
            return redirect("brackets:bracket", pk=pk)
    teams = list(bracket.event.partnerships.order_by("pk"))
    try:
        if how == "order":
            form = OrderForm(request.POST, teams=teams)
            if not form.is_valid():
                return _page(request, bracket, status=400, order_form=form)
            services.bracket_seed(bracket=bracket, order=form.cleaned_data["order"])
            bracket.seeding = Bracket.Seeding.ORDER
        elif how == "standings":
            form = StandingsSeedForm(request.POST, events=_source_events(bracket))
            if not form.is_valid():
                return _page(request, bracket, status=400, standings_form=form)
            services.bracket_seed_from_standings(
                bracket=bracket, source=form.cleaned_data["source"], top=form.cleaned_data["top"]
            )
            bracket.seeding = Bracket.Seeding.STANDINGS
        elif how == "rating":
            services.bracket_seed_by_rating(bracket=bracket)
            bracket.seeding = Bracket.Seeding.RATING
        else:
            form = DrawForm(request.POST)
            if not form.is_valid():
                return _page(request, bracket, status=400, draw_form=form)
            services.bracket_seed(bracket=bracket, draw_number=form.cleaned_data["draw_number"])
            bracket.seeding = Bracket.Seeding.DRAW
    except ActionRefused as exc:
        messages.error(request, exc.message)
        return redirect("brackets:bracket", pk=pk)
    bracket.save(update_fields=["seeding"])
    bracket.refresh_from_db()
    if bracket.seeding == Bracket.Seeding.DRAW:
        messages.success(request, f"Teams drawn: draw number {bracket.draw_number}.")
    else:
        messages.success(request, "Teams seeded.")
    return redirect("brackets:bracket", pk=pk)


# A match's id in the plan: "W1-1", "L12-3", "F2", "3P", "C1-2".
MATCH_CODE = re.compile(r"[A-Z0-9]{1,3}(-[0-9]{1,3})?")


def _against(box: drawing.Box) -> str:
    return " against ".join(line.name for line in box.lines)


def _called_words(code: str) -> str:
    """A match as the message after calling it names it: the finals by name."""
    named = {"F1": "The final", "F2": "The second final", "3P": "The match for third place"}
    return f"{named[code]} ({code})" if code in named else f"Match {code}"


def _match(bracket: Bracket, code: str) -> Match:
    # Checked before the database sees it: PostgreSQL refuses a NUL byte in text outright.
    if not MATCH_CODE.fullmatch(code):
        raise Http404("No such match.")
    return get_object_or_404(Match, bracket=bracket, code=code)


@login_required
@require_POST
def match_call(request: HttpRequest, pk: int, code: str) -> HttpResponse:
    bracket = _get_bracket_for_user(request, pk)
    match = _match(bracket, code)
    form = CallForm(request.POST)
    if not form.is_valid():
        messages.error(request, f"Match {match.code}: {form.errors['table'][0]}")
        return redirect("brackets:bracket", pk=pk)
    try:
        services.match_call(bracket=bracket, code=match.code, table=form.cleaned_data["table"])
    except ActionRefused as exc:
        messages.error(request, exc.message)
    else:
        messages.success(
            request,
            f"{_called_words(match.code)} called to table {form.cleaned_data['table']}: "
            f"table card {form.cleaned_data['table']} opens it.",
        )
    return redirect("brackets:bracket", pk=pk)


def _called_codes(bracket: Bracket) -> list[str]:
    return list(
        bracket.matches.filter(called_at__isnull=False)
        .order_by("pk")
        .values_list("code", flat=True)
    )


def _teams_in(bracket: Bracket):
    return bracket.teams.filter(withdrawn_at__isnull=True).select_related("partnership")


def _first_error(form) -> str:
    return next(iter(form.errors.values()))[0]


@login_required
@require_POST
def match_reset(request: HttpRequest, pk: int) -> HttpResponse:
    # A reset clears the match's hands and games: a director's, as deleting anything is.
    bracket = _get_bracket_for_user(request, pk, Right.DELETE)
    form = ResetForm(request.POST, codes=_called_codes(bracket))
    if not form.is_valid():
        messages.error(request, f"No match reset: {_first_error(form)}")
        return redirect("brackets:bracket", pk=pk)
    match = _match(bracket, form.cleaned_data["match"])
    try:
        services.match_reset(match=match, reason=form.cleaned_data["reason"])
    except ActionRefused as exc:
        messages.error(request, exc.message)
    else:
        messages.success(
            request,
            f"Match {match.code} reset: its hands are cleared, and it is ready to call again.",
        )
    return redirect("brackets:bracket", pk=pk)


@login_required
@require_POST
def team_withdraw(request: HttpRequest, pk: int) -> HttpResponse:
    bracket = _get_bracket_for_user(request, pk)
    form = WithdrawForm(request.POST, teams=_teams_in(bracket))
    if not form.is_valid():
        messages.error(request, f"No team withdrawn: {_first_error(form)}")
        return redirect("brackets:bracket", pk=pk)
    team = form.cleaned_data["team"]
    try:
        services.team_withdraw(team=team, reason=form.cleaned_data["reason"])
    except ActionRefused as exc:
        messages.error(request, exc.message)
    else:
        messages.success(
            request,
            f"{team.partnership} withdrew: they forfeit their next match and every later one.",
        )
    return redirect("brackets:bracket", pk=pk)
